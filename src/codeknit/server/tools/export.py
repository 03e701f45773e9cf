"""``export``: the graph in another format (LSIF, SCIP, CycloneDX, CSV, DOT, Mermaid, JSON), to a file
under the export folder only, or DOT and Mermaid inline."""

import contextlib
import io
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from codeknit.exporters import FORMATS, ExportError
from codeknit.server.limits import DEFAULT_MAX_TOKENS, Deadline, ToolFailure
from codeknit.server.live import Freshness
from codeknit.server.paths import MAX_PATH_LENGTH, Confinement
from codeknit.server.tools.common import Flag, MaxTokens
from codeknit.server.view import Answer, GraphView, stale_paths, structured_tokens
from codeknit.server.workspace import Workspace

NAME = "export"
INLINE_FORMATS = ("dot", "mermaid")
DESCRIPTION = (
    "Use to hand the graph to other tools (code intelligence, SBOM, spreadsheets, diagrams): writes a file in the "
    "server's export folder; dot and mermaid can come back inline, symbol= draws one symbol's edges."
)


class ExportOutput(BaseModel):
    format: str
    path: str | None
    bytes: int
    tokens: int | None
    warnings: list[str]
    stale: list[str]


class DeadlineWriter:
    """A binary stream for an exporter that stops it when the deadline passes (an exporter writes as
    it goes, so every write is a point where it can be stopped) and reports the bytes written."""

    def __init__(self, out: Any, deadline: Deadline) -> None:
        self.out = out
        self.deadline = deadline
        self.written = 0

    def write(self, data: bytes) -> int:
        self.deadline.check()
        self.written += len(data)
        self.deadline.report(self.written, None, f"{self.written / 1e6:.1f} MB written")
        return self.out.write(data)  # type: ignore[no-any-return]

    def flush(self) -> None:
        self.out.flush()


def export(view: GraphView, freshness: Freshness, *, export_dir: Path, source_root: Path, fmt: str,
           name: str | None, inline: bool, symbol: str | None, languages: Sequence[str] | None, overwrite: bool,
           max_tokens: int, deadline: Deadline) -> Answer:
    """Run one exporter of :mod:`codeknit.exporters` on the snapshot's graph.

    A file goes under ``export_dir`` only (written to a temporary name, then
    renamed, so a failed or stopped export leaves nothing half-written); DOT
    and Mermaid can instead come back inline, within ``max_tokens``.
    """
    chosen = FORMATS.get(fmt)
    if chosen is None:
        raise ToolFailure(f"format: unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if inline and fmt not in INLINE_FORMATS:
        raise ToolFailure(f"inline: only {' and '.join(INLINE_FORMATS)} can be returned inline; {fmt} is written "
                          "to a file (leave inline false)")
    if symbol is not None:
        symbol = view.resolve(symbol).id
    if languages:
        from codeknit.languages import registry

        try:  # (the names the CLI takes: py, ts …; an unknown one wrote an empty graph)
            languages = registry.chosen_languages(languages)
        except ValueError as exc:
            raise ToolFailure(f"languages: {exc}") from None
    options: dict[str, Any] = {"source_root": source_root, "symbol": symbol,
                               "languages": list(languages) if languages else None}
    if inline:
        buffer = io.BytesIO()
        try:
            warnings = chosen.export(view.graph, DeadlineWriter(buffer, deadline), **options)  # type: ignore[arg-type]
        except ExportError as problem:
            raise ToolFailure(f"symbol: {problem}") from None
        notes = [str(w) for w in warnings]
        text = buffer.getvalue().decode("utf-8") + "".join(
            f"%% {n}\n" if fmt == "mermaid" else f"// {n}\n" for n in notes)
        tokens = view.measure.count_text(text)
        structured: dict[str, Any] = {"format": fmt, "path": None, "bytes": len(buffer.getvalue()), "tokens": tokens,
                                      "warnings": [w.code for w in warnings], "stale": stale_paths(freshness)}
        reply = tokens + structured_tokens(view, structured)
        if reply > max_tokens:
            raise ToolFailure(f"max_tokens: the {fmt} answer is {reply} tokens, over max_tokens={max_tokens}; draw "
                              "one symbol's edges (symbol=…), raise max_tokens, or write a file (inline=false)")
        return Answer(text, structured)
    target_name = name or f"{source_root.name or 'graph'}{chosen.extension or '.' + fmt}"
    relative = Confinement(export_dir).relative(target_name, argument="name")
    if not relative:
        raise ToolFailure("name: give a file name (under the export folder)")
    target = export_dir / relative
    try:
        exists = target.exists()
    except OSError as problem:  # (a name over the file system's limit: ENAMETOOLONG)
        raise ToolFailure(f"name: {relative}: {problem.strerror or problem}; choose a shorter name") from None
    if exists and not overwrite:
        raise ToolFailure(f"name: {relative} already exists in the export folder; pass overwrite=true to replace it")
    # (a name of its own, short: one beside a long target name would be too long where the target is not)
    temporary = target.with_name(f".codeknit-export.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as out:
            try:
                warnings = chosen.export(view.graph, DeadlineWriter(out, deadline), **options)  # type: ignore[arg-type]
            except ExportError as problem:
                raise ToolFailure(f"symbol: {problem}") from None
        deadline.check()  # a stopped export must not appear after its error was reported
        os.replace(temporary, target)
    except OSError as problem:
        raise ToolFailure(f"name: cannot write {target}: {problem.strerror or problem}") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
    size = target.stat().st_size
    notes = [str(w) for w in warnings]
    lines = [f"wrote {fmt} ({chosen.output}) to {target}", f"{size} bytes"] + notes
    return Answer("\n".join(lines) + "\n", {
        "format": fmt, "path": str(target), "bytes": size, "tokens": None, "warnings": [w.code for w in warnings],
        "stale": stale_paths(freshness)})


def register(server: MCPServer[Any], ws: Workspace) -> None:
    formats = list(FORMATS)

    @server.tool(
        name=NAME, title="Export the graph", description=DESCRIPTION,
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                    open_world_hint=False),
    )
    async def export_tool(
        format: Annotated[str, Field(json_schema_extra={"enum": formats})],  # noqa: A002 - the argument's name
        name: Annotated[str | None, Field(max_length=MAX_PATH_LENGTH,
                                          description="File name in the export folder.")] = None,
        inline: Annotated[bool, Field(strict=True, description="dot, mermaid: answer with the text.")] = False,
        symbol: Annotated[str | None, Field(max_length=2048,
                                            description="dot, mermaid, csv: only this symbol's edges.")] = None,
        languages: Annotated[list[str] | None, Field(max_length=16)] = None,
        overwrite: Flag = False,
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
            return export(view, fresh, export_dir=export_dir, source_root=root, fmt=format, name=name,
                          inline=inline, symbol=symbol, languages=languages, overwrite=overwrite,
                          max_tokens=max_tokens, deadline=deadline)

        return await ws.answer(ctx, NAME, run, max_tokens=max_tokens)


__all__ = ["DeadlineWriter", "ExportOutput", "export", "register"]
