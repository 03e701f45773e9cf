"""The pipeline: scan → extract → resolve, and the public :func:`index`."""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import os
import signal
import threading
import warnings
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from codeknit import __version__
from codeknit.graph import FileError, Graph, SkippedFile
from codeknit.languages import extract, supported_languages
from codeknit.languages.base import Extraction, ParseTimeout
from codeknit.parallel import map_in_processes
from codeknit.resolve import CarryOver, build_graph
from codeknit.store.outputs import OutputCache
from codeknit.workspace import ScanResult, SourceFile, scan
from codeknit.workspace.manifests import ManifestScan, scan_manifests

Progress = Callable[[int, int, str], None]


@dataclass(slots=True)
class IndexOptions:
    """Options that change what the graph contains (and so its fingerprint)."""

    exclude: Sequence[str] = ()
    collect_tests: bool = False
    max_file_size: int = 2 * 1024 * 1024
    languages: Sequence[str] | None = None
    resolve: bool = True
    #: Python's points-to analysis answers calls (off: the name rules answer every call, faster)
    points_to: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def fingerprint_fields(self) -> dict[str, Any]:
        return {
            "exclude": sorted(self.exclude),
            "collect_tests": self.collect_tests,
            "max_file_size": self.max_file_size,
            "languages": sorted(self.languages) if self.languages else None,
            "resolve": self.resolve,
            "points_to": self.points_to,
            **self.extra,
        }


#: the default limit on parsing one file, in seconds (``--parse-timeout``)
PARSE_TIME_LIMIT = 30.0


def _failed(file: SourceFile, source: bytes, message: str) -> Extraction:
    failed = Extraction(file.path, file.language, hashlib.sha256(source).hexdigest(), len(source))
    failed.errors.append(message)
    return failed


def extract_file(file: SourceFile, time_limit: float = PARSE_TIME_LIMIT) -> Extraction:
    """Read and extract one file; any failure becomes an error record, never an exception."""
    try:
        source = file.abspath.read_bytes()
    except OSError as exc:
        extraction = Extraction(file.path, file.language, "", 0)
        extraction.errors.append(f"unreadable: {exc.strerror or exc}")
        return extraction
    whole = extraction_time_limit(time_limit)
    try:
        with _alarm(whole):
            return extract(file.path, file.language, source, time_limit)
    except ParseTimeout:
        return _failed(file, source, f"not analysed: parsing took longer than the limit of {time_limit:g} s")
    except _ExtractionTimeout:
        return _failed(file, source, f"not analysed: extraction took longer than the limit of {whole:g} s")
    except RecursionError:
        return _failed(file, source, "nesting too deep to analyse")
    except Exception as exc:  # noqa: BLE001 - a bug in one adapter must not lose the other files
        return _failed(file, source, f"internal error while extracting: {type(exc).__name__}: {exc}")


def extraction_time_limit(parse_limit: float) -> float:
    """The limit on a file's whole extraction, from the parse limit: 4× it (parsing is usually a
    quarter to a half of the work), at least 1 s; 0 (no limit) stays 0."""
    return 0.0 if parse_limit <= 0 else max(4 * parse_limit, 1.0)


