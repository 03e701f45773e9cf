"""``skeleton``: the .skt skeleton of a file, a directory or a glob, in pages under the budget."""

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel

from codeknit.server.limits import DEFAULT_MAX_TOKENS, Deadline, request_digest
from codeknit.server.live import Freshness
from codeknit.server.pages import Position, Unit, cursor_text, more_text, paginate, range_text, start_position
from codeknit.server.paths import Confinement
from codeknit.server.select import select_paths
from codeknit.server.tools.common import READ_ONLY, CursorArg, Edges, MaxTokens, Minify, PathArg
from codeknit.server.view import Answer, GraphView, stale_paths
from codeknit.server.workspace import Workspace

NAME = "skeleton"
DESCRIPTION = (
    "Use first to see what a file, directory or glob defines: one .skt line per symbol (short id S12, kind, "
    "lines, signature) under '## path'; edges=true adds [edges] ('S8 --calls--> S18', [unresolved] and "
    "[ambiguous] marked). Cut answers end with a cursor."
)


class SkeletonOutput(BaseModel):
    files: list[str]
    file_count: int
    symbol_count: int
    first: int
    last: int
    tokens: int
    truncated: bool
    cursor: str | None
    stale: list[str]


def skeleton(view: GraphView, freshness: Freshness, confinement: Confinement, *, path: str, edges: bool,
             minify: bool, max_tokens: int, cursor: str | None, deadline: Deadline, tool: str = NAME,
             next_part: str | None = None) -> Answer:
    """The page of the skeleton of ``path`` that ``cursor`` points at (the first without one).

    ``next_part`` replaces the cursor line of a cut page with what to do instead (a resource names
    the URI of its next page)."""
    paths = select_paths(view, confinement, path)
    units = [Unit(s.id, s) for p in paths for s in view.by_path.get(p, ())]
    request = request_digest({"path": path, "edges": edges, "minify": minify})
    at, note = start_position(cursor, tool=tool, request=request, units=units)
    chosen = set(paths)
    errors = [e for e in view.graph.errors if e.path in chosen] if at == Position(0) else []
    version = view.snapshot.version

    def meta(shown: list[Unit], at: Position, following: Position | None, skipped: str) -> list[tuple[str, str]]:
        lines = [("path", path or "."), ("files", str(len(paths))), ("symbols", range_text(at, shown, len(units)))]
        lines += [("note", text) for text in (note, skipped) if text]
        if following is not None:
            more = more_text(units, following)
            if next_part is not None:
                lines.append(("truncated", f"{more}; {next_part}"))
            else:
                lines.append(("truncated", f"{more}; call again with this cursor"))
                lines.append(("cursor", cursor_text(tool, request, units, following, version) or ""))
        return view.meta(freshness, lines)

    def structured(shown: list[Unit], _lines: Any, following: Position | None, tokens: int) -> dict[str, Any]:
        return {
            "files": list(dict.fromkeys(u.symbol.path for u in shown)),
            "file_count": len(paths),
            "symbol_count": len(units),
            "first": at.unit + 1 if shown else 0,
            "last": at.unit + len(shown),
            "tokens": tokens,
            "truncated": following is not None,
            "cursor": cursor_text(tool, request, units, following, version),
            "stale": stale_paths(freshness),
        }

    page = paginate(view, units, at, edges=edges, minify=minify, meta=meta, structured=structured,
                    max_tokens=max_tokens, deadline=deadline, errors=errors)
    return Answer(page.text, page.structured)


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name=NAME, title="Skeleton of files", annotations=READ_ONLY, description=DESCRIPTION)
    async def skeleton_tool(
        path: PathArg = ".",
        edges: Edges = False,
        minify: Minify = False,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, SkeletonOutput]:
        return await ws.answer(ctx, NAME, lambda view, fresh, deadline: skeleton(
            view, fresh, ws.confinement, path=path, edges=edges, minify=minify, max_tokens=max_tokens,
            cursor=cursor, deadline=deadline), max_tokens=max_tokens)


__all__ = ["SkeletonOutput", "register", "skeleton"]
