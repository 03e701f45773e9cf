"""The MCP tools: schemas, descriptions, and the calls into :mod:`codeknit.server.views`.

Each tool is a thin async function: its signature is its JSON schema (with
descriptions and bounds), its body hands a computation to
:meth:`Workspace.answer`, which adds the freshness check, the token budget
and the time limit. Results are ``.skt`` text plus ``structuredContent``
validated against the tool's output schema.
"""

# no ``from __future__ import annotations``: the SDK reads these signatures at run time

import datetime
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from codeknit.exporters import FORMATS
from codeknit.graph import EdgeKind, ResolutionMetrics
from codeknit.server import views
from codeknit.server.limits import DEFAULT_MAX_TOKENS, HARD_CAP_TOKENS, MIN_MAX_TOKENS, Deadline, ToolFailure
from codeknit.server.live import Freshness
from codeknit.server.paths import MAX_PATH_LENGTH
from codeknit.server.views import Answer, GraphView
from codeknit.server.workspace import Workspace
from codeknit.skeleton import SktDocument, to_text

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

# -- argument types (module level: the SDK resolves annotations against this module) ----------

MaxTokens = Annotated[int, Field(
    ge=MIN_MAX_TOKENS, le=HARD_CAP_TOKENS,
    description=f"Upper bound on the answer's size in tokens (o200k_base by default), counted exactly on the final "
                f"text. Default {DEFAULT_MAX_TOKENS}, at most {HARD_CAP_TOKENS}. A larger answer is cut between "
                "whole units and ends with a cursor.",
)]
CursorArg = Annotated[str | None, Field(
    max_length=4096,
    description="The cursor from a truncated answer, to get its next part. Repeat the other arguments unchanged.",
)]
SymbolRef = Annotated[str, Field(
    min_length=1, max_length=2048,
    description="A symbol: its full id (shop/cart.py::Cart.total), a short id from an earlier answer of this "
                "server (S12), a qualified or dotted name (Cart.total, shop.cart.Cart.total), or path:line "
                "(shop/cart.py:15, the innermost symbol spanning that line).",
)]
PathArg = Annotated[str, Field(
    max_length=MAX_PATH_LENGTH,
    description="A file, a directory or a glob, relative to the served root ('.' is everything). Globs match whole "
                "paths: * and ? stay within a directory, **/ crosses directories (shop/**/*.py).",
)]
Minify = Annotated[bool, Field(
    description="The minified .skt layout when it saves tokens (about half with edges): each symbol's edges on "
                "the line under it, and a [dict] of codes for repeated kinds, edge heads, targets and parameter lists. "
                "Lossless; see the codeknit://guide/skt resource.",
)]


Focus = Annotated[list[str] | None, Field(
    max_length=32,
    description="Files or symbols to rank towards (paths from the root, path suffixes, full or short ids, "
                "names): they come first, their neighbours next.")]
ChunkBudget = Annotated[int, Field(
    ge=MIN_MAX_TOKENS, le=HARD_CAP_TOKENS,
    description=f"Tokens per chunk (each chunk(n) answer is at most this). Default {DEFAULT_MAX_TOKENS}.")]


class SymbolInfo(BaseModel):
    id: str = Field(description="full id: path::Qualified.name (a module's id is its path)")
    short: str = Field(description="short id, stable for the life of this server process")
    kind: str = Field(description="category/kind, e.g. callable/method")
    path: str
    start_line: int
    end_line: int
    signature: str


class SkeletonOutput(BaseModel):
    files: list[str] = Field(description="the selected files (at most 200 listed)")
    file_count: int
    symbol_count: int
    first: int = Field(description="1-based index of the first symbol in this part (0 when empty)")
    last: int = Field(description="index of the last symbol in this part")
    tokens: int
    truncated: bool
    cursor: str | None
    stale: list[str] = Field(description="changed files this answer does not reflect yet")


class Counts(BaseModel):
    resolved: int
    ambiguous: int
    unresolved: int


class EdgeCounts(BaseModel):
    outgoing: Counts | None
    incoming: Counts | None = Field(
        description="incoming.unresolved counts unresolved uses of the focus's name anywhere: possible callers "
                    "the resolver could not bind")


