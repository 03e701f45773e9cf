"""A defect the resolver meets while resolving one file (an exception: a form of text it cannot read, a bug)
becomes that file's ``[errors]`` entry; every other file is resolved as before, and so is what the failing file
resolved before the defect. The defect is injected here: each real one is fixed where it is found."""

from pathlib import Path

import pytest

import codeknit
from codeknit.graph.model import EdgeKind
from codeknit.resolve.api import FileIndex
from codeknit.resolve.resolver import Resolver

SOURCES = {
    "good.py": "def helper():\n    return 1\n\n\ndef main():\n    return helper()\n",
    "bad.py": "from good import helper\n\nLIMIT = 3\n\n\ndef run():\n    return helper() + LIMIT\n",
}


def _project(root: Path) -> Path:
    root.mkdir()
    for name, text in SOURCES.items():
        (root / name).write_text(text)
    return root


def _calls(graph: codeknit.Graph) -> set[tuple[str, str]]:
    return {(r.source, r.target) for r in graph.relations if r.kind is EdgeKind.CALLS}


def test_a_defect_in_one_files_value_uses_is_that_files_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clean = codeknit.index(_project(tmp_path / "clean"))
    original = Resolver.resolve_values

    def failing(self: Resolver, file: FileIndex) -> None:
        if file.extraction.path == "bad.py":
            raise ValueError("injected")
        original(self, file)

    monkeypatch.setattr(Resolver, "resolve_values", failing)
    graph = codeknit.index(_project(tmp_path / "faulty"))
    assert [(e.path, e.message) for e in graph.errors] == [
        ("bad.py", "internal error while resolving: ValueError: injected")]
    assert not clean.errors
    # the other file as in the clean run; the failing file's calls, resolved before its value uses, kept
    assert _calls(graph) == _calls(clean)
    assert ("good.py::main", "good.py::helper") in _calls(graph)
    assert ("bad.py::run", "good.py::helper") in _calls(graph)
    # the failing file's value uses are what is lost: ``LIMIT`` is read in the clean run only
    def limit_reads(found: codeknit.Graph) -> int:
        return sum(1 for r in found.relations if r.kind is EdgeKind.REFERENCES and r.target == "bad.py::LIMIT")

    assert (limit_reads(clean), limit_reads(graph)) == (1, 0)
