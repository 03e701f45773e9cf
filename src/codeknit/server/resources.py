"""MCP resources: each indexed file's skeleton (``skt://{+path}{?page}``), the graph schema, the status,
the .skt guide.

``resources/list`` lists the three fixed resources and then one ``skt://`` resource per indexed file,
in pages of :data:`LIST_PAGE` (``nextCursor``); the list follows the live index, and subscribers are
told when it changes (:mod:`codeknit.server.notify`). A skeleton resource is read in pages of at
most :data:`~codeknit.server.limits.DEFAULT_MAX_TOKENS` tokens: ``skt://shop/cart.py`` is the first,
and a cut page ends with the URI of the next (``skt://shop/cart.py?page=2``).
"""

# no ``from __future__ import annotations``: the SDK reads these signatures at run time

import base64
import binascii
from importlib import resources as package_data
from typing import Any

import orjson
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp.server.mcpserver.resources import ResourceSecurity
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, ListResourcesResult, PaginatedRequestParams, Resource

from codeknit.server.limits import DEFAULT_MAX_TOKENS, Deadline, ToolFailure
from codeknit.server.prompts import skt_guide
from codeknit.server.tools.index_status import status
from codeknit.server.tools.skeleton import skeleton
from codeknit.server.workspace import Workspace

SKELETON_TEMPLATE = "skt://{+path}{?page}"
SCHEMA_URI = "codeknit://schema/graph"
STATUS_URI = "codeknit://status"
GUIDE_URI = "codeknit://guide/skt"
#: resources per page of ``resources/list``
LIST_PAGE = 200
#: the most pages of one skeleton a read walks through
MAX_PAGE = 10_000


def skeleton_uri(path: str, page: int = 1) -> str:
    return f"skt://{path}" + (f"?page={page}" if page > 1 else "")


def skeleton_page(ws: Workspace, view: Any, freshness: Any, path: str, page: int) -> str:
    """Page ``page`` of the skeleton of ``path`` (a file, directory or glob), with edges, minified."""
    deadline = Deadline(ws.config.tool_timeout, "reading the skeleton")
    cursor: str | None = None
    for number in range(1, page + 1):
        answer = skeleton(view, freshness, ws.confinement, path=path, edges=True, minify=True,
                          max_tokens=DEFAULT_MAX_TOKENS, cursor=cursor, deadline=deadline, tool="skt",
                          next_part=f"read {skeleton_uri(path, number + 1)}")
        cursor = answer.structured["cursor"]
        if number == page:
            return answer.text
        if cursor is None:
            raise ResourceNotFoundError(f"{skeleton_uri(path, page)}: the skeleton of {path} has {number} "
                                        f"page{'s' if number > 1 else ''}")
    raise AssertionError("unreachable")  # pragma: no cover


def register_resources(server: MCPServer[Any], ws: Workspace) -> None:
    # the path is checked by the server's own confinement, whose refusals say why
    @server.resource(
        SKELETON_TEMPLATE, name="skeleton", title="Skeleton of a file", mime_type="text/plain",
        security=ResourceSecurity(exempt_params={"path"}),
        description=(
            f"The .skt skeleton of an indexed file or directory, with edges, in pages of at most {DEFAULT_MAX_TOKENS}"
            " tokens: skt://shop/cart.py, then skt://shop/cart.py?page=2 (a cut page names the next)."
        ),
    )
    async def file_skeleton(path: str, ctx: Context, page: str = "1") -> str:
        try:
            number = int(page)
        except ValueError:
            number = 0
        if not 1 <= number <= MAX_PAGE:
            raise MCPError(code=INVALID_PARAMS, message=f"page: {page!r} is not a page number (1 to {MAX_PAGE})")
        try:
            view, freshness = await ws.current(ctx)
            return skeleton_page(ws, view, freshness, path, number)
        except ToolFailure as failure:
            message = str(failure)
            if "does not exist" in message or "not indexed" in message or "matches no" in message:
                raise ResourceNotFoundError(message) from None
            if message.startswith("path:"):  # (a path out of the root: the request's fault, as subscribe says;
                raise MCPError(code=INVALID_PARAMS, message=message) from None  # it was an internal error)
            raise ResourceError(message) from None

    @server.resource(
        SCHEMA_URI, name="graph-schema", title="Graph JSON schema", mime_type="application/schema+json",
        description="The JSON Schema (draft 2020-12) of the graph document that parse --format json writes and "
                    "the exporters read.",
    )
    def graph_schema() -> str:
        return package_data.files("codeknit.graph").joinpath("schema", "graph.schema.json").read_text("utf-8")

    @server.resource(
        STATUS_URI, name="status", title="Index status", mime_type="application/json",
        description="The live index's status as JSON (the index_status tool's structured result).",
    )
    async def index_status() -> str:
        live = ws.live
        view = freshness = None
        if live is not None and live.snapshot() is not None:
            view, freshness = await ws.current(None)
        return orjson.dumps(status(ws, view, freshness).structured, option=orjson.OPT_INDENT_2).decode()

    @server.resource(
        GUIDE_URI, name="skt-guide", title="How to read .skt", mime_type="text/markdown",
        description="How to read codeknit's .skt answers: symbol lines, edges, resolution states, the [dict].",
    )
    def guide() -> str:
        return skt_guide()

    async def list_resources(_ctx: Any, params: PaginatedRequestParams | None) -> ListResourcesResult:
        """The fixed resources, then a skeleton resource per indexed file, a page at a time."""
        entries: list[Resource] = list(await server.list_resources())
        live = ws.live
        snapshot = live.snapshot() if live is not None else None
        if snapshot is not None:
            entries += [Resource(uri=skeleton_uri(path), name=path, mime_type="text/plain")
                        for path in ws.view_of(snapshot).paths]
        start = _offset(params.cursor if params is not None else None, len(entries))
        following = start + LIST_PAGE
        return ListResourcesResult(resources=entries[start:following],
                                   next_cursor=_cursor(following) if following < len(entries) else None)

    lowlevel = getattr(server, "_lowlevel_server", None)
    if lowlevel is not None:
        lowlevel.add_request_handler("resources/list", PaginatedRequestParams, list_resources)


def _cursor(offset: int) -> str:
    return base64.urlsafe_b64encode(f"r{offset}".encode()).decode().rstrip("=")


def _offset(cursor: str | None, total: int) -> int:
    if not cursor:
        return 0
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        if not text.startswith("r"):
            raise ValueError(text)
        return min(max(int(text[1:]), 0), total)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise MCPError(code=INVALID_PARAMS, message="cursor: not a cursor of resources/list; pass nextCursor "
                                                    "unchanged") from None


__all__ = ["GUIDE_URI", "SCHEMA_URI", "SKELETON_TEMPLATE", "STATUS_URI", "register_resources", "skeleton_uri"]
