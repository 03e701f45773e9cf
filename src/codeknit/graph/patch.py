"""A finished graph with some files' symbols and relations replaced, without rebuilding the rest.

An edit that leaves a file's interface unchanged (:mod:`codeknit.resolve.interface`) keeps every
symbol id and every other file's relations as they were. The new graph is then the old one with
that file's records swapped: its symbols (same ids in the same order, new spans and docs), the
relations whose source is one of its symbols, its error records and file record. Finalizing a
whole graph again sorts every relation and counts every use site; on a large project that costs
more than resolving the edited file. :func:`replace_files` does the same work in proportion to
the edit and gives the graph :meth:`Graph.finalize` would give, byte for byte (tests compare
them). The old graph is not changed: readers may still hold it.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping

from codeknit.graph.graph import Graph, relation_order
from codeknit.graph.model import (
    EDGE_KIND_ORDER,
    EdgeKind,
    FileError,
    FileRecord,
    Local,
    Relation,
    ResolutionCounts,
    ResolutionMetrics,
    Symbol,
)


class PatchMismatch(ValueError):
    """The replacement does not have the old files' symbols: the interface changed after all."""


def replace_files(
    graph: Graph,
    paths: Collection[str],
    symbols: Iterable[Symbol],
    relations: Iterable[Relation],
    files: Iterable[FileRecord],
    errors: Iterable[FileError],
    fingerprint: str,
    locals_: Iterable[Local] = (),
) -> Graph:
    """``graph`` with the records of ``paths`` replaced by the given ones.

    ``symbols``: every symbol of those files, with the ids the old graph has for them;
    ``relations``: every relation whose source is one of them; ``files`` and ``errors``: the
    files' records; ``locals_``: their locals. Raises :class:`PatchMismatch` when the symbol ids differ.
    """
    changed = frozenset(paths)
    fresh = {s.id: s for s in symbols}
    new_symbols: list[Symbol] = []
    replaced: list[Symbol] = []
    for symbol in graph.symbols:
        if symbol.path in changed:
            new = fresh.pop(symbol.id, None)
            if new is None:
                raise PatchMismatch(f"{symbol.id} is gone")
            new.short = symbol.short
            new_symbols.append(new)
            replaced.append(new)
        else:
            new_symbols.append(symbol)
    if fresh:
        raise PatchMismatch(f"new symbols: {', '.join(sorted(fresh)[:3])}")

    order = {s.id: i for i, s in enumerate(new_symbols)}
    ids = frozenset(s.id for s in replaced)
    key = relation_order(order)
    incoming = sorted(relations, key=key)
    if any(r.source not in ids for r in incoming):
        raise PatchMismatch("a replacement relation starts outside the replaced files")
    # the old relations are sorted with the source's position first, so each file's relations
    # form one run: drop the changed files' runs and merge the new relations in at their place
    new_relations: list[Relation] = []
    dropped: list[Relation] = []
    pending = iter(incoming)
    waiting = next(pending, None)
    for relation in graph.relations:
        if relation.source in ids:
            dropped.append(relation)
            continue
        position = order.get(relation.source, len(order))
        while waiting is not None and order[waiting.source] < position:
            new_relations.append(waiting)
            waiting = next(pending, None)
        new_relations.append(relation)
    if waiting is not None:
        new_relations.append(waiting)
        new_relations.extend(pending)

    patched = Graph(
        root=graph.root,
        fingerprint=fingerprint,
        options=graph.options,
        files=sorted([f for f in graph.files if f.path not in changed] + list(files), key=lambda f: f.path),
        symbols=new_symbols,
        relations=new_relations,
        errors=sorted([e for e in graph.errors if e.path not in changed] + list(errors),
                      key=lambda e: (e.path, e.message)),
        skipped=graph.skipped,
        projects=graph.projects,
        dependencies=graph.dependencies,
        locals=sorted([local for local in graph.locals if local.path not in changed] + list(locals_),
                      key=lambda local: (local.path, local.span)),
        metrics=_updated_metrics(graph.metrics, dropped, incoming),
    )
    patched._by_id = {**graph._by_id, **{s.id: s for s in replaced}}
    patched._by_short = {**graph._by_short, **{s.short: s for s in replaced}}
    if graph._out is not None and graph._in is not None:
        patched._out, patched._in = _patched_indexes(patched, order, graph._out, graph._in, ids, dropped, incoming)
    return patched


def _updated_metrics(metrics: ResolutionMetrics, removed: list[Relation], added: list[Relation]) -> ResolutionMetrics:
    """``metrics`` less the counts of ``removed``, plus those of ``added`` (a kind with no use site
    left is dropped, as :meth:`ResolutionMetrics.of` never lists one)."""
    rows = {kind: list(counts.as_dict().values()) for kind, counts in metrics.by_kind.items()}
    for sign, group in ((-1, ResolutionMetrics.of(removed)), (1, ResolutionMetrics.of(added))):
        for kind, counts in group.by_kind.items():
            row = rows.setdefault(kind, [0, 0, 0, 0, 0])
            for i, value in enumerate(counts.as_dict().values()):
                row[i] += sign * value
    kinds = sorted((k for k, row in rows.items() if row[0]), key=lambda k: EDGE_KIND_ORDER[EdgeKind(k)])
    by_kind = {kind: ResolutionCounts(*rows[kind]) for kind in kinds}
    total = ResolutionCounts(*(sum(rows[kind][i] for kind in kinds) for i in range(5)))
    return ResolutionMetrics(total, by_kind)


def _patched_indexes(
    graph: Graph, order: Mapping[str, int], out: Mapping[str, list[Relation]], into: Mapping[str, list[Relation]],
    ids: frozenset[str], removed: list[Relation], added: list[Relation],
) -> tuple[dict[str, list[Relation]], dict[str, list[Relation]]]:
    """The relation lookups of the patched graph from the old ones: only the lists that held a
    removed relation or get an added one are rebuilt, each in relation order as before."""
    new_out = dict(out)
    for symbol_id in ids:
        new_out.pop(symbol_id, None)
    for relation in added:
        new_out.setdefault(relation.source, []).append(relation)
    gone = {id(r) for r in removed}
    arrivals: dict[str, list[Relation]] = defaultdict(list)
    for relation in added:
        if graph.is_endpoint(relation):
            arrivals[relation.target].append(relation)
        for candidate in relation.candidates:
            arrivals[candidate].append(relation)
    touched = set(arrivals)
    for relation in removed:
        touched.add(relation.target)
        touched.update(relation.candidates)
    new_in = dict(into)

    def position(relation: Relation) -> int:
        return order[relation.source]

    for target in touched:
        # each list is in relation order, whose first key is the source's position; the replaced
        # relations' sources are the edited files' symbols, so a merge on it puts them where a sort would
        kept = [r for r in into.get(target, ()) if id(r) not in gone]
        merged = list(heapq.merge(kept, arrivals.get(target, ()), key=position))
        if merged:
            new_in[target] = merged
        else:
            new_in.pop(target, None)
    return new_out, new_in
