"""Resolution metrics of ``calls`` edges on a Python tree, with stage timings.

    .venv/bin/python bench/pyflow_metrics.py /tmp/corpus/asyncio [--workers N] [--no-flow]

Prints the number of ``calls`` relations per resolution and the wall time of
extraction (parsing) and of resolution, each measured once in this process.
``--no-flow`` switches the Python points-to analysis off, as ``--no-points-to`` does (the
name-based rules answer every call; the flow facts are still extracted, so both runs' extraction
times include the walk that builds them): the same code without it, for a before/after.
The collector is paused during both stages, as ``codeknit parse`` does.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from codeknit.pipeline import collector_paused, extract_all
from codeknit.resolve.resolver import build_graph
from codeknit.workspace import scan


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-flow", action="store_true")
    args = parser.parse_args()
    root = Path(args.root)
    files = [f for f in scan(root).files if f.language == "python"]
    with collector_paused():  # as in `codeknit parse`: no cyclic collection while the graph is built
        started = time.perf_counter()
        extractions = extract_all(files, workers=args.workers)
        extracted = time.perf_counter()
        graph = build_graph(extractions, root=root.name, source_root=root, points_to=not args.no_flow)
        resolved = time.perf_counter()
    counts = Counter(r.resolution.value for r in graph.relations if r.kind.value == "calls")
    print(f"files={len(files)} calls: resolved={counts['resolved']} ambiguous={counts['ambiguous']} "
          f"unresolved={counts['unresolved']}")
    print(f"extract={extracted - started:.2f}s resolve={resolved - extracted:.2f}s")


if __name__ == "__main__":  # guarded: extraction workers import this module
    main()
