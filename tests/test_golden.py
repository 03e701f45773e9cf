"""Golden files: every fixture project under tests/golden/<name>/input has reviewed outputs.

``expected.skt`` is ``codeknit parse --output-mode inline --edges`` and
``expected.json`` the graph JSON document. To regenerate after an intended
change, run ``CODEKNIT_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and read
every diff before committing it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

import codeknit
from codeknit.graph.jsonio import write_graph
from codeknit.skeleton import render, to_text

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.name for p in GOLDEN.iterdir() if (p / "input").is_dir())
UPDATE = os.environ.get("CODEKNIT_UPDATE_GOLDEN") == "1"


def _outputs(case: str) -> dict[str, bytes]:
    graph = codeknit.index(GOLDEN / case / "input", collect_tests=True)
    skt = to_text(render(graph, edges=True)).encode()
    buffer = io.BytesIO()
    write_graph(graph, buffer)
    return {"expected.skt": skt, "expected.json": buffer.getvalue()}


def test_there_are_golden_cases() -> None:
    assert "python" in CASES


@pytest.mark.parametrize("case", CASES)
def test_golden(case: str) -> None:
    for name, actual in _outputs(case).items():
        expected_path = GOLDEN / case / name
        if UPDATE:
            expected_path.write_bytes(actual)
            continue
        assert expected_path.exists(), f"missing {expected_path}; generate it with CODEKNIT_UPDATE_GOLDEN=1"
        expected = expected_path.read_bytes()
        assert actual.decode() == expected.decode(), f"{case}/{name} differs from the reviewed golden file"
