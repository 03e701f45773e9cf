"""Cross-check of our SCIP against scip-python, the real Python indexer (runs when tools/node-checkers is installed).

Definitions must sit at exactly scip-python's ranges, and references must name the
same definition wherever both tools resolve them. The differences that remain are
known and explained in docs/exporters.md; this test fails on any other.
"""

from __future__ import annotations

import sys

import pytest
from exporter_helpers import GOLDEN_INPUTS, REPO

sys.path.insert(0, str(REPO / "bench"))
import scip_python_check  # noqa: E402


def test_agreement_with_scip_python() -> None:
    if not scip_python_check.DEFAULT_SCIP_PYTHON.exists():
        pytest.skip("scip-python is not installed: run `npm ci` in tools/node-checkers (.ci/run does)")
    report = scip_python_check.compare(GOLDEN_INPUTS / "python" / "input", scip_python_check.DEFAULT_SCIP_PYTHON)
    definitions, references = report["definitions"], report["references"]
    # scip-python stops defining after the syntax error in broken.py, and gives a property's setter no definition
    assert {path for path, _ in definitions["missing"]} <= {"shop/broken.py", "shop/models.py"}
    assert definitions["missing"] == [m for m in definitions["missing"] if m[0] == "shop/broken.py"] + [
        ("shop/models.py", (50, 8, 50, 13))]
    assert definitions["at the same range in scip-python"] == definitions["codeknit"] - len(definitions["missing"])
    # the two disagreements are calls of a parameter: the points-to analysis says what is called (the class
    # behind cls(...), the decorated function behind a decorator's fn(...)), scip-python names the parameter
    assert [d["at"] for d in references["disagreements"]] == [
        ("shop/models.py", (33, 15, 33, 18)), ("shop/service.py", (14, 15, 14, 17))]
    assert references["both resolve, same definition"] >= 18
