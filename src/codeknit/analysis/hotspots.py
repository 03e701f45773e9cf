"""``codeknit graph hotspots``: files that change often, changed lately, and matter to the structure.

History comes from ``git log`` run as a subprocess (git is the one reader of its own format
that is always right; no library is needed). Merges are skipped and renames are not followed
(``--no-merges --no-renames``): a renamed file starts a new history.

Time is measured back from the newest commit in the repository (``HEAD``), not from the
clock, so the report of one commit never changes: ``--since 12mo`` means the twelve months
before the last commit.

Scores
======
For each file that the graph holds and the window touches:

* ``commits`` — commits that changed it; ``lines`` — lines added plus deleted;
* ``churn`` — Σ over its commits of ``decay × log2(2 + lines changed in that commit)``, where
  ``decay = 0.5 ** (age_days / half_life_days)`` (recent work weighs more; a big commit more
  than a small one, but not linearly);
* ``importance`` — the file's structural weight: the sum of the PageRank of its symbols over
  resolved dependencies (:mod:`codeknit.analysis.deps`), divided by the largest such sum, so
  in ``[0, 1]``;
* ``score = churn × (1 + importance)``.

Temporal coupling
=================
Two files are coupled when commits change them together. Commits that touch more than
``max_commit_files`` files (mass renames, reformatting) are left out of coupling. A pair is
reported when it shares at least ``min_shared`` commits and its degree, shared / (commits of
either), the Jaccard index, is at least ``min_degree``. ``structural`` says whether a resolved
dependency joins the two files; a coupled pair without one is a hidden dependency worth a look.
"""

from __future__ import annotations

import math
import os
import posixpath
import re
import shutil
import subprocess
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any

from codeknit.analysis.algorithms import pagerank
from codeknit.analysis.deps import DependencyView, dependency_view, module_graph
from codeknit.graph import Graph

__all__ = [
    "Commit",
    "HistoryError",
    "HotspotOptions",
    "HotspotReport",
    "hotspots",
    "hotspots_json",
    "parse_since",
    "read_history",
    "write_hotspots_skt",
]

REPORT_VERSION = "1"


class HistoryError(Exception):
    """No usable git history: git is missing, PATH is not in a repository, or it has no commits."""


@dataclass(frozen=True, slots=True)
class Commit:
    sha: str
    time: int  # committer time, seconds since the epoch
    #: path (relative to the analysed directory) → lines added plus deleted (0 for binary files)
    changes: dict[str, int]


@dataclass(frozen=True, slots=True)
class HotspotOptions:
    since: str = "12mo"
    top: int = 20  # files listed (0: all)
    half_life_days: float = 90.0
    max_commit_files: int = 30  # commits touching more files are left out of coupling (0: no limit)
    min_shared: int = 2
    min_degree: float = 0.3
    coupling_top: int = 20  # pairs listed (0: all)


@dataclass(slots=True)
class Hotspot:
    path: str
    score: float
    commits: int
    lines: int
    churn: float
    importance: float
    last_change: str  # ISO date of the newest commit that changed it
    age_days: int


@dataclass(slots=True)
class Coupling:
    first: str
    second: str
    shared: int
    degree: float
    structural: bool


@dataclass(slots=True)
class HotspotReport:
    root: str
    since: str
    window_start: str
    head_time: str
    commits: int
    options: HotspotOptions
    files_changed: int = 0
    files_total: int = 0
    hotspots: list[Hotspot] = field(default_factory=list)
    couplings: list[Coupling] = field(default_factory=list)
    couplings_total: int = 0
    coupling_commits_skipped: int = 0
    #: uncertain relations left out of importance and of the structural links
    excluded_uncertain: int = 0


_SINCE = re.compile(r"(\d+)\s*(d|days?|w|weeks?|mo|months?|y|years?)")


