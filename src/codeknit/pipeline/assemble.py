"""The resolve and assemble stages: extractions become the finished graph, in one place for every
caller (``codeknit.index``, the persistent-index run, the MCP server's live index)."""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import sys
from collections.abc import Collection, Iterator, Sequence
from pathlib import Path
from typing import Any

import orjson

from codeknit.graph import Dependency, FileError, Graph, Project, SkippedFile
from codeknit.languages.records import Extraction
from codeknit.pipeline.options import IndexOptions
from codeknit.resolve.resolver import CarryOver, build_graph
from codeknit.version import __version__
from codeknit.workspace.manifests import ManifestScan

_FAILURE_REASONS = ("binary file", "larger than", "unreadable", "broken symlink", "symlink loop")


def _is_failure(reason: str) -> bool:
    return reason.startswith(_FAILURE_REASONS)


def run_fingerprint(
    extractions: Sequence[Extraction], options: dict[str, Any], manifests: Sequence[tuple[str, bytes]] = ()
) -> str:
    """A digest of the content and the options: identical input gives the identical fingerprint.

    ``manifests`` are (path, content) of the manifests read; they count only when there are some.
    """
    return run_digest([(e.path, e.sha256) for e in extractions], options, manifests)[:16]


def run_digest(
    hashes: Sequence[tuple[str, str]], options: dict[str, Any], manifests: Sequence[tuple[str, bytes]]
) -> str:
    digest = hashlib.sha256()
    digest.update(f"codeknit {__version__}\n".encode())
    digest.update(orjson.dumps(options, option=orjson.OPT_SORT_KEYS))
    for path, sha in sorted(hashes):
        digest.update(f"\n{path}\0{sha}".encode("utf-8", "surrogateescape"))
    for manifest_path, content in sorted(manifests):
        digest.update(f"\nmanifest {manifest_path}\0{hashlib.sha256(content).hexdigest()}".encode())
    return digest.hexdigest()


def assemble_graph(
    extractions: list[Extraction],
    *,
    root: Path,
    skipped: Sequence[SkippedFile],
    manifests: ManifestScan,
    options: IndexOptions,
    only: Collection[str] | None = None,
    carry: CarryOver | None = None,
    consume: bool = False,
) -> Graph:
    """Extractions → the finished graph: resolution, error records, projects, fingerprint.

    Every producer of graphs (``index``, the MCP server's live index) ends here, so they agree
    byte for byte. ``only`` resolves just the named files; ``consume``: nothing reads the
    extractions' resolved tables afterwards (see :func:`build_graph`).
    """
    graph = build_graph(
        extractions, root=root.name, resolve=options.resolve, skipped=list(skipped), source_root=root,
        only=only, carry=carry, finalize=False, points_to=options.points_to, consume=consume,
    )
    # a source file that could not be read as source is an error the user must see, not a quiet skip
    graph.errors += [FileError(s.path, f"not analysed: {s.reason}") for s in skipped if _is_failure(s.reason)]
    graph.projects = [Project(p.path, p.name, p.manifests, p.version) for p in manifests.projects]
    graph.dependencies = [Dependency(d.project, d.name, d.manifest, d.version, d.constraint, d.scope)
                          for d in manifests.dependencies]
    graph.finalize()
    graph.options = options.fingerprint_fields()
    graph.fingerprint = run_fingerprint(extractions, graph.options, manifests.manifests)
    return graph


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while the graph is built.

    A run allocates millions of small acyclic records; the collector would walk the growing heap
    again and again (measured: loading Django's cached extractions took 3× longer with it on).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    except BaseException as exc:
        if was_enabled and not isinstance(exc, Exception):
            # interrupted (Ctrl-C, SIGTERM): the traceback still holds every record of the run, and a
            # collection now would walk them all before the process can stop (seconds on a large
            # tree); they are set aside instead, and freed by reference counting when it goes
            gc.freeze()
        raise
    finally:
        if was_enabled:
            gc.enable()


@functools.cache
def _malloc_trim() -> object | None:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def return_freed_memory() -> None:
    """Give the C heap's free pages back to the system, after a stage freed a lot of memory that the
    stages after it will not reuse.

    Python allocates its small objects (most of a run's records) in arenas of their own, mapped apart
    from the C heap; larger blocks (``bytes``, the tables of lists, dicts and arrays) come from the C heap,
    and glibc returns a freed block's pages only when it is at the heap's top. A cold run holds every
    file's encoded extraction at once (on effect about 35 MB of ``bytes``, mixed in the heap with the
    decoded records): once they are stored and freed, their pages stayed resident through resolution,
    which takes its memory from new arenas, so they were part of the run's peak. ``malloc_trim`` hands
    them back (a few milliseconds); elsewhere this does nothing."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)  # type: ignore[operator]


__all__ = ["assemble_graph", "collector_paused", "return_freed_memory", "run_digest", "run_fingerprint"]
