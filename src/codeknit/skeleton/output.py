"""Output modes of ``codeknit parse``: split a rendered graph into files, and write them atomically."""

from __future__ import annotations

import os
import posixpath
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from codeknit.graph import Graph, Symbol
from codeknit.skeleton.document import ErrorLine, SktDocument
from codeknit.skeleton.minify import (
    Count,
    apply_dictionary,
    choose_dictionary,
    document_tokens,
    minified_meta,
    minify,
)
from codeknit.skeleton.render import Renderer, RenderOptions
from codeknit.skeleton.writer import write_bytes

if TYPE_CHECKING:
    from codeknit.tokens import TokenCounter

OUTPUT_MODES = ("directory-flat", "directory-tree", "inline")


class OutputError(RuntimeError):
    """The output cannot be written (e.g. it would overwrite earlier output)."""


@dataclass(frozen=True, slots=True)
class SktOptions:
    edges: bool = False
    minify: bool = False
    max_lines: int = 500


def plan_chunks(graph: Graph, renderer: Renderer, max_lines: int) -> list[list[Symbol]]:
    """Group symbols into chunks of at most ``max_lines`` content lines.

    Splits fall between files when a file fits in a chunk of its own, and
    between symbols inside a larger file (its ``## path`` header is repeated).
    A symbol and its edges are never separated. ``max_lines`` 0 means one chunk.
    """
    edges = renderer.options.edges
    cost = {symbol.id: 1 + (renderer.edge_count(symbol) if edges else 0) for symbol in graph.symbols}
    if max_lines <= 0:
        return [list(graph.symbols)] if graph.symbols else []
    files: dict[str, list[Symbol]] = {}
    for symbol in graph.symbols:
        files.setdefault(symbol.path, []).append(symbol)
    chunks: list[list[Symbol]] = []
    current: list[Symbol] = []
    used = 0
    for path, symbols in files.items():
        whole = 1 + sum(cost[s.id] for s in symbols)
        if current and used + whole > max_lines and whole <= max_lines:
            chunks.append(current)
            current, used = [], 0
        header_paid = False
        for symbol in symbols:
            need = cost[symbol.id] + (0 if header_paid else 1)
            if current and used + need > max_lines:
                chunks.append(current)
                current, used = [], 0
                header_paid = False
                need = cost[symbol.id] + 1
            current.append(symbol)
            used += need
            header_paid = True
        del path
    if current:
        chunks.append(current)
    return chunks


def documents(graph: Graph, mode: str, options: SktOptions, count: Count | TokenCounter | None = None
              ) -> Iterator[tuple[str, SktDocument]]:
    """``(relative file name, document)`` pairs for an output mode; ``dict.skt`` first when minified.

    Minified output is never larger than plain: inline, the document is minified only when that
    makes it smaller; in the directory modes each file is minified only when that makes it
    smaller, and only if all files together with ``dict.skt`` are smaller than the plain files.
    """
    renderer = Renderer(graph, RenderOptions(edges=options.edges))
    if mode == "inline":
        doc = renderer.document()
        if options.minify:
            assert count is not None
            doc = minify(doc, count)
        yield "", doc
        return
    if mode == "directory-tree":
        by_file: dict[str, list[Symbol]] = {}
        for symbol in graph.symbols:
            by_file.setdefault(symbol.path, []).append(symbol)
        parts = [(f"{path}.skt", symbols) for path, symbols in by_file.items()]
        error_paths = {e.path for e in graph.errors} - set(by_file)
        parts += [(f"{path}.skt", []) for path in sorted(error_paths)]
        docs = []
        for name, symbols in parts:
            doc = renderer.document(symbols, errors=False)
            source_path = name[:-4]
            doc.errors = [ErrorLine(e.path, e.message) for e in graph.errors if e.path == source_path]
            docs.append((_safe_relpath(name), doc))
    elif mode == "directory-flat":
        chunks = plan_chunks(graph, renderer, options.max_lines) or [[]]
        total = len(chunks)
        docs = [
            (f"map_{n:03d}.skt", renderer.document(chunk, errors=(n == total), chunk=(n, total)))
            for n, chunk in enumerate(chunks, start=1)
        ]
    else:
        raise ValueError(f"unknown output mode {mode!r}; use one of {', '.join(OUTPUT_MODES)}")
    if options.minify:
        assert count is not None
        yield from _shared_dictionary(docs, renderer, count)
    else:
        yield from docs


def _shared_dictionary(docs: list[tuple[str, SktDocument]], renderer: Renderer, count: Count | TokenCounter
                       ) -> list[tuple[str, SktDocument]]:
    """The files of a directory mode minified with one dictionary in ``dict.skt``, where that saves tokens."""
    whole = SktDocument(files=[f for _, d in docs for f in d.files], edges=[e for _, d in docs for e in d.edges])
    dictionary = choose_dictionary(whole, count if callable(count) else count.count)
    chosen: list[tuple[str, SktDocument]] = []
    used: set[str] = set()
    plain_total = total = 0
    for name, doc in docs:
        coded = apply_dictionary(doc, dictionary)
        codes = {code for code, _ in coded.dictionary}
        coded.dictionary = []
        plain_tokens, coded_tokens = document_tokens(doc, count), document_tokens(coded, count)
        plain_total += plain_tokens
        if coded_tokens < plain_tokens:
            chosen.append((name, coded))
            used |= codes
            total += coded_tokens
        else:
            chosen.append((name, doc))
            total += plain_tokens
    if used:
        shared = SktDocument(meta=minified_meta(renderer.meta()), dictionary=dictionary.lines(used),
                             has_symbols=False)
        total += document_tokens(shared, count)
        chosen.insert(0, ("dict.skt", shared))
    return chosen if total < plain_total else docs


def _safe_relpath(name: str) -> str:
    """Keep a mirrored path inside the output directory whatever the source path holds."""
    parts = [p for p in name.split("/") if p not in ("", ".", "..")]
    return posixpath.join(*parts) if parts else "_.skt"


#: a file's content: its bytes, or a function that writes them to an open binary file (a large
#: document, such as the graph JSON, is then streamed instead of held in memory whole)
Content = bytes | Callable[[IO[bytes]], None]


def write_tree(files: Iterator[tuple[str, Content]], outdir: Path, *, clean: bool) -> list[Path]:
    """Write files under ``outdir`` atomically: all of them, or none (the earlier output stays)."""
    outdir = outdir.absolute()
    if outdir.exists() and not outdir.is_dir():
        raise OutputError(f"{outdir} exists and is not a directory")
    if outdir.exists() and any(outdir.iterdir()) and not clean:
        raise OutputError(f"{outdir} already holds output; pass --clean to replace it")
    outdir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{outdir.name}.", suffix=".tmp", dir=outdir.parent))
    written: list[Path] = []
    try:
        for name, data in files:
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, bytes):
                target.write_bytes(data)
            else:
                with target.open("wb", buffering=1 << 20) as out:
                    data(out)
            written.append(outdir / name)
        backup = None
        if outdir.exists():
            backup = outdir.with_name(f".{outdir.name}.old-{os.getpid()}")
            os.replace(outdir, backup)
        os.replace(staging, outdir)
        if backup is not None:
            shutil.rmtree(backup, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return written


def skt_content(doc: SktDocument) -> Content:
    """A document as file content, streamed line by line by the writer."""
    return lambda out: write_bytes(doc, out)
