"""DOT and Mermaid: only the behavioural graph, --symbol, uncertain edges counted, names escaped, real parsers."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from exporter_helpers import FIXTURES, GOLDEN_INPUTS, graph_of, node_checker, run

from codeknit.exporters import ExportError, dot, mermaid
from codeknit.graph import EdgeKind, Graph, Relation, Resolution, Symbol, SymbolKind

ROOT = GOLDEN_INPUTS / "python" / "input"


def awkward_graph(edges: int = 3) -> Graph:
    """Names that break naive quoting: quotes, backslashes, #, <, >, &, backticks, a newline, a pipe."""
    names = ['say "hi"', "back\\slash", "op#<T>&`x`|y", "line\nbreak", "operator==", "naïve"]
    symbols = []
    for i, name in enumerate(names):
        symbols.append(Symbol(id=f"w.py::{name}", name=name, qualname=name, kind=SymbolKind.FUNCTION,
                              path='dir "q"/w.py', language="python", span=(i + 1, 0, i + 1, 5),
                              name_span=(i + 1, 0, i + 1, 3)))
    relations = [Relation(symbols[i % 6].id, symbols[(i + 1) % 6].id, EdgeKind.CALLS, text="x",
                          spans=[(i + 1, 0, i + 1, 1)]) for i in range(edges)]
    relations.append(Relation(symbols[0].id, "w.py::mystery", EdgeKind.CALLS, Resolution.UNRESOLVED, text="mystery"))
    relations.append(Relation(symbols[0].id, "w.py::m", EdgeKind.CALLS, Resolution.AMBIGUOUS,
                              (symbols[1].id, symbols[2].id), text="m"))
    return Graph(root="awk\"ward", symbols=symbols, relations=relations).finalize()


def render_dot(graph: Graph, tmp_path: Path, **options: object) -> str:
    if shutil.which("dot") is None:
        pytest.skip("Graphviz is not installed (.ci/run installs it: apt-get install graphviz)")
    source = tmp_path / "graph.dot"
    with source.open("wb") as out:
        dot.export(graph, out, **options)  # type: ignore[arg-type]
    result = run(["dot", "-Tsvg", str(source)])
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
    assert "<svg" in result.stdout
    return source.read_text()


def parse_mermaid(graph: Graph, tmp_path: Path, **options: object) -> str:
    checker = node_checker("mermaid-parse.mjs")
    source = tmp_path / "graph.mmd"
    with source.open("wb") as out:
        mermaid.export(graph, out, **options)  # type: ignore[arg-type]
    result = run(["node", str(checker), str(source)])
    assert result.returncode == 0 and result.stdout.startswith("ok flowchart"), result.stdout + result.stderr
    return source.read_text()


def test_dot_renders_the_behavioural_graph_only(tmp_path: Path) -> None:
    text = render_dot(graph_of(ROOT), tmp_path)
    assert "calls" in text and "inherits" in text and "references" in text
    assert "contains" not in text and "decorates" not in text and "imports" not in text
    assert "uncertain edges not drawn (1 ambiguous, 35 unresolved)" in text  # (value uses of outside names too)


def test_dot_escapes_names(tmp_path: Path) -> None:
    text = render_dot(awkward_graph(), tmp_path)
    assert r'say \"hi\"' in text and r"back\\slash" in text and r"line\nbreak" in text
    assert "1 ambiguous, 1 unresolved" in text


def test_mermaid_parses_and_escapes(tmp_path: Path) -> None:
    text = parse_mermaid(awkward_graph(), tmp_path)
    assert "say #quot;hi#quot;" in text and "op#35;#lt;T#gt;#amp;#96;x#96;|y" in text
    parse_mermaid(graph_of(ROOT), tmp_path)
    parse_mermaid(graph_of(FIXTURES / "polyglot"), tmp_path, symbol="Double")


def test_symbol_draws_only_the_edges_touching_one_node(tmp_path: Path) -> None:
    text = render_dot(graph_of(ROOT), tmp_path, symbol="shop/models.py::Order")
    edges = [line for line in text.splitlines() if "->" in line]
    order = graph_of(ROOT).get("shop/models.py::Order")
    assert order is not None and edges and all(f'"{order.short}"' in line for line in edges)
    with pytest.raises(ExportError, match="names 2 symbols"):
        dot.export(graph_of(ROOT), io.BytesIO(), symbol="save")
    with pytest.raises(ExportError, match="no symbol"):
        mermaid.export(graph_of(ROOT), io.BytesIO(), symbol="nothing_like_this")


def test_mermaid_warns_past_500_edges() -> None:
    small = mermaid.export(awkward_graph(6), io.BytesIO())
    assert small == []
    symbols = [Symbol(id=f"m.py::f{i}", name=f"f{i}", qualname=f"f{i}", kind=SymbolKind.FUNCTION, path="m.py",
                      language="python", span=(i + 1, 0, i + 1, 9), name_span=(i + 1, 4, i + 1, 6)) for i in range(40)]
    relations = [Relation(a.id, b.id, EdgeKind.CALLS, text=b.name, spans=[(1, 0, 1, 1)])
                 for a in symbols for b in symbols[:14] if a is not b]
    big = Graph(root="big", symbols=symbols, relations=relations).finalize()
    warnings = mermaid.export(big, io.BytesIO())
    assert len(relations) > 500 and [w.code for w in warnings] == ["too-many-edges"]
