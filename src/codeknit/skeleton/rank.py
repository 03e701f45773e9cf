"""Which symbols matter most: a PageRank over the graph, the repository map, and ranked chunks.

Ranking
=======
:func:`rank` is a function of a :class:`~codeknit.graph.Graph` (and optional focus), so the CLI
and the MCP server share it, and a cached index can keep its result.

* **Nodes** are the symbols, except metadata (``meta/*``: type parameters, files, includes),
  which the ``.skt`` spec keeps out of dependency rankings.
* **Edges** are the relations ``calls``, ``references``, ``inherits``, ``implements`` and
  ``imports``, from the symbol whose body holds the use to the symbol used. Only resolved
  relations count, once for their target: the ``.skt`` spec keeps uncertain relations in the
  output but out of dependency metrics. An ambiguous relation is a guess (``items.append``
  matching every project method called ``append``), and an unresolved one names nothing in the
  project. ``contains`` (structure, not use), ``overrides`` and ``decorates`` are left out too.
  A relation used at several places weighs ``sqrt(uses)``; self-loops are dropped.
* **PageRank** with damping 0.85, run until the ranks change by less than ``1e-6`` per symbol
  in total (networkx's criterion; at most 100 rounds). A symbol passes on rank along its edges
  in proportion to their weights, but at most one resolved use's worth per unit of weight: the
  share of a symbol whose edges weigh less than 1 in all (lighter kinds only), like the rank of
  a symbol that uses nothing, flows back according to the personalisation vector.
* **Personalisation.** Without focus it is uniform. With ``focus`` (files or symbols) the
  focused symbols share 60% of it, their neighbours (one relation away in either direction,
  and their containing and contained symbols) 30%, and every symbol 10%. The order then puts
  the focused symbols first, their neighbours next and everything else after, each group by
  score: a focused file comes first even when the project has much busier hubs, and the rest
  of the order favours what is close to the focus.
* **Boosts and penalties** multiply the PageRank score (see :class:`RankWeights`):

  ============================  ======  ==================================================
  entry point                   × 2     a file-level ``main``; the module of ``__main__.py``,
                                        ``main.*``, ``manage.py``, ``cli.*`` or ``index.*``
  public API                    × 2     ``exported`` symbols, and members of exported types
                                        that are not ``private``/``protected``
  package API                   × 4     file-level public names of the package's surface: the root module
                                        (the shallowest ``__init__.py``, ``index.*``,
                                        ``lib.rs``, ``mod.rs``) and the modules it imports or
                                        re-exports (``asyncio.run``, ``gather``)
  internal module               × 0.5   a file outside that surface, when the project has one
                                        (not an entry-point, test or generated file)
  test file                     × 0.1   by the scanner's test-file rules
  generated or vendored code    × 0.1   ``*_pb2.py``, ``*.pb.go``, ``*.generated.*``,
                                        ``*.min.js``, ``migrations/``, ``vendor/``,
                                        ``third_party/``, or a module docstring saying it is
                                        generated
  ============================  ======  ==================================================

* **Ties** are broken by the graph's order (file path, then source order). Scores are rounded
  to 12 significant digits first, so float noise cannot reorder the output. Nothing depends on
  hash seeds or the clock: the same graph gives the same bytes.

Fitting the map
===============
:func:`repo_map` walks the ranking, best first, and adds each symbol together with the
containing symbols it lacks (its class, its module line), as long as the whole document stays
within the budget, counted exactly (:mod:`codeknit.skeleton.budget`). It keeps looking past a
symbol that does not fit for smaller ones that do. If the result is still more than 1% short
of the budget, it tries swaps: one of the last symbols taken out for a better-fitting one of
the best that are left out. The map is never over the budget; it is within 2% of it whenever
the project has more than the budget to show (the tests check this from 256 to 32,000 tokens).
The map lists symbols in the graph's order, like ``parse``.
"""

from __future__ import annotations

import math
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import mul, sub

from codeknit.graph import Category, EdgeKind, Graph, Resolution, Symbol
from codeknit.graph.model import carried_uses
from codeknit.skeleton.budget import (
    BudgetedChunk,
    Catalog,
    ChunkSet,
    Measure,
    Tally,
    TokenBudgetError,
    chunk_catalog,
    finish,
    plan_chunk_set,
    rank_order,
)
from codeknit.skeleton.document import SktDocument
from codeknit.tokens import TokenCounter
from codeknit.workspace.testfiles import is_test_file

