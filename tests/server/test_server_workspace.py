"""The path of a call: client roots, progress while the first index builds, the time limit."""

from __future__ import annotations

import importlib
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import stdio_session
from mcp import Client
from mcp.types import ListRootsResult, Root

from codeknit.server.config import ServerConfig
from codeknit.server.server import build_server
from codeknit.server.view import Answer

pytestmark = pytest.mark.anyio


async def test_without_a_root_the_clients_first_root_is_indexed(project: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    async def roots(context: Any) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=project.as_uri(), name="proj")])

    async with stdio_session(None, cwd=elsewhere, list_roots_callback=roots) as session:
        found = await session.call_tool("find_symbol", {"query": "User.rename"}, read_timeout_seconds=120)
        assert not found.is_error
        assert found.structured_content["total"] == 1  # type: ignore[index]
        status = (await session.call_tool("index_status", {})).structured_content
        assert status is not None and status["root"] == str(project)
        assert status["roots_declared"] == [project.as_uri()]


async def test_roots_that_name_no_folder_here_are_said_when_the_working_directory_is_served(
        project: Path, tmp_path: Path) -> None:
    """The documented fallback (the working directory) with a reason: an empty index that said nothing of the
    client's roots was taken for an empty project."""
    missing = (tmp_path / "no" / "such" / "dir").as_uri()

    async def roots(context: Any) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=missing, name="gone")])

    async with stdio_session(None, cwd=project, list_roots_callback=roots) as session:
        await session.call_tool("find_symbol", {"query": "User.rename"}, read_timeout_seconds=120)
        status = await session.call_tool("index_status", {}, read_timeout_seconds=120)
        structured = status.structured_content
        assert structured is not None and structured["root"] == str(project)
        assert structured["root_note"] is not None and missing in structured["root_note"]
        assert "serving the working directory" in status.content[0].text  # type: ignore[union-attr]


async def test_the_first_index_reports_progress(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pipeline = importlib.import_module("codeknit.pipeline.run")  # where IndexRun.assemble finds assemble_graph
    original = pipeline.assemble_graph

    def slow_assemble(*args: Any, **kwargs: Any) -> Any:
        time.sleep(1.5)
        return original(*args, **kwargs)

    monkeypatch.setattr(pipeline, "assemble_graph", slow_assemble)
    server = build_server(ServerConfig(root=project))
    server.workspace.start()
    notes: list[tuple[float, float | None, str | None]] = []

    async def progress(done: float, total: float | None, message: str | None) -> None:
        notes.append((done, total, message))

    try:
        async with Client(server) as client:
            result = await client.call_tool("find_symbol", {"query": "rename"}, progress_callback=progress)
        assert not result.is_error
        assert notes and all(message and message.startswith("indexing proj: ") for _, _, message in notes)
        assert any("resolving" in (message or "") for _, _, message in notes)
    finally:
        server.workspace.close()


async def test_a_tool_that_runs_too_long_is_stopped_with_an_error(project: Path) -> None:
    server = build_server(ServerConfig(root=project, tool_timeout=0.5))
    server.workspace.start()

    release = threading.Event()

    def sleepy(view: Any, fresh: Any, deadline: Any) -> Answer:
        release.wait(60)  # far longer than the limit; released when the test ends
        return Answer("never")

    try:
        async with Client(server) as client:
            await client.call_tool("index_status", {})
            started = time.monotonic()
            with pytest.raises(Exception, match="ran out of its time limit"):
                await server.workspace.answer(None, "slow_tool", sleepy)
            assert time.monotonic() - started < 30  # stopped by the limit, not by the tool finishing
    finally:
        release.set()
        server.workspace.close()
