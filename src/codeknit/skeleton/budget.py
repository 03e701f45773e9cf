"""Token budgets for skeletons: exact accounting, budgeted chunks and their manifest.

How a budget is kept exactly
============================
A document is assembled from *pieces*, one per symbol: the symbol's line and the lines of
its edges (edges travel with their source symbol). Every line codeknit writes starts
where the tokenizer can be split without changing counts (a short id, ``##``, ``[``, ``-``,
a quote or an indented word; see :meth:`codeknit.tokens.Tokenizer.is_safe_line_start`), so
the tokens of a document are exactly the sum of the tokens of its lines, ``line + "\\n"``
each, with one correction: the blank line that separates two sections merges with the line
before it (``"}\\n\\n"`` is one pre-token), so the last line of a section is counted with it.
:class:`Tally` keeps these sums while pieces are added or removed, so asking "does this
piece still fit?" costs a few additions, and each distinct line is tokenized once (the
:class:`~codeknit.tokens.TokenCounter` cache).

The approximate tokenizer rounds up per text; it is fitted in its additive
:meth:`~codeknit.tokens.ApproxTokenizer.weight` units instead, so it is exact as well.

Whatever the model says, the final text of every chunk is counted again as a whole before
it is returned, and a plan that would be over is redone with a smaller budget: the budget
is a guarantee, not an estimate.

Symbols too large for a chunk
=============================
A symbol whose line and edges do not fit even an empty chunk (a minified script whose module
calls a thousand names) is the one exception to "edges sit with their source": its line and
the first of its edges fill one chunk, and its other edges go on in the next chunks, an edge
line cut between targets if need be (the manifest lists such symbols under ``continued``).
Nothing is lost, nothing is repeated, and no chunk is over. Only a single symbol line, a
single target or the chunk header larger than the budget raises :class:`TokenBudgetError`.

Dictionaries
============
With ``minify``, codes come from one candidate dictionary chosen over the whole document
(:func:`~codeknit.skeleton.minify.choose_dictionary`), so a code means the same value in every
chunk. ``per-chunk``: each chunk carries the ``[dict]`` lines of the codes it uses, and they
are counted in its budget (a chunk that uses a code only once or twice drops it again when
that makes the chunk smaller). ``shared``: one ``dict.skt`` holds the whole dictionary; a
reader needs it with every chunk, so each chunk gets the budget minus the dictionary's tokens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import orjson

from codeknit.graph import FileError, Graph, Relation, Symbol
from codeknit.skeleton.document import (
    EdgeLine,
    ErrorLine,
    FileSection,
    SktDocument,
    SymbolLine,
    path_token,
    quote,
)
from codeknit.skeleton.minify import choose_dictionary, code_edge_line, code_symbol_line
from codeknit.skeleton.render import Renderer, RenderOptions
from codeknit.skeleton.writer import edge_line, iter_lines, symbol_line, to_text
from codeknit.tokens import ApproxTokenizer, TokenCounter

__all__ = [
    "DICT_MODES",
    "LAYOUTS",
    "BudgetedChunk",
    "Catalog",
    "ChunkSet",
    "Measure",
    "Piece",
    "Prefix",
    "Tally",
    "TokenBudgetError",
    "budgeted_chunks",
    "candidate_dictionary",
    "chunk_catalog",
    "finish",
    "fit_prefix",
    "plan_chunk_set",
    "rank_order",
    "source_order",
]

T = TypeVar("T")

#: ``per-chunk``: each chunk carries the dictionary lines it uses; ``shared``: one ``dict.skt``
DICT_MODES = ("per-chunk", "shared")
#: ``skt``: .skt lines with short ids; ``text``: an indented outline without ids (maps only)
LAYOUTS = ("skt", "text")

#: a chunk stops looking for more pieces once fewer units than this are left (per token)
_STOP_GAP_TOKENS = 2


class TokenBudgetError(ValueError):
    """The budget is too small for something that cannot be split: the chunk header, a symbol line
    with its containing symbols, one target of an edge line, or an error line."""


# ---------------------------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------------------------


class Measure:
    """Additive token units for document lines, and exact counts of whole texts.

    For tiktoken encodings a unit is a token. For the approximate tokenizer a unit is its
    :meth:`~codeknit.tokens.ApproxTokenizer.weight`, which adds up without rounding.
    """

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        tokenizer = counter.tokenizer
        self.units: Callable[[str], int]
        if isinstance(tokenizer, ApproxTokenizer):
            self.scale = tokenizer.WEIGHT_PER_TOKEN
            self.units = tokenizer.weight
        else:
            self.scale = 1
            self.units = counter.count

    @property
    def name(self) -> str:
        return self.counter.tokenizer.name

    @property
    def exact(self) -> bool:
        return self.counter.exact

    def line(self, text: str) -> int:
        """Units of ``text`` as a line of a document."""
        return self.units(text + "\n")

    def blank_after(self, text: str) -> int:
        """What a blank line after the line ``text`` adds; it may merge with the line's end."""
        return self.units(text + "\n\n") - self.units(text + "\n")

    def capacity(self, tokens: int) -> int:
        """The most units a text of at most ``tokens`` tokens can have."""
        return tokens * self.scale

    def tokens(self, units: int) -> int:
        return -(-units // self.scale)

    def count_lines(self, lines: Iterable[str]) -> int:
        """Exact tokens of ``"".join(line + "\\n" for line in lines)``."""
        return self.counter.count_lines(lines)

    def count_text(self, text: str) -> int:
        """Exact tokens of a text made of whole lines."""
        return self.counter.count_lines(text.split("\n")[:-1]) if text.endswith("\n") else self.counter.count(text)


# ---------------------------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Piece:
    """One symbol as a document shows it: its line and the lines of its edges, with their units."""

    index: int  # position in ``graph.symbols``
    path: str
    line: str  # "" for a file's own symbol in the text layout (the path header stands for it)
    line_units: int
    symbol_line: SymbolLine | None  # skt layout only
    edges: list[EdgeLine]
    edge_texts: list[str]
    edge_units: int
    codes: tuple[int, ...]  # indices into the candidate dictionary used by these lines
    #: 0: the symbol line (with all its edges, or the first of them); 1, 2 …: more of its edges
    part: int = 0

    @property
    def units(self) -> int:
        return self.line_units + self.edge_units


_ONE_LINE = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): " "}