__all__ = [
    "DEFAULT_WEIGHTS",
    "FocusError",
    "RankWeights",
    "Ranking",
    "RepoMap",
    "rank",
    "ranked_chunks",
    "repo_map",
    "resolve_focus",
]


class FocusError(ValueError):
    """A ``--focus`` value that names no file or symbol of the graph."""


@dataclass(frozen=True, slots=True)
class RankWeights:
    """The documented knobs of :func:`rank`; the defaults are what the CLI uses."""

    damping: float = 0.85
    calls: float = 1.0
    references: float = 1.0
    inherits: float = 1.0  # also ``implements``
    imports: float = 1.0
    entry_point: float = 2.0
    public_api: float = 2.0
    #: on top of ``public_api``, for the public API of the package's surface (see :func:`package_surface`)
    package_api: float = 4.0
    #: a file outside that surface, when there is one: internal modules (``trsock``, ``windows_utils``)
    internal: float = 0.5
    test: float = 0.1
    generated: float = 0.1
    focus_share: float = 0.6
    neighbour_share: float = 0.3
    tolerance: float = 1e-6
    max_rounds: int = 100

    def edge_weight(self, kind: EdgeKind) -> float:
        return {
            EdgeKind.CALLS: self.calls,
            EdgeKind.REFERENCES: self.references,
            EdgeKind.INHERITS: self.inherits,
            EdgeKind.IMPLEMENTS: self.inherits,
            EdgeKind.IMPORTS: self.imports,
        }.get(kind, 0.0)


DEFAULT_WEIGHTS = RankWeights()


@dataclass(slots=True)
class Ranking:
    """Scores of every symbol of a graph (by position in ``graph.symbols``) and the order they give."""

    graph: Graph
    pagerank: list[float]
    factors: list[float]
    scores: list[float]
    order: list[int]  # positions in graph.symbols, best first
    focus: list[int] = field(default_factory=list)
    _position: dict[str, int] = field(default_factory=dict, repr=False)

    def score(self, ref: str) -> float:
        """The score of a symbol by full or short id (0 for unknown ids)."""
        symbol = self.graph.get(ref)
        if symbol is None:
            return 0.0
        if not self._position:
            self._position = {s.id: i for i, s in enumerate(self.graph.symbols)}
        return self.scores[self._position[symbol.id]]

    def top(self, count: int) -> list[Symbol]:
        return [self.graph.symbols[i] for i in self.order[:count]]


# ---------------------------------------------------------------------------------------------
# Focus
# ---------------------------------------------------------------------------------------------


def resolve_focus(graph: Graph, refs: Sequence[str]) -> list[int]:
    """Positions of the symbols that ``refs`` name, in graph order.

    Each ref is tried as: a file path of the graph (all its symbols), a path suffix on a
    ``/`` boundary (``cart.py`` for ``shop/cart.py``), a full or short symbol id, and a simple
    or qualified name (every symbol with it). A ref that matches nothing raises
    :class:`FocusError`.
    """
    position = {s.id: i for i, s in enumerate(graph.symbols)}
    by_path: dict[str, list[int]] = {}
    for i, symbol in enumerate(graph.symbols):
        by_path.setdefault(symbol.path, []).append(i)
    chosen: set[int] = set()
    for ref in refs:
        clean = ref.strip().replace("\\", "/").removeprefix("./")
        found: list[int] = list(by_path.get(clean, ()))
        if not found and clean:
            for path, indices in by_path.items():
                if path.endswith("/" + clean):
                    found.extend(indices)
        if not found:
            named = graph.get(ref)
            if named is not None:
                found = [position[named.id]]
        if not found:
            found = [position[s.id] for s in graph.symbols_named(ref)]
        if not found:
            raise FocusError(f"--focus {ref!r} matches no file or symbol")
        chosen.update(found)
    return sorted(chosen)


# ---------------------------------------------------------------------------------------------
# Ranking
# ---------------------------------------------------------------------------------------------

