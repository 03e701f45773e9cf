"""Helpers of the persistent index's tests (imported by them: fixtures are in ``conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def write_tree(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` (relative path → text) under ``root``."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@contextmanager
def project_with_cache(base: Path, files: dict[str, str]) -> Iterator[Path]:
    """``files`` written under ``base/proj``, with the persistent index in ``base/cache`` while in
    the block (for hypothesis tests, which cannot take function-scoped fixtures)."""
    root = base / "proj"
    write_tree(root, files)
    patch = pytest.MonkeyPatch()
    patch.setenv("CODEKNIT_CACHE_DIR", str(base / "cache"))
    try:
        yield root
    finally:
        patch.undo()


def live_run(root: Path, memory: object, store: object, options: object = None) -> object:
    """One run of the live index, as the MCP server makes it: the resolver and the points-to
    solution are kept in ``memory`` (a ``RunMemory``) from one run to the next. ``options``: an
    ``IndexOptions`` (default: the defaults)."""
    from codeknit.graph import SkippedFile
    from codeknit.pipeline import IndexOptions, IndexRun
    from codeknit.workspace import scan
    from codeknit.workspace.manifests import scan_manifests

    result = scan(root)
    manifests = scan_manifests(result.root, root_name=result.root.name, found=result.manifests)
    run = IndexRun(result.root, list(result.files), [SkippedFile(s.path, s.reason) for s in result.skipped],
                   manifests, options or IndexOptions(), memory=memory)  # type: ignore[arg-type]
    return run.cached(store)  # type: ignore[attr-defined]