def candidate_dictionary(graph: Graph, renderer: Renderer, count: Callable[[str], int]) -> list[tuple[str, str]]:
    """The dictionary ``--minify`` would choose for the whole document (symbols and edges)."""
    return choose_dictionary(renderer.document(errors=False), count)


class Catalog:
    """Renders each symbol of a graph once, when first asked, and keeps its lines and units.

    ``layout`` is ``skt`` (symbol lines with short ids, optional edges and dictionary codes)
    or ``text`` (an indented outline: ``path:`` then ``  kind signature  Lstart-end``).
    """

    def __init__(
        self,
        graph: Graph,
        measure: Measure,
        *,
        layout: str = "skt",
        edges: bool = False,
        dictionary: Sequence[tuple[str, str]] = (),
        plain: Catalog | None = None,
    ) -> None:
        if layout not in LAYOUTS:
            raise ValueError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
        if layout == "text" and (edges or dictionary):
            raise ValueError("the text layout shows neither edges nor dictionary codes")
        self.graph = graph
        self.symbols = graph.symbols
        self.measure = measure
        self.layout = layout
        self.edges = edges
        #: the same catalog without dictionary codes, whose lines this one codes (to render once)
        self.plain = plain
        self.renderer: Renderer = plain.renderer if plain is not None else Renderer(graph, RenderOptions(edges=edges))
        self.dictionary = list(dictionary)
        self._codes = {value: code for code, value in self.dictionary}
        self._code_index = {code: i for i, (code, _) in enumerate(self.dictionary)}
        self.index = {s.id: i for i, s in enumerate(self.symbols)}
        self.parent = [self.index.get(s.parent, -1) if s.parent else -1 for s in self.symbols]
        self._relations: dict[int, list[Relation]] = {}
        if edges and plain is None:
            for relation in graph.relations:
                source = self.index.get(relation.source)
                if source is not None:
                    self._relations.setdefault(source, []).append(relation)
        self._pieces: list[Piece | None] = [None] * len(self.symbols)
        self._headers: dict[str, tuple[str, int]] = {}
        self._dict_lines: dict[int, tuple[str, int]] = {}

    def __len__(self) -> int:
        return len(self.symbols)

    def piece(self, index: int) -> Piece:
        piece = self._pieces[index]
        if piece is None:
            piece = self._pieces[index] = self._render(index)
        return piece

    def _render(self, index: int) -> Piece:
        symbol = self.symbols[index]
        units = self.measure.line
        if self.layout == "text":
            line = self._text_line(index)
            return Piece(index, symbol.path, line, units(line) if line else 0, None, [], [], 0, ())
        if self.plain is not None:
            base = self.plain.piece(index)
            assert base.symbol_line is not None
            sline, edges = base.symbol_line, base.edges
        else:
            sline = self.renderer.symbol_line(symbol)
            relations = self._relations.get(index)
            edges = self.renderer.edge_lines(relations) if relations else []
        if self._codes:
            sline = code_symbol_line(sline, self._codes)
            edges = [code_edge_line(e, self._codes) for e in edges]
        return self._make_piece(index, 0, sline, edges)

    def _make_piece(self, index: int, part: int, sline: SymbolLine | None, edges: list[EdgeLine]) -> Piece:
        units = self.measure.line
        line = symbol_line(sline) if sline is not None else ""
        edge_texts = [edge_line(e) for e in edges]
        codes: set[int] = set()
        if self._codes:
            tokens = [e.kind for e in edges]
            if sline is not None:
                tokens += [sline.kind, *sline.properties]
            for token in tokens:
                found = self._code_index.get(token)
                if found is not None:
                    codes.add(found)
        return Piece(
            index, self.symbols[index].path, line, units(line) if line else 0, sline, edges, edge_texts,
            sum(units(text) for text in edge_texts), tuple(sorted(codes)), part,
        )  # fmt: skip

    def piece_of(self, index: int, relations: Sequence[Relation]) -> Piece:
        """Symbol ``index`` carrying ``relations`` as its edges instead of its own: for a view that
        shows an edge with another of its ends than the source (the MCP server's ``neighbors``).
        Rendered and coded like this catalog's own pieces; not kept."""
        sline = self.renderer.symbol_line(self.symbols[index])
        edges = self.renderer.edge_lines(relations) if relations else []
        if self._codes:
            sline = code_symbol_line(sline, self._codes)
            edges = [code_edge_line(e, self._codes) for e in edges]
        return self._make_piece(index, 0, sline, edges)

    def parts(self, index: int, fits: Callable[[Sequence[Piece]], bool], whole: Piece | None = None, *,
              start: int = 0) -> list[Piece]:
        """A symbol too large for any chunk, cut into parts that each ``fits`` an empty one.

        The first part is the symbol line with as many of its edge lines as fit; the others
        hold the rest of its edge lines, in order. An edge line that does not fit what is left
        of a part is cut between targets into lines of the same source, kind, status and
        candidates, so every part is filled. ``whole`` is the piece to cut (default: the
        symbol's own, :meth:`piece`; or one from :meth:`piece_of`). ``start`` > 0 cuts only what
        follows the first ``start`` edge targets (counted over the edge lines in order): the
        first part is then a continuation without the symbol line (a pager that shows one part
        per page and remembers how many targets it has shown).
        """
        whole = whole if whole is not None else self.piece(index)
        pieces = [self._make_piece(index, 0, whole.symbol_line, []) if start == 0 else
                  self._make_piece(index, 1, None, [])]
        if start == 0 and not fits(pieces):
            symbol = self.symbols[index]
            raise TokenBudgetError(f"the budget is too small for the line of {symbol.short} ({symbol.id})")
        skip = start
        for edge in whole.edges:
            if skip >= len(edge.targets):
                skip -= len(edge.targets)
                continue
            rest = list(edge.targets[skip:])
            skip = 0
            while rest:
                last = pieces[-1]
                if fits([self._grown(last, edge, rest)]):
                    taken = len(rest)
                else:  # binary search: the first ``low`` targets fit, the first ``high + 1`` do not
                    low, high = 0, len(rest) - 1
                    while low < high:
                        middle = (low + high + 1) // 2
                        if fits([self._grown(last, edge, rest[:middle])]):
                            low = middle
                        else:
                            high = middle - 1
                    taken = low
                if taken:
                    pieces[-1] = self._grown(last, edge, rest[:taken])
                    rest = rest[taken:]
                elif last.part > 0 and not last.edges:
                    raise TokenBudgetError(
                        f"the budget is too small for one target of an edge of {self.symbols[index].short}: {rest[0]}"
                    )
                else:
                    pieces.append(self._make_piece(index, last.part + 1, None, []))
        return pieces

    def _grown(self, part: Piece, edge: EdgeLine, targets: list[str]) -> Piece:
        """``part`` with one more edge line: ``edge`` with only ``targets``."""
        cut = EdgeLine(edge.source, edge.kind, edge.status, targets, list(edge.candidates))
        return self._make_piece(part.index, part.part, part.symbol_line, [*part.edges, cut])

    def is_file_symbol(self, index: int) -> bool:
        """The symbol that stands for a whole file (its module)."""
        symbol = self.symbols[index]
        return symbol.parent is None and symbol.id == symbol.path

    def depth(self, index: int) -> int:
        """How many containing symbols a symbol has below its file's own symbol."""
        depth = 0
        parent = self.parent[index]
        while parent >= 0:
            if not self.is_file_symbol(parent):
                depth += 1
            parent = self.parent[parent]
        return depth

    def _text_line(self, index: int) -> str:
        if self.is_file_symbol(index):
            return ""
        symbol = self.symbols[index]
        signature = (symbol.signature or symbol.name).translate(_ONE_LINE)
        start, end = symbol.span[0], symbol.span[2]
        where = f"L{start}" if start == end else f"L{start}-{end}"
        return f"{'  ' * (1 + self.depth(index))}{symbol.kind.value} {signature}  {where}"

    def header(self, path: str) -> tuple[str, int]:
        """The line that opens a file's part of a document, and its units."""
        found = self._headers.get(path)
        if found is None:
            if self.layout == "skt":
                text = f"## {path_token(path)}"
            else:  # a line must not start with "/" or a space (see the module docstring)
                text = (quote(path) if path.startswith("/") else path_token(path)) + ":"
            found = self._headers[path] = (text, self.measure.line(text))
        return found

    def dict_line(self, code_index: int) -> tuple[str, int]:
        found = self._dict_lines.get(code_index)
        if found is None:
            code, value = self.dictionary[code_index]
            text = f"- {code}: {value}"
            found = self._dict_lines[code_index] = (text, self.measure.line(text))
        return found

    def closure(self, index: int, present: Callable[[int], bool]) -> list[int]:
        """``index`` and those of its containing symbols that are not ``present``, outermost first."""
        chain = [index]
        parent = self.parent[index]
        while parent >= 0 and not present(parent):
            chain.append(parent)
            parent = self.parent[parent]
        chain.reverse()
        return chain


