"""``codeknit export``: the graph in another tool's format (LSIF, SCIP, CycloneDX, CSV, DOT, Mermaid, JSON)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import IO

import click

from codeknit.cli.app import main
from codeknit.cli.common import ProgressBar, cache_options, index_settings, parse_languages
from codeknit.exporters.registry import FORMATS

#: the exit code of ``--deny-warnings`` when the export warned
EXIT_WARNINGS = 3


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


def _refuse_analysis_options(no_resolve: bool) -> None:
    """A saved graph was analysed when it was made: options that choose the analysis cannot apply."""
    for flag, given in (("--no-resolve", no_resolve), ("--no-points-to", not index_settings()["points_to"])):
        if given:
            raise click.UsageError(f"{flag} applies when INPUT is a source directory, not a saved graph")


def _load(input_path: str, languages: list[str] | None, no_resolve: bool, source_root: Path | None
          ) -> tuple[object, Path | None, list[str] | None]:
    """(graph or bytes, source root, languages left for the exporter to filter)."""
    from codeknit.graph import GraphFormatError, read_graph
    from codeknit.pipeline import index
    from codeknit.workspace import ScanError

    if input_path == "-":
        _refuse_analysis_options(no_resolve)
        try:
            return read_graph(sys.stdin.buffer), source_root, languages
        except GraphFormatError as exc:
            raise click.ClickException(f"standard input: {exc}") from None
    path = Path(input_path)
    if not path.exists():
        raise click.BadParameter(f"{input_path} does not exist", param_hint="INPUT")
    if path.is_file() and path.suffix == ".json":
        _refuse_analysis_options(no_resolve)
        try:
            with path.open("rb") as stream:
                return read_graph(stream), source_root, languages
        except GraphFormatError as exc:
            raise click.ClickException(f"{input_path}: {exc}") from None
        except OSError as exc:
            raise click.ClickException(f"{input_path}: {exc.strerror or exc}") from None
    progress = ProgressBar(True)
    try:
        graph = index(path, languages=languages, resolve=not no_resolve, progress=progress, **index_settings())
    except ScanError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        progress.close()
    root = source_root or (path if path.is_dir() else path.parent)
    return graph, root, None


@main.command("export")
@click.argument("input_path", metavar="INPUT")
@click.option("-f", "--format", "fmt", required=True, type=click.Choice(list(FORMATS)),
              help="The output format (codeknit formats lists them).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to FILE instead of standard output.")
@click.option("--symbol", metavar="NAME", help="dot, mermaid, csv: only the edges touching this symbol "
              "(a full id, a short id such as S12, or a name).")
@click.option("--source-root", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The analysed sources, for a saved graph: LSIF needs them for exact UTF-16 columns.")
@click.option("-l", "--languages", "languages", metavar="LANG,…", default=None,
              help="Only these languages, comma-separated (e.g. python,typescript).")
@click.option("--no-resolve", is_flag=True, help="Skip name resolution when analysing INPUT (definitions only).")
@click.option("--deny-warnings", is_flag=True, help=f"Exit with code {EXIT_WARNINGS} when the export warns.")
@cache_options
def export(
    input_path: str,
    fmt: str,
    output: Path | None,
    symbol: str | None,
    source_root: Path | None,
    languages: str | None,
    no_resolve: bool,
    deny_warnings: bool,
) -> None:
    """Export INPUT, a source directory (analysed on the fly), a saved graph JSON or - for stdin.

    Warnings (what the format cannot carry, reasons to doubt the result) go to stderr.
    Exit codes: 0 ok, 1 failure, 2 usage error, 3 warnings with --deny-warnings.
    """
    from codeknit.exporters import ExportError
    from codeknit.graph import Graph

    chosen = FORMATS[fmt]
    selected = parse_languages(languages)
    if chosen.binary and output is None and stdout_is_terminal():
        raise click.ClickException(f"refusing to write binary {fmt.upper()} output to a terminal: "
                                   "use -o FILE or redirect standard output")
    graph, root, filter_languages = _load(input_path, selected, no_resolve, source_root)
    assert isinstance(graph, Graph)

    def run(out: IO[bytes]) -> list[object]:
        try:
            return list(chosen.export(graph, out, source_root=root, symbol=symbol, languages=filter_languages))
        except ExportError as exc:
            raise click.BadParameter(str(exc), param_hint="--symbol") from None

    if output is None:
        warnings = run(sys.stdout.buffer)
        sys.stdout.buffer.flush()
    else:
        directory = output.parent if str(output.parent) else Path(".")
        handle, temporary = tempfile.mkstemp(prefix=f".{output.name}.", dir=directory)
        try:
            with os.fdopen(handle, "wb") as out:
                warnings = run(out)
            os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it private; the output is a normal file
            os.replace(temporary, output)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    for warning in warnings:
        click.echo(str(warning), err=True)
    if deny_warnings and warnings:
        click.echo(f"{len(warnings)} warning(s) and --deny-warnings: exit {EXIT_WARNINGS}", err=True)
        sys.exit(EXIT_WARNINGS)