class NeighborSymbol(SymbolInfo):
    distance: int = Field(description="edges from the focus (0 for the focus itself)")


class NeighborsOutput(BaseModel):
    focus: SymbolInfo
    counts: EdgeCounts
    symbols: list[NeighborSymbol]
    tokens: int
    truncated: bool
    cursor: str | None
    stale: list[str]


class FindSymbolOutput(BaseModel):
    query: str
    match: str = Field(description="the match mode used (auto falls back from exact to substring)")
    total: int = Field(description="matches before limit and max_tokens")
    symbols: list[SymbolInfo]
    truncated: bool
    stale: list[str]


class SourceOutput(BaseModel):
    symbol: SymbolInfo
    first_line: int | None
    last_line: int | None
    truncated: bool
    cursor: str | None
    file_changed_since_index: bool
    stale: list[str]


class MapOutput(BaseModel):
    symbols: int = Field(description="symbols in the map")
    total_symbols: int
    files: int
    tokens: int
    complete: bool = Field(description="whether the whole skeleton fitted")
    focus: list[str]
    stale: list[str]


class ChunkEntry(BaseModel):
    chunk: int
    tokens: int
    symbols: int
    edges: int
    files: list[str]


class ChunksOutput(BaseModel):
    run: str = Field(description="the run fingerprint; chunk(n) answers say if it has changed since")
    path: str
    files: int
    max_tokens: int
    total_tokens: int
    count: int = Field(description="how many chunks there are")
    chunks: list[ChunkEntry] = Field(description="the chunks on this page of the manifest")
    truncated: bool
    cursor: str | None
    stale: list[str]


class ChunkOutput(BaseModel):
    chunk: int
    count: int
    run: str
    tokens: int
    symbols: int
    files: list[str]
    run_changed: bool
    note: str | None = None
    stale: list[str]


class ExportOutput(BaseModel):
    format: str
    path: str | None = Field(description="the file written (absolute), or null for an inline answer")
    bytes: int
    tokens: int | None = Field(description="tokens of the inline text")
    warnings: list[str] = Field(description="what the format could not carry, or reasons to doubt the result")
    stale: list[str]


class StatusOutput(BaseModel):
    root: str | None
    state: str = Field(description="starting, scanning, extracting, resolving, ready or failed")
    progress: str
    files: int
    symbols: int
    relations: dict[str, int] = Field(description="relations by resolution: resolved, ambiguous, unresolved")
    resolution: dict[str, Any] = Field(
        description="resolution metrics over use sites: queries, resolved, ambiguous, unresolved (nothing known), "
                    "external (imported from outside the project), and the same per relation kind in by_kind"
    )
    edges_by_kind: dict[str, int]
    errors: int
    skipped: int
    snapshot_version: int
    last_refresh: str | None = Field(description="when the current snapshot was published (UTC, ISO 8601)")
    last_refresh_seconds: float | None
    reextracted: list[str] = Field(description="files extracted again for the current snapshot (at most 50)")
    stale: list[str]
    refreshing: bool
    fingerprint: str
    tokenizer: str
    priming: bool = Field(
        description="a warm start is preparing fast refreshes in the background (answers are served "
                    "meanwhile; a refresh asked for now waits for it)")
    points_to: bool = Field(
        description="whether Python's points-to analysis answers calls; false (serve --no-points-to): the name "
                    "rules answer every call, and calls through values stay unresolved or ambiguous")
    persistent_index: str | None = Field(
        description="the SQLite database of the persistent index; null when it is kept in memory (--no-cache)")
    reresolved: list[str] | None = Field(
        description="files whose references were resolved again for the current snapshot; null: all of them")
    export_dir: str | None
    roots_declared: list[str]
    last_error: str | None


# -- status (also the codeknit://status resource) --------------------------------------------


