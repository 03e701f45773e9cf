"""The :class:`Graph`: every symbol, relation and error of one run, with query helpers."""

from __future__ import annotations

import operator
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codeknit.graph.model import (
    EDGE_KIND_ORDER,
    RESOLUTION_ORDER,
    Category,
    Dependency,
    EdgeKind,
    FileError,
    FileRecord,
    Local,
    Project,
    Relation,
    Resolution,
    ResolutionMetrics,
    SkippedFile,
    Symbol,
)

#: the order of locals: by file, then declaring token
_LOCAL_ORDER = operator.attrgetter("path", "span")


def relation_order(order: Mapping[str, int]) -> Callable[[Relation], tuple[Any, ...]]:
    """The canonical sort key of relations, given each symbol id's position in the graph: by
    source, kind, resolution, target, candidates."""
    missing = len(order)

    def key(r: Relation) -> tuple[Any, ...]:
        return (order.get(r.source, missing), r.source, EDGE_KIND_ORDER[r.kind], RESOLUTION_ORDER[r.resolution],
                order.get(r.target, missing), r.target, r.candidates)

    return key


def _sort_relations(relations: list[Relation], order: Mapping[str, int]) -> None:
    """Sort ``relations`` in place by :func:`relation_order`: grouped by their source's position
    first, then each group by the whole key. The same order as one sort by that key (both are
    stable), without holding a key tuple for every relation at once (on the Go standard library,
    650,000 of them: the largest transient of a run)."""
    missing = len(order)
    groups: dict[int, list[Relation]] = {}
    for relation in relations:
        position = order.get(relation.source, missing)
        group = groups.get(position)
        if group is None:
            groups[position] = [relation]
        else:
            group.append(relation)
    key = relation_order(order)
    # within a symbol's group the source is the same: the rest of the key orders it as the whole key does
    kinds, resolutions, at = EDGE_KIND_ORDER, RESOLUTION_ORDER, order.get
    position = 0
    for source in sorted(groups):
        group = groups.pop(source)
        if len(group) > 1:
            if source == missing:
                group.sort(key=key)
            else:  # (the keys made in one comprehension, not a call each; the index keeps equal keys in order)
                keyed = sorted([(kinds[r.kind], resolutions[r.resolution], at(r.target, missing), r.target,
                                 r.candidates, i) for i, r in enumerate(group)])
                group = [group[k[5]] for k in keyed]
        relations[position:position + len(group)] = group
        position += len(group)


