"""Fixtures of the persistent index's tests: a project written to a temporary folder with its own
cache, and a spy on the points-to solver."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from store_helpers import write_tree


@pytest.fixture()
def make_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, str]], Path]:
    """Write ``files`` (relative path → text) under a fresh folder whose cache is private to the test."""
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "cache"))

    def make(files: dict[str, str]) -> Path:
        root = tmp_path / "proj"
        write_tree(root, files)
        return root

    return make


@pytest.fixture()
def solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per time the whole program's points-to analysis is solved (by either solver)."""
    from codeknit.languages.python.pyflow import CompiledFlowAnalysis, FlowAnalysis

    solved: list[int] = []
    for solver in (FlowAnalysis, CompiledFlowAnalysis):
        original = solver.run

        def spy(self: object, original: object = original) -> None:
            solved.append(1)
            original(self)  # type: ignore[operator]

        monkeypatch.setattr(solver, "run", spy)
    return solved
