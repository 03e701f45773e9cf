"""The compiled solver (the ``codeknit._pyflow`` extension, ``rust/pyflow``) behind the interface of
:class:`~codeknit.languages.python.pyflow.solver.FlowAnalysis`.

The extension gets every Python file's facts with what the resolver knows of it (its symbols, its
import links worked out here as ``_link_imports`` does them) and asks a :class:`_Host` whatever else
the Python solver asks the resolver while it solves (class hierarchies, star imports, names of
modules without facts). It answers per call site with plain tuples that become the resolver's
entities here. The Python solver is the specification: both give the same answers (the
differential test, ``tests/callgraph/test_solvers_agree.py``; ``bench/pyflow_compare.py``).
"""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING, Any

from codeknit.graph.model import Category, EdgeKind, Span, SymbolKind
from codeknit.languages.python import facts
from codeknit.languages.python.pyflow.solver import (
    _BUILTINS,
    derived_classes,
    is_deleter,
    literal_module,
    runtime_import_target,
    subclasses_of,
)
from codeknit.languages.records import RawRef
from codeknit.native import extension

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving

_pyflow: Any = extension()  # (built by ``pip install`` where cargo is found: ``codeknit.native``)

#: the interpreter's switch interval while the compiled solver runs beside the resolver (the default is
#: 5 ms): each of the solver's questions to the host waits that long, at most, for the interpreter's lock
#: (few are left: the host gives most answers before the solve starts, ``prefetch`` and ``init_tables``;
#: on Django 22 questions while the pass runs, where there were 7,000)
SWITCH_INTERVAL = 0.00005

_CATEGORY_CODES = {Category.MODULE: 1, Category.TYPE: 2, Category.CALLABLE: 3, Category.VALUE: 4}


_KIND_CODES = {kind: _CATEGORY_CODES.get(kind.category, 0) | {SymbolKind.SETTER: 8, SymbolKind.PROPERTY: 16,
                                                               SymbolKind.ENUM: 32}.get(kind, 0)
               for kind in SymbolKind}


def symbol_code(kind: SymbolKind, properties: dict[str, Any]) -> int:
    """A symbol as the extension reads it: the category, then flags (``solver.rs`` names them)."""
    code = _KIND_CODES[kind]
    if not properties:
        return code
    if properties.get("lambda"):
        code |= 128
    if properties.get("static"):
        code |= 256
    if properties.get("classmethod"):
        code |= 512
    if is_deleter(properties):
        code |= 1024
    return code


def _encode_objects(resolver: Resolving, entities: list[Entity]) -> list[tuple[str, str]]:
    """``FlowAnalysis._entities_to_objects``, as (tag, value) pairs."""
    out: list[tuple[str, str]] = []
    for entity in entities:
        name = type(entity).__name__
        if name == "Sym":
            symbol_id = entity.id  # type: ignore[union-attr]
            symbol = resolver.symbols[symbol_id]
            if symbol.kind.category is Category.MODULE and symbol_id in resolver.files:
                out.append(("M", symbol_id))
            elif symbol.kind.category is Category.TYPE:
                out.append(("C", symbol_id))
            elif symbol.kind.category is Category.CALLABLE:
                out.append(("F", symbol_id))
            else:
                out.append(("?", ""))
        elif name == "External":
            out.append(("X", entity.name))  # type: ignore[union-attr]
        elif name == "Instance":
            out.append(("I", entity.type_id))  # type: ignore[union-attr]
        else:
            out.append(("?", ""))
    return out


