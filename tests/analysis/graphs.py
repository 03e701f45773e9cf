"""A hand-built graph with known cycles, hubs, a god class, dead code and uncertain edges.

Built from the model directly, so the expectations below do not move when the resolver
improves. Layout (``->`` is a resolved dependency):

    app/a.py::run      -> core/util.py::helper, app/b.py::b_fn, core/model.py::Model.save
    app/a.py           -> app/b.py (imports);  app/b.py -> app/a.py (imports)      module cycle a <-> b
    app/b.py::b_fn     -> core/util.py::helper
    core/model.py::Model.save -> helper, b_fn                                      package cycle app <-> core
    core/model.py::Model.load -> ext/plug.py::Plugin.go
    ext/plug.py::Plugin.go    -> helper;  ext/plug.py::Special inherits Model inherits Base
    helper: fan-in 4 (run, b_fn, Model.save, Plugin.go)

    run --calls[ambiguous]--> thing._maybe [candidates=core/util.py::_maybe, ext/plug.py::_maybe]
    b_fn --calls[unresolved]--> obj._spooky          (core/util.py::_spooky has that name)
    Base --inherits[unresolved]--> abc.ABC

    dead: core/util.py::_dead, core/util.py::_Orphan (with _Orphan.m inside)
"""

from __future__ import annotations

from codeknit.graph import EdgeKind, FileRecord, Graph, Relation, Resolution, Symbol, SymbolKind

R, A, U = Resolution.RESOLVED, Resolution.AMBIGUOUS, Resolution.UNRESOLVED

FILES = ["app/__main__.py", "app/a.py", "app/b.py", "core/model.py", "core/util.py", "ext/plug.py",
         "tests/test_app.py"]

# (id, kind, properties) in source order per file; the parent is the id's prefix
SYMBOLS: list[tuple[str, SymbolKind, dict[str, object]]] = [
    ("app/__main__.py", SymbolKind.MODULE, {}),
    ("app/__main__.py::main", SymbolKind.FUNCTION, {"exported": False}),
    ("app/a.py", SymbolKind.MODULE, {}),
    ("app/a.py::run", SymbolKind.FUNCTION, {"exported": True}),
    ("app/a.py::api", SymbolKind.FUNCTION, {"exported": True}),
    ("app/b.py", SymbolKind.MODULE, {}),
    ("app/b.py::b_fn", SymbolKind.FUNCTION, {"exported": True}),
    ("core/model.py", SymbolKind.MODULE, {}),
    ("core/model.py::T", SymbolKind.TYPE_PARAMETER, {}),
    ("core/model.py::Base", SymbolKind.CLASS, {"exported": True}),
    ("core/model.py::Model", SymbolKind.CLASS, {"exported": True}),
    ("core/model.py::Model.name", SymbolKind.FIELD, {}),
    ("core/model.py::Model._cache", SymbolKind.FIELD, {"visibility": "private"}),
    ("core/model.py::Model.save", SymbolKind.METHOD, {}),
    ("core/model.py::Model.load", SymbolKind.METHOD, {}),
    ("core/model.py::Model.validate", SymbolKind.METHOD, {}),
    ("core/util.py", SymbolKind.MODULE, {}),
    ("core/util.py::helper", SymbolKind.FUNCTION, {"exported": True}),
    ("core/util.py::_dead", SymbolKind.FUNCTION, {"exported": False}),
    ("core/util.py::_maybe", SymbolKind.FUNCTION, {"exported": False}),
    ("core/util.py::_spooky", SymbolKind.FUNCTION, {"exported": False}),
    ("core/util.py::_Orphan", SymbolKind.CLASS, {"exported": False}),
    ("core/util.py::_Orphan.m", SymbolKind.METHOD, {}),
    ("ext/plug.py", SymbolKind.MODULE, {}),
    ("ext/plug.py::Plugin", SymbolKind.CLASS, {"exported": True}),
    ("ext/plug.py::Plugin.go", SymbolKind.METHOD, {}),
    ("ext/plug.py::Special", SymbolKind.CLASS, {"exported": True}),
    ("ext/plug.py::Special.save", SymbolKind.METHOD, {}),
    ("ext/plug.py::_maybe", SymbolKind.FUNCTION, {"exported": False}),
    ("tests/test_app.py", SymbolKind.MODULE, {}),
    ("tests/test_app.py::test_run", SymbolKind.FUNCTION, {"exported": False}),
]

