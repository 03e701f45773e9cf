"""``points_to=False`` (``--no-points-to``): the name rules answer every call, the solver never runs,
and graphs made with and without the analysis are kept apart in the persistent index."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from store_helpers import live_run

from codeknit.graph import Graph
from codeknit.graph.jsonio import write_graph
from codeknit.pipeline import IndexOptions, RunMemory, index
from codeknit.store import IndexStore

# calls only the points-to analysis resolves: through a parameter and through a dict element
APP = '''def helper():
    return 1


def other():
    return 2


def run(callback):
    return callback()


def main():
    handlers = {"a": helper}
    handlers["a"]()
    run(other)
'''


def _calls(graph: Graph) -> set[tuple[str, str, str]]:
    return {(r.source, r.target, r.resolution.value) for r in graph.relations if r.kind.value == "calls"}


def _json(graph: Graph) -> bytes:
    out = io.BytesIO()
    write_graph(graph, out)
    return out.getvalue()


WITH = {
    ("pkg/app.py::run", "pkg/app.py::other", "resolved"),
    ("pkg/app.py::main", "pkg/app.py::helper", "resolved"),
    ("pkg/app.py::main", "pkg/app.py::run", "resolved"),
}
WITHOUT = {
    ("pkg/app.py::run", "pkg/app.py::callback", "unresolved"),
    ("pkg/app.py::main", "pkg/app.py::run", "resolved"),
}


@pytest.fixture()
def project(make_project: Callable[[dict[str, str]], Path]) -> Path:
    return make_project({"pkg/__init__.py": "", "pkg/app.py": APP})


def test_without_points_to_the_name_rules_answer_and_nothing_is_solved(project: Path, solves: list[int]) -> None:
    off = index(project, points_to=False)
    assert solves == [] and _calls(off) == WITHOUT
    assert off.options["points_to"] is False
    on = index(project)
    assert solves == [1] and _calls(on) == WITH
    assert on.options["points_to"] is True and on.fingerprint != off.fingerprint


def test_the_persistent_index_keeps_the_two_apart(project: Path, solves: list[int]) -> None:
    on = index(project, cache=True)
    off = index(project, cache=True, points_to=False)  # not the stored graph of the other setting
    assert _calls(off) == WITHOUT and _calls(on) == WITH
    assert _json(index(project, cache=True)) == _json(on)  # each is reused as it was stored
    assert _json(index(project, cache=True, points_to=False)) == _json(off)
    # an edit that leaves the interface alone: each setting takes its own graph as the starting point,
    # never the other's answers, and gives what an uncached run gives
    (project / "pkg/app.py").write_text(APP + "# a comment\n")
    solved = len(solves)
    edited_off = index(project, cache=True, points_to=False)
    assert len(solves) == solved
    assert _json(edited_off) == _json(index(project, points_to=False))
    edited_on = index(project, cache=True)
    assert _json(edited_on) == _json(index(project))
    assert _calls(edited_off) == WITHOUT and _calls(edited_on) == WITH


def test_the_live_index_without_points_to(project: Path, solves: list[int]) -> None:
    options = IndexOptions(points_to=False)
    memory = RunMemory()
    with IndexStore.for_root(project) as store:
        first = live_run(project, memory, store, options).graph  # type: ignore[attr-defined]
        assert _calls(first) == WITHOUT
        (project / "pkg/app.py").write_text(APP.replace("return 2", "return 3"))  # interface unchanged
        second = live_run(project, memory, store, options)
        assert second.resolved == ["pkg/app.py"]  # type: ignore[attr-defined]
        (project / "pkg/app.py").write_text(APP + "\n\ndef extra():\n    other()\n")  # a new function
        third = live_run(project, memory, store, options).graph  # type: ignore[attr-defined]
    assert solves == []
    assert _calls(third) == WITHOUT | {("pkg/app.py::extra", "pkg/app.py::other", "resolved")}