class _Host:
    """Answers the extension's questions from the resolver (each asked once per key)."""

    def __init__(self, resolver: Resolving, files: dict[str, FileIndex]) -> None:
        self.resolver = resolver
        self.files = files
        self._order = list(files.items())
        self._derived: dict[str, list[str]] | None = None

    def file_input(self, index: int) -> tuple[Any, ...]:
        """A Python file as the extension reads it, made when asked (one file's input at a time).

        In a run whose extractions serve nothing afterwards (``Resolving.consume``), the facts' text
        goes once the extension has it: nothing reads it again (the run solves once, and later asks
        only whether a file has facts), and its memory (9 MB on Django) is the solver's to reuse."""
        path, file = self._order[index]
        flow = file.extraction.flow
        assert flow is not None
        text = facts.text(flow)
        if not text:
            raise RuntimeError(f"{path}: the facts were released before the solve")
        if self.resolver.consume:
            file.extraction.flow = facts.released(flow)
        symbols = [(s.name, symbol_code(s.kind, s.properties), s.parent) for s in file.extraction.symbols]
        return path, file.ids, symbols, text, _import_bound(file), _links(self.resolver, file)

    def prefetch(self) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, tuple[list[str], bool] | None]]:
        """The answers the solver asks most, for every class of the files it solves, given before it starts
        (on the caller's thread): ``mro``, ``subclasses`` and ``external_profile``. Asked while the pass runs
        beside the solve, each question waits for the interpreter's lock and hands it back: on Django 4,400 of
        the 9,500 questions, most of them while the pass ran, and the solve took twice its time alone."""
        symbols = self.resolver.symbols
        classes = [symbol_id for symbol_id, symbol in symbols.items()
                   if symbol.path in self.files and symbol.kind.category is Category.TYPE]
        return ({c: self.mro(c) for c in classes}, {c: self.subclasses(c) for c in classes},
                {c: self.external_profile(c) for c in classes})

    def symbol(self, symbol_id: str) -> tuple[str, int, str | None] | None:
        symbol = self.resolver.symbols.get(symbol_id)
        if symbol is None:
            return None
        return symbol.name, symbol_code(symbol.kind, symbol.properties), symbol.parent

    def mro(self, class_id: str) -> list[str]:
        return self.resolver.mro(class_id)

    def external_defines(self, class_id: str, name: str) -> bool:
        return self.resolver.external_may_define(class_id, name)

    def external_profile(self, class_id: str) -> tuple[list[str], bool] | None:
        """``external_defines`` of the class for every name at once, so that the solver asks once a class
        (it asks for 13,000 pairs on Django, each taking the interpreter's lock while the pass runs beside
        it): None when a base outside the project, of the class or an ancestor, may define any name; else
        the names such bases define (the rules' ``external_members``) and whether every dunder is one
        (there is such a base). As ``Resolver.external_may_define`` answers name by name."""
        resolver = self.resolver
        names: set[str] = set()
        known = False
        for ancestor in resolver.mro(class_id):
            for base in resolver.bases.get(ancestor, ()):
                kind = type(base).__name__
                if kind == "Sym":
                    continue
                if kind != "External":
                    return None
                members = resolver.files[resolver.symbols[ancestor].path].rules.external_members(base.name)  # type: ignore[union-attr]
                if members is None:
                    return None
                names |= members
                known = True
        return sorted(names), known

    def subclasses(self, class_id: str) -> list[str]:
        """``FlowAnalysis._subclasses``: the project's classes that extend ``class_id``, in id order."""
        if self._derived is None:
            self._derived = derived_classes(self.resolver.bases)
        return subclasses_of(self._derived, class_id)

    def enum_member(self, owner: str, name: str) -> bool:
        symbols = self.resolver.symbols
        members = self.resolver.members.get(owner, {}).get(name, ())
        return any(symbols[m].kind is SymbolKind.ENUM_MEMBER for m in members)

    def literal_module(self, path: str, name: str) -> str | None:
        """``importlib.import_module(name)`` in the file at ``path``: the module it runs (``solver.literal_module``)."""
        return literal_module(self.resolver, self.files[path], name)

    def init_global(self, path: str, name: str) -> list[tuple[str, list[tuple[str, str]]]]:
        """``FlowAnalysis._init_global`` past its checks: what the module-level name starts with."""
        resolver = self.resolver
        file = self.files.get(path)
        if file is None:
            return [("add", _encode_objects(resolver, resolver.module_member(path, name)))]
        steps: list[tuple[str, list[tuple[str, str]]]] = []
        starred = False  # (a star import of a solved module brings the builtin where that module does not bind it)
        for imp in file.stars:
            if imp.scope != 0:
                continue
            target, _module_name = runtime_import_target(resolver, file, imp)
            if target is None:
                continue
            if target != path and resolver.star_exports(target, name):
                steps.append(("copy", [("", target)]))
                starred = starred or target in self.files
        sub = file.rules.submodule(path, name, resolver.modules)
        if sub:
            steps.append(("add", [("M", sub)]))
        if name in _BUILTINS and not starred:
            steps.append(("add", [("X", f"builtins.{name}")]))
        return steps

    def init_tables(self) -> tuple[list[str], dict[str, tuple[list[str], dict[str, str]]],
                                   dict[str, list[str] | None]]:
        """What :meth:`init_global` reads for the files the solver solves, given before it starts (on the
        caller's thread), so that the extension answers those questions itself: asked while the pass runs
        beside the solve, each waited for the interpreter's lock (on Django 4,200 questions, almost all the
        solver still asked). ``(builtins, per path (its star imports' targets in order, its submodules by
        name), per star target its export list or None: every name without a leading underscore)``. The
        names of modules without facts are still asked. The extension's answers from these tables equal
        :meth:`init_global`'s (``tests/callgraph/test_solve_beside_pass.py``, and every program the two solvers
        are compared on, ``test_solvers_agree.py``)."""
        resolver = self.resolver
        modules = resolver.modules
        # the names of the modules and packages in each directory: a package's possible submodules
        children: dict[str, set[str]] = {}
        for module_path in modules.paths:
            directory, _, base = module_path.rpartition("/")
            if base in ("__init__.py", "__init__.pyi"):
                parent, _, name = directory.rpartition("/")
                if name:
                    children.setdefault(parent, set()).add(name)
            elif base.endswith((".py", ".pyi")):
                children.setdefault(directory, set()).add(base.rpartition(".")[0])
        per_path: dict[str, tuple[list[str], dict[str, str]]] = {}
        exports: dict[str, list[str] | None] = {}
        for path, file in self._order:
            stars: list[str] = []
            for imp in file.stars:
                if imp.scope != 0:
                    continue
                target, _module_name = runtime_import_target(resolver, file, imp)
                if target is None or target == path:
                    continue
                target_file = resolver.files.get(target)
                if target_file is None:  # (not expected; the file's questions are then asked as before)
                    break
                stars.append(target)
                if target not in exports:
                    found = target_file.extraction.exports
                    exports[target] = None if found is None else sorted(found)
            else:
                per_path[path] = (stars, self._submodules(path, file, children))
        return sorted(_BUILTINS), per_path, exports

    def _submodules(self, path: str, file: FileIndex, children: dict[str, set[str]]) -> dict[str, str]:
        """A package's submodules by name, as ``rules.submodule`` finds them (none for a module)."""
        submodules: dict[str, str] = {}
        directory, _, base = path.rpartition("/")
        if base in ("__init__.py", "__init__.pyi"):
            for name in sorted(children.get(directory, ())):
                sub = file.rules.submodule(path, name, self.resolver.modules)  # (the rules' choice among candidates)
                if sub:
                    submodules[name] = sub
        return submodules


