"""The extract stage: every file's extraction, each failure an error record, in worker processes
when the tree is large enough."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from codeknit.languages.adapters import adapter_for, extract
from codeknit.languages.engine import ParseTimeout, defer_in_read
from codeknit.languages.records import Extraction
from codeknit.pipeline.options import PARSE_TIME_LIMIT, Progress
from codeknit.pipeline.workers import map_in_processes
from codeknit.workspace import SourceFile

if TYPE_CHECKING:
    from types import FrameType


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

    def expire(signum: int, frame: FrameType | None) -> None:
        # (inside the parser's read callback the exception would be lost: the alarm comes again a millisecond
        # later, from the timer, which the ``finally`` below stops whatever it holds)
        if defer_in_read(signum, frame, again=lambda: signal.setitimer(signal.ITIMER_REAL, 0.001)):
            return
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
        # (no digest to check: the worker made it of these bytes a moment ago, and a pipe loses or changes none)
        return load_extraction(data, None, share=True), data, digest
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
    # (decoded after the workers end, on purpose: decoding each record as it arrived was tried five times, each
    # measured in docs/performance.md. The decoded records then coexist with the live workers' memory: effect's
    # process-tree peak rose from 248 to 361 MB, and the wall time did not move beyond the noise)
    return [_decode(by_path[item[0]], item) for item in done]


def _lost(file: SourceFile, reason: str) -> Extraction:
    return _unreadable(file, f"not analysed: {reason}")


def _lost_encoded(file: SourceFile, reason: str) -> tuple[str, bytes, str]:
    from codeknit.store.codec import dump_extraction

    return (file.path, *dump_extraction(_lost(file, reason)))


#: the module the workers' fork server imports before it forks them, and the environment variable in which
#: it finds the grammars to compile (see ``warm.py``)
WARM_MODULE, WARM = "codeknit.pipeline.warm", "CODEKNIT_WARM"


def _grammars(files: Sequence[SourceFile]) -> list[str]:
    """``language:grammar`` of every grammar ``files`` are parsed with, sorted."""
    by_language: dict[str, set[str]] = {}
    for file in files:
        by_language.setdefault(file.language, set()).add(file.path)
    found: set[str] = set()
    for language, paths in by_language.items():
        try:
            adapter = adapter_for(language)
        except LookupError:
            continue
        found.update(f"{language}:{adapter.grammar_for(path)}" for path in paths)
    return sorted(found)


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
    # the fork server imports the extraction and compiles the run's grammars once, for every worker
    warm = {WARM: ",".join(_grammars(files))}
    with contextlib.closing(map_in_processes(work, ordered, min(count, len(files)), lost,
                                             preload=(WARM_MODULE,), environment=warm)) as finished:
        for number, (file, result) in enumerate(finished, start=1):
            results.append(result)
            if progress is not None:
                progress(number, len(files), file.path)
    return results


__all__ = ["PARALLEL_THRESHOLD", "Encoded", "extract_all", "extract_all_encoded", "extract_file",
           "extraction_time_limit"]
