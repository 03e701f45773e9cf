"""Copy edges must not change what the points-to analysis finds.

``FlowAnalysis`` joins a plain-name argument to the callee's parameter, and a callee's return value
to the name a call is assigned to (or the caller's return value), by copy edges instead of reading
and adding the values on every evaluation of the fact. Where no set is capped, the fixpoint is the
same either way, so every ``calls`` edge must be the same, with the same candidates, as with
``copy_edges`` off (the reference: every value read and added by evaluating the fact again).

Programs are generated: functions, classes and module code passing functions, classes, instances,
bound methods and lists around through arguments, returns, attributes and containers.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import codeknit
from codeknit.graph import EdgeKind
from codeknit.languages.python.pyflow import solver
from codeknit.languages.python.pyflow.solver import CAPPED, FlowAnalysis

FUNCTIONS = ["f0", "f1", "f2", "f3"]
CLASSES = ["C0", "C1"]
LOCALS = ["a", "b", "x", "y"]

_value = st.one_of(
    st.sampled_from(LOCALS),
    st.sampled_from(FUNCTIONS),
    st.sampled_from(CLASSES),
    st.builds(lambda c, v: f"{c}({v})", st.sampled_from(CLASSES), st.sampled_from(LOCALS + FUNCTIONS)),
    st.builds(lambda f, u, v: f"{f}({u}, {v})", st.sampled_from(FUNCTIONS), st.sampled_from(LOCALS),
              st.sampled_from(LOCALS + FUNCTIONS)),
    st.builds(lambda u, v: f"{u}({v})", st.sampled_from(LOCALS), st.sampled_from(LOCALS + FUNCTIONS)),
    st.builds(lambda u: f"{u}.run", st.sampled_from(LOCALS)),
    st.builds(lambda u: f"{u}.value", st.sampled_from(LOCALS)),
    st.builds(lambda u, v: f"[{u}, {v}]", st.sampled_from(LOCALS), st.sampled_from(FUNCTIONS)),
    st.builds(lambda u: f"{u}[0]", st.sampled_from(LOCALS)),
)
_statement = st.one_of(
    st.builds(lambda name, value: f"{name} = {value}", st.sampled_from(["x", "y"]), _value),
    st.builds(lambda value: value, _value),
    st.builds(lambda value: f"return {value}", _value),
    st.builds(lambda u, v: f"{u}.run({v})", st.sampled_from(LOCALS), st.sampled_from(LOCALS + FUNCTIONS)),
    st.builds(lambda u, v: f"{u}.value = {v}", st.sampled_from(["x", "y"]), st.sampled_from(LOCALS + FUNCTIONS)),
)
_body = st.lists(_statement, min_size=1, max_size=4)


def _program(functions: list[list[str]], methods: list[list[str]], module: list[str]) -> str:
    lines: list[str] = []
    for name, body in zip(FUNCTIONS, functions, strict=True):
        # calling the parameters makes what reached them show as edges
        lines += [f"def {name}(a, b=None):", "    x = y = a", *(f"    {s}" for s in body), "    a(b)", "    b(x)", ""]
    for name, body in zip(CLASSES, methods, strict=True):
        lines += [f"class {name}:", "    def __init__(self, a):", "        self.value = a", "",
                  "    def run(self, a, b=None):", "        x = y = self.value",
                  *(f"        {s}" for s in body), "        a(b)", ""]
    lines += ["a = b = x = y = f0"]
    lines += [s for s in module if not s.startswith("return")]
    # calls whose values are called in turn: what the functions return shows as edges
    lines += ["x = f0(f1, f2)", "x(y)", "y = f3(x, y)", "y(x)"]
    return "\n".join(lines) + "\n"


_RUN = FlowAnalysis.run


def _calls(source: str, copy_edges: bool) -> tuple[set[Any], bool]:
    """The ``calls`` edges of a one-file project, and whether any points-to set was capped."""
    seen: list[FlowAnalysis] = []

    def capture(self: FlowAnalysis) -> None:
        _RUN(self)
        seen.append(self)

    # set and put back here, not with monkeypatch: hypothesis runs every example in one fixture scope
    FlowAnalysis.copy_edges = copy_edges
    FlowAnalysis.run = capture  # type: ignore[method-assign]
    solver_choice = os.environ.get("CODEKNIT_PYFLOW")
    os.environ["CODEKNIT_PYFLOW"] = "python"  # the Python solver's switch is under test
    try:
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory) / "project"
            root.mkdir()
            (root / "main.py").write_text(source, encoding="utf-8")
            graph = codeknit.index(root, workers=1)
    finally:
        FlowAnalysis.copy_edges = True
        FlowAnalysis.run = _RUN  # type: ignore[method-assign]
        if solver_choice is None:
            del os.environ["CODEKNIT_PYFLOW"]
        else:
            os.environ["CODEKNIT_PYFLOW"] = solver_choice
    assert seen, "the analysis did not run"
    edges = {(r.source, r.target, r.resolution.value, tuple(sorted(r.candidates)), tuple(r.spans))
             for r in graph.relations if r.kind is EdgeKind.CALLS}
    capped = any(CAPPED in objs for flow in seen for objs in flow.pts.values()) or any(f.bounded for f in seen)
    return edges, capped


@settings(max_examples=80, deadline=None)
@given(functions=st.lists(_body, min_size=4, max_size=4), methods=st.lists(_body, min_size=2, max_size=2),
       module=st.lists(_statement, min_size=1, max_size=5))
def test_copy_edges_find_what_evaluating_again_finds(functions: list[list[str]], methods: list[list[str]],
                                                    module: list[str]) -> None:
    source = _program(functions, methods, module)
    reference, capped = _calls(source, False)
    # a capped set keeps the objects that came first, and the first MAX_CONTEXTS contexts and
    # MAX_SITE_INSTANCES instances per class are the first to come: an order both ways need not share
    assume(not capped)
    fast, _capped = _calls(source, True)
    assert fast == reference, source


def test_the_reference_switch_is_read_per_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The switch must reach the solver (or the property above compares the fast path with itself)."""
    calls: list[bool] = []
    argument = FlowAnalysis._argument

    def spy(self: FlowAnalysis, e: list[Any]) -> dict[Any, None]:
        value = argument(self, e)
        calls.append(type(value) is solver._Flow)
        return value

    monkeypatch.setattr(FlowAnalysis, "_argument", spy)
    source = "def f(a):\n    return a\n\nx = f\nf(x)\n"
    _calls(source, False)
    assert calls and not any(calls)
    calls.clear()
    _calls(source, True)
    assert any(calls)