_ENTRY_FILES = re.compile(r"__main__\.py|manage\.py|(?:main|cli|index)\.[^./]+")
_GENERATED_FILES = re.compile(
    r".*(?:_pb2(?:_grpc)?\.pyi?|\.pb\.go|\.pb\.[ch]c?|\.generated\.[^./]+|_generated\.[^./]+|\.g\.dart|\.min\.js)"
)
_GENERATED_DIRS = frozenset({"migrations", "vendor", "vendored", "third_party", "generated", "node_modules"})
_GENERATED_DOC = re.compile(r"(?i)(?:auto-?generated|generated (?:by|from|automatically)|do not edit)")


def _file_flags(graph: Graph) -> dict[str, tuple[bool, bool, bool]]:
    """Per file: (entry-point file, test file, generated or vendored)."""
    module_doc: dict[str, str] = {}
    for symbol in graph.symbols:
        if symbol.parent is None and symbol.id == symbol.path and symbol.doc:
            module_doc[symbol.path] = symbol.doc
    languages = {f.path: f.language for f in graph.files}
    flags: dict[str, tuple[bool, bool, bool]] = {}
    for symbol in graph.symbols:
        path = symbol.path
        if path in flags:
            continue
        name = posixpath.basename(path)
        parts = path.split("/")[:-1]
        generated = bool(
            _GENERATED_FILES.fullmatch(name)
            or any(part in _GENERATED_DIRS for part in parts)
            or _GENERATED_DOC.search(module_doc.get(path, "")[:500])
        )
        test = is_test_file(path, languages.get(path, symbol.language))
        flags[path] = (bool(_ENTRY_FILES.fullmatch(name)), test, generated)
    return flags


_ROOT_MODULES = re.compile(r"__init__\.py|index\.[^./]+|lib\.rs|mod\.rs")


def package_surface(graph: Graph) -> set[str]:
    """The files a newcomer meets first: the root modules of the project's packages (the shallowest
    ``__init__.py``, ``index.*``, ``lib.rs`` or ``mod.rs``, in every project of the graph) and the
    project files they import, which is where their re-exported names live (``asyncio/__init__.py``
    star-imports ``tasks``, ``runners`` …, not ``trsock`` or ``windows_utils``)."""
    roots_by_project: dict[str, list[str]] = {}
    for record in graph.files:
        if _ROOT_MODULES.fullmatch(posixpath.basename(record.path)):
            project = graph.project_of(record.path)
            roots_by_project.setdefault(project.path if project is not None else "", []).append(record.path)
    roots: set[str] = set()
    for paths in roots_by_project.values():
        shallowest = min(path.count("/") for path in paths)
        roots.update(path for path in paths if path.count("/") == shallowest)
    surface = set(roots)
    for relation in graph.relations:
        if relation.kind is EdgeKind.IMPORTS and relation.resolution is Resolution.RESOLVED:
            if relation.source in roots:  # (a module symbol's id is its path)
                target = graph.get(relation.target)
                if target is not None:
                    surface.add(target.path)
    return surface


def _factors(graph: Graph, weights: RankWeights) -> list[float]:
    flags = _file_flags(graph)
    surface = package_surface(graph)
    by_id = {s.id: s for s in graph.symbols}
    public_cache: dict[str, bool] = {}

    def public(symbol: Symbol) -> bool:
        cached = public_cache.get(symbol.id)
        if cached is not None:
            return cached
        exported = symbol.properties.get("exported")
        if isinstance(exported, bool):
            result = exported
        elif symbol.properties.get("visibility") in ("private", "protected") or symbol.parent is None:
            result = False
        else:
            parent = by_id.get(symbol.parent)
            result = parent is not None and parent.kind.category is Category.TYPE and public(parent)
        public_cache[symbol.id] = result
        return result

    factors: list[float] = []
    for symbol in graph.symbols:
        entry_file, test, generated = flags[symbol.path]
        factor = 1.0
        is_module = symbol.parent is None and symbol.id == symbol.path
        at_file_level = symbol.parent is not None and symbol.parent == symbol.path
        if (is_module and entry_file) or (
            at_file_level and symbol.name == "main" and symbol.kind.category is Category.CALLABLE
        ):
            factor *= weights.entry_point
        if not is_module and public(symbol):
            factor *= weights.public_api
            if at_file_level and symbol.path in surface:
                factor *= weights.package_api
        if surface and symbol.path not in surface and not (entry_file or test or generated):
            factor *= weights.internal
        if test:
            factor *= weights.test
        if generated:
            factor *= weights.generated
        factors.append(factor)
    return factors