# ---------------------------------------------------------------------------------------------
# The exact size of one document
# ---------------------------------------------------------------------------------------------


def error_text(error: FileError) -> str:
    """An ``[errors]`` line as the writer prints it."""
    return f"- {path_token(error.path)}: {' '.join(error.message.split())}"


class Tally:
    """The exact size, in units, of one document being assembled from symbols and error lines.

    In the skt layout the document is ``[meta]`` (given), ``[dict]`` (the codes its lines use,
    when ``own_dictionary``), ``[symbols]`` (a ``## path`` line per file, then symbol lines),
    ``[edges]`` (when the catalog has edges) and ``[errors]`` (when it holds any). In the text
    layout it is just the outline lines.

    ``alternative`` is the same document without dictionary codes: a chunk with its own
    dictionary is written whichever way is smaller, so it is measured as the smaller of the two.
    """

    def __init__(self, catalog: Catalog, meta: Sequence[tuple[str, str]] = (), *, own_dictionary: bool = False
                 ) -> None:
        self.catalog = catalog
        self.meta = list(meta)
        self.own_dictionary = own_dictionary and bool(catalog.dictionary)
        self.alternative: Tally | None = None
        if self.own_dictionary and catalog.plain is not None:
            self.alternative = Tally(catalog.plain, meta)
        measure = catalog.measure
        self._skt = catalog.layout == "skt"
        self.frame = 0
        if self._skt:
            meta_lines = ["[meta]", *(f"- {key}: {value}" for key, value in self.meta)] if self.meta else []
            self.frame = sum(measure.line(text) for text in meta_lines)
            if meta_lines:
                self.frame += measure.blank_after(meta_lines[-1])
            self._dict_head = measure.line("[dict]")
            self._symbols_head = measure.line("[symbols]")
            self._symbols_blank = measure.blank_after("[symbols]")
            self._edges_head = measure.line("[edges]")
            self._edges_blank = measure.blank_after("[edges]")
            self._errors_head = measure.line("[errors]")
        self.pieces: dict[int, Piece] = {}
        self.paths: Counter[str] = Counter()
        self.symbol_units = 0
        self.edge_units = 0
        self.max_symbol = -1
        self.max_edge = -1
        self.code_uses: Counter[int] = Counter()
        self.dict_units = 0
        self.errors: list[FileError] = []
        self.error_units = 0

    # -- reading ---------------------------------------------------------------------------------

    def __contains__(self, index: object) -> bool:
        return index in self.pieces

    def __len__(self) -> int:
        return len(self.pieces)

    def total(self) -> int:
        """Units of the document as it stands."""
        own = self._evaluate([], [])
        return own if self.alternative is None else min(own, self.alternative.total())

    def evaluate(self, indices: Sequence[int] = (), errors: Sequence[FileError] = ()) -> int:
        """Units of the document if the symbols ``indices`` (not yet in it) and ``errors`` were added."""
        own = self._evaluate([self.catalog.piece(i) for i in indices], errors)
        return own if self.alternative is None else min(own, self.alternative.evaluate(indices, errors))

    def evaluate_pieces(self, pieces: Sequence[Piece]) -> int:
        """Units of the document if these pieces (parts of symbols, say) were added, as written."""
        return self._evaluate(pieces, [])

    def _evaluate(self, pieces: Sequence[Piece], errors: Sequence[FileError]) -> int:
        symbol_units, edge_units = self.symbol_units, self.edge_units
        max_symbol, max_edge = self.max_symbol, self.max_edge
        last_line = self.pieces[max_symbol].line if max_symbol >= 0 else None
        last_edge = self.pieces[max_edge].edge_texts[-1] if max_edge >= 0 else None
        dict_units, max_code = self.dict_units, max(self.code_uses, default=-1)
        new_paths: set[str] = set()
        new_codes: set[int] = set()
        catalog = self.catalog
        for piece in pieces:
            index = piece.index
            edge_units += piece.edge_units
            if piece.part == 0:
                symbol_units += piece.line_units
                if piece.path not in self.paths and piece.path not in new_paths:
                    new_paths.add(piece.path)
                    symbol_units += catalog.header(piece.path)[1]
                if index > max_symbol:
                    max_symbol, last_line = index, piece.line
            if piece.edges and index > max_edge:
                max_edge, last_edge = index, piece.edge_texts[-1]
            if self.own_dictionary:
                for code in piece.codes:
                    if code not in self.code_uses and code not in new_codes:
                        new_codes.add(code)
                        dict_units += catalog.dict_line(code)[1]
                        max_code = max(max_code, code)
        error_units = self.error_units
        has_errors = bool(self.errors)
        for error in errors:
            error_units += catalog.measure.line(error_text(error))
            has_errors = True
        if not self._skt:
            return symbol_units
        measure = catalog.measure
        total = self.frame
        if max_code >= 0:
            total += self._dict_head + dict_units + measure.blank_after(catalog.dict_line(max_code)[0])
        total += self._symbols_head + symbol_units
        if catalog.edges or has_errors:
            total += measure.blank_after(last_line) if last_line is not None else self._symbols_blank
        if catalog.edges:
            total += self._edges_head + edge_units
            if has_errors:
                total += measure.blank_after(last_edge) if last_edge is not None else self._edges_blank
        if has_errors:
            total += self._errors_head + error_units
        return total

    # -- changing --------------------------------------------------------------------------------

    def add(self, indices: Iterable[int]) -> None:
        """Add whole symbols (each with all its edges)."""
        indices = list(indices)
        self._add([self.catalog.piece(i) for i in indices])
        if self.alternative is not None:
            self.alternative.add(indices)

    def add_part(self, piece: Piece) -> None:
        """Add one part of a symbol too large for any chunk (see :meth:`Catalog.parts`).

        A document with parts is written as measured here, with no plain alternative.
        """
        self.add_pieces([piece])

    def add_pieces(self, pieces: Iterable[Piece]) -> None:
        """Add pieces as they are (parts, or pieces of :meth:`Catalog.piece_of`); the document is then
        written as measured here, with no plain alternative."""
        self.alternative = None
        self._add(pieces)

    def _add(self, pieces: Iterable[Piece]) -> None:
        catalog = self.catalog
        for piece in pieces:
            index = piece.index
            if index in self.pieces:
                raise ValueError(f"symbol #{index} is already in this document")
            self.pieces[index] = piece
            self.edge_units += piece.edge_units
            if piece.part == 0:
                if not self.paths[piece.path]:
                    self.symbol_units += catalog.header(piece.path)[1]
                self.paths[piece.path] += 1
                self.symbol_units += piece.line_units
                self.max_symbol = max(self.max_symbol, index)
            if piece.edges:
                self.max_edge = max(self.max_edge, index)
            if self.own_dictionary:
                for code in piece.codes:
                    if not self.code_uses[code]:
                        self.dict_units += catalog.dict_line(code)[1]
                    self.code_uses[code] += 1

    def remove(self, index: int) -> None:
        catalog = self.catalog
        piece = self.pieces.pop(index)
        self.edge_units -= piece.edge_units
        if piece.part == 0:
            self.paths[piece.path] -= 1
            if not self.paths[piece.path]:
                del self.paths[piece.path]
                self.symbol_units -= catalog.header(piece.path)[1]
            self.symbol_units -= piece.line_units
        if index == self.max_symbol:
            self.max_symbol = max((i for i, p in self.pieces.items() if p.part == 0), default=-1)
        if index == self.max_edge:
            self.max_edge = max((i for i, p in self.pieces.items() if p.edges), default=-1)
        if self.own_dictionary:
            for code in piece.codes:
                self.code_uses[code] -= 1
                if not self.code_uses[code]:
                    del self.code_uses[code]
                    self.dict_units -= catalog.dict_line(code)[1]
        if self.alternative is not None:
            self.alternative.remove(index)

    def add_errors(self, errors: Iterable[FileError]) -> None:
        errors = list(errors)
        for error in errors:
            self.errors.append(error)
            self.error_units += self.catalog.measure.line(error_text(error))
        if self.alternative is not None:
            self.alternative.add_errors(errors)

    def set_meta(self, meta: Sequence[tuple[str, str]]) -> None:
        """Change the ``[meta]`` lines the document is written with (not what was measured)."""
        self.meta = list(meta)
        if self.alternative is not None:
            self.alternative.set_meta(meta)

    # -- output ----------------------------------------------------------------------------------

    def indices(self) -> list[int]:
        """The symbols in document order (the graph's order)."""
        return sorted(self.pieces)

    def document(self, dictionary: Sequence[tuple[str, str]] | None = None) -> SktDocument:
        """The skt document. ``dictionary`` is what its ``[dict]`` shows (default: the codes it uses
        when it carries its own dictionary, else none)."""
        if not self._skt:
            raise ValueError("the text layout has no skt document")
        catalog = self.catalog
        if dictionary is None:
            dictionary = [catalog.dictionary[c] for c in sorted(self.code_uses)] if self.own_dictionary else []
        doc = SktDocument(meta=list(self.meta), dictionary=list(dictionary), has_edges=catalog.edges)
        for index in self.indices():
            piece = self.pieces[index]
            if piece.part == 0:
                assert piece.symbol_line is not None
                if not doc.files or doc.files[-1].path != piece.path:
                    doc.files.append(FileSection(piece.path))
                doc.files[-1].symbols.append(piece.symbol_line)
            doc.edges.extend(piece.edges)
        doc.errors = [ErrorLine(e.path, e.message) for e in self.errors]
        return doc

    def lines(self) -> Iterator[str]:
        """The document's lines (either layout), without line ends."""
        if self._skt:
            yield from iter_lines(self.document())
            return
        path = None
        for index in self.indices():
            piece = self.pieces[index]
            if piece.path != path:
                path = piece.path
                yield self.catalog.header(path)[0]
            if piece.line:
                yield piece.line

    def text(self) -> str:
        return "".join(f"{line}\n" for line in self.lines())