def _links(resolver: Resolving, file: FileIndex) -> list[tuple[Any, ...]]:
    """``FlowAnalysis._link_imports`` as instructions: (0, copy from, to), (1, initialise), (2, add). A
    local name comes with the import's place (scope, line, column): the extension links it into the
    version the ``imp`` fact of that place names."""
    out: list[tuple[Any, ...]] = []
    for imp in file.extraction.imports:
        if imp.star or imp.reexport:
            continue
        scope_id = file.ids[imp.scope]
        target, module_name = runtime_import_target(resolver, file, imp)
        place = (imp.scope, imp.span[0], imp.span[1])
        if imp.names:
            for imported, local in imp.names:
                if target is not None:
                    out.append((0, target, imported, scope_id, local, *place))
                    out.append((1, target, imported))
                    sub = file.rules.submodule(target, imported, resolver.modules)
                    if sub:
                        out.append((2, scope_id, local, ("M", sub), *place))
                else:
                    sub = resolver.relative_submodule(file, imp, imported) if imp.level else None
                    if sub:
                        sub = file.rules.runtime_module(sub, resolver.modules)
                        out.append((2, scope_id, local, ("M", sub), *place))
                    else:
                        name = f"{module_name}.{imported}" if module_name else imported
                        out.append((2, scope_id, local, ("X", name), *place))
        elif imp.alias:
            out.append((2, scope_id, imp.alias, ("M", target) if target else ("X", module_name), *place))
        elif imp.module:
            head = imp.module.split(".")[0]
            found = resolver.modules.lookup(head)
            obj = ("M", sorted(found, key=lambda p: (p.count("/"), p))[0]) if found else ("X", head)
            out.append((2, scope_id, head, obj, *place))
    # a package's name that an import elsewhere sets to its submodule (``import pkg.sub``): the module too
    path = file.extraction.path
    for (package, name), sub in resolver.loaded_submodules().items():
        if package == path:
            out.append((2, path, name, ("M", sub), 0, 0, 0))
    return out


