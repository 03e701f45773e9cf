"""``symbol_source``: a symbol's source with line numbers, read from the file now."""

import hashlib
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel, Field

from codeknit.server.limits import DEFAULT_MAX_TOKENS, Cursor, Deadline, ToolFailure, request_digest
from codeknit.server.live import Freshness
from codeknit.server.paths import Confinement
from codeknit.server.tools.common import READ_ONLY, CursorArg, MaxTokens, SymbolInfo, SymbolRef
from codeknit.server.view import Answer, GraphView, reply_tokens, stale_paths
from codeknit.server.workspace import Workspace
from codeknit.skeleton.budget import fit_prefix

NAME = "symbol_source"
DESCRIPTION = "Use to read the code of one symbol, with line numbers ('812 | def save(…)'), from the file as it is now."


class SourceOutput(BaseModel):
    symbol: SymbolInfo
    first_line: int | None
    last_line: int | None
    truncated: bool
    cursor: str | None
    file_changed_since_index: bool
    stale: list[str]


def symbol_source(view: GraphView, freshness: Freshness, confinement: Confinement, *, symbol: str, context: int,
                  max_tokens: int, cursor: str | None, deadline: Deadline) -> Answer:
    target = view.resolve(symbol)
    absolute = confinement.root / target.path
    # graph paths come from the scan, so they are inside the root; check anyway before reading
    confinement.relative(target.path, argument="symbol")
    try:
        data = absolute.read_bytes()
    except OSError as exc:
        raise ToolFailure(f"symbol: cannot read {target.path}: {exc.strerror or exc}") from None
    lines = data.decode("utf-8", "replace").split("\n")
    first = max(1, target.span[0] - context)
    last = min(len(lines), target.span[2] + context)
    numbered = list(range(first, last + 1))
    request = request_digest({"symbol": target.id, "context": context})
    start = 0
    if cursor:
        start = min(Cursor.decode(cursor, tool=NAME, request=request).offset, len(numbered))
    rest = numbered[start:]
    record = view.snapshot.files.get(target.path)
    changed = bool(record is not None and record.sha256 and hashlib.sha256(data).hexdigest() != record.sha256)
    width = len(str(last))

    def build(k: int, cut: int | None = None) -> str:
        out = [f"## {target.path} {target.short} {target.id} L{target.span[0]}-L{target.span[2]}"]
        if freshness.stale:
            out.append("# note: the index is being refreshed; the symbol's lines come from the previous snapshot")
        if changed:
            out.append("# note: the file changed since it was indexed; the lines may have moved")
        if cut is not None:  # (one line longer than the whole budget: its start, and the cursor goes past it)
            line = lines[rest[0] - 1]
            out.append(f"{rest[0]:>{width}} | {line[:cut]}…")
            out.append(f"# line {rest[0]} cut after {cut} of its {len(line)} characters (longer than max_tokens)")
        else:
            out += [f"{n:>{width}} | {lines[n - 1]}" for n in rest[:k]]
        if start + k < len(numbered):
            next_cursor = Cursor(NAME, request, start + k).encode()
            out.append(f"# truncated: {len(numbered) - start - k} more lines (L{rest[k]}-L{last}); "
                       f"call again with cursor={next_cursor}")
        return "\n".join(out) + "\n"

    def structured(k: int) -> dict[str, Any]:
        truncated = start + k < len(numbered)
        return {
            "symbol": view.describe(target),
            "first_line": rest[0] if rest and k else None,
            "last_line": rest[k - 1] if k else None,
            "truncated": truncated,
            "cursor": Cursor(NAME, request, start + k).encode() if truncated else None,
            "file_changed_since_index": changed,
            "stale": stale_paths(freshness),
        }

    def size(answer: Answer) -> int:
        return reply_tokens(view, answer.text, answer.structured)

    fitted = fit_prefix(len(rest), lambda k: Answer(build(k), structured(k)), size, max_tokens,
                        check=deadline.check)
    if fitted.units or not rest:
        return fitted.value
    # not even the first line fits: as much of it as does, so that the cursor moves on (it stayed, and a
    # client that followed it asked for the same page for ever)
    line = lines[rest[0] - 1]
    cut = fit_prefix(len(line), lambda c: Answer(build(1, c), structured(1)), size, max_tokens,
                     check=deadline.check)
    return cut.value


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name=NAME, title="Source of a symbol", annotations=READ_ONLY, description=DESCRIPTION)
    async def symbol_source_tool(
        symbol: SymbolRef,
        context: Annotated[int, Field(strict=True, ge=0, le=50, description="Lines before and after.")] = 0,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, SourceOutput]:
        return await ws.answer(ctx, NAME, lambda view, fresh, deadline: symbol_source(
            view, fresh, ws.confinement, symbol=symbol, context=context, max_tokens=max_tokens, cursor=cursor,
            deadline=deadline), max_tokens=max_tokens)


__all__ = ["SourceOutput", "register", "symbol_source"]
