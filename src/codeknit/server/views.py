"""What the tools answer, computed from one snapshot; no MCP in here.

Each function takes a :class:`GraphView` (a snapshot plus lookup tables
built once for it) and plain arguments, and returns an :class:`Answer`: the
text the model reads (``.skt`` where the answer is a set of symbols) and a
JSON-able structure for ``structuredContent``. Failures are
:class:`~codeknit.server.limits.ToolFailure` with a message that names the
bad argument.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from concurrent.futures import Executor, Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from codeknit.graph import Category, EdgeKind, Graph, Relation, Resolution, Symbol, SymbolKind
from codeknit.server.limits import Cursor, Deadline, ToolFailure, count_text, fit, request_digest
from codeknit.server.live import Freshness, ShortIds, Snapshot
from codeknit.server.paths import Confinement
from codeknit.skeleton import ErrorLine, Renderer, RenderOptions, SktDocument, to_text
from codeknit.skeleton import minify as minify_document
from codeknit.skeleton.budget import ChunkSet, TokenBudgetError
from codeknit.skeleton.rank import FocusError, Ranking, rank, ranked_chunks
from codeknit.skeleton.rank import repo_map as rank_map
from codeknit.tokens import TokenCounter

#: results (rankings, chunk sets) a view keeps
MEMO_SIZE = 12

SHORT_ID = re.compile(r"S[1-9][0-9]*")
FILE_LINE = re.compile(r"(?P<path>.+?):L?(?P<line>[0-9]+)")
_LAST_NAME = re.compile(r"([A-Za-z_$][\w$]*)\W*$")
EDGE_KINDS = tuple(kind.value for kind in EdgeKind)


@dataclass(slots=True)
class Answer:
    text: str
    structured: dict[str, Any] = field(default_factory=dict)


class GraphView:
    """A snapshot with the lookup tables the tools need, built lazily once per snapshot."""

    def __init__(self, snapshot: Snapshot, short_ids: ShortIds, counter: TokenCounter,
                 executor: Executor | None = None) -> None:
        self.snapshot = snapshot
        self.graph: Graph = snapshot.graph
        self.short_ids = short_ids
        self.counter = counter
        self._lock = threading.Lock()
        self._executor = executor
        self._memo: OrderedDict[Hashable, Future[Any]] = OrderedDict()

    def memo(self, key: Hashable, compute: Callable[[], Any]) -> Future[Any]:
        """``compute()`` once per snapshot and key, in the background when there is an executor.

        A caller that runs out of time leaves the work running; the next call
        finds it done. The least recently used of :data:`MEMO_SIZE` results go.
        """
        with self._lock:
            future = self._memo.get(key)
            if future is not None:
                self._memo.move_to_end(key)
                return future
            future = Future() if self._executor is None else self._executor.submit(compute)
            self._memo[key] = future
            while len(self._memo) > MEMO_SIZE:
                self._memo.popitem(last=False)
        if self._executor is None:  # computed here, outside the lock: compute may use the memo too
            try:
                future.set_result(compute())
            except Exception as problem:  # noqa: BLE001 - handed to the caller through the future
                future.set_exception(problem)
        return future

    def ranking(self, focus: tuple[str, ...] = ()) -> Future[Ranking]:
        """The PageRank of :mod:`codeknit.skeleton.rank`, computed once per snapshot and focus."""
        return self.memo(("rank", focus), lambda: rank(self.graph, focus))

    @cached_property
    def renderer(self) -> Renderer:
        return Renderer(self.graph, RenderOptions(edges=True))

    @cached_property
    def order(self) -> dict[str, int]:
        """full id → position in the graph's output order."""
        return {s.id: i for i, s in enumerate(self.graph.symbols)}

    @cached_property
    def relation_order(self) -> dict[int, int]:
        """id() of each relation → its position in the graph's canonical order."""
        return {id(r): i for i, r in enumerate(self.graph.relations)}

    @cached_property
    def by_path(self) -> dict[str, list[Symbol]]:
        table: dict[str, list[Symbol]] = {}
        for symbol in self.graph.symbols:
            table.setdefault(symbol.path, []).append(symbol)
        return table

    @cached_property
    def paths(self) -> list[str]:
        """Every indexed file (with or without symbols), sorted."""
        return sorted({f.path for f in self.graph.files} | set(self.by_path))

    @cached_property
    def module_names(self) -> dict[str, str]:
        """path → the dotted name of its module symbol."""
        return {s.path: s.name for s in self.graph.symbols if s.parent is None and s.kind.category in
                (Category.MODULE, Category.META)}

    def dotted(self, symbol: Symbol) -> str:
        """``module.Qualified.name``: the name a reader would write for the symbol."""
        module = self.module_names.get(symbol.path, "")
        if symbol.parent is None:
            return symbol.name
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

    @cached_property
    def unresolved_by_name(self) -> dict[str, list[Relation]]:
        """Unresolved relations by the last name written (``obj.save`` → ``save``)."""
        table: dict[str, list[Relation]] = {}
        for relation in self.graph.relations:
            if relation.resolution is Resolution.UNRESOLVED:
                match = _LAST_NAME.search(relation.text or relation.target.rpartition("::")[2])
                if match:
                    table.setdefault(match.group(1), []).append(relation)
        return table

    def warm(self) -> None:
        """Build every table now (the server does this before publishing a view to readers)."""
        with self._lock:
            for name in ("renderer", "order", "relation_order", "by_path", "paths", "module_names", "names",
                         "unresolved_by_name"):
                getattr(self, name)

    def describe(self, symbol: Symbol) -> dict[str, Any]:
        """The structured form of a symbol."""
        return {
            "id": symbol.id,
            "short": symbol.short,
            "kind": symbol.kind.label,
            "path": symbol.path,
            "start_line": symbol.span[0],
            "end_line": symbol.span[2],
            "signature": symbol.signature or symbol.name,
        }


