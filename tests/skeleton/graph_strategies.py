"""Hypothesis strategies for random graphs: odd paths and names, every kind of edge and resolution."""

from __future__ import annotations

from hypothesis import strategies as st

from codeknit.graph import EdgeKind, FileError, FileRecord, Graph, Relation, Resolution, Symbol, SymbolKind

name_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12)
path_text = st.one_of(
    st.sampled_from(["a.py", "pkg/b.py", "web/c.ts", "x y.py", "ü/ñ.py", "odd: name.py", "/abs.py", " lead.py",
                     "pkg/sub/c.py", "pkg/sub/d.py", "a/x.py", "a/b/y.py", "pkg/sub/deep/e.py"]),
    name_text.map(lambda t: t + ".py"),
)
identifier = st.from_regex(r"[a-z_][a-z0-9_]{0,5}", fullmatch=True)
#: signatures with what minify codes: parameter lists that repeat, elided defaults, and the
#: characters it must not mistake for codes (``?``, ``^``, braces)
signature_text = st.one_of(
    st.just(""),
    name_text,
    st.builds(lambda name, params, tail: f"{name}({', '.join(params)}){tail}", identifier,
              st.lists(st.sampled_from(["a", "b=…", "*args", "**kwargs", "c: int", "d?: T", "e=…", "f^g", "(x)"]),
                       max_size=4),
              st.sampled_from(["", " -> int", " {x}", " -> S1", "x", " -> a=…"])),
)
#: the names of uncertain targets: bare names that repeat (and may look like codes), or anything
target_name = st.one_of(name_text, st.sampled_from(["len", "a", "b.c", "self.x.run", "S5", "d1", "ab", "x y", "pkg"]))
kinds = st.sampled_from([SymbolKind.CLASS, SymbolKind.FUNCTION, SymbolKind.METHOD, SymbolKind.FIELD,
                         SymbolKind.CONSTANT, SymbolKind.INTERFACE])
properties = st.dictionaries(
    st.sampled_from(["exported", "async", "static", "visibility", "decorators"]),
    st.one_of(st.booleans(), st.sampled_from(["private", "protected"]), st.just(("a.b", "c"))),
    max_size=3,
)


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    paths = draw(st.lists(path_text, min_size=1, max_size=5, unique=True))
    graph = Graph(root="r", fingerprint=draw(st.sampled_from(["", "abc123"])))
    for path in sorted(paths):
        graph.files.append(FileRecord(path, "python", 1, "0" * 64))
        module = Symbol(path, path, "", SymbolKind.MODULE, path, "python", (1, 0, 99, 0), (1, 0, 1, 0))
        graph.symbols.append(module)
        scopes = [module]
        for number in range(draw(st.integers(0, 12))):
            parent = draw(st.sampled_from(scopes))
            name = draw(name_text)
            qualname = f"{parent.qualname}.{name}{number}" if parent.qualname else f"{name}{number}"
            kind = draw(kinds)
            end = number + draw(st.sampled_from([2, 3, 1500]))
            symbol = Symbol(
                f"{path}::{qualname}", name, qualname, kind, path, "python", (number + 2, 0, end, 0),
                (number + 2, 0, number + 2, 1), parent=parent.id, signature=draw(signature_text),
                properties=draw(properties),
            )  # fmt: skip
            graph.symbols.append(symbol)
            if kind in (SymbolKind.CLASS, SymbolKind.INTERFACE):
                scopes.append(symbol)
    ids = [s.id for s in graph.symbols]
    for _ in range(draw(st.integers(0, 40))):
        source = draw(st.sampled_from(ids))
        kind = draw(st.sampled_from(list(EdgeKind)))
        resolution = draw(st.sampled_from(list(Resolution)))
        if resolution is Resolution.RESOLVED:
            target, candidates = draw(st.sampled_from(ids)), ()
        else:
            target = f"{source.partition('::')[0]}::{draw(target_name)}"
            candidates = tuple(draw(st.lists(st.sampled_from(ids), max_size=3, unique=True))) if (
                resolution is Resolution.AMBIGUOUS) else ()
        graph.relations.append(Relation(source, target, kind, resolution, candidates, spans=[(1, 0, 1, 1)]))
    unique = {r.key: r for r in graph.relations}
    graph.relations = list(unique.values())
    graph.errors = [FileError(draw(path_text), draw(name_text)) for _ in range(draw(st.integers(0, 2)))]
    return graph.finalize()