def _edges(graph: Graph, weights: RankWeights, position: dict[str, int], rankable: list[bool]
           ) -> dict[tuple[int, int], float]:
    """``(source, target) → weight`` over the ranking relations, in the graph's relation order."""
    kind_weight = {kind: weights.edge_weight(kind) for kind in EdgeKind}
    edges: dict[tuple[int, int], float] = {}
    carried = carried_uses(graph.relations)  # (a use without a site that a relation with one carries: once)
    for relation in graph.relations:
        if relation.resolution is not Resolution.RESOLVED or (carried and id(relation) in carried):
            continue  # uncertain relations stay in the output, never in dependency metrics
        base = kind_weight[relation.kind]
        if base <= 0:
            continue
        source = position.get(relation.source)
        if source is None or not rankable[source]:
            continue
        target = position.get(relation.target)
        if target is None or not rankable[target] or target == source:
            continue
        weight = base * math.sqrt(max(1, len(relation.spans)))
        edges[(source, target)] = edges.get((source, target), 0.0) + weight
    return edges


def _neighbours(graph: Graph, focus: Sequence[int], edges: dict[tuple[int, int], float],
                position: dict[str, int]) -> list[int]:
    wanted = set(focus)
    near: set[int] = set()
    for source, target in edges:
        if source in wanted:
            near.add(target)
        if target in wanted:
            near.add(source)
    for i, symbol in enumerate(graph.symbols):
        parent = position.get(symbol.parent) if symbol.parent else None
        if parent is not None:
            if i in wanted:
                near.add(parent)
            if parent in wanted:
                near.add(i)
    return sorted(near - wanted)


def _pagerank(size: int, edges: dict[tuple[int, int], float], personal: list[float], weights: RankWeights
              ) -> list[float]:
    """Power iteration. A symbol passes on ``damping`` of its rank along its edges, in proportion
    to their weights, but never more per unit of weight than one resolved use gets: the share
    of a symbol whose edges weigh less than 1 in total (only guessed ones, or none) goes back
    to the personalisation vector, like the rank of a symbol that uses nothing.

    Each round runs in a few passes over flat lists (edges grouped by target, a running sum of
    their contributions, differences at the group ends), so the work per round happens in C.
    """
    out = [0.0] * size
    for (source, _), weight in edges.items():
        out[source] += weight
    grouped = sorted(edges.items(), key=lambda item: (item[0][1], item[0][0]))
    sources = [source for (source, _), _ in grouped]
    shares = [weights.damping * weight / max(1.0, out[source]) for (source, _), weight in grouped]
    targets: list[int] = []
    ends: list[int] = []
    for position, ((_, target), _) in enumerate(grouped, start=1):
        if targets and targets[-1] == target:
            ends[-1] = position
        else:
            targets.append(target)
            ends.append(position)
    starts = [0, *ends[:-1]]
    leaky = [i for i in range(size) if out[i] < 1.0]
    leaks = [weights.damping * (1.0 - out[i]) for i in leaky]
    ranks = list(personal)
    for _ in range(weights.max_rounds):
        get = ranks.__getitem__
        base = (1.0 - weights.damping) + sum(map(mul, map(get, leaky), leaks))
        new = list(map(base.__mul__, personal))
        running = [0.0, *accumulate(map(mul, map(get, sources), shares))]
        at = running.__getitem__
        for target, inflow in zip(targets, map(sub, map(at, ends), map(at, starts)), strict=True):
            new[target] += inflow
        change = sum(map(abs, map(sub, new, ranks)))
        ranks = new
        if change < weights.tolerance * size:
            break
    return ranks


