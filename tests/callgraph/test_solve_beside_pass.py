"""The compiled solver runs on a thread of its own while the resolver's pass goes on (issue 21's time bound).

The pass resolves every reference but the calls, and every value use, while the solver solves; the calls
wait for its answers and come after, in their order. What the pass may keep beside the solve is bounded
(``MemoryPace``): past it, the pass waits. Neither where it waits nor whether the solver ran beside it may
change a byte of the graph.
"""

from __future__ import annotations

from typing import Any

import pytest
from callgraph_cases import index_files, require_compiled
from hypothesis import given
from hypothesis import strategies as st

from codeknit.languages.python.pyflow import CompiledFlowAnalysis, MemoryPace
from codeknit.languages.python.pyflow import compiled as compiled_module
from codeknit.resolve.resolver import Resolver


@pytest.fixture(autouse=True)
def _compiled() -> None:
    require_compiled()


def _module(number: int) -> str:
    return (
        f"from pkg.m{(number + 1) % 6} import helper{(number + 1) % 6}, Shape{(number + 1) % 6}\n\n"
        f"LIMIT{number} = {number}\n\n\n"
        f"class Shape{number}:\n"
        f"    def __init__(self, size):\n"
        f"        self.size = size\n\n"
        f"    def area(self):\n"
        f"        return self.size * LIMIT{number}\n\n\n"
        f"def helper{number}(shape):\n"
        f"    handler = shape.area\n"
        f"    total = handler() + shape.size\n"
        f"    return total\n\n\n"
        f"def run{number}():\n"
        f"    first = Shape{number}(LIMIT{number})\n"
        f"    other = Shape{(number + 1) % 6}(2)\n"
        f"    callbacks = [helper{number}, helper{(number + 1) % 6}]\n"
        f"    return callbacks[0](first) + helper{(number + 1) % 6}(other)\n"
    )


FILES = {"pkg/__init__.py": "", **{f"pkg/m{n}.py": _module(n) for n in range(6)}}


