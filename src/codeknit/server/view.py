"""One snapshot as the tools see it: lookup tables built once, results kept per snapshot.

A :class:`GraphView` wraps a :class:`~codeknit.server.live.Snapshot` with what every tool needs:
the symbol lookup (:class:`~codeknit.graph.lookup.SymbolIndex`, shared with the exporters), the
renderer, positions in the graph's order, the catalogs the pages are measured with
(:mod:`codeknit.skeleton.budget`), and a memo for work that outlives one call (rankings, chunk
sets). No MCP in here.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import orjson

from codeknit.graph import Graph, Relation, Resolution, Symbol
from codeknit.graph.lookup import SHORT_ID, SymbolIndex, SymbolLookupError
from codeknit.server.limits import ToolFailure
from codeknit.server.live import Freshness, ShortIds, Snapshot
from codeknit.skeleton import Renderer, RenderOptions
from codeknit.skeleton.budget import Catalog, Measure
from codeknit.skeleton.rank import Ranking, rank
from codeknit.tokens import TokenCounter

#: results (rankings, chunk sets) a view keeps
MEMO_SIZE = 12

_LAST_NAME = re.compile(r"([A-Za-z_$][\w$]*)\W*$")


@dataclass(slots=True)
class Answer:
    """What a tool returns: the text the model reads, and ``structuredContent``."""

    text: str
    structured: dict[str, Any] = field(default_factory=dict)


#: changed files a structured answer lists at most (the text's ``stale`` line says how many more)
STALE_LISTED = 10


def stale_paths(freshness: Freshness) -> list[str]:
    """The changed files an answer does not reflect yet (at most :data:`STALE_LISTED`)."""
    return list(freshness.stale_paths[:STALE_LISTED]) if freshness.stale else []


def structured_tokens(view: GraphView, structured: dict[str, Any]) -> int:
    """Tokens of ``structuredContent`` as compact JSON."""
    return view.counter.count_exact(orjson.dumps(structured).decode())


def reply_tokens(view: GraphView, text: str, structured: dict[str, Any]) -> int:
    """Tokens of a reply as the client receives it: the result object (the text content, escaped as a
    JSON string, and ``structuredContent``) as compact JSON. ``max_tokens`` bounds this, so the cap
    holds whether a client hands the model the text, the structured part, or the whole result."""
    return view.counter.count_exact(orjson.dumps(wire_result(text, structured)).decode())


def wire_result(text: str, structured: dict[str, Any]) -> dict[str, Any]:
    """The result object of a tool's answer as the SDK sends it (``CallToolResult`` by its aliases, None fields
    left out): ``resultType`` too, which the SDK adds, and which the count left out (a map of 400 tokens was 403
    as a client received it)."""
    return {"content": [{"type": "text", "text": text}], "structuredContent": structured, "isError": False,
            "resultType": "complete"}


def fit_structured(view: GraphView, text: str, structured: dict[str, Any], max_tokens: int) -> dict[str, Any]:
    """``structured`` with its ``stale`` list shortened until the reply fits ``max_tokens`` (for
    answers whose text is fixed: a planned chunk, a map). The rest of it is small and reserved for."""
    stale = list(structured.get("stale", []))
    while stale and reply_tokens(view, text, {**structured, "stale": stale}) > max_tokens:
        stale.pop()
    return {**structured, "stale": stale}


class GraphView:
    """A snapshot with the lookup tables the tools need, built lazily once per snapshot."""

    def __init__(self, snapshot: Snapshot, short_ids: ShortIds, counter: TokenCounter,
                 executor: Executor | None = None) -> None:
        self.snapshot = snapshot
        self.graph: Graph = snapshot.graph
        self.short_ids = short_ids
        self.counter = counter
        self.symbols = SymbolIndex(snapshot.graph)
        self._lock = threading.Lock()
        self._executor = executor
        self._memo: OrderedDict[Hashable, Future[Any]] = OrderedDict()
        self._catalogs: dict[bool, Catalog] = {}

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

    def catalog(self, *, edges: bool) -> Catalog:
        """The catalog pages are measured with: each symbol's line and edge lines, rendered and
        counted once per snapshot (:mod:`codeknit.skeleton.budget`)."""
        with self._lock:
            found = self._catalogs.get(edges)
            if found is None:
                found = self._catalogs[edges] = Catalog(self.graph, self.measure, edges=edges)
            return found

    @cached_property
    def measure(self) -> Measure:
        return Measure(self.counter)

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

    @property
    def by_path(self) -> dict[str, list[Symbol]]:
        return self.symbols.by_path

    @property
    def names(self) -> dict[str, list[Symbol]]:
        return self.symbols.names

    def dotted(self, symbol: Symbol) -> str:
        return self.symbols.dotted(symbol)

    @cached_property
    def paths(self) -> list[str]:
        """Every indexed file (with or without symbols), sorted."""
        return sorted({f.path for f in self.graph.files} | set(self.by_path))

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
            self.symbols.warm()
            for name in ("renderer", "order", "relation_order", "paths", "unresolved_by_name"):
                getattr(self, name)

    def meta(self, freshness: Freshness, extra: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """``[meta]``: the format and run, a tool's own lines, and ``stale`` when the index is behind."""
        meta = self.renderer.meta()
        meta.extend(extra)
        if freshness.stale:
            paths = freshness.stale_paths
            shown = ", ".join(paths[:5]) + (f" and {len(paths) - 5} more" if len(paths) > 5 else "")
            meta.append(("stale", f"the index is being refreshed; not yet reflected: {shown or 'a rescan'}"))
        return meta

    def position(self, symbol: Symbol | None) -> int:
        """A symbol's place in the graph's order (after every symbol when None or unknown)."""
        order = self.order
        return order.get(symbol.id, len(order)) if symbol is not None else len(order)

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

    def resolve(self, ref: str, *, argument: str = "symbol") -> Symbol:
        """The symbol a tool argument names (any form :class:`SymbolIndex` accepts); a short id of a
        symbol that existed earlier in this session says what it was."""
        text = ref.strip()
        if SHORT_ID.fullmatch(text) and self.graph.get(text) is None:
            full = self.short_ids.full_id(text)
            if full is not None:
                raise ToolFailure(f"{argument}: {text} was {full}, which no longer exists (its file changed); "
                                  "look it up again with find_symbol")
            raise ToolFailure(f"{argument}: no symbol has the short id {text} in this session; short ids come from "
                              "earlier answers of this server")
        try:
            return self.symbols.lookup(text)
        except SymbolLookupError as problem:
            message = str(problem)
            if message.startswith("no symbol ") and "short id" not in message:
                message += ". find_symbol searches by substring or regex"
            raise ToolFailure(f"{argument}: {message}") from None