def rank(graph: Graph, focus: Sequence[str] = (), weights: RankWeights = DEFAULT_WEIGHTS) -> Ranking:
    """Score every symbol of ``graph`` (see the module docstring); ``focus`` as for :func:`resolve_focus`."""
    symbols = graph.symbols
    size = len(symbols)
    position = {s.id: i for i, s in enumerate(symbols)}
    rankable = [s.kind.category is not Category.META for s in symbols]
    edges = _edges(graph, weights, position, rankable)
    focused = [i for i in resolve_focus(graph, focus) if rankable[i]] if focus else []
    count = sum(rankable) or 1
    personal = [1.0 / count if ok else 0.0 for ok in rankable]
    near: list[int] = []
    if focused:
        near = [i for i in _neighbours(graph, focused, edges, position) if rankable[i]]
        focus_share = weights.focus_share + (0.0 if near else weights.neighbour_share)
        rest = max(0.0, 1.0 - weights.focus_share - weights.neighbour_share)
        personal = [rest / count if ok else 0.0 for ok in rankable]
        for i in focused:
            personal[i] += focus_share / len(focused)
        for i in near:
            personal[i] += weights.neighbour_share / len(near)
    pagerank = _pagerank(size, edges, personal, weights) if size else []
    factors = _factors(graph, weights)
    scores = [float(f"{p * f:.12e}") for p, f in zip(pagerank, factors, strict=True)]
    tier = [2] * size
    for i in near:
        tier[i] = 1
    for i in focused:
        tier[i] = 0
    order = sorted(range(size), key=lambda i: (tier[i], -scores[i], i))
    return Ranking(graph, pagerank, factors, scores, order, focused)


# ---------------------------------------------------------------------------------------------
# The repository map
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class RepoMap:
    """The best-ranked part of a skeleton that fits a budget."""

    text: str
    tokens: int
    max_tokens: int
    tokenizer: str
    exact: bool
    format: str
    symbols: list[Symbol]  # in the graph's order
    document: SktDocument | None  # the skt document (None for the text format)
    total_symbols: int

    @property
    def files(self) -> list[str]:
        return list(dict.fromkeys(s.path for s in self.symbols))

    @property
    def complete(self) -> bool:
        """Whether the whole skeleton fitted."""
        return len(self.symbols) == self.total_symbols


#: the map tries swaps while it is more than this share of the budget short
_SWAP_ABOVE = 0.01
#: how many symbols that do not fit the map looks past before it stops filling
_FILL_WINDOW = 1024
#: how many of the last symbols taken, and of the best left out, a swap considers
_SWAP_OUT, _SWAP_IN = 48, 384


def repo_map(
    graph: Graph,
    max_tokens: int,
    counter: TokenCounter,
    *,
    focus: Sequence[str] = (),
    fmt: str = "skt",
    edges: bool = False,
    minify: bool = False,
    ranking: Ranking | None = None,
    weights: RankWeights = DEFAULT_WEIGHTS,
) -> RepoMap:
    """The most important part of the skeleton of ``graph`` that fits ``max_tokens``.

    ``fmt`` is ``skt`` (with ``[meta]``, optional ``edges`` of the chosen symbols and a
    ``minify`` dictionary of the codes used, all counted) or ``text`` (an indented outline).
    ``ranking`` may be passed in when it is already known (e.g. cached by a server).
    """
    if max_tokens <= 0:
        raise TokenBudgetError("the budget must be a positive number of tokens")
    if ranking is None:
        ranking = rank(graph, focus, weights)
    measure = Measure(counter)
    if fmt == "skt":
        catalog = chunk_catalog(graph, counter, edges=edges, minify=minify)
        meta = catalog.renderer.meta()
    elif fmt == "text":
        if edges or minify:
            raise ValueError("the text format shows neither edges nor a dictionary")
        catalog = Catalog(graph, measure, layout="text")
        meta = []
    else:
        raise ValueError(f"unknown map format {fmt!r}; use skt or text")
    tally = Tally(catalog, meta, own_dictionary=minify, contained_shown=True)
    capacity = measure.capacity(max_tokens)
    if tally.total() > capacity:
        raise TokenBudgetError(
            f"the budget of {max_tokens} tokens is too small for the map's header "
            f"({measure.tokens(tally.total())} tokens)"
        )
    _fill(catalog, tally, ranking.order, capacity)
    if capacity - tally.total() > _SWAP_ABOVE * capacity and len(tally) < len(catalog):
        _swap(catalog, tally, ranking.order, capacity)
    if fmt == "skt":
        chunk: BudgetedChunk = finish(tally, 0, shared=False)
        text, tokens, document = chunk.text, chunk.tokens, chunk.document
    else:
        text = tally.text()
        tokens, document = measure.count_text(text), None
    if tokens > max_tokens:  # pragma: no cover - the accounting is exact
        raise RuntimeError(f"internal error: the map came out at {tokens} tokens for a budget of {max_tokens}")
    symbols = [graph.symbols[i] for i in tally.indices()]
    return RepoMap(text, tokens, max_tokens, measure.name, measure.exact, fmt, symbols, document, len(graph.symbols))


