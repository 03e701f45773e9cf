"""The ``.skt`` document as data: what the writer prints and the reader returns.

A :class:`SktDocument` is a faithful, line-level model of a ``.skt`` file
(format 0.5.0). ``render.py`` builds one from a graph; ``writer.py`` prints
it; ``reader.py`` parses text back into an equal document.

A *minified* document (``minify.py``, format ``skt 0.5.0 minified``) uses the same classes:
its symbol lines carry their edges (:attr:`SymbolLine.edges`), edges whose source is not
shown sit in :attr:`SktDocument.source_edges`, and fields may hold dictionary codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SKT_VERSION = "0.5.0"
#: the ``format`` of a plain and of a minified document, as ``[meta]`` gives it
SKT_FORMAT = f"skt {SKT_VERSION}"
MINIFIED_FORMAT = f"skt {SKT_VERSION} minified"

#: a name that can stand bare in an edge line (dotted identifiers)
BARE_NAME = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)*|\$[\w$]*(?:\.[\w$]+)*")
SHORT_ID = re.compile(r"S[1-9]\d*")
DICT_CODE = re.compile(r"d(?:0|[1-9]\d*)")
STATUSES = ("unresolved", "ambiguous")


class SktFormatError(ValueError):
    """Text that is not valid ``.skt``; the message names the line."""


@dataclass(slots=True)
class SourceEdges:
    """Minified documents: the edges of a source whose symbol line is not in the document."""

    source: str  # a short id or a quoted full id
    tokens: list[str]  # as on a symbol's edge line (see :attr:`SymbolLine.edges`)


@dataclass(slots=True)
class SymbolLine:
    short: str
    kind: str  # "callable/method", or a dictionary code
    start: int
    end: int
    signature: str
    properties: list[str] = field(default_factory=list)  # "exported", "visibility=private", or codes
    braces: bool = True  # ``{…}`` present (always in plain documents written by codeknit)
    #: minified documents: this symbol's edges, the tokens of the line under it: a head (a code or
    #: ``--kind[status]-->``) then its targets, the next head then its targets … A target is a
    #: short id, a run ``S4-S9``, a name, a quoted id or a code; an ambiguous one is followed by
    #: ``=`` and its candidates (``fut.done=S434,S1136``). Which token is a head needs the [dict].
    edges: list[str] = field(default_factory=list)


@dataclass(slots=True)
class FileSection:
    path: str
    symbols: list[SymbolLine] = field(default_factory=list)


@dataclass(slots=True)
class EdgeLine:
    source: str  # a short id or a quoted full id (already quoted)
    kind: str  # "calls", or a dictionary code
    status: str | None  # None (resolved), "unresolved", "ambiguous"
    targets: list[str]  # short ids, bare names or quoted full ids
    candidates: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ErrorLine:
    path: str
    message: str


@dataclass(slots=True)
class SktDocument:
    meta: list[tuple[str, str]] = field(default_factory=list)
    dictionary: list[tuple[str, str]] = field(default_factory=list)
    files: list[FileSection] = field(default_factory=list)
    edges: list[EdgeLine] = field(default_factory=list)
    errors: list[ErrorLine] = field(default_factory=list)
    has_symbols: bool = True  # print ``[symbols]`` even when empty
    has_edges: bool = False  # print ``[edges]`` (only with ``--edges``)
    minified: bool = False  # edges under their symbol lines, the minified line forms
    source_edges: list[SourceEdges] = field(default_factory=list)  # minified documents' [edges]

    def meta_value(self, key: str) -> str | None:
        for k, v in self.meta:
            if k == key:
                return v
        return None


# -- quoting -----------------------------------------------------------------------------------

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}


def quote(text: str) -> str:
    """``"…"`` with backslash, quote and line breaks escaped."""
    return '"' + "".join(_ESCAPES.get(ch, ch) for ch in text) + '"'


def unquote(token: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"not a quoted string: {token!r}")
    out: list[str] = []
    body = token[1:-1]
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _UNESCAPES:
                raise ValueError(f"bad escape in {token!r}")
            out.append(_UNESCAPES[body[i + 1]])
            i += 2
        elif ch == '"':
            raise ValueError(f"unescaped quote in {token!r}")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def needs_quoting_path(path: str) -> bool:
    return (
        not path
        or path != path.strip()
        or path.startswith('"')
        or any(ch in path for ch in "\n\r\t")
        or ": " in path
    )


def path_token(path: str) -> str:
    return quote(path) if needs_quoting_path(path) else path


def name_token(name: str, source_path: str) -> str:
    """A target name as an edge line writes it: bare when safe, else a quoted full id."""
    if BARE_NAME.fullmatch(name) and not SHORT_ID.fullmatch(name):
        return name
    return quote(f"{source_path}::{name}")


def split_properties(text: str) -> list[str]:
    """Split ``a, b=[x, y], c`` at top-level commas."""
    items: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in text:
        if ch in "[(<":
            depth += 1
        elif ch in "])>" and depth:
            depth -= 1
        if ch == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    tail = "".join(current).strip()
    if tail or items:
        items.append(tail)
    return items
