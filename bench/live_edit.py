"""Edit → visible latency of the live index, in process, as the MCP server runs it.

    .venv/bin/python bench/live_edit.py /tmp/corpus/Django-5.1.4/django [--file db/models/sql/datastructures.py]
        [--edits 5] [--at end|top] [--languages python]

The tree is copied to a temporary folder and indexed cold (a private cache folder); the index runs
its builder thread with the server's snapshot preparation (a ``GraphView`` warmed, the ranking
started). Then a comment line is appended to ``--file`` (``--at top``: inserted as its first line,
which moves every position in it; either way its interface is unchanged), ``check``
is called (as every tool call does, here with no debounce) and the time until a new snapshot is
published is reported, with the builder's own refresh time and the view preparation time. The MCP
benchmark (``bench/mcp_bench.py``) measures the same through a client, round trips and polling
included.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--file", default="db/models/sql/datastructures.py", help="the file to edit, relative")
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--at", choices=("end", "top"), default="end",
                        help="append the comment line (no position moves), or insert it as the first line "
                             "(every position in the file moves)")
    parser.add_argument("--languages", default="python")
    args = parser.parse_args()
    os.environ["CODEKNIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="codeknit-live-bench-cache-")
    work = Path(tempfile.mkdtemp(prefix="codeknit-live-bench-")) / args.root.name
    shutil.copytree(args.root, work)

    from codeknit.pipeline import IndexOptions
    from codeknit.server.live import LiveIndex, ShortIds, Snapshot
    from codeknit.server.view import GraphView
    from codeknit.tokens import TokenCounter, get_tokenizer

    counter = TokenCounter(get_tokenizer("o200k_base"))
    executor = ThreadPoolExecutor(2)
    short_ids = ShortIds()
    prepared: list[float] = []

    def prepare(snapshot: Snapshot) -> None:  # what the server does with every new snapshot
        started = time.perf_counter()
        view = GraphView(snapshot, short_ids, counter, executor)
        view.warm()
        view.ranking()
        prepared.append(time.perf_counter() - started)

    live = LiveIndex(work, IndexOptions(languages=args.languages.split(",")), workers=2, short_ids=short_ids,
                     prepare=prepare, debounce=0.0)
    started = time.perf_counter()
    live.start()
    if live.wait_ready(1800) is None:
        raise SystemExit(f"the index was not built: {live.error}")
    print(f"cold build: {time.perf_counter() - started:.2f} s")
    time.sleep(5)  # let the first snapshot's ranking finish
    target = work / args.file
    visible: list[float] = []
    for number in range(args.edits):
        snapshot = live.snapshot()
        assert snapshot is not None
        version = snapshot.version
        started = time.perf_counter()
        comment = f"# live-edit benchmark, edit {number}\n"
        if args.at == "end":
            with open(target, "a", encoding="utf-8") as out:
                out.write("\n" + comment)
        else:
            target.write_text(comment + target.read_text(encoding="utf-8"), encoding="utf-8")
        live.check(force=True)
        while (current := live.snapshot()) is not None and current.version == version:
            time.sleep(0.002)
        visible.append(time.perf_counter() - started)
        assert current is not None
        print(f"edit {number}: visible after {visible[-1]:.3f} s (refresh {current.build_seconds:.3f} s, "
              f"view {prepared[-1]:.3f} s, re-resolved {list(current.reresolved or ['all'])})")
        time.sleep(2)
    live.close()
    print(f"median {statistics.median(visible):.3f} s, max {max(visible):.3f} s")
    return 0


if __name__ == "__main__":  # guarded: extraction workers import this module
    raise SystemExit(main())
