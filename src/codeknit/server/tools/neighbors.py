"""``neighbors``: a symbol's edge neighbourhood, with every uncertain edge shown and counted."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel, Field

from codeknit.graph import EdgeKind, Relation, Resolution, Symbol
from codeknit.server.limits import DEFAULT_MAX_TOKENS, Deadline, ToolFailure, request_digest
from codeknit.server.live import Freshness
from codeknit.server.pages import Position, Unit, cursor_text, more_text, paginate, range_text, start_position
from codeknit.server.tools.common import READ_ONLY, CursorArg, MaxTokens, Minify, SymbolRef, SymbolRefOut
from codeknit.server.view import Answer, GraphView, stale_paths
from codeknit.server.workspace import Workspace

NAME = "neighbors"
EDGE_KINDS = tuple(kind.value for kind in EdgeKind)
DESCRIPTION = (
    "Use to see who calls, imports, inherits or references a symbol, and what it uses. [meta] counts edges by "
    "resolution; 'in' also counts unresolved uses of the name anywhere: callers may exist even when none is "
    "listed. depth>1 follows resolved edges."
)


class Counts(BaseModel):
    resolved: int
    ambiguous: int
    unresolved: int


class NeighborRef(BaseModel):
    id: str
    short: str
    distance: int


class NeighborsOutput(BaseModel):
    focus: SymbolRefOut
    counts: dict[str, Counts]
    symbols: list[NeighborRef]
    tokens: int
    truncated: bool
    cursor: str | None
    stale: list[str]


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
    focus = view.resolve(symbol)
    wanted = edge_kinds(kinds)
    outgoing_on = direction in ("out", "both")
    incoming_on = direction in ("in", "both")
    distance: dict[str, int] = {focus.id: 0}
    relations: dict[int, Relation] = {}
    out_counts, in_counts = _Counts(), _Counts()
    frontier = [focus]
    for level in range(1, depth + 1):
        deadline.check()
        following: list[Symbol] = []
        for number, current in enumerate(frontier):
            if number % 256 == 255:  # a deep walk over a large graph visits many symbols per level
                deadline.check()
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
    ranked = sorted(distance, key=lambda i: (distance[i], view.position(graph.get(i))))
    rank = {symbol_id: number for number, symbol_id in enumerate(ranked)}
    # an edge goes with the farthest of its endpoints, so each page shows edges between symbols it can name
    attached: dict[str, list[Relation]] = {}
    position = view.relation_order
    for relation in sorted(relations.values(), key=lambda r: position.get(id(r), len(position))):
        ends = [relation.source, relation.target, *relation.candidates]
        owner = max((e for e in ends if e in rank), key=rank.__getitem__, default=relation.source)
        attached.setdefault(owner, []).append(relation)
    units = [Unit(i, graph.get(i), attached.get(i, [])) for i in ranked]  # type: ignore[arg-type]
    kind_names = sorted(k.value for k in wanted)
    request = request_digest({"symbol": focus.id, "depth": depth, "direction": direction, "kinds": kind_names,
                              "uncertain": include_uncertain, "minify": minify})
    at, note = start_position(cursor, tool=NAME, request=request, units=units)
    summary = [
        ("focus", f"{focus.short} {focus.id}"),
        ("query", f"depth={depth} direction={direction} kinds={','.join(kind_names)}"),
    ]
    if outgoing_on:
        summary.append(("out", _count_text(out_counts, uncertain_listed=include_uncertain)))
    if incoming_on:
        summary.append(("in", _count_text(in_counts, uncertain_listed=include_uncertain, by_name=focus.name)))
    version = view.snapshot.version

    def meta(shown: list[Unit], at: Position, following: Position | None, skipped: str) -> list[tuple[str, str]]:
        lines = [*summary, ("symbols", range_text(at, shown, len(units)))]
        lines += [("note", text) for text in (note, skipped) if text]
        if following is not None:
            lines.append(("truncated", f"{more_text(units, following)}; call again with this cursor"))
            lines.append(("cursor", cursor_text(NAME, request, units, following, version) or ""))
        return view.meta(freshness, lines)

    def structured(_shown: Any, lines: list[Symbol], following: Position | None, tokens: int) -> dict[str, Any]:
        return {
            "focus": {"id": focus.id, "short": focus.short},
            "counts": {**({"out": out_counts.as_dict()} if outgoing_on else {}),
                       **({"in": in_counts.as_dict()} if incoming_on else {})},
            "symbols": [{"id": s.id, "short": s.short, "distance": distance[s.id]} for s in lines],
            "tokens": tokens,
            "truncated": following is not None,
            "cursor": cursor_text(NAME, request, units, following, version),
            "stale": stale_paths(freshness),
        }

    page = paginate(view, units, at, edges=True, minify=minify, meta=meta, structured=structured,
                    max_tokens=max_tokens, deadline=deadline, canonical_edges=True)
    return Answer(page.text, page.structured)


def edge_kinds(kinds: Sequence[str] | None) -> frozenset[EdgeKind]:
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


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name=NAME, title="Edge neighbourhood of a symbol", annotations=READ_ONLY, description=DESCRIPTION)
    async def neighbors_tool(
        symbol: SymbolRef,
        depth: Annotated[int, Field(strict=True, ge=1, le=4, description="Edges away (1-4).")] = 1,
        direction: Annotated[Literal["in", "out", "both"], Field(
            description="in: callers, subclasses, importers; out: what it uses.")] = "both",
        kinds: Annotated[list[str] | None, Field(
            max_length=len(EdgeKind), description="Only these edge kinds: " + ", ".join(EDGE_KINDS) + ".")] = None,
        include_uncertain: Annotated[bool, Field(
            strict=True, description="List [ambiguous] and [unresolved] edges (they are counted either way).")
        ] = True,
        minify: Minify = False,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, NeighborsOutput]:
        return await ws.answer(ctx, NAME, lambda view, fresh, deadline: neighbors(
            view, fresh, symbol=symbol, depth=depth, direction=direction, kinds=kinds,
            include_uncertain=include_uncertain, minify=minify, max_tokens=max_tokens, cursor=cursor,
            deadline=deadline), max_tokens=max_tokens)


__all__ = ["NeighborsOutput", "edge_kinds", "neighbors", "register"]
