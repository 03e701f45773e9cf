"""Where a cold run's wall time goes, phase by phase, for one or more checkouts in turn.

    python bench/phases.py ROOT --checkout pre19=/work/wt/pre19/src --checkout now= [--rounds 2] [--out F.json]

Each run is ``codeknit parse ROOT OUT --edges --format json --workers 2 --clean --quiet`` with an empty cache, as
``interleaved.py`` runs it, the checkouts taking turns (their order reversed every other round). In the run's
main process the functions below are wrapped, and each call's start (seconds since the process began to
run codeknit), wall time and the main thread's CPU time are kept:

* ``extract``: ``pipeline.extract.extract_all_encoded``: the workers' extraction, then the main process decoding
  what they sent; ``workers``: its ``_map_files``, from the pool's start to the last file's record received;
* ``build_graph``: ``resolve.resolver.build_graph``: indexing, imports, the hierarchy and the pass;
* ``pass``: ``Resolver._pass`` (``Resolver.run`` in checkouts older than it): every file's references and
  value uses;
* ``finalize``: ``Graph.finalize``; ``save_files``: ``IndexStore.save_files``; ``write_graph``: graph.json.

What is left of ``total`` is the command's start, the scan, the rest of storing the index and the output's other
files. A checkout that lacks one of these functions has no row for it; one called twice in a run has two.
Measures one process's phases; ``run.py`` and ``interleaved.py`` measure the whole process tree.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from interleaved import order  # noqa: E402
from knitbench.harness import precompile  # noqa: E402

#: (module, attribute path, label) of the functions timed
PHASES = (
    ("codeknit.pipeline.extract", "extract_all_encoded", "extract"),
    ("codeknit.pipeline.extract", "_map_files", "workers"),
    ("codeknit.resolve.resolver", "build_graph", "build_graph"),
    ("codeknit.resolve.resolver", "Resolver._pass", "pass"),
    ("codeknit.graph.graph", "Graph.finalize", "finalize"),
    ("codeknit.store.db", "IndexStore.save_files", "save_files"),
    ("codeknit.graph.jsonio", "write_graph", "write_graph"),
)

#: modules that import a timed function by name: their binding is replaced too
IMPORTERS = {
    "extract_all_encoded": ("codeknit.pipeline.run",),
    "build_graph": ("codeknit.pipeline.assemble",),
    "write_graph": ("codeknit.cli.parse",),
}


def _inner(report: str, argv: list[str]) -> None:
    """Run ``codeknit argv`` in this process with the phases wrapped; their timings go to ``report``."""
    import atexit
    import importlib

    started = time.perf_counter()
    log: list[dict[str, Any]] = []

    def timed(function: Any, label: str) -> Any:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                log.append({"phase": label, "at": round(wall - started, 3),
                            "wall": round(time.perf_counter() - wall, 3),
                            "cpu": round(time.thread_time() - cpu, 3)})
        return wrapper

    for module_name, path, label in PHASES:
        module = importlib.import_module(module_name)
        owner_name, _, name = path.rpartition(".")
        owner = getattr(module, owner_name) if owner_name else module
        if label == "pass" and not hasattr(owner, name):
            name = "run"  # (before ``_pass`` was split out of it)
        if not hasattr(owner, name):
            continue
        wrapped = timed(getattr(owner, name), label)
        setattr(owner, name, wrapped)
        for importer in IMPORTERS.get(name, ()):
            other = importlib.import_module(importer)
            if hasattr(other, name):
                setattr(other, name, wrapped)

    @atexit.register
    def _write() -> None:
        log.append({"phase": "total", "at": 0.0, "wall": round(time.perf_counter() - started, 3), "cpu": None})
        Path(report).write_text(json.dumps(log))

    from codeknit.cli import main

    sys.argv = ["codeknit", *argv]
    main()


def _run(root: Path, src: str) -> list[dict[str, Any]]:
    """One cold run of the checkout whose ``src`` folder is ``src`` (empty: this one), its phases."""
    here = Path(__file__).resolve()
    with tempfile.TemporaryDirectory() as work:
        report = os.path.join(work, "phases.json")
        env = dict(os.environ, CODEKNIT_CACHE_DIR=os.path.join(work, "cache"))
        if src:
            env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        subprocess.run([sys.executable, str(here), "--inner", report, "parse", str(root),
                        os.path.join(work, "out"), "--edges", "--format", "json", "--workers", "2", "--clean",
                        "--quiet"], env=env, check=True)
        return list(json.loads(Path(report).read_text()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--checkout", action="append", required=True, metavar="LABEL=SRC")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    checkouts = dict(item.split("=", 1) for item in args.checkout)
    labels = list(checkouts)
    precompile(*(Path(src) for src in checkouts.values() if src))  # (as ``interleaved.py`` does: see there)
    runs: dict[str, list[list[dict[str, Any]]]] = {label: [] for label in labels}
    for round_index in range(args.rounds):
        for label in order(labels, round_index):
            phases = _run(args.root, checkouts[label])
            runs[label].append(phases)
            print(f"round {round_index + 1} {label}: " + ", ".join(
                f"{p['phase']} {p['wall']:.2f}" for p in phases), flush=True)
    medians = {label: {phase: statistics.median(p["wall"] for r in rounds for p in r if p["phase"] == phase)
                       for phase in dict.fromkeys(p["phase"] for r in rounds for p in r)}
               for label, rounds in runs.items()}
    print(json.dumps(medians, indent=1))
    if args.out:
        args.out.write_text(json.dumps({"root": str(args.root), "checkouts": checkouts, "runs": runs,
                                        "median_wall": medians}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--inner":
        _inner(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(main())