def status(ws: Workspace, view: GraphView | None, freshness: Freshness | None) -> Answer:
    live = ws.live
    progress = live.progress() if live else None
    structured: dict[str, Any] = {
        "root": str(live.root) if live else None,
        "state": progress.phase if progress else "waiting for the client's roots",
        "progress": f"{progress.done}/{progress.total}" if progress else "",
        "files": 0, "symbols": 0, "relations": {"resolved": 0, "ambiguous": 0, "unresolved": 0},
        "resolution": ResolutionMetrics().as_dict(),
        "edges_by_kind": {}, "errors": 0, "skipped": 0, "snapshot_version": 0, "last_refresh": None,
        "last_refresh_seconds": None, "reextracted": [], "reresolved": None, "stale": [], "refreshing": False,
        "fingerprint": "",
        "tokenizer": ws.config.tokenizer,
        "points_to": ws.config.index.points_to,
        "priming": live.priming() if live is not None else False,
        "persistent_index": str(live.store_path) if live is not None and live.store_path is not None else None,
        "export_dir": str(ws.config.resolved_export_dir(live.root)) if live else None,
        "roots_declared": list(ws.roots_declared), "last_error": live.error if live else None,
    }
    if view is not None:
        graph = view.graph
        snapshot = view.snapshot
        kinds = {kind.value: 0 for kind in EdgeKind}
        for relation in graph.relations:
            kinds[relation.kind.value] += 1
        structured.update(
            files=len(graph.files), symbols=len(graph.symbols), relations=views.relation_counts(graph),
            resolution=graph.metrics.as_dict(),
            edges_by_kind=kinds, errors=len(graph.errors), skipped=len(graph.skipped),
            snapshot_version=snapshot.version,
            last_refresh=datetime.datetime.fromtimestamp(snapshot.built_at, datetime.UTC).isoformat(
                timespec="seconds"),
            last_refresh_seconds=round(snapshot.build_seconds, 3), reextracted=list(snapshot.reextracted[:50]),
            reresolved=None if snapshot.reresolved is None else list(snapshot.reresolved[:50]),
            fingerprint=graph.fingerprint,
        )
    if freshness is not None:
        structured.update(stale=list(freshness.stale_paths), refreshing=freshness.refreshing)
    relations = structured["relations"]
    meta = [
        ("format", "skt 0.5.0"), ("run", structured["fingerprint"] or "-"),
        ("root", structured["root"] or "(not chosen yet)"),
        ("state", f"{structured['state']} {structured['progress']}".strip()
         + ("; preparing fast refreshes in the background" if structured["priming"] else "")),
        ("files", f"{structured['files']} indexed, {structured['errors']} errors, {structured['skipped']} skipped"),
        ("symbols", str(structured["symbols"])),
        ("relations", f"{sum(relations.values())}: {relations['resolved']} resolved, {relations['ambiguous']} "
                      f"ambiguous, {relations['unresolved']} unresolved"),
        ("edges", ", ".join(f"{k} {n}" for k, n in structured["edges_by_kind"].items() if n) or "none"),
        ("resolution", "{queries} use sites: {resolved} resolved, {ambiguous} ambiguous, {unresolved} unresolved, "
                       "{external} external".format(**structured["resolution"])),
        ("last refresh", f"{structured['last_refresh']} (took {structured['last_refresh_seconds']} s, "
                         f"{len(view.snapshot.reextracted) if view else 0} files extracted, "
                         + ("all files resolved" if structured["reresolved"] is None
                            else f"{len(structured['reresolved'])} files resolved") + ")"
         if structured["last_refresh"] else "never"),
        ("stale", ", ".join(structured["stale"]) or ("refreshing" if structured["refreshing"] else "no")),
        ("persistent index", structured["persistent_index"] or "off: kept in memory (--no-cache)"),
        ("tokenizer", structured["tokenizer"]),
        ("calls", "names and Python points-to" if structured["points_to"] else "names only (--no-points-to)"),
    ]
    if structured["last_error"]:
        meta.append(("last error", structured["last_error"]))
    return Answer(to_text(SktDocument(meta=meta, has_symbols=False)), structured)


# -- registration -----------------------------------------------------------------------------


