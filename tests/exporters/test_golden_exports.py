"""Golden output of every format on two fixtures: the Python golden project, and a polyglot tree.

The polyglot tree (``fixtures/polyglot``) holds Python, TypeScript and Go
projects, each with its manifest, and lines with non-ASCII text before
identifiers (so LSIF's UTF-16 columns differ from the graph's byte columns).
SCIP output is compared in protobuf text form, decoded by the ``protobuf``
package. Regenerate with ``CODEKNIT_UPDATE_GOLDEN=1 pytest tests/exporters`` and
read every diff before committing it.
"""

from __future__ import annotations

import io
import os
from types import ModuleType

import pytest
from exporter_helpers import GOLDEN_FIXTURES, HERE, graph_of

from codeknit.exporters import FORMATS

UPDATE = os.environ.get("CODEKNIT_UPDATE_GOLDEN") == "1"
GOLDEN = HERE / "golden"


def rendered(fixture: str, fmt: str, scip_pb2: ModuleType) -> tuple[bytes, list[str]]:
    root = GOLDEN_FIXTURES[fixture]
    out = io.BytesIO()
    warnings = FORMATS[fmt].export(graph_of(root), out, source_root=root)
    data = out.getvalue()
    if fmt == "scip":
        from google.protobuf import text_format

        index = scip_pb2.Index()
        index.ParseFromString(data)
        data = text_format.MessageToString(index, as_utf8=True).encode()
    data = data.replace(root.resolve().as_uri().encode(), b"file:///" + fixture.encode())
    return data, [f"{w.code} {w.count}" for w in warnings]


@pytest.mark.parametrize("fixture", sorted(GOLDEN_FIXTURES))
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_golden_export(fixture: str, fmt: str, scip_pb2: ModuleType) -> None:
    data, warnings = rendered(fixture, fmt, scip_pb2)
    extension = ".txt" if fmt == "scip" else FORMATS[fmt].extension
    expected_path = GOLDEN / fixture / f"{fmt}{extension}"
    warnings_path = GOLDEN / fixture / f"{fmt}.warnings"
    text = "\n".join(warnings) + "\n" if warnings else ""
    if UPDATE:
        expected_path.parent.mkdir(parents=True, exist_ok=True)
        expected_path.write_bytes(data)
        warnings_path.write_text(text)
        return
    assert expected_path.exists(), f"missing {expected_path}; generate it with CODEKNIT_UPDATE_GOLDEN=1"
    assert data.decode() == expected_path.read_bytes().decode(), f"{fixture}/{fmt} differs from the reviewed golden"
    assert text == warnings_path.read_text(), f"{fixture}/{fmt}: the warnings differ"
