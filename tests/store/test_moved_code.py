"""Python edits that only move code (lines inserted above it, comments, blank lines, docstrings,
spacing inside a line) keep the file's interface: incremental runs re-resolve the edited file with
the earlier points-to answers, re-keyed to where its call sites are now, and give exactly the graph
of an uncached run. Edits that change what the code does still solve the program again."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import check_inserted_lines, live_run, project_with_cache

from codeknit.graph.jsonio import write_graph
from codeknit.languages.python.flow import PositionMap, UnknownFact, flow_layout
from codeknit.pipeline import RunMemory, index
from codeknit.store import IndexStore

# every kind of position the points-to facts record: call sites, decorators, properties (getter
# and setter), operators, iteration and context managers, subscripts, raise, literals (allocation
# sites), builtins that call their arguments
SHAPES = '''import functools


def trace(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


class Money:
    def __init__(self, cents):
        self._cents = cents

    @property
    def cents(self):
        return self._cents

    @cents.setter
    def cents(self, value):
        self._cents = value

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __iter__(self):
        return iter([self._cents])

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __getitem__(self, key):
        return self._cents


class Broke(Exception):
    pass


def double(x):
    return x * 2


@trace
def total(items):
    acc = Money(0)
    for item in items:
        acc = acc + item
    with acc as held:
        held.cents = held.cents + 1
    handlers = {"double": double, "same": lambda v: v}
    picked = handlers["double"]
    values = list(map(picked, [m.cents for m in items]))
    if not values:
        raise Broke("empty")
    return acc[0], sorted(values, key=double), functools.partial(double, 3)()
'''

USE = '''from .shapes import Money, total


def run():
    return total([Money(1), Money(2)])
'''

FILES = {"pkg/__init__.py": "", "pkg/shapes.py": SHAPES, "pkg/use.py": USE}


def _extract(path: Path) -> object:
    from codeknit.languages.adapters import extract

    return extract("pkg/shapes.py", "python", path.read_bytes())


def _json(graph: object) -> bytes:
    out = io.BytesIO()
    write_graph(graph, out)  # type: ignore[arg-type]
    return out.getvalue()


@pytest.fixture()
def project(make_project: Callable[[dict[str, str]], Path]) -> Path:
    return make_project(FILES)


def _live_run(root: Path, memory: RunMemory, store: IndexStore) -> object:
    return live_run(root, memory, store).graph  # type: ignore[attr-defined]


def _moved(text: str) -> str:
    """The same code, moved: a comment and blank lines at the top, a docstring and a comment
    inside functions, spaces inside lines."""
    lines = ["# moved", "", *text.splitlines()]
    out: list[str] = []
    for line in lines:
        out.append(line.replace(" = ", "  =  ").replace("return ", "return  "))
        if line.startswith("def ") or line.startswith("    def "):
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            out.append(f'{indent}"""A docstring."""')
            out.append(f"{indent}# and a comment")
    return "\n".join(out) + "\n"


def test_moving_code_keeps_the_layout_and_pairs_every_position(project: Path) -> None:
    old = _extract(project / "pkg/shapes.py")
    (project / "pkg/shapes.py").write_text(_moved(SHAPES))
    new = _extract(project / "pkg/shapes.py")
    (layout_then, positions_then), (layout_now, positions_now) = flow_layout(old.flow), flow_layout(new.flow)  # type: ignore[attr-defined]
    assert layout_then == layout_now
    assert positions_then != positions_now and len(positions_then) == len(positions_now) > 20
    forward = PositionMap(positions_then, positions_now)
    assert all(forward.span(p) == q for p, q in zip(positions_then, positions_now, strict=True) if len(p) == 4)
    assert forward.inverse().then(forward).spans == {q: q for q in forward.inverse().spans}


def test_an_edit_that_changes_the_code_changes_the_layout(project: Path) -> None:
    old = _extract(project / "pkg/shapes.py")
    (project / "pkg/shapes.py").write_text(SHAPES.replace("sorted(values, key=double)", "sorted(values)"))
    new = _extract(project / "pkg/shapes.py")
    assert flow_layout(old.flow)[0] != flow_layout(new.flow)[0]  # type: ignore[attr-defined]
    with pytest.raises(UnknownFact):
        flow_layout([1, [["no such fact", 0]]])
    with pytest.raises(UnknownFact):
        PositionMap([(1, 0)], [])


def test_a_new_process_re_keys_the_stored_answers_of_moved_code(project: Path, solves: list[int]) -> None:
    index(project, cache=True)
    assert solves == [1]
    shapes = project / "pkg/shapes.py"
    shapes.write_text(_moved(SHAPES))
    moved = _json(index(project, cache=True))
    assert solves == [1], "moving code solved the program again"
    assert moved == _json(index(project))  # (uncached: solves)
    assert b'"to":"pkg/shapes.py::Money.__add__"' in moved and b'"to":"pkg/shapes.py::Money.cents"' in moved
    # twice: the run that re-keyed the answers stored them as they are now
    shapes.write_text("# again\n" + shapes.read_text())
    solves.clear()
    assert _json(index(project, cache=True)) == _json(index(project))
    assert solves == [1]
    # an edit that changes what the code does solves again
    shapes.write_text(shapes.read_text().replace("sorted(values, key=double)", "sorted(values)"))
    solves.clear()
    assert _json(index(project, cache=True)) == _json(index(project))
    assert solves == [1, 1]


def test_a_kept_solution_follows_code_moved_again_and_again(project: Path, solves: list[int]) -> None:
    store = IndexStore.in_memory()
    memory = RunMemory()
    _live_run(project, memory, store)
    shapes = project / "pkg/shapes.py"
    for round_ in range(3):
        shapes.write_text(f"# round {round_}\n\n" + shapes.read_text().replace("(x)", "( x )"))
        kept = _json(_live_run(project, memory, store))
        assert solves == [1], f"round {round_} solved again"
        assert kept == _json(index(project)), round_
        solves.clear()
        solves.append(1)


LINES = st.lists(st.tuples(st.integers(min_value=0, max_value=200), st.sampled_from(["# c", "", "    # c"])),
                 min_size=1, max_size=4)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(inserts=LINES)
def test_lines_inserted_anywhere_give_the_uncached_graph(tmp_path_factory: pytest.TempPathFactory,
                                                         inserts: list[tuple[int, str]]) -> None:
    with project_with_cache(tmp_path_factory.mktemp("moves"), FILES) as root:
        check_inserted_lines(root, "pkg/shapes.py", inserts)  # (the source has no docstring: always valid)


def test_positions_that_cannot_be_paired_solve_the_program_again(project: Path, solves: list[int],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import codeknit.languages.python.rules as python_rules

    index(project, cache=True)
    shapes = project / "pkg/shapes.py"
    shapes.write_text(_moved(SHAPES))

    def unknown(flow: object) -> object:
        raise UnknownFact("a fact this walker does not know")

    monkeypatch.setattr(python_rules, "flow_layout", unknown)  # (the interface digest still pairs them)
    assert _json(index(project, cache=True)) == _json(index(project))
    assert solves == [1, 1, 1], "the carried answers were dropped and the program solved"


def test_an_extra_call_that_cannot_be_placed_solves_the_program_again(project: Path, solves: list[int],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    store = IndexStore.in_memory()
    memory = RunMemory()
    _live_run(project, memory, store)
    shapes = project / "pkg/shapes.py"
    shapes.write_text(_moved(SHAPES))
    monkeypatch.setattr(PositionMap, "inverse", lambda self: PositionMap([], []))  # places nothing
    assert _json(_live_run(project, memory, store)) == _json(index(project))
    assert solves == [1, 1, 1], "the kept solution was dropped and the program solved"
