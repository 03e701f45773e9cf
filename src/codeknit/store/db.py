"""The persistent index: per-file extraction records and finished graphs in SQLite.

One database per analysed root (see :mod:`codeknit.store.location`), in WAL
mode so a CLI run and a server can read while one of them writes.

``files``
    one row per source file: its language, content hash, the ``stat`` seen
    when the hash was taken, and the pickled
    :class:`~codeknit.languages.records.Extraction`. A row is reused when the
    file's ``stat`` is unchanged (and not racy: modified within two seconds of
    being recorded) or, failing that, when its content hash is.
``graphs``
    the last few finished graphs, keyed by the run's full fingerprint (every
    file's hash, the options, manifests and skipped files), with the per-file
    hashes they were built from. An unchanged tree loads its graph; a changed
    one starts from the latest graph of the same context and re-resolves only
    what the change can affect (see :mod:`codeknit.resolve.interface`). The row holds the
    graph's header; its symbols and relations are in ``parts``, a few thousand a row, so
    neither writing nor reading a large graph ever holds it as one blob. ``graph_parts`` lists a
    graph's parts in order. Parts are stored by their digest, once however many graphs hold
    them: a graph patched after an edit shares every part without a changed file with the graph
    it came from, and storing it writes (and pickles) only the others.
``answers``
    per graph, what language rules answered from whole-program analyses (Python's points-to
    solution, per call site), so that a new process re-resolving a changed file whose interface
    is unchanged reads those answers instead of solving the whole program again
    (:meth:`codeknit.resolve.api.LanguageRules.answers`). Read only by such runs.

Beside the database, ``<name>.outputs/`` keeps the last rendered outputs
(:mod:`codeknit.store.outputs`), so a re-run over an unchanged tree copies them instead of
loading and rendering the graph again.

The schema version, the codeknit version and a digest of codeknit's code are
recorded in ``meta``. A database written by other code, one that SQLite cannot read, or a blob
that fails its digest is never trusted: the database is deleted and rebuilt.
"""

from __future__ import annotations

import bisect
import contextlib
import dataclasses
import functools
import hashlib
import operator
import os
import re
import sqlite3
import time
import warnings
from array import array
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codeknit.graph import Graph, Relation, ResolutionMetrics, Symbol
from codeknit.graph.model import Local, Spans, site_numbers, spans_of
from codeknit.languages.records import Extraction
from codeknit.store import codec
from codeknit.store.location import database_path
from codeknit.store.outputs import OutputCache, outputs_folder
from codeknit.version import __version__
from codeknit.workspace import SourceFile

