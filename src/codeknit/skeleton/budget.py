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

Minified chunks
===============
With ``minify``, chunks are written in the minified layout (a symbol's edges on one line under
it; see :mod:`codeknit.skeleton.minify`) and codes come from one candidate dictionary chosen
over the whole document, so a code means the same value in every chunk. A piece is then the
symbol line and its edge line, both in ``[symbols]``; only the later parts of a symbol too
large for a chunk go into ``[edges]`` (``S12 head target …``, their line being elsewhere).
A ``## path`` heading may use a code too, so a heading brings the codes it uses.
``per-chunk``: each chunk carries the ``[dict]`` lines of the codes it uses, and they are
counted in its budget (a chunk that uses a code only a few times drops it again when that makes
the chunk smaller). ``shared``: one ``dict.skt`` holds the dictionary; a reader needs it with
every chunk, so each chunk gets the budget minus the dictionary's tokens. Either way a chunk
is measured, and written, as the smaller of its minified and its plain form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import orjson

from codeknit.graph import EdgeKind, FileError, Graph, Relation, Symbol
from codeknit.skeleton.document import (
    EdgeLine,
    ErrorLine,
    FileSection,
    SktDocument,
    SymbolLine,
    path_token,
    quote,
)
from codeknit.skeleton.minify import (
    Coder,
    Dictionary,
    apply_dictionary,
    choose_dictionary,
    minified_meta,
    plain_meta,
)
from codeknit.skeleton.render import Renderer, RenderOptions, in_skeleton, one_line
from codeknit.skeleton.writer import edge_line, iter_lines, minified_symbol_line, symbol_line, to_text
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
    symbol_line: SymbolLine | None  # skt layout only, in its plain form
    edges: list[EdgeLine]  # in their plain form
    edge_texts: list[str]  # as written
    edge_units: int
    codes: tuple[int, ...]  # indices into the candidate dictionary used by these lines
    #: 0: the symbol line (with all its edges, or the first of them); 1, 2 …: more of its edges
    part: int = 0
    #: the edge lines go right under the symbol line, in [symbols] (minified), not in [edges]
    inline: bool = False
    #: minified: the codes these lines may use (``codes``, and the kind's own code a symbol falls
    #: back on when the code of its kind and property set is not used)
    possible: tuple[int, ...] = ()
    #: minified: the piece as written with only some of its possible codes (by those codes)
    variants: dict[frozenset[int], Piece] = field(default_factory=dict, compare=False, repr=False)

    @property
    def units(self) -> int:
        return self.line_units + self.edge_units

    @property
    def last_symbols_line(self) -> str:
        """The last line this piece puts in [symbols]."""
        return self.edge_texts[-1] if self.inline and self.edge_texts else self.line


#: the kind of the edge lines a map cuts to the symbols it shows (:meth:`Catalog.contained`)
_CONTAINS = EdgeKind.CONTAINS.value


def candidate_dictionary(graph: Graph, renderer: Renderer, count: Callable[[str], int]) -> Dictionary:
    """The dictionary ``--minify`` would choose for the whole document (symbols and edges)."""
    return choose_dictionary(renderer.document(errors=False), count)