class UnknownSymbol(KeyError):
    """An id that names no symbol of the graph; the message says what the ids look like."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown symbol"


@dataclass(slots=True)
class Graph:
    """One model of the code; every output is a view of it.

    Symbols are kept in output order: files sorted by path, then symbols in
    source order (a parent before its children). :meth:`finalize` assigns the
    short ids ``S1``, ``S2`` … in that order and sorts relations, so the same
    input always gives the same graph.
    """

    root: str = ""
    fingerprint: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    files: list[FileRecord] = field(default_factory=list)
    symbols: list[Symbol] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)
    projects: list[Project] = field(default_factory=list)
    dependencies: list[Dependency] = field(default_factory=list)
    #: parameters, local variables and type parameters with their uses, by file and position
    locals: list[Local] = field(default_factory=list)
    #: how the run's use sites were resolved; :meth:`finalize` computes it from the relations
    metrics: ResolutionMetrics = field(default_factory=ResolutionMetrics)
    _by_id: dict[str, Symbol] = field(default_factory=dict, repr=False)
    _by_short: dict[str, Symbol] = field(default_factory=dict, repr=False)
    _out: dict[str, list[Relation]] | None = field(default=None, repr=False)
    _in: dict[str, list[Relation]] | None = field(default=None, repr=False)
    #: the path the tree was indexed as, spelled as the caller wrote it and as an absolute path
    #: (see :meth:`located_at`): ids written from the caller's side (``src/app.py::run``) are found too
    _locations: tuple[str, ...] = field(default=(), repr=False)

    # -- building -------------------------------------------------------------

    def finalize(self, *, presorted: bool = False, metrics: ResolutionMetrics | None = None) -> Graph:
        """Sort everything into its canonical order and number the symbols.

        ``presorted``: the lists come from a graph that was finalized before (a cached one),
        so only the lookups are rebuilt, and the metrics unless that graph's ``metrics`` are given.
        """
        self.files.sort(key=lambda f: f.path)
        self.errors.sort(key=lambda e: (e.path, e.message))
        self.skipped.sort(key=lambda s: (s.path, s.reason))
        self.projects.sort(key=lambda p: p.path)
        self.dependencies.sort(key=lambda d: (d.project, d.manifest, d.scope, d.name))
        self.locals.sort(key=_LOCAL_ORDER)
        self._by_id = {}
        self._by_short = {}
        for number, symbol in enumerate(self.symbols, start=1):
            symbol.short = f"S{number}"
            self._by_id[symbol.id] = symbol
            self._by_short[symbol.short] = symbol
        if presorted:
            self._out = self._in = None
            self.metrics = metrics if metrics is not None else ResolutionMetrics.of(self.relations)
            return self
        _sort_relations(self.relations, {s.id: i for i, s in enumerate(self.symbols)})
        self._out = self._in = None
        self.metrics = ResolutionMetrics.of(self.relations)
        return self

    # -- lookups --------------------------------------------------------------

    def located_at(self, path: str | os.PathLike[str]) -> Graph:
        """Remember the path this graph was indexed from (``codeknit.index`` does it), so that ids
        written as the user sees the files (``src/app.py::run`` after ``index("src/")``) are found."""
        written = Path(path)
        root = written if written.is_dir() else written.parent
        spelled = [root.as_posix(), os.path.normpath(root).replace(os.sep, "/"), root.absolute().as_posix(),
                   root.resolve().as_posix()]  # as written first: error messages show that one
        self._locations = tuple(dict.fromkeys(p.rstrip("/") for p in spelled if p not in ("", ".")))
        return self

    def get(self, ref: str) -> Symbol | None:
        """A symbol by full id (relative to the indexed root, or with the path as it was indexed:
        ``src/app.py::Service.run`` after ``index("src/")``) or by short id."""
        found = self._by_id.get(ref) or self._by_short.get(ref)
        if found is not None or not self._locations:
            return found
        written = ref[2:] if ref.startswith("./") else ref
        for location in self._locations:
            if written.startswith(location + "/"):
                found = self._by_id.get(written[len(location) + 1:])
                if found is not None:
                    return found
        return None

    def require(self, ref: str) -> Symbol:
        """:meth:`get`, or :class:`UnknownSymbol` naming the closest ids when nothing matches."""
        found = self.get(ref)
        if found is not None:
            return found
        tail = ref.rsplit("::", 1)[-1]
        similar = [s.id for s in self.symbols if tail and (s.qualname == tail or s.name == tail)][:5]
        hint = f"; symbols named {tail!r}: {', '.join(similar)}" if similar else ""
        where = f" (ids are relative to the indexed root {self._locations[0]})" if self._locations else ""
        raise UnknownSymbol(f"no symbol {ref!r} in this graph{where}{hint}")

    def __contains__(self, symbol_id: object) -> bool:
        return symbol_id in self._by_id

    def is_endpoint(self, relation: Relation) -> bool:
        """Does the relation's target denote a symbol of this graph (:meth:`endpoint`)?"""
        return self.endpoint(relation) is not None

    def endpoint(self, relation: Relation) -> Symbol | None:
        """The symbol of this graph that the relation's target denotes, if any.

        Resolved targets do. An uncertain relation's target is a written name
        (spelled relative to its file), which may coincide with a real id; it
        denotes a symbol only when that symbol is metadata standing for the
        written text itself, such as a C ``#include`` spelling.
        """
        target = self._by_id.get(relation.target)
        if target is None or (relation.resolution is not Resolution.RESOLVED
                              and target.kind.category is not Category.META):
            return None
        return target

    def short_of(self, symbol_id: str) -> str | None:
        symbol = self._by_id.get(symbol_id)
        return symbol.short if symbol else None

    def symbols_in(self, path: str) -> list[Symbol]:
        return [s for s in self.symbols if s.path == path]

    def symbols_named(self, name: str, *, regex: bool = False) -> list[Symbol]:
        """Symbols whose simple or qualified name is ``name`` (or matches it as a regex)."""
        if regex:
            pattern = re.compile(name)
            return [s for s in self.symbols if pattern.search(s.qualname or s.name)]
        return [s for s in self.symbols if name in (s.name, s.qualname)]

    def _index_relations(self) -> None:
        out: dict[str, list[Relation]] = defaultdict(list)
        into: dict[str, list[Relation]] = defaultdict(list)
        for relation in self.relations:
            out[relation.source].append(relation)
            if self.is_endpoint(relation):
                into[relation.target].append(relation)
            for candidate in relation.candidates:
                into[candidate].append(relation)
        self._out, self._in = dict(out), dict(into)

    def outgoing(self, symbol_id: str, kinds: Iterable[EdgeKind] | None = None) -> list[Relation]:
        if self._out is None:
            self._index_relations()
        assert self._out is not None
        wanted = set(kinds) if kinds is not None else None
        return [r for r in self._out.get(symbol_id, ()) if wanted is None or r.kind in wanted]

    def incoming(self, symbol_id: str, kinds: Iterable[EdgeKind] | None = None) -> list[Relation]:
        """Relations that end at ``symbol_id``, or name it as a candidate."""
        if self._in is None:
            self._index_relations()
        assert self._in is not None
        wanted = set(kinds) if kinds is not None else None
        return [r for r in self._in.get(symbol_id, ()) if wanted is None or r.kind in wanted]

    def callers(self, symbol_id: str, *, include_uncertain: bool = False) -> list[Relation]:
        """The ``calls`` relations into a symbol (any id :meth:`get` accepts; :class:`UnknownSymbol`
        when there is none, rather than an empty answer that would read as "nothing calls it")."""
        return [
            r
            for r in self.incoming(self.require(symbol_id).id, (EdgeKind.CALLS,))
            if include_uncertain or r.resolution is Resolution.RESOLVED
        ]

    def callees(self, symbol_id: str, *, include_uncertain: bool = False) -> list[Relation]:
        """The ``calls`` relations out of a symbol (as :meth:`callers` takes it)."""
        return [
            r
            for r in self.outgoing(self.require(symbol_id).id, (EdgeKind.CALLS,))
            if include_uncertain or r.resolution is Resolution.RESOLVED
        ]

    def project_of(self, path: str) -> Project | None:
        """The project whose sub-root is the longest prefix of ``path`` (``None`` when none holds it)."""
        best: Project | None = None
        for project in self.projects:
            if project.contains(path) and (best is None or len(project.path) > len(best.path)):
                best = project
        return best

    def children(self, symbol_id: str) -> Iterator[Symbol]:
        """The symbols directly inside one (as :meth:`callers` takes it)."""
        parent = self.require(symbol_id).id
        return (s for s in self.symbols if s.parent == parent)
