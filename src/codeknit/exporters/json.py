"""The graph JSON document itself (``docs/graph-schema.md``), for completeness."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from codeknit.exporters.base import GraphSource, load_graph
from codeknit.exporters.warnings import ExportWarning, Warnings
from codeknit.graph.jsonio import write_graph


def export(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the graph JSON document (restricted to ``languages`` when given); return the warnings."""
    graph = load_graph(source, languages)
    warnings = Warnings()
    if symbol is not None:
        warnings.add("symbol-ignored", "--symbol applies to dot, mermaid and csv; the JSON document holds everything")
    write_graph(graph, out)
    return warnings.list()


__all__ = ["export"]
