"""Rendering is linear in the symbols and edges of a file (issue 23, item 3).

A one-line minified bundle is one file with tens of thousands of symbols, and one scope (the
bundle's function) that calls thousands of names. Rendering it was quadratic twice over: each
edge line looked its targets up in a list, and each map file scanned every relation of the graph.
These tests count the work instead of timing it.
"""

from __future__ import annotations

from codeknit.graph import EdgeKind, Graph, Relation, Resolution, Symbol, SymbolKind
from codeknit.skeleton.output import SktOptions, documents
from codeknit.skeleton.render import Renderer, RenderOptions


class CountingTarget(str):
    """A rendered endpoint that counts the comparisons made with it."""

    comparisons = 0

    def __eq__(self, other: object) -> bool:
        CountingTarget.comparisons += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def fan_out_graph(targets: int) -> Graph:
    module = Symbol(id="bundle.js", name="bundle.js", kind=SymbolKind.MODULE, path="bundle.js",
                    language="javascript", span=(1, 0, 1, 10), name_span=(1, 0, 1, 0), qualname="bundle.js")
    graph = Graph(root="r", symbols=[module])
    graph.relations = [Relation(source="bundle.js", target=f"bundle.js::f{i}", kind=EdgeKind.CALLS,
                                resolution=Resolution.UNRESOLVED) for i in range(targets)]
    graph.finalize()
    return graph


def test_an_edge_line_with_thousands_of_targets_costs_linear_comparisons() -> None:
    graph = fan_out_graph(3000)
    renderer = Renderer(graph, RenderOptions(edges=True))
    endpoint = renderer._endpoint
    renderer._endpoint = lambda *args, **kwargs: CountingTarget(endpoint(*args, **kwargs))  # type: ignore[method-assign]
    CountingTarget.comparisons = 0
    lines = renderer.edge_lines(graph.relations)
    assert len(lines) == 1 and len(lines[0].targets) == 3000
    assert CountingTarget.comparisons < 3 * 3000  # a list lookup made about 4.5 million


class CountingRelations(list):  # type: ignore[type-arg]
    """The graph's relations, counting how often they are walked whole."""

    walks = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        CountingRelations.walks += 1
        return super().__iter__()


def test_many_map_files_do_not_each_walk_every_relation() -> None:
    symbols = [Symbol(id="m.py", name="m.py", kind=SymbolKind.MODULE, path="m.py", language="python",
                      span=(1, 0, 400, 0), name_span=(1, 0, 1, 0), qualname="m")]
    symbols += [Symbol(id=f"m.py::f{i}", name=f"f{i}", kind=SymbolKind.FUNCTION, path="m.py", language="python",
                       span=(i + 1, 0, i + 1, 9), name_span=(i + 1, 4, i + 1, 6), parent="m.py", qualname=f"f{i}")
                for i in range(300)]
    graph = Graph(root="r", symbols=symbols)
    graph.relations = [Relation(source=f"m.py::f{i}", target=f"m.py::f{(i + 1) % 300}", kind=EdgeKind.CALLS,
                                resolution=Resolution.RESOLVED) for i in range(300)]
    graph.finalize()
    graph.relations = CountingRelations(graph.relations)
    CountingRelations.walks = 0
    docs = list(documents(graph, "directory-flat", SktOptions(edges=True, max_lines=10)))
    assert len(docs) > 50
    assert sum(len(doc.edges) for _, doc in docs) == 300
    assert CountingRelations.walks <= 4, "a constant number of walks, not one per map file"
