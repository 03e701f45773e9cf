"""Resolution metrics, the time resolution adds, and a sample of resolved calls to check by hand.

    .venv/bin/python bench/resolution_report.py SRC [--sample 50] [--seed 4] [--repeat 3]

Extracts SRC once (one process), then builds the graph with and without resolution ``--repeat``
times each and reports the best times; prints the run's metrics (as in the graph JSON) and
``--sample`` random resolved call sites, each with the line of the call and the line of the
definition it was resolved to, for a reader to judge. The same seed gives the same sample.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from codeknit.pipeline import extract_all
from codeknit.resolve.resolver import build_graph
from codeknit.workspace import scan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", type=Path)
    parser.add_argument("--sample", type=int, default=50)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    result = scan(args.src)
    started = time.perf_counter()
    extractions = extract_all(list(result.files), workers=1)
    extract_seconds = time.perf_counter() - started
    best: dict[bool, float] = {}
    graph = None
    for resolve in (False, True) * args.repeat:
        started = time.perf_counter()
        built = build_graph(extractions, root=result.root.name, resolve=resolve, source_root=result.root)
        best[resolve] = min(best.get(resolve, float("inf")), time.perf_counter() - started)
        if resolve:
            graph = built
    assert graph is not None
    print(f"files {len(graph.files)}, symbols {len(graph.symbols)}, relations {len(graph.relations)}")
    print(f"extraction {extract_seconds:.2f} s; graph without resolution {best[False]:.3f} s, with "
          f"{best[True]:.3f} s: resolution adds {best[True] - best[False]:.3f} s (best of {args.repeat})")
    print("metrics", json.dumps(graph.metrics.as_dict()))
    sites = sorted(
        ((relation, span) for relation in graph.relations
         if relation.kind.value == "calls" and relation.resolution.value == "resolved" for span in relation.spans),
        key=lambda item: (item[0].source, item[1]),
    )
    lines: dict[str, list[str]] = {}

    def line(path: str, number: int) -> str:
        if path not in lines:
            lines[path] = (result.root / path).read_text("utf-8", "replace").split("\n")
        return lines[path][number - 1].strip()[:140]

    random.seed(args.seed)
    for number, (relation, span) in enumerate(random.sample(sites, min(args.sample, len(sites))), start=1):
        path = relation.source.split("::")[0]
        target = graph.get(relation.target)
        assert target is not None
        print(f"{number:3}. {path}:{span[0]}  {line(path, span[0])}")
        print(f"     {relation.text} -> {target.id} ({target.kind.value}, line {target.name_span[0]}): "
              f"{line(target.path, target.name_span[0])}")
    print(f"resolved call sites: {len(sites)}")


if __name__ == "__main__":
    main()
