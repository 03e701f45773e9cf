"""Measure codeknit against the limit and its peers on the corpora, in one run, on the same files.

For each corpus: the files codeknit would analyse (its own scan, restricted to the corpus's languages)
are copied to a fresh work folder, read once (so the page cache holds them), and then, one tool at a
time, each process tree is measured (:mod:`knitbench.measure`):

* ``limit``: tree-sitter parse plus one query pass per file, in ``--workers`` processes;
* ``ctags``: universal-ctags over the same file list (``-L``), tags written to a file;
* ``callix``: the PyPI ``callix`` library with resolution on, for Python and TypeScript;
* ``codeknit_cold``: ``codeknit parse --edges --format json`` with an empty ``CODEKNIT_CACHE_DIR``;
* ``codeknit_cold_no_points_to``: the same with ``--no-points-to`` and another empty cache, on
  corpora with Python: what the points-to analysis adds to a cold run is the difference (issue 5);
* ``codeknit_warm``: the same command again, same cache, nothing changed;
* ``codeknit_change``: again after one comment line was appended to one mid-sized file;
* ``codeknit_move``: again after a comment line was inserted at the top of that file (below a
  ``#!`` or ``<?php`` line), which moves every position in it.

With ``repeat`` above 1, the cold side (``limit``, ``codeknit_cold``, ``codeknit_cold_no_points_to``) is
measured in that many rounds, one of each per round and in that order, every cold run with its caches
emptied first. Each row is then the round with the median wall time (the lower middle for an even count),
and keeps every round's wall and CPU times and peak as ``rounds``. A shared machine's speed drifts within
minutes; rounds of the three close together, and the median over them, keep one slow minute from
deciding a ratio.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from knitbench import corpora
from knitbench.measure import Measurement, run_measured

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
TOOLS = ("limit", "ctags", "callix", "codeknit")
CODEKNIT_RUNS = ("codeknit_cold", "codeknit_cold_no_points_to", "codeknit_warm", "codeknit_change", "codeknit_move")
#: --quick: at most this many bytes of each corpus (its first files in path order)
QUICK_BYTES = 1_500_000
MB = 1_000_000

CTAGS_LANGUAGES = {
    "python": "Python", "typescript": "TypeScript", "javascript": "JavaScript", "go": "Go", "rust": "Rust",
    "java": "Java", "c": "C,C++", "cpp": "C,C++", "php": "PHP", "ruby": "Ruby", "csharp": "C#", "scala": "Scala",
    "kotlin": "Kotlin",
}
COMMENT = {"python": "#", "ruby": "#"}


@dataclass
class Options:
    workers: int = 2
    quick: bool = False
    tools: tuple[str, ...] = TOOLS
    timeout: float = 1800.0
    #: rounds of the cold side (limit, cold, cold without points-to); each row is the median round
    repeat: int = 1
    #: another checkout's ``src`` folder: its cold runs (first on ``PYTHONPATH``) join each round
    baseline: Path | None = None
    bench_dir: Path = field(default_factory=corpora.bench_dir)
    codeknit: list[str] = field(default_factory=lambda: [str(Path(sys.executable).parent / "codeknit")])
    callix_python: Path | None = None
    ctags: str = "/usr/bin/ctags"


def callix_python(bench_dir: Path) -> Path:
    return bench_dir / "callix-venv" / "bin" / "python"


def ensure_callix(bench_dir: Path, version: str = "1.6.0") -> tuple[Path | None, str]:
    """callix's own virtualenv (it needs nothing of codeknit's): (its python, or None, and why not)."""
    python = callix_python(bench_dir)
    if not python.exists():
        result = subprocess.run(["python3", "-m", "venv", str(python.parent.parent)], capture_output=True, text=True)
        if result.returncode != 0:
            return None, f"python3 -m venv failed: {result.stderr.strip()[-200:]}"
    check = subprocess.run([str(python), "-c", "import callix; print(callix.__version__)"],
                           capture_output=True, text=True)
    if check.returncode != 0 or check.stdout.strip() != version:
        install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"callix=={version}"],
                                 capture_output=True, text=True)
        if install.returncode != 0:
            return None, f"pip install callix=={version} failed: {install.stderr.strip()[-300:]}"
    return python, ""


# -- the files --------------------------------------------------------------------------------------


def select_files(tree: Path, languages: tuple[str, ...] | None, quick: bool) -> list[tuple[str, str, int]]:
    """(relative path, language, size) of the files codeknit analyses in ``tree``, in path order."""
    from codeknit.languages.adapters import supported_languages
    from codeknit.workspace import scan

    supported = set(supported_languages())
    result = scan(tree, languages=list(languages) if languages else None)
    files = [(file.path, file.language, file.size) for file in result.files if file.language in supported]
    files.sort()
    if quick:
        kept: list[tuple[str, str, int]] = []
        total = 0
        for item in files:
            if total + item[2] > QUICK_BYTES and kept:
                break
            kept.append(item)
            total += item[2]
        files = kept
    return files


def stage(tree: Path, files: list[tuple[str, str, int]], work: Path) -> int:
    """Copy ``files`` to a fresh ``work`` folder, read each once; returns the lines of source."""
    if work.exists():
        shutil.rmtree(work)
    lines = 0
    for relpath, _language, _size in files:
        target = work / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        data = (tree / relpath).read_bytes()
        target.write_bytes(data)
        lines += data.count(b"\n")
    return lines


def insert_at_top(path: Path, line: str) -> None:
    """Insert ``line`` as the file's first line, or its second below a ``#!`` or ``<?php`` line."""
    text = path.read_bytes()
    keep = text.split(b"\n", 1)[0] + b"\n" if text.startswith((b"#!", b"<?php")) and b"\n" in text else b""
    path.write_bytes(keep + line.encode() + text[len(keep):])


