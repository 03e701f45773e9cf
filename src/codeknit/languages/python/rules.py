"""Python: package-relative module names, relative imports, ``__init__`` submodules."""

from __future__ import annotations

import builtins
import functools
import os
import posixpath
from collections import Counter
from typing import TYPE_CHECKING, Any

from codeknit.graph.model import Category, EdgeKind, Role, Span, SymbolKind
from codeknit.languages.python.flow import PositionMap, UnknownFact, flow_layout
from codeknit.languages.python.pyflow import CompiledFlowAnalysis, FlowAnalysis, MemoryPace, new_analysis
from codeknit.languages.python.spec import PYTHON_VERSION_VARIABLE, SPEC
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.resolve.api import (
    UNKNOWN,
    External,
    Instance,
    LanguageRules,
    ModuleIndex,
    ModuleTarget,
    Sym,
    narrowing_at,
)

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving


# enum members read once: the hook below runs for every reference and value use (see ``CATEGORY_OF``)
_REFERENCES, _CALLS, _WRITE = EdgeKind.REFERENCES, EdgeKind.CALLS, Role.WRITE


class PythonRules(LanguageRules):
    constructor_names = ("__init__", "__new__")
    file_local_extras = True  # the points-to analysis's extra calls start in the file they are asked for
    receiver_is_first_parameter = True
    super_is_call = True
    unknown_types = frozenset({"typing.Any", "typing_extensions.Any"})  # ``obj: Any``: nothing known of ``obj``
    class_body_runs = True  # ``a = limit`` before ``limit = 5`` in a class body reads the module's ``limit``
    import_binds_head = True  # ``import a.b.c`` binds ``a``
    missing_member_is_external = False  # ``from pkg import x`` where ``pkg`` has no ``x`` would fail
    relative_submodules = True  # ``from . import sub`` names ``sub.py`` of the package's directory
    assigned_fields_inherit = True  # ``self.cli = …`` in a subclass writes the base's ``cli: Group``
    inherited_parameter_types = True  # ``def extendMarkdown(self, md)`` under ``(self, md: Markdown)``: a Markdown
    call_result_elements = True  # ``rows = load()`` with ``load() -> List[Row]``, then ``for r in rows``: a ``Row``
    # ``state = states.get(task)`` with ``states: Dict[Task, State]``: a ``State`` (``list.pop``, ``deque.popleft``)
    keyed_returns = frozenset({"get", "pop", "setdefault", "popleft"})

    def __init__(self, all_paths: set[str]) -> None:
        self._init_dirs = {
            posixpath.dirname(p) for p in all_paths if posixpath.basename(p) in ("__init__.py", "__init__.pyi")
        }
        self._all_paths = all_paths
        self._short_names: Counter[str] | None = None  # (``module_name``: how many modules each short name has)
        self._flow: FlowAnalysis | CompiledFlowAnalysis | None = None
        self._flow_resolver: Resolving | None = None
        self._adopted: dict[str, Any] | None = None  # answers of an earlier run (adopt_answers)
        #: files whose code moved since the carried solution was solved: their positions now → then
        self._moved: dict[str, PositionMap] = {}
        self._moved_back: dict[str, PositionMap] = {}  # then → now
        self._pace: MemoryPace | None = None  # (while the solve runs beside the pass)

    def external_defines(self, base: str, name: str) -> bool:
        """``object`` and the built-in exceptions have the members Python gives them (dunders, ``args``,
        ``with_traceback``, ``OSError.errno`` …) and no others; any other outside class may define anything."""
        known = _known_builtin(base)
        if known is None:
            return True
        return (name.startswith("__") and name.endswith("__")) or hasattr(known, name)

    def external_members(self, base: str) -> frozenset[str] | None:
        """What ``hasattr`` finds on the known built-in class: its attributes and its metaclass's."""
        known = _known_builtin(base)
        return None if known is None else frozenset(dir(known)) | frozenset(dir(type(known)))

    def outside_class(self, base: External) -> bool:
        return base.package is not None or base.name.removeprefix("builtins.") in SPEC.builtins

    # -- the points-to analysis (resolve/pyflow) ------------------------------------------------

    def prepare(self, resolver: Resolving) -> None:
        self._flow = None
        self._flow_resolver = resolver
        self._moved, self._moved_back = {}, {}

    def release(self) -> None:
        flow = self._flow
        if flow is not None and getattr(flow, "resolver", None) is self._flow_resolver:
            release = getattr(flow, "release", None)  # (the compiled solver's: see there)
            if release is not None:
                release()
        self._flow = None  # (it holds the resolver, and the files that hold these rules)
        self._flow_resolver = None

    def carry_over(self, previous: LanguageRules, resolver: Resolving) -> None:
        """The points-to solution reads only flow facts, symbols, bases and imports, all of which are
        in every file's interface: an incremental run adopts the previous run's solution."""
        if isinstance(previous, PythonRules) and previous._flow is not None:
            self._flow = previous._flow
            self._flow_resolver = resolver
            self._moved = dict(previous._moved)

    def answers(self, resolver: Resolving) -> object | None:
        """Per file, the points-to answer of every call site and the extra calls: all an incremental
        run needs to resolve a file whose interface (flow facts included) is unchanged. The answers
        this run adopted, when it solved nothing (they hold: every interface is as it was)."""
        if not self.points_to:
            return None
        if self._flow is None or self._flow_resolver is not resolver:
            return self._adopted
        out: dict[str, FileAnswers] = {}
        for path, file in resolver.files.items():
            if file.rules is not self or not file.extraction.flow:
                continue
            sites: dict[tuple[int, Span], tuple[Encoded, ...]] = {}
            for ref in file.extraction.refs:
                if ref.kind is EdgeKind.CALLS:
                    found = self._site(path, ref.scope, ref)
                    if found is not None:
                        sites[(ref.scope, ref.span)] = _encode(found)
            extras = [(ref.scope, ref.text, ref.span, _encode(found))
                      for ref, found in self._extra_calls(resolver, file)]
            out[path] = (sites, extras)
        return out

    def adopt_answers(self, answers: object) -> None:
        self._adopted = answers  # type: ignore[assignment]

    def moved(self, path: str, before: Extraction, after: Extraction) -> None:
        """The carried solution (or adopted answers) names this file's call sites by where they were
        in ``before``: pair its positions with ``after``'s. Where they cannot be paired, the carried
        results are dropped and this run solves the program itself."""
        if before.flow == after.flow or (self._flow is None and self._adopted is None):
            return
        try:
            then, now = flow_layout(before.flow), flow_layout(after.flow)
            if then[0] != now[0]:
                raise UnknownFact("the layouts differ")
            step = PositionMap(now[1], then[1])  # now → then
        except UnknownFact:
            self._drop_carried()
            return
        if self._flow is not None:
            earlier = self._moved.get(path)
            self._moved[path] = step.then(earlier) if earlier is not None else step
            self._moved_back.pop(path, None)
            return
        assert self._adopted is not None
        found = self._adopted.get(path)
        if found is None:
            return
        back = step.inverse()  # then → now: the stored answers are keyed as ``before`` had them
        sites: dict[tuple[int, Any], Any] = {}
        for (scope, span), callees in found[0].items():
            moved = back.span(span)
            if moved is None:
                self._drop_carried()
                return
            sites[(scope, moved)] = callees
        extras = []
        for scope, text, span, callees in found[1]:
            moved = back.span(span)
            if moved is None:
                self._drop_carried()
                return
            extras.append((scope, text, moved, callees))
        self._adopted = {**self._adopted, path: (sites, extras)}

    def _drop_carried(self) -> None:
        self._flow = None
        self._adopted = None
        self._moved, self._moved_back = {}, {}

    def _site(self, path: str, scope: int, ref: RawRef) -> list[Entity] | None:
        """The carried or this run's solution's callees of a call site, by its position now."""
        assert self._flow is not None
        span = ref.span
        moved = self._moved.get(path)
        if moved is not None:
            found = moved.span(span)
            if found is None:
                return None
            span = found  # type: ignore[assignment]
        return self._flow.site_entities(path, scope, span)

    def _extra_calls(self, resolver: Resolving, file: FileIndex) -> list[tuple[RawRef, list[Entity]]]:
        """The solution's calls that no reference records, at their positions now."""
        analysis = self._analysis(resolver)
        path = file.extraction.path
        calls = _certain_new(resolver, analysis, path, analysis.extra_calls(file))
        if path not in self._moved:
            return calls
        back = self._moved_back.get(path)
        if back is None:
            back = self._moved_back[path] = self._moved[path].inverse()
        out = []
        for ref, entities in calls:
            span = back.span(ref.span)
            if span is None:  # (every position the solver names comes from the facts: not expected)
                self._drop_carried()
                analysis = self._analysis(resolver)
                return _certain_new(resolver, analysis, path, analysis.extra_calls(file))
            out.append((RawRef(ref.scope, ref.kind, ref.text, span), entities))  # type: ignore[arg-type]
        return out

    def _adopted_for(self, path: str) -> Any | None:
        """The adopted answers of a file, when this run solved nothing itself."""
        if self._adopted is None or self._flow is not None:
            return None
        return self._adopted.get(path)

    def begin(self, resolver: Resolving) -> bool:
        """The compiled solver starts now, on a thread of its own (the class hierarchy is known), unless
        this run has its answers already (carried over, adopted): the pass resolves every other reference
        and value use meanwhile, and the calls after them (:meth:`later_kind`). The Python solver runs
        when first asked."""
        if not self.points_to or self._adopted is not None:
            return False
        if self._flow is not None and self._flow_resolver is resolver:
            return False
        if not any(file.rules is self and file.extraction.flow for file in resolver.files.values()):
            return False
        flow = self._new_analysis(resolver)
        if not isinstance(flow, CompiledFlowAnalysis):
            return False  # (the Python solver solves when first asked: nothing runs beside the pass)
        flow.start()
        self._pace = MemoryPace()
        return True

    def pace(self, resolver: Resolving) -> None:
        """The solver's memory peaks as it ends, and what the pass makes meanwhile adds to that peak: once
        the pass has grown by its share (:class:`MemoryPace`), it waits for the answers."""
        flow, pace = self._flow, self._pace
        if pace is not None and flow is not None and not flow.solved and pace.spent():
            self._pace = None
            flow.run()

    def settle(self, resolver: Resolving) -> None:
        """The solve ends here (the compiled one started by :meth:`begin`; the Python one runs now), unless this
        run answers from an earlier one's solution."""
        if self.points_to and self._adopted is None and (
                (self._flow is not None and self._flow_resolver is resolver)
                or any(file.rules is self and file.extraction.flow for file in resolver.files.values())):
            self._analysis(resolver)

    def later_kind(self, file: FileIndex) -> EdgeKind | None:
        """Calls wait for the points-to answers (all of them, so that each relation's sites keep their order)."""
        return _CALLS if self.points_to and file.extraction.flow else None

    def _new_analysis(self, resolver: Resolving) -> FlowAnalysis | CompiledFlowAnalysis:
        self._flow = new_analysis(resolver)
        self._flow_resolver = resolver
        self._moved, self._moved_back = {}, {}  # solved from the files as they are
        return self._flow

    def _analysis(self, resolver: Resolving) -> FlowAnalysis | CompiledFlowAnalysis:
        """Solved once per resolving run (started by :meth:`begin`, or at the first call site): the class
        hierarchy is known by then."""
        flow = self._flow
        if flow is None or self._flow_resolver is not resolver:
            flow = self._new_analysis(resolver)
        if not flow.solved:
            flow.run()  # (for a solve :meth:`begin` started: waits for its end)
        return flow

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        kind = ref.kind
        if kind is _REFERENCES:
            if ref.text.endswith("=)"):
                return _generated_init_field(resolver, file, scope, ref.text)
            if ".__class__" in ref.text:
                found = _class_of(resolver, file, scope, ref)
                if found is not None:
                    return found
            if ref.role is _WRITE:
                return _rebound(file, scope, ref)
            return None
        if ".__class__" in ref.text and (kind is not _CALLS or ref.span == _NO_SPAN):
            found = _class_of(resolver, file, scope, ref)
            if found is not None:
                return found
        if kind is not _CALLS or not self.points_to or not file.extraction.flow or ref.span == _NO_SPAN:
            return None  # (the solution answers call sites: a reference made up by a lookup is none)
        adopted = self._adopted_for(file.extraction.path)
        if adopted is not None:
            answer = adopted[0].get((scope, ref.span))
            found = None if answer is None else _decode(answer)
        else:
            self._analysis(resolver)
            found = self._site(file.extraction.path, scope, ref)
        if file.extraction.narrowed:
            narrowed = _narrowed_receiver(resolver, file, scope, ref)
            if narrowed is not None:  # ``isinstance(x, C) and x.f()``
                return _consistent_callees(resolver, found, narrowed)
        if found is None and "()." in ref.text and not ref.text.startswith("super()."):
            # a method of what a call returns, where the analysis knows no value: any member so named (what runs
            # may be an override of the declared return type's method, ``get_backend().sleep()`` with ``->
            # type[Backend]``); the method the declared type has is the token's read (``Resolver._declared_binding``)
            return [UNKNOWN]
        return found

    def prefer_targets(self, resolver: Resolving, kind: EdgeKind, targets: list[str],
                       role: Role | None = None) -> list[str]:
        """The ``def``s of one name in one scope that are an overloaded function (each but the implementation,
        which may be missing in a stub, decorated ``@overload``) are one function: its name is bound by the
        first signature, and the later ``def``s are writes of it (as the adapter makes them). Of the definitions
        in branches a type checker decides (``if sys.version_info < (3, 8):`` / ``else:``, ``if TYPE_CHECKING:``),
        those of the branches it does not take are left out (property ``when``). Other definitions stay as
        they are (``if …: def f`` / ``else: def f`` are two functions)."""
        symbols = resolver.symbols
        groups: dict[tuple[str, str | None, str], list[str]] = {}
        for target in targets:
            symbol = symbols[target]
            groups.setdefault((symbol.path, symbol.parent, symbol.name), []).append(target)
        if len(groups) == len(targets):
            return targets
        dropped: set[str] = set()
        for group in groups.values():
            if len(group) < 2:
                continue
            if any("when" in symbols[t].properties for t in group):
                # ``if sys.version_info < (3, 8): def f`` / ``else: def f``: a type checker takes the branch the
                # conditions say (``TYPE_CHECKING`` holds, the version is ``python_version()``)
                taken = [t for t in group if _taken(symbols[t].properties.get("when", ()))]
                if taken and len(taken) < len(group):
                    dropped.update(t for t in group if t not in taken)
                    group = taken
                    if len(group) < 2:
                        continue
            ordered = sorted(group, key=lambda t: symbols[t].span)
            if all(symbols[t].kind.category is Category.CALLABLE for t in ordered) and all(
                    _overload(symbols[t].properties) for t in ordered[:-1]):
                dropped.update(ordered[1:])
        return [t for t in targets if t not in dropped] if dropped else targets

    def by_text(self, ref: RawRef) -> bool:
        """Positions are read for a call the points-to analysis answers (by its site) and for a write (the
        name of a ``def`` that rebinds its name); every other answer is by scope and text."""
        return ref.role is not _WRITE and (ref.kind is not _CALLS or not self.points_to)

    def lexical_lookup(self) -> bool:
        """What :meth:`resolve_ref` answers of a reference :meth:`by_text` admits reads no more than the names
        the scopes around it bind: ``self.__class__`` and ``C(x=)`` read the scope only through their head, a
        receiver or a name the shared lookup binds (``_class_of``, ``_generated_init_field``), and a bare name
        never denotes an inherited member. So a text whose head no inner scope of its file binds means the same
        in every scope of the file (on Django a third of the value uses that name a module's binding were
        looked up again in each function)."""
        return True

    def extra_relations(self, resolver: Resolving, file: FileIndex) -> None:
        if not file.extraction.flow or not self.points_to:
            return
        adopted = self._adopted_for(file.extraction.path)
        if adopted is not None:
            for scope, text, span, found in adopted[1]:
                resolver.emit(file, RawRef(scope, EdgeKind.CALLS, text, span), _decode(found))
            return
        for ref, entities in self._extra_calls(resolver, file):
            resolver.emit(file, ref, entities)

    def module_names(self, path: str) -> list[str]:
        """Dotted names for a file: from its package root first, then from the scan root.

        When the scanned directory is itself a package (``django/`` holding ``__init__.py``), names
        start with its name (``django.db.models``), as the code that imports them spells them.
        """
        stem, _ = posixpath.splitext(path)
        parts = stem.split("/")
        if parts[-1] == "__init__":
            parts.pop()
        directory = posixpath.dirname(path)
        while directory and directory in self._init_dirs:
            directory = posixpath.dirname(directory)
        if not directory and "" in self._init_dirs and self.source_root is not None and self.source_root.name:
            parts.insert(0, self.source_root.name)  # the root is a package: it is the outermost name
            start = 0
        else:
            start = len(directory.split("/")) if directory else 0
        if not parts:
            return ["__init__"]  # a root __init__.py whose directory's name is unknown
        short = ".".join(parts[start:]) or parts[-1]
        full = ".".join(parts)
        return [short] if short == full else [short, full]

    def register(self, extraction: Extraction) -> list[str]:
        return self.module_names(extraction.path)

    def module_name(self, extraction: Extraction) -> str:
        """As the code imports it: from its package root (``src/shop/cli.py`` is ``shop.cli`` in a src layout,
        ``db/models/base.py`` is ``django.db.models.base`` when the scanned folder is the ``django`` package),
        where no other module of the tree has that name (``examples/a/main.py`` and ``examples/b/main.py``
        keep their paths' names: one name would make the two one symbol in an index)."""
        names = self.module_names(extraction.path)
        if len(names) == 1:
            return names[0]
        if self._short_names is None:
            modules = {p.rsplit(".", 1)[0] for p in self._all_paths if p.endswith((".py", ".pyi"))}
            self._short_names = Counter(self.module_names(f"{m}.py")[0] for m in modules)
        return names[0] if self._short_names[names[0]] == 1 else names[1]

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        if imp.level:
            package_parts = self._package_of(importer.path)
            if imp.level - 1 > len(package_parts):
                return ModuleTarget(None, "." * imp.level + imp.module)
            base = package_parts[: len(package_parts) - (imp.level - 1)]
            directory = "/".join(base)
            rel = imp.module.replace(".", "/") if imp.module else ""
            target_dir = posixpath.join(directory, rel) if rel else directory
            for candidate in (f"{target_dir}.py", f"{target_dir}/__init__.py", f"{target_dir}.pyi",
                              f"{target_dir}/__init__.pyi"):
                candidate = candidate.lstrip("/")
                if candidate in modules.paths:
                    return ModuleTarget(candidate, self.module_names(candidate)[0])
            return ModuleTarget(None, "." * imp.level + imp.module)
        found = modules.lookup(imp.module)
        if len(found) >= 1:
            # several files with one name (two roots): prefer the shortest path, deterministically
            return ModuleTarget(sorted(found, key=lambda p: (p.count("/"), p))[0], imp.module)
        return ModuleTarget(None, imp.module)

    def declaring_module(self, path: str, modules: ModuleIndex) -> str:
        """A stub beside the module (``m.pyi`` by ``m.py``, ``pkg/__init__.pyi`` by ``pkg/__init__.py``): type
        checkers read the stub instead of the module (PEP 484, PEP 561), so an importer's names denote the
        stub's declarations. The module's own code, and the points-to analysis (what runs), keep the ``.py``."""
        if path.endswith(".py") and f"{path}i" in modules.paths:
            return f"{path}i"
        return path

    def runtime_module(self, path: str, modules: ModuleIndex) -> str:
        if path.endswith(".pyi") and path[:-1] in modules.paths:
            return path[:-1]
        return path

    def _package_of(self, path: str) -> list[str]:
        directory = posixpath.dirname(path)
        return directory.split("/") if directory else []

    def submodule(self, module_path: str, name: str, modules: ModuleIndex) -> str | None:
        if posixpath.basename(module_path) not in ("__init__.py", "__init__.pyi"):
            return None
        directory = posixpath.dirname(module_path)
        for candidate in (f"{directory}/{name}.py", f"{directory}/{name}/__init__.py", f"{directory}/{name}.pyi"):
            candidate = candidate.lstrip("/")
            if candidate in modules.paths:
                return candidate
        return None


