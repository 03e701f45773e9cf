"""``codeknit graph analyze``: a report on what is central, tangled, deep and unused.

Every number is computed over the dependency view of :mod:`codeknit.analysis.deps`: resolved
relations only, metadata left out, and the uncertain relations counted (by kind) instead of
guessed at. :func:`analyze` returns an :class:`AnalysisReport`; :func:`write_skt` and
:func:`report_json` render it. The same graph and thresholds always give the same bytes.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import IO, Any

from codeknit.analysis.algorithms import betweenness, pagerank, shortest_cycle, strongly_connected_components
from codeknit.analysis.deps import (
    DependencyView,
    ModuleGraph,
    dependency_view,
    module_graph,
)
from codeknit.graph import Category, EdgeKind, Graph, Resolution, Symbol, SymbolKind
from codeknit.languages import registry
from codeknit.workspace.testfiles import is_test_file
from codeknit.workspace.vendored import is_vendored

__all__ = ["AnalysisReport", "Thresholds", "analyze", "report_json", "write_skt"]

REPORT_VERSION = "1"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The report's knobs; the defaults are the CLI's. For a limit, 0 means "no limit"."""

    top: int = 20  # entries per ranked list
    hub_fan_in: int = 10  # a hub has at least this many distinct resolved callers/users …
    hub_fan_out: int = 10  # … or uses at least this many distinct symbols
    god_members: int = 20  # a god class has at least this many members …
    god_fan_out: int = 10  # … and its members use at least this many symbols outside it
    cycle_members: int = 20  # members listed per strongly connected component
    dead_limit: int = 50  # entries per dead-code list
    betweenness_samples: int = 256  # sources for the betweenness estimate (0: exact)

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__slots__}  # type: ignore[attr-defined]


def _limit(items: list[Any], limit: int) -> list[Any]:
    return items if limit == 0 else items[:limit]


def _round(value: float) -> float:
    return float(f"{value:.6g}")


# -- sections --------------------------------------------------------------------------------


@dataclass(slots=True)
class Cycle:
    """A strongly connected component of modules or packages, with one shortest cycle in it."""

    size: int
    members: list[str]
    cycle: list[str]
    #: per step of the cycle, one relation that makes it: ``(source id, kind, target id)``
    evidence: list[tuple[str, str, str]]


@dataclass(slots=True)
class Hub:
    id: str
    kind: str
    fan_in: int
    fan_out: int


@dataclass(slots=True)
class GodClass:
    id: str
    kind: str
    members: int
    methods: int
    fields: int
    fan_out: int


@dataclass(slots=True)
class Unused:
    id: str
    kind: str
    lines: str
    #: symbols inside it that are unused with it (not listed separately)
    inside: int = 0
    #: for "possibly used": how many ambiguous and unresolved relations could reach it
    ambiguous: int = 0
    unresolved: int = 0
    #: a method of a type whose base (or a base's base) is uncertain: it may override a method
    #: that is called through that base
    uncertain_base: bool = False


@dataclass(slots=True)
class Depth:
    id: str
    depth: int
    #: an ancestor's base class is outside the project or uncertain, so the real depth is larger
    open_ended: bool
    chain: list[str]


@dataclass(slots=True)
class Instability:
    name: str
    afferent: int  # Ca: modules that depend on it
    efferent: int  # Ce: modules it depends on

    @property
    def instability(self) -> float:
        total = self.afferent + self.efferent
        return self.efferent / total if total else 0.0


@dataclass(slots=True)
class Ranked:
    id: str
    kind: str
    score: float


@dataclass(slots=True)
class AnalysisReport:
    root: str
    thresholds: Thresholds
    files: int
    symbols: int
    metadata_symbols: int
    relations: int
    counted: dict[str, int]
    excluded_uncertain: dict[str, dict[str, int]]
    excluded_metadata: int
    excluded_structural: dict[str, int]
    module_cycles: list[Cycle] = field(default_factory=list)
    package_cycles: list[Cycle] = field(default_factory=list)
    hubs_fan_in: list[Hub] = field(default_factory=list)
    hubs_fan_in_total: int = 0
    hubs_fan_out: list[Hub] = field(default_factory=list)
    hubs_fan_out_total: int = 0
    god_classes: list[GodClass] = field(default_factory=list)
    god_classes_total: int = 0
    dead: list[Unused] = field(default_factory=list)
    dead_total: int = 0
    possibly_used: list[Unused] = field(default_factory=list)
    possibly_used_total: int = 0
    orphan_modules: list[str] = field(default_factory=list)
    orphan_modules_total: int = 0
    not_claimed: dict[str, int] = field(default_factory=dict)
    depth_histogram: dict[int, int] = field(default_factory=dict)
    deepest: list[Depth] = field(default_factory=list)
    module_instability: list[Instability] = field(default_factory=list)
    package_instability: list[Instability] = field(default_factory=list)
    pagerank: list[Ranked] = field(default_factory=list)
    betweenness: list[Ranked] = field(default_factory=list)
    betweenness_sources: int = 0
    betweenness_nodes: int = 0

    @property
    def excluded_uncertain_total(self) -> int:
        return sum(n for by_resolution in self.excluded_uncertain.values() for n in by_resolution.values())


# -- analysis --------------------------------------------------------------------------------


