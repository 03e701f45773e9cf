"""Graphviz DOT: calls, inheritance and type use, one cluster per file.

Nodes are named by their short ids (``S12``), labelled with their qualified
name and kind; edges are labelled with their kind and styled by it (calls
solid, inheritance with a hollow arrowhead, type use dashed). Every string is
quoted and escaped, so any name is safe. The caption counts the uncertain
edges that are not drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from codeknit.exporters.base import GraphSource, load_graph
from codeknit.exporters.picture import picture
from codeknit.exporters.warnings import ExportWarning, Warnings
from codeknit.graph import EdgeKind

_EDGE_STYLE = {
    EdgeKind.CALLS: "",
    EdgeKind.INHERITS: ", arrowhead=empty",
    EdgeKind.IMPLEMENTS: ", arrowhead=empty, style=dashed",
    EdgeKind.REFERENCES: ", style=dotted, color=gray40",
}


def quote(text: str) -> str:
    """A DOT double-quoted string: backslashes and quotes escaped, newlines as ``\\n``."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")
    return f'"{escaped}"'


def export(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the behavioural graph as DOT; return the warnings."""
    graph = load_graph(source, languages)
    pic = picture(graph, symbol)

    def line(text: str) -> None:
        out.write(text.encode("utf-8") + b"\n")

    line(f"digraph {quote(graph.root or 'codeknit')} {{")
    line(f"  graph [rankdir=LR, labelloc=t, fontname=Helvetica, label={quote(pic.caption())}];")
    line("  node [shape=box, style=rounded, fontname=Helvetica, fontsize=10];")
    line("  edge [fontname=Helvetica, fontsize=8];")
    current = None
    cluster = 0
    for node in pic.symbols():
        if node.path != current:
            if current is not None:
                line("  }")
            cluster += 1
            current = node.path
            line(f"  subgraph {quote(f'cluster_{cluster}')} {{")
            line(f"    label={quote(node.path)};")
        label = f"{node.qualname or node.name}\n{node.kind.value}"
        attributes = f"label={quote(label)}"
        if pic.focus is not None and node.id == pic.focus.id:
            attributes += ", penwidth=2"
        line(f"    {quote(node.short)} [{attributes}];")
    if current is not None:
        line("  }")
    for relation in pic.drawn():
        source_node, target_node = graph.get(relation.source), graph.get(relation.target)
        assert source_node is not None and target_node is not None
        line(f"  {quote(source_node.short)} -> {quote(target_node.short)} "
             f"[label={quote(relation.kind.value)}{_EDGE_STYLE[relation.kind]}];")
    line("}")
    return Warnings().list()


__all__ = ["export", "quote"]