class Catalog:
    """Renders each symbol of a graph once, when first asked, and keeps its lines and units.

    ``layout`` is ``skt`` (symbol lines with short ids, optional edges and dictionary codes)
    or ``text`` (an indented outline: ``path:`` then ``  kind signature  Lstart-end``). A
    catalog with a ``plain`` one is *minified*: it writes the plain catalog's lines in the
    minified layout with ``dictionary``.
    """

    def __init__(
        self,
        graph: Graph,
        measure: Measure,
        *,
        layout: str = "skt",
        edges: bool = False,
        dictionary: Dictionary | None = None,
        plain: Catalog | None = None,
    ) -> None:
        if layout not in LAYOUTS:
            raise ValueError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
        if layout == "text" and (edges or dictionary or plain):
            raise ValueError("the text layout shows neither edges nor dictionary codes")
        self.graph = graph
        self.symbols = graph.symbols
        self.measure = measure
        self.layout = layout
        self.edges = edges
        #: the same catalog without dictionary codes, whose lines this one codes (to render once)
        self.plain = plain
        self.renderer: Renderer = plain.renderer if plain is not None else Renderer(graph, RenderOptions(edges=edges))
        self.minified = plain is not None
        self.dictionary = dictionary if dictionary is not None else Dictionary()
        self.coder = Coder(self.dictionary)
        #: per code (by index): the uses a document needs for the code to pay for its [dict] line
        self.min_uses = [entry.min_uses for entry in self.dictionary.entries]
        self._variant_headings: dict[tuple[str, frozenset[int]], tuple[str, int, tuple[int, ...]]] = {}
        self.index = {s.id: i for i, s in enumerate(self.symbols)}
        self.parent = [self.index.get(s.parent, -1) if s.parent else -1 for s in self.symbols]
        self._relations: dict[int, list[Relation]] = {}
        if edges and plain is None:
            for relation in graph.relations:
                source = self.index.get(relation.source)
                if source is not None and in_skeleton(relation):
                    self._relations.setdefault(source, []).append(relation)
        self._pieces: list[Piece | None] = [None] * len(self.symbols)
        #: per symbol, the last piece :meth:`contained` made (the contained symbols it shows, the piece)
        self._contained: dict[int, tuple[frozenset[int], Piece]] = {}
        self._headers: dict[str, tuple[str, int, tuple[int, ...]]] = {}
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
        return self._make_piece(index, 0, sline, edges)

    def meta(self, meta: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """The ``[meta]`` lines a document of this catalog is written with."""
        return minified_meta(meta) if self.minified else list(meta)

    def _make_piece(self, index: int, part: int, sline: SymbolLine | None, edges: list[EdgeLine],
                    without: frozenset[str] = frozenset()) -> Piece:
        """A piece from plain lines; a minified catalog writes them with its dictionary (less ``without``)."""
        units = self.measure.line
        if not self.minified:
            line = symbol_line(sline) if sline is not None else ""
            texts = [edge_line(e) for e in edges]
            return Piece(
                index, self.symbols[index].path, line, units(line) if line else 0, sline, list(edges), texts,
                sum(units(text) for text in texts), (), part,
            )  # fmt: skip
        coder = self.coder if not without else Coder(self.dictionary, without)
        used: set[str] = set()
        fallbacks: set[str] = set()  # codes the piece would use if some of those in ``used`` were dropped
        line = minified_symbol_line(coder.symbol(sline, used)) if sline is not None else ""
        edge_texts: list[str] = []
        if edges:
            tokens = " ".join(coder.edge_tokens(edges, used, fallbacks))
            edge_texts = [f" {tokens}" if part == 0 else f"{edges[0].source} {tokens}"]
        position = self.dictionary.position
        codes = tuple(sorted(position[c] for c in used))
        possible = set(codes) | {position[c] for c in fallbacks}
        if sline is not None and (fallback := self.dictionary.symbols.get(sline.kind)) is not None:
            possible.add(position[fallback])
        return Piece(
            index, self.symbols[index].path, line, units(line) if line else 0, sline, list(edges), edge_texts,
            sum(units(text) for text in edge_texts), codes, part, part == 0, tuple(sorted(possible)),
        )  # fmt: skip

    def variant(self, piece: Piece, active: AbstractSet[int]) -> Piece:
        """``piece`` as written when only the ``active`` codes may be used."""
        if all(code in active for code in piece.possible):
            return piece
        key = frozenset(code for code in piece.possible if code in active)
        found = piece.variants.get(key)
        if found is None:
            entries = self.dictionary.entries
            without = frozenset(entries[code].code for code in piece.possible if code not in key)
            found = piece.variants[key] = self._make_piece(
                piece.index, piece.part, piece.symbol_line if piece.part == 0 else None, piece.edges, without)
        return found

    def contained(self, index: int, members: frozenset[int]) -> Piece:
        """Symbol ``index`` with its ``contains`` edges cut to ``members`` (the symbols it contains that a
        map shows; none: no such line), its other edges whole. A map lists the containment it shows: a
        module of 400 functions is not charged a line of 400 targets for each of them it can fit."""
        whole = self.piece(index)
        if not any(edge.kind == _CONTAINS for edge in whole.edges):
            return whole
        slot = self._contained.get(index)
        if slot is not None and slot[0] == members:
            return slot[1]
        shorts = {self.symbols[i].short for i in members}
        edges: list[EdgeLine] = []
        for edge in whole.edges:
            if edge.kind == _CONTAINS:
                targets = [target for target in edge.targets if target in shorts]
                if not targets:
                    continue
                edge = EdgeLine(edge.source, edge.kind, edge.status, targets, list(edge.candidates))
            edges.append(edge)
        piece = self._make_piece(index, 0, whole.symbol_line, edges)
        self._contained[index] = (members, piece)
        return piece

    def piece_of(self, index: int, relations: Sequence[Relation]) -> Piece:
        """Symbol ``index`` carrying ``relations`` as its edges instead of its own: for a view that
        shows an edge with another of its ends than the source (the MCP server's ``neighbors``).
        Written like this catalog's own pieces; not kept."""
        sline = self.renderer.symbol_line(self.symbols[index])
        edges = self.renderer.edge_lines(relations) if relations else []
        return self._make_piece(index, 0, sline, edges)

    def parts(self, index: int, fits: Callable[[Sequence[Piece]], bool], whole: Piece | None = None, *,
              start: int = 0, continued: bool | None = None) -> list[Piece]:
        """A symbol too large for any chunk, cut into parts that each ``fits`` an empty one.

        The first part is the symbol line with as many of its edge lines as fit; the others
        hold the rest of its edge lines, in order. An edge line that does not fit what is left
        of a part is cut between targets into lines of the same source, kind, status and
        candidates, so every part is filled. ``whole`` is the piece to cut (default: the
        symbol's own, :meth:`piece`; or one from :meth:`piece_of`). ``start`` cuts only what
        follows the first ``start`` edge targets (counted over the edge lines in order), and
        ``continued`` (default: ``start`` > 0) makes the first part a continuation without the
        symbol line (a pager that shows one part per page and remembers how many targets it has
        shown: none, where a page held the symbol line alone).
        """
        whole = whole if whole is not None else self.piece(index)
        assert whole.symbol_line is not None
        continued = start > 0 if continued is None else continued
        pieces = [self._make_piece(index, 1, None, []) if continued else
                  self._make_piece(index, 0, whole.symbol_line, [])]
        if not continued and not fits(pieces):
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
        return self._make_piece(part.index, part.part, part.symbol_line if part.part == 0 else None,
                                [*part.edges, cut])

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
        signature = one_line(symbol.signature or symbol.name)
        start, end = symbol.span[0], symbol.span[2]
        where = f"L{start}" if start == end else f"L{start}-{end}"
        return f"{'  ' * (1 + self.depth(index))}{symbol.kind.value} {signature}  {where}"

    def header(self, path: str) -> tuple[str, int]:
        """The line that opens a file's part of a document, and its units."""
        found = self._header(path)
        return found[0], found[1]

    def header_codes(self, path: str) -> tuple[int, ...]:
        """The dictionary codes (indices) a file's heading uses."""
        return self._header(path)[2]

    def header_possible(self, path: str) -> tuple[int, ...]:
        """The codes a heading may use: those of the directory prefixes of its path."""
        if not self.minified or not self.dictionary.paths:
            return ()
        position = self.dictionary.position
        found = []
        cut = path.find("/")
        while cut > 0:
            code = self.dictionary.paths.get(path[:cut])
            if code is not None:
                found.append(position[code])
            cut = path.find("/", cut + 1)
        return tuple(sorted(found))

    def heading(self, path: str, active: AbstractSet[int]) -> tuple[str, int, tuple[int, ...]]:
        """A file's heading when only the ``active`` codes may be used: text, units, codes used."""
        possible = self.header_possible(path)
        if all(code in active for code in possible):
            return self._header(path)
        key = frozenset(code for code in possible if code in active)
        found = self._variant_headings.get((path, key))
        if found is None:
            entries = self.dictionary.entries
            used: set[str] = set()
            coder = Coder(self.dictionary, frozenset(entries[c].code for c in possible if c not in key))
            text = f"## {path_token(coder.path(path, used))}"
            found = (text, self.measure.line(text), tuple(sorted(self.dictionary.position[c] for c in used)))
            self._variant_headings[(path, key)] = found
        return found

    def _header(self, path: str) -> tuple[str, int, tuple[int, ...]]:
        found = self._headers.get(path)
        if found is None:
            codes: tuple[int, ...] = ()
            if self.layout == "skt":
                if self.minified:
                    used: set[str] = set()
                    text = f"## {path_token(self.coder.path(path, used))}"
                    codes = tuple(sorted(self.dictionary.position[c] for c in used))
                else:
                    text = f"## {path_token(path)}"
            else:  # a line must not start with "/" or a space (see the module docstring)
                text = (quote(path) if path.startswith("/") else path_token(path)) + ":"
            found = self._headers[path] = (text, self.measure.line(text), codes)
        return found

    def dict_line(self, code_index: int) -> tuple[str, int]:
        found = self._dict_lines.get(code_index)
        if found is None:
            entry = self.dictionary.entries[code_index]
            text = f"- {entry.code}: {entry.value}"
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


class _Everything:
    """The codes in use when a document may use every code (no [dict] of its own to pay for)."""

    def __contains__(self, code: object) -> bool:
        return True


_EVERYTHING: AbstractSet[int] = _Everything()  # type: ignore[assignment]


def _shift(counts: dict[int, int], codes: Iterable[int], step: int) -> None:
    for code in codes:
        counts[code] = counts.get(code, 0) + step


def _sections(piece: Piece) -> tuple[int, int]:
    """Units a piece puts in [symbols] and in [edges]."""
    line = piece.line_units if piece.part == 0 else 0
    if piece.inline:
        return line + piece.edge_units, 0
    return line, piece.edge_units


class Tally:
    """The exact size, in units, of one document being assembled from symbols and error lines.

    In the skt layout the document is ``[meta]`` (given), ``[dict]`` (the codes its lines use,
    when ``own_dictionary``), ``[symbols]`` (a ``## path`` line per file, then symbol lines; in
    a minified document each followed by its edge line), ``[edges]`` (plain: when the catalog
    has edges; minified: when it holds later parts of a symbol too large for a chunk) and
    ``[errors]`` (when it holds any). In the text layout it is just the outline lines.

    A minified document with its own dictionary uses a code only where it pays for its
    ``[dict]`` line: when the lines that may use it number at least the code's ``min_uses``
    (chosen over the whole document). Lines are measured as written with the codes in use, and
    measured again when a code comes into use or goes out of it.

    ``alternative`` is the same document in plain form: a minified document is written
    whichever way is smaller, so it is measured as the smaller of the two.
    """

    def __init__(self, catalog: Catalog, meta: Sequence[tuple[str, str]] = (), *, own_dictionary: bool = False,
                 contained_shown: bool = False) -> None:
        self.catalog = catalog
        self.meta = catalog.meta(meta)
        self.own_dictionary = own_dictionary and bool(catalog.dictionary)
        self.alternative: Tally | None = None
        if catalog.minified and catalog.plain is not None:
            self.alternative = Tally(catalog.plain, meta)
        measure = catalog.measure
        self._skt = catalog.layout == "skt"
        self.frame = 0
        if self._skt:
            self._set_frame()
            self._dict_head = measure.line("[dict]")
            self._symbols_head = measure.line("[symbols]")
            self._symbols_blank = measure.blank_after("[symbols]")
            self._edges_head = measure.line("[edges]")
            self._edges_blank = measure.blank_after("[edges]")
            self._errors_head = measure.line("[errors]")
        self.pieces: dict[int, Piece] = {}  # as added (written with every code)
        self.shown: dict[int, Piece] = {}  # as written, with the codes in use
        self.paths: Counter[str] = Counter()
        self.headings: dict[str, tuple[str, int, tuple[int, ...]]] = {}  # as written
        self.symbol_units = 0
        self.edge_units = 0  # of the lines in [edges]
        self.max_symbol = -1
        self.max_edge = -1  # the last piece with lines in [edges]
        self.edge_pieces = 0  # pieces with lines in [edges]
        #: codes in use: all of them, or (own dictionary) those with enough possible uses
        self.active: AbstractSet[int] = set() if self.own_dictionary else _EVERYTHING
        self.potential: Counter[int] = Counter()  # code → lines that would use it with every code
        self.holders: dict[int, set[int]] = {}  # code → pieces that may use it
        self.heading_holders: dict[int, set[str]] = {}  # code → headings that may use it
        self.code_uses: Counter[int] = Counter()  # code → lines written with it
        self.last_code = -1  # the last code in [dict]
        self.dict_units = 0
        self.errors: list[FileError] = []
        self.error_units = 0
        #: a map's document: a symbol's ``contains`` edges list the symbols in the document only
        #: (:meth:`Catalog.contained`; plain documents with edges, which the map writes whole symbols to)
        self.contained_shown = contained_shown and self._skt and catalog.edges and not catalog.minified
        self.kids: dict[int, set[int]] = {}  # (those in the document, by container)

    def _set_frame(self) -> None:
        measure = self.catalog.measure
        meta_lines = ["[meta]", *(f"- {key}: {value}" for key, value in self.meta)] if self.meta else []
        self.frame = sum(measure.line(text) for text in meta_lines)
        if meta_lines:
            self.frame += measure.blank_after(meta_lines[-1])

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

    def _heading(self, path: str, active: AbstractSet[int]) -> tuple[str, int, tuple[int, ...]]:
        return self.catalog.heading(path, active) if self.own_dictionary else self.catalog._header(path)

    def _containing(self, pieces: Sequence[Piece]) -> tuple[list[Piece], dict[int, Piece]]:
        """With :attr:`contained_shown`: ``pieces`` (whole symbols to add) with their ``contains`` edges cut
        to the symbols the document would hold, and the pieces in it already whose ``contains`` edges
        these join, as they would be written then."""
        catalog, kids = self.catalog, self.kids
        joining: dict[int, set[int]] = {}
        for piece in pieces:
            parent = catalog.parent[piece.index]
            if piece.part == 0 and parent >= 0:
                joining.setdefault(parent, set()).add(piece.index)
        empty: set[int] = set()
        cut = [catalog.contained(piece.index, frozenset(kids.get(piece.index, empty) | joining.get(piece.index, empty)))
               if piece.part == 0 else piece for piece in pieces]
        grown = {parent: catalog.contained(parent, frozenset(kids.get(parent, empty) | new))
                 for parent, new in joining.items() if parent in self.pieces}
        return cut, grown

    def _evaluate(self, pieces: Sequence[Piece], errors: Sequence[FileError]) -> int:
        catalog = self.catalog
        gated = self.own_dictionary
        grown: dict[int, Piece] = {}
        if self.contained_shown:
            if errors or self.errors:
                raise ValueError("a map's document holds no error lines")
            pieces, grown = self._containing(pieces)
        new_paths: list[str] = []
        for piece in pieces:
            if piece.part == 0 and piece.path not in self.paths and piece.path not in new_paths:
                new_paths.append(piece.path)
        active = self.active
        changed: dict[int, Piece] = {}
        changed_headings: dict[str, tuple[str, int, tuple[int, ...]]] = {}
        if gated:
            more: dict[int, int] = {}
            for piece in pieces:
                for code in piece.codes:
                    more[code] = more.get(code, 0) + 1
            for path in new_paths:
                for code in catalog.header_codes(path):
                    more[code] = more.get(code, 0) + 1
            minimum = catalog.min_uses
            starting = {c for c, n in more.items() if c not in active and self.potential[c] + n >= minimum[c]}
            if starting:
                active = set(active) | starting
                for code in starting:
                    for index in self.holders.get(code, ()):
                        if index not in changed:
                            changed[index] = catalog.variant(self.pieces[index], active)
                    for path in self.heading_holders.get(code, ()):
                        changed_headings[path] = catalog.heading(path, active)
        changed.update(grown)
        symbol_units, edge_units, edge_pieces = self.symbol_units, self.edge_units, self.edge_pieces
        uses_delta: dict[int, int] = {}
        for index, piece in changed.items():
            old = self.shown[index]
            if piece is not old:
                symbols_before, edges_before = _sections(old)
                symbols_after, edges_after = _sections(piece)
                symbol_units += symbols_after - symbols_before
                edge_units += edges_after - edges_before
                _shift(uses_delta, old.codes, -1)
                _shift(uses_delta, piece.codes, 1)
        for path, heading in changed_headings.items():
            old_heading = self.headings[path]
            symbol_units += heading[1] - old_heading[1]
            _shift(uses_delta, old_heading[2], -1)
            _shift(uses_delta, heading[2], 1)
        max_symbol, max_edge = self.max_symbol, self.max_edge
        last_line = last_edge = None
        for piece in pieces:
            shown = catalog.variant(piece, active) if gated else piece
            symbols_here, edges_here = _sections(shown)
            symbol_units += symbols_here
            edge_units += edges_here
            if piece.part == 0 and piece.index > max_symbol:
                max_symbol, last_line = piece.index, shown.last_symbols_line
            if shown.edge_texts and not shown.inline:
                edge_pieces += 1
                if piece.index > max_edge:
                    max_edge, last_edge = piece.index, shown.edge_texts[-1]
            if gated:
                _shift(uses_delta, shown.codes, 1)
        for path in new_paths:
            heading = self._heading(path, active)
            symbol_units += heading[1]
            if gated:
                _shift(uses_delta, heading[2], 1)
        if last_line is None and max_symbol >= 0:
            last_line = changed.get(max_symbol, self.shown[max_symbol]).last_symbols_line
        if last_edge is None and max_edge >= 0:
            last_edge = changed.get(max_edge, self.shown[max_edge]).edge_texts[-1]
        dict_units, last_code = self.dict_units, self.last_code
        if gated and uses_delta:
            for code, n in uses_delta.items():
                before = self.code_uses[code]
                if not before and before + n > 0:
                    dict_units += catalog.dict_line(code)[1]
                    last_code = max(last_code, code)
                elif before and before + n <= 0:
                    dict_units -= catalog.dict_line(code)[1]
            if last_code >= 0 and self.code_uses[last_code] + uses_delta.get(last_code, 0) <= 0:
                last_code = max((c for c in {*self.code_uses, *uses_delta}
                                 if self.code_uses[c] + uses_delta.get(c, 0) > 0), default=-1)
        error_units = self.error_units
        has_errors = bool(self.errors)
        for error in errors:
            error_units += catalog.measure.line(error_text(error))
            has_errors = True
        if not self._skt:
            return symbol_units
        return self._sum(symbol_units, edge_units, edge_pieces, dict_units, last_code, last_line, last_edge,
                         has_errors, error_units)

    def _sum(self, symbol_units: int, edge_units: int, edge_pieces: int, dict_units: int, last_code: int,
             last_line: str | None, last_edge: str | None, has_errors: bool, error_units: int) -> int:
        catalog = self.catalog
        measure = catalog.measure
        total = self.frame
        if last_code >= 0:
            total += self._dict_head + dict_units + measure.blank_after(catalog.dict_line(last_code)[0])
        total += self._symbols_head + symbol_units
        has_edges = edge_pieces > 0 if catalog.minified else catalog.edges
        if has_edges or has_errors:
            total += measure.blank_after(last_line) if last_line is not None else self._symbols_blank
        if has_edges:
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

    def _show(self, index: int, piece: Piece | None) -> None:
        """Write piece ``index`` as ``piece`` (None: no more), keeping the sums."""
        old = self.shown.pop(index, None)
        if old is not None:
            symbols_here, edges_here = _sections(old)
            self.symbol_units -= symbols_here
            self.edge_units -= edges_here
            if old.edge_texts and not old.inline:
                self.edge_pieces -= 1
            self._count_uses(old.codes, -1)
        if piece is not None:
            self.shown[index] = piece
            symbols_here, edges_here = _sections(piece)
            self.symbol_units += symbols_here
            self.edge_units += edges_here
            if piece.edge_texts and not piece.inline:
                self.edge_pieces += 1
            self._count_uses(piece.codes, 1)

    def _show_heading(self, path: str, heading: tuple[str, int, tuple[int, ...]] | None) -> None:
        old = self.headings.pop(path, None)
        if old is not None:
            self.symbol_units -= old[1]
            self._count_uses(old[2], -1)
        if heading is not None:
            self.headings[path] = heading
            self.symbol_units += heading[1]
            self._count_uses(heading[2], 1)

    def _count_uses(self, codes: Iterable[int], step: int) -> None:
        if not self.own_dictionary:
            return
        for code in codes:
            before = self.code_uses[code]
            self.code_uses[code] = before + step
            if not before:
                self.dict_units += self.catalog.dict_line(code)[1]
                self.last_code = max(self.last_code, code)
            elif before + step == 0:
                del self.code_uses[code]
                self.dict_units -= self.catalog.dict_line(code)[1]
                if code == self.last_code:
                    self.last_code = max(self.code_uses, default=-1)

    def _hold(self, piece: Piece, path: str | None, step: int) -> set[int]:
        """Register (``step`` 1) or forget (-1) what a piece, and a heading it brings, may use;
        returns the codes whose number of possible uses changed."""
        catalog = self.catalog
        touched = set(piece.codes)
        for code in piece.codes:
            self.potential[code] += step
        for code in piece.possible:
            holders = self.holders.setdefault(code, set())
            if step > 0:
                holders.add(piece.index)
            else:
                holders.discard(piece.index)
        if path is not None:
            for code in catalog.header_codes(path):
                self.potential[code] += step
                touched.add(code)
            for code in catalog.header_possible(path):
                paths = self.heading_holders.setdefault(code, set())
                if step > 0:
                    paths.add(path)
                else:
                    paths.discard(path)
        return touched

    def _settle(self, touched: Iterable[int]) -> None:
        """Bring codes into use, or out of it, by their possible uses; write again what changes."""
        assert isinstance(self.active, set)
        minimum = self.catalog.min_uses
        flipped = [c for c in touched if (self.potential[c] >= minimum[c]) != (c in self.active)]
        if not flipped:
            return
        for code in flipped:
            if code in self.active:
                self.active.discard(code)
            else:
                self.active.add(code)
        catalog = self.catalog
        indices: set[int] = set()
        paths: set[str] = set()
        for code in flipped:
            indices |= self.holders.get(code, set())
            paths |= self.heading_holders.get(code, set())
        for index in indices:
            if index in self.shown:
                self._show(index, catalog.variant(self.pieces[index], self.active))
        for path in paths:
            if path in self.headings:
                self._show_heading(path, catalog.heading(path, self.active))

    def _add(self, pieces: Iterable[Piece]) -> None:
        catalog = self.catalog
        pieces = list(pieces)
        grown: dict[int, Piece] = {}
        if self.contained_shown:
            pieces, grown = self._containing(pieces)
            for piece in pieces:
                parent = catalog.parent[piece.index]
                if piece.part == 0 and parent >= 0:
                    self.kids.setdefault(parent, set()).add(piece.index)
        touched: set[int] = set()
        new_paths: list[str] = []
        for piece in pieces:
            index = piece.index
            if index in self.pieces:
                raise ValueError(f"symbol #{index} is already in this document")
            self.pieces[index] = piece
            new_path = None
            if piece.part == 0:
                if not self.paths[piece.path]:
                    new_path = piece.path
                    new_paths.append(new_path)
                self.paths[piece.path] += 1
                self.max_symbol = max(self.max_symbol, index)
            if piece.edge_texts and not piece.inline:
                self.max_edge = max(self.max_edge, index)
            if self.own_dictionary:
                touched |= self._hold(piece, new_path, 1)
        if self.own_dictionary:
            self._settle(touched)
        for piece in pieces:
            self._show(piece.index, catalog.variant(piece, self.active) if self.own_dictionary else piece)
        for index, piece in grown.items():
            self._replace(index, piece)
        for path in new_paths:
            self._show_heading(path, self._heading(path, self.active))

    def _replace(self, index: int, piece: Piece) -> None:
        """Write the symbol ``index``, in the document, as ``piece`` from now on (its ``contains`` edges)."""
        self.pieces[index] = piece
        if piece.edge_texts and not piece.inline:
            self.max_edge = max(self.max_edge, index)
        self._show(index, piece)

    def remove(self, index: int) -> None:
        if self.contained_shown and self.kids.get(index):
            raise ValueError(f"symbol #{index} contains symbols in this document")
        piece = self.pieces.pop(index)
        self._show(index, None)
        if self.contained_shown and piece.part == 0:
            self.kids.pop(index, None)
            parent = self.catalog.parent[index]
            if parent >= 0 and index in self.kids.get(parent, ()):
                self.kids[parent].discard(index)
                if parent in self.pieces:
                    self._replace(parent, self.catalog.contained(parent, frozenset(self.kids[parent])))
        gone_path = None
        if piece.part == 0:
            self.paths[piece.path] -= 1
            if not self.paths[piece.path]:
                del self.paths[piece.path]
                gone_path = piece.path
                self._show_heading(piece.path, None)
        if index == self.max_symbol:
            self.max_symbol = max((i for i, p in self.pieces.items() if p.part == 0), default=-1)
        if index == self.max_edge:
            self.max_edge = max((i for i, p in self.pieces.items() if p.edge_texts and not p.inline), default=-1)
        if self.own_dictionary:
            self._settle(self._hold(piece, gone_path, -1))
        if self.alternative is not None:
            self.alternative.remove(index)

    def add_errors(self, errors: Iterable[FileError]) -> None:
        errors = list(errors)
        if errors and self.contained_shown:
            raise ValueError("a map's document holds no error lines")
        for error in errors:
            self.errors.append(error)
            self.error_units += self.catalog.measure.line(error_text(error))
        if self.alternative is not None:
            self.alternative.add_errors(errors)

    def set_meta(self, meta: Sequence[tuple[str, str]]) -> None:
        """Change the ``[meta]`` lines the document is written with (not what was measured)."""
        self.meta = self.catalog.meta(meta)
        if self.alternative is not None:
            self.alternative.set_meta(meta)

    # -- output ----------------------------------------------------------------------------------

    def indices(self) -> list[int]:
        """The symbols in document order (the graph's order)."""
        return sorted(self.pieces)

    def used_codes(self) -> list[str]:
        """The dictionary codes the document's lines are written with, in dictionary order."""
        entries = self.catalog.dictionary.entries
        return [entries[i].code for i in sorted(self.code_uses)] if self.own_dictionary else []

    def plain_document(self) -> SktDocument:
        """The document in plain form (what a minified one expands to)."""
        catalog = self.catalog
        doc = SktDocument(meta=plain_meta(self.meta) if catalog.minified else list(self.meta),
                          has_edges=catalog.edges)
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

    def document(self, codes: Iterable[str] | None = None, *, dictionary_section: bool | None = None
                 ) -> SktDocument:
        """The skt document. A minified one is written with ``codes`` (default: the codes in use),
        and its ``[dict]`` lists those it uses if ``dictionary_section`` (default: when the document
        has its own dictionary; a shared one is elsewhere)."""
        if not self._skt:
            raise ValueError("the text layout has no skt document")
        plain = self.plain_document()
        catalog = self.catalog
        if not catalog.minified:
            return plain
        if codes is None:
            codes = self.used_codes() if self.own_dictionary else [e.code for e in catalog.dictionary.entries]
        doc = apply_dictionary(plain, catalog.dictionary.subset(codes))
        doc.meta = list(self.meta)
        if not (self.own_dictionary if dictionary_section is None else dictionary_section):
            doc.dictionary = []
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
    codes: tuple[str, ...] = ()  # the dictionary codes its lines use (minified chunks)
    #: symbols too large for one chunk whose edges go on in this chunk (their line is in an earlier one)
    continued: list[Symbol] = field(default_factory=list)
    edge_lines: int = 0  # edge lines in plain form (grouped by source, kind, resolution and candidates)

    @property
    def files(self) -> list[str]:
        return list(dict.fromkeys(s.path for s in self.symbols))

    def symbol_ranges(self) -> list[dict[str, Any]]:
        """Per file section, the runs of consecutive short ids: ``[{"path": …, "symbols": ["S1-S9", "S12"]}]``."""
        out: list[dict[str, Any]] = []
        path: str | None = None
        runs: list[list[int]] = []
        for symbol in self.symbols:
            if symbol.path != path:
                path, runs = symbol.path, []
                out.append({"path": path, "symbols": runs})
            number = int(symbol.short[1:])
            if runs and runs[-1][1] == number - 1:
                runs[-1][1] = number
            else:
                runs.append([number, number])
        for section in out:
            section["symbols"] = [f"S{a}-S{b}" if a != b else f"S{a}" for a, b in section["symbols"]]
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
                    "edges": chunk.edge_lines,
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


#: a shared dictionary takes at most this part of every chunk's budget
SHARED_DICTIONARY_SHARE = 8


def chunk_catalog(graph: Graph, counter: TokenCounter, *, edges: bool, minify: bool, shared_budget: int | None = None
                  ) -> Catalog:
    """The catalog chunks are planned with: with ``minify``, coded with the whole document's
    dictionary, and backed by a plain catalog for chunks that are smaller without codes.

    A shared dictionary (``dict.skt``) is read with every chunk, so it takes its tokens from every
    chunk's budget: with ``shared_budget``, it keeps only the codes that save most, as many as fit
    in an eighth of that budget.
    """
    measure = Measure(counter)
    plain = Catalog(graph, measure, edges=edges)
    if not minify:
        return plain
    dictionary = candidate_dictionary(graph, plain.renderer, counter.count)
    if shared_budget is not None:
        cap = measure.capacity(shared_budget // SHARED_DICTIONARY_SHARE)
        head = sum(measure.line(text) for text in ("[meta]", "- format: skt 0.5.0 minified", "- run: 0123456789abcdef",
                                                    "", "[dict]"))
        dictionary = dictionary.best(lambda e: measure.line(f"- {e.code}: {e.value}"), cap - head)
    return Catalog(graph, measure, edges=edges, dictionary=dictionary, plain=plain)  # minified


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
        catalog = chunk_catalog(graph, counter, edges=edges, minify=minify,
                                shared_budget=max_tokens if minify and dict_mode == "shared" else None)
    measure = catalog.measure
    renderer = catalog.renderer
    shared = minify and dict_mode == "shared"
    dict_doc: SktDocument | None = None
    dict_text, dict_tokens = "", 0
    if shared:
        dict_doc = SktDocument(meta=catalog.meta(renderer.meta()), dictionary=catalog.dictionary.lines(),
                               has_symbols=False)
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
            if dict_doc is not None:  # dict.skt keeps only the codes some chunk uses (it can only shrink)
                used = {code for chunk in chunks for code in chunk.codes}
                if used:
                    dict_doc.dictionary = catalog.dictionary.lines(used)
                    dict_text = to_text(dict_doc)
                    dict_tokens = measure.count_text(dict_text)
                else:
                    dict_doc, dict_text, dict_tokens = None, "", 0
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

    A minified chunk with its own dictionary is written with the codes it has enough uses of
    (see :class:`Tally`), and in plain form when that is smaller.
    """
    catalog = tally.catalog
    measure = catalog.measure
    doc = tally.document(dictionary_section=True)
    used = tuple(code for code, _ in doc.dictionary)
    if shared:
        doc.dictionary = []
    text = to_text(doc)
    tokens = measure.count_text(text)
    if tally.alternative is not None:
        plain = tally.alternative.document()
        plain_text = to_text(plain)
        plain_tokens = measure.count_text(plain_text)
        if plain_tokens <= tokens:
            doc, text, tokens, used = plain, plain_text, plain_tokens, ()
    dict_tokens = 0
    if doc.dictionary:
        dict_lines = ["[dict]", *(f"- {code}: {value}" for code, value in doc.dictionary)]
        dict_tokens = measure.count_lines([*dict_lines, ""])
    symbols = [catalog.symbols[i] for i in tally.indices() if tally.pieces[i].part == 0]
    continued = [catalog.symbols[i] for i in tally.indices() if tally.pieces[i].part > 0]
    edge_lines = sum(len(piece.edges) for piece in tally.pieces.values())
    return BudgetedChunk(number, doc, text, tokens, symbols, list(tally.errors), dict_tokens, used, continued,
                         edge_lines)


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
