"""The live index: a graph that follows the files while the server runs.

:class:`LiveIndex` keeps one :class:`~codeknit.languages.engine.Extraction`
per source file, keyed by path and checked by ``(mtime, size)`` first and by
content hash second. It publishes immutable :class:`Snapshot` objects; a
reader takes the current one and is never blocked by a rebuild.

How a change reaches an answer
==============================
1. Before each answer the server calls :meth:`LiveIndex.check`. At most once
   per ``debounce`` seconds it ``stat``\\ s every known file and the
   directories that hold them (a few milliseconds for a thousand files). A
   changed ``(mtime_ns, size)``, a vanished file or a changed directory marks
   the index dirty; a full rescan (to find new files in directories without
   source files yet) also runs every ``rescan_interval`` seconds.
2. A single background thread does the work: it rescans when needed, reads
   and hashes the files whose stat changed, re-extracts only those whose
   content hash changed (a ``touch`` costs no extraction), and resolves again
   what the change can affect (see below).
3. The new graph becomes the current snapshot in one assignment. Until then
   readers get the previous snapshot, and :meth:`LiveIndex.freshness` says
   which files it does not reflect yet. :meth:`LiveIndex.wait_fresh` lets a
   reader wait a bounded time for a rebuild already under way.

Persistence and incremental resolution
======================================
The builder works on the persistent index (:mod:`codeknit.store`, SQLite under
the cache folder, outside the repository) through :class:`codeknit.pipeline.IndexRun`,
the same code path as the CLI. The first start extracts everything (reporting
progress) and stores it; a later start loads the stored graph when nothing
changed, or re-extracts only the files whose content hash changed. After an
edit that leaves a file's interface unchanged (a body edit), only that file's
references are resolved again; the rest of the graph is kept
(:mod:`codeknit.resolve.interface`). A :class:`codeknit.pipeline.RunMemory` keeps
the extractions, the last graph and the last run's resolver in memory between
refreshes, so such an edit updates that resolver and patches the last graph
instead of running again (``Resolver.update``, :mod:`codeknit.graph.patch`). A new graph is
published first and written to the database after (``IndexRun.defer_writes``),
so the write never delays an answer. With
``persistent=False`` (``serve --no-cache``) the same machinery runs on an
in-memory database.

Short ids
=========
The graph numbers its symbols ``S1``, ``S2`` … in output order, so an edit
would renumber everything after it. :class:`ShortIds` keeps, for the whole
server process, the short id first handed out for each full id: the first
snapshot keeps the graph's own numbers (answers match ``codeknit parse``);
a symbol that appears later gets the next unused number; a number is never
reused for another symbol, even after its symbol is deleted. Every snapshot's
symbols carry these ids, so ``S12`` means the same symbol in every answer of
every session of one server process.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from codeknit.graph import Graph, SkippedFile
from codeknit.pipeline import PARSE_TIME_LIMIT, IndexOptions, IndexRun, RunMemory, RunOutcome, scan_tree
from codeknit.store import IndexStore, StoreError
from codeknit.workspace import ScanResult, SourceFile
from codeknit.workspace.manifests import ManifestScan
from codeknit.workspace.scanner import still_source

log = logging.getLogger(__name__)



# -- per-file records and the store seam --------------------------------------------------


@dataclass(slots=True)
class FileRecord:
    """What the live index knows about one source file: enough to notice that it changed."""

    source: SourceFile
    mtime_ns: int
    size: int
    sha256: str

    @property
    def path(self) -> str:
        return self.source.path


# -- short ids ------------------------------------------------------------------------------


class ShortIds:
    """Short ids that never change meaning within one server process (see the module docs)."""

    def __init__(self) -> None:
        self._short: dict[str, str] = {}
        self._full: dict[str, str] = {}
        self._next = 1
        self._lock = threading.Lock()

    def assign(self, graph: Graph) -> None:
        """Give every symbol of ``graph`` its stable short id (rewrites ``Symbol.short``)."""
        with self._lock:
            first = not self._short
            for symbol in graph.symbols:
                short = self._short.get(symbol.id)
                if short is None:
                    # the first graph keeps its own numbering; later symbols get fresh numbers
                    short = symbol.short if first and symbol.short else f"S{self._next}"
                    self._short[symbol.id] = short
                    self._full[short] = symbol.id
                    self._next = max(self._next, int(short[1:]) + 1)
                symbol.short = short
        # the graph looks short ids up in its own table: keep it in step with the symbols
        graph._by_short = {s.short: s for s in graph.symbols}

    def full_id(self, short: str) -> str | None:
        """The full id ``short`` was handed out for (it may since have been deleted)."""
        with self._lock:
            return self._full.get(short)


# -- snapshots ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One consistent graph and the file records it was built from. Never changes."""

    graph: Graph
    version: int
    built_at: float  # wall-clock time the snapshot was published
    build_seconds: float
    files: Mapping[str, FileRecord]
    reextracted: tuple[str, ...]  # files extracted again for this snapshot
    #: the files whose references were resolved again for this snapshot; None: the whole project
    reresolved: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Freshness:
    """How far the snapshot an answer came from is behind the files."""

    snapshot_version: int
    stale_paths: tuple[str, ...]  # changed on disk, not in the snapshot yet (may be partial)
    refreshing: bool  # a rebuild is running or queued

    @property
    def stale(self) -> bool:
        return bool(self.stale_paths) or self.refreshing