# -- resolving a symbol reference ----------------------------------------------------------


def resolve_symbol(view: GraphView, ref: str, *, argument: str = "symbol") -> Symbol:
    """A symbol from a full id, a short id, a qualified or dotted name, or ``path:line``."""
    text = ref.strip()
    if not text:
        raise ToolFailure(f"{argument}: empty; pass a full id, a short id such as S12, a qualified name or path:line")
    graph = view.graph
    if SHORT_ID.fullmatch(text):
        symbol = graph.get(text)
        if symbol is not None:
            return symbol
        full = view.short_ids.full_id(text)
        if full is not None:
            raise ToolFailure(f"{argument}: {text} was {full}, which no longer exists (its file changed); "
                              "look it up again with find_symbol")
        raise ToolFailure(f"{argument}: no symbol has the short id {text} in this session; short ids come from "
                          "earlier answers of this server")
    symbol = graph.get(text)
    if symbol is not None:
        return symbol
    located = FILE_LINE.fullmatch(text)
    if located and located.group("path") in view.by_path:
        return _at_line(view, located.group("path"), int(located.group("line")), argument)
    matches = view.names.get(text, [])
    if len(matches) == 1:
        return matches[0]
    if matches:
        exact = [s for s in matches if text in (s.qualname, view.dotted(s))]
        if len(exact) == 1:
            return exact[0]
        listed = "; ".join(f"{s.short} {s.id} ({s.kind.label}, L{s.span[0]})" for s in matches[:12])
        more = f" and {len(matches) - 12} more" if len(matches) > 12 else ""
        raise ToolFailure(f"{argument}: {text!r} names {len(matches)} symbols; pass one of their ids: {listed}{more}")
    if "::" in text:
        path = text.partition("::")[0]
        if path not in view.by_path:
            raise ToolFailure(f"{argument}: {text!r} is a full id, but {path!r} is not an indexed file")
    hints = difflib.get_close_matches(text, list(view.names), n=5, cutoff=0.75)
    hint = f"; similar names: {', '.join(hints)}" if hints else ""
    raise ToolFailure(f"{argument}: no symbol {text!r} in the index{hint}. find_symbol searches by substring "
                      "or regex")


def _at_line(view: GraphView, path: str, line: int, argument: str) -> Symbol:
    best: Symbol | None = None
    for symbol in view.by_path[path]:
        start, end = symbol.span[0], symbol.span[2]
        if start <= line <= end and (best is None or (end - start) <= (best.span[2] - best.span[0])):
            best = symbol
    if best is None:
        raise ToolFailure(f"{argument}: {path} has no symbol at line {line}")
    return best