def analyze(graph: Graph, thresholds: Thresholds | None = None, *, root: str = "") -> AnalysisReport:
    """Compute every section of the report for ``graph``."""
    limits = thresholds or Thresholds()
    view = dependency_view(graph)
    excluded: dict[str, dict[str, int]] = {}
    for (kind, resolution), count in sorted(view.excluded_uncertain.items(), key=_kind_resolution_order):
        excluded.setdefault(kind, {})[resolution] = count
    report = AnalysisReport(
        root=root or posixpath.basename(graph.root.rstrip("/")) or ".",
        thresholds=limits,
        files=len(graph.files),
        symbols=len(graph.symbols),
        metadata_symbols=view.metadata_symbols,
        relations=len(graph.relations),
        counted=_ordered_kinds(view.counted),
        excluded_uncertain=excluded,
        excluded_metadata=view.excluded_metadata,
        excluded_structural=_ordered_kinds(view.excluded_structural),
    )
    modules = module_graph(view, "module")
    packages = module_graph(view, "package")
    report.module_cycles = _cycles(modules, view, limits)
    report.package_cycles = _cycles(packages, view, limits)
    _hubs(report, view, limits)
    _god_classes(report, view, limits)
    _unused(report, view, limits)
    _inheritance(report, view, limits)
    report.module_instability = _instability(modules, limits)
    report.package_instability = _instability(packages, limits)
    _centrality(report, view, limits)
    return report


_KIND_ORDER = {kind.value: i for i, kind in enumerate(EdgeKind)}
_RESOLUTION_ORDER = {r.value: i for i, r in enumerate(Resolution)}


def _kind_resolution_order(item: tuple[tuple[str, str], int]) -> tuple[int, int]:
    (kind, resolution), _ = item
    return _KIND_ORDER[kind], _RESOLUTION_ORDER[resolution]


def _ordered_kinds(counts: Counter[str]) -> dict[str, int]:
    return {kind: counts[kind] for kind in sorted(counts, key=_KIND_ORDER.__getitem__)}


def _cycles(modules: ModuleGraph, view: DependencyView, limits: Thresholds) -> list[Cycle]:
    cycles: list[Cycle] = []
    for component in strongly_connected_components(modules.out):
        if len(component) < 2:
            continue
        path = shortest_cycle(modules.out, component)
        evidence = []
        for a, b in zip(path, path[1:] + path[:1], strict=True):
            relation = modules.evidence[(a, b)]
            evidence.append((relation.source, relation.kind.value, relation.target))
        cycles.append(Cycle(
            size=len(component),
            members=_limit([modules.names[i] for i in component], limits.cycle_members),
            cycle=[modules.names[i] for i in path],
            evidence=evidence,
        ))
    cycles.sort(key=lambda c: (-c.size, c.members[0]))
    return cycles


def _ranked_symbols(view: DependencyView) -> list[int]:
    """Nodes that may appear in symbol rankings: not modules (module coupling has its own sections)."""
    return [i for i in range(len(view.nodes)) if not view.is_module(i)]


def _hubs(report: AnalysisReport, view: DependencyView, limits: Thresholds) -> None:
    candidates = _ranked_symbols(view)
    by_in = [i for i in candidates if len(view.into[i]) >= limits.hub_fan_in and view.into[i]]
    by_out = [i for i in candidates if len(view.out[i]) >= limits.hub_fan_out and view.out[i]]
    by_in.sort(key=lambda i: (-len(view.into[i]), i))
    by_out.sort(key=lambda i: (-len(view.out[i]), i))

    def hub(i: int) -> Hub:
        symbol = view.nodes[i]
        return Hub(symbol.id, symbol.kind.label, len(view.into[i]), len(view.out[i]))

    report.hubs_fan_in_total, report.hubs_fan_out_total = len(by_in), len(by_out)
    report.hubs_fan_in = [hub(i) for i in _limit(by_in, limits.top)]
    report.hubs_fan_out = [hub(i) for i in _limit(by_out, limits.top)]


def _subtrees(view: DependencyView) -> tuple[list[int], list[int]]:
    """Pre-order interval of each node: ``[start[i], end[i])`` holds ``i`` and everything inside it.

    The graph lists a parent before its children (pre-order), so the nodes inside a symbol are
    the ones that follow it until the first that is not its descendant.
    """
    n = len(view.nodes)
    parent = [view.index.get(s.parent, -1) if s.parent else -1 for s in view.nodes]
    end = list(range(1, n + 1))
    for i in range(n - 1, -1, -1):
        p = parent[i]
        if p != -1 and end[i] > end[p]:
            end[p] = end[i]
    return parent, end


def _god_classes(report: AnalysisReport, view: DependencyView, limits: Thresholds) -> None:
    parent, end = _subtrees(view)
    found: list[GodClass] = []
    for i, symbol in enumerate(view.nodes):
        if symbol.kind.category is not Category.TYPE:
            continue
        members = [j for j in range(i + 1, end[i]) if parent[j] == i]
        methods = sum(1 for j in members if view.nodes[j].kind.category is Category.CALLABLE)
        fields = sum(1 for j in members if view.nodes[j].kind.category is Category.VALUE)
        used = {t for j in range(i, end[i]) for t in view.out[j] if not i <= t < end[i]}
        if len(members) >= limits.god_members and len(used) >= limits.god_fan_out:
            found.append(GodClass(symbol.id, symbol.kind.label, len(members), methods, fields, len(used)))
    found.sort(key=lambda g: (-(g.members * g.fan_out), -g.members, g.id))
    report.god_classes_total = len(found)
    report.god_classes = _limit(found, limits.top)


