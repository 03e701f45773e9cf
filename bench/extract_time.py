"""Extraction time alone: parse + query + adapter for every file of a corpus, in one process.

    .venv/bin/python bench/extract_time.py [--corpus NAME …] [--repeat 3] [--local DIR …]

For each corpus, every source file the default scan finds (tests left out, as in ``codeknit parse``)
is read once, then extracted ``--repeat`` times in a row in this process; the report gives the least CPU time
(``time.process_time``) of a round, with the median, and the number of files and bytes. CPU time,
not wall time: the development machines are shared. Nothing is resolved and nothing is cached.

To compare two versions of the code, run the script with each one's ``src`` on ``PYTHONPATH``
(alternate the runs: ``A B A B``); it finds the extraction entry point of either layout. On a busy
machine, count instructions instead: run it under ``valgrind --tool=callgrind`` with and without
``--setup-only`` (which reads the files and warms up, then stops) and subtract; ``--limit N`` takes
the first N files in path order.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from knitbench import corpora  # noqa: E402

Extract = Callable[[str, str, bytes], object]


def _entry_points() -> tuple[Extract, Callable[..., object]]:
    """``(extract(path, language, source), scan(root, collect_tests=…))`` of the installed layout."""
    try:
        from codeknit.languages.adapters import extract
    except ImportError:  # the layout before languages/adapters.py
        from codeknit.languages import extract  # type: ignore[attr-defined,no-redef]
    from codeknit.workspace import scan

    return extract, scan


def measure(root: Path, repeat: int, limit: int = 0, setup_only: bool = False) -> dict[str, object]:
    extract, scan = _entry_points()
    result = scan(root)
    files = []
    for file in result.files[:limit or None]:
        try:
            files.append((file.path, file.language, file.abspath.read_bytes()))
        except OSError:
            continue
    for path, language, source in files[:20]:  # warm up: grammars, queries, imports
        extract(path, language, source)
    rounds = []
    failures = 0
    for _ in range(0 if setup_only else repeat):
        started = time.process_time()
        for path, language, source in files:
            try:
                extract(path, language, source)
            except Exception:  # noqa: BLE001 - counted, not fatal: the same files fail in both versions
                failures += 1
        rounds.append(time.process_time() - started)
    return {"files": len(files), "bytes": sum(len(s) for _, _, s in files), "best": min(rounds, default=0.0),
            "median": statistics.median(rounds) if rounds else 0.0, "failures": failures // repeat}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", action="append", default=[], metavar="NAME")
    parser.add_argument("--local", action="append", default=[], type=Path, metavar="DIR")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0, help="only the first N files, in path order")
    parser.add_argument("--setup-only", action="store_true", help="read and warm up, extract nothing")
    args = parser.parse_args(argv)
    roots = [(name, corpora.fetch(corpora.BY_NAME[name])) for name in args.corpus]
    roots += [(str(local), local) for local in args.local]
    for name, root in roots:
        figures = measure(root, args.repeat, args.limit, args.setup_only)
        print(f"{name:14} {figures['files']:6} files {figures['bytes'] / 1e6:7.2f} MB  "
              f"cpu best {figures['best']:7.2f} s  median {figures['median']:7.2f} s"
              f"  failures {figures['failures']}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