def register_tools(server: MCPServer[Any], ws: Workspace) -> None:
    """Add every tool to ``server``."""

    @server.tool(
        name="skeleton", title="Skeleton of files",
        annotations=READ_ONLY,
        description=(
            "The .skt skeleton of a file, a directory or a glob: one line per symbol, grouped under '## path' "
            "headers: short id (S12), category/kind, line span (L5-L20), signature (type names that resolve are "
            "replaced by short ids) and {properties}. edges=true adds [edges]: 'S8 --calls--> S18'; an "
            "[unresolved] target is the name as written; an [ambiguous] one lists [candidates=S15, S17]. With "
            "minify (the layout [meta] calls 'skt 0.5.0 minified'), a symbol's edges are on the line under it and "
            "codes stand for the values in [dict]. [meta] tells which symbols are shown; a cut answer "
            "has 'truncated' and a 'cursor' to pass back for the next part."
        ),
    )
    async def skeleton(
        path: PathArg = ".",
        edges: Annotated[bool, Field(description="Include [edges] (relationships) of the shown symbols.")] = False,
        minify: Minify = False,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, SkeletonOutput]:
        return await ws.answer(ctx, "skeleton", lambda view, fresh, deadline: views.skeleton(
            view, fresh, ws.confinement, path=path, edges=edges, minify=minify, max_tokens=max_tokens,
            cursor=cursor, deadline=deadline), max_tokens=max_tokens)

    @server.tool(
        name="neighbors", title="Edge neighbourhood of a symbol",
        annotations=READ_ONLY,
        description=(
            "A symbol's edge neighbourhood as .skt: the focus and the symbols around it in [symbols], the edges "
            "between them in [edges]. [meta] counts the focus's edges by resolution; 'in' also counts unresolved "
            "uses of its name anywhere in the project. So an empty caller list with a non-zero count means callers "
            "may exist but could not be resolved - never read it as 'no callers'. [ambiguous] edges list their "
            "candidates (the focus may be one of several); [unresolved] edges show the written name. depth > 1 "
            "walks on through resolved edges only. Nearest symbols come first; a cut answer has a cursor."
        ),
    )
    async def neighbors(
        symbol: SymbolRef,
        depth: Annotated[int, Field(ge=1, le=4, description="How many edges away to go (1-4).")] = 1,
        direction: Annotated[Literal["in", "out", "both"], Field(
            description="in: who points at the symbol (callers, subclasses, importers); out: what it points at; "
                        "both.")] = "both",
        kinds: Annotated[list[str] | None, Field(
            max_length=len(EdgeKind),
            description="Only these edge kinds: " + ", ".join(k.value for k in EdgeKind) + ". Default: all.",
        )] = None,
        include_uncertain: Annotated[bool, Field(
            description="List [ambiguous] and [unresolved] edges (default). When false only resolved edges are "
                        "listed, and the uncertain ones are still counted in [meta].")] = True,
        minify: Minify = False,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, NeighborsOutput]:
        return await ws.answer(ctx, "neighbors", lambda view, fresh, deadline: views.neighbors(
            view, fresh, symbol=symbol, depth=depth, direction=direction, kinds=kinds,
            include_uncertain=include_uncertain, minify=minify, max_tokens=max_tokens, cursor=cursor,
            deadline=deadline), max_tokens=max_tokens)

    @server.tool(
        name="find_symbol", title="Find symbols",
        annotations=READ_ONLY,
        description=(
            "Find symbols by name. match=auto (default) tries the exact simple, qualified or dotted name, then a "
            "case-insensitive substring; exact, substring and regex (Python syntax, searched in the qualified name "
            "and the full id) force one mode. Filter by kinds and by a path, directory or glob. Returns .skt symbol "
            "lines (short id, kind, lines, signature) under their files, and in [meta] each short id's full id. "
            "Best matches first: exact name, then shorter qualified names."
        ),
    )
    async def find_symbol(
        query: Annotated[str, Field(min_length=1, max_length=512, description="A name, part of one, or a regex.")],
        match: Annotated[Literal["auto", "exact", "substring", "regex"], Field(
            description="How query is matched.")] = "auto",
        kinds: Annotated[list[str] | None, Field(
            max_length=32,
            description="Only these kinds: a category (callable, type, value, module, meta), a kind (method, "
                        "class …) or category/kind.")] = None,
        path: Annotated[str | None, Field(
            max_length=MAX_PATH_LENGTH, description="Only symbols in this file, directory or glob.")] = None,
        limit: Annotated[int, Field(ge=1, le=500, description="At most this many matches.")] = 50,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, FindSymbolOutput]:
        return await ws.answer(ctx, "find_symbol", lambda view, fresh, deadline: views.find_symbol(
            view, fresh, ws.confinement, query=query, match=match, kinds=kinds, path=path, limit=limit,
            max_tokens=max_tokens, deadline=deadline), max_tokens=max_tokens)

    @server.tool(
        name="symbol_source", title="Source of a symbol",
        annotations=READ_ONLY,
        description=(
            "The source text of one symbol with line numbers ('812 | def save(...)'), read from the file now, "
            "plus optional context lines around it. A long symbol is cut between lines with a cursor to continue."
        ),
    )
    async def symbol_source(
        symbol: SymbolRef,
        context: Annotated[int, Field(ge=0, le=50, description="Extra lines before and after the symbol.")] = 0,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, SourceOutput]:
        return await ws.answer(ctx, "symbol_source", lambda view, fresh, deadline: views.symbol_source(
            view, fresh, ws.confinement, symbol=symbol, context=context, max_tokens=max_tokens, cursor=cursor,
            deadline=deadline), max_tokens=max_tokens)

    @server.tool(
        name="repo_map", title="Ranked repository map",
        annotations=READ_ONLY,
        description=(
            "The most important part of the skeleton that fits max_tokens: symbols ranked by PageRank over calls, "
            "references, inheritance and imports (entry points and public API boosted, tests and generated code "
            "held back), whole symbols with their class and module lines, in file order. Never over the budget, "
            "within 2% of it when the project has more. focus ranks towards files or symbols. format=text gives an "
            "indented outline without ids. The same bytes as 'codeknit map'."
        ),
    )
    async def repo_map(
        max_tokens: Annotated[int, Field(ge=MIN_MAX_TOKENS, le=HARD_CAP_TOKENS,
                                         description="The map's size in tokens. Default 4000.")] = 4000,
        focus: Focus = None,
        format: Annotated[Literal["skt", "text"], Field(  # noqa: A002 - the argument's name
            description="skt (short ids, kinds, lines) or text (an outline).")] = "skt",
        edges: Annotated[bool, Field(description="skt only: include the edges between the shown symbols.")] = False,
        minify: Minify = False,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, MapOutput]:
        return await ws.answer(ctx, "repo_map", lambda view, fresh, deadline: views.repo_map(
            view, fresh, ws.confinement, max_tokens=max_tokens, focus=focus, fmt=format, edges=edges, minify=minify,
            deadline=deadline), max_tokens=max_tokens)

    @server.tool(
        name="chunks", title="Manifest of ranked chunks",
        annotations=READ_ONLY,
        description=(
            "Split the skeleton of a path (default: everything) into chunks of at most max_tokens each, most "
            "important first, and return the manifest: per chunk its tokens, symbols, edges and files. Every symbol "
            "is in exactly one chunk, with its edges. Read the chunks with chunk(n) and the same arguments; the "
            "first few chunks give the most for their budget. The ordering is that of 'codeknit chunks'."
        ),
    )
    async def chunks(
        path: PathArg = ".",
        max_tokens: ChunkBudget = DEFAULT_MAX_TOKENS,
        focus: Focus = None,
        edges: Annotated[bool, Field(description="Include each symbol's edges in its chunk.")] = False,
        minify: Minify = False,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, ChunksOutput]:
        return await ws.answer(ctx, "chunks", lambda view, fresh, deadline: views.chunks(
            view, fresh, ws.confinement, path=path, max_tokens=max_tokens, focus=focus, edges=edges, minify=minify,
            cursor=cursor, deadline=deadline), max_tokens=max_tokens)

    @server.tool(
        name="chunk", title="One ranked chunk",
        annotations=READ_ONLY,
        description=(
            "Chunk n (from 1) of the chunk set that chunks describes for the same path, max_tokens, focus, edges "
            "and minify: a self-contained .skt document of at most max_tokens, with its own [dict] when minified. "
            "Pass the manifest's run to be told if the index changed in between."
        ),
    )
    async def chunk(
        n: Annotated[int, Field(ge=1, le=100_000, description="The chunk number, from 1.")],
        path: PathArg = ".",
        max_tokens: ChunkBudget = DEFAULT_MAX_TOKENS,
        focus: Focus = None,
        edges: Annotated[bool, Field(description="As given to chunks.")] = False,
        minify: Minify = False,
        run: Annotated[str | None, Field(max_length=64, description="The run from the manifest.")] = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, ChunkOutput]:
        return await ws.answer(ctx, "chunk", lambda view, fresh, deadline: views.chunk(
            view, fresh, ws.confinement, n=n, path=path, max_tokens=max_tokens, focus=focus, edges=edges,
            minify=minify, run=run, deadline=deadline), max_tokens=max_tokens)

    formats = list(FORMATS)

    @server.tool(
        name="export", title="Export the graph",
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                    open_world_hint=False),
        description=(
            "Export the current graph with codeknit's exporters: " + ", ".join(
                f"{f.name} ({f.output})" for f in FORMATS.values()) + ". The file is written under the export "
            "folder the server was started with (--export-dir) and nowhere else; the answer gives its path and "
            "the exporter's warnings. dot and mermaid can instead be returned inline (inline=true); symbol= "
            "limits them to the edges touching one symbol. Short ids in the output are this session's."
        ),
    )
    async def export(
        format: Annotated[str, Field(json_schema_extra={"enum": formats},  # noqa: A002 - the argument's name
                                     description="The export format: " + ", ".join(formats) + ".")],
        name: Annotated[str | None, Field(
            max_length=MAX_PATH_LENGTH,
            description="File name under the export folder (subfolders allowed, no '..'). Default: "
                        "<root name><the format's extension>.")] = None,
        inline: Annotated[bool, Field(description="dot and mermaid only: return the text instead of writing a "
                                                  "file.")] = False,
        symbol: Annotated[str | None, Field(
            max_length=2048, description="dot, mermaid, csv: only the edges touching this symbol (any form "
                                         "neighbors accepts).")] = None,
        languages: Annotated[list[str] | None, Field(
            max_length=16, description="Only these languages (python, typescript …).")] = None,
        overwrite: Annotated[bool, Field(description="Replace an existing file of that name.")] = False,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, ExportOutput]:
        def run(view: GraphView, fresh: Freshness, deadline: Deadline) -> Answer:
            root = ws.confinement.root
            export_dir = ws.config.resolved_export_dir(root)
            try:
                export_dir.mkdir(parents=True, exist_ok=True)
            except OSError as problem:
                raise ToolFailure(f"the export folder {export_dir} cannot be created: {problem.strerror}") from None
            return views.export(view, fresh, export_dir=export_dir, source_root=root, fmt=format, name=name,
                                inline=inline, symbol=symbol, languages=languages, overwrite=overwrite,
                                max_tokens=max_tokens, deadline=deadline)

        return await ws.answer(ctx, "export", run, max_tokens=max_tokens)

    @server.tool(
        name="index_status", title="Index status",
        annotations=READ_ONLY,
        description=(
            "The state of the live index: root, files, symbols, relations by resolution (resolved, ambiguous, "
            "unresolved) and by kind, errors, when it was last refreshed, and the changed files it does not "
            "reflect yet. Answers at once, even while the first index is being built."
        ),
    )
    async def index_status(ctx: Context = None) -> Annotated[CallToolResult, StatusOutput]:  # type: ignore[assignment]
        live = ws.live
        view = freshness = None
        if live is not None and live.snapshot() is not None:
            view, freshness = await ws.current(ctx)
        answer = status(ws, view, freshness)
        return CallToolResult(content=[TextContent(type="text", text=answer.text)],
                              structured_content=answer.structured)


__all__ = ["register_tools", "status"]