def change_target(files: list[tuple[str, str, int]]) -> tuple[str, str]:
    """The file to change for the one-file re-run: the median by size (ties by path)."""
    ordered = sorted(files, key=lambda item: (item[2], item[0]))
    relpath, language, _size = ordered[len(ordered) // 2]
    return relpath, language


# -- the tools --------------------------------------------------------------------------------------


def _last_json_line(path: Path) -> dict[str, Any]:
    try:
        lines = path.read_text(errors="replace").strip().splitlines()
        return json.loads(lines[-1]) if lines else {}
    except (OSError, ValueError):
        return {}


def run_limit(options: Options, filelist: Path, out: Path) -> Measurement:
    command = [sys.executable, str(HERE / "limit.py"), str(filelist), "--workers", str(options.workers)]
    measurement = run_measured(command, cwd=REPO, stdout=out / "limit.out", timeout=options.timeout)
    measurement.extra.update(_last_json_line(out / "limit.out"))
    return measurement


def run_ctags(options: Options, work: Path, files: list[tuple[str, str, int]], out: Path) -> Measurement:
    listing = out / "ctags.files"
    listing.write_text("".join(f"{relpath}\n" for relpath, _, _ in files))
    languages = sorted({name for _, language, _ in files for name in CTAGS_LANGUAGES[language].split(",")})
    command = [options.ctags, "--totals=yes", f"--languages={','.join(languages)}", "-L", str(listing), "-f", "-"]
    measurement = run_measured(command, cwd=work, stdout=out / "ctags.tags", timeout=options.timeout)
    with open(out / "ctags.tags", "rb") as tags:
        measurement.extra["tags"] = sum(1 for line in tags if not line.startswith(b"!_TAG_"))
    totals = re.search(r"(\d+) files?, (\d+) lines? \((\d+) kB\) scanned", measurement.stderr_tail)
    if totals:
        measurement.extra["files"] = int(totals.group(1))
    return measurement


def run_callix(options: Options, adapter: str, work: Path, filelist: Path, out: Path) -> Measurement:
    assert options.callix_python is not None
    command = [str(options.callix_python), str(HERE / "callix_run.py"), adapter, str(work), str(filelist)]
    measurement = run_measured(command, cwd=work, stdout=out / "callix.out", timeout=options.timeout)
    measurement.extra.update(_last_json_line(out / "callix.out"))
    return measurement


@functools.cache
def _parse_help(codeknit: tuple[str, ...]) -> str:
    return subprocess.run([*codeknit, "parse", "--help"], capture_output=True, text=True).stdout


def codeknit_supports(options: Options, flag: str) -> bool:
    """Does this codeknit's ``parse`` take ``flag`` (its help is read once per run)?"""
    return flag in _parse_help(tuple(options.codeknit))


def codeknit_supports_cache(options: Options) -> bool:
    return codeknit_supports(options, "--no-cache")


def run_codeknit(options: Options, work: Path, languages: tuple[str, ...] | None, cache: Path, out: Path,
                 label: str, extra: tuple[str, ...] = (), source: Path | None = None) -> Measurement:
    graph_dir = out / f"{label}.graph"
    # another checkout runs as ``python -m codeknit``: the installed command's entry point is this checkout's
    # (``codeknit.__main__:run``), which an older checkout may not have
    program = [sys.executable, "-m", "codeknit"] if source is not None else options.codeknit
    command = [*program, "parse", str(work), str(graph_dir), "--edges", "--format", "json",
               "--workers", str(options.workers), "--clean", "--quiet", *extra]
    if languages:
        command += ["-l", ",".join(languages)]
    env = {**os.environ, "CODEKNIT_CACHE_DIR": str(cache)}
    if source is not None:  # another checkout's code, ahead of the installed one
        env["PYTHONPATH"] = os.pathsep.join([str(source), *filter(None, [os.environ.get("PYTHONPATH")])])
    measurement = run_measured(command, cwd=work, env=env, stdout=out / f"{label}.out", timeout=options.timeout)
    graph = graph_dir / "graph.json"
    if graph.exists():
        measurement.extra["graph_bytes"] = graph.stat().st_size
        shutil.rmtree(graph_dir)
    return measurement


# -- one corpus ---------------------------------------------------------------------------------------


def median_round(measured: list[Measurement]) -> Measurement:
    """The measurement of median wall time (the lower middle of an even count; failed runs sort last)."""
    ranked = sorted(measured, key=lambda m: (m.status != "ok", m.wall_s))
    return ranked[(len(ranked) - 1) // 2]


def figures(measurement: Measurement, source_bytes: int) -> dict[str, Any]:
    row = measurement.to_json()
    row["mb_per_s"] = round(source_bytes / MB / measurement.wall_s, 4) if measurement.wall_s else None
    return row


def measure_corpus(name: str, tree: Path, languages: tuple[str, ...] | None, callix_adapter: str | None,
                   options: Options, log: Any = print) -> dict[str, Any]:
    files = select_files(tree, languages, options.quick)
    work_root = options.bench_dir / "work" / name
    # the copy keeps the tree's own folder name: a Python package's modules are named after it
    # (`django.db.models`), so a copy named otherwise would leave every absolute import unresolved
    work, out, cache = work_root / "src" / tree.name, work_root / "out", work_root / "cache"
    if work_root.exists():
        shutil.rmtree(work_root)
    out.mkdir(parents=True)
    source_bytes = sum(size for _, _, size in files)
    entry: dict[str, Any] = {"files": len(files), "bytes": source_bytes, "languages": sorted({f[1] for f in files})}
    if not files:
        entry["status"] = "no source files"
        return entry
    entry["lines"] = stage(tree, files, work)
    filelist = out / "files.json"
    filelist.write_text(json.dumps([[str(work / relpath), language, relpath] for relpath, language, _ in files]))
    tools: dict[str, Any] = {}
    entry["tools"] = tools

    def record(label: str, measurement: Measurement) -> None:
        tools[label] = figures(measurement, source_bytes)
        log(f"  {label:16} {measurement.status:8} {measurement.wall_s:8.2f} s  {measurement.peak_rss_mb:8.1f} MB"
            f"  (cpu {measurement.cpu_s:.2f} s, load {measurement.loadavg_before})")

    rounds: dict[str, list[Measurement]] = {}
    cold_side = "codeknit" in options.tools
    with_points_to = cold_side and "python" in entry["languages"] and codeknit_supports(options, "--no-points-to")
    if cold_side:
        # the source tree may change during a long run (a shared working tree): say what each corpus ran
        entry["codeknit"] = {**source_state(), "cache": codeknit_supports_cache(options)}
    no_points_to_cache, baseline_cache = work_root / "cache-no-points-to", work_root / "cache-baseline"
    if cold_side and options.baseline is not None:
        entry["baseline"] = {"src": str(options.baseline), **source_state(options.baseline)}
    for number in range(max(1, options.repeat)):
        if "limit" in options.tools:
            rounds.setdefault("limit", []).append(run_limit(options, filelist, out))
        if not cold_side:
            continue
        for folder in (cache, no_points_to_cache, baseline_cache):
            shutil.rmtree(folder, ignore_errors=True)

        def ours() -> None:
            rounds.setdefault("codeknit_cold", []).append(run_codeknit(options, work, languages, cache, out, "cold"))
            if with_points_to:
                rounds.setdefault("codeknit_cold_no_points_to", []).append(run_codeknit(
                    options, work, languages, no_points_to_cache, out, "cold-no-points-to", ("--no-points-to",)))

        def theirs() -> None:
            if options.baseline is not None:
                rounds.setdefault("baseline_cold", []).append(run_codeknit(
                    options, work, languages, baseline_cache, out, "baseline-cold", source=options.baseline))

        # the baseline goes first in every other round: neither side always follows the limit's run
        for step in ((ours, theirs) if number % 2 == 0 else (theirs, ours)):
            step()
    for label, measured in rounds.items():
        record(label, median_round(measured))
        if len(measured) > 1 or options.baseline is not None:
            tools[label]["rounds"] = [{"wall_s": m.wall_s, "cpu_s": m.cpu_s, "peak_rss_mb": m.peak_rss_mb}
                                       for m in measured]
    if "ctags" in options.tools:
        unknown = sorted({language for _, language, _ in files} - CTAGS_LANGUAGES.keys())
        if unknown:
            tools["ctags"] = {"status": "not applicable", "note": f"ctags has no parser for {', '.join(unknown)}"}
        elif Path(options.ctags).exists():
            record("ctags", run_ctags(options, work, files, out))
        else:
            tools["ctags"] = {"status": "unavailable", "note": f"{options.ctags} not found"}
    if "callix" in options.tools:
        if callix_adapter is None:
            tools["callix"] = {"status": "not applicable", "note": "callix is compared on Python and TypeScript"}
        elif options.callix_python is None:
            tools["callix"] = {"status": "unavailable", "note": "no callix virtualenv"}
        else:
            record("callix", run_callix(options, callix_adapter, work, filelist, out))
    if cold_side:
        record("codeknit_warm", run_codeknit(options, work, languages, cache, out, "warm"))
        relpath, language = change_target(files)
        with open(work / relpath, "a", encoding="utf-8") as changed:
            changed.write(f"\n{COMMENT.get(language, '//')} codeknit-bench: one-file change\n")
        record("codeknit_change", run_codeknit(options, work, languages, cache, out, "change"))
        tools["codeknit_change"]["changed_file"] = relpath
        insert_at_top(work / relpath, f"{COMMENT.get(language, '//')} codeknit-bench: code moved down\n")
        record("codeknit_move", run_codeknit(options, work, languages, cache, out, "move"))
        tools["codeknit_move"]["changed_file"] = relpath
    entry["ratios"] = ratios(tools)
    entry["status"] = "ok" if all(t.get("status") in ("ok", "not applicable") for t in tools.values()) else "partial"
    return entry


def _wall(tools: dict[str, Any], label: str) -> float | None:
    row = tools.get(label)
    return row["wall_s"] if row and row.get("status") == "ok" and row.get("wall_s") else None


def _added_over(tools: dict[str, Any], whole: str, without: str, base: str) -> float | None:
    x, y, z = _wall(tools, whole), _wall(tools, without), _wall(tools, base)
    return round((x - y) / z, 3) if x is not None and y is not None and z else None


def _added_per_round(tools: dict[str, Any], whole: str, without: str, base: str) -> list[float] | None:
    """``_added_over`` in each round of a repeated cold side (the three runs of one round close in time)."""
    rows = [tools.get(label, {}).get("rounds") for label in (whole, without, base)]
    if not all(rows) or len({len(row) for row in rows}) != 1:  # type: ignore[arg-type]
        return None
    return [round((x["wall_s"] - y["wall_s"]) / z["wall_s"], 3) for x, y, z in zip(*rows, strict=True)]  # type: ignore[misc]


def ratios(tools: dict[str, Any]) -> dict[str, Any]:
    def ratio(a: str, b: str) -> float | None:
        x, y = _wall(tools, a), _wall(tools, b)
        return round(x / y, 3) if x is not None and y else None

    def cpu_ratio(a: str, b: str) -> float | None:
        if _wall(tools, a) is None or _wall(tools, b) is None or not tools[b].get("cpu_s"):
            return None
        return round(tools[a]["cpu_s"] / tools[b]["cpu_s"], 3)

    def per_round(a: str, b: str, field: str = "wall_s") -> list[float | None] | None:
        x, y = tools.get(a, {}).get("rounds"), tools.get(b, {}).get("rounds")
        if not x or not y or len(x) != len(y):
            return None
        return [round(p[field] / q[field], 3) if q[field] else None for p, q in zip(x, y, strict=True)]

    def fastest(a: str, b: str, field: str = "cpu_s") -> float | None:
        """Each side's fastest round over the other's: on a shared machine other load only adds time, so
        the fastest of several rounds is the best estimate of what a run costs."""
        x, y = tools.get(a, {}).get("rounds"), tools.get(b, {}).get("rounds")
        if not x or not y:
            return None
        low_x, low_y = min(r[field] for r in x), min(r[field] for r in y)
        return round(low_x / low_y, 3) if low_y else None

    def peak_ratio(a: str, b: str) -> float | None:
        if _wall(tools, a) is None or _wall(tools, b) is None or not tools[b].get("peak_rss_mb"):
            return None
        return round(tools[a]["peak_rss_mb"] / tools[b]["peak_rss_mb"], 3)

    return {
        # against another checkout run in the same rounds (--baseline): the median rows, and each round
        "cold_over_baseline": ratio("codeknit_cold", "baseline_cold"),
        "cold_over_baseline_rounds": per_round("codeknit_cold", "baseline_cold"),
        "cold_over_baseline_cpu_rounds": per_round("codeknit_cold", "baseline_cold", "cpu_s"),
        "cold_over_baseline_cpu_fastest": fastest("codeknit_cold", "baseline_cold"),
        "peak_over_baseline": peak_ratio("codeknit_cold", "baseline_cold"),
        # CPU seconds: less sensitive than wall time to other load on the machine
        "cold_over_limit_cpu": cpu_ratio("codeknit_cold", "limit"),
        "warm_over_cold_cpu": cpu_ratio("codeknit_warm", "codeknit_cold"),
        "callix_over_cold_cpu": cpu_ratio("callix", "codeknit_cold"),
        "cold_over_limit": ratio("codeknit_cold", "limit"),
        # what the points-to analysis adds to a cold run, against the parse (the limit)
        "points_to_added_over_limit": _added_over(tools, "codeknit_cold", "codeknit_cold_no_points_to", "limit"),
        "points_to_added_over_limit_rounds": _added_per_round(tools, "codeknit_cold", "codeknit_cold_no_points_to",
                                                              "limit"),
        # and to its peak memory (issue 21: under 1.3x)
        "points_to_peak_over_without": peak_ratio("codeknit_cold", "codeknit_cold_no_points_to"),
        "warm_over_cold": ratio("codeknit_warm", "codeknit_cold"),
        "change_over_cold": ratio("codeknit_change", "codeknit_cold"),
        "move_over_cold": ratio("codeknit_move", "codeknit_cold"),
        "cold_over_ctags": ratio("codeknit_cold", "ctags"),
        "limit_over_ctags": ratio("limit", "ctags"),
        "callix_over_cold": ratio("callix", "codeknit_cold"),
        "callix_over_limit": ratio("callix", "limit"),
    }


# -- the targets (issue 9) --------------------------------------------------------------------------------


def targets(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each target of issue 9, per corpus where it applies: the figure, the bound and met or missed."""
    found: list[dict[str, Any]] = []

    def add(target: str, corpus: str, value: float | None, bound: float, met: bool | None, unit: str) -> None:
        found.append({"target": target, "corpus": corpus, "value": value, "bound": bound, "unit": unit,
                      "met": met if value is not None else None})

    for corpus in results:
        if corpus.get("status") not in ("ok", "partial"):
            continue
        name, tools, r = corpus["name"], corpus.get("tools", {}), corpus.get("ratios", {})
        if r.get("cold_over_limit") is not None:
            add("cold within 2x the limit", name, r["cold_over_limit"], 2.0, r["cold_over_limit"] <= 2.0, "x")
        if r.get("warm_over_cold") is not None:
            add("warm no-change at most 10% of cold", name, r["warm_over_cold"], 0.10, r["warm_over_cold"] <= 0.10, "x")
        if name == "django" and r.get("points_to_added_over_limit") is not None:
            added = r["points_to_added_over_limit"]
            add("issue 5: points-to adds less than the parse (the limit)", name, added, 1.0, added < 1.0, "x")
        if name == "django" and r.get("points_to_peak_over_without") is not None:
            peak = r["points_to_peak_over_without"]
            add("issue 21: peak RSS with points-to within 1.3x of without", name, peak, 1.3, peak < 1.3, "x")
        if name == "django" and _wall(tools, "codeknit_change") is not None:
            change = _wall(tools, "codeknit_change")
            assert change is not None
            add("one-file change under 0.5 s", name, change, 0.5, change < 0.5, "s")
        if name in ("django", "effect") and r.get("callix_over_cold") is not None:
            speedup = r["callix_over_cold"]
            add("at least 10x faster than callix", name, speedup, 10.0, speedup >= 10.0, "x")
        if name == "go-stdlib":
            peaks = [tools[label]["peak_rss_mb"] for label in CODEKNIT_RUNS if _wall(tools, label) is not None]
            if peaks:
                add("peak RSS under 1 GiB", name, max(peaks), 1024.0, max(peaks) < 1024.0, "MiB")
    return found


# -- the run --------------------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    info: dict[str, Any] = {"host": socket.gethostname(), "cpus": os.cpu_count(), "platform": platform.platform(),
                            "python": platform.python_version()}
    try:
        with open("/proc/meminfo") as meminfo:
            info["memory_gib"] = round(int(meminfo.readline().split()[1]) / 1024 / 1024, 1)
        with open("/proc/cpuinfo") as cpuinfo:
            info["cpu"] = next((line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), "")
    except OSError:
        pass
    return info


def precompile(*sources: Path) -> None:
    """Compile codeknit's modules to bytecode once, as installing a package does: this checkout's
    and each of ``sources`` (the ``src`` folder of a ``--baseline`` checkout).

    An editable install compiles them on first import and caches the result; where
    ``PYTHONDONTWRITEBYTECODE`` is set (this sandbox sets it), nothing is cached and every run would
    compile all of codeknit again, in the main process and in each worker (0.5-0.8 s of CPU a
    process), a cost no installed copy pays. ``compileall`` writes the cache regardless of that
    variable. A baseline left uncompiled pays it and looks slower than it is (the paired runs
    against such a baseline up to stop 43). (callix's own virtualenv was compiled by pip.)
    """
    import compileall

    for folder in (REPO / "src", *sources):
        compileall.compile_dir(str(folder / "codeknit"), quiet=1)


def source_state(src: Path | None = None) -> dict[str, Any]:
    """codeknit's commit, and whether ``src/`` differs from it (uncommitted changes are measured too);
    with ``src``, the same for the checkout that folder is in."""
    where = REPO if src is None else src
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=where, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", f"--untracked-files={'no' if src else 'all'}",
                            "." if src else "src"],
                           cwd=where, capture_output=True, text=True)
    return {"commit": head.stdout.strip(), "src_modified": bool(dirty.stdout.strip())}


def versions(options: Options) -> dict[str, Any]:
    from codeknit import __version__

    state = source_state()
    found: dict[str, Any] = {"codeknit": __version__, "codeknit_commit": state["commit"],
                             "codeknit_src_modified": state["src_modified"]}
    if Path(options.ctags).exists():
        ctags = subprocess.run([options.ctags, "--version"], capture_output=True, text=True)
        found["ctags"] = ctags.stdout.split(",")[0]
    if options.callix_python is not None:
        found["callix"] = subprocess.run([str(options.callix_python), "-c", "import callix; print(callix.__version__)"],
                                         capture_output=True, text=True).stdout.strip()
    return found


def run(selected: list[corpora.Corpus], local: list[Path], options: Options, log: Any = print,
        checkpoint: Any = None) -> dict[str, Any]:
    """Measure every corpus; ``checkpoint(result)``, if given, is called after each corpus (a partial result)."""
    started = dt.datetime.now(dt.UTC)
    if "codeknit" in options.tools:
        precompile(*([options.baseline] if options.baseline is not None else []))
    if "callix" in options.tools and options.callix_python is None:
        python, why = ensure_callix(options.bench_dir)
        options.callix_python = python
        if python is None:
            log(f"callix unavailable: {why}")
    result: dict[str, Any] = {
        "schema": 1,
        "started": started.isoformat(timespec="seconds"),
        "machine": machine(),
        "loadavg_start": list(os.getloadavg()),
        "options": {"workers": options.workers, "quick": options.quick, "tools": list(options.tools),
                    "repeat": options.repeat, "baseline": str(options.baseline) if options.baseline else None,
                    "quick_bytes": QUICK_BYTES if options.quick else None, "timeout_s": options.timeout},
        "versions": versions(options),
        "codeknit_cache": codeknit_supports_cache(options) if "codeknit" in options.tools else None,
        "corpora": [],
    }
    for corpus in selected:
        log(f"{corpus.name} ({corpus.versions})")
        entry: dict[str, Any] = {"name": corpus.name, "packages": [p.spec for p in corpus.packages],
                                 "registry": sorted({p.registry for p in corpus.packages}), "tree": corpus.tree}
        try:
            tree = corpora.fetch(corpus, options.bench_dir)
        except corpora.Unavailable as exc:
            entry.update(status="unavailable", note=str(exc))
            log(f"  unavailable: {exc}")
        else:
            entry.update(measure_corpus(corpus.name, tree, corpus.languages, corpus.callix, options, log))
        result["corpora"].append(entry)
        if checkpoint is not None:
            checkpoint(result)
    for path in local:
        log(f"{path.name} (local {path})")
        entry = {"name": path.name, "packages": [], "registry": ["local"], "tree": str(path)}
        entry.update(measure_corpus(path.name, path.resolve(), None, None, options, log))
        result["corpora"].append(entry)
        if checkpoint is not None:
            checkpoint(result)
    result["loadavg_end"] = list(os.getloadavg())
    result["finished"] = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    result["targets"] = targets(result["corpora"])
    return result


def default_result_path(result: dict[str, Any]) -> Path:
    suffix = "-quick" if result["options"]["quick"] else ""
    return REPO / "bench" / "results" / f"{result['started'][:10]}-{result['machine']['host']}{suffix}.json"
