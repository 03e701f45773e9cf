"""The points-to solver's node operations, which its fast paths must keep exact.

``FlowAnalysis._add`` returns early when a node already holds what is added, fills a node without
a size test per object when no cap can be reached, and otherwise caps in the order objects come;
``_call_function`` binds arguments through a parameter layout worked out once per function. These
tests pin what each must still do: which objects a node holds and in which order, when a node
counts as grown (its readers are queued, its growth count rises), capping, widening and copies.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from codeknit.languages.python.pyflow.solver import CAPPED, MAX_GROWTHS, MAX_SET_SIZE, UNK, FlowAnalysis


def _analysis() -> FlowAnalysis:
    return FlowAnalysis(SimpleNamespace(symbols={}))  # type: ignore[arg-type]


def _objs(*names: str) -> dict[Any, None]:
    return {("F", name): None for name in names}


def test_adding_what_a_node_holds_changes_nothing() -> None:
    flow = _analysis()
    flow.deps["n"] = {7: None}
    flow._add("n", _objs("a", "b"))
    assert flow.queued == {7}
    assert flow.growths["n"] == 1
    flow.queued.clear()
    flow._add("n", _objs("b", "a"))
    flow._add("n", _objs("a"))
    assert flow.queued == set()
    assert flow.growths["n"] == 1
    flow._add("n", _objs("a", "c"))
    assert list(flow.pts["n"]) == [("F", "a"), ("F", "b"), ("F", "c")]
    assert flow.queued == {7}
    assert flow.growths["n"] == 2


def test_a_set_over_the_size_cap_keeps_the_first_objects_in_order_then_capped() -> None:
    flow = _analysis()
    names = [f"f{i:02d}" for i in range(MAX_SET_SIZE + 5)]
    flow._add("n", _objs(*names[:10]))
    flow._add("n", _objs(*names))  # 38 fit, the rest is cut off
    held = list(flow.pts["n"])
    assert held[:MAX_SET_SIZE] == [("F", name) for name in names[:MAX_SET_SIZE]]
    assert held[MAX_SET_SIZE:] == [CAPPED]
    flow._add("n", _objs("late"))  # frozen
    assert ("F", "late") not in flow.pts["n"]


def test_a_set_that_just_fits_is_not_capped() -> None:
    flow = _analysis()
    names = [f"f{i:02d}" for i in range(MAX_SET_SIZE)]
    flow._add("n", _objs(*names[:20]))
    flow._add("n", _objs(*names))
    assert len(flow.pts["n"]) == MAX_SET_SIZE
    assert CAPPED not in flow.pts["n"]


def test_a_node_that_keeps_growing_is_widened() -> None:
    flow = _analysis()
    for i in range(MAX_GROWTHS):
        flow._add("n", _objs(f"f{i}"))
    assert CAPPED not in flow.pts["n"]
    flow._add("n", _objs("one more"))
    assert list(flow.pts["n"])[-2:] == [("F", "one more"), CAPPED]


def test_copies_receive_what_grew_and_respect_their_own_caps() -> None:
    flow = _analysis()
    flow._add("source", _objs("a"))
    flow._copy("source", "target")
    flow._copy("target", "third")
    assert list(flow.pts["third"]) == [("F", "a")]
    flow.deps["third"] = {3: None}
    flow._add("source", _objs("a", "b"))
    assert list(flow.pts["target"]) == [("F", "a"), ("F", "b")]
    assert list(flow.pts["third"]) == [("F", "a"), ("F", "b")]
    assert flow.queued == {3}
    flow._add("target", {CAPPED: None})  # a frozen copy stops taking objects; its source goes on
    flow._add("source", _objs("c"))
    assert ("F", "c") in flow.pts["source"]
    assert ("F", "c") not in flow.pts["target"]


def test_arguments_bind_through_the_parameter_layout() -> None:
    flow = _analysis()
    # def f(self, a, /, b, *rest, c, **extra)
    flow.params["f"] = [["self", 0, None], ["a", 4, None], ["b", 0, None], ["rest", 1, None], ["c", 3, None],
                        ["extra", 2, None]]
    receiver = {("I", "K"): None}
    result = flow._call_function("f", [_objs("x"), _objs("y"), _objs("z")], [("c", _objs("kc")), ("b", _objs("kb")),
                                                                          ("other", _objs("ko"))],
                                 None, None, receiver)
    assert flow.pts[("f", "self")] == receiver
    assert list(flow.pts[("f", "a")]) == [("F", "x")]
    assert list(flow.pts[("f", "b")]) == [("F", "y"), ("F", "kb")]
    assert list(flow.pts[("f", "c")]) == [("F", "kc")]
    rest = ("L", "*args", "f")
    assert list(flow.pts[("f", "rest")]) == [rest]
    assert list(flow.pts[(rest, "*")]) == [("F", "z")]
    assert list(flow.pts[(rest, "#0")]) == [("F", "z")]
    extra = ("D", "**kwargs", "f")
    assert list(flow.pts[("f", "extra")]) == [extra]
    assert list(flow.pts[(extra, "#other")]) == [("F", "ko")]
    assert result == {}  # nothing returned yet
    flow._add(("f", "<return>"), _objs("r"))
    assert list(flow._call_function("f", [], [], None, None, receiver)) == [("F", "r")]


def test_a_function_without_known_parameters_returns_unknown() -> None:
    assert _analysis()._call_function("nowhere", [], [], None, None, None) == {UNK: None}


def test_a_generator_call_returns_its_generator() -> None:
    flow = _analysis()
    flow.params["g"] = [["n", 0, None]]
    flow.generators.add("g")
    assert flow._call_function("g", [_objs("x")], [], None, None, None) == {("G", "g"): None}
    assert list(flow.pts[("g", "n")]) == [("F", "x")]


def test_a_finished_solution_keeps_only_what_answers_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``run`` the facts, dependencies, copy edges, growth counts and the points-to sets answers
    do not read are dropped (the MCP server keeps the solution for a whole session); the answers,
    computed after that, still follow ``__call__`` and ``partial``. (The Python solver's state.)"""
    monkeypatch.setenv("CODEKNIT_PYFLOW", "python")
    from codeknit.languages.adapters import extract
    from codeknit.languages.python.pyflow.solver import _read_by_answers
    from codeknit.resolve.resolver import CarryOver, build_graph

    source = (b"import functools\n\n\ndef helper():\n    return 1\n\n\ndef run(callback):\n    return callback()\n\n\n"
              b"class Greeter:\n    def __call__(self):\n        return helper()\n\n\n"
              b"def main():\n    greet = Greeter()\n    greet()\n"
              b"    later = functools.partial(run, helper)\n    later()\n")
    carry = CarryOver()
    graph = build_graph([extract("pkg/app.py", "python", source)], root="proj", carry=carry)
    flow = carry.rules["python"]._flow  # type: ignore[attr-defined]
    assert flow is not None and flow.evaluations > 0
    assert (flow.groups, flow.guards, flow.deps, flow.copies, flow.growths, flow.waiting, flow.queued) == (
        [], [], {}, {}, {}, {}, set())
    assert flow.pts and all(_read_by_answers(key) for key in flow.pts)
    calls = {(r.source, r.target, r.resolution.value) for r in graph.relations if r.kind.value == "calls"}
    assert {("pkg/app.py::run", "pkg/app.py::helper", "resolved"),
            ("pkg/app.py::main", "pkg/app.py::Greeter.__call__", "resolved"),
            ("pkg/app.py::main", "pkg/app.py::run", "resolved")} <= calls
    answers = carry.answers["python"]  # computed from the released solution, after the run
    assert answers["pkg/app.py"][0]  # type: ignore[index]
