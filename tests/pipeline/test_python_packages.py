"""Python module names when the scanned directory is itself a package (Django's ``django/``)."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph import EdgeKind, Resolution


def test_a_root_package_is_named_by_its_directory(tmp_path: Path) -> None:
    root = tmp_path / "mypkg"
    (root / "db").mkdir(parents=True)
    (root / "__init__.py").write_text("from .db import connect\n\ndef version():\n    return connect()\n")
    (root / "db" / "__init__.py").write_text("def connect():\n    return 1\n")
    (root / "cli.py").write_text("from mypkg.db import connect\nimport mypkg\n\ndef main():\n    connect()\n"
                                 "    mypkg.version()\n")
    graph = codeknit.index(root)
    calls = {(r.source, r.target, r.resolution) for r in graph.relations if r.kind is EdgeKind.CALLS}
    assert ("cli.py::main", "db/__init__.py::connect", Resolution.RESOLVED) in calls
    assert ("cli.py::main", "__init__.py::version", Resolution.RESOLVED) in calls
    assert ("__init__.py::version", "db/__init__.py::connect", Resolution.RESOLVED) in calls