#: files a program starts at, which nothing imports: ``index.js``/``index.ts`` is the module Node loads for a
#: package or a folder that names no other (a package's ``main`` defaults to it)
_ENTRY_FILES = re.compile(r"__main__\.py|manage\.py|(?:main|cli)\.[^./]+|setup\.py|conftest\.py"
                          r"|index\.(?:[cm]?[jt]sx?)")
_DUNDER = re.compile(r"__\w+__")
_vendored = is_vendored
_CONSTRUCTOR_NAMES = frozenset({"constructor", "new", "init"})
#: an operator overload's name as the adapters write it: C#'s ``operator +``, ``operator long`` (a conversion), C++'s
#: ``operator==``, ``operator bool``; Swift's and Scala's are the operator itself (``<``, ``+``, ``::``)
_OPERATOR = re.compile(r"operator(?![A-Za-z0-9_]).*|[^\w<][^\w]*|<[^\w]*", re.DOTALL)


def _public(symbol: Symbol, by_id: dict[str, Symbol], cache: dict[str, bool]) -> bool:
    """Exported, or a member of an exported type or namespace that is not private or protected (a symbol with no
    ``exported`` property of its own: Ruby's ``Thor::Shell::Basic#yes?`` and ``Thor::Actions#apply``, reached from
    outside through the public constants ``Thor``, ``Shell``, ``Basic``, ``Actions``)."""
    known = cache.get(symbol.id)
    if known is not None:
        return known
    exported = symbol.properties.get("exported")
    if isinstance(exported, bool):
        result = exported
    elif symbol.properties.get("visibility") in ("private", "protected", "internal") or symbol.parent is None:
        result = False
    else:
        owner = by_id.get(symbol.parent)
        result = owner is not None and owner.kind.category in (Category.TYPE, Category.MODULE) \
            and _public(owner, by_id, cache)
    cache[symbol.id] = result
    return result


