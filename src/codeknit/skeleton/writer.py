"""Print a :class:`SktDocument` as ``.skt`` text, streaming line by line."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from codeknit.skeleton.document import EdgeLine, SktDocument, SymbolLine, path_token


def symbol_line(line: SymbolLine) -> str:
    text = f"{line.short} {line.kind} L{line.start}-L{line.end} {line.signature}"
    if line.braces:
        text += " {" + ", ".join(line.properties) + "}"
    return text


def edge_line(line: EdgeLine) -> str:
    status = f"[{line.status}]" if line.status else ""
    text = f"{line.source} --{line.kind}{status}--> {', '.join(line.targets)}"
    if line.candidates:
        text += f" [candidates={', '.join(line.candidates)}]"
    return text


def span(start: int, end: int) -> str:
    """A minified line span: ``L5`` for one line, ``L5-9`` for several."""
    return f"L{start}" if start == end else f"L{start}-{end}"


def minified_symbol_line(line: SymbolLine) -> str:
    text = f"{line.short} {line.kind} {span(line.start, line.end)} {line.signature}"
    if line.braces:
        text += " {" + ", ".join(line.properties) + "}"
    return text


def iter_lines(doc: SktDocument) -> Iterator[str]:
    """The document's lines, without line ends. Sections are separated by one blank line."""
    first = True

    def header(name: str) -> Iterator[str]:
        nonlocal first
        if not first:
            yield ""
        first = False
        yield f"[{name}]"

    if doc.meta:
        yield from header("meta")
        for key, value in doc.meta:
            yield f"- {key}: {value}"
    if doc.dictionary:
        yield from header("dict")
        for code, value in doc.dictionary:
            yield f"- {code}: {value}"
    if doc.has_symbols or doc.files:
        yield from header("symbols")
        for section in doc.files:
            yield f"## {path_token(section.path)}"
            if doc.minified:
                for line in section.symbols:
                    yield minified_symbol_line(line)
                    if line.edges:
                        yield " " + " ".join(line.edges)
            else:
                for line in section.symbols:
                    yield symbol_line(line)
    if doc.minified:
        if doc.source_edges:
            yield from header("edges")
            for row in doc.source_edges:
                yield f"{row.source} {' '.join(row.tokens)}"
    elif doc.has_edges or doc.edges:
        yield from header("edges")
        for edge in doc.edges:
            yield edge_line(edge)
    if doc.errors:
        yield from header("errors")
        for error in doc.errors:
            message = " ".join(error.message.split())
            yield f"- {path_token(error.path)}: {message}"


def write(doc: SktDocument, out: IO[str]) -> None:
    for line in iter_lines(doc):
        out.write(line)
        out.write("\n")


def write_bytes(doc: SktDocument, out: IO[bytes], *, batch: int = 1 << 16) -> None:
    """Stream the document to a binary file as UTF-8 (surrogates escaped), a batch of lines at a time."""
    pending: list[str] = []
    size = 0
    for line in iter_lines(doc):
        pending.append(line)
        size += len(line) + 1
        if size >= batch:
            pending.append("")
            out.write("\n".join(pending).encode("utf-8", "surrogateescape"))
            pending, size = [], 0
    if pending:
        pending.append("")
        out.write("\n".join(pending).encode("utf-8", "surrogateescape"))


def to_text(doc: SktDocument) -> str:
    return "".join(f"{line}\n" for line in iter_lines(doc))
