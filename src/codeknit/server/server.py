"""Build the codeknit MCP server and run it over stdio or streamable HTTP."""

from __future__ import annotations

import hmac
import io
import logging
import os
import sys
from collections.abc import AsyncIterable, AsyncIterator, Callable
from typing import Any, Literal

import anyio
import orjson
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.stdio import stdio_server
from mcp.server.transport_security import TransportSecuritySettings
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage
from mcp.types import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    PARSE_ERROR,
    CallToolResult,
    ErrorData,
    GetPromptResult,
    InputRequiredResult,
    JSONRPCError,
    jsonrpc_message_adapter,
)
from mcp.types import Tool as MCPTool
from pydantic import ValidationError

from codeknit.server.config import ServerConfig
from codeknit.server.events import RETRY_MS, MemoryEventStore
from codeknit.server.limits import HARD_CAP_TOKENS
from codeknit.server.notify import Notifier, register_notifications
from codeknit.server.prompts import register_completions, register_prompts
from codeknit.server.resources import register_resources
from codeknit.server.tools import register_tools
from codeknit.server.tools.common import compact_schema
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
    """An :class:`MCPServer` that answers as the protocol says where the SDK does not, and adds what
    the SDK leaves to servers.

    * Errors: an unknown tool or prompt, or a prompt without its required arguments, is a JSON-RPC
      ``-32602`` error (the SDK answers an unknown tool with a tool result and a prompt problem with
      code 0 and a logged traceback); an argument error names the field in plain words.
    * ``tools/list`` is compact: schemas without pydantic's titles.
    * On stdio, malformed JSON-RPC is answered instead of dropped (:class:`CheckedLines`), and the
      end of stdin stops the calls being computed, so an orphaned server exits.
    * Log notifications, resource subscriptions and list changes (:mod:`codeknit.server.notify`).
    """

    def __init__(self, workspace: Workspace, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.workspace = workspace
        self.notifier = Notifier(workspace, bus=getattr(self, "_subscriptions", None))
        self._parameters: dict[str, set[str]] | None = None
        lowlevel = self._lowlevel_server
        default_options = lowlevel.create_initialization_options

        def initialization_options(notification_options: NotificationOptions | None = None,
                                   *args: Any, **kwargs: Any) -> Any:
            # the list of resources follows the index: say that clients are told when it changes
            chosen = notification_options or NotificationOptions(resources_changed=True)
            return default_options(chosen, *args, **kwargs)

        lowlevel.create_initialization_options = initialization_options  # type: ignore[method-assign]

    async def list_tools(self) -> list[MCPTool]:
        tools = await super().list_tools()
        return [tool.model_copy(update={
            "input_schema": compact_schema(tool.input_schema),
            "output_schema": compact_schema(tool.output_schema, output=True) if tool.output_schema else None,
        }) for tool in tools]

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
                        ) -> CallToolResult | InputRequiredResult:
        if self._parameters is None:
            self._parameters = {tool.name: set((tool.input_schema or {}).get("properties", {}))
                                for tool in await self.list_tools()}
        allowed = self._parameters.get(name)
        if allowed is None:
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {name!r}; the tools are "
                                                        f"{', '.join(sorted(self._parameters))}")
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

    async def get_prompt(self, name: str, arguments: dict[str, Any] | None = None,
                         context: Context[Any, Any] | None = None) -> GetPromptResult | InputRequiredResult:
        prompts = {prompt.name: prompt for prompt in await self.list_prompts()}
        prompt = prompts.get(name)
        if prompt is None:
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown prompt: {name!r}; the prompts are "
                                                        f"{', '.join(sorted(prompts))}")
        missing = [a.name for a in prompt.arguments or () if a.required and not (arguments or {}).get(a.name)]
        if missing:
            raise MCPError(code=INVALID_PARAMS, message=f"{', '.join(missing)}: required by the {name} prompt")
        try:
            return await super().get_prompt(name, arguments, context)
        except ValueError as problem:  # the SDK's wrapping of an argument problem
            raise MCPError(code=INVALID_PARAMS, message=str(problem)) from None

    async def run_stdio_async(self) -> None:
        lowlevel = getattr(self, "_lowlevel_server", None)
        if lowlevel is None:  # pragma: no cover - an SDK without the attribute: plain stdio
            await super().run_stdio_async()
            return
        errors_in, errors_out = anyio.create_memory_object_stream[SessionMessage](64)
        stdin = anyio.wrap_file(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace"))

        def client_gone() -> None:
            self.workspace.cancel_all("the client went away (stdin closed)")

        lines = CheckedLines(stdin, errors_in, on_end=client_gone)
        async with stdio_server(stdin=lines) as (read, write):  # type: ignore[arg-type]
            async with anyio.create_task_group() as group:
                async def answer_malformed() -> None:
                    async with errors_out:
                        async for message in errors_out:
                            await write.send(message)

                group.start_soon(answer_malformed)
                group.start_soon(self.notifier.run)
                await lowlevel.run(read, write, lowlevel.create_initialization_options())
                group.cancel_scope.cancel()


class CheckedLines:
    """The stdin lines the SDK reads, minus malformed JSON-RPC, which is answered here.

    The SDK's stdio transport drops a line it cannot parse without a reply, so
    a client waiting on it would hang. A line that is not JSON gets a -32700
    parse error, and JSON that is not a JSON-RPC message a -32600 invalid
    request, with the request's id when it has a usable one (else null).
    """

    def __init__(self, source: AsyncIterable[str], errors: MemoryObjectSendStream[SessionMessage], *,
                 on_end: Callable[[], None] | None = None) -> None:
        self.source = source
        self.errors = errors
        self.on_end = on_end

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        try:
            async with self.errors:
                async for line in self.source:
                    if not line.strip():
                        continue
                    problem = request_id_problem(line)
                    if problem is not None:
                        await self.errors.send(SessionMessage(problem))
                        continue
                    try:
                        jsonrpc_message_adapter.validate_json(line, by_name=False)
                    except ValidationError as invalid:
                        await self.errors.send(SessionMessage(malformed_reply(line, invalid)))
                        continue
                    yield line
        finally:
            if self.on_end is not None:  # end of input: the client is gone
                self.on_end()


def request_id_problem(line: str | bytes) -> JSONRPCError | None:
    """A ``-32600`` reply for a request whose ``id`` is not a string or an integer (an object, ``1.5``,
    ``true``, ``null``): the SDK would read it as a notification and never answer."""
    try:
        raw = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(raw, dict) or "method" not in raw or "id" not in raw:
        return None
    request_id = raw["id"]
    if isinstance(request_id, str) or (isinstance(request_id, int) and not isinstance(request_id, bool)):
        return None
    shown = "null" if request_id is None else type(request_id).__name__.replace("dict", "object").replace(
        "list", "array")
    return JSONRPCError(jsonrpc="2.0", id=None, error=ErrorData(
        code=INVALID_REQUEST, message=f"Invalid Request: id must be a string or an integer (got {shown})"))


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
    register_prompts(server, workspace.counter.count)
    register_completions(server, lambda kind, prefix: complete(workspace, kind, prefix))
    register_notifications(server, server.notifier)
    # stderr keeps the level asked for even when a client asks for more log notifications
    for handler in logging.getLogger().handlers:
        handler.setLevel(log_level)
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
    """Serve over stdio until the client closes stdin (or SIGINT/SIGTERM)."""
    server = build_server(config, log_level=log_level)
    server.workspace.start()
    try:
        server.run()
    finally:
        # the client is gone: a graph being written to the persistent index gets a short while only
        server.workspace.close(flush_timeout=ORPHAN_FLUSH_SECONDS)


#: how long an orphaned stdio server waits for the database write of a graph it published
ORPHAN_FLUSH_SECONDS = 5.0


def run_http(config: ServerConfig, *, host: str = "127.0.0.1", port: int = 8765, path: str = "/mcp",
             allowed_hosts: list[str] | None = None, auth_token_env: str | None = None,
             log_level: LogLevel = "WARNING", graceful_seconds: int = 5) -> None:
    """Serve over streamable HTTP until SIGINT/SIGTERM, then shut down gracefully."""
    import uvicorn

    token = os.environ.get(auth_token_env) if auth_token_env else None
    server = build_server(config, log_level=log_level, auth_token=token or None, base_url=f"http://{host}:{port}")
    hosts = [h.lower() for h in allowed_hosts or []]
    if host not in ("127.0.0.1", "localhost", "::1") or hosts:
        # DNS-rebinding protection stays on for any address: only the named hosts may appear in Host
        for name in (host.lower(), "127.0.0.1", "localhost"):
            hosts.append(f"{name}:*")
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=sorted(set(hosts)) or ["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=sorted({f"http://{h}" for h in hosts}) or [
            "http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    )
    app = server.streamable_http_app(streamable_http_path=path, transport_security=security, host=host,
                                     max_request_body_size=config.max_request_bytes,
                                     event_store=MemoryEventStore(), retry_interval=RETRY_MS)
    server.workspace.start()
    uv_config = uvicorn.Config(ProtocolGuard(app, config.max_request_bytes), host=host, port=port,
                               log_level=log_level.lower(), timeout_graceful_shutdown=graceful_seconds, lifespan="on")

    async def serve() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(server.notifier.run)
            await uvicorn.Server(uv_config).serve()
            group.cancel_scope.cancel()

    try:
        anyio.run(serve)
    finally:
        server.workspace.close()


class ProtocolGuard:
    """ASGI middleware in front of the SDK's HTTP app, for two things the protocol asks of it:

    * host names are case-insensitive: the ``Host`` header is lower-cased before the SDK's
      DNS-rebinding check compares it (``LOCALHOST:8765`` is ``localhost:8765``);
    * a request whose ``id`` is not a string or an integer gets a ``-32600`` error (HTTP 400)
      instead of being taken for a notification and never answered.
    """

    def __init__(self, app: Any, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        scope = dict(scope, headers=[(k, v.lower() if k == b"host" else v) for k, v in scope.get("headers", [])])
        if scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        messages: list[dict[str, Any]] = []
        body = b""
        while True:
            message = await receive()
            messages.append(message)
            if message.get("type") != "http.request":
                break
            body += message.get("body", b"")
            if not message.get("more_body", False) or len(body) > self.max_body:
                break
        problem = request_id_problem(body) if len(body) <= self.max_body else None
        if problem is not None:
            payload = problem.model_dump_json(by_alias=True, exclude_unset=True).encode()
            await send({"type": "http.response.start", "status": 400,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(payload)).encode())]})
            await send({"type": "http.response.body", "body": payload})
            return

        async def replay() -> dict[str, Any]:
            if messages:
                return messages.pop(0)
            return await receive()  # type: ignore[no-any-return]

        await self.app(scope, replay, send)
