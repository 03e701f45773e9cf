"""The public entry points: :func:`index` (scan, extract, resolve, assemble) and
:func:`index_or_reuse` (the same, for a caller that keeps what it rendered from a graph: the
output cache of the persistent index)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codeknit.graph import Graph
from codeknit.pipeline.assemble import collector_paused
from codeknit.pipeline.extract import extract_all
from codeknit.pipeline.options import PARSE_TIME_LIMIT, IndexOptions, Progress
from codeknit.pipeline.run import IndexRun
from codeknit.pipeline.scan import scan_tree
from codeknit.store.outputs import OutputCache


def index(
    path: str | Path,
    *,
    exclude: Sequence[str] = (),
    collect_tests: bool = False,
    max_file_size: int = 2 * 1024 * 1024,
    languages: Sequence[str] | None = None,
    resolve: bool = True,
    workers: int = 0,
    progress: Progress | None = None,
    cache: bool = False,
    parse_timeout: float = PARSE_TIME_LIMIT,
    points_to: bool = True,
) -> Graph:
    """Analyse the tree (or file) at ``path`` and return its resolved :class:`Graph`.

    ``exclude`` takes gitignore-style globs; test files are left out unless
    ``collect_tests``; files larger than ``max_file_size`` bytes (0: no limit)
    are skipped with a reason. ``resolve=False`` keeps only the structure
    (``contains``) and no references. ``points_to=False`` leaves Python's
    points-to analysis out: the name rules answer every call. ``workers`` sets the number of
    extraction processes (0: one per core); small trees always use one.
    ``parse_timeout`` limits the seconds spent parsing one file (0: no limit);
    a file over it becomes an error record.

    With ``cache``, the persistent index (:mod:`codeknit.store`) is used and
    updated: unchanged files are not extracted again, an unchanged tree loads
    its graph, and an edit that leaves a file's interface alone re-resolves
    only that file. The result is identical to an uncached run.
    """
    with collector_paused():
        indexed = _index(path, exclude, collect_tests, max_file_size, languages, resolve, workers, progress, cache,
                         parse_timeout, None, points_to)
    assert indexed.graph is not None
    return indexed.graph.located_at(path)  # ids as the caller spells the path are found too


@dataclass(slots=True)
class Indexed:
    """What :func:`index_or_reuse` gives."""

    #: the graph; None when the tree was unchanged and ``reuse`` said it needs no graph
    graph: Graph | None
    #: the graph's key in the persistent index ("" without it): equal keys, equal graphs
    key: str = ""
    #: the rendered outputs kept for this tree (None without the persistent index)
    outputs: OutputCache | None = None


def index_or_reuse(path: str | Path, reuse: Callable[[OutputCache, str], bool], **settings: Any) -> Indexed:
    """:func:`index` for a caller that keeps what it made of a graph (the CLI's rendered output).

    When the persistent index is on and no file changed since a stored graph was built,
    ``reuse(outputs, key)`` is asked first, with the graph's key; if it returns True, the graph
    is not loaded at all and ``graph`` is None. Otherwise the run goes on as :func:`index` does.
    """
    unknown = settings.keys() - _INDEX_DEFAULTS.keys()
    if unknown:
        raise TypeError(f"index_or_reuse() got unexpected settings: {', '.join(sorted(unknown))}")
    arguments = {**_INDEX_DEFAULTS, **settings}
    with collector_paused():
        return _index(path, reuse=reuse, **arguments)


#: the settings of :func:`index` and their defaults (a test keeps them equal)
_INDEX_DEFAULTS: dict[str, Any] = {
    "exclude": (), "collect_tests": False, "max_file_size": 2 * 1024 * 1024, "languages": None, "resolve": True,
    "workers": 0, "progress": None, "cache": False, "parse_timeout": PARSE_TIME_LIMIT, "points_to": True,
}


def _index(
    path: str | Path, exclude: Sequence[str], collect_tests: bool, max_file_size: int,
    languages: Sequence[str] | None, resolve: bool, workers: int, progress: Progress | None, cache: bool,
    parse_timeout: float, reuse: Callable[[OutputCache, str], bool] | None, points_to: bool = True,
) -> Indexed:
    options = IndexOptions(exclude, collect_tests, max_file_size, languages, resolve, points_to)
    tree = scan_tree(path, options)
    # a progress callback may also take the names of the stages (``phase``): resolving, loading …
    run = IndexRun(tree.root, tree.files, tree.skipped, tree.manifests, options, workers, progress, parse_timeout,
                   on_phase=getattr(progress, "phase", None))
    if cache:
        from codeknit.store import IndexStore, StoreError

        try:
            store = IndexStore.for_root(tree.root)
        except StoreError as exc:
            warnings.warn(f"{exc}; continuing without the persistent index", RuntimeWarning, stacklevel=3)
        else:
            with store:
                outputs = store.outputs
                if reuse is not None and outputs is not None:
                    key = run.unchanged_key(store)
                    if key is not None and reuse(outputs, key):
                        return Indexed(None, key, outputs)
                outcome = run.cached(store)
                return Indexed(outcome.graph, outcome.key, outputs)
    extractions = extract_all(tree.files, workers=workers, progress=progress, time_limit=parse_timeout)
    return Indexed(run.assemble(extractions))


__all__ = ["Indexed", "index", "index_or_reuse"]