def _unused(report: AnalysisReport, view: DependencyView, limits: Thresholds) -> None:
    """Dead-code candidates, "possibly used" symbols, and orphan modules (no other module depends on
    them or imports them, and they are no entry point or test).

    A callable or type is *unused* when nothing outside it has a resolved dependency on it or
    on anything inside it. It is a dead-code candidate only when it is also not public (see
    :func:`_public`), not an entry point, not in a test file, not decorated (a decorator may
    register it with a framework), not a language hook (``__dunder__`` names, constructors),
    not an accessor (read or written as an attribute), not vendored or generated, not nested in
    a function (a closure is returned or passed on as a value, which is no relation), not
    anonymous, does not override anything, in the project or outside it (a call through the base may
    reach it) and is not
    overridden (see :func:`_shared_in_a_subclass`), nor a method of an interface in use where types meet
    interfaces by their methods (:func:`_interface_methods_used`). A type instantiated through an inherited
    constructor is used (:func:`_constructed_through_base`). When an ambiguous relation names it (or
    anything inside it) as a candidate, an unresolved relation's written name ends with its name
    (or is a pattern its name matches: ``self.as_*``), or it is a method of a type with an uncertain
    base (it may override a method called through that base), it is "possibly used" instead. Values (variables,
    constants, fields) are left out: reads of a value are not relations in every language.
    Only the outermost unused symbol is listed; the ones inside it are counted with it.
    """
    graph = view.graph
    by_id = {s.id: s for s in graph.symbols}
    parent, end = _subtrees(view)
    languages = {f.path: f.language for f in graph.files}
    tests: dict[str, bool] = {}
    # (an ``overrides`` to a base outside the project, unresolved, keeps the method too: a call through that
    # base reaches it, as ``impl fmt::Display for X``'s ``fmt`` is called by ``format!``)
    overriding = {r.source for r in graph.relations if r.kind is EdgeKind.OVERRIDES}
    # a method that others override is the declaration a call through the base dispatches by (the
    # resolver may bind ``self._start()`` to the override alone): removing it breaks the override
    overridden = {r.target for r in graph.relations
                  if r.kind is EdgeKind.OVERRIDES and r.resolution is Resolution.RESOLVED}
    overridden |= _shared_in_a_subclass(graph, by_id)
    constructed = _constructed_through_base(graph, by_id)
    # ``self.as_*``: a member named at run time from a literal start (Python's getattr) may be any
    # symbol whose name starts so
    patterns = sorted((name[:-1], sources) for name, sources in view.unresolved_sources.items()
                      if name.endswith("*") and len(name) > 1)
    public_cache: dict[str, bool] = {}
    open_types = _open_types(graph)
    through_interfaces, required = _interface_methods_used(view)
    not_claimed: Counter[str] = Counter()
    dead: list[Unused] = []
    possibly: list[Unused] = []
    listed_until = -1  # nodes before this index are inside an already listed symbol
    for i, symbol in enumerate(view.nodes):
        if i < listed_until:
            continue
        category = symbol.kind.category
        if category not in (Category.CALLABLE, Category.TYPE):
            continue
        start, stop = i, end[i]
        if any(not start <= s < stop for j in range(start, stop) for s in view.into[j]):
            continue
        if any(j in view.file_uses for j in range(start, stop)):
            continue  # used by its file's own code (a metadata symbol: no node of the view)
        test = tests.get(symbol.path)
        if test is None:
            test = tests[symbol.path] = is_test_file(symbol.path, languages.get(symbol.path, symbol.language))
        reason = _kept_because(symbol, view, test, overriding, by_id, public_cache)
        if not reason and category is Category.TYPE and _holds_hook(view, start, stop):
            reason = "language hook"  # (an object of implicit conversions: the compiler applies them)
        if not reason and category is Category.TYPE and any(
                _entry_method(view.nodes[j]) for j in range(start + 1, stop) if view.nodes[j].parent == symbol.id):
            reason = "entry point"  # (``class Program { static void Main() }``)
        if not reason and symbol.id in overridden:
            reason = "overridden"
        if not reason and symbol.id in required:
            reason = "interface method"  # (of an interface in use: what its types must have)
        if not reason and symbol.id in constructed:
            continue  # used: see _constructed_through_base
        if reason:
            not_claimed[reason] += 1
            continue
        inside_ids = {view.nodes[j].id for j in range(start, stop)}
        ambiguous = sum(1 for j in range(start, stop) for s in view.candidate_sources.get(j, ())
                        if s not in inside_ids)
        unresolved = sum(1 for j in range(start, stop) if view.nodes[j].kind.category is not Category.VALUE
                         for s in view.unresolved_sources.get(view.nodes[j].name, ()) if s not in inside_ids)
        if patterns:
            unresolved += sum(1 for j in range(start, stop) if view.nodes[j].kind.category is not Category.VALUE
                              for prefix, sources in patterns if view.nodes[j].name.startswith(prefix)
                              for s in sources if s not in inside_ids)
        inside = sum(1 for j in range(start + 1, stop)
                     if view.nodes[j].kind.category in (Category.CALLABLE, Category.TYPE))
        entry = Unused(symbol.id, symbol.kind.label, f"L{symbol.span[0]}-L{symbol.span[2]}", inside)
        owner = by_id.get(symbol.parent) if symbol.parent else None
        entry.uncertain_base = (category is Category.CALLABLE and owner is not None
                                and owner.kind.category is Category.TYPE and (
                                    owner.id in open_types
                                    or symbol.name in through_interfaces.get(symbol.language, ())))
        if ambiguous or unresolved or entry.uncertain_base:
            entry.ambiguous, entry.unresolved = ambiguous, unresolved
            possibly.append(entry)
        else:
            dead.append(entry)
        listed_until = stop
    report.dead_total, report.possibly_used_total = len(dead), len(possibly)
    report.dead = _limit(dead, limits.dead_limit)
    report.possibly_used = _limit(possibly, limits.dead_limit)
    report.not_claimed = {k: not_claimed[k] for k in sorted(not_claimed)}
    # orphan modules: no other module depends on anything in them
    modules = module_graph(view, "module")
    present = {s.path for s in view.nodes}
    # an import of a file counts even between metadata symbols (a C #include of a header)
    imported = {by_id[r.target].path for r in graph.relations
                if r.kind is EdgeKind.IMPORTS and r.resolution is Resolution.RESOLVED and r.target in by_id
                and by_id[r.target].path != by_id[r.source].path if r.source in by_id}
    # a package's ``__init__.py`` runs whenever a module of the package is imported: no orphan while the
    # package holds another module (an import names that module, not the ``__init__``)
    packages = {posixpath.dirname(path) for path in present
                if path.endswith((".py", ".pyi")) and posixpath.basename(path) != "__init__.py"}
    orphans = [
        name for i, name in enumerate(modules.names)
        if name in present and not modules.into[i] and name not in imported
        and not _ENTRY_FILES.fullmatch(posixpath.basename(name))
        and not (posixpath.basename(name) == "__init__.py" and posixpath.dirname(name) in packages)
        and not (name in by_id and by_id[name].properties.get("script"))  # (Python's ``if __name__ == …``)
        and not is_test_file(name, languages.get(name, ""))
    ]
    report.orphan_modules_total = len(orphans)
    report.orphan_modules = _limit(orphans, limits.dead_limit)


def _shared_in_a_subclass(graph: Graph, by_id: dict[str, Symbol]) -> set[str]:
    """Methods of unrelated bases that a common subclass holds under one name: with ``class C(Mixin,
    Base)``, ``Base.__add__`` calling ``self._combine()`` runs ``Mixin._combine`` on a ``C``. The
    analysis sees no ``overrides`` between the two (neither class inherits the other), so each is
    marked here: a call of either name through the subclass may reach both."""
    bases: dict[str, list[str]] = {}
    for relation in graph.relations:
        if relation.kind is EdgeKind.INHERITS and relation.resolution is Resolution.RESOLVED:
            bases.setdefault(relation.source, []).append(relation.target)
    methods: dict[str, dict[str, str]] = {}  # type → method name → id
    for symbol in by_id.values():
        if symbol.kind.category is Category.CALLABLE and symbol.parent in by_id \
                and by_id[symbol.parent].kind.category is Category.TYPE:
            methods.setdefault(symbol.parent, {}).setdefault(symbol.name, symbol.id)
    found: set[str] = set()
    for type_id, direct in bases.items():
        if len(direct) < 2:
            continue
        holders: dict[str, set[str]] = {}  # method name → the ids of every ancestor's definition
        pending, seen = [type_id], set()
        while pending:
            current = pending.pop()
            if current in seen:
                continue
            seen.add(current)
            for name, method in methods.get(current, {}).items():
                holders.setdefault(name, set()).add(method)
            pending.extend(bases.get(current, ()))
        for ids in holders.values():
            if len(ids) > 1:
                found.update(ids)
    return found


