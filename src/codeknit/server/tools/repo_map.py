"""``repo_map``: the ranked map of the project under a token budget (what ``codeknit map`` prints)."""

from collections.abc import Sequence
from functools import partial
from typing import Annotated, Any, Literal

import orjson
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel, Field

from codeknit.graph import Graph
from codeknit.server.limits import HARD_CAP_TOKENS, MIN_MAX_TOKENS, Deadline, ToolFailure
from codeknit.server.live import Freshness
from codeknit.server.paths import Confinement
from codeknit.server.tools.common import READ_ONLY, Edges, Focus, Minify, focus_values, wait_for
from codeknit.server.view import Answer, GraphView, fit_structured, reply_tokens, stale_paths
from codeknit.server.workspace import Workspace
from codeknit.skeleton.rank import repo_map as rank_map
from codeknit.tokens import TokenCounter

NAME = "repo_map"
DEFAULT_MAP_TOKENS = 4000
#: maps planned at most, each with the budget less what the last was over
_PLANS = 8
DESCRIPTION = (
    "Use to get oriented in an unfamiliar project: its most important symbols (PageRank over calls, references, "
    "inheritance, imports) that fit max_tokens, in file order; focus ranks towards files or symbols. Same bytes "
    "as 'codeknit map'."
)


class MapOutput(BaseModel):
    symbols: int
    total_symbols: int
    files: int
    tokens: int
    complete: bool
    focus: list[str]
    stale: list[str]


def map_budget(counter: TokenCounter, graph: Graph, max_tokens: int, focus: tuple[str, ...]) -> int:
    """The map's own budget: ``max_tokens`` less the largest structured part that can go with it."""
    total = len(graph.symbols)
    files = len({f.path for f in graph.files} | {s.path for s in graph.symbols})
    largest = {"symbols": total, "total_symbols": total, "files": files, "tokens": max_tokens, "complete": False,
               "focus": list(focus), "stale": []}
    return max_tokens - counter.count(orjson.dumps(largest).decode())


def repo_map(view: GraphView, freshness: Freshness, confinement: Confinement, *, max_tokens: int,
             focus: Sequence[str] | None, fmt: str, edges: bool, minify: bool, deadline: Deadline) -> Answer:
    """The ranked map of :func:`codeknit.skeleton.rank.repo_map`: the bytes ``codeknit map`` prints with
    ``max_tokens`` less what the rest of the reply takes (the structured part, and the escaping of the
    text as a JSON string), so that the whole reply stays within ``max_tokens``."""
    chosen = focus_values(confinement, focus)
    if fmt == "text" and (edges or minify):
        raise ToolFailure("format: the text outline shows neither edges nor a dictionary; use format=skt")
    budget = map_budget(view.counter, view.graph, max_tokens, chosen)
    deadline.report(message="ranking the symbols")
    ranking = wait_for(view.ranking(chosen), deadline, "the ranking")
    deadline.report(message="fitting the map")
    for _attempt in range(_PLANS):
        future = view.memo(("map", chosen, budget, fmt, edges, minify), partial(
            rank_map, view.graph, budget, view.counter, focus=chosen, fmt=fmt, edges=edges, minify=minify,
            ranking=ranking))
        result = wait_for(future, deadline, "the map")
        structured = fit_structured(view, result.text, {
            "symbols": len(result.symbols), "total_symbols": result.total_symbols, "files": len(result.files),
            "tokens": result.tokens, "complete": result.complete, "focus": list(chosen),
            "stale": stale_paths(freshness)}, max_tokens)
        over = reply_tokens(view, result.text, structured) - max_tokens
        if over <= 0:
            return Answer(result.text, structured)
        # the text is escaped as a JSON string in the reply: the map may take only what that leaves
        budget = min(budget, result.tokens) - over
    raise ToolFailure(f"max_tokens: {max_tokens} is too small for a map with its structured part; ask for more")


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name=NAME, title="Ranked repository map", annotations=READ_ONLY, description=DESCRIPTION)
    async def repo_map_tool(
        max_tokens: Annotated[int, Field(strict=True, ge=MIN_MAX_TOKENS, le=HARD_CAP_TOKENS,
                                         description="The map's size in tokens.")] = DEFAULT_MAP_TOKENS,
        focus: Focus = None,
        format: Annotated[Literal["skt", "text"], Field(  # noqa: A002 - the argument's name
            description="skt, or text: an outline without ids.")] = "skt",
        edges: Edges = False,
        minify: Minify = False,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, MapOutput]:
        return await ws.answer(ctx, NAME, lambda view, fresh, deadline: repo_map(
            view, fresh, ws.confinement, max_tokens=max_tokens, focus=focus, fmt=format, edges=edges, minify=minify,
            deadline=deadline), max_tokens=max_tokens)


__all__ = ["MapOutput", "map_budget", "register", "repo_map"]
