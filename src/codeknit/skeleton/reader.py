"""Parse ``.skt`` text back into a :class:`SktDocument`.

The reader accepts everything the writer prints, plain or minified (``[meta]`` says
``format: skt 0.5.0 minified``), and the spec's own forms (symbol lines without ``{}``).
Reading is purely syntactic: which token of a minified edge line is a code, and what it
stands for, is :func:`codeknit.skeleton.minify.expand`'s business. Anything else raises :class:`SktFormatError`
naming the line. :func:`read_chunks` joins the chunks of one run and refuses
chunks from different runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from codeknit.skeleton.document import (
    MINIFIED_FORMAT,
    SHORT_ID,
    STATUSES,
    EdgeLine,
    ErrorLine,
    FileSection,
    SktDocument,
    SktFormatError,
    SourceEdges,
    SymbolLine,
    split_properties,
    unquote,
)
from codeknit.skeleton.minify import split_tokens

_SECTIONS = ("meta", "dict", "symbols", "edges", "errors")
#: spans are ``L5-L9`` (plain), ``L5`` or ``L5-9`` (minified)
_SYMBOL = re.compile(r"(?P<short>S[1-9]\d*) (?P<kind>\S+) L(?P<start>\d+)(?:-L?(?P<end>\d+))? (?P<rest>.*)")
_EDGE_HEAD = re.compile(r"--(?P<kind>[^\s\[\]-]+)(?:\[(?P<status>[a-z]+)\])?--> ")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')


def _path(token: str, number: int) -> str:
    if token.startswith('"'):
        try:
            return unquote(token)
        except ValueError as exc:
            raise SktFormatError(f"line {number}: {exc}") from None
    return token


def _parse_symbol(line: str, number: int) -> SymbolLine:
    match = _SYMBOL.fullmatch(line)
    if match is None:
        raise SktFormatError(f"line {number}: not a symbol line: {line!r}")
    rest = match["rest"]
    braces = rest.endswith("}") and " {" in rest or rest.startswith("{")
    properties: list[str] = []
    signature = rest
    if braces:
        cut = rest.rfind(" {")
        if cut == -1:
            cut = 0
            signature, inner = "", rest[1:-1]
        else:
            signature, inner = rest[:cut], rest[cut + 2 : -1]
        properties = split_properties(inner)
    return SymbolLine(
        short=match["short"],
        kind=match["kind"],
        start=int(match["start"]),
        end=int(match["end"] or match["start"]),
        signature=signature,
        properties=properties,
        braces=braces,
    )


_CANDIDATES = " [candidates="


def _tokens(text: str, number: int, start: int = 0) -> tuple[list[str], int]:
    """Comma-separated tokens from ``start``, where a token may be a quoted full id.

    Stops at the end of the text or, outside quotes, at a ``" [candidates="`` marker;
    returns the tokens and where it stopped.
    """
    out: list[str] = []
    i = start
    while True:
        if text.startswith('"', i):
            match = _QUOTED.match(text, i)
            if match is None:
                raise SktFormatError(f"line {number}: unterminated quoted id")
            token, i = match.group(), match.end()
        else:
            j = i
            while j < len(text) and not text.startswith(", ", j) and not text.startswith(_CANDIDATES, j):
                j += 1
            token, i = text[i:j].strip(), j
        if not token:
            raise SktFormatError(f"line {number}: empty target")
        out.append(token)
        if text.startswith(", ", i):
            i += 2
            continue
        if i < len(text) and not text.startswith(_CANDIDATES, i):
            raise SktFormatError(f"line {number}: expected ', ' after {token!r}")
        return out, i


def _edge_source(line: str, number: int) -> tuple[str, str]:
    """An edge line's source (a short id or a quoted id) and the rest, which starts with a space."""
    if line.startswith('"'):
        match = _QUOTED.match(line)
        if match is None:
            raise SktFormatError(f"line {number}: unterminated quoted id")
        return match.group(), line[match.end() :]
    source, _, rest = line.partition(" ")
    if not SHORT_ID.fullmatch(source):
        raise SktFormatError(f"line {number}: edge source must be a short id or a quoted id")
    return source, " " + rest