def _constructed_through_base(graph: Graph, by_id: dict[str, Symbol]) -> set[str]:
    """Types instantiated where the call resolved to a constructor they inherit: ``Duplex(…)`` with
    ``Duplex`` inheriting ``Base.__init__`` is a calls relation to ``Base.__init__`` whose written
    name is ``Duplex``. Such a type is used, though no relation ends at it."""
    bases: dict[str, list[str]] = {}
    for relation in graph.relations:
        if relation.kind is EdgeKind.INHERITS and relation.resolution is Resolution.RESOLVED:
            bases.setdefault(relation.source, []).append(relation.target)
    written: dict[str, set[str]] = {}  # the owner of a called constructor → the names written at the calls
    for relation in graph.relations:
        if relation.kind is EdgeKind.CALLS and relation.resolution is Resolution.RESOLVED:
            target = by_id.get(relation.target)
            if target is not None and target.parent and target.parent in by_id and relation.text:
                written.setdefault(target.parent, set()).add(relation.text.rpartition(".")[2])
    found: set[str] = set()
    if not written:
        return found
    for type_id, symbol in by_id.items():
        if symbol.kind.category is not Category.TYPE:
            continue
        pending, seen = list(bases.get(type_id, ())), set()
        while pending:
            base = pending.pop()
            if base in seen:
                continue
            seen.add(base)
            if symbol.name in written.get(base, ()):
                found.add(type_id)
                break
            pending.extend(bases.get(base, ()))
    return found


def _open_types(graph: Graph) -> set[str]:
    """Types with an ambiguous or unresolved base somewhere up their resolved hierarchy, or a base that is a type
    alias (Scala's ``new os.Generator[Path] { def generate … }`` for ``type Generator[+T] = geny.Generator[T]``:
    the alias's hierarchy, what its members implement, is not followed)."""
    bases: dict[str, list[str]] = {}
    open_types: set[str] = set()
    aliases = {s.id for s in graph.symbols if s.kind is SymbolKind.TYPE_ALIAS}
    for relation in graph.relations:
        if relation.kind in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS):
            if relation.resolution is Resolution.RESOLVED and relation.target not in aliases:
                bases.setdefault(relation.source, []).append(relation.target)
            else:
                open_types.add(relation.source)
    changed = True
    while changed:  # a fixpoint: hierarchies are shallow, and a cycle cannot loop forever
        changed = False
        for type_id, parents in bases.items():
            if type_id not in open_types and any(p in open_types for p in parents):
                open_types.add(type_id)
                changed = True
    return open_types


def _interface_methods_used(view: DependencyView) -> tuple[dict[str, set[str]], set[str]]:
    """Per language whose types meet an interface by having its methods (Go: ``LanguageSpec.structural_interfaces``),
    the names of the project's interface methods that something uses, or whose interface something uses: a type's
    method of such a name may be what a call through the interface reaches, or what makes the type one of the
    interface's (``func (*Node) node() {}`` that a sealed ``Visitable`` requires), which no relation records;
    and the ids of the methods of the interfaces used (a requirement of a used interface is used, as the
    linters of those languages count it: the marker method of a sealed interface is never called)."""
    found: dict[str, set[str]] = {}
    required: set[str] = set()
    by_id = {s.id: s for s in view.nodes}
    for i, symbol in enumerate(view.nodes):
        if symbol.kind.category is not Category.CALLABLE or symbol.parent is None:
            continue
        owner = by_id.get(symbol.parent)
        if owner is None or owner.kind is not SymbolKind.INTERFACE:
            continue
        spec = registry.get(symbol.language)
        if spec is None or not spec.structural_interfaces:
            continue
        owner_at = view.index[owner.id]
        owner_used = any(source != owner_at and view.nodes[source].parent != owner.id for source in view.into[owner_at])
        if owner_used:
            required.add(symbol.id)
        if view.into[i] or owner_used:
            found.setdefault(symbol.language, set()).add(symbol.name)
    return found, required


def _runtime_hooks(language: str) -> frozenset[str]:
    """The top-level functions the language's runtime calls by name (``LanguageSpec.runtime_hooks``: Go's
    ``init``)."""
    spec = registry.get(language)
    return spec.runtime_hooks if spec is not None else frozenset()


def _entry_method(symbol: Symbol) -> bool:
    """Is ``symbol`` a static method a program starts at (its language's ``LanguageSpec.entry_methods``)?"""
    if symbol.kind.category is not Category.CALLABLE or not symbol.properties.get("static"):
        return False
    spec = registry.get(symbol.language)
    return spec is not None and symbol.name in spec.entry_methods


def _holds_hook(view: DependencyView, start: int, stop: int) -> bool:
    """Does the type at ``view.nodes[start]`` hold a definition its language's compiler applies by itself (a
    ``hook_properties`` one: Scala's ``implicit def``), which reaches the type wherever it is in scope?"""
    spec = registry.get(view.nodes[start].language)
    if spec is None or not spec.hook_properties:
        return False
    return any(view.nodes[j].properties.get(marker) for j in range(start + 1, stop) for marker in spec.hook_properties)


