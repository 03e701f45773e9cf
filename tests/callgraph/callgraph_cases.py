"""Hand-written call-graph programs: loading them and comparing a graph with what they expect.

A case is one ``.py`` file under ``cases/<category>/``. Lines ``# --- file: <path>`` split it into
several files (the part before the first such line is ``main.py``). Comment lines state the
expected ``calls`` edges, with symbols named by their graph ids (``main.py`` is the module,
``main.py::A.run`` a method, ``main.py::<lambda1>`` the first lambda of the module):

    # expect: main.py -> main.py::f                      a resolved edge
    # expect: main.py::run -> main.py::A.f | main.py::B.f  an ambiguous edge with exactly these candidates
    # expect: main.py::run -> main.py::A.f |               an ambiguous edge with this one candidate
    # expect-none: main.py::run -> main.py::g            documents that no edge is expected
    # known-weak: <why>                                  the case is a known miss (the test is xfail)

Every resolved ``calls`` edge to a project symbol and every ambiguous ``calls`` edge is compared:
the expected set must equal the produced set. Unresolved edges (outside the project) are ignored.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import codeknit
from codeknit.graph import EdgeKind, Graph, Resolution

CASES = Path(__file__).parent / "cases"
_FILE = re.compile(r"^# --- file: (\S+)\s*$")
_EXPECT = re.compile(r"^#\s*expect:\s*(\S+)\s*->\s*(.+?)\s*$")
_WEAK = re.compile(r"^#\s*known-weak:\s*(.*)$")

Item = tuple[str, str, str | frozenset[str]]


@dataclass
class Case:
    category: str
    name: str
    files: dict[str, str]
    expected: set[Item] = field(default_factory=set)
    weak: str | None = None


def load(path: Path) -> Case:
    files: dict[str, list[str]] = {"main.py": []}
    current = "main.py"
    case = Case(path.parent.name, path.stem, {})
    for line in path.read_text(encoding="utf-8").split("\n"):
        match = _FILE.match(line)
        if match:
            current = match.group(1)
            files[current] = []
            continue
        files[current].append(line)
        expect = _EXPECT.match(line)
        if expect:
            source, targets = expect.group(1), [t.strip() for t in expect.group(2).split("|") if t.strip()]
            if "|" not in expect.group(2):
                case.expected.add(("R", source, targets[0]))
            else:
                case.expected.add(("A", source, frozenset(targets)))
        weak = _WEAK.match(line)
        if weak:
            case.weak = weak.group(1)
    case.files = {name: "\n".join(lines) for name, lines in files.items()}
    return case


def all_cases() -> list[Path]:
    return sorted(CASES.glob("*/*.py"))


def produced(graph: Graph) -> set[Item]:
    out: set[Item] = set()
    for relation in graph.relations:
        if relation.kind is not EdgeKind.CALLS:
            continue
        if relation.resolution is Resolution.RESOLVED and graph.get(relation.target) is not None:
            out.add(("R", relation.source, relation.target))
        elif relation.resolution is Resolution.AMBIGUOUS:
            out.add(("A", relation.source, frozenset(relation.candidates)))
    return out


def require_compiled() -> None:
    """Skip where the compiled solver is not built, unless ``CODEKNIT_REQUIRE_COMPILED`` is set (``.ci/run``)."""
    import os

    import pytest

    from codeknit.languages.python.pyflow import compiled_available

    if not compiled_available():
        if os.environ.get("CODEKNIT_REQUIRE_COMPILED"):
            pytest.fail("the compiled solver (codeknit._pyflow) is not built, and CODEKNIT_REQUIRE_COMPILED is set")
        pytest.skip("the compiled solver (codeknit._pyflow) is not built")


def index_files(files: dict[str, str]) -> Graph:
    """The graph of a project of these files (path → text), indexed in one process."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory) / "project"
        for name, text in files.items():
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return codeknit.index(root, collect_tests=True, workers=1)


def analyse(case: Case) -> set[Item]:
    return produced(index_files(case.files))


def show(items: set[Item]) -> list[str]:
    return sorted(f"{s} -> {t}" if kind == "R" else f"{s} -> {' | '.join(sorted(t))}" for kind, s, t in items)
