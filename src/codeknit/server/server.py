"""Build the codeknit MCP server and run it over stdio or streamable HTTP."""

from __future__ import annotations

import hmac
import io
import logging
import os
import sys
from collections.abc import AsyncIterable, AsyncIterator
from typing import Any, Literal

import anyio
import orjson
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.stdio import stdio_server
from mcp.server.transport_security import TransportSecuritySettings
from mcp.shared.message import SessionMessage
from mcp.types import (
    INVALID_REQUEST,
    PARSE_ERROR,
    CallToolResult,
    ErrorData,
    InputRequiredResult,
    JSONRPCError,
    jsonrpc_message_adapter,
)
from pydantic import ValidationError

from codeknit.server.config import ServerConfig
from codeknit.server.limits import HARD_CAP_TOKENS
from codeknit.server.prompts import register_completions, register_prompts
from codeknit.server.resources import register_resources
from codeknit.server.tools import register_tools
from codeknit.server.workspace import Workspace
from codeknit.version import __version__

log = logging.getLogger(__name__)

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]

INSTRUCTIONS = """\
codeknit serves one resolved symbol graph of the source tree. Answers are .skt text: symbols as
'S12 callable/method L15-L16 total(discount: S8) -> float {exported}' under '## path' headers,
edges as 'S8 --calls--> S18'. '[unresolved]' edges name what was written; '[ambiguous]' edges list
[candidates=…]: never read an empty caller list as 'no callers' when [meta] counts uncertain uses.
Short ids (S12) stay valid for the whole session. A truncated answer ends with a cursor: call again
with the same arguments plus the cursor. Start with index_status, then skeleton / find_symbol /
neighbors; symbol_source for the code itself. The resource codeknit://guide/skt explains the format.
"""