# ---------------------------------------------------------------------------------------------
# Texts that are not made of pieces
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prefix(Generic[T]):
    """What :func:`fit_prefix` found: ``units`` of the units fit, in ``value`` of ``tokens`` tokens."""

    units: int
    value: T
    tokens: int


def fit_prefix(total: int, build: Callable[[int], T], size: Callable[[T], int], max_tokens: int, *,
               check: Callable[[], None] | None = None, first: int = 64) -> Prefix[T]:
    """The largest ``k`` ≤ ``total`` whose ``build(k)`` has a ``size`` of at most ``max_tokens``.

    For answers whose lines do not add up (numbered source lines, whose first line may start with
    a blank, or a header that grows with ``k``), or that are more than a text (a reply with a
    structured part): ``build(k)`` renders the whole answer with its first ``k`` units, and
    ``size`` counts it exactly. Sizes grow with ``k``, so a galloping search (``first``, twice
    that, … then bisection) finds ``k`` with a few builds, none much larger than the answer.
    ``check`` is called before each build (a deadline). When not even ``build(0)`` fits, it is
    returned anyway with its real size; callers keep what every answer holds far below the budget.
    """
    def measure(k: int) -> tuple[T, int]:
        if check is not None:
            check()
        value = build(k)
        return value, size(value)

    best: tuple[int, T, int] | None = None
    low, high = 0, total + 1  # every k <= low fits (when best is set); high does not
    probe = min(total, max(first, 1))
    while True:
        value, tokens = measure(probe)
        if tokens <= max_tokens:
            best, low = (probe, value, tokens), probe
            if probe == total:
                return Prefix(probe, value, tokens)
            probe = min(total, probe * 2)
        else:
            high = probe
            break
    while high - low > 1:
        middle = (low + high) // 2
        value, tokens = measure(middle)
        if tokens <= max_tokens:
            best, low = (middle, value, tokens), middle
        else:
            high = middle
    if best is None:
        value, tokens = measure(0)
        best = (0, value, tokens)
    return Prefix(*best)


