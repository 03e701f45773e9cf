"""``find_symbol``: symbols by name, substring or pattern (RE2: linear time), with kind and path filters."""

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel, Field

from codeknit.graph import Category, Symbol, SymbolKind
from codeknit.server.limits import DEFAULT_MAX_TOKENS, Deadline, ToolFailure
from codeknit.server.live import Freshness
from codeknit.server.paths import MAX_PATH_LENGTH, Confinement
from codeknit.server.patterns import compile_pattern
from codeknit.server.select import select_paths
from codeknit.server.tools.common import READ_ONLY, MaxTokens, SymbolRefOut
from codeknit.server.view import Answer, GraphView, reply_tokens, stale_paths
from codeknit.server.workspace import Workspace
from codeknit.skeleton import SktDocument, to_text
from codeknit.skeleton.budget import fit_prefix

NAME = "find_symbol"
MATCH_MODES = ("auto", "exact", "substring", "regex")
DESCRIPTION = (
    "Use to find a symbol's id when you know (part of) its name: exact name, then case-insensitive substring; "
    "match=regex takes an RE2 pattern (no backreferences or lookaround) on qualified names and ids. Filter by "
    "kinds and path."
)


class FindSymbolOutput(BaseModel):
    query: str
    match: str
    total: int
    symbols: list[SymbolRefOut]
    truncated: bool
    stale: list[str]


def find_symbol(view: GraphView, freshness: Freshness, confinement: Confinement, *, query: str, match: str,
                kinds: Sequence[str] | None, path: str | None, limit: int, max_tokens: int,
                deadline: Deadline) -> Answer:
    graph = view.graph
    kind_filter = symbol_kinds(kinds)
    allowed_paths = set(select_paths(view, confinement, path, argument="path")) if path else None

    def admitted(symbol: Symbol) -> bool:
        return ((kind_filter is None or symbol.kind in kind_filter)
                and (allowed_paths is None or symbol.path in allowed_paths))

    mode = match
    found: list[Symbol] = []
    if mode in ("auto", "exact"):
        found = [s for s in view.names.get(query, ()) if admitted(s)]
        if not found and mode == "auto":
            mode = "substring"
    if mode == "substring":
        needle = query.lower()
        for number, symbol in enumerate(graph.symbols):
            if number % 4096 == 0:
                deadline.check()
            if admitted(symbol) and (needle in symbol.qualname.lower() or needle in symbol.name.lower()):
                found.append(symbol)
    elif mode == "regex":
        pattern = compile_pattern(query)
        for number, symbol in enumerate(graph.symbols):
            if number % 1024 == 0:
                deadline.check()
            if admitted(symbol) and (pattern.search(symbol.qualname or symbol.name) or pattern.search(symbol.id)):
                found.append(symbol)
    lowered = query.lower()
    found.sort(key=lambda s: (s.name != query, s.name.lower() != lowered, len(s.qualname), view.position(s)))
    total = len(found)
    found = found[:limit]

    def build(k: int) -> str:
        meta = [("query", query), ("match", mode), ("found", str(total))]
        if total > len(found):
            meta.append(("limited", f"showing the best {len(found)}; raise limit or narrow the query"))
        if k < len(found):
            meta.append(("truncated", f"{len(found) - k} more matches did not fit max_tokens; narrow the query"))
        meta.extend((s.short, s.id) for s in found[:k])
        shown = sorted(found[:k], key=view.position)
        return to_text(SktDocument(meta=view.meta(freshness, meta), files=view.renderer.file_sections(shown)))

    def structured(k: int) -> dict[str, Any]:
        return {"query": query, "match": mode, "total": total,
                "symbols": [{"id": s.id, "short": s.short} for s in found[:k]],
                "truncated": k < total, "stale": stale_paths(freshness)}

    fitted = fit_prefix(len(found), lambda k: Answer(build(k), structured(k)),
                        lambda answer: reply_tokens(view, answer.text, answer.structured), max_tokens,
                        check=deadline.check)
    return fitted.value


def symbol_kinds(kinds: Sequence[str] | None) -> frozenset[SymbolKind] | None:
    if not kinds:
        return None
    chosen: set[SymbolKind] = set()
    categories = {c.value for c in Category}
    for raw in kinds:
        text = raw.strip().lower()
        if text in categories:
            chosen |= {k for k in SymbolKind if k.category.value == text}
            continue
        try:
            chosen.add(SymbolKind.from_label(text) if "/" in text else SymbolKind(text))
        except ValueError:
            known = ", ".join(sorted(categories | {k.value for k in SymbolKind}))
            raise ToolFailure(f"kinds: unknown symbol kind {raw!r}; use any of {known}") from None
    return frozenset(chosen)


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name=NAME, title="Find symbols", annotations=READ_ONLY, description=DESCRIPTION)
    async def find_symbol_tool(
        query: Annotated[str, Field(min_length=1, max_length=512, description="A name, part of one, or a pattern.")],
        match: Literal["auto", "exact", "substring", "regex"] = "auto",
        kinds: Annotated[list[str] | None, Field(
            max_length=32, description="Categories (callable, type, value, module) or kinds (method, class).")
        ] = None,
        path: Annotated[str | None, Field(max_length=MAX_PATH_LENGTH, description="File, directory or glob.")
                        ] = None,
        limit: Annotated[int, Field(strict=True, ge=1, le=500)] = 50,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, FindSymbolOutput]:
        return await ws.answer(ctx, NAME, lambda view, fresh, deadline: find_symbol(
            view, fresh, ws.confinement, query=query, match=match, kinds=kinds, path=path, limit=limit,
            max_tokens=max_tokens, deadline=deadline), max_tokens=max_tokens)


__all__ = ["MATCH_MODES", "FindSymbolOutput", "find_symbol", "register", "symbol_kinds"]
