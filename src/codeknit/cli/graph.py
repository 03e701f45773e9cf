"""``codeknit graph analyze | show | hotspots``: reports, the HTML viewer and change hotspots.

All three index PATH as ``parse`` does (with the same analysis options) and count only resolved
relations; uncertain ones are counted and reported, never drawn or ranked.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import click
import orjson

from codeknit.cli.app import main
from codeknit.cli.common import (
    analysis_options,
    examples,
    format_option,
    load_graph,
    output_option,
    path_argument,
    settings,
    token_counter,
    write_output,
)

if TYPE_CHECKING:
    from codeknit.graph import Graph


def _title(input_path: Path, graph: Graph | None = None) -> str:
    if graph is not None and input_path.is_file() and input_path.suffix == ".json" and graph.root:
        return Path(graph.root).name or graph.root  # (a saved graph: the tree it was made of)
    return input_path.resolve().name or str(input_path)


def _graph(input_path: Path) -> Graph:
    """The tree at ``input_path`` analysed, or the graph a ``.json`` file holds (``codeknit export -f json``,
    the ``graph.json`` of ``codeknit parse --format json``)."""
    if input_path.is_file() and input_path.suffix == ".json":
        from codeknit.graph.jsonio import GraphFormatError, read_graph

        try:
            with input_path.open("rb") as stream:
                return read_graph(stream)
        except GraphFormatError as exc:
            raise click.ClickException(
                f"{input_path}: not a graph codeknit wrote ({exc}); give the source tree, or the graph JSON "
                "of codeknit export -f json") from None
        except OSError as exc:
            raise click.ClickException(f"{input_path}: {exc.strerror or exc}") from None
    return load_graph(input_path, resolve=True)


def _json(value: object) -> str:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode("utf-8") + "\n"


@main.group("graph")
@examples("codeknit graph analyze . -o report.skt",
          "codeknit graph show . --open",
          "codeknit graph hotspots . --since 6mo")
def graph_group() -> None:
    """Reports on the resolved graph: analyze (what is central, tangled, deep or unused), show (an
    HTML viewer) and hotspots (git churn against structure). Uncertain relations are counted,
    never ranked or drawn. See docs/graph-commands.md."""


@graph_group.command("analyze")
@path_argument
@output_option(folder=False, help="Write the report to this file instead of stdout.")
@format_option(["skt", "json"], default="skt",
               help="skt: [section] headers and one fact per line, for prompts; json: the same facts as data.")
@click.option("--top", type=click.IntRange(min=0), default=20, show_default=True,
              help="Entries per ranked list: hubs, god classes, depth, instability, PageRank, betweenness "
              "(0: no limit).")
@click.option("--hub-fan-in", type=click.IntRange(min=0), default=10, show_default=True,
              help="A hub has at least this many distinct resolved users (0: no threshold, every used symbol).")
@click.option("--hub-fan-out", type=click.IntRange(min=0), default=10, show_default=True,
              help="… or uses at least this many distinct symbols (0: no threshold).")
@click.option("--god-members", type=click.IntRange(min=0), default=20, show_default=True,
              help="A god class has at least this many members … (0: no threshold).")
@click.option("--god-fan-out", type=click.IntRange(min=0), default=10, show_default=True,
              help="… and its members use at least this many symbols outside it (0: no threshold).")
@click.option("--cycle-members", type=click.IntRange(min=0), default=20, show_default=True,
              help="Members listed per cycle (strongly connected component; 0: no limit). The shortest cycle "
              "is always shown whole.")
@click.option("--dead-limit", type=click.IntRange(min=0), default=50, show_default=True,
              help="Entries per dead-code, possibly-used and orphan list (0: no limit); totals are always given.")
@click.option("--betweenness-samples", type=click.IntRange(min=0), default=256, show_default=True,
              help="Source symbols for the betweenness estimate, chosen with a fixed seed (0: exact, slow on "
              "large projects).")
@analysis_options(resolve_option=False)
@examples("codeknit graph analyze . -o report.skt",
          "codeknit graph analyze src -f json --top 10 | jq .cycles")
def analyze_command(input_path: Path, output: Path | None, fmt: str, top: int, hub_fan_in: int,
                    hub_fan_out: int, god_members: int, god_fan_out: int, cycle_members: int, dead_limit: int,
                    betweenness_samples: int) -> None:
    """Write a report on PATH: cycles between modules and packages, hubs, god classes, dead-code
    candidates and "possibly used" symbols, inheritance depth, module instability, PageRank and
    betweenness.

    Only resolved relations count. The report states how many ambiguous and unresolved
    relations it left out, by kind, and never calls a symbol unused when one of them could reach
    it. File and include metadata are left out of every ranking and finding.
    """
    from codeknit.analysis import Thresholds, analyze, report_json, write_skt

    quiet = settings().quiet
    graph = _graph(input_path)
    thresholds = Thresholds(top=top, hub_fan_in=hub_fan_in, hub_fan_out=hub_fan_out, god_members=god_members,
                            god_fan_out=god_fan_out, cycle_members=cycle_members, dead_limit=dead_limit,
                            betweenness_samples=betweenness_samples)
    report = analyze(graph, thresholds, root=_title(input_path, graph))
    if fmt == "json":
        text = _json(report_json(report))
    else:
        buffer = io.StringIO()
        write_skt(report, buffer)
        text = buffer.getvalue()
    write_output(text.encode("utf-8", "surrogateescape"), output, [input_path])
    if not quiet:
        tokens = token_counter("o200k_base").count(text)
        click.echo(f"analyze: {report.symbols} symbols, {sum(report.counted.values())} resolved dependencies "
                   f"counted, {report.excluded_uncertain_total} uncertain relations excluded; report "
                   f"{tokens} tokens (o200k_base)", err=True)


@graph_group.command("show")
@path_argument
@output_option(folder=False, default=Path("codeknit-graph.html"), help="The HTML file to write.")
@click.option("--open", "open_browser", is_flag=True, help="Open the file in the default web browser.")
@click.option("--collapse-above", type=click.IntRange(min=0), default=1500, show_default=True,
              help="Above this many visible symbols the overview shows modules, which open into their symbols "
              "(0: never collapse).")
@analysis_options(resolve_option=False)
@examples("codeknit graph show . --open",
          "codeknit graph show src -o graph.html --collapse-above 500")
def show_command(input_path: Path, output: Path, open_browser: bool, collapse_above: int) -> None:
    """Write one self-contained HTML file that draws PATH's graph (works from file://, no network).

    Modules and symbols in a force-directed layout, with search, filters by kind and language,
    and focus on one symbol's neighbourhood. Uncertain relations are not drawn; their count is
    shown per node and in total. Needs nothing installed or built: the page draws with its own
    inlined scripts.
    """
    from codeknit.analysis.viewer import build_viewer
    from codeknit.version import __version__

    quiet = settings().quiet
    graph = _graph(input_path)
    buffer = io.StringIO()
    stats = build_viewer(graph, buffer, title=_title(input_path, graph), version=__version__,
                         collapse_above=collapse_above)
    write_output(buffer.getvalue().encode("utf-8", "surrogateescape"), output, [input_path])
    if not quiet:
        collapsed = collapse_above and stats["symbols"] > collapse_above
        note = f"; overview collapsed to {stats['modules']} modules" if collapsed else ""
        click.echo(f"show: wrote {output} ({stats['symbols']} symbols, {stats['edges']} resolved dependencies, "
                   f"{stats['uncertain']} uncertain relations counted, not drawn{note})", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(output.resolve().as_uri())


@graph_group.command("hotspots")
@path_argument
@click.option("--since", default="12mo", show_default=True, metavar="SPAN|DATE",
              help="History window, back from the newest commit: 30d, 6w, 12mo, 2y, or a date (2024-01-31).")
@output_option(folder=False, help="Write the report to this file instead of stdout.")
@format_option(["skt", "json"], default="skt",
               help="skt: [section] headers and one fact per line; json: the same facts as data.")
@click.option("--top", type=click.IntRange(min=0), default=20, show_default=True,
              help="Files listed (0: all that changed).")
@click.option("--half-life", type=click.FloatRange(min=0), default=90.0, show_default=True, metavar="DAYS",
              help="A change this many days older than HEAD weighs half (0: no decay).")
@click.option("--min-shared", type=click.IntRange(min=1), default=2, show_default=True,
              help="Temporal coupling: commits two files must share.")
@click.option("--min-degree", type=click.FloatRange(min=0, max=1), default=0.3, show_default=True,
              help="Temporal coupling: shared / commits of either file, at least this.")
@click.option("--max-commit-files", type=click.IntRange(min=0), default=30, show_default=True,
              help="Commits touching more files are left out of coupling (0: no limit).")
@click.option("--coupling-top", type=click.IntRange(min=0), default=20, show_default=True,
              help="Coupled pairs listed (0: all).")
@analysis_options(resolve_option=False)
@examples("codeknit graph hotspots . --since 6mo",
          "codeknit graph hotspots . -f json --top 50 -o hotspots.json")
def hotspots_command(input_path: Path, since: str, output: Path | None, fmt: str, top: int, half_life: float,
                     min_shared: int, min_degree: float, max_commit_files: int, coupling_top: int) -> None:
    """Rank PATH's files by git churn, recency and structural importance, and list files that
    change together (temporal coupling), marking pairs no resolved dependency explains.

    Reads history with `git log` (no merges, renames not followed); time is measured back from
    the newest commit, so a commit's report never changes.
    """
    from datetime import UTC, datetime

    from codeknit.analysis.hotspots import (
        HistoryError,
        HotspotOptions,
        hotspots,
        hotspots_json,
        parse_since,
        read_history,
        write_hotspots_skt,
    )

    try:
        parse_since(since, datetime.now(UTC))
    except ValueError as exc:
        raise click.BadParameter(str(exc).removeprefix(f"--since {since!r}: "), param_hint="--since") from None
    try:
        commits, start, head = read_history(input_path.resolve(), since)
    except HistoryError as exc:
        raise click.ClickException(str(exc)) from None
    if not commits:
        raise click.ClickException(
            f"no commits changed files under {input_path} between {start:%Y-%m-%d} and {head:%Y-%m-%d} "
            f"(--since {since}); widen --since")
    options = HotspotOptions(since=since, top=top, half_life_days=half_life, max_commit_files=max_commit_files,
                             min_shared=min_shared, min_degree=min_degree, coupling_top=coupling_top)
    quiet = settings().quiet
    graph = load_graph(input_path, resolve=True)
    report = hotspots(graph, commits, options, start=start, head=head, root=_title(input_path))
    if fmt == "json":
        text = _json(hotspots_json(report))
    else:
        buffer = io.StringIO()
        write_hotspots_skt(report, buffer)
        text = buffer.getvalue()
    write_output(text.encode("utf-8", "surrogateescape"), output, [input_path])
    if not quiet:
        click.echo(f"hotspots: {report.commits} commits, {report.files_changed} of {report.files_total} files "
                   f"changed, {report.couplings_total} coupled pairs", err=True)