class CodeknitServer(MCPServer[Any]):
    """An :class:`MCPServer` whose argument errors name the field in plain words, and whose stdio
    transport answers malformed JSON-RPC with an error instead of dropping it silently."""

    def __init__(self, workspace: Workspace, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.workspace = workspace
        self._parameters: dict[str, set[str]] | None = None

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
                        ) -> CallToolResult | InputRequiredResult:
        if self._parameters is None:
            self._parameters = {tool.name: set((tool.input_schema or {}).get("properties", {}))
                                for tool in await self.list_tools()}
        allowed = self._parameters.get(name)
        if allowed is not None:
            unknown = sorted(set(arguments) - allowed)
            if unknown:
                raise ToolError(f"Error executing tool {name}: unknown argument(s) {', '.join(unknown)}; {name} takes "
                                f"{', '.join(sorted(allowed)) or 'no arguments'}")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            cause = error.__cause__
            if isinstance(cause, ValidationError):
                problems = "; ".join(_field_problem(e) for e in cause.errors())
                raise ToolError(f"Error executing tool {name}: invalid arguments: {problems}") from cause
            raise


    async def run_stdio_async(self) -> None:
        lowlevel = getattr(self, "_lowlevel_server", None)
        if lowlevel is None:  # pragma: no cover - an SDK without the attribute: plain stdio
            await super().run_stdio_async()
            return
        errors_in, errors_out = anyio.create_memory_object_stream[SessionMessage](64)
        stdin = anyio.wrap_file(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace"))
        async with stdio_server(stdin=CheckedLines(stdin, errors_in)) as (read, write):  # type: ignore[arg-type]
            async with anyio.create_task_group() as group:
                async def answer_malformed() -> None:
                    async with errors_out:
                        async for message in errors_out:
                            await write.send(message)

                group.start_soon(answer_malformed)
                await lowlevel.run(read, write, lowlevel.create_initialization_options())
                group.cancel_scope.cancel()


class CheckedLines:
    """The stdin lines the SDK reads, minus malformed JSON-RPC, which is answered here.

    The SDK's stdio transport drops a line it cannot parse without a reply, so
    a client waiting on it would hang. A line that is not JSON gets a -32700
    parse error, and JSON that is not a JSON-RPC message a -32600 invalid
    request, with the request's id when it has a usable one (else null).
    """

    def __init__(self, source: AsyncIterable[str], errors: MemoryObjectSendStream[SessionMessage]) -> None:
        self.source = source
        self.errors = errors

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async with self.errors:
            async for line in self.source:
                if not line.strip():
                    continue
                try:
                    jsonrpc_message_adapter.validate_json(line, by_name=False)
                except ValidationError as problem:
                    await self.errors.send(SessionMessage(malformed_reply(line, problem)))
                    continue
                yield line


def malformed_reply(line: str, problem: ValidationError) -> JSONRPCError:
    details = problem.errors()
    first: dict[str, Any] = dict(details[0]) if details else {}
    if first.get("type") == "json_invalid":
        return JSONRPCError(jsonrpc="2.0", id=None,
                            error=ErrorData(code=PARSE_ERROR, message=f"Parse error: {first.get('msg', 'not JSON')}"))
    try:
        raw = orjson.loads(line)
    except orjson.JSONDecodeError:
        raw = None
    request_id = raw.get("id") if isinstance(raw, dict) else None
    if not (isinstance(request_id, str) or (isinstance(request_id, int) and not isinstance(request_id, bool))):
        request_id = None
    where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "message"
    return JSONRPCError(jsonrpc="2.0", id=request_id, error=ErrorData(
        code=INVALID_REQUEST, message=f"Invalid Request: {where}: {first.get('msg', 'not a JSON-RPC message')}"))


def _field_problem(error: Any) -> str:
    where = ".".join(str(part) for part in error.get("loc", ())) or "arguments"
    if error.get("type") == "missing":
        return f"{where}: required"
    if where == "max_tokens" and error.get("type") == "less_than_equal":
        return (f"max_tokens: {error.get('input')!r} is over the hard cap of {HARD_CAP_TOKENS} tokens (MCP clients "
                "truncate or refuse larger results); ask for less and continue with the cursor")
    shown = repr(error.get("input"))
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{where}: {error.get('msg', 'invalid')} (got {shown})"


class StaticTokenVerifier:
    """Accepts exactly one bearer token (compared in constant time)."""

    def __init__(self, token: str) -> None:
        self._token = token.encode()

    async def verify_token(self, token: str) -> AccessToken | None:
        if hmac.compare_digest(token.encode(), self._token):
            return AccessToken(token=token, client_id="codeknit-client", scopes=[])
        return None


def build_server(config: ServerConfig, *, log_level: LogLevel = "WARNING", auth_token: str | None = None,
                 base_url: str = "http://127.0.0.1") -> CodeknitServer:
    """The server with every tool, resource and prompt; indexing starts when it is run."""
    workspace = Workspace(config)
    auth: dict[str, Any] = {}
    if auth_token:
        auth = {"auth": AuthSettings(issuer_url=base_url, resource_server_url=None),  # type: ignore[arg-type]
                "token_verifier": StaticTokenVerifier(auth_token)}
    server = CodeknitServer(
        workspace, name="codeknit", title="codeknit", version=__version__, instructions=INSTRUCTIONS,
        website_url=None, log_level=log_level, **auth,
    )
    register_tools(server, workspace)
    register_resources(server, workspace)
    register_prompts(server)
    register_completions(server, lambda kind, prefix: complete(workspace, kind, prefix))
    return server


def complete(workspace: Workspace, kind: str, prefix: str) -> list[str]:
    """File and directory paths, or symbol names, that start with ``prefix`` (from the current snapshot)."""
    live = workspace.live
    snapshot = live.snapshot() if live else None
    if snapshot is None:
        return []
    view = workspace.view_of(snapshot)
    if kind == "path":
        directories = {p.rsplit("/", 1)[0] + "/" for p in view.paths if "/" in p}
        return sorted(p for p in set(view.paths) | directories if p.startswith(prefix))
    if kind == "symbol":
        found = [name for name in view.names if name.startswith(prefix)]
        return sorted(found, key=lambda n: (len(n), n))
    return []


def run_stdio(config: ServerConfig, *, log_level: LogLevel = "WARNING") -> None:
    server = build_server(config, log_level=log_level)
    server.workspace.start()
    try:
        server.run()
    finally:
        server.workspace.close()


def run_http(config: ServerConfig, *, host: str = "127.0.0.1", port: int = 8765, path: str = "/mcp",
             allowed_hosts: list[str] | None = None, auth_token_env: str | None = None,
             log_level: LogLevel = "WARNING", graceful_seconds: int = 5) -> None:
    """Serve over streamable HTTP until SIGINT/SIGTERM, then shut down gracefully."""
    import uvicorn

    token = os.environ.get(auth_token_env) if auth_token_env else None
    server = build_server(config, log_level=log_level, auth_token=token or None, base_url=f"http://{host}:{port}")
    hosts = list(allowed_hosts or [])
    if host not in ("127.0.0.1", "localhost", "::1") or hosts:
        # DNS-rebinding protection stays on for any address: only the named hosts may appear in Host
        for name in (host, "127.0.0.1", "localhost"):
            hosts.append(f"{name}:*")
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=sorted(set(hosts)) or ["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=sorted({f"http://{h}" for h in hosts}) or [
            "http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    )
    app = server.streamable_http_app(streamable_http_path=path, transport_security=security, host=host,
                                     max_request_body_size=config.max_request_bytes)
    server.workspace.start()
    uv_config = uvicorn.Config(app, host=host, port=port, log_level=log_level.lower(),
                               timeout_graceful_shutdown=graceful_seconds, lifespan="on")
    try:
        anyio.run(uvicorn.Server(uv_config).serve)
    finally:
        server.workspace.close()
