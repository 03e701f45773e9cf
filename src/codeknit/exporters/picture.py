"""What DOT and Mermaid draw: the behavioural graph, optionally around one symbol.

Only CALLS, INHERITS_FROM (``inherits``, ``implements``) and HAS_TYPE /
REFERENCES (``references``) are drawn: CONTAINS and DECLARES turn any real
project into a hairball. Only certain edges are drawn (resolved, between two
symbols of the graph); uncertain ones (ambiguous, unresolved) are counted, and
the picture shows the count. The graph is walked twice, once to find the
nodes to declare and once to write the edges, so no picture is ever built in
memory as a whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from codeknit.exporters.base import find_symbol
from codeknit.graph import EdgeKind, Graph, Relation, Resolution, Symbol

BEHAVIOURAL = (EdgeKind.CALLS, EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.REFERENCES)
_KINDS = frozenset(BEHAVIOURAL)


@dataclass(slots=True)
class Picture:
    graph: Graph
    focus: Symbol | None = None
    nodes: set[str] = field(default_factory=set)
    edges: int = 0
    ambiguous: int = 0
    unresolved: int = 0

    def caption(self) -> str:
        subject = f"edges touching {self.focus.qualname or self.focus.name} ({self.focus.short})" if self.focus \
            else f"{self.graph.root or 'graph'}: calls, inheritance and type use"
        uncertain = self.ambiguous + self.unresolved
        text = f"{subject}; {self.edges} edges drawn"
        if uncertain:
            text += (f"; {uncertain} uncertain edges not drawn "
                     f"({self.ambiguous} ambiguous, {self.unresolved} unresolved)")
        return text

    def drawn(self) -> Iterator[Relation]:
        """The relations to draw, in graph order."""
        graph, focus = self.graph, self.focus
        for relation in graph.relations:
            if relation.kind not in _KINDS or relation.resolution is not Resolution.RESOLVED:
                continue
            if not graph.is_endpoint(relation) or relation.source not in graph:
                continue
            if focus is not None and focus.id not in (relation.source, relation.target):
                continue
            yield relation

    def symbols(self) -> list[Symbol]:
        """The symbols at the ends of drawn edges, in graph order."""
        return [s for s in self.graph.symbols if s.id in self.nodes]


def picture(graph: Graph, symbol: str | None = None) -> Picture:
    """Count what will be drawn (and what will not) around ``symbol``, or in the whole graph."""
    result = Picture(graph, find_symbol(graph, symbol) if symbol is not None else None)
    focus = result.focus.id if result.focus is not None else None
    for relation in graph.relations:
        if relation.kind not in _KINDS or relation.resolution is Resolution.RESOLVED:
            continue
        if focus is not None and focus != relation.source and focus not in relation.candidates:
            continue
        if relation.resolution is Resolution.AMBIGUOUS:
            result.ambiguous += 1
        else:
            result.unresolved += 1
    for relation in result.drawn():
        result.nodes.add(relation.source)
        result.nodes.add(relation.target)
        result.edges += 1
    return result