def _parse_edge(line: str, number: int) -> EdgeLine:
    source, rest = _edge_source(line, number)
    if not rest.startswith(" "):
        raise SktFormatError(f"line {number}: not an edge line: {line!r}")
    head = _EDGE_HEAD.match(rest, 1)
    if head is None:
        raise SktFormatError(f"line {number}: not an edge line: {line!r}")
    status = head["status"]
    if status is not None and status not in STATUSES:
        raise SktFormatError(f"line {number}: unknown status {status!r}")
    body = rest[head.end() :]
    targets, stop = _tokens(body, number)
    candidates: list[str] = []
    if stop < len(body):
        if not body.endswith("]"):
            raise SktFormatError(f"line {number}: unterminated [candidates=…]")
        inner = body[:-1]
        candidates, end = _tokens(inner, number, stop + len(_CANDIDATES))
        if end != len(inner):
            raise SktFormatError(f"line {number}: unexpected text after the candidates")
    return EdgeLine(source, head["kind"], status, targets, candidates)


def _edge_tokens(text: str, number: int) -> list[str]:
    try:
        return split_tokens(text)
    except SktFormatError as exc:
        raise SktFormatError(f"line {number}: {exc}") from None


def _parse_source_edges(line: str, number: int) -> SourceEdges:
    """A minified ``[edges]`` line: ``S12 head target …``."""
    source, rest = _edge_source(line, number)
    if not rest.startswith(" ") or len(rest) < 2:
        raise SktFormatError(f"line {number}: not an edge line: {line!r}")
    return SourceEdges(source, _edge_tokens(rest[1:], number))


def _pair(line: str, number: int) -> tuple[str, str]:
    if not line.startswith("- ") or ": " not in line:
        raise SktFormatError(f"line {number}: expected '- key: value', got {line!r}")
    key, _, value = line[2:].partition(": ")
    return key, value


def _error(line: str, number: int) -> ErrorLine:
    if not line.startswith("- "):
        raise SktFormatError(f"line {number}: expected '- path: message', got {line!r}")
    body = line[2:]
    if body.startswith('"'):
        match = _QUOTED.match(body)
        if match is None or not body.startswith(": ", match.end()):
            raise SktFormatError(f"line {number}: bad quoted path")
        return ErrorLine(_path(match.group(), number), body[match.end() + 2 :])
    path, sep, message = body.partition(": ")
    if not sep:
        raise SktFormatError(f"line {number}: expected '- path: message', got {line!r}")
    return ErrorLine(path, message)


def read(text: str) -> SktDocument:
    """Parse one ``.skt`` document."""
    doc = SktDocument(has_symbols=False)
    section: str | None = None
    current: FileSection | None = None
    minified: bool | None = None  # known once [meta] is read
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw[:-1] if raw.endswith("\r") else raw
        if not line.strip():
            continue
        if line.startswith("[") and line.endswith("]") and line[1:-1] in _SECTIONS:
            section = line[1:-1]
            if section == "symbols":
                doc.has_symbols = True
            elif section == "edges":
                doc.has_edges = True
            continue
        if section is None:
            raise SktFormatError(f"line {number}: text before the first section")
        if minified is None and section != "meta":
            minified = doc.minified = doc.meta_value("format") == MINIFIED_FORMAT
        if section == "meta":
            doc.meta.append(_pair(line, number))
        elif section == "dict":
            doc.dictionary.append(_pair(line, number))
        elif section == "symbols":
            if line.startswith("## "):
                current = FileSection(_path(line[3:], number))
                doc.files.append(current)
            elif line.startswith(" ") and minified:
                if current is None or not current.symbols:
                    raise SktFormatError(f"line {number}: an edge line before any symbol line")
                current.symbols[-1].edges.extend(_edge_tokens(line[1:], number))
            else:
                if current is None:
                    raise SktFormatError(f"line {number}: symbol before any '## path' header")
                current.symbols.append(_parse_symbol(line, number))
        elif section == "edges":
            if minified:
                doc.source_edges.append(_parse_source_edges(line, number))
            else:
                doc.edges.append(_parse_edge(line, number))
        else:
            doc.errors.append(_error(line, number))
    if minified is None:
        doc.minified = doc.meta_value("format") == MINIFIED_FORMAT
    return doc


def read_chunks(texts: Iterable[str]) -> list[SktDocument]:
    """Parse the chunks of one run; refuse a mix of runs or formats."""
    docs = [read(t) for t in texts]
    runs = {d.meta_value("run") for d in docs}
    if len(runs) > 1:
        shown = ", ".join(sorted(r or "(none)" for r in runs))
        raise SktFormatError(f"chunks come from different runs ({shown}); regenerate them together")
    # a chunk may be minified or not (whichever is smaller): the version must agree
    formats = {(d.meta_value("format") or "").removesuffix(" minified") for d in docs}
    if len(formats) > 1:
        raise SktFormatError("chunks were written in different .skt format versions")
    return docs