#: bump when the tables or the pickled records change shape
SCHEMA_VERSION = 9
#: how many finished graphs a database keeps
KEEP_GRAPHS = 3
#: a file modified this close (ns) to when its hash was recorded may have changed since: re-hash it
RACY_NS = 2_000_000_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    checked_ns INTEGER NOT NULL,
    data BLOB NOT NULL,
    digest TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS graphs (
    key TEXT PRIMARY KEY,
    context TEXT NOT NULL,
    created_ns INTEGER NOT NULL,
    data BLOB NOT NULL,
    digest TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS graphs_by_context ON graphs (context, created_ns);
CREATE TABLE IF NOT EXISTS graph_parts (
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    digest TEXT NOT NULL,
    layout TEXT NOT NULL,
    PRIMARY KEY (key, seq)
);
CREATE TABLE IF NOT EXISTS parts (digest TEXT PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, data BLOB NOT NULL, digest TEXT NOT NULL);
"""


@functools.cache
def code_digest() -> str:
    """A digest of codeknit's own code (modules and queries).

    Records written by other code are not trusted: after an upgrade, or an edit to an
    editable install, the index starts afresh instead of serving stale extractions.
    """
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.blake2b(digest_size=16)
    digest.update(__version__.encode())
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".scm") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _expected_meta() -> dict[str, str]:
    return {"schema": str(SCHEMA_VERSION), "codeknit": __version__, "code": code_digest()}


class StoreError(RuntimeError):
    """The index database cannot be used at all (e.g. its folder is not writable)."""


@dataclass(slots=True)
class FileState:
    """A scanned file as the store sees it."""

    file: SourceFile
    sha256: str
    mtime_ns: int
    size: int
    cached: bool  # the stored extraction matches the file's content
    rehashed: bool = False  # the stat did not vouch for the row, so the content was hashed


@dataclass(slots=True)
class CachedGraph:
    """A finished graph and the per-file state it was built from."""

    graph: Graph
    hashes: dict[str, str]  # path → sha256
    key: str = ""  # its key in the database, once stored or loaded


def _file_sha(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None


class IndexStore:
    """An open index database. Not thread-safe: use one per thread."""

    def __init__(self, path: Path | None) -> None:
        """Open (or create) the database at ``path``; None keeps it in memory, for runs that
        must not persist anything but still want the same incremental machinery."""
        self.path = path
        self.rebuilt = False  # the database was found unusable and started afresh
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the cache folder {path.parent}: {exc.strerror or exc}") from exc
        self._db = self._open()

    @property
    def outputs(self) -> OutputCache | None:
        """The rendered outputs kept for this root (beside the database); None in memory."""
        return None if self.path is None else OutputCache(outputs_folder(self.path))

    @classmethod
    def for_root(cls, root: Path) -> IndexStore:
        return cls(database_path(root))

    @classmethod
    def in_memory(cls) -> IndexStore:
        return cls(None)

    # -- opening, validating, rebuilding ---------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        target = ":memory:" if self.path is None else self.path
        db = sqlite3.connect(target, timeout=30.0, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=30000")
        return db

    def _open(self) -> sqlite3.Connection:
        try:
            db = self._connect()
            db.executescript(_SCHEMA)
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            expected = _expected_meta()
            if not meta:
                with self._transaction(db):
                    db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", sorted(expected.items()))
                return db
            if all(meta.get(k) == v for k, v in expected.items()):
                return db
            db.close()
        except sqlite3.DatabaseError:
            pass
        return self._recreate()

    def _recreate(self) -> sqlite3.Connection:
        """Delete the database and start an empty one of this version."""
        self.rebuilt = True
        with contextlib.suppress(AttributeError, sqlite3.Error):
            self._db.close()
        for suffix in ("", "-wal", "-shm") if self.path is not None else ():
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{self.path}{suffix}")
        if self.path is not None:
            OutputCache(outputs_folder(self.path)).clear()  # rendered from what is now gone
        try:
            db = self._connect()
            db.executescript(_SCHEMA)
            with self._transaction(db):
                db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", sorted(_expected_meta().items()))
        except sqlite3.Error as exc:
            raise StoreError(f"cannot create the index database {self.path}: {exc}") from exc
        return db

    @staticmethod
    @contextlib.contextmanager
    def _transaction(db: sqlite3.Connection) -> Iterator[None]:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def reset(self) -> None:
        """Throw the contents away (after finding a corrupt entry)."""
        self._db = self._recreate()

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def __enter__(self) -> IndexStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- files -----------------------------------------------------------------------------------

    def check(self, files: Sequence[SourceFile]) -> list[FileState]:
        """The state of every file; ``cached`` says whether its stored extraction can be used.

        A file whose ``stat`` matches its row (and was not modified within :data:`RACY_NS` of
        being recorded) is trusted without reading it; any other file is hashed.
        """
        rows = {
            row[0]: row[1:]
            for row in self._db.execute("SELECT path, language, sha256, size, mtime_ns, checked_ns FROM files")
        }
        states: list[FileState] = []
        for file in files:
            try:
                st = os.stat(file.abspath)
                mtime_ns, size = st.st_mtime_ns, st.st_size
            except OSError:
                mtime_ns, size = 0, file.size
            row = rows.get(file.path)
            if row is not None and row[0] == file.language:
                _language, sha, row_size, row_mtime, checked_ns = row
                if row_size == size and row_mtime == mtime_ns and mtime_ns + RACY_NS < checked_ns:
                    states.append(FileState(file, sha, mtime_ns, size, True))
                    continue
                current = _file_sha(file.abspath)
                if current == sha:
                    states.append(FileState(file, sha, mtime_ns, size, True, rehashed=True))
                    continue
                states.append(FileState(file, current or "", mtime_ns, size, False))
                continue
            states.append(FileState(file, "", mtime_ns, size, False))
        return states

    def load_extractions(self, paths: Iterable[str]) -> dict[str, Extraction]:
        """Stored extractions by path; raises :class:`codec.CorruptEntry` on a bad blob."""
        wanted = set(paths)
        out: dict[str, Extraction] = {}
        if len(wanted) <= 256:
            rows: Iterable[tuple[str, bytes, str]] = [
                row for path in sorted(wanted)
                for row in self._db.execute("SELECT path, data, digest FROM files WHERE path = ?", (path,))
            ]
        else:
            rows = self._db.execute("SELECT path, data, digest FROM files")
        for path, data, digest in rows:
            if path in wanted:
                extraction = codec.load_extraction(data, digest)
                if not isinstance(extraction, Extraction) or extraction.path != path:
                    raise codec.CorruptEntry(f"cache entry for {path} holds another record")
                out[path] = extraction
        return out

    def save_files(self, states: Sequence[FileState], blobs: dict[str, tuple[str, bytes, str]]) -> None:
        """Record new extractions (``blobs``: path → content hash and :func:`codec.dump_extraction`'s
        blob and digest) and the refreshed ``stat`` of files that were hashed again."""
        now = time.time_ns()
        new_rows = []
        for state in states:
            blob = blobs.get(state.file.path)
            if blob is None:
                continue
            sha, data, digest = blob
            new_rows.append((state.file.path, state.file.language, sha, state.size, state.mtime_ns, now, data, digest))
        touched = [(state.size, state.mtime_ns, now, state.file.path) for state in states
                   if state.cached and state.rehashed and state.file.path not in blobs]
        if not new_rows and not touched:
            return
        try:
            with self._transaction(self._db):
                self._db.executemany(_INSERT_FILE, new_rows)
                self._db.executemany(_TOUCH_FILE, touched)
        except sqlite3.Error:  # (a record SQLite refuses, a full disk: keep what can be kept, one row at a time)
            refused: list[str] = []
            for row in new_rows:
                if not self._write_row(_INSERT_FILE, row):
                    refused.append(row[0])
            for stat in touched:
                self._write_row(_TOUCH_FILE, stat)
            if refused:
                _not_stored(f"the extraction of {_some(refused)}", "analysed again")

    def _write_row(self, statement: str, row: tuple[Any, ...]) -> bool:
        """One row in a transaction of its own; False where SQLite refuses it."""
        try:
            with self._transaction(self._db):
                self._db.execute(statement, row)
        except sqlite3.Error:
            return False
        return True

    def forget_missing(self, present: Iterable[str], root: Path) -> None:
        """Drop rows of files that no longer exist under ``root``."""
        keep = set(present)
        gone = [
            (path,) for (path,) in self._db.execute("SELECT path FROM files")
            if path not in keep and not (root / path).exists()
        ]
        if gone:
            # (rows of deleted files that could not go are only space: no run reads them)
            with contextlib.suppress(sqlite3.Error), self._transaction(self._db):
                self._db.executemany("DELETE FROM files WHERE path = ?", gone)

    # -- graphs ----------------------------------------------------------------------------------

    def has_graph(self, key: str) -> bool:
        return self._db.execute("SELECT 1 FROM graphs WHERE key = ?", (key,)).fetchone() is not None

    def load_graph(self, key: str) -> CachedGraph | None:
        row = self._db.execute("SELECT data, digest FROM graphs WHERE key = ?", (key,)).fetchone()
        return None if row is None else self._decode_graph(key, *row)

    def _decode_graph(self, key: str, data: bytes, digest: str) -> CachedGraph:
        parts = self._db.execute(
            "SELECT p.data, p.digest FROM graph_parts g JOIN parts p ON p.digest = g.digest WHERE g.key = ? "
            "ORDER BY g.seq", (key,))
        return _decode_graph(codec.loads(data, digest), (codec.loads(*row) for row in parts), key)

    def latest_entry(self, context: str) -> tuple[str, dict[str, str]] | None:
        """The key of the latest graph of ``context`` and the file hashes it was built from, without
        loading the graph (an incremental run loads it only once its own resolving is done)."""
        row = self._db.execute(
            "SELECT key, data, digest FROM graphs WHERE context = ? ORDER BY created_ns DESC LIMIT 1", (context,)
        ).fetchone()
        if row is None:
            return None
        header = codec.loads(row[1], row[2])
        if not (isinstance(header, tuple) and header and isinstance(header[0], dict)):
            raise codec.CorruptEntry("cached graph header has an unexpected shape")
        return row[0], header[0]

    def load_answers(self, key: str) -> dict[str, object]:
        """What the rules answered for the graph stored under ``key`` (by language); {} if nothing."""
        row = self._db.execute("SELECT data, digest FROM answers WHERE key = ?", (key,)).fetchone()
        if row is None:
            return {}
        answers = codec.loads(*row)
        if not isinstance(answers, dict):
            raise codec.CorruptEntry("cached answers have an unexpected shape")
        return answers

    def save_graph(self, key: str, context: str, cached: CachedGraph, answers: dict[str, object] | None = None,
                   base: tuple[str, Collection[str]] | None = None) -> None:
        """Store a graph under ``key``. ``base`` (the key of a stored graph, and the files whose
        records differ from it) says the graph was patched from that one: parts holding none of
        those files are taken over from it as they are, without being made or pickled again."""
        try:
            self._save_graph(key, context, cached, answers, base)
        except sqlite3.Error as exc:  # (a part SQLite refuses, a full disk: the run's output is whole all the same)
            _not_stored(f"the graph ({exc})", "resolved again from the stored extractions")

    def _save_graph(self, key: str, context: str, cached: CachedGraph, answers: dict[str, object] | None,
                    base: tuple[str, Collection[str]] | None) -> None:
        header, *parts = _graph_parts(cached)
        data, digest = codec.dumps(header)
        extra = codec.dumps(answers) if answers else None
        with self._transaction(self._db):
            earlier: dict[int, tuple[str, str]] = {}
            if base is not None:
                earlier = {seq: (layout, part_digest) for seq, part_digest, layout in self._db.execute(
                    "SELECT seq, digest, layout FROM graph_parts WHERE key = ?", (base[0],))}
            changed = frozenset(base[1]) if base is not None else frozenset()
            self._db.execute("INSERT OR REPLACE INTO graphs VALUES (?, ?, ?, ?, ?)",
                             (key, context, time.time_ns(), data, digest))
            self._db.execute("DELETE FROM graph_parts WHERE key = ?", (key,))
            for seq, (paths, layout, make) in enumerate(parts):
                found = earlier.get(seq)
                if found is not None and found[0] == layout and changed.isdisjoint(paths):
                    part_digest = found[1]  # the same files, none of them changed: the same rows
                else:
                    # each part pickled as it is written: a part's blob is all that exists at once
                    blob, part_digest = codec.dumps(make())
                    self._db.execute("INSERT OR IGNORE INTO parts VALUES (?, ?)", (part_digest, blob))
                self._db.execute("INSERT INTO graph_parts VALUES (?, ?, ?, ?)", (key, seq, part_digest, layout))
            if extra is not None:
                self._db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?)", (key, *extra))
            else:
                self._db.execute("DELETE FROM answers WHERE key = ?", (key,))
            self._db.execute(
                "DELETE FROM graphs WHERE key NOT IN (SELECT key FROM graphs ORDER BY created_ns DESC LIMIT ?)",
                (KEEP_GRAPHS,),
            )
            self._db.execute("DELETE FROM answers WHERE key NOT IN (SELECT key FROM graphs)")
            self._db.execute("DELETE FROM graph_parts WHERE key NOT IN (SELECT key FROM graphs)")
            self._db.execute("DELETE FROM parts WHERE digest NOT IN (SELECT digest FROM graph_parts)")
        cached.key = key


_INSERT_FILE = "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
_TOUCH_FILE = "UPDATE files SET size = ?, mtime_ns = ?, checked_ns = ? WHERE path = ?"


def _not_stored(what: str, then: str) -> None:
    """Warn that the index could not keep ``what``: the run goes on (the index is a cache), the next one does
    that part of the work again (``then``)."""
    warnings.warn(f"the index could not store {what}; this run's output is complete, the next run has it "
                  f"{then}", RuntimeWarning, stacklevel=4)


def _some(paths: list[str]) -> str:
    return ", ".join(paths[:3]) + (f" and {len(paths) - 3} more files" if len(paths) > 3 else "")


_SYMBOL_FIELDS = operator.attrgetter(*(f.name for f in dataclasses.fields(Symbol)))
#: a relation's fields but its sites (a part keeps all its relations' sites as one run of bytes: pickled one
#: array at a time, the sites cost more than the rest of the part), split where the sites come
_RELATION_NAMES = [f.name for f in dataclasses.fields(Relation)]
_SITES_AT = _RELATION_NAMES.index("spans")
_RELATION_FIELDS = operator.attrgetter(*(name for name in _RELATION_NAMES if name != "spans"))
_RELATION_SITES = operator.attrgetter("spans")
#: bytes a number of the sites takes
_SITE_BYTES = array("i").itemsize
_LOCAL_FIELDS = operator.attrgetter(*(f.name for f in dataclasses.fields(Local)))
_LOCAL_PATH = operator.attrgetter("path")


#: symbols per part of a stored graph (at least; a part ends at a file's end). A patched graph
#: pickles only the parts that hold a changed file, so the smaller the part, the less a one-file
#: edit writes (Django, 19k symbols: 0.27 s as one part, 0.06-0.09 s in parts of 2,000); loading
#: costs the same either way. A part's rows and its pickle are what storing a graph adds to the
#: run's memory, at its end where it peaks: on effect 2,000 symbols' parts added 15-20 MB, 500's 6 MB
_PART = 500


def _graph_parts(cached: CachedGraph) -> Iterator[Any]:
    """A graph as flat tuples of plain values (they pickle and load many times faster than the
    records themselves): a header, then per part its files, its layout and a function that makes
    its rows: the symbols of some files and the relations that start at them (relations are
    sorted by their source's position), so that within a part a relation's source is the very
    string of its symbol's id."""
    graph = cached.graph
    symbols, relations, locals_ = graph.symbols, graph.relations, graph.locals
    yield (cached.hashes,
           (graph.root, graph.fingerprint, graph.options, graph.files, graph.errors, graph.skipped,
            graph.projects, graph.dependencies, graph.metrics),
           len(symbols), len(relations), len(locals_))
    order = {s.id: i for i, s in enumerate(symbols)}
    # each relation's source's position (relations are in that order, those of no symbol last): a part's
    # relations are found by bisection, as its locals are by path (locals are sorted by path)
    positions = [order.get(r.source, len(symbols)) for r in relations]
    start = first_relation = first_local = 0
    while start < len(symbols) or first_relation < len(relations):
        end = min(start + _PART, len(symbols))
        while 0 < end < len(symbols) and symbols[end].path == symbols[end - 1].path:
            end += 1
        part = symbols[start:end]
        if end >= len(symbols):
            last_relation, last_local = len(relations), len(locals_)
        else:  # a part holds whole files: its locals are the next run of them
            last_relation = bisect.bisect_left(positions, end, first_relation)
            last_local = bisect.bisect_left(locals_, symbols[end].path, first_local, key=_LOCAL_PATH)
        # what a part holds is fixed by its files and where it starts and ends in the graph
        layout = (f"{part[0].id if part else ''}\0{part[-1].id if part else ''}\0{len(part)}\0"
                  f"{last_relation - first_relation}\0{last_local - first_local}")
        yield ({s.path for s in part}, layout,
               functools.partial(_rows, part, relations[first_relation:last_relation],
                                 locals_[first_local:last_local]))
        start, first_relation, first_local = end, last_relation, last_local


def _rows(symbols: list[Symbol], relations: list[Relation], locals_: list[Local]) -> tuple[Any, ...]:
    """A part's rows: its symbols', its relations' (without their sites), the sites of all its relations as
    one run of bytes with each relation's count of numbers, and its locals'."""
    sites = [spans if type(spans) is Spans else spans_of([n for span in spans for n in span])
             for spans in map(_RELATION_SITES, relations)]
    return ([_SYMBOL_FIELDS(s) for s in symbols], list(map(_RELATION_FIELDS, relations)),
            b"".join(map(array.tobytes, sites)), list(map(site_numbers, sites)),
            [_LOCAL_FIELDS(local) for local in locals_])


def _relations(rows: list[tuple[Any, ...]], sites: bytes, counts: list[int]) -> Iterator[Relation]:
    """The relations of a part's rows (:func:`_rows`)."""
    if len(rows) != len(counts) or _SITE_BYTES * sum(counts) != len(sites):
        raise ValueError("a part's sites do not match its relations")
    at = _SITES_AT
    end = 0
    for row, count in zip(rows, counts, strict=True):
        start, end = end, end + _SITE_BYTES * count
        yield Relation(*row[:at], spans_of(sites[start:end]), *row[at:])  # type: ignore[call-arg]  # (rows are tuples)


def _decode_graph(header: Any, parts: Iterator[Any], key: str) -> CachedGraph:
    try:
        hashes, fields, symbol_count, relation_count, local_count = header
        root, fingerprint, options, files, errors, skipped, projects, dependencies, metrics = fields
        if not isinstance(metrics, ResolutionMetrics):
            raise TypeError("no metrics")
        symbols: list[Symbol] = []
        relations: list[Relation] = []
        locals_: list[Local] = []
        for symbol_rows, relation_rows, sites, site_counts, local_rows in parts:
            symbols.extend(Symbol(*row) for row in symbol_rows)
            relations.extend(_relations(relation_rows, sites, site_counts))
            locals_.extend(Local(*row) for row in local_rows)
        if len(symbols) != symbol_count or len(relations) != relation_count or len(locals_) != local_count:
            raise ValueError("parts are missing")
        graph = Graph(root=root, fingerprint=fingerprint, options=options, files=files, symbols=symbols,
                      relations=relations, errors=errors, skipped=skipped, projects=projects,
                      dependencies=dependencies, locals=locals_)
    except (TypeError, ValueError) as exc:
        raise codec.CorruptEntry(f"cached graph has an unexpected shape: {exc!r}") from exc
    graph.finalize(presorted=True, metrics=metrics)  # (counting them again costs as much as the load)
    return CachedGraph(graph, hashes, key)


#: the name of an index database (``location.database_path``)
_INDEX_NAME = re.compile(r"[A-Za-z0-9._-]{1,40}-[0-9a-f]{16}\.sqlite")


def clear_cache(root: Path | None = None) -> list[Path]:
    """Delete the index of ``root`` (or every index) with its kept outputs; returns the database files removed."""
    from codeknit.store.location import cache_root

    if root is not None:
        candidates = [database_path(root)]
    else:
        folder = cache_root() / "indexes"
        # (only the databases codeknit names, ``<name>-<16 hex>.sqlite``: a file of another's stays)
        candidates = sorted(p for p in folder.glob("*.sqlite") if _INDEX_NAME.fullmatch(p.name)) \
            if folder.is_dir() else []
        for orphan in sorted(folder.glob("*.outputs")) if folder.is_dir() else []:
            OutputCache(orphan).clear()
    removed: list[Path] = []
    for db in candidates:
        OutputCache(outputs_folder(db)).clear()
        for suffix in ("", "-wal", "-shm"):
            target = Path(f"{db}{suffix}")
            with contextlib.suppress(FileNotFoundError):
                target.unlink()
                if not suffix:
                    removed.append(db)
    return removed