@dataclass(slots=True)
class Progress:
    phase: str = "starting"  # starting, scanning, extracting, resolving, ready, failed
    done: int = 0
    total: int = 0
    detail: str = ""


@dataclass(slots=True)
class _Pending:
    """Work the builder thread has been asked to do."""

    paths: set[str] = field(default_factory=set)  # known files whose stat changed or that vanished
    rescan: bool = False
    requested: int = 0  # bumped on each request; the builder records what it has served


class LiveIndexError(RuntimeError):
    """The index could not be built at all (e.g. the root vanished)."""


class LiveIndex:
    """Snapshots of a source tree that follow its changes (see the module docs)."""

    def __init__(
        self,
        root: str | Path,
        options: IndexOptions | None = None,
        *,
        persistent: bool = True,
        parse_timeout: float = PARSE_TIME_LIMIT,
        debounce: float = 0.25,
        rescan_interval: float = 10.0,
        workers: int = 0,
        short_ids: ShortIds | None = None,
        prepare: Callable[[Snapshot], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.root = Path(root).absolute()
        self.options = options or IndexOptions()
        self.persistent = persistent
        self.parse_timeout = parse_timeout
        self._store: IndexStore | None = None  # opened by the builder thread, used by it alone
        self._memory = RunMemory()
        self._files: list[SourceFile] = []
        self.debounce = debounce
        self.rescan_interval = rescan_interval
        self.workers = workers
        self.short_ids = short_ids or ShortIds()
        #: called in the builder thread with each new snapshot before readers can see it (to warm caches)
        self.prepare = prepare
        self._clock = clock
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)  # the builder waits here for work
        self._published = threading.Condition(self._lock)  # readers wait here for a snapshot
        self._written = threading.Condition(self._lock)  # close() waits here for the database write
        self._unwritten = 0  # published graphs whose database write has not finished
        self._snapshot: Snapshot | None = None
        self._records: dict[str, FileRecord] = {}
        self._skipped: list[SkippedFile] = []
        self._dirs: dict[str, int] = {}  # directory → mtime_ns at the last scan
        self._manifests: dict[str, tuple[int, int]] = {}  # manifest path → (mtime_ns, size) when last read
        self._manifest_scan = ManifestScan()  # what the last scan's manifests declare
        self._pending = _Pending()
        self._served = 0  # the last ``requested`` value a published snapshot covers
        self._last_check = -1e18
        self._last_scan = clock()
        self._progress = Progress()
        self._error: str | None = None
        self._priming = False  # the stored graph is being resolved again for fast refreshes (``_prime``)
        self._closed = False
        self._thread: threading.Thread | None = None

    # -- life cycle ----------------------------------------------------------------------

    def start(self) -> LiveIndex:
        """Build the first snapshot in the background and keep following changes."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="codeknit-live-index", daemon=True)
            self._thread.start()
        return self

    def close(self, *, flush_timeout: float = 60.0) -> None:
        """Stop following changes. A graph published but not yet written to the database is
        waited for (up to ``flush_timeout`` seconds), so the next start finds it stored."""
        with self._lock:
            self._closed = True
            self._wake.notify_all()
            self._published.notify_all()
            deadline = time.monotonic() + flush_timeout  # real time, whatever clock the index runs on
            while self._unwritten and time.monotonic() < deadline:
                self._written.wait(min(0.5, max(deadline - time.monotonic(), 0.0)))

    def build_now(self) -> Snapshot:
        """Build the first snapshot in the calling thread (for tests and one-shot use)."""
        self._initial_build()
        snapshot = self.snapshot()
        if snapshot is None:
            raise LiveIndexError(self._error or "the index could not be built")
        return snapshot

    # -- reading -------------------------------------------------------------------------

    def snapshot(self) -> Snapshot | None:
        """The last consistent snapshot (None until the first build is done). Never blocks."""
        return self._snapshot

    @property
    def error(self) -> str | None:
        """Why the last build failed, if it did."""
        return self._error

    def priming(self) -> bool:
        """True while a warm start prepares its incremental state in the background: answers are
        served meanwhile, but the first refresh waits for it (see ``_prime``)."""
        return self._priming

    def progress(self) -> Progress:
        with self._lock:
            p = self._progress
            return Progress(p.phase, p.done, p.total, p.detail)

    def wait_ready(self, timeout: float) -> Snapshot | None:
        """Wait up to ``timeout`` seconds for the first snapshot."""
        deadline = self._clock() + timeout
        with self._lock:
            while self._snapshot is None and self._error is None and not self._closed:
                remaining = deadline - self._clock()
                if remaining <= 0:
                    break
                self._published.wait(min(remaining, 0.5))
            return self._snapshot

    def check(self, *, force: bool = False) -> bool:
        """Look for changes with cheap ``stat`` calls (debounced); True when a rebuild is now due.

        Runs in the caller's thread and never waits for the builder.
        """
        now = self._clock()
        with self._lock:
            if self._snapshot is None or self._closed:
                return False
            if not force and now - self._last_check < self.debounce:
                return self._pending.requested > self._served
            self._last_check = now
            records = list(self._records.values())
            dirs = dict(self._dirs)
            manifests = dict(self._manifests)
            rescan_due = now - self._last_scan >= self.rescan_interval
        changed: set[str] = set()
        for record in records:
            try:
                st = os.stat(record.source.abspath)
            except OSError:
                changed.add(record.path)
                continue
            if st.st_mtime_ns != record.mtime_ns or st.st_size != record.size:
                changed.add(record.path)
        dir_changed = False
        for manifest, stat in manifests.items():
            try:
                st = os.stat(self.root / manifest)
                if (st.st_mtime_ns, st.st_size) != stat:
                    dir_changed = True  # a manifest changed: rebuild with a rescan
            except OSError:
                dir_changed = True
        for directory, mtime in dirs.items():
            try:
                if os.stat(directory).st_mtime_ns != mtime:
                    dir_changed = True
                    break
            except OSError:
                dir_changed = True
                break
        with self._lock:
            if changed or dir_changed or rescan_due:
                new_paths = changed - self._pending.paths
                if new_paths or dir_changed or (rescan_due and not self._pending.rescan):
                    self._pending.paths |= changed
                    self._pending.rescan |= dir_changed or rescan_due
                    if rescan_due:
                        self._last_scan = now
                    self._pending.requested += 1
                    self._wake.notify_all()
            return self._pending.requested > self._served

    def freshness(self) -> Freshness:
        with self._lock:
            version = self._snapshot.version if self._snapshot else 0
            refreshing = self._pending.requested > self._served
            return Freshness(version, tuple(sorted(self._pending.paths)), refreshing)

    def wait_fresh(self, timeout: float) -> Freshness:
        """Wait up to ``timeout`` seconds for the rebuilds requested so far; never longer."""
        deadline = self._clock() + timeout
        with self._lock:
            target = self._pending.requested
            while self._served < target and not self._closed and self._error is None:
                remaining = deadline - self._clock()
                if remaining <= 0:
                    break
                self._published.wait(min(remaining, 0.5))
        return self.freshness()

    # -- building ------------------------------------------------------------------------

    def _run(self) -> None:
        self._initial_build()
        while True:
            with self._lock:
                while not self._closed and self._pending.requested <= self._served:
                    self._wake.wait()
                if self._closed:
                    return
                pending, self._pending = self._pending, _Pending(requested=self._pending.requested)
                # paths stay reported as stale until the snapshot that covers them is out
                self._pending.paths = set(pending.paths)
            try:
                self._refresh(pending)
            except Exception as exc:  # noqa: BLE001 - the builder must survive any one bad refresh
                log.exception("refreshing the index failed")
                with self._lock:
                    self._error = f"refresh failed: {type(exc).__name__}: {exc}"
                    self._served = pending.requested
                    self._published.notify_all()

    def _set_progress(self, phase: str, done: int = 0, total: int = 0, detail: str = "") -> None:
        with self._lock:
            self._progress = Progress(phase, done, total, detail)

    def _scan(self) -> tuple[ScanResult, list[SourceFile], list[SkippedFile], dict[str, int]]:
        """Walk the tree (the pipeline's scan); also reads the manifests the walk found (kept until the
        next scan: a changed manifest triggers one, see :meth:`check`)."""
        tree = scan_tree(self.root, self.options)
        self._manifest_scan = tree.manifests
        return tree.result, tree.files, tree.skipped, self._directory_times(tree.files)

    def _directory_times(self, files: Iterable[SourceFile]) -> dict[str, int]:
        """mtimes of the root and of every directory between it and a source file."""
        dirs: dict[str, int] = {}
        root = str(self.root)
        wanted = {root}
        for file in files:
            parent = os.path.dirname(str(file.abspath))
            while parent not in wanted and parent.startswith(root) and len(parent) > len(root):
                wanted.add(parent)
                parent = os.path.dirname(parent)
        if self.root.is_file():
            wanted = {os.path.dirname(root)}
        for directory in wanted:
            try:
                dirs[directory] = os.stat(directory).st_mtime_ns
            except OSError:
                continue
        return dirs

    def _open_store(self) -> IndexStore:
        if self._store is None:
            if self.persistent:
                try:
                    self._store = IndexStore.for_root(self.root)
                except StoreError as exc:
                    log.warning("%s; the index is kept in memory only", exc)
            if self._store is None:
                self._store = IndexStore.in_memory()
        return self._store

    def _index_run(self, files: list[SourceFile], skipped: list[SkippedFile]) -> IndexRun:
        """A run over ``files`` that reports its progress here and keeps its state in this index."""
        manifests = self._manifest_scan

        def progress(done: int, total: int, path: str) -> None:
            self._set_progress("extracting", done, total, path)

        return IndexRun(self.root, files, skipped, manifests, self.options, self.workers, progress,
                        self.parse_timeout, memory=self._memory,
                        on_phase=lambda phase: self._set_progress(phase, len(files), len(files)),
                        defer_writes=True)

    def _update(self, run: IndexRun) -> RunOutcome:
        """Bring the graph up to date with the run's files through the persistent index."""
        outcome = run.cached(self._open_store())
        stats: dict[str, tuple[int, int]] = {}
        for path, _ in run.manifests.manifests:
            try:
                st = os.stat(self.root / path)
            except OSError:
                continue
            stats[path] = (st.st_mtime_ns, st.st_size)
        with self._lock:
            self._manifests = stats
        self.short_ids.assign(outcome.graph)
        # build the relation indexes now, in this thread, so readers only ever read
        outcome.graph.outgoing("")
        return outcome

    def _prime(self, run: IndexRun) -> None:
        """Resolve the stored graph again in the background (answers are already served from it), so
        the first edit can reuse whole-program results instead of computing them (see ``IndexRun.prime``).
        An edit that arrives meanwhile waits for this, at most as long as it would have taken itself."""
        try:
            run.prime(self._open_store())
        except Exception:  # noqa: BLE001 - priming is an optimisation; the next refresh works without it
            log.exception("priming the incremental state failed")

    @staticmethod
    def _records_of(outcome: RunOutcome) -> dict[str, FileRecord]:
        return {s.file.path: FileRecord(s.file, s.mtime_ns, s.size, s.sha256) for s in outcome.states}

    def _initial_build(self) -> None:
        started = self._clock()
        try:
            self._set_progress("scanning")
            _result, files, skipped, dirs = self._scan()
            run = self._index_run(files, skipped)
            outcome = self._update(run)
            records = self._records_of(outcome)
            prime = outcome.resolved == []  # loaded from the store: prepare fast incremental refreshes
            with self._lock:
                self._records = records
                self._files = files
                self._skipped = skipped
                self._dirs = dirs
                self._last_scan = self._clock()
                self._priming = prime  # set before the snapshot is published, so no reader misses it
            try:
                self._publish_and_store(outcome, records, started, served=0)
                if prime:
                    self._prime(run)
            finally:
                with self._lock:
                    self._priming = False
        except Exception as exc:  # noqa: BLE001 - reported through status and every tool answer
            log.exception("building the index failed")
            with self._lock:
                self._error = f"{type(exc).__name__}: {exc}"
                self._progress = Progress("failed", detail=self._error)
                self._published.notify_all()

    def _refresh(self, pending: _Pending) -> None:
        started = self._clock()
        with self._lock:
            files = list(self._files)
            skipped = list(self._skipped)
            dirs = dict(self._dirs)
            current = self._snapshot.graph if self._snapshot is not None else None
        if pending.rescan:
            self._set_progress("scanning")
            _result, files, skipped, dirs = self._scan()
        else:  # known files only; one that vanished is dropped (a rescan would not find it either)
            files = [f for f in files if f.path not in pending.paths or f.abspath.exists()]
            limit = self.options.max_file_size
            if any(f.path in pending.paths and not still_source(f.abspath, limit) for f in files):
                # a file became binary or too large: what a scan says of it (it was parsed as source again)
                self._set_progress("scanning")
                _result, files, skipped, dirs = self._scan()
        outcome = self._update(self._index_run(files, skipped))
        records = self._records_of(outcome)
        with self._lock:
            self._records = records
            self._files = files
            self._skipped = skipped
            self._dirs = dirs
        if outcome.graph is current:
            # stat-only changes (a touch, a save without edits): keep the snapshot, record the new stats
            with self._lock:
                self._served = pending.requested
                self._pending.paths -= pending.paths
                self._progress = Progress("ready", len(records), len(records))
                self._published.notify_all()
            outcome.finish()
            return
        self._publish_and_store(outcome, records, started, served=pending.requested, covered=pending.paths)

    def _publish_and_store(self, outcome: RunOutcome, records: Mapping[str, FileRecord], started: float, *,
                           served: int, covered: Iterable[str] = ()) -> None:
        """Publish the new graph, then write it to the database (a reader never waits for the write;
        :meth:`close` does)."""
        with self._lock:
            self._unwritten += 1
        try:
            self._publish(outcome, records, started, served=served, covered=covered)
            outcome.finish()
        finally:
            with self._lock:
                self._unwritten -= 1
                self._written.notify_all()

    @property
    def store_path(self) -> Path | None:
        """The database of the persistent index; None when the index is kept in memory only."""
        return self._store.path if self._store is not None else None

    def _publish(self, outcome: RunOutcome, records: Mapping[str, FileRecord], started: float, *, served: int,
                 covered: Iterable[str] = ()) -> None:
        graph = outcome.graph
        reextracted = tuple(outcome.reextracted)
        reresolved = None if outcome.resolved is None else tuple(outcome.resolved)
        with self._lock:
            version = (self._snapshot.version + 1) if self._snapshot else 1
        snapshot = Snapshot(graph, version, time.time(), self._clock() - started, dict(records), reextracted,
                            reresolved)
        if self.prepare is not None:
            try:
                self.prepare(snapshot)
            except Exception:  # noqa: BLE001 - a cache that failed to warm is built on first use instead
                log.exception("preparing the snapshot failed")
        with self._lock:
            self._snapshot = snapshot
            self._served = max(self._served, served)
            self._pending.paths -= set(covered)
            self._error = None
            self._progress = Progress("ready", len(records), len(records))
            self._published.notify_all()
