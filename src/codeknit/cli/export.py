"""``codeknit export``: the graph in another tool's format (LSIF, SCIP, CycloneDX, CSV, DOT, Mermaid, JSON)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

import click

from codeknit.cli.app import main
from codeknit.cli.common import (
    EXIT_WARNINGS,
    ExistingPath,
    Reporter,
    analysis_options,
    examples,
    format_option,
    load_graph,
    output_option,
    settings,
    write_output,
)
from codeknit.exporters.registry import FORMATS


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


def _refuse_analysis_options() -> None:
    """A saved graph was analysed when it was made: options that choose the analysis cannot apply."""
    context = click.get_current_context()
    for name in ("exclude", "collect_test", "max_file_size", "workers", "no_resolve", "no_points_to",
                 "parse_timeout", "no_cache"):
        source = context.get_parameter_source(name)
        if source is not None and source is not click.core.ParameterSource.DEFAULT:
            flag = "--" + name.replace("_", "-")
            raise click.UsageError(f"{flag} applies when PATH is a source directory, not a saved graph")


def _load(input_path: str, source_root: Path | None) -> tuple[object, Path | None, list[str] | None, list[Path]]:
    """(graph, source root, languages left for the exporter to filter, the inputs read)."""
    from codeknit.graph import GraphFormatError, read_graph

    languages = settings().languages
    if input_path == "-":
        _refuse_analysis_options()
        try:
            return read_graph(sys.stdin.buffer), source_root, languages, []
        except GraphFormatError as exc:
            raise click.ClickException(f"standard input: {exc}") from None
    path = Path(input_path)
    if not path.exists():
        raise click.BadParameter(f"{input_path} does not exist", param_hint="PATH")
    if path.is_file() and path.suffix == ".json":
        _refuse_analysis_options()
        try:
            with path.open("rb") as stream:
                return read_graph(stream), source_root, languages, [path]
        except GraphFormatError as exc:
            raise click.ClickException(f"{input_path}: {exc}") from None
        except OSError as exc:
            raise click.ClickException(f"{input_path}: {exc.strerror or exc}") from None
    reporter = Reporter(settings().quiet)
    try:
        graph = load_graph(path, reporter)
    finally:
        reporter.close()
    root = source_root or (path if path.is_dir() else path.parent)
    return graph, root, None, [path]


@main.command("export")
@click.argument("input_path", metavar="PATH")
@format_option(list(FORMATS), default=None, required=True, help="The output format (codeknit formats lists them).")
@output_option(folder=False, help="Write to this file instead of standard output.")
@click.option("--symbol", metavar="NAME", help="dot, mermaid, csv: only the edges touching this symbol "
              "(a full id, a short id such as S12, or a name).")
@click.option("--source-root", type=ExistingPath(file_okay=False),
              help="The analysed sources, for a saved graph: LSIF needs them for exact UTF-16 columns.")
@click.option("--deny-warnings", is_flag=True, help=f"Exit with code {EXIT_WARNINGS} when the export warns.")
@analysis_options()
@examples("codeknit export . -f lsif -o dump.lsif                     # GitLab code navigation",
          "codeknit export . -f json -o graph.json                    # analyse once …",
          "codeknit export graph.json -f scip -o index.scip           # … export many times",
          "codeknit export graph.json -f mermaid --symbol Order.save",
          "codeknit export . -f csv-edges | sqlite3 g.db '.import --csv /dev/stdin edges'")
def export(
    input_path: str,
    fmt: str,
    output: Path | None,
    symbol: str | None,
    source_root: Path | None,
    deny_warnings: bool,
) -> None:
    """Export PATH, a source directory (analysed on the fly), a saved graph JSON or - for stdin.

    Warnings (what the format cannot carry, reasons to doubt the result) go to stderr.
    """
    from codeknit.exporters import ExportError
    from codeknit.graph import Graph

    chosen = FORMATS[fmt]
    if chosen.binary and (output is None or str(output) == "-") and stdout_is_terminal():
        raise click.ClickException(f"refusing to write binary {fmt.upper()} output to a terminal: "
                                   "use -o FILE or redirect standard output")
    graph, root, filter_languages, inputs = _load(input_path, source_root)
    assert isinstance(graph, Graph)
    warnings: list[object] = []

    def run(out: IO[bytes]) -> None:
        try:
            warnings.extend(chosen.export(graph, out, source_root=root, symbol=symbol, languages=filter_languages))
        except ExportError as exc:
            raise click.BadParameter(str(exc), param_hint="--symbol") from None

    write_output(run, output, inputs)
    for warning in warnings:
        click.echo(str(warning), err=True)
    if deny_warnings and warnings:
        click.echo(f"{len(warnings)} warning(s) and --deny-warnings: exit {EXIT_WARNINGS}", err=True)
        sys.exit(EXIT_WARNINGS)