# ---------------------------------------------------------------------------------------------
# Chunk sets
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class BudgetedChunk:
    """One chunk: its document, its text and its exact token count."""

    number: int
    document: SktDocument
    text: str
    tokens: int
    symbols: list[Symbol]
    errors: list[FileError]
    dict_tokens: int = 0  # what its own [dict] section costs (per-chunk dictionaries)
    #: symbols too large for one chunk whose edges go on in this chunk (their line is in an earlier one)
    continued: list[Symbol] = field(default_factory=list)

    @property
    def files(self) -> list[str]:
        return list(dict.fromkeys(s.path for s in self.symbols))

    def symbol_ranges(self) -> list[dict[str, Any]]:
        """Per file section, the runs of consecutive short ids: ``[{"path": …, "symbols": ["S1-S9", "S12"]}]``."""
        out: list[dict[str, Any]] = []
        for section in self.document.files:
            runs: list[list[int]] = []
            for line in section.symbols:
                number = int(line.short[1:])
                if runs and runs[-1][1] == number - 1:
                    runs[-1][1] = number
                else:
                    runs.append([number, number])
            out.append({"path": section.path, "symbols": [f"S{a}-S{b}" if a != b else f"S{a}" for a, b in runs]})
        return out


@dataclass(slots=True)
class ChunkSet:
    """Chunks that together cover a whole skeleton, each within ``max_tokens``."""

    chunks: list[BudgetedChunk]
    max_tokens: int
    tokenizer: str
    exact: bool
    run: str
    order: str  # "source" (parse) or "rank" (most important first)
    edges: bool
    minify: bool
    dict_mode: str | None
    dictionary: SktDocument | None = None  # dict.skt, for shared dictionaries
    dictionary_text: str = ""
    dictionary_tokens: int = 0
    focus: list[str] = field(default_factory=list)

    @property
    def total_tokens(self) -> int:
        """Tokens to read everything: every chunk, plus the shared dictionary once."""
        return sum(c.tokens for c in self.chunks) + self.dictionary_tokens

    def file_name(self, number: int, prefix: str = "map") -> str:
        return f"{prefix}_{number:03d}.skt"

    def manifest(self, prefix: str = "map") -> dict[str, Any]:
        """What ``chunks.json`` holds: the options, and per chunk its files, symbol ranges and tokens."""
        return {
            "format": "codeknit.chunks/1",
            "run": self.run,
            "order": self.order,
            "tokenizer": self.tokenizer,
            "exact": self.exact,
            "max_tokens": self.max_tokens,
            "edges": self.edges,
            "minify": self.minify,
            "dict": self.dict_mode,
            "dict_file": "dict.skt" if self.dictionary is not None else None,
            "dict_tokens": self.dictionary_tokens,
            "focus": list(self.focus),
            "total_tokens": self.total_tokens,
            "chunks": [
                {
                    "chunk": chunk.number,
                    "file": self.file_name(chunk.number, prefix),
                    "tokens": chunk.tokens,
                    "dict_tokens": chunk.dict_tokens,
                    "symbols": len(chunk.symbols),
                    "edges": len(chunk.document.edges),
                    "errors": len(chunk.errors),
                    "files": chunk.symbol_ranges(),
                    "continued": [s.short for s in chunk.continued],
                }
                for chunk in self.chunks
            ],
        }

    def files(self, prefix: str = "map") -> Iterator[tuple[str, bytes]]:
        """``(name, bytes)`` for a directory: ``dict.skt`` (shared), the chunks, ``chunks.json``."""
        if self.dictionary is not None:
            yield "dict.skt", _encode(self.dictionary_text)
        for chunk in self.chunks:
            yield self.file_name(chunk.number, prefix), _encode(chunk.text)
        yield "chunks.json", orjson.dumps(self.manifest(prefix), option=orjson.OPT_INDENT_2) + b"\n"


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