def _graph(files: dict[str, str]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    graph = index_files(files)
    relations = [(r.source, r.kind.value, r.target, r.resolution.value, r.candidates, r.text, r.spans, r.roles)
                 for r in graph.relations]
    locals_ = [(local.path, local.name, local.span, tuple(local.uses), local.roles) for local in graph.locals]
    return relations, locals_


def test_where_the_pass_waits_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Waiting after the first file, never waiting, and the Python solver (no thread): the same graph."""
    monkeypatch.setattr(MemoryPace, "SHARE", 0.0)
    at_once = _graph(FILES)
    monkeypatch.setattr(MemoryPace, "SHARE", 100.0)
    beside = _graph(FILES)
    monkeypatch.setenv("CODEKNIT_PYFLOW", "python")
    serial = _graph(FILES)
    assert at_once == beside == serial
    assert any(kind == "calls" and resolution == "resolved" for _s, kind, _t, resolution, *_ in at_once[0])


def test_the_pass_resolves_value_uses_while_the_solver_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solve starts before the pass; value uses are resolved before the pass asks for the answers,
    and every call after that."""
    monkeypatch.setattr(MemoryPace, "SHARE", 100.0)
    events: list[str] = []
    start, run, values, resolve_at = (CompiledFlowAnalysis.start, CompiledFlowAnalysis.run, Resolver.resolve_values,
                                      Resolver._resolve_at)

    def spy_start(self: CompiledFlowAnalysis) -> None:
        if self._pending is None and not self.solved:
            events.append("start")
        start(self)

    def spy_run(self: CompiledFlowAnalysis) -> None:
        if not self.solved:
            events.append("wait")
        run(self)

    def spy_values(self: Resolver, file: Any) -> None:
        events.append("values")
        values(self, file)

    def spy_resolve_at(self: Resolver, file: Any, ref: Any, scope: int, memo: Any) -> None:
        resolve_at(self, file, ref, scope, memo)
        events.append(ref.kind.value)

    monkeypatch.setattr(CompiledFlowAnalysis, "start", spy_start)
    monkeypatch.setattr(CompiledFlowAnalysis, "run", spy_run)
    monkeypatch.setattr(Resolver, "resolve_values", spy_values)
    monkeypatch.setattr(Resolver, "_resolve_at", spy_resolve_at)
    _graph(FILES)
    assert events.count("start") == 1 and events.count("wait") == 1
    first_call = events.index("calls")
    assert events.index("start") < events.index("values")
    assert events.index("wait") < first_call
    assert events.count("values") == 7 and events[first_call:].count("values") == 0
    assert set(events[first_call:]) <= {"calls", "wait"}


def test_the_pace_measures_at_the_first_file_and_every_eighth(monkeypatch: pytest.MonkeyPatch) -> None:
    """A measure of the heap visits all of it: the pace takes one at the first file and at every ``EVERY``-th
    after it, and says "spent" only from a measure past its share."""
    blocks = iter(range(100, 10_000, 100))
    measures: list[int] = []

    def allocated() -> int:
        measures.append(next(blocks))
        return measures[-1]

    monkeypatch.setattr(compiled_module.sys, "getallocatedblocks", allocated)
    monkeypatch.setattr(compiled_module, "_resident_bytes", lambda: 250 * MemoryPace.BLOCK)
    monkeypatch.setattr(MemoryPace, "SHARE", 1.0)
    pace = MemoryPace()  # (starts at 100 blocks, may add 250)
    answers = [pace.spent() for _ in range(2 * MemoryPace.EVERY + 1)]
    assert len(measures) == 4  # (the start, the first file, the ninth, the seventeenth)
    assert answers == [False] * (2 * MemoryPace.EVERY) + [True]  # (200 then 300 blocks: within; 400: past)


def test_an_error_on_the_solver_thread_reaches_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's answer to the solver fails on the solver's thread: the run raises that error."""

    def failing(self: Any, *args: Any) -> Any:
        raise RuntimeError("the host failed")

    monkeypatch.setattr(compiled_module._Host, "init_global", failing)  # (asked for a name no module binds)
    monkeypatch.delattr(compiled_module._Host, "init_tables")  # (with them, the solver asks no such question)
    with pytest.raises(RuntimeError, match="the host failed"):
        _graph({**FILES, "pkg/use.py": "from pkg.m0 import run0\n\nprint(run0())\n"})


#: module globals every way the solver starts them: star imports (an export list, the names without an
#: underscore, a chain, a module importing itself), a package's submodules read as its globals, builtins
GLOBALS = {
    "pkg/__init__.py": "from pkg.shapes import *\nfrom pkg._hidden import *\nfrom pkg import *\n\n\n"
                       "def make():\n    return Circle().area() + tools.measure() + len(str(_secret()))\n\n\n"
                       "def hidden():\n    return Hidden().area()\n",
    "pkg/shapes.py": "__all__ = ['Circle', 'Hidden']\n\n\nclass Circle:\n    def area(self):\n        return 1\n\n\n"
                     "class Hidden:\n    def area(self):\n        return 2\n\n\nclass Square:\n    pass\n",
    "pkg/_hidden.py": "from pkg.shapes import *\n\n\ndef _secret():\n    return 3\n\n\ndef open():\n    return 4\n",
    "pkg/tools.py": "def measure():\n    return 5\n",
    "pkg/deep/__init__.py": "",
    "pkg/deep/leaf.py": "def grow():\n    return 6\n",
    "main.py": "from pkg import *\nimport pkg.deep\n\nmake()\nCircle().area()\nopen()\nprint(pkg.deep.leaf.grow())\n",
}


def test_the_solver_starts_module_globals_from_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver answers what a module global starts with (``init_global``: star imports, submodules,
    builtins) from tables given before it starts (``_Host.init_tables``), without asking the host on its
    thread, where each question waits for the interpreter's lock: the same graph as when it asks, and as
    the Python solver's."""
    asked: list[tuple[str, str]] = []
    init_global = compiled_module._Host.init_global

    def spy(self: Any, path: str, name: str) -> Any:
        asked.append((path, name))
        return init_global(self, path, name)

    monkeypatch.setattr(compiled_module._Host, "init_global", spy)
    from_tables = _graph(GLOBALS)
    assert asked == []
    with monkeypatch.context() as without:
        without.delattr(compiled_module._Host, "init_tables")
        asking = _graph(GLOBALS)
    assert asked and all(path in GLOBALS for path, _name in asked)
    monkeypatch.setenv("CODEKNIT_PYFLOW", "python")
    assert from_tables == asking == _graph(GLOBALS)
    calls = {(source, text): (target, resolution, candidates)
             for source, kind, target, resolution, candidates, text, *_ in from_tables[0] if kind == "calls"}
    assert calls["pkg/__init__.py::make", "Circle().area"] == ("pkg/shapes.py::Circle.area", "resolved", ())
    assert calls["pkg/__init__.py::make", "tools.measure"] == ("pkg/tools.py::measure", "resolved", ())  # (a submodule)
    assert calls["pkg/__init__.py::hidden", "Hidden().area"] == ("pkg/shapes.py::Hidden.area", "resolved", ())
    assert calls["main.py", "pkg.deep.leaf.grow"] == ("pkg/deep/leaf.py::grow", "resolved", ())
    assert calls["pkg/__init__.py::make", "_secret"][1] == "unresolved"  # (a star import brings no _name)
    # (the star imports bind it: the builtin it hides is no candidate)
    assert calls["main.py", "open"] == ("pkg/_hidden.py::open", "resolved", ())


class _Host:
    """A host of one empty file: enough to start a solve."""

    def file_input(self, index: int) -> tuple[Any, ...]:
        return "a.py", ["a.py"], [("a", 1, -1)], "", [], []

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(name)


def test_a_solve_gives_its_answers_once() -> None:
    pyflow = compiled_module._pyflow
    pending = pyflow.start(_Host(), 0, [])
    solution = pending.result()
    assert solution.site("a.py", 0, (1, 0, 1, 3)) is None
    assert pending.done()
    with pytest.raises(ValueError, match="taken already"):
        pending.result()


def test_a_pass_that_fails_waits_for_the_solve_it_started(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run whose pass stops (an error, an interrupt) before it asks for the answers: the solve still
    running is waited for and released, and the error goes on."""
    monkeypatch.setattr(MemoryPace, "SHARE", 100.0)
    started: list[CompiledFlowAnalysis] = []
    start = CompiledFlowAnalysis.start

    def spy_start(self: CompiledFlowAnalysis) -> None:
        started.append(self)
        start(self)

    def interrupted(self: Resolver, file: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(CompiledFlowAnalysis, "start", spy_start)
    monkeypatch.setattr(Resolver, "resolve_values", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _graph(FILES)
    assert started
    assert all(a._pending is None and a._solution is None and a._host is None for a in started)


_NAMES = sorted({*dir(OSError), *dir(type), "errno", "anything", "__", "___", "__x", "x__", "__custom__", "mro"})


@given(base=st.sampled_from(["object", "builtins.object", "Exception", "KeyError", "builtins.OSError",
                             "StopIteration", "Base", "pkg.Base", "str"]),
       name=st.one_of(st.sampled_from(_NAMES), st.from_regex(r"[_a-z][_a-z0-9]{0,6}", fullmatch=True)))
def test_a_class_profile_answers_as_the_rules_do_name_by_name(base: str, name: str) -> None:
    """The solver asks once per class what outside bases define (``external_profile``, read by
    ``profile_defines`` in Rust); the answer for each name is the rules' own, name by name."""
    from codeknit.languages.python.rules import PythonRules

    rules = PythonRules(set())
    members = rules.external_members(base)
    by_profile = members is None or (name.startswith("__") and name.endswith("__")) or name in members
    assert by_profile == rules.external_defines(base, name)


def test_every_resolver_attribute_is_shared_or_a_views_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's questions are looked up in a view of the resolver (``for_thread``): it shares what
    nothing changes after the hierarchy is known and has its own memos and cycle guards. An attribute in
    neither list (a new memo) would be shared unseen, and a lookup under way in the pass could show its
    guard to the solver's thread."""
    from codeknit.resolve.state import SHARED_STATE, WORKING_STATE

    seen: dict[str, Any] = {}
    views: list[tuple[dict[str, Any], dict[str, Any]]] = []
    passing = Resolver._pass

    def spy(self: Resolver, *args: Any) -> None:
        passing(self, *args)
        seen.update(vars(self))
        views.append((dict(vars(self)), dict(vars(self.for_thread()))))

    monkeypatch.setattr(Resolver, "_pass", spy)
    index_files({**FILES, "web/app.ts": "export class App { run(): void {} }\nnew App().run();\n",
                 "go/main.go": "package main\n\nfunc main() { helper() }\n\nfunc helper() {}\n"})
    assert not SHARED_STATE & WORKING_STATE.keys()
    assert set(seen) == SHARED_STATE | WORKING_STATE.keys()
    resolver, view = views[0]
    for name in SHARED_STATE:
        assert view[name] is resolver[name], name
    for name, start in WORKING_STATE.items():
        assert view[name] == start(), name
        assert view[name] is None or isinstance(view[name], int) or view[name] is not resolver[name], name
    assert resolver["_mro"] and resolver["_module_member_memo"]  # (the pass filled in its own)


#: cases whose answers need a class's MRO, asked of the host by the solver while the pass asks it too
_HIERARCHY_CASES = ["subclass/set_in_method", "subclass/attribute_set_in_subclass", "subclass/made_in_function",
                    "subclass/attribute_set_in_both", "objects/super_init_chain"]


@pytest.mark.parametrize("name", _HIERARCHY_CASES)
def test_the_solver_never_sees_a_lookup_under_way_in_the_pass(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A class's MRO is memoised with a cycle guard (``[class]``) in place while its ancestors are found.
    Here each guard stays in place for a moment in which the interpreter's lock is let go, as a thread
    switch does at any point: the solver, asking on its own thread, must not take the guard for the MRO
    (in CI it once did, and a call through an inherited method was lost). The answers are the Python
    solver's, which runs on the resolver's thread."""
    import time
    from pathlib import Path

    from callgraph_cases import load, produced

    from codeknit.resolve.members import Members

    case = load(Path(__file__).parent / "cases" / f"{name}.py")
    mro = Members.mro

    def slow_mro(self: Members, class_id: str) -> list[str]:
        if class_id not in self._mro:
            self._mro[class_id] = [class_id]
            time.sleep(0.002)  # (the guard in place, the lock let go)
            del self._mro[class_id]
        return mro(self, class_id)

    monkeypatch.setattr(MemoryPace, "SHARE", 100.0)
    monkeypatch.setattr(Members, "mro", slow_mro)
    found = produced(index_files(case.files))
    monkeypatch.setenv("CODEKNIT_PYFLOW", "python")
    assert found == produced(index_files(case.files)) == case.expected
