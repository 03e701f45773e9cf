"""``super()`` is a call of the builtin, reported like ``len()``: an unresolved edge named ``super``."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph import EdgeKind, Resolution

SOURCE = """class A:
    def m(self):
        pass


class B(A):
    def m(self):
        super().m()
        super(B, self).m()
        return len([])
"""


def test_super_is_reported_as_a_builtin_call(tmp_path: Path) -> None:
    (tmp_path / "main.py").write_text(SOURCE, encoding="utf-8")
    graph = codeknit.index(tmp_path, workers=1)
    calls = {(r.source, r.target, r.resolution): r for r in graph.relations if r.kind is EdgeKind.CALLS}
    builtin = calls.get(("main.py::B.m", "main.py::super", Resolution.UNRESOLVED))
    assert builtin is not None, sorted(calls)
    assert builtin.spans == [(8, 8, 8, 13), (9, 8, 9, 13)]
    length = calls[("main.py::B.m", "main.py::len", Resolution.UNRESOLVED)]
    assert (builtin.text, builtin.package) == ("super", length.package)
    assert ("main.py::B.m", "main.py::A.m", Resolution.RESOLVED) in calls  # the method super() finds