#: builds the tally for chunk ``number`` given the chunk count to print
NewTally = Callable[[int], Tally]
#: fills tallies for a given capacity: the order of the chunk set
Strategy = Callable[[NewTally, int], list[Tally]]


def source_order(catalog: Catalog, errors: Sequence[FileError]) -> Strategy:
    """The ``parse`` order: files in path order, symbols in source order.

    A file that does not fit in what is left of a chunk starts a new chunk if it fits in a
    chunk of its own; a larger file is split between symbols (its ``## path`` header repeats).
    """

    def plan(new_tally: NewTally, capacity: int) -> list[Tally]:
        chunks: list[Tally] = []
        current = new_tally(1)
        files: dict[str, list[int]] = {}
        for index, symbol in enumerate(catalog.symbols):
            files.setdefault(symbol.path, []).append(index)
        for indices in files.values():
            if len(current) and current.evaluate(indices) > capacity:
                fresh = new_tally(len(chunks) + 2)
                if fresh.evaluate(indices) <= capacity:
                    chunks.append(current)
                    current = fresh
            for index in indices:
                current = _place(catalog, index, chunks, current, new_tally, capacity)
        return _add_errors(chunks, current, errors, new_tally, capacity)

    return plan


def rank_order(catalog: Catalog, order: Sequence[int], errors: Sequence[FileError], *, window: int = 256
               ) -> Strategy:
    """Most important first: each chunk takes the best-ranked symbols that still fit, each with the
    containing symbols not yet shown in an earlier chunk, and looks ``window`` symbols past the
    first that does not fit for smaller ones to fill the rest."""

    def plan(new_tally: NewTally, capacity: int) -> list[Tally]:
        chunks: list[Tally] = []
        taken = [False] * len(catalog)
        start = 0
        stop_gap = catalog.measure.capacity(_STOP_GAP_TOKENS)
        while True:
            while start < len(order) and taken[order[start]]:
                start += 1
            if start == len(order):
                break
            current = new_tally(len(chunks) + 1)
            misses = 0
            position = start
            while position < len(order) and misses <= window:
                index = order[position]
                position += 1
                if taken[index]:
                    continue
                needed = catalog.closure(index, taken.__getitem__)
                if current.evaluate(needed) <= capacity:
                    current.add(needed)
                elif not len(current):  # too large for any chunk: placed one by one, cut if need be
                    for i in needed:
                        current = _place(catalog, i, chunks, current, new_tally, capacity)
                else:
                    misses += 1
                    continue
                for i in needed:
                    taken[i] = True
                if capacity - current.total() < stop_gap:
                    break
            chunks.append(current)
        current = chunks.pop() if chunks else new_tally(1)
        return _add_errors(chunks, current, errors, new_tally, capacity)

    return plan