DEPENDENCIES: list[tuple[str, EdgeKind, str]] = [
    ("app/__main__.py::main", EdgeKind.CALLS, "app/a.py::run"),
    ("app/a.py", EdgeKind.IMPORTS, "app/b.py"),
    ("app/a.py::run", EdgeKind.CALLS, "core/util.py::helper"),
    ("app/a.py::run", EdgeKind.CALLS, "app/b.py::b_fn"),
    ("app/a.py::run", EdgeKind.CALLS, "core/model.py::Model.save"),
    ("app/a.py::run", EdgeKind.REFERENCES, "core/model.py::Model"),
    ("app/b.py", EdgeKind.IMPORTS, "app/a.py"),
    ("app/b.py::b_fn", EdgeKind.CALLS, "core/util.py::helper"),
    ("core/model.py::Model", EdgeKind.INHERITS, "core/model.py::Base"),
    ("core/model.py::Model", EdgeKind.REFERENCES, "core/model.py::T"),
    ("core/model.py::Model.save", EdgeKind.CALLS, "core/util.py::helper"),
    ("core/model.py::Model.save", EdgeKind.CALLS, "app/b.py::b_fn"),
    ("core/model.py::Model.save", EdgeKind.CALLS, "core/model.py::Model.validate"),
    ("core/model.py::Model.load", EdgeKind.CALLS, "ext/plug.py::Plugin.go"),
    ("ext/plug.py::Plugin.go", EdgeKind.CALLS, "core/util.py::helper"),
    ("ext/plug.py::Special", EdgeKind.INHERITS, "core/model.py::Model"),
    ("ext/plug.py::Special.save", EdgeKind.OVERRIDES, "core/model.py::Model.save"),
    ("tests/test_app.py::test_run", EdgeKind.CALLS, "app/a.py::run"),
]

AMBIGUOUS = Relation("app/a.py::run", "app/a.py::thing._maybe", EdgeKind.CALLS, A,
                     ("core/util.py::_maybe", "ext/plug.py::_maybe"), "thing._maybe")
UNRESOLVED_CALL = Relation("app/b.py::b_fn", "app/b.py::obj._spooky", EdgeKind.CALLS, U, (), "obj._spooky")
UNRESOLVED_BASE = Relation("core/model.py::Base", "core/model.py::abc.ABC", EdgeKind.INHERITS, U, (), "abc.ABC")


def fixture_graph(*, uncertain: bool = True) -> Graph:
    """The graph above; ``uncertain=False`` leaves out the ambiguous and unresolved calls."""
    symbols = []
    for line, (full_id, kind, properties) in enumerate(SYMBOLS, start=1):
        path, _, qualname = full_id.partition("::")
        parent = None
        if qualname:
            parent = path + "::" + qualname.rpartition(".")[0] if "." in qualname else path
        name = qualname.rpartition(".")[2] if qualname else path
        symbols.append(Symbol(full_id, name, qualname, kind, path, "python", (line, 0, line, 1), (line, 0, line, 1),
                              parent, properties=dict(properties)))  # type: ignore[arg-type]
    relations = [Relation(s.parent, s.id, EdgeKind.CONTAINS) for s in symbols if s.parent]
    relations += [Relation(source, target, kind, R, (), target) for source, kind, target in DEPENDENCIES]
    relations.append(UNRESOLVED_BASE)
    if uncertain:
        relations += [AMBIGUOUS, UNRESOLVED_CALL]
    graph = Graph(root="/somewhere/fixture", files=[FileRecord(p, "python", 1, "0" * 64) for p in FILES],
                  symbols=symbols, relations=relations)
    return graph.finalize()


def large_graph(files: int = 100, per_file: int = 50) -> Graph:
    """``files`` modules of ``per_file`` functions; ``f<k>`` calls ``f<k+1>`` and ``f<k+7>`` (a module
    ``m<i>.py`` calls into the next ones), and every tenth call is ambiguous instead."""
    symbols: list[Symbol] = []
    relations: list[Relation] = []
    names = [f"m{i:03}.py" for i in range(files)]
    total = files * per_file
    ids = [f"{names[k // per_file]}::f{k}" for k in range(total)]
    for i, path in enumerate(names):
        symbols.append(Symbol(path, path, "", SymbolKind.MODULE, path, "python", (1, 0, per_file + 1, 0),
                              (1, 0, 1, 0)))
        for k in range(i * per_file, (i + 1) * per_file):
            line = k - i * per_file + 1
            symbols.append(Symbol(ids[k], f"f{k}", f"f{k}", SymbolKind.FUNCTION, path, "python", (line, 0, line, 9),
                                  (line, 4, line, 6), path, properties={"exported": True}))
            relations.append(Relation(path, ids[k], EdgeKind.CONTAINS))
            for step in (1, 7):
                if k + step < total:
                    if k % 10 == 0 and step == 7:
                        relations.append(Relation(ids[k], f"{path}::x.f{k + step}", EdgeKind.CALLS, A,
                                                  (ids[k + step], ids[k + step - 1]), "x"))
                    else:
                        relations.append(Relation(ids[k], ids[k + step], EdgeKind.CALLS, R, (), "f"))
    graph = Graph(root="/large", files=[FileRecord(p, "python", 1, "0" * 64) for p in names], symbols=symbols,
                  relations=relations)
    return graph.finalize()
