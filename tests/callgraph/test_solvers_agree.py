"""The compiled solver (``codeknit._pyflow``) gives the Python solver's answers, byte for byte.

The Python solver (``resolve/pyflow/solver.py``) is the specification. Every hand-written program of
``cases/`` and generated programs are analysed with each (``CODEKNIT_PYFLOW=python`` forces the Python
one), and every relation of the two graphs must be the same: calls with their resolution, candidates,
spans and external names, and every other edge. Where the extension is not built these tests skip,
unless ``CODEKNIT_REQUIRE_COMPILED`` is set (``.ci/run`` sets it: there they must run).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from callgraph_cases import all_cases, index_files, load, require_compiled
from hypothesis import given, settings
from hypothesis import strategies as st
from test_copy_edges import _body, _program, _statement

from codeknit.languages.python.pyflow import CompiledFlowAnalysis, FlowAnalysis


@pytest.fixture(autouse=True)
def _compiled() -> None:
    require_compiled()


def _relations(files: dict[str, str], solver: str) -> list[tuple[Any, ...]]:
    previous = os.environ.get("CODEKNIT_PYFLOW")
    os.environ["CODEKNIT_PYFLOW"] = solver
    try:
        graph = index_files(files)
    finally:
        if previous is None:
            del os.environ["CODEKNIT_PYFLOW"]
        else:
            os.environ["CODEKNIT_PYFLOW"] = previous
    return [(r.source, r.kind.value, r.target, r.resolution.value, r.candidates, r.text, r.spans, r.package)
            for r in graph.relations]


@pytest.mark.parametrize("path", all_cases(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_both_solvers_answer_every_program_alike(path: Path) -> None:
    case = load(path)
    python = _relations(case.files, "python")
    compiled = _relations(case.files, "compiled")
    assert compiled == python


_FIXTURES = Path(__file__).resolve().parents[1] / "resolution" / "python"


def test_both_solvers_answer_the_resolution_fixture_alike() -> None:
    """The resolution fixture's Python project: annotations, packages, imports of every form."""
    files = {str(p.relative_to(_FIXTURES)): p.read_text(encoding="utf-8") for p in sorted(_FIXTURES.rglob("*.py"))}
    assert files
    assert _relations(files, "compiled") == _relations(files, "python")


@settings(max_examples=60, deadline=None)
@given(functions=st.lists(_body, min_size=4, max_size=4), methods=st.lists(_body, min_size=2, max_size=2),
       module=st.lists(_statement, min_size=1, max_size=5))
def test_both_solvers_answer_generated_programs_alike(functions: list[list[str]], methods: list[list[str]],
                                                      module: list[str]) -> None:
    files = {"main.py": _program(functions, methods, module)}
    assert _relations(files, "compiled") == _relations(files, "python"), files["main.py"]


def test_the_switch_picks_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CODEKNIT_PYFLOW=python`` runs the Python solver, and the default the compiled one (or the tests
    above would compare a solver with itself)."""
    ran: list[str] = []
    for solver, name in ((FlowAnalysis, "python"), (CompiledFlowAnalysis, "compiled")):
        original = solver.run

        def spy(self: object, original: Any = original, name: str = name) -> None:
            ran.append(name)
            original(self)

        monkeypatch.setattr(solver, "run", spy)
    files = {"main.py": "def f():\n    pass\n\n\nf()\n"}
    _relations(files, "python")
    monkeypatch.delenv("CODEKNIT_PYFLOW", raising=False)
    _relations(files, "")
    assert ran == ["python", "compiled"]
