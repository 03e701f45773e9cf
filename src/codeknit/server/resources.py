"""MCP resources: a file's skeleton (``skt://{+path}``), the graph schema, the status, the .skt guide."""

# no ``from __future__ import annotations``: the SDK reads these signatures at run time

from importlib import resources as package_data
from typing import Any

import orjson
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp.server.mcpserver.resources import ResourceSecurity

from codeknit.server import views
from codeknit.server.limits import DEFAULT_MAX_TOKENS, Deadline, ToolFailure
from codeknit.server.prompts import skt_guide
from codeknit.server.tools import status
from codeknit.server.workspace import Workspace

SKELETON_TEMPLATE = "skt://{+path}"
SCHEMA_URI = "codeknit://schema/graph"
STATUS_URI = "codeknit://status"
GUIDE_URI = "codeknit://guide/skt"


def register_resources(server: MCPServer[Any], ws: Workspace) -> None:
    # the path is checked by the server's own confinement, whose refusals say why
    @server.resource(
        SKELETON_TEMPLATE, name="skeleton", title="Skeleton of a file", mime_type="text/plain",
        security=ResourceSecurity(exempt_params={"path"}),
        description=(
            "The minified .skt skeleton of one indexed file or directory, with edges, e.g. skt://shop/cart.py. "
            f"At most {DEFAULT_MAX_TOKENS} tokens; the skeleton tool pages through larger ones."
        ),
    )
    async def file_skeleton(path: str, ctx: Context) -> str:
        try:
            view, freshness = await ws.current(ctx)
            answer = views.skeleton(view, freshness, ws.confinement, path=path, edges=True, minify=True,
                                    max_tokens=DEFAULT_MAX_TOKENS, cursor=None,
                                    deadline=Deadline(ws.config.tool_timeout, "reading the skeleton"))
        except ToolFailure as failure:
            message = str(failure)
            if "does not exist" in message or "not indexed" in message or "matches no" in message:
                raise ResourceNotFoundError(message) from None
            raise ResourceError(message) from None
        return answer.text

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
