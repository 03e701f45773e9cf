"""Finding the one symbol a reference denotes: the lookup the exporters and the MCP server share.

A reference is a full id (``shop/pricing.py::Discount.apply``), a short id (``S15``), a simple,
qualified or dotted name (``apply``, ``Discount.apply``, ``shop.pricing.Discount.apply``), or
``path:line`` (the innermost symbol spanning that line of an indexed file). A name that denotes
several symbols is an error that lists them; a name that denotes none is an error that suggests
close names. The tables are built once per graph, when first needed.
"""

from __future__ import annotations

import difflib
import re
from functools import cached_property

from codeknit.graph.graph import Graph
from codeknit.graph.model import Category, Symbol

SHORT_ID = re.compile(r"S[1-9][0-9]*")
FILE_LINE = re.compile(r"(?P<path>.+?):L?(?P<line>[0-9]+)")
#: how many of several matches an error lists
LISTED = 12

__all__ = ["FILE_LINE", "SHORT_ID", "SymbolIndex", "SymbolLookupError"]


class SymbolLookupError(LookupError):
    """No symbol, or several, for a reference; the message says which and what to pass instead."""

    def __init__(self, message: str, matches: tuple[Symbol, ...] = ()) -> None:
        super().__init__(message)
        self.matches = matches


class SymbolIndex:
    """Name tables of one graph, and :meth:`lookup`."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    @cached_property
    def by_path(self) -> dict[str, list[Symbol]]:
        """file path → its symbols, in graph order."""
        table: dict[str, list[Symbol]] = {}
        for symbol in self.graph.symbols:
            table.setdefault(symbol.path, []).append(symbol)
        return table

    @cached_property
    def module_names(self) -> dict[str, str]:
        """path → the dotted name of its module symbol."""
        return {s.path: s.name for s in self.graph.symbols
                if s.parent is None and s.kind.category in (Category.MODULE, Category.META)}

    def dotted(self, symbol: Symbol) -> str:
        """``module.Qualified.name``: the name a reader would write for the symbol."""
        if symbol.parent is None:
            return symbol.name
        module = self.module_names.get(symbol.path, "")
        return f"{module}.{symbol.qualname}" if module else symbol.qualname

    @cached_property
    def names(self) -> dict[str, list[Symbol]]:
        """simple name, qualified name and dotted name → symbols (in graph order)."""
        table: dict[str, list[Symbol]] = {}
        for symbol in self.graph.symbols:
            for key in {symbol.name, symbol.qualname, self.dotted(symbol)}:
                if key:
                    table.setdefault(key, []).append(symbol)
        return table

    def warm(self) -> None:
        """Build every table now."""
        for name in ("by_path", "module_names", "names"):
            getattr(self, name)

    def at_line(self, path: str, line: int) -> Symbol:
        """The innermost symbol of ``path`` whose lines include ``line``."""
        best: Symbol | None = None
        for symbol in self.by_path.get(path, ()):
            start, end = symbol.span[0], symbol.span[2]
            if start <= line <= end and (best is None or (end - start) <= (best.span[2] - best.span[0])):
                best = symbol
        if best is None:
            raise SymbolLookupError(f"{path} has no symbol at line {line}")
        return best

    def lookup(self, ref: str) -> Symbol:
        """The one symbol ``ref`` denotes (see the module docs); :class:`SymbolLookupError` otherwise."""
        text = ref.strip()
        if not text:
            raise SymbolLookupError("empty; pass a full id, a short id such as S12, a qualified name or path:line")
        found = self.graph.get(text)
        if found is not None:
            return found
        if SHORT_ID.fullmatch(text):
            raise SymbolLookupError(f"no symbol has the short id {text}")
        located = FILE_LINE.fullmatch(text)
        if located and located.group("path") in self.by_path:
            return self.at_line(located.group("path"), int(located.group("line")))
        matches = self.names.get(text, [])
        if len(matches) == 1:
            return matches[0]
        if matches:
            exact = [s for s in matches if text in (s.qualname, self.dotted(s))]
            if len(exact) == 1:
                return exact[0]
            listed = "; ".join(f"{s.short} {s.id} ({s.kind.label}, L{s.span[0]})" for s in matches[:LISTED])
            more = f" and {len(matches) - LISTED} more" if len(matches) > LISTED else ""
            raise SymbolLookupError(f"{text!r} names {len(matches)} symbols; pass one of their ids: {listed}{more}",
                                    tuple(matches))
        if "::" in text:
            path = text.partition("::")[0]
            if path not in self.by_path:
                raise SymbolLookupError(f"{text!r} is a full id, but {path!r} is not an indexed file")
        hints = difflib.get_close_matches(text, list(self.names), n=5, cutoff=0.75)
        hint = f"; similar names: {', '.join(hints)}" if hints else ""
        raise SymbolLookupError(f"no symbol {text!r} in the graph{hint}")
