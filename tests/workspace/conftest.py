"""Fixtures for the codeknit.workspace tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

TreeSpec = Mapping[str, str | bytes]


@pytest.fixture
def make_tree(tmp_path: Path) -> Callable[[TreeSpec], Path]:
    """Write files (relative POSIX path -> text or bytes) below a fresh root."""

    def build(spec: TreeSpec) -> Path:
        root = tmp_path / "proj"
        root.mkdir(exist_ok=True)
        for rel, content in spec.items():
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        return root

    return build