def _at_namespace_level(symbol: Symbol, by_id: dict[str, Symbol]) -> bool:
    """Is ``symbol`` declared in its file or a namespace (no type's or function's member)?"""
    owner = by_id.get(symbol.parent) if symbol.parent else None
    return owner is None or owner.kind.category not in (Category.TYPE, Category.CALLABLE)


def _kept_because(symbol: Symbol, view: DependencyView, test: bool, overriding: set[str],
                  by_id: dict[str, Symbol], public_cache: dict[str, bool]) -> str:
    """Why an unused symbol is not a dead-code candidate (empty when it is one)."""
    if test or (symbol.kind.category is Category.CALLABLE and symbol.properties.get("test")):
        return "test"  # (in a test file, or a test the harness runs: Rust's ``#[test]``)
    if _vendored(symbol.path):
        return "vendored or generated"
    if symbol.parent == symbol.path and symbol.name == "main" and symbol.kind.category is Category.CALLABLE:
        return "entry point"
    if _entry_method(symbol):
        return "entry point"
    if _public(symbol, by_id, public_cache):
        return "exported"
    if symbol.properties.get("declaration"):
        return "declaration"  # (a prototype stands for its definition, which is judged on its own)
    if symbol.properties.get("decorators") or any(
        r.kind is EdgeKind.DECORATES for r in view.graph.incoming(symbol.id)
    ):
        return "decorated"
    if _DUNDER.fullmatch(symbol.name) or symbol.kind.value == "constructor" or (
        symbol.kind.value == "method" and symbol.name in _CONSTRUCTOR_NAMES
    ) or (symbol.parent == symbol.path and symbol.kind.category is Category.CALLABLE
          and symbol.name in _runtime_hooks(symbol.language)):
        return "language hook"
    spec = registry.get(symbol.language)
    if spec is not None and (
        (symbol.kind.category is Category.CALLABLE and symbol.name in spec.hook_names)
        or any(symbol.properties.get(marker) for marker in spec.hook_properties)
    ):  # (Java serialization's ``readResolve``, Scala's ``implicit def``: the runtime or the compiler calls it)
        return "language hook"
    if spec is not None and spec.is_header is not None and symbol.kind.category is Category.CALLABLE \
            and symbol.properties.get("static") and spec.is_header(symbol.path) and _at_namespace_level(symbol, by_id):
        # (``static inline int clamp(…)`` in a header: every file that includes the header compiles a copy, its
        # interface as much as a macro is; pythoncapi_compat.h's shims are there for whoever includes it)
        return "in a header"
    if symbol.kind.category is Category.CALLABLE and (
            symbol.properties.get("operator") or _OPERATOR.fullmatch(symbol.name)):
        # ``a + b``, an implicit conversion, Kotlin's ``operator fun plus``: the operator's syntax calls it,
        # which no relation records
        return "operator"
    owner = by_id.get(symbol.parent) if symbol.parent else None
    if owner is not None and owner.kind.category is Category.CALLABLE:
        # a closure is returned or handed on as a value by its function, which is no relation
        return "nested in a function"
    if symbol.name.startswith("<") or symbol.properties.get("anonymous"):
        # (Java's ``new Base() {…}``, named ``$1`` as javac does: its own expression makes the one object
        # of it, in a field's initialiser or a static block as well as in a method)
        return "anonymous"
    if symbol.id in overriding or (symbol.kind.category is Category.CALLABLE and symbol.properties.get("override")):
        # (declared ``override``: a call through the supertype reaches it, also where the graph knows no
        # ``overrides`` edge, as in an object expression, which is no symbol, or of a base outside the project)
        return "overrides"
    if symbol.kind.value in ("getter", "setter"):
        return "accessor"
    return ""


def _inheritance(report: AnalysisReport, view: DependencyView, limits: Thresholds) -> None:
    graph = view.graph
    bases: dict[str, list[str]] = {}
    open_bases: set[str] = set()
    for relation in graph.relations:
        if relation.kind not in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS):
            continue
        if relation.resolution is Resolution.RESOLVED and relation.target in view.index:
            if relation.target != relation.source:
                bases.setdefault(relation.source, []).append(relation.target)
        else:
            open_bases.add(relation.source)
    depth: dict[str, tuple[int, bool, list[str]]] = {}

    def measure(type_id: str, visiting: frozenset[str]) -> tuple[int, bool, list[str]]:
        known = depth.get(type_id)
        if known is not None:
            return known
        best: tuple[int, bool, list[str]] = (0, type_id in open_bases, [type_id])
        for base in bases.get(type_id, ()):
            if base in visiting:
                continue
            level, open_ended, chain = measure(base, visiting | {type_id})
            if level + 1 > best[0]:
                best = (level + 1, open_ended or type_id in open_bases, [type_id, *chain])
            elif open_ended and level + 1 == best[0]:
                best = (best[0], True, best[2])
        depth[type_id] = best
        return best

    histogram: Counter[int] = Counter()
    found: list[Depth] = []
    for symbol in view.nodes:
        if symbol.kind.category is not Category.TYPE:
            continue
        level, open_ended, chain = measure(symbol.id, frozenset())
        histogram[level] += 1
        if level:
            found.append(Depth(symbol.id, level, open_ended, chain))
    found.sort(key=lambda d: (-d.depth, d.id))
    report.depth_histogram = {level: histogram[level] for level in sorted(histogram)}
    report.deepest = _limit(found, limits.top)


