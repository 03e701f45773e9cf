"""Each hand-written program's call graph equals the expected one (see ``callgraph_cases.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from callgraph_cases import all_cases, analyse, load, show


@pytest.mark.parametrize("path", all_cases(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_call_graph(path: Path) -> None:
    case = load(path)
    assert case.expected or "none" in case.name, "a case states at least one expected edge"
    found = analyse(case)
    if case.weak and found != case.expected:
        pytest.xfail(case.weak)
    missing = case.expected - found
    extra = found - case.expected
    assert not missing and not extra, f"missing: {show(missing)}\nextra: {show(extra)}"
