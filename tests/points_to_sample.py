"""A tree whose calls only Python's points-to analysis resolves, for the ``--no-points-to`` tests of
the CLI and of the MCP server: ``run`` calls what its parameter holds, and ``main`` passes ``helper``."""

from __future__ import annotations

from pathlib import Path

APP = '''def helper():
    return 1


def run(callback):
    return callback()


def main():
    run(helper)
'''


def write_sample(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "app.py").write_text(APP)
    return root
