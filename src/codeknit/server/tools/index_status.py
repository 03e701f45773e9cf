"""``index_status``: the live index's state, counts, the files in error, what a refresh changed."""

import datetime
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel

from codeknit.graph import EdgeKind, Graph, ResolutionMetrics
from codeknit.graph.model import Resolution
from codeknit.languages.python.pyflow import solver_name
from codeknit.server.live import Freshness
from codeknit.server.tools.common import READ_ONLY
from codeknit.server.view import Answer, GraphView
from codeknit.server.workspace import Workspace
from codeknit.skeleton import ErrorLine, SktDocument, to_text

NAME = "index_status"
#: files in error the status names (the count says how many there are)
ERRORS_LISTED = 20
DESCRIPTION = (
    "Use first, and when answers look stale or incomplete: root, files, symbols, relations by resolution, the "
    "files in error and why, the last refresh, and changed files not reflected yet. Answers at once."
)


class FileProblem(BaseModel):
    path: str
    message: str


class StatusOutput(BaseModel):
    root: str | None
    state: str
    progress: str
    files: int
    symbols: int
    relations: dict[str, int]
    resolution: dict[str, Any]
    edges_by_kind: dict[str, int]
    errors: int
    error_files: list[FileProblem]
    skipped: int
    snapshot_version: int
    last_refresh: str | None
    last_refresh_seconds: float | None
    reextracted: list[str]
    stale: list[str]
    refreshing: bool
    fingerprint: str
    tokenizer: str
    priming: bool
    points_to: bool
    #: the points-to analysis's solver: compiled (the codeknit._pyflow extension) or python (where the
    #: extension is not built, or CODEKNIT_PYFLOW=python); both give the same answers
    points_to_solver: str
    persistent_index: str | None
    reresolved: list[str] | None
    export_dir: str | None
    roots_declared: list[str]
    #: why the root served is not one of the client's roots (none of them is a folder here), or null
    root_note: str | None
    last_error: str | None


def relation_counts(graph: Graph) -> dict[str, int]:
    counts = {r.value: 0 for r in Resolution}
    for relation in graph.relations:
        counts[relation.resolution.value] += 1
    return counts


def _persistent(ws: Workspace, structured: dict[str, Any]) -> str:
    """What the ``persistent index`` line says: the database, or why there is none."""
    if structured["persistent_index"]:
        return str(structured["persistent_index"])
    live = ws.live
    if not ws.config.cache:
        return "off: kept in memory (--no-cache)"
    if live is None or live.snapshot() is None:
        return "not opened yet (the first index is being built)"
    return "off: kept in memory (the cache folder could not be used; see the server log)"


def status(ws: Workspace, view: GraphView | None, freshness: Freshness | None) -> Answer:
    live = ws.live
    progress = live.progress() if live else None
    structured: dict[str, Any] = {
        "root": str(live.root) if live else None,
        "state": progress.phase if progress else "waiting for the client's roots",
        "progress": f"{progress.done}/{progress.total}" if progress else "",
        "files": 0, "symbols": 0, "relations": {"resolved": 0, "ambiguous": 0, "unresolved": 0},
        "resolution": ResolutionMetrics().as_dict(),
        "edges_by_kind": {}, "errors": 0, "error_files": [], "skipped": 0, "snapshot_version": 0,
        "last_refresh": None, "last_refresh_seconds": None, "reextracted": [], "reresolved": None, "stale": [],
        "refreshing": False, "fingerprint": "",
        "tokenizer": ws.config.tokenizer,
        "points_to": ws.config.index.points_to,
        "points_to_solver": solver_name(),
        "priming": live.priming() if live is not None else False,
        "persistent_index": str(live.store_path) if live is not None and live.store_path is not None else None,
        "export_dir": str(ws.config.resolved_export_dir(live.root)) if live else None,
        "roots_declared": list(ws.roots_declared), "root_note": ws.root_note or None,
        "last_error": live.error if live else None,
    }
    errors: list[ErrorLine] = []
    if view is not None:
        graph = view.graph
        snapshot = view.snapshot
        kinds = {kind.value: 0 for kind in EdgeKind}
        for relation in graph.relations:
            kinds[relation.kind.value] += 1
        in_error = {e.path for e in graph.errors}
        errors = [ErrorLine(e.path, e.message) for e in graph.errors[:ERRORS_LISTED]]
        structured.update(
            files=len(graph.files), symbols=len(graph.symbols), relations=relation_counts(graph),
            resolution=graph.metrics.as_dict(),
            edges_by_kind=kinds, errors=len(graph.errors),
            error_files=[{"path": e.path, "message": e.message} for e in errors],
            # a file that could not be read as source is an error, not also a skip
            skipped=sum(1 for s in graph.skipped if s.path not in in_error),
            snapshot_version=snapshot.version,
            last_refresh=datetime.datetime.fromtimestamp(snapshot.built_at, datetime.UTC).isoformat(
                timespec="seconds"),
            last_refresh_seconds=round(snapshot.build_seconds, 3), reextracted=list(snapshot.reextracted[:50]),
            reresolved=None if snapshot.reresolved is None else list(snapshot.reresolved[:50]),
            fingerprint=graph.fingerprint,
        )
    if freshness is not None:
        structured.update(stale=list(freshness.stale_paths[:50]), refreshing=freshness.refreshing)
    relations = structured["relations"]
    error_count = structured["errors"]
    meta = [
        ("format", "skt 0.5.0"), ("run", structured["fingerprint"] or "-"),
        ("root", (structured["root"] or "(not chosen yet)")
         + (f" ({structured['root_note']})" if structured["root_note"] else "")),
        ("state", f"{structured['state']} {structured['progress']}".strip()
         + ("; preparing fast refreshes in the background" if structured["priming"] else "")),
        ("files", f"{structured['files']} indexed, {error_count} errors, {structured['skipped']} skipped"),
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
        ("persistent index", _persistent(ws, structured)),
        ("tokenizer", structured["tokenizer"]),
        ("calls", f"names and Python points-to ({structured['points_to_solver']} solver)" if structured["points_to"]
         else "names only (--no-points-to)"),
    ]
    if error_count > len(errors):
        meta.append(("errors", f"{error_count}; the first {len(errors)} are listed below"))
    if structured["last_error"]:
        meta.append(("last error", structured["last_error"]))
    return Answer(to_text(SktDocument(meta=meta, has_symbols=False, errors=errors)), structured)


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name=NAME, title="Index status", annotations=READ_ONLY, description=DESCRIPTION)
    async def index_status_tool(ctx: Context = None) -> Annotated[CallToolResult, StatusOutput]:  # type: ignore[assignment]
        live = ws.live
        view = freshness = None
        if live is not None and live.snapshot() is not None:
            view, freshness = await ws.current(ctx)
        answer = status(ws, view, freshness)
        return CallToolResult(content=[TextContent(type="text", text=answer.text)],
                              structured_content=answer.structured)


__all__ = ["StatusOutput", "register", "relation_counts", "status"]