def _instability(modules: ModuleGraph, limits: Thresholds) -> list[Instability]:
    entries = [
        Instability(name, len(modules.into[i]), len(modules.out[i]))
        for i, name in enumerate(modules.names)
        if modules.into[i] or modules.out[i]
    ]
    entries.sort(key=lambda e: (-(e.afferent + e.efferent), e.name))
    return _limit(entries, limits.top)


def _centrality(report: AnalysisReport, view: DependencyView, limits: Thresholds) -> None:
    candidates = _ranked_symbols(view)
    ranks = pagerank(view.out)
    by_rank = sorted(candidates, key=lambda i: (-_round(ranks[i]), i))
    report.pagerank = [
        Ranked(view.nodes[i].id, view.nodes[i].kind.label, _round(ranks[i])) for i in _limit(by_rank, limits.top)
    ]
    # betweenness on the part of the graph that has edges: isolated nodes lie on no path
    connected = [i for i in range(len(view.nodes)) if view.out[i] or view.into[i]]
    local = {node: k for k, node in enumerate(connected)}
    adjacency = [[local[t] for t in view.out[i]] for i in connected]
    scores, sources = betweenness(adjacency, samples=limits.betweenness_samples)
    report.betweenness_sources, report.betweenness_nodes = sources, len(connected)
    ranked = [(connected[k], _round(score)) for k, score in enumerate(scores)
              if score > 0 and not view.is_module(connected[k])]
    ranked.sort(key=lambda item: (-item[1], item[0]))
    report.betweenness = [
        Ranked(view.nodes[i].id, view.nodes[i].kind.label, score) for i, score in _limit(ranked, limits.top)
    ]


# -- rendering -------------------------------------------------------------------------------


def _fmt(value: float) -> str:
    return f"{value:.4g}"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{kind} {n}" for kind, n in counts.items()) or "none"


def _shown(shown: int, total: int) -> str:
    return f"{total}" if shown == total else f"{total}, first {shown} shown"


def write_skt(report: AnalysisReport, out: IO[str]) -> None:
    """Write the report as ``.skt``-style sections: a ``[section]`` header, then one fact per line."""
    w = out.write
    t = report.thresholds
    w(f"# codeknit graph analyze: {report.root} (report {REPORT_VERSION})\n")
    w("# resolved relations only; uncertain ones are counted below, never guessed at\n\n")
    w("[summary]\n")
    w(f"files {report.files}, symbols {report.symbols} (metadata {report.metadata_symbols}, left out), "
      f"relations {report.relations}\n")
    w(f"counted: {sum(report.counted.values())} resolved dependencies ({_counts(report.counted)})\n")
    uncertain = "; ".join(
        f"{kind} " + ", ".join(f"{resolution} {n}" for resolution, n in by_resolution.items())
        for kind, by_resolution in report.excluded_uncertain.items()
    )
    w(f"excluded uncertain: {report.excluded_uncertain_total} ({uncertain or 'none'})\n")
    w(f"excluded metadata: {report.excluded_metadata} resolved relations touching meta/file, meta/include "
      f"or type parameters\n")
    w(f"not dependencies: {_counts(report.excluded_structural)}\n")
    w("thresholds: " + ", ".join(f"{k}={v}" for k, v in t.as_dict().items()) + "\n")

    for title, cycles in (("cycles.modules", report.module_cycles), ("cycles.packages", report.package_cycles)):
        w(f"\n[{title}] {len(cycles)} strongly connected components\n")
        for number, cycle in enumerate(cycles, start=1):
            more = cycle.size - len(cycle.members)
            w(f"C{number} size={cycle.size}: {', '.join(cycle.members)}{f', … +{more}' if more else ''}\n")
            w(f"  shortest ({len(cycle.cycle)}): {' -> '.join([*cycle.cycle, cycle.cycle[0]])}\n")
            for source, kind, target in cycle.evidence:
                w(f"  {source} --{kind}--> {target}\n")

    w(f"\n[hubs.fan_in] {_shown(len(report.hubs_fan_in), report.hubs_fan_in_total)} with fan-in >= "
      f"{t.hub_fan_in}\n")
    for hub in report.hubs_fan_in:
        w(f"{hub.id} {hub.kind} in={hub.fan_in} out={hub.fan_out}\n")
    w(f"\n[hubs.fan_out] {_shown(len(report.hubs_fan_out), report.hubs_fan_out_total)} with fan-out >= "
      f"{t.hub_fan_out}\n")
    for hub in report.hubs_fan_out:
        w(f"{hub.id} {hub.kind} out={hub.fan_out} in={hub.fan_in}\n")

    w(f"\n[god_classes] {_shown(len(report.god_classes), report.god_classes_total)} with members >= "
      f"{t.god_members} and fan-out >= {t.god_fan_out}\n")
    for god in report.god_classes:
        w(f"{god.id} {god.kind} members={god.members} (methods {god.methods}, values {god.fields}) "
          f"fan_out={god.fan_out}\n")

    w(f"\n[dead_code] {_shown(len(report.dead), report.dead_total)} candidates: no resolved use and no "
      f"uncertain relation that could reach them\n")
    w("# not claimed (unused but " + ", ".join(f"{k} {v}" for k, v in report.not_claimed.items()) + ")\n"
      if report.not_claimed else "")
    for entry in report.dead:
        w(f"{entry.id} {entry.kind} {entry.lines}{f' +{entry.inside} inside' if entry.inside else ''}\n")
    w(f"\n[possibly_used] {_shown(len(report.possibly_used), report.possibly_used_total)}: no resolved use, "
      f"but uncertain relations could reach them\n")
    for entry in report.possibly_used:
        w(f"{entry.id} {entry.kind} {entry.lines} ambiguous={entry.ambiguous} unresolved={entry.unresolved}"
          f"{' base=uncertain' if entry.uncertain_base else ''}"
          f"{f' +{entry.inside} inside' if entry.inside else ''}\n")
    w(f"\n[orphan_modules] {_shown(len(report.orphan_modules), report.orphan_modules_total)}: no other module "
      f"depends on them (entry points and tests left out)\n")
    for name in report.orphan_modules:
        w(f"{name}\n")

    histogram = ", ".join(f"{level}:{n}" for level, n in report.depth_histogram.items())
    w("\n[inheritance] depth over resolved bases; + means a base outside the project or uncertain adds more\n")
    w(f"types by depth: {histogram or 'none'}\n")
    for deep in report.deepest:
        w(f"{deep.id} depth={deep.depth}{'+' if deep.open_ended else ''}: {' -> '.join(deep.chain[1:])}\n")

    for title, entries in (("instability.modules", report.module_instability),
                           ("instability.packages", report.package_instability)):
        w(f"\n[{title}] I = Ce/(Ca+Ce), most coupled first\n")
        for coupling in entries:
            w(f"{coupling.name} Ca={coupling.afferent} Ce={coupling.efferent} I={_fmt(coupling.instability)}\n")

    w("\n[pagerank] damping 0.85 over resolved dependencies\n")
    for ranked in report.pagerank:
        w(f"{ranked.id} {ranked.kind} {_fmt(ranked.score)}\n")
    exact = report.betweenness_sources >= report.betweenness_nodes
    w(f"\n[betweenness] {'exact' if exact else f'estimated from {report.betweenness_sources} sources'} over "
      f"{report.betweenness_nodes} connected symbols\n")
    for ranked in report.betweenness:
        w(f"{ranked.id} {ranked.kind} {_fmt(ranked.score)}\n")


