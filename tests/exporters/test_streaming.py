"""Every exporter writes as it goes: many small writes, none of them the whole document."""

from __future__ import annotations

from typing import Any

import pytest

from codeknit.exporters import FORMATS
from codeknit.graph import EdgeKind, FileRecord, Graph, Relation, Symbol, SymbolKind


class RecordingStream:
    """A binary stream that keeps only the size of each write."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def write(self, data: Any) -> int:
        self.sizes.append(len(data))
        return len(data)

    def flush(self) -> None:
        pass


def big_graph(files: int = 60, per_file: int = 25) -> Graph:
    graph = Graph(root="big")
    for f in range(files):
        path = f"pkg/m{f:03}.py"
        graph.files.append(FileRecord(path, "python", 1000, ""))
        graph.symbols.append(Symbol(path, f"pkg.m{f:03}", f"pkg.m{f:03}", SymbolKind.MODULE, path, "python",
                                    (1, 0, per_file + 1, 0), (1, 0, 1, 0)))
        for i in range(per_file):
            sid = f"{path}::f{i}"
            graph.symbols.append(Symbol(sid, f"f{i}", f"f{i}", SymbolKind.FUNCTION, path, "python",
                                        (i + 1, 0, i + 1, 30), (i + 1, 4, i + 1, 6), parent=path))
            graph.relations.append(Relation(path, sid, EdgeKind.CONTAINS))
            if i:
                graph.relations.append(Relation(sid, f"{path}::f{i - 1}", EdgeKind.CALLS, text=f"f{i - 1}",
                                                spans=[(i + 1, 10, i + 1, 12)]))
    return graph.finalize()


@pytest.mark.parametrize("fmt", sorted(set(FORMATS) - {"cyclonedx"}))
def test_exporters_stream(fmt: str) -> None:
    stream = RecordingStream()
    FORMATS[fmt].export(big_graph(), stream)  # type: ignore[arg-type]
    total = sum(stream.sizes)
    assert len(stream.sizes) > 50, f"{fmt} wrote in {len(stream.sizes)} pieces"
    assert max(stream.sizes) < total / 20, f"{fmt} wrote {max(stream.sizes)} of {total} bytes at once"


def test_scip_writes_a_large_document_in_pieces() -> None:
    """A SCIP document is one length-prefixed message: a file of many occurrences is still written a piece at a
    time after its length, never built whole and copied (sympy's bench_solvers.py: a 58 MB document)."""
    stream = RecordingStream()
    FORMATS["scip"].export(big_graph(files=1, per_file=12_000), stream)  # type: ignore[arg-type]
    total = sum(stream.sizes)
    assert total > 500_000
    assert max(stream.sizes) < total / 4, f"wrote {max(stream.sizes)} of {total} bytes at once"


def test_scip_document_in_pieces_decodes_whole(scip_pb2: Any) -> None:
    """The pieces make the same document: every definition and call of a one-file graph of many symbols."""
    import io

    out = io.BytesIO()
    FORMATS["scip"].export(big_graph(files=1, per_file=12_000), out)  # type: ignore[arg-type]
    index = scip_pb2.Index()
    index.ParseFromString(out.getvalue())
    (document,) = index.documents
    definitions = [o for o in document.occurrences if o.symbol_roles & 1]
    assert len(definitions) == 12_001 and len(document.occurrences) == 12_001 + 11_999
    assert [tuple(o.range) for o in document.occurrences] == sorted(tuple(o.range) for o in document.occurrences)
    assert len(document.symbols) == 12_001
