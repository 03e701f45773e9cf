"""The Python API takes ids as the user writes them and refuses ids it does not know (issue 23, item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeknit
from codeknit.graph import UnknownSymbol

SOURCE = "def helper(x):\n    return x\n\n\ndef main():\n    return helper(1)\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text(SOURCE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_readme_pattern_finds_the_callers(project: Path) -> None:
    graph = codeknit.index("src/")
    for written in ("src/app.py::helper", "./src/app.py::helper", "app.py::helper",
                    f"{project / 'src'}/app.py::helper"):
        assert [r.source for r in graph.callers(written)] == ["app.py::main"], written
    assert [r.target for r in graph.callees("src/app.py::main")] == ["app.py::helper"]
    assert [s.name for s in graph.children("src/app.py")] == ["helper", "main"]


def test_an_unknown_id_raises_instead_of_answering_nothing(project: Path) -> None:
    graph = codeknit.index("src")
    with pytest.raises(UnknownSymbol, match=r"no symbol 'src/app.py::helpr'.*relative to the indexed root src"):
        graph.callers("src/app.py::helpr")
    with pytest.raises(KeyError, match="symbols named 'helper': app.py::helper"):
        graph.callees("lib/app.py::helper")
    assert graph.get("src/app.py::nothing") is None
    assert graph.callers("app.py::main") == []  # known, and nothing calls it
