"""``find_references``: every place a symbol is used, at its token, with the line it is on.

An occurrence is one use site of one relation into the symbol: a call, a value read or write, an
import of its name, a type, a base, a decorator. Resolved occurrences come first (by file and
position), then the ones where the symbol is one of an ambiguous use's candidates, then, when
asked for, unresolved uses of the same name that the resolver could not bind (they may or may not
be this symbol). Each line shows the occurrence's source line as the file is now.
"""

import dataclasses
import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel, Field

from codeknit.graph import EdgeKind, Relation, Resolution, Symbol
from codeknit.graph.model import Role
from codeknit.server.limits import DEFAULT_MAX_TOKENS, Cursor, Deadline, ToolFailure, request_digest
from codeknit.server.live import Freshness
from codeknit.server.paths import Confinement
from codeknit.server.tools.common import READ_ONLY, CursorArg, MaxTokens, SymbolRef, SymbolRefOut
from codeknit.server.view import Answer, GraphView, reply_tokens, stale_paths
from codeknit.server.workspace import Workspace
from codeknit.skeleton.budget import fit_prefix

NAME = "find_references"
#: what an occurrence does with the symbol, by the relation's kind (a value use's own role wins)
_KIND_ROLE = {
    EdgeKind.CALLS: "call",
    EdgeKind.IMPORTS: "import",
    EdgeKind.INHERITS: "base",
    EdgeKind.IMPLEMENTS: "base",
    EdgeKind.DECORATES: "decorator",
    EdgeKind.REFERENCES: "type",  # a references relation without roles holds type uses only
}
ROLES = ("call", "read", "write", "import", "type", "base", "decorator")
DESCRIPTION = (
    "Use before changing a symbol: every place it is used (calls, reads, writes, imports, types, bases, "
    "decorators) as path:line:col with the source line. Ambiguous uses (it is one of several candidates) and "
    "unresolved uses of the same name follow the resolved ones and are marked."
)
_LINE_WIDTH = 160


class ReferenceOut(BaseModel):
    path: str
    line: int
    column: int
    role: str
    resolution: str


class ReferencesOutput(BaseModel):
    focus: SymbolRefOut
    counts: dict[str, int]
    references: list[ReferenceOut]
    total: int
    truncated: bool
    cursor: str | None
    stale: list[str]


@dataclass(frozen=True, slots=True)
class Occurrence:
    path: str
    line: int
    column: int
    role: str
    resolution: Resolution
    source: str  # the symbol whose code holds the use
    candidates: int  # of an ambiguous use: how many definitions it may be

    @property
    def order(self) -> tuple[int, str, int, int, str]:
        rank = (Resolution.RESOLVED, Resolution.AMBIGUOUS, Resolution.UNRESOLVED).index(self.resolution)
        return (rank, self.path, self.line, self.column, self.role)


def occurrences(view: GraphView, focus: Symbol, *, uncertain: bool) -> list[Occurrence]:
    """Every use site of ``focus``, each once, in the order the tool lists them."""
    graph = view.graph
    relations = [r for r in graph.incoming(focus.id) if r.kind in _KIND_ROLE]
    if uncertain:
        relations += [r for r in view.unresolved_by_name.get(focus.name, ()) if r.kind in _KIND_ROLE]
    found: dict[tuple[str, int, int], Occurrence] = {}
    called: set[tuple[str, int, int]] = set()  # the tokens a call relation names the symbol at
    for relation in relations:
        if relation.source == focus.id and relation.kind is EdgeKind.IMPORTS:
            continue
        source = graph.get(relation.source)
        if source is None:
            continue
        listed = uncertain or relation.resolution is Resolution.RESOLVED
        for index, span in enumerate(relation.spans):
            key = (source.path, span[0], span[1])
            if relation.kind is EdgeKind.CALLS:
                called.add(key)  # (an uncertain call too: the read at its token is still a call's)
            if not listed:
                continue
            role = _role(relation, index)
            occurrence = Occurrence(source.path, span[0], span[1] + 1, role, relation.resolution, source.id,
                                    len(relation.candidates))
            known = found.get(key)
            if known is None or occurrence.order < known.order:
                found[key] = occurrence
    # a call's token that is also a read of the symbol (Python's declared method beside the analysis's dispatch:
    # ``self.step()`` reads ``Base.step`` and may run an override) is a call of it, as certain as the read
    for key in called:
        listed_there = found.get(key)
        if listed_there is not None and listed_there.role == "read":
            found[key] = dataclasses.replace(listed_there, role="call")
    return sorted(found.values(), key=lambda o: o.order)