def _place(catalog: Catalog, index: int, chunks: list[Tally], current: Tally, new_tally: NewTally, capacity: int
           ) -> Tally:
    """Add one symbol to the chunk being filled, or to a new one; a symbol too large for any
    chunk is cut into parts, each in a chunk of its own (the last one is filled further).
    Returns the chunk being filled."""
    if current.evaluate([index]) <= capacity:
        current.add([index])
        return current
    if len(current) or current.errors:
        chunks.append(current)
        current = new_tally(len(chunks) + 1)
        if current.evaluate([index]) <= capacity:
            current.add([index])
            return current
    for part in catalog.parts(index, lambda pieces: new_tally(len(chunks) + 1).evaluate_pieces(pieces) <= capacity):
        if len(current):
            chunks.append(current)
            current = new_tally(len(chunks) + 1)
        current.add_part(part)
    return current


def _add_errors(chunks: list[Tally], current: Tally, errors: Sequence[FileError], new_tally: NewTally,
                capacity: int) -> list[Tally]:
    for error in errors:
        if current.evaluate(errors=[error]) > capacity:
            if len(current) or current.errors:
                chunks.append(current)
                current = new_tally(len(chunks) + 1)
            if current.evaluate(errors=[error]) > capacity:
                need = current.catalog.measure.tokens(current.evaluate(errors=[error]))
                raise TokenBudgetError(
                    f"the budget of {current.catalog.measure.tokens(capacity)} tokens is too small for the "
                    f"error line of {error.path}: it needs {need} tokens with the chunk header"
                )
        current.add_errors([error])
    chunks.append(current)
    return chunks


def chunk_catalog(graph: Graph, counter: TokenCounter, *, edges: bool, minify: bool) -> Catalog:
    """The catalog chunks are planned with: with ``minify``, coded with the whole document's
    dictionary, and backed by a plain catalog for chunks that are smaller without codes."""
    measure = Measure(counter)
    plain = Catalog(graph, measure, edges=edges)
    if not minify:
        return plain
    dictionary = candidate_dictionary(graph, plain.renderer, counter.count)
    return Catalog(graph, measure, edges=edges, dictionary=dictionary, plain=plain)


def plan_chunk_set(
    graph: Graph,
    max_tokens: int,
    counter: TokenCounter,
    strategy: Callable[[Catalog], Strategy],
    *,
    edges: bool = False,
    minify: bool = False,
    dict_mode: str = "per-chunk",
    order: str = "source",
    focus: Sequence[str] = (),
    catalog: Catalog | None = None,
) -> ChunkSet:
    """Split the skeleton of ``graph`` into chunks of at most ``max_tokens`` tokens each.

    ``strategy`` decides which symbols go into which chunk (:func:`source_order`,
    :func:`rank_order`); this function does the rest: the dictionary, the ``chunk: i/n`` lines,
    the exact count of every final text, and a smaller budget for a second plan if one text
    turned out over (which the accounting is meant to prevent).
    """
    if max_tokens <= 0:
        raise TokenBudgetError("the budget must be a positive number of tokens")
    if dict_mode not in DICT_MODES:
        raise ValueError(f"unknown dictionary mode {dict_mode!r}; use one of {', '.join(DICT_MODES)}")
    if catalog is None:
        catalog = chunk_catalog(graph, counter, edges=edges, minify=minify)
    measure = catalog.measure
    renderer = catalog.renderer
    shared = minify and dict_mode == "shared"
    dict_doc: SktDocument | None = None
    dict_text, dict_tokens = "", 0
    if shared:
        dict_doc = SktDocument(meta=renderer.meta(), dictionary=list(catalog.dictionary), has_symbols=False)
        dict_text = to_text(dict_doc)
        dict_tokens = measure.count_text(dict_text)
        if dict_tokens >= max_tokens:
            raise TokenBudgetError(
                f"the shared dictionary alone takes {dict_tokens} tokens of the {max_tokens}; "
                "use --dict per-chunk or a larger budget"
            )
    budget = max_tokens - dict_tokens
    plan = strategy(catalog)
    own_dictionary = minify and not shared
    for _attempt in range(4):
        tallies = _plan_numbered(catalog, renderer, plan, measure.capacity(budget), own_dictionary=own_dictionary)
        chunks = [
            finish(tally, number, shared=shared) for number, tally in enumerate(tallies, start=1)
        ]
        over = max(chunk.tokens - budget for chunk in chunks)
        if over <= 0:
            return ChunkSet(
                chunks, max_tokens, measure.name, measure.exact, graph.fingerprint or "-", order, edges, minify,
                dict_mode if minify else None, dict_doc, dict_text, dict_tokens, list(focus),
            )  # fmt: skip
        budget -= over  # pragma: no cover - the accounting is exact; this is the safety net
    raise RuntimeError("could not fit the chunks to the budget")  # pragma: no cover