RULES = PythonRules


#: the span of a reference that names no token (the resolver's for a type text's callee)
_NO_SPAN: Span = (0, 0, 0, 0)


def _class_of(resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
    """``self.__class__`` and what follows it (``self.__class__._tl``, ``self.__class__()`` in a type text),
    where ``self`` is the instance receiver of an enclosing method (not a classmethod's ``cls``, whose
    ``__class__`` is its metaclass): the method's class, as ``type(self)`` is (that class or a subclass, as
    ``self`` is). None for any other receiver, and at the ``__class__`` token itself (it names the attribute
    every object has, not the class)."""
    parts = ref.text.split(".")
    if len(parts) < 2 or parts[1] not in ("__class__", "__class__()"):
        return None
    if len(parts) == 2 and ref.span != _NO_SPAN:
        return None
    symbols = file.extraction.symbols
    method = scope
    while method > 0 and symbols[method].receiver != parts[0]:
        method = symbols[method].parent
    if method <= 0 or "classmethod" in symbols[method].properties:
        return None
    class_id = resolver.enclosing_class(file, scope, via_receiver=parts[0])
    if class_id is None:
        return None
    at = 1
    current: list[Entity] = [Sym(class_id)]
    if parts[at].endswith("()"):
        current = resolver.call_results(current)
    for part in parts[at + 1:]:
        current = resolver.members_of(current, part)
        if not current:
            break
    return current


def _narrowed_receiver(resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[str] | None:
    """The classes a test narrows the call's receiver to where the call is written, when the receiver is a
    local (``Extraction.narrowed``); else None."""
    head, dot, _rest = ref.text.partition(".")
    narrowing = narrowing_at(file, scope, head, ref.span) if dot else None
    if narrowing is None or "|" in narrowing[1] or resolver.file_locals(file).at(head, ref.span) is None:
        return None  # (a tuple of classes, ``isinstance(x, (A, B))``: the points-to answer as it is)
    return [e.type_id if isinstance(e, Instance) else e.id for e in resolver.type_entities(file, scope, narrowing[1])
            if isinstance(e, (Instance, Sym))]


def _consistent_callees(resolver: Resolving, found: list[Entity] | None, classes: list[str]) -> list[Entity] | None:
    """The points-to answer of a call whose receiver a test narrows to ``classes``, without the callees the
    test rules out: a method of a class that is neither one of them, nor an ancestor, nor a subclass (the
    analysis does not read the test), and an outside or unknown callee (what the receiver's declared type
    gives, ``other: object``). The methods it keeps are what the program calls (a subclass's override
    included); where none is left, None: the call is read by the narrowed type (as a type checker reads it)."""
    if not found or not classes:
        return None
    symbols = resolver.symbols
    kept: list[Entity] = []
    for entity in found:
        if not isinstance(entity, Sym):
            continue
        owner = symbols[entity.id].parent
        if owner is None or symbols[owner].kind.category is not Category.TYPE:
            kept.append(entity)  # (a function held by an attribute: the test says nothing of it)
        elif any(c == owner or c in resolver.mro(owner) or owner in resolver.mro(c) for c in classes):
            kept.append(entity)
    return kept or None


#: the Python the code is read for without the setting (``spec.PYTHON_VERSION_VARIABLE``): a type checker's
#: default is the newest Python it knows
DEFAULT_PYTHON_VERSION = (3, 13)


@functools.cache
def python_version() -> tuple[int, int]:
    """The Python version ``sys.version_info`` tests are read for: ``$CODEKNIT_PYTHON_VERSION`` (``3.12``),
    else :data:`DEFAULT_PYTHON_VERSION`."""
    written = os.environ.get(PYTHON_VERSION_VARIABLE, "").strip()
    major, _, minor = written.partition(".")
    if major.isdigit() and minor.isdigit():
        return int(major), int(minor)
    return DEFAULT_PYTHON_VERSION


def _taken(conditions: Any) -> bool:
    """Can the branch these conditions guard (``when``, see ``branches.static_branches``) be taken, as
    a type checker reads them: ``TYPE_CHECKING`` holds, ``sys.version_info`` is :func:`python_version`. A
    comparison that the version's major and minor do not decide (``> (3, 13)`` on 3.13, ``>= (3, 9, 8)`` on
    3.9) keeps the branch."""
    version = python_version()
    for condition in conditions:
        if condition == "TYPE_CHECKING":
            continue
        if condition == "not TYPE_CHECKING":
            return False
        written = condition.removeprefix("python")
        operator = written[:2] if written[1] == "=" else written[:1]
        wanted = tuple(int(part) for part in written[len(operator):].split("."))
        if wanted[:2] == version[:len(wanted[:2])] and (len(wanted) > 2 or operator in (">", "<=")):
            continue  # (the micro version, or what follows the minor, decides: not read)
        ours = version[:len(wanted)]
        holds = {"<": ours < wanted, "<=": ours <= wanted, ">": ours > wanted, ">=": ours >= wanted,
                 "==": ours == wanted, "!=": ours != wanted}[operator]
        if not holds:
            return False
    return True


def _overload(properties: dict[str, Any]) -> bool:
    """Is a ``def`` decorated ``@overload`` (``@typing.overload``, ``@t.overload``)?"""
    return any(d == "overload" or d.endswith(".overload") for d in properties.get("decorators", ()))


def _rebound(file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
    """At the name of a ``def``/``class`` that rebinds a name its body bound before: the first definition
    of the name there (the adapter's write); None for any other write."""
    ids = file.children.get(scope, {}).get(ref.text, ())
    symbols = file.extraction.symbols
    if len(ids) < 2 or not any(symbols[i].name_span == ref.span for i in ids):
        return None if ref.head_known else [UNKNOWN]
    first = min(ids, key=lambda i: symbols[i].start_byte)
    if symbols[first].name_span == ref.span:
        return None if ref.head_known else [UNKNOWN]
    return [Sym(file.ids[first])]


def _generated_init_field(resolver: Resolving, file: FileIndex, scope: int, text: str) -> list[Entity]:
    """``Point(x=)`` (a keyword argument ``x=`` of a call of ``Point``): the field ``x`` where ``Point`` is
    a project class no project class of whose ancestry defines ``__init__`` or ``__new__`` (a dataclass,
    an attrs class, a NamedTuple: the generated ``__init__`` takes the fields) and that declares ``x`` in
    a class body; else unknown (the keyword names a parameter, which is no use of a field)."""
    callee, _, name = text[:-2].rpartition("(")
    out: list[Entity] = []
    entities = resolver.made_up_text(file, scope, callee)  # (each keyword of a call asks for it)
    defined = [entity.id for entity in entities if isinstance(entity, Sym)]
    if len(defined) > 1:  # (``if TYPE_CHECKING: class Parts(TypedDict)`` / ``else: class Parts(dict)``: the one
        kept = set(file.rules.prefer_targets(resolver, EdgeKind.REFERENCES, defined))  # a type checker reads)
        entities = [entity for entity in entities if not isinstance(entity, Sym) or entity.id in kept]
    for entity in entities:
        if not isinstance(entity, Sym) or resolver.symbols[entity.id].kind is not SymbolKind.CLASS:
            return [UNKNOWN]
        if any(special in resolver.members.get(ancestor, {}) for ancestor in resolver.mro(entity.id)
               for special in ("__init__", "__new__")):
            return [UNKNOWN]
        found = resolver.class_member(entity.id, name)
        if not found or not all(isinstance(f, Sym) and _class_body_field(resolver, f.id) for f in found):
            return [UNKNOWN]
        out += [f for f in found if f not in out]
    return out or [UNKNOWN]


def _class_body_field(resolver: Resolving, symbol_id: str) -> bool:
    """Is the symbol a field declared in its class's body (``x: int``, ``x = attr.ib()``), not by ``self.x =``?"""
    symbol = resolver.symbols[symbol_id]
    if symbol.kind is not SymbolKind.FIELD or symbol.parent is None:
        return False
    line = symbol.span[0]
    return not any(
        resolver.symbols[i].kind.category is Category.CALLABLE and resolver.symbols[i].span[0] <= line
        <= resolver.symbols[i].span[2]
        for ids in resolver.members.get(symbol.parent, {}).values() for i in ids
    )


#: an entity as plain data: ("s", id) a symbol, ("x", name, package) external, ("i", type id) an
#: instance, ("u",) unknown
Encoded = tuple[str, ...] | tuple[str, str, str | None]


#: a file's answers: (scope, span) of a call site → its callees; and the extra calls (scope, text, span, callees)
FileAnswers = tuple[dict[tuple[int, Span], tuple[Encoded, ...]], list[tuple[int, str, Span, tuple[Encoded, ...]]]]


def _encode(entities: list[Entity]) -> tuple[Encoded, ...]:
    out: list[Encoded] = []
    for entity in entities:
        if isinstance(entity, Sym):
            out.append(("s", entity.id))
        elif isinstance(entity, External):
            out.append(("x", entity.name, entity.package))
        elif isinstance(entity, Instance):
            out.append(("i", entity.type_id))
        else:
            out.append(("u",))
    return tuple(out)


def _decode(encoded: tuple[Encoded, ...]) -> list[Entity]:
    out: list[Entity] = []
    for item in encoded:
        tag = item[0]
        if tag == "s":
            out.append(Sym(item[1]))  # type: ignore[arg-type]
        elif tag == "x":
            out.append(External(item[1], item[2]))  # type: ignore[arg-type, misc]
        elif tag == "i":
            out.append(Instance(item[1]))  # type: ignore[arg-type]
        else:
            out.append(UNKNOWN)
    return out


def _known_builtin(base: str) -> type | None:
    """The built-in class whose members are known, for a base named ``object``, ``Exception``,
    ``builtins.KeyError`` …; None for any other name."""
    name = base.removeprefix("builtins.")
    found = getattr(builtins, name, None) if "." not in name else None
    if found is object or (isinstance(found, type) and issubclass(found, BaseException)):
        return found
    return None


def _certain_new(resolver: Resolving, analysis: Any, path: str,
                 calls: list[tuple[RawRef, list[Entity]]]) -> list[tuple[RawRef, list[Entity]]]:
    """The solver's ``__new__`` of a call of a class runs where the callee is a class whose MRO reaches it; where
    the site may call another callee (a class method's ``cls(item)``: the class or any subclass, one of which
    only defines ``__new__``, as pyparsing's ``Literal`` does), the call may not reach it: uncertain."""
    out: list[tuple[RawRef, list[Entity]]] = []
    for ref, entities in calls:
        if ref.text == "__new__" and UNKNOWN not in entities:
            news = {e.id for e in entities if isinstance(e, Sym)}
            site = analysis.site_entities(path, ref.scope, ref.span)
            if site is None or not all(
                    isinstance(callee, Sym) and resolver.symbols[callee.id].kind is SymbolKind.CLASS
                    and any(isinstance(m, Sym) and m.id in news for m in resolver.class_member(callee.id, "__new__"))
                    for callee in site):
                entities = [*entities, UNKNOWN]
        out.append((ref, entities))
    return out
