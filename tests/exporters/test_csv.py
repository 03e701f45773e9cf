"""CSV: RFC 4180 rows with a documented header, loaded into SQLite with .import (or python's csv)."""

from __future__ import annotations

import csv
import io
import shutil
import sqlite3
import subprocess
from pathlib import Path

from exporter_helpers import FIXTURES, graph_of

from codeknit.exporters import csv as csv_export

ROOT = FIXTURES / "polyglot"


def _write(tmp_path: Path) -> tuple[Path, Path]:
    graph = graph_of(ROOT)
    nodes, edges = tmp_path / "nodes.csv", tmp_path / "edges.csv"
    with nodes.open("wb") as out:
        csv_export.export_nodes(graph, out)
    with edges.open("wb") as out:
        csv_export.export_edges(graph, out)
    return nodes, edges


def test_rows_and_headers(tmp_path: Path) -> None:
    nodes, edges = _write(tmp_path)
    graph = graph_of(ROOT)
    assert b"\r\n" in nodes.read_bytes()
    with nodes.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert tuple(rows[0]) == csv_export.NODE_COLUMNS and len(rows) == len(graph.symbols) + 1
    with edges.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == len(graph.relations)
    ambiguous = next(r for r in rows if r["resolution"] == "ambiguous" and r["text"] == "x.area")
    assert ambiguous["candidates"] == '["web/src/util.ts::Shape.area","web/src/util.ts::Circle.area"]'
    call = next(r for r in rows if r["text"] == "util.Double")
    assert (call["from_name"], call["to_name"], call["to_path"], call["to_short"]) == (
        "main", "Double", "svc/util/util.go", graph.get("svc/util/util.go::Double").short)  # type: ignore[union-attr]


def test_sqlite_import(tmp_path: Path) -> None:
    nodes, edges = _write(tmp_path)
    database = tmp_path / "graph.db"
    sqlite = shutil.which("sqlite3")
    if sqlite is not None:  # the command-line shell's own .import, as a user would run it
        script = f".import --csv {nodes} nodes\n.import --csv {edges} edges\n"
        subprocess.run([sqlite, str(database)], input=script, text=True, check=True, timeout=60)
    else:
        with sqlite3.connect(database) as connection:
            for table, path in (("nodes", nodes), ("edges", edges)):
                with path.open(newline="", encoding="utf-8") as handle:
                    reader = csv.reader(handle)
                    header = next(reader)
                    columns = ", ".join(f'"{c}"' for c in header)
                    connection.execute(f"CREATE TABLE {table} ({columns})")
                    marks = ", ".join("?" for _ in header)
                    connection.executemany(f"INSERT INTO {table} VALUES ({marks})", reader)
    with sqlite3.connect(database) as connection:
        graph = graph_of(ROOT)
        assert connection.execute("SELECT count(*) FROM nodes").fetchone()[0] == len(graph.symbols)
        assert connection.execute("SELECT count(*) FROM edges").fetchone()[0] == len(graph.relations)
        # multi-line docs and quotes survive; endpoints join back to nodes
        doc = connection.execute("SELECT doc FROM nodes WHERE id = 'py/app/core.py::Greeter'").fetchone()[0]
        assert doc == "Says hello — politely."
        callers = connection.execute(
            "SELECT e.from_name FROM edges e JOIN nodes n ON n.id = e.\"to\" "
            "WHERE n.qualname = 'Double' AND e.kind = 'calls' ORDER BY 1").fetchall()
        assert [c[0] for c in callers] == ["Get", "Triple", "main"]
        spans = connection.execute(
            "SELECT json_extract(spans, '$[0][0]') FROM edges WHERE text = 'util.Triple'").fetchone()[0]
        assert spans == 11


def test_symbol_keeps_the_rows_touching_it() -> None:
    out = io.BytesIO()
    csv_export.export_edges(graph_of(ROOT), out, symbol="svc/util/util.go::Double")
    rows = list(csv.DictReader(io.StringIO(out.getvalue().decode())))
    assert rows and all("svc/util/util.go::Double" in (r["from"], r["to"]) for r in rows)
