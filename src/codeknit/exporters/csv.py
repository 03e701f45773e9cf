"""CSV (RFC 4180: comma-separated, double-quoted when needed, CRLF line ends), a row per node or relation.

Both files start with a header row; ``docs/exporters.md`` documents every
column. Lists (a relation's candidates and spans, a node's properties) are
JSON in one cell, so nothing is lost and SQLite's ``json_each`` can unpack
them. ``--symbol`` keeps the rows touching one node: the relations from, to or
naming it as a candidate, and the nodes at their ends.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

import orjson

from codeknit.exporters.base import GraphSource, find_symbol, load_graph
from codeknit.exporters.warnings import ExportWarning, Warnings
from codeknit.graph import Graph, Relation, Resolution, Symbol, split_id

NODE_COLUMNS = (
    "id", "short", "name", "qualname", "category", "kind", "language", "path", "project",
    "start_line", "start_col", "end_line", "end_col",
    "name_start_line", "name_start_col", "name_end_line", "name_end_col",
    "parent", "signature", "properties", "doc",
)
EDGE_COLUMNS = (
    "from", "from_short", "from_name", "from_path",
    "kind", "resolution",
    "to", "to_short", "to_name", "to_path",
    "candidates", "text", "spans", "line",
)


class _RowWriter:
    """Writes CSV rows to a binary stream, one row at a time."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self.buffer = io.StringIO()
        self.writer = csv.writer(self.buffer, lineterminator="\r\n")

    def row(self, values: Iterable[Any]) -> None:
        self.writer.writerow(values)
        self.out.write(self.buffer.getvalue().encode("utf-8"))
        self.buffer.seek(0)
        self.buffer.truncate()


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def _node_row(graph: Graph, symbol: Symbol) -> list[Any]:
    project = graph.project_of(symbol.path)
    properties = {k: list(v) if isinstance(v, tuple) else v for k, v in symbol.properties.items()}
    return [
        symbol.id, symbol.short, symbol.name, symbol.qualname, symbol.kind.category.value, symbol.kind.value,
        symbol.language, symbol.path, project.name if project else "",
        *symbol.span, *symbol.name_span,
        symbol.parent or "", symbol.signature, _json(properties) if properties else "", symbol.doc or "",
    ]


def _edge_row(graph: Graph, relation: Relation) -> list[Any]:
    source = graph.get(relation.source)
    target = graph.endpoint(relation)
    if target is not None:
        to_short, to_name, to_path = target.short, target.name, target.path
        if relation.resolution is not Resolution.RESOLVED:
            to_short = ""
    else:
        to_short, to_path = "", ""
        to_name = split_id(relation.target)[1] or relation.target
    first_line = relation.spans[0][0] if relation.spans else ""
    return [
        relation.source, source.short if source else "", source.name if source else "", source.path if source else "",
        relation.kind.value, relation.resolution.value,
        relation.target, to_short, to_name, to_path,
        _json(list(relation.candidates)) if relation.candidates else "", relation.text,
        _json([list(s) for s in relation.spans]) if relation.spans else "", first_line,
    ]


def _touches(relation: Relation, symbol_id: str) -> bool:
    return symbol_id in (relation.source, relation.target) or symbol_id in relation.candidates


def export_nodes(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the nodes as CSV, a header row then a row per node; return the warnings."""
    graph = load_graph(source, languages)
    rows = _RowWriter(out)
    rows.row(NODE_COLUMNS)
    wanted: set[str] | None = None
    if symbol is not None:
        focus = find_symbol(graph, symbol)
        wanted = {focus.id}
        for relation in graph.relations:
            if _touches(relation, focus.id):
                wanted.update((relation.source, relation.target, *relation.candidates))
    for node in graph.symbols:
        if wanted is None or node.id in wanted:
            rows.row(_node_row(graph, node))
    return Warnings().list()


def export_edges(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the relations as CSV, a header row then a row per relation; return the warnings."""
    graph = load_graph(source, languages)
    focus = find_symbol(graph, symbol).id if symbol is not None else None
    rows = _RowWriter(out)
    rows.row(EDGE_COLUMNS)
    for relation in graph.relations:
        if focus is None or _touches(relation, focus):
            rows.row(_edge_row(graph, relation))
    return Warnings().list()


__all__ = ["EDGE_COLUMNS", "NODE_COLUMNS", "export_edges", "export_nodes"]
