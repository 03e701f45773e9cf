"""The two points-to solvers on one tree: the same answers, and what each costs.

    .venv/bin/python bench/pyflow_compare.py ROOT [--solver python|compiled|both] [--dump FILE] [--repeat N]

Extracts the tree's Python files once, then resolves them with each solver asked for (the Python
one, ``resolve/pyflow/solver.py``, the executable specification; the compiled one, the
``codeknit._pyflow`` extension) and prints, per solver: the ``calls`` edges per resolution, the
SHA-256 of the whole relation dump (every relation of the graph, one JSON line each, in the graph's
order) and the wall and process (CPU) time of resolution. With ``both``, the dumps must be
byte-identical: the first differing lines are printed and the exit status is 1 otherwise.
``--dump FILE`` writes the (last) dump; ``--repeat N`` resolves N times per solver, alternating,
and prints each time.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from collections import Counter
from pathlib import Path

import orjson

from codeknit.languages.python.pyflow import compiled_available
from codeknit.pipeline import collector_paused, extract_all
from codeknit.resolve.resolver import build_graph
from codeknit.workspace import scan


def dump(graph: object) -> bytes:
    lines = []
    for r in graph.relations:  # type: ignore[attr-defined]
        lines.append(orjson.dumps([r.source, r.kind.value, r.target, r.resolution.value, list(r.candidates),
                                   r.text, [list(s) for s in r.spans], r.package]))
    return b"\n".join(lines) + b"\n"


def resolve(extractions: list, root: Path, solver: str) -> tuple[bytes, Counter[str], float, float]:
    os.environ["CODEKNIT_PYFLOW"] = solver
    with collector_paused():
        wall, cpu = time.perf_counter(), time.process_time()
        graph = build_graph(extractions, root=root.name, source_root=root)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    counts = Counter(r.resolution.value for r in graph.relations if r.kind.value == "calls")
    return dump(graph), counts, wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("--solver", choices=("python", "compiled", "both"), default="both")
    parser.add_argument("--dump")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    root = Path(args.root)
    solvers = ["python", "compiled"] if args.solver == "both" else [args.solver]
    if "compiled" in solvers and not compiled_available():
        sys.exit("the compiled solver (codeknit._pyflow) is not built: pip install -e . with cargo on PATH")
    files = [f for f in scan(root).files if f.language == "python"]
    with collector_paused():
        extractions = extract_all(files, workers=args.workers)
    dumps: dict[str, bytes] = {}
    for _ in range(args.repeat):
        for solver in solvers:
            text, counts, wall, cpu = resolve(extractions, root, solver)
            dumps[solver] = text
            print(f"{solver:<9} files={len(files)} calls: resolved={counts['resolved']} "
                  f"ambiguous={counts['ambiguous']} unresolved={counts['unresolved']} "
                  f"sha256={hashlib.sha256(text).hexdigest()[:16]} resolve={wall:.2f}s cpu={cpu:.2f}s")
    if args.dump:
        Path(args.dump).write_bytes(dumps[solvers[-1]])
    if len(dumps) == 2 and dumps["python"] != dumps["compiled"]:
        left, right = dumps["python"].split(b"\n"), dumps["compiled"].split(b"\n")
        shown = 0
        for a, b in zip(left, right, strict=False):
            if a != b and shown < 10:
                print(f"- {a.decode()}\n+ {b.decode()}")
                shown += 1
        print(f"DIFFERENT: {len(left)} vs {len(right)} lines")
        sys.exit(1)
    if len(dumps) == 2:
        print("identical")


if __name__ == "__main__":  # guarded: extraction workers import this module
    main()
