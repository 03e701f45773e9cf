"""The MCP tools, one module each.

A tool module holds everything about one tool (``chunks.py`` the pair ``chunks``/``chunk``): its
output model, the computation (a function of a :class:`~codeknit.server.view.GraphView` and plain
arguments that returns an :class:`~codeknit.server.view.Answer`, with no MCP in it) and
``register(server, workspace)``, whose tool function's signature is the input schema. The
computation runs through :meth:`Workspace.answer <codeknit.server.workspace.Workspace.answer>`,
which adds the freshness check, the time limit, progress and the budget check.

To add a tool: write ``tools/<name>.py`` with those parts and add the module to :data:`TOOL_MODULES`.
"""

from types import ModuleType
from typing import Any

from mcp.server.mcpserver import MCPServer

from codeknit.server.tools import (
    chunks,
    export,
    find_references,
    find_symbol,
    index_status,
    neighbors,
    repo_map,
    skeleton,
    symbol_source,
)
from codeknit.server.workspace import Workspace

#: the tool modules, in the order ``tools/list`` shows their tools
TOOL_MODULES: tuple[ModuleType, ...] = (
    index_status, skeleton, find_symbol, neighbors, find_references, symbol_source, repo_map, chunks, export,
)


def register_tools(server: MCPServer[Any], ws: Workspace) -> None:
    """Add every tool to ``server``."""
    for module in TOOL_MODULES:
        module.register(server, ws)


__all__ = ["TOOL_MODULES", "register_tools"]