def _fill(catalog: Catalog, tally: Tally, order: Sequence[int], capacity: int) -> None:
    """Add symbols best first, each with its missing containers, while they fit.

    After the first symbol that does not fit, it looks at up to ``_FILL_WINDOW`` more that do
    not fit either, so a large project is not rendered whole for the last few tokens.
    """
    stop_gap = catalog.measure.capacity(1)
    misses = 0
    for index in order:
        if index in tally:
            continue
        needed = catalog.closure(index, tally.__contains__)
        if tally.evaluate(needed) <= capacity:
            tally.add(needed)
            if capacity - tally.total() < stop_gap:
                return
        else:
            misses += 1
            if misses > _FILL_WINDOW:
                return


def _swap(catalog: Catalog, tally: Tally, order: Sequence[int], capacity: int) -> None:
    """Trade one of the last symbols taken for one left out, when that fills the budget better.

    Only symbols nothing else in the map depends on (no contained symbol in the map) are
    taken out. Of the swaps that fit, the one leaving the least unused wins; ties go to the
    better-ranked symbol taken in, then to the worse-ranked taken out.
    """
    rank_of = {index: position for position, index in enumerate(order)}
    for _ in range(8):
        total = tally.total()
        if capacity - total <= _SWAP_ABOVE * capacity:
            return
        parents = {catalog.parent[i] for i in tally.pieces}
        inside = sorted(tally.pieces, key=rank_of.__getitem__, reverse=True)
        removable = [i for i in inside if i not in parents][:_SWAP_OUT]
        outside = [i for i in order if i not in tally][:_SWAP_IN]
        best: tuple[int, int, int, int, list[int]] | None = None  # (total, rank in, -rank out, out, needed)
        for out in removable:
            tally.remove(out)
            for candidate in outside:
                needed = catalog.closure(candidate, tally.__contains__)
                new_total = tally.evaluate(needed)
                if total < new_total <= capacity:
                    key = (-new_total, rank_of[candidate], -rank_of[out])
                    if best is None or key < (-best[0], best[1], best[2]):
                        best = (new_total, rank_of[candidate], -rank_of[out], out, needed)
            tally.add([out])
        if best is None:
            return
        tally.remove(best[3])
        tally.add(best[4])
        _fill(catalog, tally, order, capacity)


# ---------------------------------------------------------------------------------------------
# Ranked chunks
# ---------------------------------------------------------------------------------------------


def ranked_chunks(
    graph: Graph,
    max_tokens: int,
    counter: TokenCounter,
    *,
    focus: Sequence[str] = (),
    edges: bool = False,
    minify: bool = False,
    dict_mode: str = "per-chunk",
    ranking: Ranking | None = None,
    weights: RankWeights = DEFAULT_WEIGHTS,
) -> ChunkSet:
    """Every symbol of ``graph`` in chunks of at most ``max_tokens``, most important first.

    The first chunk holds what the map would show for the budget; each later chunk is the best
    of what is left. Each symbol appears once, after (or with) its containing symbols; edges
    are in their source's chunk; errors come last. ``codeknit chunks`` and the MCP server's
    chunk tools call this one function, so they agree on the order.
    """
    if ranking is None:
        ranking = rank(graph, focus, weights)
    order = ranking.order
    return plan_chunk_set(
        graph, max_tokens, counter, lambda catalog: rank_order(catalog, order, graph.errors),
        edges=edges, minify=minify, dict_mode=dict_mode, order="rank", focus=focus,
    )  # fmt: skip