def _role(relation: Relation, index: int) -> str:
    roles = relation.roles
    if roles is not None and index < len(roles) and roles[index] is not Role.TYPE:
        return roles[index].value
    return _KIND_ROLE.get(relation.kind, relation.kind.value)


class _Lines:
    """The source lines of the files a page shows, read once per call, and whether each file
    changed since it was indexed."""

    def __init__(self, view: GraphView, confinement: Confinement) -> None:
        self.view, self.confinement = view, confinement
        self.files: dict[str, list[str] | None] = {}
        self.changed: set[str] = set()

    def line(self, path: str, number: int) -> str:
        if path not in self.files:
            self.files[path] = self._read(path)
        lines = self.files[path]
        if lines is None or not 0 < number <= len(lines):
            return ""
        text = lines[number - 1].strip()
        return text if len(text) <= _LINE_WIDTH else text[:_LINE_WIDTH - 1] + "…"

    def _read(self, path: str) -> list[str] | None:
        self.confinement.relative(path, argument="symbol")  # graph paths come from the scan; check anyway
        try:
            data = (self.confinement.root / path).read_bytes()
        except OSError:
            return None
        record = self.view.snapshot.files.get(path)
        if record is not None and record.sha256 and hashlib.sha256(data).hexdigest() != record.sha256:
            self.changed.add(path)
        return data.decode("utf-8", "replace").split("\n")


