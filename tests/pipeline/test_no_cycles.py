"""A run's records are freed by reference counting when the caller drops them, never left to the
cyclic garbage collector: a one-shot run pauses the collector, and whatever a cycle holds then
stays alive until a collection walks the whole heap (on Django: 1.4M objects, 2 s at the CLI's exit).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import codeknit
from codeknit.languages.adapters import extract
from codeknit.languages.python.pyflow import compiled_available

_PYTHON = b'''\
import os

class Config:
    def __init__(self, path):
        self.path = path
        a, (b, *c) = 1, (2, 3, 4)
        for i, (k, v) in enumerate({}.items()):
            print(i, k, v)

    def load(self):
        with open(self.path) as handle, open(os.devnull) as (other):
            return handle.read() + other.read()

def main():
    x, y = Config("a"), Config("b")
    return [x.load(), y.load()]
'''


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


def _garbage_types() -> set[str]:
    """The types of the unreachable objects a collection finds now (kept, not freed, to be named)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    found = {type(o).__name__ for o in gc.garbage}
    gc.set_debug(0)
    gc.garbage.clear()
    return found


def test_a_python_extraction_leaves_no_cycle(collector_off: None) -> None:
    extraction = extract("config.py", "python", _PYTHON)
    assert extraction.symbols and extraction.flow
    del extraction
    assert _garbage_types() == set()


def test_a_run_frees_its_resolver(collector_off: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not compiled_available():
        if os.environ.get("CODEKNIT_REQUIRE_COMPILED"):
            pytest.fail("the compiled solver (codeknit._pyflow) is not built, and CODEKNIT_REQUIRE_COMPILED is set")
        pytest.skip("the compiled solver (codeknit._pyflow) is not built")
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "cache"))
    project = tmp_path / "project"
    project.mkdir()
    (project / "config.py").write_bytes(_PYTHON)
    (project / "use.py").write_text("from config import main\n\nresult = main()\n")
    graph = codeknit.index(project, workers=1)
    assert any(r.kind.value == "calls" for r in graph.relations)
    del graph
    alive = [type(o).__name__ for o in gc.get_objects() if type(o).__name__ in ("Resolver", "FileIndex")]
    assert alive == []