class _ExtractionTimeout(BaseException):
    """Raised by the alarm in :func:`_alarm`; a BaseException so no adapter's handler swallows it."""


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Bound the whole extraction of one file (parsing has its own, finer limit).

    A pathological adapter walk (once, a quadratic one over Go's generated constant tables) must
    not stall the run. A real-time timer interrupts it; that needs the main thread of a process with
    signals (the extraction workers, and the CLI in one process). Elsewhere (the MCP server's builder
    thread) only the parse limit applies.
    """
    usable = (seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def expire(_signum: int, _frame: object) -> None:
        raise _ExtractionTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


#: below this many bytes of source, starting worker processes costs more than it saves
PARALLEL_THRESHOLD = 2 * 1024 * 1024


def extract_all(files: Sequence[SourceFile], *, workers: int = 0, progress: Progress | None = None,
                time_limit: float = PARSE_TIME_LIMIT) -> list[Extraction]:
    """Extract every file, in a process pool when the tree is large enough.

    Work is handed out largest file first, one file at a time, so a few huge
    files cannot serialise the run. Workers return compact extraction records.
    """
    work = functools.partial(extract_file, time_limit=time_limit)
    return sorted(_map_files(work, files, workers, progress, _lost), key=lambda e: e.path)


#: an extraction with its encoded form, as the persistent index stores it
Encoded = tuple[Extraction, bytes, str]


def _extract_encoded(file: SourceFile, time_limit: float) -> tuple[str, bytes, str]:
    from codeknit.store.codec import dump_extraction

    extraction = extract_file(file, time_limit)
    try:
        return (file.path, *dump_extraction(extraction))
    except Exception as exc:  # noqa: BLE001 - a record that cannot be encoded is that file's error, not the run's
        return (file.path, *dump_extraction(_unreadable(file, f"internal error while encoding the extraction: "
                                                              f"{type(exc).__name__}: {exc}")))


def _unreadable(file: SourceFile, message: str) -> Extraction:
    """An error record for ``file``, whose extraction was lost (its worker died, its record was unreadable)."""
    try:
        source = file.abspath.read_bytes()
    except OSError:
        source = b""
    return _failed(file, source, message)


def _decode(file: SourceFile, item: tuple[str, bytes, str]) -> Encoded:
    from codeknit.store.codec import CorruptEntry, dump_extraction, load_extraction

    _path, data, digest = item
    try:
        return load_extraction(data, digest), data, digest
    except CorruptEntry as exc:  # never abort the run: the file gets an [errors] entry
        failed = _unreadable(file, f"internal error: the extraction could not be read back ({exc})")
        return (failed, *dump_extraction(failed))


def extract_all_encoded(files: Sequence[SourceFile], *, workers: int = 0, progress: Progress | None = None,
                        time_limit: float = PARSE_TIME_LIMIT) -> list[Encoded]:
    """:func:`extract_all` for the persistent index: workers encode their records once, and that
    encoding both carries them to this process and is what the index stores."""
    work = functools.partial(_extract_encoded, time_limit=time_limit)
    by_path = {file.path: file for file in files}
    done = sorted(_map_files(work, files, workers, progress, _lost_encoded), key=lambda i: i[0])
    return [_decode(by_path[item[0]], item) for item in done]


def _lost(file: SourceFile, reason: str) -> Extraction:
    return _unreadable(file, f"not analysed: {reason}")


def _lost_encoded(file: SourceFile, reason: str) -> tuple[str, bytes, str]:
    from codeknit.store.codec import dump_extraction

    return (file.path, *dump_extraction(_lost(file, reason)))


def _map_files(work: Callable[[SourceFile], Any], files: Sequence[SourceFile], workers: int,
               progress: Progress | None, lost: Callable[[SourceFile, str], Any] = _lost) -> list[Any]:
    count = workers or os.cpu_count() or 1
    total = sum(f.size for f in files)
    results: list[Any] = []
    if count <= 1 or len(files) < 2 or total < PARALLEL_THRESHOLD:
        for number, file in enumerate(files, start=1):
            results.append(work(file))
            if progress is not None:
                progress(number, len(files), file.path)
        return results
    # largest first, so a few huge files cannot serialise the run; a worker that dies costs its file
    ordered = sorted(files, key=lambda f: (-f.size, f.path))
    with contextlib.closing(map_in_processes(work, ordered, min(count, len(files)), lost)) as finished:
        for number, (file, result) in enumerate(finished, start=1):
            results.append(result)
            if progress is not None:
                progress(number, len(files), file.path)
    return results


_FAILURE_REASONS = ("binary file", "larger than", "unreadable", "broken symlink", "symlink loop")


def _is_failure(reason: str) -> bool:
    return reason.startswith(_FAILURE_REASONS)


def run_fingerprint(
    extractions: Sequence[Extraction], options: dict[str, Any], manifests: Sequence[tuple[str, bytes]] = ()
) -> str:
    """A digest of the content and the options: identical input gives the identical fingerprint.

    ``manifests`` are (path, content) of the manifests read; they count only when there are some.
    """
    return _run_digest([(e.path, e.sha256) for e in extractions], options, manifests)[:16]


def _run_digest(
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
) -> Graph:
    """Extractions → the finished graph: resolution, error records, projects, fingerprint.

    Every producer of graphs (``index``, the MCP server's live index) ends here, so they agree
    byte for byte. ``only`` resolves just the named files (see :func:`build_graph`).
    """
    graph = build_graph(
        extractions, root=root.name, resolve=options.resolve, skipped=list(skipped), source_root=root,
        only=only, carry=carry, finalize=False, points_to=options.points_to,
    )
    # a source file that could not be read as source is an error the user must see, not a quiet skip
    graph.errors += [FileError(s.path, f"not analysed: {s.reason}") for s in skipped if _is_failure(s.reason)]
    graph.projects, graph.dependencies = list(manifests.projects), list(manifests.dependencies)
    graph.finalize()
    graph.options = options.fingerprint_fields()
    graph.fingerprint = run_fingerprint(extractions, graph.options, manifests.manifests)
    return graph


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


def _index(
    path: str | Path, exclude: Sequence[str], collect_tests: bool, max_file_size: int,
    languages: Sequence[str] | None, resolve: bool, workers: int, progress: Progress | None, cache: bool,
    parse_timeout: float, reuse: Callable[[OutputCache, str], bool] | None, points_to: bool = True,
) -> Indexed:
    options = IndexOptions(exclude, collect_tests, max_file_size, languages, resolve, points_to)
    result: ScanResult = scan(
        path, exclude=exclude, collect_tests=collect_tests, max_file_size=max_file_size,
        languages=list(languages) if languages else None,
    )
    wanted = [lang for lang in (languages or supported_languages()) if lang in supported_languages()]
    skipped = [SkippedFile(s.path, s.reason) for s in result.skipped]
    files: list[SourceFile] = []
    for file in result.files:
        if file.language in wanted:
            files.append(file)
        elif languages is None or file.language in languages:
            skipped.append(SkippedFile(file.path, f"language {file.language} is not supported yet"))
    manifests = (
        scan_manifests(result.root, exclude=exclude, root_name=result.root.name, found=result.manifests)
        if Path(path).is_dir() else ManifestScan()
    )
    # a progress callback may also take the names of the stages (``phase``): resolving, loading …
    run = IndexRun(result.root, files, skipped, manifests, options, workers, progress, parse_timeout,
                   on_phase=getattr(progress, "phase", None))
    if cache:
        from codeknit.store import IndexStore, StoreError

        try:
            store = IndexStore.for_root(result.root)
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
    extractions = extract_all(files, workers=workers, progress=progress, time_limit=parse_timeout)
    return Indexed(run.assemble(extractions))


@dataclass(slots=True)
class RunMemory:
    """What a long-lived caller (the MCP server's live index) keeps between cached runs, so a
    refresh reads neither every extraction nor the last graph back from the database."""

    extractions: dict[str, Extraction] = field(default_factory=dict)
    latest: Any = None  # CachedGraph of the last run
    latest_key: str = ""
    latest_context: str = ""
    carry: CarryOver | None = None  # the rules of the run that built ``latest``


@dataclass(slots=True)
class RunOutcome:
    graph: Graph
    states: list[Any]  # the store's FileState of every file
    reextracted: list[str]  # files whose content changed and were extracted again
    resolved: list[str] | None  # the files whose references were resolved again; None: all
    #: writes left for the caller to run once it has used the graph (see ``IndexRun.defer_writes``)
    deferred: list[Callable[[], None]] = field(default_factory=list)
    #: the graph's key in the store
    key: str = ""

    def finish(self) -> None:
        """Run the deferred writes (storing the new graph)."""
        while self.deferred:
            self.deferred.pop(0)()


@dataclass(slots=True)
class IndexRun:
    """One indexing run's inputs, shared by the uncached and the cached paths."""

    root: Path
    files: list[SourceFile]
    skipped: list[SkippedFile]
    manifests: ManifestScan
    options: IndexOptions
    workers: int = 0
    progress: Progress | None = None
    parse_timeout: float = PARSE_TIME_LIMIT
    memory: RunMemory | None = None
    #: told when resolution starts ("resolving"), for callers that report phases
    on_phase: Callable[[str], None] | None = None
    #: leave storing the new graph to the caller (``RunOutcome.finish``): the live index publishes
    #: the graph first, so an edit is visible before the database write
    defer_writes: bool = False

    def assemble(self, extractions: list[Extraction], only: Collection[str] | None = None,
                 carry: CarryOver | None = None) -> Graph:
        if self.on_phase is not None:
            self.on_phase("resolving")
        return assemble_graph(extractions, root=self.root, skipped=self.skipped, manifests=self.manifests,
                              options=self.options, only=only, carry=carry)

    def _phase(self, name: str) -> None:
        """Tell a progress reporter that has stages (the CLI's) which one starts."""
        phase = getattr(self.progress, "phase", None)
        if phase is not None:
            phase(name)

    def _context(self) -> str:
        """What, besides file contents, a graph depends on: options, manifests, skipped files, paths."""
        digest = hashlib.sha256()
        digest.update(self.root.name.encode("utf-8", "surrogateescape"))
        digest.update(_run_digest([(f.path, "") for f in self.files], self.options.fingerprint_fields(),
                                  self.manifests.manifests).encode())
        for skipped in sorted(self.skipped, key=lambda s: (s.path, s.reason)):
            digest.update(f"\nskipped {skipped.path}\0{skipped.reason}".encode("utf-8", "surrogateescape"))
        return digest.hexdigest()

    def _key(self, context: str, hashes: dict[str, str]) -> str:
        return hashlib.sha256(f"{context}\n{_run_digest(sorted(hashes.items()), {}, ())}".encode()).hexdigest()

    def cached(self, store: Any) -> RunOutcome:
        """Run against the persistent index ``store`` (a :class:`codeknit.store.IndexStore`)."""
        from codeknit.store import CorruptEntry

        try:
            with collector_paused():
                return self._cached(store)
        except CorruptEntry:
            store.reset()  # never trust a damaged index: start it again
            if self.memory is not None:
                self.memory.extractions.clear()
                self.memory.latest = None
            return self._cached(store)

    def unchanged_key(self, store: Any) -> str | None:
        """The key of the stored graph of these files as they are now, if there is one (no file
        changed since it was built); the graph itself is not read."""
        states = store.check(self.files)
        if not all(state.cached for state in states):
            return None
        key = self._key(self._context(), {s.file.path: s.sha256 for s in states})
        if not store.has_graph(key):
            return None
        store.save_files(states, {})  # remember the stat of files that were hashed again
        return key

    def prime(self, store: Any) -> bool:
        """After a graph came from the store: resolve it again in memory, to hold the extractions and
        the rules (:class:`CarryOver`) that let the next incremental run reuse whole-program results.

        The graph is not replaced (it is identical). False when there was nothing to prime.
        """
        from codeknit.store import CorruptEntry

        memory = self.memory
        if memory is None or memory.latest is None or memory.carry is not None:
            return False
        hashes = memory.latest.hashes
        paths = [f.path for f in self.files]
        if sorted(paths) != sorted(hashes):
            return False
        try:
            stored = store.load_extractions(p for p in paths if p not in memory.extractions)
        except CorruptEntry:
            return False
        extractions = [memory.extractions.get(p) or stored.get(p) for p in paths]
        if any(e is None or e.sha256 != hashes[e.path] for e in extractions):
            return False  # the files moved on since; the next refresh resolves them anyway
        ready = [e for e in extractions if e is not None]
        carry = CarryOver()
        with collector_paused():
            assemble_graph(ready, root=self.root, skipped=self.skipped, manifests=self.manifests,
                           options=self.options, carry=carry)
        memory.extractions = {e.path: e for e in ready}
        memory.carry = carry
        return True

    def _patched(self, previous: Graph, resolver: Any, changed: list[Extraction],
                 extractions: list[Extraction]) -> Graph:
        """The graph of an edit that left every changed file's interface alone, made from the last
        one: ``resolver`` (that run's, kept in memory) resolves the changed files again, and
        :func:`codeknit.graph.patch.replace_files` swaps their records in. Identical to what
        :meth:`assemble` would give (tested), in time proportional to the edit."""
        from codeknit.graph import FileRecord
        from codeknit.graph.patch import replace_files

        if self.on_phase is not None:
            self.on_phase("resolving")
        symbols, relations = resolver.update(changed)
        return replace_files(
            previous, [e.path for e in changed], symbols, relations,
            files=[FileRecord(e.path, e.language, e.size, e.sha256) for e in changed],
            errors=[FileError(e.path, message) for e in changed for message in e.errors],
            fingerprint=run_fingerprint(extractions, self.options.fingerprint_fields(), self.manifests.manifests),
        )

    def _resolved_only(self, store: Any, extractions: list[Extraction], only: list[str], carry: CarryOver,
                       base: Graph | None, base_key: str) -> Graph:
        """The graph of an edit that left every changed file's interface alone, without a kept
        resolver: a run resolves just the changed files (``only``), then their records are swapped
        into the earlier graph (:func:`codeknit.graph.patch.replace_files`). In a new process that
        graph is loaded only once the run is done and its extractions are freed, so the two never
        take memory at once."""
        from codeknit.graph.patch import replace_files
        from codeknit.store import CorruptEntry

        partial = self.assemble(extractions, only=only, carry=carry)  # every symbol, the changed files' relations
        changed = frozenset(only)
        symbols = [s for s in partial.symbols if s.path in changed]
        files = [f for f in partial.files if f.path in changed]
        errors = [e for e in partial.errors if e.path in changed]
        relations, fingerprint = partial.relations, partial.fingerprint
        del partial
        if base is None:
            if self.memory is None:
                extractions.clear()  # nothing else needs them: their memory goes before the graph's comes
            loaded = store.load_graph(base_key)
            if loaded is None:
                raise CorruptEntry("the earlier graph went missing during the run")  # start again, cleanly
            base = loaded.graph
        return replace_files(base, changed, symbols, relations, files, errors, fingerprint)

    def _cached(self, store: Any) -> RunOutcome:
        from codeknit.resolve.interface import interface_digest
        from codeknit.store import CachedGraph

        memory = self.memory if self.memory is not None else RunMemory()
        self._phase("checking")
        states = store.check(self.files)
        context = self._context()
        if all(state.cached for state in states):
            key = self._key(context, {s.file.path: s.sha256 for s in states})
            self._phase("loading")
            hit = memory.latest if memory.latest is not None and memory.latest_key == key else store.load_graph(key)
            if hit is not None:
                store.save_files(states, {})  # remember the stat of files that were hashed again
                if hit is not memory.latest:
                    memory.carry = None  # the rules that built a graph read from disk are gone
                memory.latest, memory.latest_key, memory.latest_context = hit, key, context
                return RunOutcome(hit.graph, states, [], [], key=key)
        todo = [state.file for state in states if not state.cached]
        encoded = extract_all_encoded(todo, workers=self.workers, progress=self.progress,
                                      time_limit=self.parse_timeout)
        fresh = {e.path: e for e, _data, _digest in encoded}
        hashes = {state.file.path: fresh[state.file.path].sha256 if state.file.path in fresh else state.sha256
                  for state in states}
        # the latest graph of this context (in memory, or its key in the store), and the files whose
        # content changed since it was built
        previous = memory.latest if memory.latest is not None and memory.latest_context == context else None
        entry = (previous.key, previous.hashes) if previous is not None else store.latest_entry(context)
        known = memory.extractions
        only: list[str] | None = None
        if entry is not None and entry[1].keys() == hashes.keys():
            earlier = entry[1]
            changed = sorted(p for p, sha in hashes.items() if earlier[p] != sha)
            wanted = [p for p in changed if p in fresh and (p not in known or known[p].sha256 != earlier[p])]
            before = {p: known[p] for p in changed if p in known} | store.load_extractions(wanted)
            if changed and all(
                p in fresh and p in before and before[p].sha256 == earlier[p]
                and interface_digest(before[p]) == interface_digest(fresh[p])
                for p in changed
            ):
                only = changed
        needed = [s.file.path for s in states
                  if s.cached and (s.file.path not in known or known[s.file.path].sha256 != s.sha256)]
        stored = store.load_extractions(needed) if needed else {}
        extractions = [fresh.get(p) or stored.get(p) or known[p] for p in (s.file.path for s in states)]
        store.save_files(states, {e.path: (e.sha256, data, digest) for e, data, digest in encoded})
        del encoded, stored  # the encoded blobs are stored: do not hold them through resolution
        # (with ``previous``, the changed files as the carried answers had them)
        carry: CarryOver | None = CarryOver(keep=self.memory is not None,
                                            previous={p: before[p] for p in only} if only is not None else {})
        resolver = memory.carry.resolver if previous is not None and memory.carry is not None else None
        patched: Graph | None = None
        if only is not None and previous is not None and resolver is not None and resolver.can_update(only):
            # the last run's resolver is alive: update it and the graph instead of running again
            try:
                patched = self._patched(previous.graph, resolver, [fresh[p] for p in only], extractions)
            except ValueError:  # the symbols differ after all (PatchMismatch): a run below starts afresh
                memory.carry = None
        if patched is not None:
            graph, carry = patched, memory.carry
        elif only is not None and entry is not None:
            assert carry is not None
            if previous is not None and memory.carry is not None:
                carry.rules = memory.carry.rules
            else:  # a new process: what the rules answered when the earlier graph was made
                carry.answers = store.load_answers(entry[0]) if entry[0] else {}
            graph = self._resolved_only(store, extractions, only, carry,
                                        previous.graph if previous is not None else None, entry[0])
        else:
            graph = self.assemble(extractions, carry=carry)
        previous = None
        reextracted = sorted(fresh)
        answers = carry.answers if carry is not None else {}
        if self.memory is None:  # nothing keeps this run's extractions: free them before the graph is stored
            extractions.clear()
            fresh.clear()
            carry = None
        key = self._key(context, hashes)
        latest = CachedGraph(graph, hashes)
        if self.memory is not None:
            memory.extractions = {e.path: e for e in extractions}
            memory.latest, memory.latest_key, memory.latest_context = latest, key, context
            memory.carry = carry

        # a patched graph shares the earlier graph's stored parts that hold no changed file
        base = (entry[0], only) if only is not None and entry is not None and entry[0] else None

        def write() -> None:
            self._phase("storing")
            with collector_paused():  # (when deferred, it runs outside the run's pause)
                store.save_graph(key, context, latest, answers, base=base)
                store.forget_missing(hashes, self.root)

        outcome = RunOutcome(graph, states, reextracted, only, key=key)
        if self.defer_writes:
            outcome.deferred.append(write)
        else:
            write()
        return outcome
