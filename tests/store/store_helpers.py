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


def graph_json(graph: object) -> bytes:
    """A graph's ``graph.json`` bytes."""
    import io

    from codeknit.graph.jsonio import write_graph

    out = io.BytesIO()
    write_graph(graph, out)  # type: ignore[arg-type]
    return out.getvalue()


def check_inserted_lines(root: Path, rel: str, inserts: list[tuple[int, str]]) -> None:
    """Insert each line of ``inserts`` (at a line index, taken modulo the file's length) into ``rel``, one
    at a time; after each, a cached run in a new process and a run of the live index (which keeps its
    resolver) must give exactly the graph of an uncached run. (The lines must keep the source valid
    wherever they go: comments and blank lines in a source without multi-line strings.)"""
    from codeknit.pipeline import RunMemory, index
    from codeknit.store import IndexStore

    store = IndexStore.in_memory()
    memory = RunMemory()
    index(root, cache=True)
    live_run(root, memory, store)
    edited = root / rel
    for at, line in inserts:
        lines = edited.read_text().splitlines()
        lines.insert(at % (len(lines) + 1), line)
        edited.write_text("\n".join(lines) + "\n")
        reference = graph_json(index(root))
        assert graph_json(index(root, cache=True)) == reference, (at, line)
        assert graph_json(live_run(root, memory, store).graph) == reference, (at, line)  # type: ignore[attr-defined]
