"""What the server sends unasked, and the protocol's smaller features: log notifications, resource
subscriptions and list changes on live-index changes, progress, resource pages, prompt caps and
errors, status that names names, runaway patterns. Real client sessions (stdio, or the SDK's
in-memory client where the server's internals are needed)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import stdio_session
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    LoggingMessageNotification,
    LoggingMessageNotificationParams,
    ResourceListChangedNotification,
    ResourceUpdatedNotification,
)

from codeknit.server.config import ServerConfig
from codeknit.server.prompts import PROMPT_MAX_TOKENS
from codeknit.server.server import build_server
from codeknit.skeleton import read
from codeknit.tokens import get_tokenizer

pytestmark = [pytest.mark.anyio, pytest.mark.filterwarnings("ignore::mcp.shared.exceptions.MCPDeprecationWarning")]


class Inbox:
    """Notifications a client session received."""

    def __init__(self) -> None:
        self.messages: list[Any] = []
        self.logs: list[LoggingMessageNotificationParams] = []

    async def handle(self, message: Any) -> None:
        self.messages.append(message)

    async def log(self, params: LoggingMessageNotificationParams) -> None:
        self.logs.append(params)

    def of(self, kind: type) -> list[Any]:
        return [m for m in self.messages if isinstance(m, kind)]

    async def wait(self, found: Callable[[], bool], session: Any, timeout: float = 60) -> None:
        """Until ``found()``; index_status calls meanwhile make the server look for changes."""
        with anyio.fail_after(timeout):
            while not found():
                await session.call_tool("index_status", {})
                await anyio.sleep(0.2)


async def test_log_notifications_follow_the_level_the_client_sets(project: Path) -> None:
    inbox = Inbox()
    async with stdio_session(project, "--debounce", "0", message_handler=inbox.handle,
                             logging_callback=inbox.log) as session:
        await session.call_tool("find_symbol", {"query": "User"}, read_timeout_seconds=120)
        models = project / "pkg" / "models.py"
        models.write_text(models.read_text() + "\n# an edit\n")
        await session.call_tool("find_symbol", {"query": "User"})
        await anyio.sleep(1)
        assert not [log for log in inbox.logs if log.level == "info"]  # warnings and worse until a level is set
        await session.set_logging_level("info")
        models.write_text(models.read_text() + "\n# another edit\n")
        await inbox.wait(lambda: any("index snapshot" in str(log.data) for log in inbox.logs), session)
        snapshot = next(log for log in inbox.logs if "index snapshot" in str(log.data))
        assert snapshot.level == "info" and snapshot.logger == "codeknit.server.index"
        assert "1 extracted again" in str(snapshot.data)
        assert inbox.of(LoggingMessageNotification)


async def test_subscribers_are_told_what_a_refresh_changed(project: Path) -> None:
    inbox = Inbox()
    async with stdio_session(project, "--debounce", "0", message_handler=inbox.handle) as session:
        await session.call_tool("find_symbol", {"query": "User"}, read_timeout_seconds=120)
        await session.subscribe_resource("skt://pkg/models.py")
        await session.subscribe_resource("skt://pkg/service.py?page=2")
        await session.subscribe_resource("codeknit://status")
        with pytest.raises(MCPError, match="'test://watched' is not a resource of this server") as refused:
            await session.subscribe_resource("test://watched")
        assert refused.value.error.code == INVALID_PARAMS
        with pytest.raises(MCPError, match="climbs out"):
            await session.subscribe_resource("skt://../elsewhere.py")

        def updated() -> set[str]:
            return {m.params.uri for m in inbox.of(ResourceUpdatedNotification)}

        await anyio.sleep(0.5)  # what the first index sent (the list changed from nothing) has arrived
        inbox.messages.clear()
        models = project / "pkg" / "models.py"
        models.write_text(models.read_text() + "\n# an edit\n")
        await inbox.wait(lambda: "skt://pkg/models.py" in updated(), session)
        assert updated() == {"skt://pkg/models.py", "codeknit://status"}  # service.py did not change
        assert not inbox.of(ResourceListChangedNotification)  # the same files as before

        inbox.messages.clear()
        await session.unsubscribe_resource("skt://pkg/models.py")
        (project / "pkg" / "extra.py").write_text("def extra() -> None:\n    pass\n")
        await inbox.wait(lambda: bool(inbox.of(ResourceListChangedNotification)), session)
        listed = {str(r.uri) for r in (await session.list_resources()).resources}
        assert "skt://pkg/extra.py" in listed
        models.write_text(models.read_text() + "\n# a third edit\n")
        await inbox.wait(lambda: len([u for u in inbox.of(ResourceUpdatedNotification)
                                      if u.params.uri == "codeknit://status"]) >= 2, session)
        assert "skt://pkg/models.py" not in updated()


async def test_long_calls_report_progress(project: Path) -> None:
    server = build_server(ServerConfig(root=project))
    server.workspace.start()
    notes: list[tuple[float, float | None, str | None]] = []

    async def progress(done: float, total: float | None, message: str | None) -> None:
        notes.append((done, total, message))

    try:
        async with Client(server) as client:
            await client.call_tool("find_symbol", {"query": "User"})
            result = await client.call_tool("repo_map", {"max_tokens": 900}, progress_callback=progress)
            assert not result.is_error
            assert notes and all(message for _, _, message in notes)
            assert [done for done, _, _ in notes] == sorted(done for done, _, _ in notes)
            notes.clear()
            exported = await client.call_tool("export", {"format": "lsif"}, progress_callback=progress)
            assert not exported.is_error
            assert notes and "written" in (notes[-1][2] or "")
    finally:
        server.workspace.close()


async def test_a_catastrophic_pattern_runs_in_linear_time(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    # with a backtracking engine, ^(\w+\s?)*$ on this qualified name takes about 2^40 steps
    (root / "slow.py").write_text("class ThisClassNameIsLongEnoughToBacktrackForAges:\n"
                                  "    def method(self) -> None:\n        pass\n")
    async with stdio_session(root) as session:
        found = await session.call_tool("find_symbol", {"query": r"^(\w+\s?)*$", "match": "regex"},
                                        read_timeout_seconds=120)
        assert not found.is_error, found.content
        assert found.structured_content["total"] == 2  # type: ignore[index]
        refused = await session.call_tool("find_symbol", {"query": r"(\w)\1", "match": "regex"})
        assert refused.is_error and "backreferences cannot be matched in linear time" in refused.content[0].text  # type: ignore[union-attr]
        glob = await session.call_tool("skeleton", {"path": "**/**/**/**/**/**/**/**/**/**/*.py"})
        assert not glob.is_error


async def test_skeleton_resources_have_pages(project: Path) -> None:
    async with stdio_session(project) as session:
        seen: list[str] = []
        uri = "skt://pkg/big.py"
        for _ in range(50):
            text = (await session.read_resource(uri)).contents[0].text  # type: ignore[union-attr]
            assert get_tokenizer().count(text) <= 8000
            doc = read(text)
            seen += [line.short for section in doc.files for line in section.symbols]
            following = doc.meta_value("truncated")
            if following is None:
                break
            assert doc.meta_value("cursor") is None
            uri = following.rpartition("read ")[2]
            assert uri.startswith("skt://pkg/big.py?page=")
        assert len(seen) == len(set(seen)) == 301 and uri != "skt://pkg/big.py"
        with pytest.raises(MCPError, match="has 2 pages"):
            await session.read_resource("skt://pkg/big.py?page=9")
        with pytest.raises(MCPError, match="page: 'x' is not a page number"):
            await session.read_resource("skt://pkg/big.py?page=x")
        # a path out of the root is the request's fault, as subscribe says (it was an internal error, -32603)
        with pytest.raises(MCPError, match="climbs out") as refused:
            await session.read_resource("skt://../../etc/passwd")
        assert refused.value.error.code == INVALID_PARAMS


async def test_resources_list_is_paged(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import codeknit.server.resources as resources

    monkeypatch.setattr(resources, "LIST_PAGE", 3)
    server = build_server(ServerConfig(root=project))
    server.workspace.start()
    try:
        async with Client(server) as client:
            await client.call_tool("find_symbol", {"query": "User"})
            uris: list[str] = []
            cursor = None
            while True:
                page = await client.list_resources(cursor=cursor)
                assert len(page.resources) <= 3
                uris += [str(r.uri) for r in page.resources]
                cursor = page.next_cursor
                if cursor is None:
                    break
            assert uris[:3] == ["codeknit://schema/graph", "codeknit://status", "codeknit://guide/skt"]
            assert uris[3:] == [f"skt://pkg/{name}" for name in ("__init__.py", "big.py", "models.py", "service.py")]
            with pytest.raises(MCPError, match="cursor: not a cursor of resources/list"):
                await client.list_resources(cursor="nonsense")
    finally:
        server.workspace.close()


async def test_prompts_are_capped_and_their_errors_are_invalid_params(project: Path) -> None:
    async with stdio_session(project) as session:
        diff = "".join(f"+    value_{n} = compute({n}, {{'key': [{n}]}})\n" for n in range(4_000))
        assert len(diff) < 200_000 and get_tokenizer().count(diff) > PROMPT_MAX_TOKENS
        prompt = await session.get_prompt("review_change", {"diff": diff})
        text = prompt.messages[0].content.text  # type: ignore[union-attr]
        assert get_tokenizer().count(text) <= PROMPT_MAX_TOKENS
        assert "more lines of diff left out, to keep this prompt within 16000 tokens]" in text
        assert "value_0 = compute(0" in text
        with pytest.raises(MCPError, match="Unknown prompt: 'nope'") as unknown:
            await session.get_prompt("nope", {})
        assert unknown.value.error.code == INVALID_PARAMS
        with pytest.raises(MCPError, match="symbol: required by the assess_impact prompt") as missing:
            await session.get_prompt("assess_impact", {})
        assert missing.value.error.code == INVALID_PARAMS


async def test_status_names_the_files_in_error(project: Path) -> None:
    (project / "pkg" / "blob.py").write_bytes(b"\x00\x01\x02 binary \xff" * 100)
    async with stdio_session(project, "--no-cache") as session:
        await session.call_tool("find_symbol", {"query": "User"}, read_timeout_seconds=120)
        status = await session.call_tool("index_status", {})
        data = status.structured_content
        assert data is not None
        assert data["errors"] == 1 and data["skipped"] == 0  # the binary file is an error, not also a skip
        assert data["error_files"] == [{"path": "pkg/blob.py", "message": "not analysed: binary file"}]
        doc = read(status.content[0].text)  # type: ignore[union-attr]
        assert [(e.path, e.message) for e in doc.errors] == [("pkg/blob.py", "not analysed: binary file")]
        assert doc.meta_value("persistent index") == "off: kept in memory (--no-cache)"


def test_status_before_the_first_index_does_not_blame_no_cache(project: Path) -> None:
    from codeknit.server.tools.index_status import status

    server = build_server(ServerConfig(root=project))
    workspace = server.workspace
    workspace._open(project)  # noqa: SLF001 - the index is opened, its builder not yet done
    try:
        answer = status(workspace, None, None)
        line = read(answer.text).meta_value("persistent index")
        assert line == "not opened yet (the first index is being built)" or line.endswith(".sqlite"), line
        assert "--no-cache" not in answer.text
    finally:
        workspace.close()
    time.sleep(0)
