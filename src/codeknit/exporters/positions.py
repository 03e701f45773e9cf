"""Positions in LSP's terms: 0-based lines, UTF-16 code units, computed from the sources.

The graph counts lines from 1 and columns in UTF-8 bytes. LSIF (like LSP)
wants UTF-16 code units. The two agree on ASCII lines only, so the exact
conversion needs each line's text: :class:`SourceLines` reads a file from the
source root, checks it is the file the graph was built from (its SHA-256), and
converts columns line by line. Without it, columns stay byte offsets.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from codeknit.graph import Span

Position = tuple[int, int]


class SourceLines:
    """The lines of one source file, for UTF-8 → UTF-16 column conversion."""

    __slots__ = ("_ascii", "_lines")

    def __init__(self, data: bytes) -> None:
        self._ascii = data.isascii()
        self._lines = [] if self._ascii else data.split(b"\n")

    def utf16_column(self, line: int, column: int) -> int:
        """The UTF-16 column of byte ``column`` on 1-based ``line``."""
        if self._ascii or column == 0 or line - 1 >= len(self._lines):
            return column
        text = self._lines[line - 1]
        if text[:column].isascii():
            return column
        prefix = text[:column].decode("utf-8", errors="replace")
        return len(prefix.encode("utf-16-le")) // 2


def read_source(source_root: Path, path: str, sha256: str) -> tuple[SourceLines | None, str]:
    """The file's lines, or ``None`` and why not: ``"missing"`` or ``"changed"``."""
    try:
        data = (source_root / path).read_bytes()
    except OSError:
        return None, "missing"
    if sha256 and hashlib.sha256(data).hexdigest() != sha256:
        return None, "changed"
    return SourceLines(data), ""


def lsp_range(span: Span, lines: SourceLines | None) -> tuple[Position, Position]:
    """``((line, character), (line, character))`` from 0, in UTF-16 units when ``lines`` is given."""
    start_line, start_col, end_line, end_col = span
    if lines is not None:
        start_col = lines.utf16_column(start_line, start_col)
        end_col = lines.utf16_column(end_line, end_col)
    return (start_line - 1, start_col), (end_line - 1, end_col)
