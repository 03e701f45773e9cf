"""``chunks`` and ``chunk``: the whole skeleton in ranked chunks under a budget (``codeknit chunks``).

``chunks`` answers with the manifest of a chunk set, ``chunk`` with one chunk of the same set;
the set is planned once per snapshot and arguments, in the background. Each chunk's text is
planned with ``max_tokens`` less what ``chunk``'s structured part can take, so a ``chunk``
reply as a whole stays within ``max_tokens``.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Annotated, Any

import orjson
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel, Field

from codeknit.graph import Graph
from codeknit.server.limits import DEFAULT_MAX_TOKENS, Cursor, Deadline, ToolFailure, request_digest
from codeknit.server.live import Freshness
from codeknit.server.paths import Confinement
from codeknit.server.select import select_paths
from codeknit.server.tools.common import (
    READ_ONLY,
    ChunkBudget,
    CursorArg,
    Edges,
    Focus,
    Minify,
    PathArg,
    focus_values,
    wait_for,
)
from codeknit.server.view import Answer, GraphView, fit_structured, reply_tokens, stale_paths
from codeknit.server.workspace import Workspace
from codeknit.skeleton.budget import ChunkSet, TokenBudgetError, fit_prefix
from codeknit.skeleton.rank import ranked_chunks
from codeknit.tokens import TokenCounter

DESCRIPTION_CHUNKS = (
    "Use to read a whole project or directory in parts: splits its skeleton into ranked chunks of at most "
    "max_tokens (most important first) and returns the manifest; read them with chunk(n) and the same arguments."
)
#: chunk sets planned at most, each with the budget less what the last one's largest reply was over
_PLANS = 8
DESCRIPTION_CHUNK = "Chunk n of the set chunks describes (same path, max_tokens, focus, edges, minify)."


class ChunkEntry(BaseModel):
    chunk: int
    tokens: int
    symbols: int
    edges: int


class ChunksOutput(BaseModel):
    run: str
    path: str
    files: int
    max_tokens: int
    total_tokens: int
    count: int
    chunks: list[ChunkEntry]
    truncated: bool
    cursor: str | None
    stale: list[str]


class ChunkOutput(BaseModel):
    chunk: int
    count: int
    run: str
    tokens: int
    symbols: int
    run_changed: bool
    note: str | None = None
    stale: list[str]


def _note(run: str, current: str) -> str:
    return (f"the index changed since the manifest (run {run}); this chunk is from run {current}: read the "
            "manifest again")


def plan_budget(counter: TokenCounter, graph: Graph, max_tokens: int) -> int:
    """The tokens each chunk's text is planned with: ``max_tokens`` less the largest structured part
    ``chunk`` can send with it (the chunk numbers and counts at their widest, the note)."""
    total = len(graph.symbols)
    run = "f" * 16
    largest = {"chunk": total, "count": total, "run": run, "tokens": max_tokens, "symbols": total,
               "run_changed": True, "note": _note(run, run), "stale": []}
    return max_tokens - counter.count(orjson.dumps(largest).decode())


def _largest_reply(view: GraphView, planned: ChunkSet, chunk: Any) -> int:
    """Tokens of the largest ``chunk`` reply this chunk can be sent in (the note of a changed run)."""
    total = len(planned.chunks)
    run = planned.run
    return reply_tokens(view, chunk.text, {"chunk": chunk.number, "count": total, "run": run,
                                           "tokens": chunk.tokens, "symbols": len(chunk.symbols), "run_changed": True,
                                           "stale": [], "note": _note("f" * len(run), run)})


def chunk_set(view: GraphView, confinement: Confinement, *, path: str, max_tokens: int,
              focus: Sequence[str] | None, edges: bool, minify: bool, deadline: Deadline
              ) -> tuple[ChunkSet, list[str]]:
    paths = select_paths(view, confinement, path)
    chosen = focus_values(confinement, focus)
    whole = len(paths) == len(view.paths)
    budget = plan_budget(view.counter, view.graph, max_tokens)
    key = ("chunks", "*" if whole else tuple(paths), budget, chosen, edges, minify)
    # waited for here, not inside the background job, so jobs never wait on each other
    deadline.report(message="ranking the symbols")
    ranking = wait_for(view.ranking(chosen), deadline, "the ranking") if whole else None

    def compute() -> ChunkSet:
        graph = view.graph if whole else restrict(view.graph, set(paths))
        planned_budget = budget
        for _attempt in range(_PLANS):
            planned = ranked_chunks(graph, planned_budget, view.counter, focus=chosen, edges=edges, minify=minify,
                                    dict_mode="per-chunk", ranking=ranking)
            # a chunk's text is escaped as a JSON string in the reply: each chunk over the cap must shrink by
            # what it was over
            fits = [c.tokens - (_largest_reply(view, planned, c) - max_tokens) for c in planned.chunks]
            if all(fit >= c.tokens for fit, c in zip(fits, planned.chunks, strict=True)):
                return planned
            planned_budget = min(planned_budget, *fits)
        raise TokenBudgetError(f"chunks of {max_tokens} tokens leave no room for a chunk reply's structured part")

    deadline.report(message="planning the chunks")
    return wait_for(view.memo(key, compute), deadline, "the chunk set"), paths


def restrict(graph: Graph, paths: set[str]) -> Graph:
    """The part of ``graph`` in ``paths``, as a graph of its own that keeps the session's short ids.

    Relations are those whose source is kept; a resolved target outside is
    then written as its quoted full id.
    """
    kept = Graph(
        root=graph.root, fingerprint=graph.fingerprint, options=dict(graph.options),
        files=[f for f in graph.files if f.path in paths],
        symbols=[replace(s) for s in graph.symbols if s.path in paths],
        errors=[e for e in graph.errors if e.path in paths],
        skipped=[s for s in graph.skipped if s.path in paths],
        projects=list(graph.projects), dependencies=list(graph.dependencies),
    )
    ids = {s.id for s in kept.symbols}
    kept.relations = [r for r in graph.relations if r.source in ids]
    kept.finalize()
    for symbol in kept.symbols:
        original = graph.get(symbol.id)
        if original is not None:
            symbol.short = original.short
    kept._by_short = {s.short: s for s in kept.symbols}
    return kept


def chunks(view: GraphView, freshness: Freshness, confinement: Confinement, *, path: str, max_tokens: int,
           focus: Sequence[str] | None, edges: bool, minify: bool, cursor: str | None, deadline: Deadline) -> Answer:
    """The manifest of the ranked chunks (``codeknit chunks``), a page of it when it is long."""
    planned, paths = chunk_set(view, confinement, path=path, max_tokens=max_tokens, focus=focus, edges=edges,
                               minify=minify, deadline=deadline)
    manifest = planned.manifest("chunk")
    entries = manifest["chunks"]
    request = request_digest({"path": path, "max_tokens": max_tokens, "focus": list(focus or ()), "edges": edges,
                              "minify": minify})
    start = Cursor.decode(cursor, tool="chunks", request=request).offset if cursor else 0
    start = min(start, len(entries))
    rest = entries[start:]
    head = (f"# chunks of {path or '.'}: {len(entries)} chunks of at most {planned.max_tokens} tokens, "
            f"{manifest['total_tokens']} tokens in all ({planned.tokenizer}), most important first\n"
            f"# run {manifest['run']}; read one with chunk(n) and the same path, max_tokens, focus, edges, minify\n")

    def line(entry: dict[str, Any]) -> str:
        files = [f"{f['path']} {' '.join(f['symbols'])}" for f in entry["files"]]
        shown = "; ".join(files[:4]) + (f"; and {len(files) - 4} more files" if len(files) > 4 else "")
        return (f"{entry['chunk']}: {entry['tokens']} tokens, {entry['symbols']} symbols, {entry['edges']} edges: "
                f"{shown}")

    def build(k: int) -> str:
        body = "".join(line(entry) + "\n" for entry in rest[:k])
        more = ""
        if start + k < len(entries):
            more = (f"# truncated: {len(entries) - start - k} more chunks; call again with cursor="
                    f"{Cursor('chunks', request, start + k).encode()}\n")
        return head + body + more

    def structured(k: int) -> dict[str, Any]:
        truncated = start + k < len(entries)
        return {
            "run": manifest["run"], "path": path or ".", "files": len(paths), "max_tokens": max_tokens,
            "total_tokens": manifest["total_tokens"], "count": len(entries),
            "chunks": [{"chunk": e["chunk"], "tokens": e["tokens"], "symbols": e["symbols"], "edges": e["edges"]}
                       for e in rest[:k]],
            "truncated": truncated,
            "cursor": Cursor("chunks", request, start + k).encode() if truncated else None,
            "stale": stale_paths(freshness),
        }

    fitted = fit_prefix(len(rest), lambda k: Answer(build(k), structured(k)),
                        lambda answer: reply_tokens(view, answer.text, answer.structured), max_tokens,
                        check=deadline.check)
    return fitted.value


def chunk(view: GraphView, freshness: Freshness, confinement: Confinement, *, n: int, path: str, max_tokens: int,
          focus: Sequence[str] | None, edges: bool, minify: bool, run: str | None, deadline: Deadline) -> Answer:
    """Chunk ``n`` of the same chunk set :func:`chunks` describes."""
    planned, _ = chunk_set(view, confinement, path=path, max_tokens=max_tokens, focus=focus, edges=edges,
                           minify=minify, deadline=deadline)
    if n > len(planned.chunks):
        raise ToolFailure(f"n: there are {len(planned.chunks)} chunks with these arguments")
    picked = planned.chunks[n - 1]
    changed = bool(run) and run != planned.run
    structured: dict[str, Any] = {
        "chunk": n, "count": len(planned.chunks), "run": planned.run, "tokens": picked.tokens,
        "symbols": len(picked.symbols), "run_changed": changed, "stale": stale_paths(freshness),
    }
    if changed:
        structured["note"] = _note((run or "")[:len(planned.run)], planned.run)
    return Answer(picked.text, fit_structured(view, picked.text, structured, max_tokens))


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name="chunks", title="Manifest of ranked chunks", annotations=READ_ONLY,
                 description=DESCRIPTION_CHUNKS)
    async def chunks_tool(
        path: PathArg = ".",
        max_tokens: ChunkBudget = DEFAULT_MAX_TOKENS,
        focus: Focus = None,
        edges: Edges = False,
        minify: Minify = False,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, ChunksOutput]:
        return await ws.answer(ctx, "chunks", lambda view, fresh, deadline: chunks(
            view, fresh, ws.confinement, path=path, max_tokens=max_tokens, focus=focus, edges=edges, minify=minify,
            cursor=cursor, deadline=deadline), max_tokens=max_tokens)

    @server.tool(name="chunk", title="One ranked chunk", annotations=READ_ONLY, description=DESCRIPTION_CHUNK)
    async def chunk_tool(
        n: Annotated[int, Field(strict=True, ge=1, le=100_000)],
        path: PathArg = ".",
        max_tokens: ChunkBudget = DEFAULT_MAX_TOKENS,
        focus: Focus = None,
        edges: Edges = False,
        minify: Minify = False,
        run: Annotated[str | None, Field(max_length=64, description="The manifest's run: says if the index changed."
                                         )] = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, ChunkOutput]:
        return await ws.answer(ctx, "chunk", lambda view, fresh, deadline: chunk(
            view, fresh, ws.confinement, n=n, path=path, max_tokens=max_tokens, focus=focus, edges=edges,
            minify=minify, run=run, deadline=deadline), max_tokens=max_tokens)


__all__ = ["ChunkOutput", "ChunksOutput", "chunk", "chunk_set", "chunks", "plan_budget", "register", "restrict"]