def parse_since(value: str, head: datetime) -> datetime:
    """``12mo``, ``6w``, ``30d``, ``1y`` before ``head``, or an ISO date (``2024-01-31``)."""
    text = value.strip().lower()
    match = _SINCE.fullmatch(text)
    if match:
        amount, unit = int(match.group(1)), match.group(2)
        if unit.startswith("d"):
            return head - timedelta(days=amount)
        if unit.startswith("w"):
            return head - timedelta(weeks=amount)
        months = amount * (12 if unit.startswith("y") else 1)
        year, month = divmod(head.month - 1 - months, 12)
        year += head.year
        month += 1
        day = min(head.day, _days_in_month(year, month))
        return head.replace(year=year, month=month, day=day)
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(f"--since {value!r}: use a span such as 12mo, 6w, 30d, 1y, or a date such as "
                         f"2024-01-31") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _days_in_month(year: int, month: int) -> int:
    following = datetime(year + month // 12, month % 12 + 1, 1)
    return (following - timedelta(days=1)).day


def _git(args: list[str], cwd: Path) -> str:
    git = shutil.which("git")
    if git is None:
        raise HistoryError("git is not installed (or not on PATH); hotspots read the history with git")
    result = subprocess.run([git, *args], cwd=cwd, capture_output=True, check=False,
                            env={**os.environ, "LC_ALL": "C"})
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise HistoryError(message[0] if message else f"git {args[0]} failed")
    return result.stdout.decode("utf-8", "surrogateescape")


def read_history(path: Path, since: str) -> tuple[list[Commit], datetime, datetime]:
    """The commits that changed files under ``path`` in the window, newest first.

    Returns the commits, the window's start and HEAD's time. Paths are made relative to
    ``path`` (the directory that was analysed).
    """
    directory = path if path.is_dir() else path.parent
    try:
        inside = _git(["rev-parse", "--is-inside-work-tree"], directory).strip()
    except HistoryError as exc:
        raise HistoryError(f"{directory} has no git history ({exc}); hotspots need a git repository with "
                           f"commits: run it on a clone, or `git init` and commit") from None
    if inside != "true":
        raise HistoryError(f"{directory} is not inside a git work tree; hotspots need its history")
    prefix = _git(["rev-parse", "--show-prefix"], directory).strip()
    try:
        head_time = int(_git(["log", "-1", "--format=%ct", "HEAD"], directory).strip())
    except HistoryError:
        raise HistoryError(f"the git repository at {directory} has no commits yet; hotspots need history") from None
    head = datetime.fromtimestamp(head_time, UTC)
    start = parse_since(since, head)
    raw = _git(["-c", "core.quotepath=off", "log", "--no-merges", "--no-renames", "--numstat", "-z",
                "--format=%x1e%H %ct", f"--since={start.strftime('%Y-%m-%dT%H:%M:%SZ')}", "HEAD", "--", "."],
               directory)
    commits: list[Commit] = []
    cutoff = int(start.timestamp())
    for record in raw.split("\x1e"):
        if not record.strip("\x00\n"):
            continue
        header, _, body = record.partition("\x00")
        sha, _, stamp = header.strip().partition(" ")
        when = int(stamp)
        if when < cutoff:
            continue
        changes: dict[str, int] = {}
        for entry in body.split("\x00"):
            entry = entry.strip("\n")
            if not entry:
                continue
            added, _, rest = entry.partition("\t")
            deleted, _, name = rest.partition("\t")
            if not name or not name.startswith(prefix):
                continue
            lines = (int(added) if added.isdigit() else 0) + (int(deleted) if deleted.isdigit() else 0)
            relative = name[len(prefix):]
            changes[relative] = changes.get(relative, 0) + lines
        if changes:
            commits.append(Commit(sha, when, changes))
    return commits, start, head


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d")


def _round(value: float) -> float:
    return float(f"{value:.6g}")


def file_importance(graph: Graph, view: DependencyView | None = None) -> dict[str, float]:
    """Per file: the sum of its symbols' PageRank over resolved dependencies, scaled so the largest is 1."""
    view = view or dependency_view(graph)
    ranks = pagerank(view.out)
    totals: dict[str, float] = defaultdict(float)
    for symbol, score in zip(view.nodes, ranks, strict=True):
        totals[symbol.path] += score
    for record in graph.files:
        totals.setdefault(record.path, 0.0)
    largest = max(totals.values(), default=0.0)
    return {path: (score / largest if largest else 0.0) for path, score in totals.items()}


def hotspots(graph: Graph, commits: list[Commit], options: HotspotOptions, *, start: datetime, head: datetime,
             root: str = "") -> HotspotReport:
    """Rank the graph's files by churn, recency and importance, and find files that change together."""
    view = dependency_view(graph)
    importance = file_importance(graph, view)
    known = {f.path for f in graph.files}
    head_time = int(head.timestamp())
    stats: dict[str, list[float]] = {}  # path → [commits, lines, churn, newest time]
    for commit in commits:
        age = max(0.0, (head_time - commit.time) / 86400)
        decay = 0.5 ** (age / options.half_life_days) if options.half_life_days > 0 else 1.0
        for path, lines in commit.changes.items():
            if path not in known:
                continue
            entry = stats.setdefault(path, [0.0, 0.0, 0.0, 0.0])
            entry[0] += 1
            entry[1] += lines
            entry[2] += decay * math.log2(2 + lines)
            entry[3] = max(entry[3], float(commit.time))
    report = HotspotReport(
        root=root or posixpath.basename(graph.root.rstrip("/")) or ".",
        since=options.since, window_start=_iso(start), head_time=_iso(head), commits=len(commits),
        options=options, files_changed=len(stats), files_total=len(known),
    )
    ranked = []
    for path, (count, total_lines, churn, newest) in stats.items():
        weight = importance.get(path, 0.0)
        ranked.append(Hotspot(
            path=path, score=_round(churn * (1 + weight)), commits=int(count), lines=int(total_lines),
            churn=_round(churn), importance=_round(weight),
            last_change=_iso(datetime.fromtimestamp(int(newest), UTC)), age_days=int((head_time - newest) // 86400),
        ))
    ranked.sort(key=lambda h: (-h.score, h.path))
    report.hotspots = ranked if options.top == 0 else ranked[:options.top]
    report.excluded_uncertain = view.excluded_uncertain_total
    _coupling(report, view, commits, known, options)
    return report


def _coupling(report: HotspotReport, view: DependencyView, commits: list[Commit], known: set[str],
              options: HotspotOptions) -> None:
    together: Counter[tuple[str, str]] = Counter()
    revisions: Counter[str] = Counter()
    skipped = 0
    for commit in commits:
        files = sorted(p for p in commit.changes if p in known)
        if options.max_commit_files and len(files) > options.max_commit_files:
            skipped += 1
            continue
        revisions.update(files)
        for i, first in enumerate(files):
            for second in files[i + 1:]:
                together[(first, second)] += 1
    modules = module_graph(view, "module")
    position = {name: i for i, name in enumerate(modules.names)}
    linked = {(modules.names[a], modules.names[b]) for a, b in modules.evidence}
    pairs = []
    for (first, second), shared in together.items():
        if shared < options.min_shared:
            continue
        degree = shared / (revisions[first] + revisions[second] - shared)
        if degree < options.min_degree:
            continue
        structural = (first, second) in linked or (second, first) in linked
        if first not in position or second not in position:
            structural = False
        pairs.append(Coupling(first, second, shared, _round(degree), structural))
    pairs.sort(key=lambda c: (-c.shared, -c.degree, c.first, c.second))
    report.couplings_total = len(pairs)
    report.couplings = pairs if options.coupling_top == 0 else pairs[:options.coupling_top]
    report.coupling_commits_skipped = skipped


def write_hotspots_skt(report: HotspotReport, out: IO[str]) -> None:
    w = out.write
    o = report.options
    w(f"# codeknit graph hotspots: {report.root} (report {REPORT_VERSION})\n")
    w(f"# window: {report.window_start} .. {report.head_time} (--since {report.since}, measured back from HEAD)\n\n")
    w("[summary]\n")
    w(f"commits {report.commits} (no merges), files changed {report.files_changed} of {report.files_total} "
      f"analysed\n")
    w(f"score = churn x (1 + importance); churn = sum of 0.5^(age/{o.half_life_days:g}d) x log2(2 + lines) "
      f"per commit; importance = file PageRank / max\n")
    w(f"importance and structural links count resolved relations only; {report.excluded_uncertain} uncertain "
      f"relations excluded\n")
    shown = len(report.hotspots)
    counted = f"{shown}" if shown == report.files_changed else f"first {shown} of {report.files_changed}"
    w(f"\n[hotspots] {counted} files, highest score first\n")
    for spot in report.hotspots:
        w(f"{spot.path} score={spot.score:.4g} commits={spot.commits} lines={spot.lines} churn={spot.churn:.4g} "
          f"importance={spot.importance:.3g} last={spot.last_change} ({spot.age_days}d before HEAD)\n")
    w(f"\n[coupling] {report.couplings_total} pairs with >= {o.min_shared} shared commits and degree >= "
      f"{o.min_degree:g}")
    if report.coupling_commits_skipped:
        w(f"; {report.coupling_commits_skipped} commits touching > {o.max_commit_files} files left out")
    w("\n# structural=no: they change together but no resolved dependency joins them\n")
    for pair in report.couplings:
        w(f"{pair.first} <-> {pair.second} shared={pair.shared} degree={pair.degree:.3g} "
          f"structural={'yes' if pair.structural else 'no'}\n")


def hotspots_json(report: HotspotReport) -> dict[str, Any]:
    o = report.options
    return {
        "report": "codeknit.graph.hotspots",
        "version": REPORT_VERSION,
        "root": report.root,
        "window": {"since": report.since, "start": report.window_start, "head": report.head_time},
        "options": {"top": o.top, "half_life_days": o.half_life_days, "max_commit_files": o.max_commit_files,
                    "min_shared": o.min_shared, "min_degree": o.min_degree, "coupling_top": o.coupling_top},
        "commits": report.commits,
        "files_changed": report.files_changed,
        "files_total": report.files_total,
        "excluded_uncertain": report.excluded_uncertain,
        "hotspots": [
            {"path": h.path, "score": h.score, "commits": h.commits, "lines": h.lines, "churn": h.churn,
             "importance": h.importance, "last_change": h.last_change, "age_days": h.age_days}
            for h in report.hotspots
        ],
        "coupling": {
            "total": report.couplings_total,
            "commits_skipped": report.coupling_commits_skipped,
            "pairs": [{"files": [c.first, c.second], "shared": c.shared, "degree": c.degree,
                       "structural": c.structural} for c in report.couplings],
        },
    }
