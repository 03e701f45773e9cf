"""The pipeline: scan → extract → resolve, and the public :func:`index`."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from codeknit import __version__
from codeknit.graph import FileError, Graph, SkippedFile
from codeknit.languages import extract, supported_languages
from codeknit.languages.base import Extraction
from codeknit.resolve import build_graph
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
    extra: dict[str, Any] = field(default_factory=dict)

    def fingerprint_fields(self) -> dict[str, Any]:
        return {
            "exclude": sorted(self.exclude),
            "collect_tests": self.collect_tests,
            "max_file_size": self.max_file_size,
            "languages": sorted(self.languages) if self.languages else None,
            "resolve": self.resolve,
            **self.extra,
        }


def extract_file(file: SourceFile) -> Extraction:
    """Read and extract one file; any failure becomes an error record, never an exception."""
    try:
        source = file.abspath.read_bytes()
    except OSError as exc:
        extraction = Extraction(file.path, file.language, "", 0)
        extraction.errors.append(f"unreadable: {exc.strerror or exc}")
        return extraction
    try:
        return extract(file.path, file.language, source)
    except RecursionError:
        failed = Extraction(file.path, file.language, hashlib.sha256(source).hexdigest(), len(source))
        failed.errors.append("nesting too deep to analyse")
        return failed
    except Exception as exc:  # noqa: BLE001 - a bug in one adapter must not lose the other files
        failed = Extraction(file.path, file.language, hashlib.sha256(source).hexdigest(), len(source))
        failed.errors.append(f"internal error while extracting: {type(exc).__name__}: {exc}")
        return failed


#: below this many bytes of source, starting worker processes costs more than it saves
PARALLEL_THRESHOLD = 2 * 1024 * 1024


def extract_all(files: Sequence[SourceFile], *, workers: int = 0, progress: Progress | None = None
                ) -> list[Extraction]:
    """Extract every file, in a process pool when the tree is large enough.

    Work is handed out largest file first, one file at a time, so a few huge
    files cannot serialise the run. Workers return compact extraction records.
    """
    count = workers or os.cpu_count() or 1
    total = sum(f.size for f in files)
    extractions: list[Extraction] = []
    if count <= 1 or len(files) < 2 or total < PARALLEL_THRESHOLD:
        for number, file in enumerate(files, start=1):
            extractions.append(extract_file(file))
            if progress is not None:
                progress(number, len(files), file.path)
        return extractions
    ordered = sorted(files, key=lambda f: (-f.size, f.path))
    context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
    with context.Pool(processes=min(count, len(files))) as pool:
        for number, extraction in enumerate(pool.imap_unordered(extract_file, ordered, chunksize=1), start=1):
            extractions.append(extraction)
            if progress is not None:
                progress(number, len(files), extraction.path)
    extractions.sort(key=lambda e: e.path)
    return extractions


_FAILURE_REASONS = ("binary file", "larger than", "unreadable", "broken symlink", "symlink loop")


def _is_failure(reason: str) -> bool:
    return reason.startswith(_FAILURE_REASONS)


def run_fingerprint(
    extractions: Sequence[Extraction], options: dict[str, Any], manifests: Sequence[tuple[str, bytes]] = ()
) -> str:
    """A digest of the content and the options: identical input gives the identical fingerprint.

    ``manifests`` are (path, content) of the manifests read; they count only when there are some.
    """
    digest = hashlib.sha256()
    digest.update(f"codeknit {__version__}\n".encode())
    digest.update(orjson.dumps(options, option=orjson.OPT_SORT_KEYS))
    for extraction in sorted(extractions, key=lambda e: e.path):
        digest.update(f"\n{extraction.path}\0{extraction.sha256}".encode("utf-8", "surrogateescape"))
    for manifest_path, content in sorted(manifests):
        digest.update(f"\nmanifest {manifest_path}\0{hashlib.sha256(content).hexdigest()}".encode())
    return digest.hexdigest()[:16]


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
) -> Graph:
    """Analyse the tree (or file) at ``path`` and return its resolved :class:`Graph`.

    ``exclude`` takes gitignore-style globs; test files are left out unless
    ``collect_tests``; files larger than ``max_file_size`` bytes (0: no limit)
    are skipped with a reason. ``resolve=False`` keeps only the structure
    (``contains``) and no references. ``workers`` sets the number of
    extraction processes (0: one per core); small trees always use one.
    """
    options = IndexOptions(exclude, collect_tests, max_file_size, languages, resolve)
    wanted = [lang for lang in (languages or supported_languages()) if lang in supported_languages()]
    result: ScanResult = scan(
        path, exclude=exclude, collect_tests=collect_tests, max_file_size=max_file_size,
        languages=list(languages) if languages else None,
    )
    skipped = [SkippedFile(s.path, s.reason) for s in result.skipped]
    files: list[SourceFile] = []
    for file in result.files:
        if file.language in wanted:
            files.append(file)
        elif languages is None or file.language in languages:
            skipped.append(SkippedFile(file.path, f"language {file.language} is not supported yet"))
    extractions = extract_all(files, workers=workers, progress=progress)
    graph = build_graph(
        extractions, root=result.root.name, resolve=resolve, skipped=skipped, source_root=result.root
    )
    # a source file that could not be read as source is an error the user must see, not a quiet skip
    graph.errors += [FileError(s.path, f"not analysed: {s.reason}") for s in skipped if _is_failure(s.reason)]
    manifests = (
        scan_manifests(result.root, exclude=exclude, root_name=result.root.name)
        if Path(path).is_dir() else ManifestScan()
    )
    graph.projects, graph.dependencies = manifests.projects, manifests.dependencies
    graph.finalize()
    graph.options = options.fingerprint_fields()
    graph.fingerprint = run_fingerprint(extractions, graph.options, manifests.manifests)
    return graph