def _import_bound(file: FileIndex) -> list[str]:
    bound: list[str] = []
    for imp in file.extraction.imports:
        if imp.scope == 0:
            bound.extend(local for _imported, local in imp.names)
            if imp.alias:
                bound.append(imp.alias)
            elif not imp.names and not imp.star and imp.module:
                bound.append(imp.module.split(".")[0])
    return bound


class CompiledFlowAnalysis:
    """Runs the compiled solver over every Python file of a resolver and answers per call site."""

    solver = "compiled"

    def __init__(self, resolver: Resolving) -> None:
        from codeknit.resolve.api import UNKNOWN, External, Sym  # the resolver imports this module

        self._entity_types = (UNKNOWN, External, Sym)
        self.resolver = resolver
        self._solution: Any = None
        self._pending: Any = None  # (a solve running: ``_pyflow.Pending``)
        self._interval = sys.getswitchinterval()
        self._host: _Host | None = None
        self._decoded: dict[tuple[str, ...], Entity] = {}

    #: has the solve ended, its answers here (each analysis solves once)
    solved = False

    def start(self) -> None:
        """Start solving on the extension's own thread, and return: every Python file's input is handed
        over here, and the resolver answers the solver's questions (:class:`_Host`) while it goes on
        with its pass; :meth:`run` waits for the answers. While the solve runs, the interpreter hands
        its lock over sooner (:data:`SWITCH_INTERVAL`): each of the solver's questions waits for it."""
        if self._pending is not None or self.solved:
            return
        assert _pyflow is not None, "the compiled solver is not built"
        from codeknit.resolve.api import Sym

        resolver = self.resolver
        files: dict[str, FileIndex] = {}
        for path, file in resolver.files.items():
            flow = file.extraction.flow
            if file.extraction.language != "python" or not facts.readable(flow):
                continue
            files[path] = file
        extended = sorted({b.id for bases in resolver.bases.values() for b in bases if isinstance(b, Sym)})
        # the solver asks its questions on its own thread while the pass goes on: they are looked up in a
        # view of the resolver whose memos and cycle guards are its own (``ResolverState.for_thread``)
        self._host = _Host(resolver.for_thread(), files)
        enabled = gc.isenabled()
        gc.disable()
        try:
            self._pending = _pyflow.start(self._host, len(files), extended)
        finally:
            if enabled:
                gc.enable()
        self._interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self._interval, SWITCH_INTERVAL))

    def run(self) -> None:
        """Solve (or wait for the solve :meth:`start` began), once."""
        if self.solved:
            return
        self.start()
        pending, self._pending = self._pending, None
        self.solved = True
        try:
            self._solution = pending.result()
        finally:
            sys.setswitchinterval(self._interval)

    def release(self) -> None:
        """Drop the solution and what its host holds (the resolver, its files): the compiled solution
        keeps the host where the garbage collector cannot see it, so the cycle through the resolver
        would never be freed (the whole run's records stayed alive until the process ended). A solve
        still running (a run that stopped early) is waited for first."""
        if self._pending is not None:
            pending, self._pending = self._pending, None
            try:
                pending.result()
            except Exception:  # noqa: BLE001, S110 - its answers are dropped unread; so is its error
                pass
            finally:
                sys.setswitchinterval(self._interval)
        self._solution = None
        host, self._host = self._host, None
        if host is not None:
            host.resolver = None  # type: ignore[assignment]
            host.files = {}
            host._order = []

    def stats(self) -> dict[str, int]:
        return dict(self._solution.stats()) if self._solution is not None else {}

    def _entities(self, encoded: list[tuple[str, ...]]) -> list[Entity]:
        UNKNOWN, External, Sym = self._entity_types  # noqa: N806
        decoded = self._decoded
        out: list[Entity] = []
        for item in encoded:
            found = decoded.get(item)
            if found is None:
                tag = item[0]
                found = decoded[item] = Sym(item[1]) if tag == "s" else External(item[1]) if tag == "x" else UNKNOWN
            out.append(found)
        return out

    def site_entities(self, path: str, scope: int, span: Span) -> list[Entity] | None:
        found = self._solution.site(path, scope, (span[0], span[1], span[2], span[3]))
        return None if found is None else self._entities(found)

    def extra_calls(self, file: FileIndex) -> list[tuple[RawRef, list[Entity]]]:
        return [(RawRef(scope, EdgeKind.CALLS, text, span), self._entities(entities))
                for scope, text, span, entities in self._solution.extra_calls(file.extraction.path)]


