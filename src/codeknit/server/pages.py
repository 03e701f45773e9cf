"""Pages of ``.skt`` answers under a token budget, measured with :mod:`codeknit.skeleton.budget`.

The tools that answer with a set of symbols (``skeleton``, ``neighbors``, the ``skt://``
resources) page through a list of :class:`Unit`\\ s: a symbol, and the edges shown with it. The
token accounting is the one engine of :mod:`codeknit.skeleton.budget` that ``codeknit chunks``
uses: every symbol's line and edge lines come from the view's :class:`~codeknit.skeleton.budget.Catalog`
(rendered and counted once per snapshot), and a :class:`~codeknit.skeleton.budget.Tally` adds
them up exactly while the page is filled, so filling a page costs a few additions per symbol.

* **The whole reply counts.** The budget holds the result the client receives: the text (as the
  JSON string it travels as) *and* ``structuredContent`` (:func:`~codeknit.server.view.reply_tokens`).
* **Units stay whole** when they fit. A unit larger than a page on its own is cut between its
  edges (:meth:`~codeknit.skeleton.budget.Catalog.parts`): its symbol line comes with the first
  part, and the cursor remembers how many of its edge targets were shown. A unit whose symbol
  line alone does not fit is named in a note and skipped, so paging always moves on.
* **Minify** writes the page in the minified layout (:func:`~codeknit.skeleton.minify.minify`)
  when that is smaller; the page is planned at its plain size.
* **Exact, whatever the plan.** The final reply is counted as a whole; a page over the budget
  (the ``[meta]`` lines are only known once the page is planned, and the plan counts the text
  before it is escaped as JSON) is planned again with the overshoot taken off.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from codeknit.graph import EdgeKind, Relation, Resolution, Symbol
from codeknit.graph.model import EDGE_KIND_ORDER, RESOLUTION_ORDER
from codeknit.server.limits import Cursor, Deadline, ToolFailure
from codeknit.server.view import GraphView, reply_tokens, structured_tokens
from codeknit.skeleton import minify as minify_document
from codeknit.skeleton import to_text
from codeknit.skeleton.budget import Piece, Tally, TokenBudgetError
from codeknit.skeleton.document import EdgeLine

__all__ = ["Page", "Position", "Unit", "cursor_text", "more_text", "paginate", "range_text", "start_position"]


@dataclass(slots=True)
class Unit:
    """What a page holds one of: a symbol, and the edges shown with it.

    ``relations`` None: the symbol's own outgoing edges (when the page shows edges at all);
    otherwise exactly these relations, whatever their source (``neighbors`` shows an edge with
    the farthest of its ends).
    """

    key: str  # the full id of the symbol; a cursor's anchor
    symbol: Symbol
    relations: list[Relation] | None = None


@dataclass(frozen=True, slots=True)
class Position:
    """Where a page starts: a unit, and what of it earlier pages showed: 0, nothing; 1 + the number of
    its edge targets shown, once its symbol line was shown (a page may hold the line alone)."""

    unit: int
    shown: int = 0


@dataclass(slots=True)
class Page:
    text: str
    tokens: int  # of the text
    reply_tokens: int  # of the text and the structured part together
    at: Position
    shown: list[Unit]  # units with something on this page (a continued unit without its line too)
    lines: list[Symbol]  # symbols whose line is on this page
    next: Position | None  # None: nothing left
    structured: dict[str, Any] = field(default_factory=dict)
    note: str = ""


#: ``[meta]`` lines of a page: (units with something on it, where it starts, where the next starts, note)
MetaLines = Callable[[list[Unit], Position, "Position | None", str], list[tuple[str, str]]]
#: the structured part of a page: (the page's units, symbols with their line on it, next, text tokens)
Structured = Callable[[list[Unit], list[Symbol], "Position | None", int], dict[str, Any]]

_PLANS = 8


def range_text(at: Position, shown: Sequence[Unit], total: int) -> str:
    if not shown:
        return f"none of {total} on this part"
    first, last = at.unit + 1, at.unit + len(shown)
    text = f"{first}-{last} of {total}" if last > first else f"{first} of {total}"
    if at.shown:
        text += f" (continuing the edges of {shown[0].key})"
    return text


def more_text(units: Sequence[Unit], following: Position) -> str:
    """What a cut page says is left: ``12 more symbols`` (and the rest of a unit cut between pages)."""
    left = len(units) - following.unit
    if following.shown:
        return f"the rest of the edges of {units[following.unit].key}, then {left - 1} more symbols"
    return f"{left} more symbols"


def cursor_text(tool: str, request: str, units: Sequence[Unit], at: Position | None, version: int) -> str | None:
    if at is None:
        return None
    anchor = _anchor(units[at.unit].key) if at.unit < len(units) else ""
    return Cursor(tool, request, at.unit, anchor, version, at.shown).encode()


def _anchor(key: str) -> str:
    """What a cursor keeps of the key of the unit it continues at: the key, or a digest of a long one (a symbol
    named with 100,000 characters made a cursor as long, and a page that skipped the symbol too large to send)."""
    if len(key) <= _NAMED_CHARS:
        return key
    return "#" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def start_position(cursor_text: str | None, *, tool: str, request: str, units: Sequence[Unit]) -> tuple[Position, str]:
    """Where a cursor continues, and a note when the index moved under it."""
    if not cursor_text:
        return Position(0), ""
    cursor = Cursor.decode(cursor_text, tool=tool, request=request)
    if cursor.anchor:
        for index in (cursor.offset, *range(len(units))):
            if 0 <= index < len(units) and _anchor(units[index].key) == cursor.anchor:
                return Position(index, cursor.part if index == cursor.offset else 0), ""
    offset = min(cursor.offset, len(units))
    note = "the index changed since the previous part; this part may repeat or skip a few symbols" if (
        cursor.anchor) else ""
    return Position(offset, 0), note


def paginate(view: GraphView, units: Sequence[Unit], at: Position, *, edges: bool, minify: bool, meta: MetaLines,
             structured: Structured, max_tokens: int, deadline: Deadline, errors: Sequence[Any] = (),
             canonical_edges: bool = False) -> Page:
    """The page of ``units`` that starts at ``at``: as many as fit ``max_tokens`` with the structured part.

    ``errors`` (:class:`~codeknit.graph.FileError`) are shown on the page first. ``canonical_edges``
    writes the edges in the graph's order (sources first), merging lines that then meet, rather
    than unit by unit.
    """
    catalog = view.catalog(edges=edges)
    units = list(units)
    budget = max_tokens
    page: Page | None = None
    for _attempt in range(_PLANS):
        shown, lines_of, following, note, tally, planned = _plan(view, units, at, catalog, budget, meta,
                                                                 structured, deadline, errors, max_tokens)
        page = _finish(view, units, at, shown, lines_of, following, note, tally, meta, structured, minify,
                       canonical_edges)
        over = page.reply_tokens - max_tokens
        if over <= 0:
            return page
        # what the plan left unused plus what the reply was over: the plan underestimated it by that
        budget = min(budget, planned) - over
    assert page is not None
    # not even the page's header and structured part fit (a long stale list at a small max_tokens)
    raise ToolFailure(f"max_tokens: {max_tokens} is too small for this answer (its smallest page takes "
                      f"{page.reply_tokens} tokens); ask for more")


def _piece(catalog: Any, view: GraphView, unit: Unit) -> Piece:
    index = view.order[unit.key]
    if unit.relations is None:
        return catalog.piece(index)  # type: ignore[no-any-return]
    return catalog.piece_of(index, unit.relations)  # type: ignore[no-any-return]


def _plan(view: GraphView, units: list[Unit], at: Position, catalog: Any, budget: int, meta: MetaLines,
          structured: Structured, deadline: Deadline, errors: Sequence[Any], max_tokens: int
          ) -> tuple[list[Unit], list[Piece], Position | None, str, Tally, int]:
    """Which units (and parts) go on the page, measured with a Tally; the page's meta is estimated
    as if it ended one unit after it starts. Also what the plan estimates the reply to take."""
    total = len(units)
    estimate_next = Position(at.unit + 1) if at.unit + 1 < total else None
    sample = units[at.unit:at.unit + 2]
    frame = meta(sample[:1], at, estimate_next, "")

    def structured_cost(count: int) -> int:
        chosen = sample[:count]
        return structured_tokens(view, structured(chosen, [u.symbol for u in chosen], estimate_next, max_tokens))

    base = structured_cost(1)
    per_unit = max(0, structured_cost(2) - base) if len(sample) > 1 else 0
    measure = view.measure

    def capacity(count: int) -> int:
        return measure.capacity(budget - base - per_unit * max(count - 1, 0))

    tally = Tally(catalog, frame)

    def estimate(count: int) -> int:
        return measure.tokens(tally.total()) + base + per_unit * max(count - 1, 0)

    if errors:
        tally.add_errors(errors)
    shown: list[Unit] = []
    pieces: list[Piece] = []
    following: Position | None = None
    note = ""
    position = at.unit
    if at.shown and position < total:  # the rest of a unit cut between its edges
        unit = units[position]
        try:
            part = _part(view, catalog, unit, Tally(catalog, frame), capacity(1), start=at.shown - 1,
                         continued=True)
        except TokenBudgetError:  # one of its edge targets alone is larger than a page
            note = f"the rest of the edges of {_named(unit.key)} is larger than max_tokens and was skipped"
            following = Position(position + 1) if position + 1 < total else None
            return shown, pieces, following, note, tally, estimate(0)
        tally.add_pieces([part])
        shown.append(unit)
        pieces.append(part)
        done = at.shown + _targets(part)
        if done < 1 + _targets(_piece(catalog, view, unit)):
            return shown, pieces, Position(position, done), note, tally, estimate(len(shown))
        position += 1
    while position < total:
        if (position - at.unit) % 256 == 0:
            deadline.check()
        unit = units[position]
        piece = _piece(catalog, view, unit)
        if tally.evaluate_pieces([piece]) <= capacity(len(shown) + 1):
            tally.add_pieces([piece])
            shown.append(unit)
            pieces.append(piece)
            position += 1
            continue
        if shown:
            break
        # alone on a page it is still too large: the first part of it
        try:
            part = _part(view, catalog, unit, Tally(catalog, frame), capacity(1), start=0, whole=piece)
        except TokenBudgetError:
            note = f"{_named(unit.key)} alone is larger than max_tokens and was skipped; use symbol_source or neighbors"
            position += 1
            break
        tally.add_pieces([part])
        shown.append(unit)
        pieces.append(part)
        done = 1 + _targets(part)  # (the line, and the targets after it: maybe none, where it fills the page)
        if done < 1 + _targets(piece):
            return shown, pieces, Position(position, done), note, tally, estimate(len(shown))
        position += 1
        break
    following = Position(position) if position < total else None
    return shown, pieces, following, note, tally, estimate(len(shown))


def _named(key: str) -> str:
    """A unit's key as a note names it: cut in its middle when it is long (a symbol whose name is 100,000
    characters is skipped for its size, and a note that named it whole was as large again)."""
    return key if len(key) <= _NAMED_CHARS else f"{key[:_NAMED_CHARS // 2]}…{key[-_NAMED_CHARS // 4:]}"


#: the most characters of a key a note shows
_NAMED_CHARS = 160


def _targets(piece: Piece) -> int:
    return sum(len(edge.targets) for edge in piece.edges)


def _part(view: GraphView, catalog: Any, unit: Unit, empty: Tally, capacity: int, *, start: int,
          whole: Piece | None = None, continued: bool = False) -> Piece:
    """The first part of what is left of a unit too large for a page (see ``Catalog.parts``)."""
    index = view.order[unit.key]
    whole = whole if whole is not None else _piece(catalog, view, unit)
    parts = catalog.parts(index, lambda pieces: empty.evaluate_pieces(pieces) <= capacity, whole, start=start,
                          continued=continued)
    return parts[0]  # type: ignore[no-any-return]


def _finish(view: GraphView, units: list[Unit], at: Position, shown: list[Unit], pieces: list[Piece],
            following: Position | None, note: str, tally: Tally, meta: MetaLines, structured: Structured,
            minify: bool, canonical_edges: bool) -> Page:
    tally.set_meta(meta(shown, at, following, note))
    doc = tally.document()
    if canonical_edges:
        doc.edges = _canonical(view, doc.edges)
    text = to_text(doc)
    count = view.measure.count_text
    tokens = count(text)
    if minify:
        coded = minify_document(doc, view.counter)  # the minified layout, when it is smaller
        if coded is not doc:
            text = to_text(coded)
            tokens = count(text)
    lines = [view.graph.symbols[p.index] for p in pieces if p.part == 0 and p.symbol_line is not None]
    data = structured(shown, lines, following, tokens)
    return Page(text, tokens, reply_tokens(view, text, data), at, shown, lines, following, data, note)


def _canonical(view: GraphView, lines: list[EdgeLine]) -> list[EdgeLine]:
    """Edge lines in the graph's relation order (source, kind, resolution, target), lines with the
    same source, kind, resolution and candidates merged."""
    graph = view.graph
    missing = len(view.order)

    def position(token: str) -> int:
        symbol = graph.get(token)
        return view.order.get(symbol.id, missing) if symbol is not None else missing

    def key(line: EdgeLine) -> tuple[Any, ...]:
        status = Resolution(line.status) if line.status else Resolution.RESOLVED
        return (position(line.source), line.source, EDGE_KIND_ORDER.get(EdgeKind(line.kind), 99),
                RESOLUTION_ORDER[status], position(line.targets[0]) if line.targets else missing)

    merged: list[EdgeLine] = []
    for line in sorted(lines, key=key):
        last = merged[-1] if merged else None
        if last is not None and (last.source, last.kind, last.status, last.candidates) == (
                line.source, line.kind, line.status, line.candidates):
            last.targets.extend(t for t in line.targets if t not in last.targets)
        else:
            merged.append(EdgeLine(line.source, line.kind, line.status, list(line.targets), list(line.candidates)))
    return merged