# -- selecting files ----------------------------------------------------------------------


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob over paths from the root: ``*`` and ``?`` stay in one directory, ``**`` crosses them."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            end = pattern.find("]", i + 2)
            if end < 0:
                out.append(re.escape(c))
                i += 1
            else:
                body = pattern[i + 1:end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = end + 1
        else:
            out.append(re.escape(c))
            i += 1
    return re.compile("".join(out))


def is_glob(text: str) -> bool:
    return any(c in text for c in "*?[")


def select_paths(view: GraphView, confinement: Confinement, raw: str, *, argument: str = "path") -> list[str]:
    """The indexed files a path, directory or glob names (sorted); a clear error when none."""
    glob = is_glob(raw)
    relative = confinement.relative(raw, argument=argument, allow_glob=glob)
    paths = view.paths
    if glob:
        pattern = glob_regex(relative)
        chosen = [p for p in paths if pattern.fullmatch(p)]
        if not chosen:
            raise ToolFailure(f"{argument}: the glob {raw!r} matches no indexed file (globs match whole paths from "
                              "the root; use **/ to cross directories)")
        return chosen
    if relative == "":
        return list(paths)
    if relative in view.by_path or any(f.path == relative for f in view.graph.files):
        return [relative]
    prefix = relative + "/"
    chosen = [p for p in paths if p.startswith(prefix)]
    if chosen:
        return chosen
    raise ToolFailure(f"{argument}: {_why_not_indexed(view, confinement, relative)}")


def _why_not_indexed(view: GraphView, confinement: Confinement, relative: str) -> str:
    for skipped in view.graph.skipped:
        if skipped.path == relative:
            return f"{relative!r} is not indexed: {skipped.reason}"
    for error in view.graph.errors:
        if error.path == relative:
            return f"{relative!r} could not be analysed: {error.message}"
    on_disk = confinement.root / relative
    if on_disk.is_file():
        return f"{relative!r} exists but is not an indexed source file (not a supported language, or excluded)"
    if on_disk.is_dir():
        return f"{relative!r} is a directory with no indexed source files"
    close = difflib.get_close_matches(relative, view.paths, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"{relative!r} does not exist under the served root{hint}"


# -- .skt pages -------------------------------------------------------------------------------


def _meta(view: GraphView, freshness: Freshness, extra: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    meta = view.renderer.meta()
    meta.extend(extra)
    if freshness.stale:
        paths = freshness.stale_paths
        shown = ", ".join(paths[:5]) + (f" and {len(paths) - 5} more" if len(paths) > 5 else "")
        meta.append(("stale", f"the index is being refreshed; not yet reflected: {shown or 'a rescan'}"))
    return meta


def _document(view: GraphView, symbols: Sequence[Symbol], relations: Sequence[Relation], meta: list[tuple[str, str]],
              *, edges: bool, errors: Sequence[ErrorLine] = (), minify: bool = True) -> str:
    renderer = view.renderer
    order = _graph_order(view)
    doc = SktDocument(meta=meta, files=renderer.file_sections(sorted(symbols, key=order)))
    if edges:
        doc.has_edges = True
        position = view.relation_order
        doc.edges = renderer.edge_lines(sorted(relations, key=lambda r: position.get(id(r), len(position))))
    doc.errors = list(errors)
    if minify:
        doc = minify_document(doc, view.counter)  # the minified form only when it is smaller
    return to_text(doc)


def _graph_order(view: GraphView) -> Callable[[Symbol | None], int]:
    order = view.order
    missing = len(order)
    return lambda s: order.get(s.id, missing) if s is not None else missing


@dataclass(slots=True)
class Unit:
    """What a page holds one of: a symbol (its line, unless a previous page showed it) and relations."""

    key: str  # the full id of the symbol; a cursor's anchor
    symbol: Symbol | None
    relations: list[Relation]


@dataclass(frozen=True, slots=True)
class Position:
    """Where a page starts: a unit, and how many of its relations earlier pages showed."""

    unit: int
    part: int = 0


@dataclass(slots=True)
class Page:
    text: str
    tokens: int
    first: int  # index of the first unit on the page
    last: int  # index after the last unit the page finishes
    next: Position | None  # None: nothing left
    shown: list[Unit]
    note: str = ""


PageText = Callable[[list[Unit], Position, Position | None], str]


def paginate(units: Sequence[Unit], at: Position, render: PageText, counter: TokenCounter, max_tokens: int,
             deadline: Deadline) -> Page:
    """The next page of ``units`` from ``at`` under ``max_tokens``, counted exactly.

    Whole units first. A unit too large for a page on its own is split
    between its relations (its symbol line goes with the first part), and the
    cursor remembers how far it got; a unit whose symbol line alone does not
    fit is named and skipped, so paging always moves on.
    """
    total = len(units)
    head: Unit | None = None
    body = at.unit
    if at.part and at.unit < total:
        current = units[at.unit]
        head = Unit(current.key, None, current.relations[at.part:])
        body = at.unit + 1

    def whole(k: int) -> str:
        shown = ([head] if head else []) + list(units[body:body + k])
        end = body + k
        return render(shown, at, Position(end) if end < total else None)

    fitted = fit(total - body, whole, counter, max_tokens, deadline)
    if fitted.units or (head is not None and fitted.tokens <= max_tokens) or (head is None and body >= total):
        end = body + fitted.units
        shown = ([head] if head else []) + list(units[body:end])
        return Page(fitted.text, fitted.tokens, at.unit, end, Position(end) if end < total else None, shown)
    # the first unit alone is too large: split it between its relations
    target = head or units[at.unit]
    line = target.symbol if at.part == 0 else None

    def partial(j: int) -> str:
        done = at.part + j
        rest = Position(at.unit, done) if done < len(units[at.unit].relations) else (
            Position(at.unit + 1) if at.unit + 1 < total else None)
        return render([Unit(target.key, line, target.relations[:j])], at, rest)

    fitted = fit(len(target.relations), partial, counter, max_tokens, deadline, first=8)
    if fitted.units == 0 and line is not None and fitted.tokens > max_tokens:
        skip = Position(at.unit + 1) if at.unit + 1 < total else None
        text = render([], at, skip)
        note = f"{target.key} alone is larger than max_tokens and was skipped; use symbol_source or neighbors"
        return Page(text, count_text(counter, text), at.unit, at.unit, skip, [], note)
    done = at.part + fitted.units
    finished = done >= len(units[at.unit].relations)
    following = (Position(at.unit + 1) if at.unit + 1 < total else None) if finished else Position(at.unit, done)
    shown = [Unit(target.key, line, target.relations[:fitted.units])]
    return Page(fitted.text, fitted.tokens, at.unit, at.unit + (1 if finished else 0), following, shown)


def _start(cursor_text: str | None, *, tool: str, request: str, units: Sequence[Unit]) -> tuple[Position, str]:
    """Where a cursor continues, and a note when the index moved under it."""
    if not cursor_text:
        return Position(0), ""
    cursor = Cursor.decode(cursor_text, tool=tool, request=request)
    if cursor.anchor:
        for index in (cursor.offset, *range(len(units))):
            if 0 <= index < len(units) and units[index].key == cursor.anchor:
                return Position(index, cursor.part if index == cursor.offset else 0), ""
    offset = min(cursor.offset, len(units))
    note = "the index changed since the previous part; this part may repeat or skip a few symbols" if (
        cursor.anchor) else ""
    return Position(offset, 0), note


def _cursor(tool: str, request: str, units: Sequence[Unit], at: Position | None, version: int) -> str | None:
    if at is None:
        return None
    anchor = units[at.unit].key if at.unit < len(units) else ""
    return Cursor(tool, request, at.unit, anchor, version, at.part).encode()


def _range(at: Position, shown: Sequence[Unit], total: int) -> str:
    if not shown:
        return f"none of {total} on this part"
    first, last = at.unit + 1, at.unit + len(shown)
    text = f"{first}-{last} of {total}" if last > first else f"{first} of {total}"
    if at.part:
        text += f" (continuing the edges of {shown[0].key})"
    return text


# -- skeleton ---------------------------------------------------------------------------------


def skeleton(view: GraphView, freshness: Freshness, confinement: Confinement, *, path: str, edges: bool,
             minify: bool, max_tokens: int, cursor: str | None, deadline: Deadline) -> Answer:
    paths = select_paths(view, confinement, path)
    graph = view.graph
    units = [Unit(s.id, s, graph.outgoing(s.id) if edges else []) for p in paths for s in view.by_path.get(p, ())]
    request = request_digest({"path": path, "edges": edges, "minify": minify})
    at, note = _start(cursor, tool="skeleton", request=request, units=units)
    chosen_paths = set(paths)
    errors = [ErrorLine(e.path, e.message) for e in graph.errors if e.path in chosen_paths] if at == Position(0) else []
    version = view.snapshot.version

    def render(shown: list[Unit], at: Position, following: Position | None) -> str:
        deadline.check()
        meta = [("path", path or "."), ("files", str(len(paths))), ("symbols", _range(at, shown, len(units)))]
        if note:
            meta.append(("note", note))
        if following is not None:
            meta.append(("truncated", f"{len(units) - following.unit} more symbols; call again with this cursor"))
            meta.append(("cursor", _cursor("skeleton", request, units, following, version) or ""))
        symbols = [u.symbol for u in shown if u.symbol is not None]
        relations = [r for u in shown for r in u.relations]
        return _document(view, symbols, relations, _meta(view, freshness, meta), edges=edges, errors=errors,
                         minify=minify)

    page = paginate(units, at, render, view.counter, max_tokens, deadline)
    structured: dict[str, Any] = {
        "files": paths if len(paths) <= 200 else paths[:200],
        "file_count": len(paths),
        "symbol_count": len(units),
        "first": page.first + 1 if page.shown else 0,
        "last": page.first + len(page.shown),
        "tokens": page.tokens,
        "truncated": page.next is not None,
        "cursor": _cursor("skeleton", request, units, page.next, version),
        "stale": list(freshness.stale_paths) if freshness.stale else [],
    }
    return Answer(page.text, structured)


# -- neighbors --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Counts:
    resolved: int = 0
    ambiguous: int = 0
    unresolved: int = 0

    def add(self, relation: Relation) -> None:
        if relation.resolution is Resolution.RESOLVED:
            self.resolved += 1
        elif relation.resolution is Resolution.AMBIGUOUS:
            self.ambiguous += 1
        else:
            self.unresolved += 1

    def as_dict(self) -> dict[str, int]:
        return {"resolved": self.resolved, "ambiguous": self.ambiguous, "unresolved": self.unresolved}


def neighbors(view: GraphView, freshness: Freshness, *, symbol: str, depth: int, direction: str,
              kinds: Sequence[str] | None, include_uncertain: bool, minify: bool, max_tokens: int,
              cursor: str | None, deadline: Deadline) -> Answer:
    graph = view.graph
    focus = resolve_symbol(view, symbol)
    wanted = _edge_kinds(kinds)
    outgoing_on = direction in ("out", "both")
    incoming_on = direction in ("in", "both")
    distance: dict[str, int] = {focus.id: 0}
    relations: dict[int, Relation] = {}
    out_counts, in_counts = _Counts(), _Counts()
    frontier = [focus]
    for level in range(1, depth + 1):
        deadline.check()
        following: list[Symbol] = []
        for current in frontier:
            reached: list[tuple[str, bool]] = []
            if outgoing_on:
                for relation in graph.outgoing(current.id, wanted):
                    if current is focus:
                        out_counts.add(relation)
                    if relation.resolution is not Resolution.RESOLVED and not include_uncertain:
                        continue
                    relations[id(relation)] = relation
                    if relation.resolution is Resolution.RESOLVED or graph.is_endpoint(relation):
                        reached.append((relation.target, relation.resolution is Resolution.RESOLVED))
                    reached += [(candidate, False) for candidate in relation.candidates]
            if incoming_on:
                for relation in graph.incoming(current.id, wanted):
                    if current is focus:
                        in_counts.add(relation)
                    if relation.resolution is not Resolution.RESOLVED and not include_uncertain:
                        continue
                    relations[id(relation)] = relation
                    reached.append((relation.source, relation.resolution is Resolution.RESOLVED))
                    reached += [(candidate, False) for candidate in relation.candidates]
            for symbol_id, expand in reached:
                # resolved neighbours are walked further; candidates and include endpoints are only shown
                neighbour = graph.get(symbol_id) if symbol_id not in distance else None
                if neighbour is not None:
                    distance[symbol_id] = level
                    if expand:
                        following.append(neighbour)
        frontier = following
    # unresolved uses of the focus's name: possible incoming edges the resolver could not bind
    if incoming_on:
        same_name = [r for r in view.unresolved_by_name.get(focus.name, ())
                     if r.kind in wanted and r.source != focus.id]
        in_counts.unresolved = len(same_name)
        if include_uncertain:
            for relation in same_name:
                relations[id(relation)] = relation
                if relation.source not in distance and relation.source in graph:
                    distance[relation.source] = 1
    order = _graph_order(view)
    ranked = sorted(distance, key=lambda i: (distance[i], order(graph.get(i))))
    rank = {symbol_id: number for number, symbol_id in enumerate(ranked)}
    # an edge goes with the farthest of its endpoints, so each page shows edges between symbols it can name
    attached: dict[str, list[Relation]] = {}
    for relation in relations.values():
        ends = [relation.source, relation.target, *relation.candidates]
        owner = max((e for e in ends if e in rank), key=rank.__getitem__, default=relation.source)
        attached.setdefault(owner, []).append(relation)
    units = [Unit(i, graph.get(i), attached.get(i, [])) for i in ranked]
    kind_names = sorted(k.value for k in wanted)
    request = request_digest({"symbol": focus.id, "depth": depth, "direction": direction, "kinds": kind_names,
                              "uncertain": include_uncertain, "minify": minify})
    at, note = _start(cursor, tool="neighbors", request=request, units=units)
    summary = [
        ("focus", f"{focus.short} {focus.id}"),
        ("query", f"depth={depth} direction={direction} kinds={','.join(kind_names)}"),
    ]
    if outgoing_on:
        summary.append(("out", _count_text(out_counts, uncertain_listed=include_uncertain)))
    if incoming_on:
        summary.append(("in", _count_text(in_counts, uncertain_listed=include_uncertain, by_name=focus.name)))
    version = view.snapshot.version

    def render(shown: list[Unit], at: Position, following: Position | None) -> str:
        deadline.check()
        meta = [*summary, ("symbols", _range(at, shown, len(units)))]
        if note:
            meta.append(("note", note))
        if following is not None:
            meta.append(("truncated", f"{len(units) - following.unit} more symbols; call again with this cursor"))
            meta.append(("cursor", _cursor("neighbors", request, units, following, version) or ""))
        symbols = [u.symbol for u in shown if u.symbol is not None]
        return _document(view, symbols, [r for u in shown for r in u.relations], _meta(view, freshness, meta),
                         edges=True, minify=minify)

    page = paginate(units, at, render, view.counter, max_tokens, deadline)
    structured = {
        "focus": view.describe(focus),
        "counts": {"outgoing": out_counts.as_dict() if outgoing_on else None,
                   "incoming": in_counts.as_dict() if incoming_on else None},
        "symbols": [{**view.describe(u.symbol), "distance": distance[u.key]} for u in page.shown
                    if u.symbol is not None],
        "tokens": page.tokens,
        "truncated": page.next is not None,
        "cursor": _cursor("neighbors", request, units, page.next, version),
        "stale": list(freshness.stale_paths) if freshness.stale else [],
    }
    return Answer(page.text, structured)


def _edge_kinds(kinds: Sequence[str] | None) -> frozenset[EdgeKind]:
    if not kinds:
        return frozenset(EdgeKind)
    chosen: set[EdgeKind] = set()
    for kind in kinds:
        try:
            chosen.add(EdgeKind(kind.strip().lower()))
        except ValueError:
            raise ToolFailure(f"kinds: unknown edge kind {kind!r}; use any of {', '.join(EDGE_KINDS)}") from None
    return frozenset(chosen)


def _count_text(counts: _Counts, *, uncertain_listed: bool, by_name: str | None = None) -> str:
    parts = [f"{counts.resolved} resolved", f"{counts.ambiguous} ambiguous"]
    if by_name is None:
        parts.append(f"{counts.unresolved} unresolved")
    else:
        parts.append(f"{counts.unresolved} unresolved uses of the name {by_name!r} elsewhere (may or may not be "
                     "this symbol)")
    if not uncertain_listed and (counts.ambiguous or counts.unresolved):
        parts.append("uncertain ones not listed (include_uncertain=false)")
    return ", ".join(parts)


# -- find_symbol ------------------------------------------------------------------------------


MATCH_MODES = ("auto", "exact", "substring", "regex")


def find_symbol(view: GraphView, freshness: Freshness, confinement: Confinement, *, query: str, match: str,
                kinds: Sequence[str] | None, path: str | None, limit: int, max_tokens: int,
                deadline: Deadline) -> Answer:
    graph = view.graph
    kind_filter = _symbol_kinds(kinds)
    allowed_paths = set(select_paths(view, confinement, path, argument="path")) if path else None

    def admitted(symbol: Symbol) -> bool:
        return ((kind_filter is None or symbol.kind in kind_filter)
                and (allowed_paths is None or symbol.path in allowed_paths))

    mode = match
    found: list[Symbol]
    if mode in ("auto", "exact"):
        found = [s for s in view.names.get(query, ()) if admitted(s)]
        if not found and mode == "auto":
            mode = "substring"
    if mode == "substring":
        needle = query.lower()
        found = []
        for number, symbol in enumerate(graph.symbols):
            if number % 4096 == 0:
                deadline.check()
            if admitted(symbol) and (needle in symbol.qualname.lower() or needle in symbol.name.lower()):
                found.append(symbol)
    elif mode == "regex":
        try:
            pattern = re.compile(query)
        except re.error as exc:
            raise ToolFailure(f"query: not a valid regular expression: {exc}") from None
        found = []
        for number, symbol in enumerate(graph.symbols):
            if number % 1024 == 0:
                deadline.check()
            if admitted(symbol) and (pattern.search(symbol.qualname or symbol.name) or pattern.search(symbol.id)):
                found.append(symbol)
    lowered = query.lower()
    found.sort(key=lambda s: (s.name != query, s.name.lower() != lowered, len(s.qualname), _graph_order(view)(s)))
    total = len(found)
    found = found[:limit]

    def build(k: int) -> str:
        meta = [("query", query), ("match", mode), ("found", str(total))]
        if total > len(found):
            meta.append(("limited", f"showing the best {len(found)}; raise limit or narrow the query"))
        if k < len(found):
            meta.append(("truncated", f"{len(found) - k} more matches did not fit max_tokens; narrow the query"))
        meta.extend((s.short, s.id) for s in found[:k])
        return _document(view, found[:k], [], _meta(view, freshness, meta), edges=False, minify=False)

    fitted = fit(len(found), build, view.counter, max_tokens, deadline)
    structured = {
        "query": query,
        "match": mode,
        "total": total,
        "symbols": [view.describe(s) for s in found[:fitted.units]],
        "truncated": fitted.units < total,
        "stale": list(freshness.stale_paths) if freshness.stale else [],
    }
    return Answer(fitted.text, structured)


def _symbol_kinds(kinds: Sequence[str] | None) -> frozenset[SymbolKind] | None:
    if not kinds:
        return None
    chosen: set[SymbolKind] = set()
    categories = {c.value for c in Category}
    for raw in kinds:
        text = raw.strip().lower()
        if text in categories:
            chosen |= {k for k in SymbolKind if k.category.value == text}
            continue
        try:
            chosen.add(SymbolKind.from_label(text) if "/" in text else SymbolKind(text))
        except ValueError:
            known = ", ".join(sorted(categories | {k.value for k in SymbolKind}))
            raise ToolFailure(f"kinds: unknown symbol kind {raw!r}; use any of {known}") from None
    return frozenset(chosen)


# -- symbol_source ----------------------------------------------------------------------------


def symbol_source(view: GraphView, freshness: Freshness, confinement: Confinement, *, symbol: str, context: int,
                  max_tokens: int, cursor: str | None, deadline: Deadline) -> Answer:
    target = resolve_symbol(view, symbol)
    absolute = confinement.root / target.path
    # graph paths come from the scan, so they are inside the root; check anyway before reading
    confinement.relative(target.path, argument="symbol")
    try:
        data = absolute.read_bytes()
    except OSError as exc:
        raise ToolFailure(f"symbol: cannot read {target.path}: {exc.strerror or exc}") from None
    lines = data.decode("utf-8", "replace").split("\n")
    first = max(1, target.span[0] - context)
    last = min(len(lines), target.span[2] + context)
    numbered = list(range(first, last + 1))
    request = request_digest({"symbol": target.id, "context": context})
    start = 0
    if cursor:
        start = min(Cursor.decode(cursor, tool="symbol_source", request=request).offset, len(numbered))
    rest = numbered[start:]
    record = view.snapshot.files.get(target.path)
    changed = record is not None and record.sha256 and _digest(data) != record.sha256
    width = len(str(last))

    def build(k: int) -> str:
        out = [f"## {target.path} {target.short} {target.id} L{target.span[0]}-L{target.span[2]}"]
        if freshness.stale:
            out.append("# note: the index is being refreshed; the symbol's lines come from the previous snapshot")
        if changed:
            out.append("# note: the file changed since it was indexed; the lines may have moved")
        out += [f"{n:>{width}} | {lines[n - 1]}" for n in rest[:k]]
        if start + k < len(numbered):
            next_cursor = Cursor("symbol_source", request, start + k).encode()
            out.append(f"# truncated: {len(numbered) - start - k} more lines (L{rest[k]}-L{last}); "
                       f"call again with cursor={next_cursor}")
        return "\n".join(out) + "\n"

    fitted = fit(len(rest), build, view.counter, max_tokens, deadline)
    truncated = start + fitted.units < len(numbered)
    structured = {
        "symbol": view.describe(target),
        "first_line": rest[0] if rest and fitted.units else None,
        "last_line": rest[fitted.units - 1] if fitted.units else None,
        "truncated": truncated,
        "cursor": Cursor("symbol_source", request, start + fitted.units).encode() if truncated else None,
        "file_changed_since_index": bool(changed),
        "stale": list(freshness.stale_paths) if freshness.stale else [],
    }
    return Answer(fitted.text, structured)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- ranked views: repo_map, chunks, chunk ---------------------------------------------------


def _wait(future: Future[Any], deadline: Deadline, what: str) -> Any:
    """The result of background work, waiting no longer than the deadline allows."""
    try:
        return future.result(timeout=max(deadline.remaining, 0.0))
    except FutureTimeout:
        raise ToolFailure(f"{what} is still being computed; it goes on in the background, so call again in a "
                          "little while with the same arguments") from None
    except (FocusError, TokenBudgetError) as problem:
        argument = "focus" if isinstance(problem, FocusError) else "max_tokens"
        raise ToolFailure(f"{argument}: {str(problem).removeprefix('--focus ')}") from None


def _focus(view: GraphView, confinement: Confinement, focus: Sequence[str] | None) -> tuple[str, ...]:
    """Focus values as the ranking reads them; a path-like value must stay inside the root."""
    chosen: list[str] = []
    for value in focus or ():
        text = value.strip()
        if "/" in text or text.startswith("."):
            relative = confinement.relative(text, argument="focus")
            text = relative or text
        chosen.append(text)
    return tuple(chosen)


def repo_map(view: GraphView, freshness: Freshness, confinement: Confinement, *, max_tokens: int,
             focus: Sequence[str] | None, fmt: str, edges: bool, minify: bool, deadline: Deadline) -> Answer:
    """The ranked map of :func:`codeknit.skeleton.rank.repo_map` (the same bytes as ``codeknit map``)."""
    chosen = _focus(view, confinement, focus)
    if fmt == "text" and (edges or minify):
        raise ToolFailure("format: the text outline shows neither edges nor a dictionary; use format=skt")
    ranking = _wait(view.ranking(chosen), deadline, "the ranking")
    future = view.memo(("map", chosen, max_tokens, fmt, edges, minify), lambda: rank_map(
        view.graph, max_tokens, view.counter, focus=chosen, fmt=fmt, edges=edges, minify=minify, ranking=ranking))
    result = _wait(future, deadline, "the map")
    text = result.text
    structured = {
        "symbols": len(result.symbols), "total_symbols": result.total_symbols, "files": len(result.files),
        "tokens": result.tokens, "complete": result.complete, "focus": list(chosen),
        "stale": list(freshness.stale_paths) if freshness.stale else [],
    }
    return Answer(text, structured)


def _chunk_set(view: GraphView, confinement: Confinement, *, path: str, max_tokens: int,
               focus: Sequence[str] | None, edges: bool, minify: bool, deadline: Deadline
               ) -> tuple[ChunkSet, list[str]]:
    paths = select_paths(view, confinement, path)
    chosen = _focus(view, confinement, focus)
    whole = len(paths) == len(view.paths)
    key = ("chunks", "*" if whole else tuple(paths), max_tokens, chosen, edges, minify)
    # waited for here, not inside the background job, so jobs never wait on each other
    ranking = _wait(view.ranking(chosen), deadline, "the ranking") if whole else None

    def compute() -> ChunkSet:
        graph = view.graph if whole else restrict(view.graph, set(paths))
        return ranked_chunks(graph, max_tokens, view.counter, focus=chosen, edges=edges, minify=minify,
                             dict_mode="per-chunk", ranking=ranking)

    return _wait(view.memo(key, compute), deadline, "the chunk set"), paths


def restrict(graph: Graph, paths: set[str]) -> Graph:
    """The part of ``graph`` in ``paths``, as a graph of its own that keeps the session's short ids.

    Relations are those whose source is kept; a resolved target outside is
    then written as its quoted full id.
    """
    kept = Graph(
        root=graph.root, fingerprint=graph.fingerprint, options=dict(graph.options),
        files=[f for f in graph.files if f.path in paths],
        symbols=[replace(s) for s in graph.symbols if s.path in paths],
        errors=[e for e in graph.errors if e.path in paths],
        skipped=[s for s in graph.skipped if s.path in paths],
        projects=list(graph.projects), dependencies=list(graph.dependencies),
    )
    ids = {s.id for s in kept.symbols}
    kept.relations = [r for r in graph.relations if r.source in ids]
    kept.finalize()
    for symbol in kept.symbols:
        original = graph.get(symbol.id)
        if original is not None:
            symbol.short = original.short
    kept._by_short = {s.short: s for s in kept.symbols}
    return kept


def chunks(view: GraphView, freshness: Freshness, confinement: Confinement, *, path: str, max_tokens: int,
           focus: Sequence[str] | None, edges: bool, minify: bool, cursor: str | None, deadline: Deadline) -> Answer:
    """The manifest of the ranked chunks (``codeknit chunks``), a page of it when it is long."""
    chunk_set, paths = _chunk_set(view, confinement, path=path, max_tokens=max_tokens, focus=focus, edges=edges,
                                  minify=minify, deadline=deadline)
    manifest = chunk_set.manifest("chunk")
    entries = manifest["chunks"]
    request = request_digest({"path": path, "max_tokens": max_tokens, "focus": list(focus or ()), "edges": edges,
                              "minify": minify})
    start = Cursor.decode(cursor, tool="chunks", request=request).offset if cursor else 0
    start = min(start, len(entries))
    rest = entries[start:]
    head = (f"# chunks of {path or '.'}: {len(entries)} chunks of at most {max_tokens} tokens, "
            f"{manifest['total_tokens']} tokens in all ({chunk_set.tokenizer}), most important first\n"
            f"# run {manifest['run']}; read one with chunk(n) and the same path, max_tokens, focus, edges, minify\n")

    def line(entry: dict[str, Any]) -> str:
        files = [f"{f['path']} {' '.join(f['symbols'])}" for f in entry["files"]]
        shown = "; ".join(files[:4]) + (f"; and {len(files) - 4} more files" if len(files) > 4 else "")
        return (f"{entry['chunk']}: {entry['tokens']} tokens, {entry['symbols']} symbols, {entry['edges']} edges: "
                f"{shown}")

    def build(k: int) -> str:
        body = "".join(line(entry) + "\n" for entry in rest[:k])
        more = ""
        if start + k < len(entries):
            more = (f"# truncated: {len(entries) - start - k} more chunks; call again with cursor="
                    f"{Cursor('chunks', request, start + k).encode()}\n")
        return head + body + more

    fitted = fit(len(rest), build, view.counter, max_tokens, deadline)
    truncated = start + fitted.units < len(entries)
    structured = {
        "run": manifest["run"], "path": path or ".", "files": len(paths), "max_tokens": max_tokens,
        "total_tokens": manifest["total_tokens"], "count": len(entries),
        "chunks": [{"chunk": e["chunk"], "tokens": e["tokens"], "symbols": e["symbols"], "edges": e["edges"],
                    "files": [f["path"] for f in e["files"]]} for e in rest[:fitted.units]],
        "truncated": truncated,
        "cursor": Cursor("chunks", request, start + fitted.units).encode() if truncated else None,
        "stale": list(freshness.stale_paths) if freshness.stale else [],
    }
    return Answer(fitted.text, structured)


def chunk(view: GraphView, freshness: Freshness, confinement: Confinement, *, n: int, path: str, max_tokens: int,
          focus: Sequence[str] | None, edges: bool, minify: bool, run: str | None, deadline: Deadline) -> Answer:
    """Chunk ``n`` of the same chunk set :func:`chunks` describes."""
    chunk_set, _ = _chunk_set(view, confinement, path=path, max_tokens=max_tokens, focus=focus, edges=edges,
                              minify=minify, deadline=deadline)
    if n > len(chunk_set.chunks):
        raise ToolFailure(f"n: there are {len(chunk_set.chunks)} chunks with these arguments")
    picked = chunk_set.chunks[n - 1]
    changed = bool(run) and run != chunk_set.run
    text = picked.text
    structured = {
        "chunk": n, "count": len(chunk_set.chunks), "run": chunk_set.run, "tokens": picked.tokens,
        "symbols": len(picked.symbols), "files": picked.files,
        "run_changed": changed,
        "stale": list(freshness.stale_paths) if freshness.stale else [],
    }
    if changed:
        structured["note"] = (f"the index changed since the manifest (run {run}); this chunk is from run "
                              f"{chunk_set.run}: read the manifest again")
    return Answer(text, structured)


# -- export -----------------------------------------------------------------------------------


INLINE_FORMATS = ("dot", "mermaid")


def export(view: GraphView, freshness: Freshness, *, export_dir: Path, source_root: Path, fmt: str,
           name: str | None, inline: bool, symbol: str | None, languages: Sequence[str] | None, overwrite: bool,
           max_tokens: int, deadline: Deadline) -> Answer:
    """Run one exporter of :mod:`codeknit.exporters` on the snapshot's graph.

    A file goes under ``export_dir`` only (written to a temporary name, then
    renamed, so a failed or stopped export leaves nothing half-written); DOT
    and Mermaid can instead come back inline, within ``max_tokens``.
    """
    from codeknit.exporters import FORMATS, ExportError

    chosen = FORMATS.get(fmt)
    if chosen is None:
        raise ToolFailure(f"format: unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if inline and fmt not in INLINE_FORMATS:
        raise ToolFailure(f"inline: only {' and '.join(INLINE_FORMATS)} can be returned inline; {fmt} is written "
                          "to a file (leave inline false)")
    if symbol is not None:
        symbol = resolve_symbol(view, symbol).id
    options: dict[str, Any] = {"source_root": source_root, "symbol": symbol,
                               "languages": list(languages) if languages else None}
    if inline:
        buffer = io.BytesIO()
        try:
            warnings = chosen.export(view.graph, buffer, **options)
        except ExportError as problem:
            raise ToolFailure(f"symbol: {problem}") from None
        deadline.check()
        text = buffer.getvalue().decode("utf-8")
        tokens = count_text(view.counter, text)
        if tokens > max_tokens:
            raise ToolFailure(f"max_tokens: the {fmt} text is {tokens} tokens, over max_tokens={max_tokens}; draw "
                              "one symbol's edges (symbol=…), raise max_tokens, or write a file (inline=false)")
        notes = [str(w) for w in warnings]
        return Answer(text + ("".join(f"%% {n}\n" if fmt == "mermaid" else f"// {n}\n" for n in notes)), {
            "format": fmt, "path": None, "bytes": len(buffer.getvalue()), "tokens": tokens, "warnings": notes,
            "stale": list(freshness.stale_paths) if freshness.stale else []})
    target_name = name or f"{source_root.name or 'graph'}{chosen.extension or '.' + fmt}"
    relative = Confinement(export_dir).relative(target_name, argument="name")
    if not relative:
        raise ToolFailure("name: give a file name (under the export folder)")
    target = export_dir / relative
    if target.exists() and not overwrite:
        raise ToolFailure(f"name: {relative} already exists in the export folder; pass overwrite=true to replace it")
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as out:
            try:
                warnings = chosen.export(view.graph, out, **options)
            except ExportError as problem:
                raise ToolFailure(f"symbol: {problem}") from None
        deadline.check()  # a stopped export must not appear after its error was reported
        os.replace(temporary, target)
    except OSError as problem:
        raise ToolFailure(f"name: cannot write {target}: {problem.strerror or problem}") from None
    finally:
        temporary.unlink(missing_ok=True)
    size = target.stat().st_size
    notes = [str(w) for w in warnings]
    lines = [f"wrote {fmt} ({chosen.output}) to {target}", f"{size} bytes"] + notes
    return Answer("\n".join(lines) + "\n", {
        "format": fmt, "path": str(target), "bytes": size, "tokens": None, "warnings": notes,
        "stale": list(freshness.stale_paths) if freshness.stale else []})


# -- index_status -----------------------------------------------------------------------------


def relation_counts(graph: Graph) -> dict[str, int]:
    counts = {r.value: 0 for r in Resolution}
    for relation in graph.relations:
        counts[relation.resolution.value] += 1
    return counts