def find_references(view: GraphView, freshness: Freshness, confinement: Confinement, *, symbol: str,
                    roles: Sequence[str] | None, include_uncertain: bool, max_tokens: int, cursor: str | None,
                    deadline: Deadline) -> Answer:
    focus = view.resolve(symbol)
    wanted = _roles(roles)
    counted = [o for o in occurrences(view, focus, uncertain=True) if wanted is None or o.role in wanted]
    listed = counted if include_uncertain else [o for o in counted if o.resolution is Resolution.RESOLVED]
    deadline.check()
    counts = Counter(o.resolution.value for o in counted)
    by_role = Counter(o.role for o in counted if o.resolution is Resolution.RESOLVED)
    files = len({o.path for o in counted if o.resolution is Resolution.RESOLVED})
    request = request_digest({"symbol": focus.id, "roles": sorted(wanted or ()), "uncertain": include_uncertain})
    start = min(Cursor.decode(cursor, tool=NAME, request=request).offset, len(listed)) if cursor else 0
    rest = listed[start:]
    lines = _Lines(view, confinement)
    shorts = {o.source: _holder(view.graph.get(o.source) or focus) for o in rest}
    summary = [f"{counts[Resolution.RESOLVED.value]} resolved in {files} file{'s' if files != 1 else ''}"]
    if by_role:
        summary[0] += " (" + ", ".join(f"{n} {role}" for role, n in sorted(by_role.items(),
                                                                          key=lambda item: (-item[1], item[0]))) + ")"
    summary.append(f"{counts[Resolution.AMBIGUOUS.value]} ambiguous (this symbol is one of the candidates)")
    summary.append(f"{counts[Resolution.UNRESOLVED.value]} unresolved uses of the name {focus.name!r} "
                   "(may or may not be this symbol)")
    if not include_uncertain and len(counted) > len(listed):
        summary.append("those uncertain ones not listed (include_uncertain=false)")
    definition = f"{focus.path}:{focus.span[0]}:{focus.span[1] + 1}"

    def build(k: int) -> str:
        out = [f"## references to {focus.short} {focus.id} ({focus.kind.label}, defined at {definition})",
               "# " + "; ".join(summary)]
        if wanted is not None:
            out.append("# roles: " + ", ".join(sorted(wanted)))
        if freshness.stale:
            out.append("# note: the index is being refreshed; these come from the previous snapshot")
        body: list[str] = []
        path = None
        for o in rest[:k]:
            if o.path != path:
                path = o.path
                body.append(o.path)
            mark = ""
            if o.resolution is Resolution.AMBIGUOUS:
                mark = f" [ambiguous {o.candidates}]"
            elif o.resolution is Resolution.UNRESOLVED:
                mark = " [unresolved]"
            body.append(f"  {o.line}:{o.column} {o.role} in {shorts[o.source]}{mark} | {lines.line(o.path, o.line)}")
        changed = sorted(p for p in lines.changed if p in {o.path for o in rest[:k]})
        if changed:
            out.append("# note: changed since indexed, positions may have moved: " + ", ".join(changed))
        if not listed:
            out.append("# no references found")
        elif start or k < len(rest):
            out.append(f"# references {start + 1}-{start + k} of {len(listed)}")
        out += body
        if start + k < len(listed):
            out.append(f"# truncated: {len(listed) - start - k} more; call again with "
                       f"cursor={Cursor(NAME, request, start + k).encode()}")
        return "\n".join(out) + "\n"

    def structured(k: int) -> dict[str, Any]:
        truncated = start + k < len(listed)
        return {
            "focus": {"id": focus.id, "short": focus.short},
            "counts": {r.value: counts[r.value] for r in (Resolution.RESOLVED, Resolution.AMBIGUOUS,
                                                          Resolution.UNRESOLVED)},
            "references": [{"path": o.path, "line": o.line, "column": o.column, "role": o.role,
                            "resolution": o.resolution.value} for o in rest[:k]],
            "total": len(listed),
            "truncated": truncated,
            "cursor": Cursor(NAME, request, start + k).encode() if truncated else None,
            "stale": stale_paths(freshness),
        }

    fitted = fit_prefix(len(rest), lambda k: Answer(build(k), structured(k)),
                        lambda answer: reply_tokens(view, answer.text, answer.structured), max_tokens,
                        check=deadline.check)
    return fitted.value


def _holder(symbol: Symbol) -> str:
    """The symbol whose code holds a use, as a reference line names it: its short id and name."""
    return f"{symbol.short} {symbol.name}"


def _roles(roles: Sequence[str] | None) -> frozenset[str] | None:
    if not roles:
        return None
    unknown = [r for r in roles if r not in ROLES]
    if unknown:
        raise ToolFailure(f"roles: unknown role {unknown[0]!r}; use any of {', '.join(ROLES)}")
    return frozenset(roles)


def register(server: MCPServer[Any], ws: Workspace) -> None:
    @server.tool(name=NAME, title="Every use of a symbol", annotations=READ_ONLY, description=DESCRIPTION)
    async def find_references_tool(
        symbol: SymbolRef,
        roles: Annotated[list[Literal["call", "read", "write", "import", "type", "base", "decorator"]] | None,
                         Field(max_length=len(ROLES), description="Only these uses.")] = None,
        include_uncertain: Annotated[bool, Field(
            strict=True, description="Also list ambiguous uses and unresolved uses of the name (counted either way).")
        ] = True,
        max_tokens: MaxTokens = DEFAULT_MAX_TOKENS,
        cursor: CursorArg = None,
        ctx: Context = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, ReferencesOutput]:
        return await ws.answer(ctx, NAME, lambda view, fresh, deadline: find_references(
            view, fresh, ws.confinement, symbol=symbol, roles=roles, include_uncertain=include_uncertain,
            max_tokens=max_tokens, cursor=cursor, deadline=deadline), max_tokens=max_tokens)


__all__ = ["Occurrence", "ReferencesOutput", "find_references", "occurrences", "register"]
