"""Mermaid flowchart: the same picture as DOT, for a Markdown page.

Nodes are named by their short ids and grouped in a subgraph per file; labels
are double-quoted with Mermaid's entity codes for the characters a label
cannot hold (``"`` as ``#quot;``, ``#`` as ``#35;``, ``<`` and ``>``, ``&``,
backticks). The title counts the uncertain edges that are not drawn. Mermaid
refuses to render more than 500 edges (its ``maxEdges`` setting): past that,
the exporter still writes the chart and warns.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

import orjson

from codeknit.exporters.base import GraphSource, load_graph
from codeknit.exporters.picture import picture
from codeknit.exporters.warnings import ExportWarning, Warnings
from codeknit.graph import EdgeKind

#: Mermaid's default maxEdges: more and it renders an error instead of the chart
MAX_EDGES = 500

_ARROWS = {
    EdgeKind.CALLS: "-->",
    EdgeKind.INHERITS: "==>",
    EdgeKind.IMPLEMENTS: "-.->",
    EdgeKind.REFERENCES: "-.->",
}
_ENTITIES = {"#": "#35;", '"': "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "`": "#96;"}


def label(text: str) -> str:
    """A double-quoted Mermaid label, with entity codes for the characters that would break it."""
    escaped = "".join(_ENTITIES.get(ch, ch) for ch in text).replace("\r", "").replace("\n", "<br>")
    return f'"{escaped}"'


def export(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the behavioural graph as a Mermaid flowchart; return the warnings."""
    graph = load_graph(source, languages)
    pic = picture(graph, symbol)
    warnings = Warnings()

    def line(text: str) -> None:
        out.write(text.encode("utf-8") + b"\n")

    line("---")
    line(f"title: {orjson.dumps(pic.caption()).decode()}")
    line("---")
    line("flowchart LR")
    current = None
    group = 0
    for node in pic.symbols():
        if node.path != current:
            if current is not None:
                line("  end")
            group += 1
            current = node.path
            line(f"  subgraph F{group}[{label(node.path)}]")
        line(f"    {node.short}[{label(node.qualname or node.name)}]")
    if current is not None:
        line("  end")
    for relation in pic.drawn():
        source_node, target_node = graph.get(relation.source), graph.get(relation.target)
        assert source_node is not None and target_node is not None
        line(f"  {source_node.short} {_ARROWS[relation.kind]}|{relation.kind.value}| {target_node.short}")
    if pic.focus is not None:
        line(f"  style {pic.focus.short} stroke-width:3px")
    if pic.edges > MAX_EDGES:
        warnings.add("too-many-edges", f"{pic.edges} edges: Mermaid stops rendering past {MAX_EDGES} edges "
                     "(its maxEdges setting); draw around one symbol with --symbol, or use -f dot")
    return warnings.list()


__all__ = ["MAX_EDGES", "export", "label"]