def report_json(report: AnalysisReport) -> dict[str, Any]:
    """The report as plain JSON data (the same facts as :func:`write_skt`)."""

    def unused(entry: Unused, possibly: bool) -> dict[str, Any]:
        data: dict[str, Any] = {"id": entry.id, "kind": entry.kind, "lines": entry.lines, "inside": entry.inside}
        if possibly:
            data.update(ambiguous=entry.ambiguous, unresolved=entry.unresolved, uncertain_base=entry.uncertain_base)
        return data

    def cycles(items: list[Cycle]) -> list[dict[str, Any]]:
        return [{"size": c.size, "members": c.members, "shortest_cycle": c.cycle,
                 "evidence": [{"from": s, "kind": k, "to": t} for s, k, t in c.evidence]} for c in items]

    def instability(items: list[Instability]) -> list[dict[str, Any]]:
        return [{"name": e.name, "ca": e.afferent, "ce": e.efferent, "instability": _round(e.instability)}
                for e in items]

    return {
        "report": "codeknit.graph.analyze",
        "version": REPORT_VERSION,
        "root": report.root,
        "thresholds": report.thresholds.as_dict(),
        "summary": {
            "files": report.files, "symbols": report.symbols, "metadata_symbols": report.metadata_symbols,
            "relations": report.relations, "counted": report.counted,
            "excluded": {"uncertain": report.excluded_uncertain,
                         "uncertain_total": report.excluded_uncertain_total,
                         "metadata": report.excluded_metadata,
                         "structural": report.excluded_structural},
        },
        "cycles": {"modules": cycles(report.module_cycles), "packages": cycles(report.package_cycles)},
        "hubs": {
            "fan_in": {"total": report.hubs_fan_in_total,
                       "items": [{"id": h.id, "kind": h.kind, "fan_in": h.fan_in, "fan_out": h.fan_out}
                                 for h in report.hubs_fan_in]},
            "fan_out": {"total": report.hubs_fan_out_total,
                        "items": [{"id": h.id, "kind": h.kind, "fan_in": h.fan_in, "fan_out": h.fan_out}
                                  for h in report.hubs_fan_out]},
        },
        "god_classes": {"total": report.god_classes_total,
                        "items": [{"id": g.id, "kind": g.kind, "members": g.members, "methods": g.methods,
                                   "values": g.fields, "fan_out": g.fan_out} for g in report.god_classes]},
        "dead_code": {"total": report.dead_total, "items": [unused(e, False) for e in report.dead],
                      "not_claimed": report.not_claimed},
        "possibly_used": {"total": report.possibly_used_total,
                          "items": [unused(e, True) for e in report.possibly_used]},
        "orphan_modules": {"total": report.orphan_modules_total, "items": report.orphan_modules},
        "inheritance": {"histogram": {str(k): v for k, v in report.depth_histogram.items()},
                        "deepest": [{"id": d.id, "depth": d.depth, "open_ended": d.open_ended, "chain": d.chain}
                                    for d in report.deepest]},
        "instability": {"modules": instability(report.module_instability),
                        "packages": instability(report.package_instability)},
        "pagerank": [{"id": r.id, "kind": r.kind, "score": r.score} for r in report.pagerank],
        "betweenness": {"sources": report.betweenness_sources, "nodes": report.betweenness_nodes,
                        "items": [{"id": r.id, "kind": r.kind, "score": r.score} for r in report.betweenness]},
    }

