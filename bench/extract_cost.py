"""Extraction cost of a deterministic sample of a corpus, in one process, for instruction counts.

    PYTHONPATH=CHECKOUT/src .venv/bin/python bench/extract_cost.py --corpus NAME [--files 80]
        [--list FILE] [--setup-only] [--dump FILE]

The sample: the files of the corpus's languages (``knitbench.corpora``) that the checkout's scan
finds (tests left out, as in ``codeknit parse``), sorted by path, every k-th of them (k = count //
``--files``, at least 1, starting with the first). Each is read first, then extracted once by the
pipeline's own per-file entry point (``extract_file``: ``codeknit.pipeline.extract`` now,
``codeknit.index`` before issue 22's move), with no time limit (the run may be slowed fifty times).
The line printed gives the files, their bytes and a digest of their paths: two checkouts measured
the same sample when the digests agree. ``--list FILE`` keeps the sample (path and language a line):
written by the first run, read by the next ones, which then scan nothing (the scan of a large corpus
costs more instructions than extracting the sample, and differs between versions of the code).

It is meant to run under callgrind, twice per checkout (the cost of extraction is the difference,
imports, scan and reading left out; compiling each language's query once is included, as every
worker process pays it)::

    .venv/bin/python bench/extract_cost.py --corpus django --list /tmp/django.list --setup-only
    PYTHONHASHSEED=0 PYTHONPATH=/work/wt/pre22/src valgrind --tool=callgrind \\
        --callgrind-out-file=/dev/null /work/main/.venv/bin/python bench/extract_cost.py \\
        --corpus django --list /tmp/django.list
    PYTHONHASHSEED=0 PYTHONPATH=... valgrind ... --list /tmp/django.list --setup-only

and reading ``Collected : N`` from each (the environment goes before ``valgrind``: under
``valgrind env …`` only ``env`` is counted). ``--dump FILE`` writes a canonical text form of every
extraction of the sample (one JSON line a file, sets sorted; run with ``PYTHONHASHSEED=0``) to
compare the output of two versions of the code (``cmp``); leave it out when counting.
``--no-values`` extracts every file as the engine extracts a vendored one (no value uses: the bulk
of issue 19's occurrences), to tell that cost from the rest (code with issue 19's value path: engine.is_vendored).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from knitbench import corpora  # noqa: E402


def _entry_points() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``(extract_file(file, time_limit), scan(root))`` of the checkout on the path, either layout."""
    try:
        from codeknit.pipeline.extract import extract_file
    except ImportError:  # before issue 22's move: the pipeline was codeknit/index.py
        from codeknit.index import extract_file  # type: ignore[no-redef]
    from codeknit.workspace import scan

    return extract_file, scan


def sample(files: list[Any], languages: tuple[str, ...], count: int) -> list[Any]:
    """Every k-th file of ``languages`` in path order, about ``count`` of them."""
    chosen = sorted((f for f in files if f.language in languages), key=lambda f: f.path)
    step = max(1, len(chosen) // count) if count > 0 else 1
    return chosen[::step]


def read_list(path: Path, root: Path, source_file: Callable[..., Any]) -> list[Any]:
    """The sample ``--list`` kept: one ``path<TAB>language`` a line, relative to ``root``."""
    files = []
    for line in path.read_text().splitlines():
        relative, language = line.split("\t")
        abspath = root / relative
        files.append(source_file(relative, abspath, language, abspath.stat().st_size))
    return files


def canonical(value: Any) -> Any:
    """``value`` as JSON-ready data whose text does not depend on the hash seed or on slots."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return [[canonical(k), canonical(v)] for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))]
    if isinstance(value, (set, frozenset)):
        return sorted(canonical(v) for v in value) if all(isinstance(v, str) for v in value) \
            else sorted((canonical(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, array):
        return value.tolist()
    if hasattr(value, "value") and type(value).__module__ != "builtins":  # enums
        return value.value
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", required=True, metavar="NAME")
    parser.add_argument("--files", type=int, default=80, help="about this many files (every k-th)")
    parser.add_argument("--list", type=Path, help="the sample's file list: read if it exists, else written")
    parser.add_argument("--setup-only", action="store_true", help="scan and read the sample, extract nothing")
    parser.add_argument("--no-values", action="store_true", help="record no value uses (as for vendored files)")
    parser.add_argument("--dump", type=Path, help="write each extraction's canonical form, one line a file")
    args = parser.parse_args(argv)
    corpus = corpora.BY_NAME[args.corpus]
    root = corpora.fetch(corpus)
    extract_file, scan = _entry_points()
    if args.no_values:
        from codeknit.languages import engine

        engine.is_vendored = lambda path: True  # type: ignore[attr-defined]
    if args.list and args.list.exists():
        from codeknit.workspace import SourceFile

        files = read_list(args.list, root, SourceFile)
    else:
        files = sample(list(scan(root).files), corpus.languages, args.files)
        if args.list:
            args.list.write_text("".join(f"{f.path}\t{f.language}\n" for f in files))
    size = sum(f.abspath.stat().st_size for f in files)
    for file in files:  # the page cache and the file objects, as setup
        file.abspath.read_bytes()
    digest = hashlib.sha256("\n".join(f.path for f in files).encode()).hexdigest()[:12]
    print(f"{args.corpus:14} {len(files):4} files {size / 1e6:6.2f} MB  sample {digest}", flush=True)
    if args.setup_only:
        return 0
    out = args.dump.open("w") if args.dump else None
    errors = 0
    for file in files:
        extraction = extract_file(file, 0.0)
        errors += bool(extraction.errors)
        if out:
            out.write(json.dumps(canonical(extraction), sort_keys=True, default=repr) + "\n")
    if out:
        out.close()
    print(f"{'':14} files with errors: {errors}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
