"""The dependency view of a graph: which relations the reports count, and which they leave out.

* **Nodes** are the graph's symbols except metadata (``meta/*``: type parameters, files and
  includes), which the ``.skt`` spec keeps out of dependency rankings and dead-code findings.
* **Edges** are resolved relations of the dependency kinds (``calls``, ``references``,
  ``inherits``, ``implements``, ``imports``, ``decorates``) between two such nodes. A pair of
  symbols counts once however many relations or use sites join it; self-loops are dropped. A relation
  without a site whose use another relation's site carries (a base written in another file than its
  type: the type's siteless ``implements`` and the ``references`` where it is written,
  ``graph.model.carried_uses``) is left out: the use counts once, from where it is written.
* **Excluded, and counted**: every ``ambiguous`` or ``unresolved`` relation (by kind and
  resolution), resolved relations that touch metadata, and the structural kinds ``contains``
  and ``overrides`` (which describe nesting and the class hierarchy, not a use). A file whose
  symbol is metadata (C's and C++'s ``meta/file``) still uses what its file-level code names
  (``static dictType d = { hash, … };``): such uses are remembered (``file_uses``), so their
  targets are no dead code, as those of a Python module's top-level code are not.

Uncertain relations are still remembered for one purpose: a symbol that one of them *could*
reach (an ambiguous candidate, or an unresolved name whose last part is the symbol's name) is
never reported as unused.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from codeknit.graph import Category, EdgeKind, Graph, Relation, Resolution, Symbol, SymbolKind
from codeknit.graph.model import carried_uses

__all__ = ["DEPENDENCY_KINDS", "DependencyView", "ModuleGraph", "dependency_view", "member_name", "module_graph"]

DEPENDENCY_KINDS: tuple[EdgeKind, ...] = (
    EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.IMPORTS,
    EdgeKind.DECORATES,
)
_DEPENDENCY = frozenset(DEPENDENCY_KINDS)


def member_name(written: str) -> str:
    """The last part of a written name: ``append`` for ``app.py::items.append``."""
    return written.rpartition("::")[2].rpartition(".")[2].rpartition("/")[2]


@dataclass(slots=True)
class DependencyView:
    """Resolved dependencies between non-metadata symbols, as integer adjacency lists."""

    graph: Graph
    nodes: list[Symbol]
    index: dict[str, int]
    out: list[list[int]]
    into: list[list[int]]
    #: the first relation (in graph order) behind each counted pair
    evidence: dict[tuple[int, int], Relation]
    counted: Counter[str] = field(default_factory=Counter)
    excluded_uncertain: Counter[tuple[str, str]] = field(default_factory=Counter)
    excluded_metadata: int = 0
    excluded_structural: Counter[str] = field(default_factory=Counter)
    metadata_symbols: int = 0
    #: ambiguous relations naming a symbol as a candidate: symbol index → sources
    candidate_sources: dict[int, list[str]] = field(default_factory=dict)
    #: unresolved relations by the last part of the written name → sources
    unresolved_sources: dict[str, list[str]] = field(default_factory=dict)
    #: symbols a file's own code uses where the file is metadata (no node): symbol index → the files
    file_uses: dict[int, list[str]] = field(default_factory=dict)

    @property
    def excluded_uncertain_total(self) -> int:
        return sum(self.excluded_uncertain.values())

    def is_module(self, node: int) -> bool:
        symbol = self.nodes[node]
        return symbol.kind.category is Category.MODULE and symbol.parent is None


def dependency_view(graph: Graph) -> DependencyView:
    nodes = [s for s in graph.symbols if s.kind.category is not Category.META]
    index = {s.id: i for i, s in enumerate(nodes)}
    meta_ids = {s.id for s in graph.symbols if s.kind.category is Category.META}
    meta_files = {s.id for s in graph.symbols if s.kind is SymbolKind.FILE and s.parent is None}
    file_uses: dict[int, list[str]] = defaultdict(list)
    pairs: dict[tuple[int, int], Relation] = {}
    view = DependencyView(graph, nodes, index, [], [], pairs, metadata_symbols=len(meta_ids))
    candidate_sources: dict[int, list[str]] = defaultdict(list)
    unresolved_sources: dict[str, list[str]] = defaultdict(list)
    carried = carried_uses(graph.relations)
    for relation in graph.relations:
        kind = relation.kind.value
        if relation.resolution is not Resolution.RESOLVED:
            view.excluded_uncertain[(kind, relation.resolution.value)] += 1
            if relation.resolution is Resolution.AMBIGUOUS:
                for candidate in relation.candidates:
                    position = index.get(candidate)
                    if position is not None:
                        candidate_sources[position].append(relation.source)
            elif getattr(relation, "package", None) is None and relation.kind is not EdgeKind.OVERRIDES:
                # an unresolved name that an import says comes from outside the project cannot be
                # a project symbol; any other could be one of the same name (what a method overrides
                # outside the project is no use of anything)
                unresolved_sources[member_name(relation.target)].append(relation.source)
            continue
        if relation.source in meta_ids or relation.target in meta_ids:
            view.excluded_metadata += 1
            if relation.source in meta_files and relation.kind in _DEPENDENCY:
                target = index.get(relation.target)
                if target is not None:
                    file_uses[target].append(relation.source)
            continue
        if relation.kind not in _DEPENDENCY:
            view.excluded_structural[kind] += 1
            continue
        source, target = index.get(relation.source), index.get(relation.target)
        if source is None or target is None or source == target or (carried and id(relation) in carried):
            continue
        view.counted[kind] += 1
        pairs.setdefault((source, target), relation)
    out: list[list[int]] = [[] for _ in nodes]
    into: list[list[int]] = [[] for _ in nodes]
    for source, target in pairs:
        out[source].append(target)
        into[target].append(source)
    for successors in out:
        successors.sort()
    for predecessors in into:
        predecessors.sort()
    view.out, view.into = out, into
    view.candidate_sources = dict(candidate_sources)
    view.unresolved_sources = dict(unresolved_sources)
    view.file_uses = dict(file_uses)
    return view


@dataclass(slots=True)
class ModuleGraph:
    """Dependencies lifted from symbols to their files (``level="module"``) or directories (``"package"``)."""

    level: str
    names: list[str]
    out: list[list[int]]
    into: list[list[int]]
    #: one symbol-level relation behind each counted pair (the first in graph order)
    evidence: dict[tuple[int, int], Relation]


def package_of(path: str) -> str:
    return posixpath.dirname(path) or "."


def module_graph(view: DependencyView, level: str = "module") -> ModuleGraph:
    key = (lambda path: path) if level == "module" else package_of
    names = sorted({key(f.path) for f in view.graph.files} | {key(s.path) for s in view.nodes})
    position = {name: i for i, name in enumerate(names)}
    of_node = [position[key(s.path)] for s in view.nodes]
    evidence: dict[tuple[int, int], Relation] = {}
    for (source, target), relation in view.evidence.items():
        a, b = of_node[source], of_node[target]
        if a != b and (a, b) not in evidence:
            evidence[(a, b)] = relation
    out: list[list[int]] = [[] for _ in names]
    into: list[list[int]] = [[] for _ in names]
    for a, b in sorted(evidence):
        out[a].append(b)
        into[b].append(a)
    for predecessors in into:
        predecessors.sort()
    return ModuleGraph(level, names, out, into, evidence)
