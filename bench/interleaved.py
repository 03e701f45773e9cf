"""Cold runs of two or more checkouts in turn, for a change too small for ``run.py``'s three rounds to show.

On a shared host the CPU of one cold run moves by 20-40% from one minute to the next (``docs/performance.md``),
and ``run.py`` measures each tool's rounds together: a slow phase of the host lands on one side. Here the
checkouts take turns, their order reversed every round (A B, B A, A B …), so a drift of the host lands on both;
each round gives one ratio per checkout against the first, and the summary is their median and how many rounds
favour each side.

    python bench/interleaved.py ROOT --rounds 12 --checkout before=/work/wt/head/src --checkout now= \
        [--language python] [--out FILE.json]

A checkout is ``LABEL=SRC``: its ``src`` folder, put first on ``PYTHONPATH``; an empty ``SRC`` runs this
checkout. Each run is ``codeknit parse ROOT OUT --edges --format json --workers 2 --clean --quiet`` with an empty
cache, measured as ``run.py`` measures it (``knitbench.measure``: CPU of the whole process tree, wall time), every
checkout's modules compiled to bytecode first as ``run.py`` does (``knitbench.harness.precompile``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from knitbench.harness import precompile  # noqa: E402
from knitbench.measure import run_measured  # noqa: E402


def order(labels: list[str], round_index: int) -> list[str]:
    """The checkouts' order in a round: as given in even rounds, reversed in odd ones."""
    return labels if round_index % 2 == 0 else labels[::-1]


def summary(runs: dict[str, list[tuple[float, float]]]) -> dict[str, dict[str, float | int | list[float]]]:
    """Per checkout, its CPU and wall figures, and against the first checkout its per-round CPU ratios, their
    median, and the rounds in which it took less CPU (``runs``: label → ``(cpu_s, wall_s)`` per round)."""
    labels = list(runs)
    first = runs[labels[0]]
    out: dict[str, dict[str, float | int | list[float]]] = {}
    for label in labels:
        cpus = [cpu for cpu, _wall in runs[label]]
        walls = [wall for _cpu, wall in runs[label]]
        figures: dict[str, float | int | list[float]] = {
            "cpu_min": min(cpus), "cpu_median": statistics.median(cpus),
            "wall_min": min(walls), "wall_median": statistics.median(walls)}
        if label != labels[0]:
            ratios = [round(mine[0] / theirs[0], 3) for mine, theirs in zip(runs[label], first, strict=True)]
            figures |= {"cpu_ratio_rounds": ratios, "cpu_ratio_median": statistics.median(ratios),
                        "rounds_with_less_cpu": sum(ratio < 1 for ratio in ratios)}
        out[label] = figures
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--checkout", action="append", required=True, metavar="LABEL=SRC")
    parser.add_argument("--language", action="append", default=[])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    checkouts = dict(item.split("=", 1) for item in args.checkout)
    if len(checkouts) < 2:
        parser.error("give two checkouts or more")
    # (every checkout's modules compiled to bytecode first, as an installed copy has them: see ``precompile``)
    precompile(*(Path(src) for src in checkouts.values() if src))
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in checkouts}
    for index in range(args.rounds):
        for label in order(list(checkouts), index):
            out, cache = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
            env = {**os.environ, "CODEKNIT_CACHE_DIR": str(cache)}
            if checkouts[label]:
                env["PYTHONPATH"] = os.pathsep.join([checkouts[label], *filter(None, [os.environ.get("PYTHONPATH")])])
            command = [sys.executable, "-m", "codeknit", "parse", str(args.root), str(out / "graph"), "--edges",
                       "--format", "json", "--workers", "2", "--clean", "--quiet"]
            if args.language:
                command += ["-l", ",".join(args.language)]
            measured = run_measured(command, cwd=args.root, env=env, stdout=out / "stdout", timeout=1800)
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(cache, ignore_errors=True)
            if measured.status != "ok":
                print(f"{label}: the run failed ({measured.status})", file=sys.stderr)
                return 1
            runs[label].append((measured.cpu_s, measured.wall_s))
        print(index, {label: found[-1] for label, found in runs.items()}, flush=True)
    result = {"root": str(args.root), "languages": args.language, "checkouts": checkouts, "runs": runs,
              "summary": summary(runs)}
    print(json.dumps(result["summary"], indent=2))
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