def _plan_numbered(catalog: Catalog, renderer: Renderer, plan: Strategy, capacity: int, *, own_dictionary: bool
                   ) -> list[Tally]:
    """Plan with ``chunk: i/n`` lines whose ``n`` has the right number of digits.

    The count is not known until the plan is made, so the first plan reserves one digit
    (measured as ``9``), and the plan is redone if it needs more.
    """
    digits = 1
    for _ in range(8):
        width = int("9" * digits)

        def new_tally(number: int, width: int = width) -> Tally:
            return Tally(catalog, renderer.meta((number, width)), own_dictionary=own_dictionary)

        tallies = plan(new_tally, capacity)
        if len(str(len(tallies))) <= digits:
            for number, tally in enumerate(tallies, start=1):
                tally.set_meta(renderer.meta((number, len(tallies))))
            return tallies
        digits = len(str(len(tallies)))
    raise RuntimeError("the number of chunks did not settle")  # pragma: no cover


def finish(tally: Tally, number: int, *, shared: bool) -> BudgetedChunk:
    """The final document and text of a chunk, counted exactly.

    A chunk with its own dictionary is written with the codes it uses, less those that cost it
    more than they save, or with no codes at all when that is smaller still.
    """
    catalog = tally.catalog
    measure = catalog.measure
    doc = tally.document(dictionary=[] if shared else None)
    text = to_text(doc)
    tokens = measure.count_text(text)
    if doc.dictionary:
        doc, text, tokens = _trim_dictionary(measure, doc, text, tokens)
    if tally.alternative is not None:
        plain = tally.alternative.document()
        plain_text = to_text(plain)
        plain_tokens = measure.count_text(plain_text)
        if plain_tokens <= tokens:
            doc, text, tokens = plain, plain_text, plain_tokens
    dict_tokens = 0
    if doc.dictionary:
        dict_lines = ["[dict]", *(f"- {code}: {value}" for code, value in doc.dictionary)]
        dict_tokens = measure.count_lines([*dict_lines, ""])
    symbols = [catalog.symbols[i] for i in tally.indices() if tally.pieces[i].part == 0]
    continued = [catalog.symbols[i] for i in tally.indices() if tally.pieces[i].part > 0]
    return BudgetedChunk(number, doc, text, tokens, symbols, list(tally.errors), dict_tokens, continued)


#: codes used at least this often in a chunk always pay for their dictionary line
_TRIM_BELOW_USES = 6


def _trim_dictionary(measure: Measure, doc: SktDocument, text: str, tokens: int) -> tuple[SktDocument, str, int]:
    """Drop, one by one, the chunk's rarely used codes whose removal makes the chunk smaller.

    Each removal is judged on the lines it changes and on the ``[dict]`` section, with cached
    per-line counts; the result is counted again as a whole and kept only if it is smaller.
    """
    uses: Counter[str] = Counter()
    for section in doc.files:
        for line in section.symbols:
            uses[line.kind] += 1
            uses.update(line.properties)
    uses.update(e.kind for e in doc.edges)
    rare = [code for code, _ in doc.dictionary if uses[code] < _TRIM_BELOW_USES]
    if not rare:
        return doc, text, tokens

    def dict_units(entries: list[tuple[str, str]]) -> int:
        if not entries:
            return 0
        lines = [f"- {code}: {value}" for code, value in entries]
        return measure.line("[dict]") + sum(map(measure.line, lines)) + measure.blank_after(lines[-1])

    files = [FileSection(f.path, list(f.symbols)) for f in doc.files]
    edges = list(doc.edges)
    kept = list(doc.dictionary)
    for code in rare:
        back = {code: dict(kept)[code]}
        changes: list[tuple[list[Any], int, Any]] = []
        saved = 0
        for section in files:
            for position, line in enumerate(section.symbols):
                if line.kind == code or code in line.properties:
                    plain = code_symbol_line(line, back)
                    saved += measure.line(symbol_line(line)) - measure.line(symbol_line(plain))
                    changes.append((section.symbols, position, plain))
        for position, edge in enumerate(edges):
            if edge.kind == code:
                plain_edge = code_edge_line(edge, back)
                saved += measure.line(edge_line(edge)) - measure.line(edge_line(plain_edge))
                changes.append((edges, position, plain_edge))
        remaining = [(c, v) for c, v in kept if c != code]
        if saved + dict_units(kept) - dict_units(remaining) > 0:
            for target, position, replacement in changes:
                target[position] = replacement
            kept = remaining
    if len(kept) == len(doc.dictionary):
        return doc, text, tokens
    trimmed = SktDocument(meta=list(doc.meta), dictionary=kept, files=files, edges=edges, errors=list(doc.errors),
                          has_symbols=doc.has_symbols, has_edges=doc.has_edges)
    trimmed_text = to_text(trimmed)
    trimmed_tokens = measure.count_text(trimmed_text)
    if trimmed_tokens < tokens:
        return trimmed, trimmed_text, trimmed_tokens
    return doc, text, tokens  # pragma: no cover - the per-line judgement is exact but for blank lines


def budgeted_chunks(
    graph: Graph,
    max_tokens: int,
    counter: TokenCounter,
    *,
    edges: bool = False,
    minify: bool = False,
    dict_mode: str = "per-chunk",
) -> ChunkSet:
    """``codeknit parse --max-tokens``: the skeleton in source order, in chunks of at most ``max_tokens``."""
    return plan_chunk_set(
        graph, max_tokens, counter, lambda catalog: source_order(catalog, graph.errors),
        edges=edges, minify=minify, dict_mode=dict_mode, order="source",
    )  # fmt: skip
