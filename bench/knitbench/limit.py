"""The limit: a raw tree-sitter parse plus one pass of the language's query over every file, nothing else.

    python bench/knitbench/limit.py FILELIST [--workers N]

FILELIST is a JSON list of ``[absolute path, language, relative path]``. The parser and the query are
the ones codeknit uses (``codeknit.languages.engine._parser``/``_query`` with the adapter's grammar and
query for that path), run in a pool of ``--workers`` processes handed the largest files first, one at a
time, as codeknit's extraction does (and, like it, in one process for a tree under its parallel
threshold); each worker only counts the captures. Prints one JSON line:
files, bytes, captures.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys


def parse_and_query(item: tuple[str, str, str]) -> tuple[int, int]:
    from tree_sitter import QueryCursor

    from codeknit.languages.adapters import adapter_for
    from codeknit.languages.engine import _parser, _query

    abspath, language, relpath = item
    with open(abspath, "rb") as stream:
        source = stream.read()
    adapter = adapter_for(language)
    grammar = adapter.grammar_for(relpath)
    tree = _parser(grammar).parse(source)
    captures = 0
    for _pattern, found in QueryCursor(_query(grammar, adapter.query_for(grammar))).matches(tree.root_node):
        captures += sum(len(nodes) for nodes in found.values())
    return len(source), captures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("filelist")
    parser.add_argument("--workers", type=int, default=2, help="processes (one below codeknit's size threshold)")
    args = parser.parse_args(argv)
    with open(args.filelist) as stream:
        items = [tuple(item) for item in json.load(stream)]
    items.sort(key=lambda item: (-os.path.getsize(item[0]), item[2]))
    total_bytes = total_captures = 0
    try:  # like codeknit, one process below its threshold: starting workers would cost more than they save
        from codeknit.pipeline import PARALLEL_THRESHOLD as threshold
    except ImportError:
        threshold = 2 * 1024 * 1024
    processes = args.workers if len(items) > 1 and sum(os.path.getsize(item[0]) for item in items) >= threshold else 1
    if processes <= 1:
        for size, captures in map(parse_and_query, items):
            total_bytes += size
            total_captures += captures
    else:
        context = multiprocessing.get_context("forkserver")
        with context.Pool(processes=processes) as pool:
            for size, captures in pool.imap_unordered(parse_and_query, items, chunksize=1):
                total_bytes += size
                total_captures += captures
    json.dump({"files": len(items), "bytes": total_bytes, "captures": total_captures, "processes": processes},
              sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
