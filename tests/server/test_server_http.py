"""The server over streamable HTTP: real sessions, bearer token, DNS-rebinding protection, graceful exit."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from conftest import CODEKNIT, HttpServer, free_port, server_env
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

pytestmark = pytest.mark.anyio

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@asynccontextmanager
async def http_session(server: HttpServer) -> AsyncIterator[ClientSession]:
    client = httpx2.AsyncClient(headers={"Authorization": f"Bearer {server.token}"}, timeout=120)
    async with client, streamable_http_client(server.url, http_client=client) as (read, write), \
            ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, arguments: dict[str, Any]) -> CallToolResult:
    return await session.call_tool(tool, arguments, read_timeout_seconds=120)


def text(result: CallToolResult) -> str:
    return result.content[0].text  # type: ignore[union-attr]


async def test_every_tool_resource_and_prompt_over_http(http_server: HttpServer) -> None:
    async with http_session(http_server) as session:
        names = {tool.name for tool in (await session.list_tools()).tools}
        assert names == {"skeleton", "neighbors", "find_references", "find_symbol", "symbol_source", "repo_map",
                         "chunks", "chunk", "export", "index_status"}
        found = await call(session, "find_symbol", {"query": "User.save", "match": "exact"})
        assert not found.is_error
        short = found.structured_content["symbols"][0]["short"]  # type: ignore[index]
        for tool, arguments in [
            ("skeleton", {"path": "pkg", "edges": True, "max_tokens": 1000}),
            ("neighbors", {"symbol": short, "depth": 2}),
            ("symbol_source", {"symbol": short, "context": 2}),
            ("repo_map", {"max_tokens": 500, "format": "text"}),
            ("chunks", {"path": "pkg", "max_tokens": 1000}),
            ("chunk", {"n": 1, "path": "pkg", "max_tokens": 1000}),
            ("export", {"format": "mermaid", "inline": True, "symbol": short}),
            ("export", {"format": "csv-edges"}),
            ("index_status", {}),
        ]:
            result = await call(session, tool, arguments)
            assert not result.is_error, text(result)
            assert result.structured_content is not None
        status = json.loads((await session.read_resource("codeknit://status")).contents[0].text)  # type: ignore[union-attr]
        assert status["state"] == "ready"
        prompt = await session.get_prompt("explore_repository", {})
        assert "index_status" in prompt.messages[0].content.text  # type: ignore[union-attr]


async def test_fifty_concurrent_calls_and_an_edit(http_server: HttpServer) -> None:
    async with http_session(http_server) as session:
        results: list[CallToolResult] = []

        async def one(n: int) -> None:
            results.append(await call(session, "neighbors", {"symbol": f"pkg/big.py::f{n + 1}", "direction": "in",
                                                             "kinds": ["calls"]}))

        async with anyio.create_task_group() as group:
            for n in range(50):
                group.start_soon(one, n)
        assert len(results) == 50 and not any(r.is_error for r in results)
        callers = sorted(r.structured_content["symbols"][1]["id"] for r in results)  # type: ignore[index]
        assert callers == sorted(f"pkg/big.py::f{n + 2}" for n in range(50))

        service = http_server.root / "pkg" / "service.py"
        service.write_text(service.read_text() + "\n\ndef over_http() -> None:\n    pass\n")
        seen = await call(session, "find_symbol", {"query": "over_http"})
        assert seen.structured_content["total"] == 1  # type: ignore[index]


async def test_a_bearer_token_is_required(http_server: HttpServer) -> None:
    async with httpx2.AsyncClient(timeout=30) as client:
        missing = await client.post(http_server.url, json=INITIALIZE, headers=ACCEPT)
        assert missing.status_code == 401
        wrong = await client.post(http_server.url, json=INITIALIZE,
                                  headers={**ACCEPT, "Authorization": "Bearer nope"})
        assert wrong.status_code == 401
        right = await client.post(http_server.url, json=INITIALIZE,
                                  headers={**ACCEPT, "Authorization": f"Bearer {http_server.token}"})
        assert right.status_code == 200


async def test_dns_rebinding_and_oversized_bodies_are_refused(http_server: HttpServer) -> None:
    auth = {**ACCEPT, "Authorization": f"Bearer {http_server.token}"}
    async with httpx2.AsyncClient(timeout=30) as client:
        rebound = await client.post(http_server.url, json=INITIALIZE, headers={**auth, "Host": "evil.example"})
        assert rebound.status_code == 421
        foreign = await client.post(http_server.url, json=INITIALIZE,
                                    headers={**auth, "Origin": "http://evil.example"})
        assert foreign.status_code == 403
        huge = {**INITIALIZE, "params": {**INITIALIZE["params"], "padding": "x" * (2 * 1024 * 1024)}}
        too_large = await client.post(http_server.url, content=json.dumps(huge), headers=auth)
        assert too_large.status_code == 413


async def _initialized(client: httpx2.AsyncClient, server: HttpServer) -> dict[str, str]:
    """Headers of an initialized raw session (protocol 2025-11-25)."""
    auth = {**ACCEPT, "Authorization": f"Bearer {server.token}"}
    started = await client.post(server.url, json=INITIALIZE, headers=auth)
    assert started.status_code == 200
    headers = {**auth, "mcp-session-id": started.headers["mcp-session-id"], "mcp-protocol-version": "2025-11-25"}
    await client.post(server.url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
    return headers


async def test_request_ids_that_are_not_strings_or_integers_get_invalid_request(http_server: HttpServer) -> None:
    async with httpx2.AsyncClient(timeout=30) as client:
        headers = await _initialized(client, http_server)
        for bad, shown in [({"a": 1}, "object"), (1.5, "float"), (None, "null"), (True, "bool"), ([1], "array")]:
            answer = await client.post(http_server.url, json={"jsonrpc": "2.0", "id": bad, "method": "ping"},
                                       headers=headers)
            assert answer.status_code == 400
            assert answer.json() == {"jsonrpc": "2.0", "id": None, "error": {
                "code": -32600, "message": f"Invalid Request: id must be a string or an integer (got {shown})"}}
        fine = await client.post(http_server.url, json={"jsonrpc": "2.0", "id": "a", "method": "ping"},
                                 headers=headers)
        assert fine.status_code == 200 and '"result":{}' in fine.text


async def test_the_host_header_is_compared_without_case(http_server: HttpServer) -> None:
    async with httpx2.AsyncClient(timeout=30) as client:
        headers = await _initialized(client, http_server)
        for host in (f"LOCALHOST:{http_server.port}", f"LocalHost:{http_server.port}"):
            answer = await client.post(http_server.url, json={"jsonrpc": "2.0", "id": 9, "method": "ping"},
                                       headers={**headers, "Host": host})
            assert answer.status_code == 200, host
        evil = await client.post(http_server.url, json={"jsonrpc": "2.0", "id": 9, "method": "ping"},
                                 headers={**headers, "Host": "EVIL.example"})
        assert evil.status_code == 421


def _events(raw: bytes) -> list[dict[str, str]]:
    events = []
    for block in raw.replace(b"\r\n", b"\n").decode().split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(":")
            if name:
                fields[name] = value.strip()
        if fields:
            events.append(fields)
    return events


async def test_sse_streams_are_primed_and_a_lost_answer_is_replayed(http_server: HttpServer) -> None:
    call_status = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "index_status",
                                                                                "arguments": {}}}
    async with httpx2.AsyncClient(timeout=30) as client:
        headers = await _initialized(client, http_server)
        # the client reads only the first event of the answer's stream, then the connection is gone
        async with client.stream("POST", http_server.url, json=call_status, headers=headers) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            first = b""
            async for chunk in stream.aiter_raw():
                first += chunk
                if b"\n\n" in first.replace(b"\r\n", b"\n"):
                    break
        priming = _events(first)[0]
        assert priming["id"] and priming["data"] == "" and priming["retry"] == "1000"
        # reconnecting with the last event id gets the answer that was missed
        resume = {k: v for k, v in headers.items() if k != "Content-Type"}
        resume.update({"Accept": "text/event-stream", "Last-Event-ID": priming["id"]})
        replayed = b""
        async with client.stream("GET", http_server.url, headers=resume) as stream:
            assert stream.status_code == 200
            with anyio.fail_after(20):
                async for chunk in stream.aiter_raw():
                    replayed += chunk
                    if b'"id":2' in replayed and b"\n\n" in replayed.replace(b"\r\n", b"\n"):
                        break
        answers = [json.loads(e["data"]) for e in _events(replayed) if e.get("data")]
        assert any(a.get("id") == 2 and "structuredContent" in a.get("result", {}) for a in answers)


def test_binding_beyond_loopback_warns(project: Path) -> None:
    from codeknit.cli.serve import exposure_warning

    assert exposure_warning("127.0.0.1", "X") is None and exposure_warning("::1", "X") is None
    assert exposure_warning("localhost", "X") is None
    assert "binds 10.0.0.7, which other machines can reach" in (exposure_warning("10.0.0.7", "NO_SUCH_VAR") or "")
    process = subprocess.Popen([*CODEKNIT, "serve", str(project), "--transport", "http", "--host", "0.0.0.0",
                                "--port", str(free_port())], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env=server_env())
    try:
        assert process.stderr is not None
        first = process.stderr.readline().decode()
        assert first.startswith("warning: --host 0.0.0.0 binds every network interface")
        assert "no token is required: set $CODEKNIT_MCP_TOKEN to require one" in first
    finally:
        process.kill()
        process.wait()


def test_zz_graceful_shutdown(http_server: HttpServer) -> None:
    """Runs last in this module: SIGTERM stops the server cleanly and promptly."""
    started = time.monotonic()
    http_server.process.send_signal(signal.SIGTERM)
    # uvicorn shuts down, then exits by the signal it caught (the conventional status)
    assert http_server.process.wait(timeout=20) in (0, -signal.SIGTERM)
    assert time.monotonic() - started < 15
    log = http_server.log.read_text(errors="replace")
    assert "Application shutdown complete" in log and "Finished server process" in log