class MemoryPace:
    """How far the resolver's pass may go on beside the compiled solve: the solver's memory is largest as
    it ends, and whatever the pass keeps meanwhile (relations, locals) adds to that peak, where a pass
    after the solve would have reused the solver's freed memory. So the pass goes on beside the solve until
    it has kept :data:`SHARE` of the memory the interpreter held when the solve started, counted in the
    interpreter's own blocks (about 80 bytes each on Django), then waits for the answers."""

    #: the share of the interpreter's memory at the start the pass may add beside the solve. On Django the
    #: solver's own peak is about 65 MB over the 137 MB held at its start (about 90 MB before its tables were
    #: made smaller), and the pass keeps at most about 26 % beside a whole solve: at 30 % it does not wait
    #: there, for a peak no higher than 8 % gave with the larger solver (the waits were 1.0-1.4 s of wall time)
    SHARE = 0.30
    #: bytes an interpreter block stands for, on average, in what the pass keeps
    BLOCK = 80
    #: asked once per file, measured at the first file and then at every eighth: a measure visits every pool
    #: of the interpreter's heap (about 0.1 ms on Django's, 0.25 ms on one of 9 million blocks), while what eight
    #: files keep is a small part of the share
    EVERY = 8

    def __init__(self) -> None:
        self._start = sys.getallocatedblocks()
        self._limit = int(_resident_bytes() * self.SHARE / self.BLOCK)
        self._asked = 0

    def spent(self) -> bool:
        self._asked += 1
        if (self._asked - 1) % self.EVERY:
            return False
        return sys.getallocatedblocks() - self._start > self._limit


def _resident_bytes() -> int:
    """The process's resident memory (Linux); elsewhere a size that lets the pass add 20 MB."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 250_000_000


def available() -> bool:
    return _pyflow is not None
