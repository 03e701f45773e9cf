"""The ``codeknit`` command line: a thin layer over :mod:`codeknit.index` and the writers."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from codeknit import __version__

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


class _Progress:
    """A progress bar on stderr for long runs; silent when stderr is not a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self._bar: Any = None
        self._task: Any = None

    def __call__(self, done: int, total: int, path: str) -> None:
        if not self.enabled or total < 50:
            return
        if self._bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            self._bar = Progress(
                "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                TimeElapsedColumn(), console=Console(stderr=True), transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("extracting", total=total)
        self._bar.update(self._task, completed=done)
        if done >= total:
            self._bar.stop()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def parse_languages(value: str | None) -> list[str] | None:
    """``python,ts`` → ``["python", "typescript"]``; a usage error names the unknown ones."""
    if not value:
        return None
    from codeknit.workspace import LANGUAGES

    aliases = {"py": "python", "js": "javascript", "ts": "typescript", "c++": "cpp", "cs": "csharp",
               "c#": "csharp", "rb": "ruby", "rs": "rust", "golang": "go"}
    chosen = [aliases.get(v.strip().lower(), v.strip().lower()) for v in value.split(",") if v.strip()]
    unknown = [v for v in chosen if v not in LANGUAGES]
    if unknown:
        raise click.BadParameter(
            f"unknown language(s): {', '.join(unknown)}; known: {', '.join(LANGUAGES)}", param_hint="--languages"
        )
    return sorted(set(chosen))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="codeknit")
def main() -> None:
    """codeknit: a resolved symbol graph of your code, as skeletons, exports and an MCP server."""


@main.command()
@click.argument("input_path", metavar="INPUT", type=click.Path(exists=True, path_type=Path))
@click.argument("outdir", metavar="[OUTDIR]", required=False, type=click.Path(path_type=Path))
@click.option(
    "--output-mode",
    type=click.Choice(["directory-flat", "directory-tree", "inline"]),
    default="directory-flat",
    show_default=True,
    help="directory-flat: map_001.skt … in OUTDIR; directory-tree: one .skt per source file, "
    "mirroring the tree; inline: one document on stdout.",
)
@click.option("--format", "fmt", type=click.Choice(["skt", "json"]), default="skt", show_default=True,
              help="skt skeletons, or the graph JSON document (graph.json in directory modes).")
@click.option("--edges", is_flag=True, help="Include relationships ([edges]; relations in JSON).")
@click.option("--minify", is_flag=True, help="Add a token dictionary ([dict], or dict.skt in directory modes).")
@click.option("--collect-test", "collect_test", is_flag=True, help="Include test files.")
@click.option("--clean", is_flag=True, help="Replace earlier output in OUTDIR.")
@click.option("--max-lines", type=click.IntRange(min=0), default=500, show_default=True,
              help="directory-flat: content lines per map file (0: one file).")
@click.option("--exclude", multiple=True, metavar="GLOB", help="gitignore-style pattern to leave out (repeatable).")
@click.option("--max-file-size", type=click.IntRange(min=0), default=2 * 1024 * 1024, show_default=True,
              help="Skip files larger than this many bytes (0: no limit).")
@click.option("--workers", type=click.IntRange(min=0), default=0, show_default=True,
              help="Extraction processes (0: one per core; small trees always use one).")
@click.option("-l", "--languages", "languages", metavar="LANG,…", default=None,
              help="Only these languages, comma-separated (e.g. python,typescript).")
@click.option("--no-resolve", is_flag=True, help="Skip name resolution (structure only).")
@click.option("--tokenizer", default="o200k_base", show_default=True,
              help="Tokenizer that chooses dictionary codes for --minify: o200k_base or cl100k_base.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@click.option("-v", "--verbose", is_flag=True, help="Also list skipped files and parse errors.")
def parse(
    input_path: Path,
    outdir: Path | None,
    output_mode: str,
    fmt: str,
    edges: bool,
    minify: bool,
    collect_test: bool,
    clean: bool,
    max_lines: int,
    exclude: tuple[str, ...],
    max_file_size: int,
    workers: int,
    languages: str | None,
    no_resolve: bool,
    tokenizer: str,
    quiet: bool,
    verbose: bool,
) -> None:
    """Analyse INPUT (a directory or a file) and write its skeleton to OUTDIR (default ./skeleton).

    A file that cannot be parsed is listed under [errors] and does not fail the run.
    Exit codes: 0 ok, 1 failure, 2 usage error.
    """
    from codeknit.index import index
    from codeknit.skeleton.output import OutputError, SktOptions, documents, skt_bytes, write_tree
    from codeknit.workspace import ScanError

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose exclude each other")
    selected = parse_languages(languages)
    if output_mode == "inline" and outdir is not None:
        raise click.UsageError("--output-mode inline writes to stdout; drop OUTDIR")
    count = None
    if minify and fmt == "skt":
        from codeknit.tokens import TokenizerUnavailable, get_tokenizer

        try:
            count = get_tokenizer(tokenizer).count
        except (TokenizerUnavailable, ValueError) as exc:
            raise click.ClickException(str(exc)) from None
    progress = _Progress(not quiet)
    try:
        graph = index(
            input_path,
            exclude=exclude,
            collect_tests=collect_test,
            max_file_size=max_file_size,
            resolve=not no_resolve,
            languages=selected,
            workers=workers,
            progress=progress,
        )
    except ScanError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        progress.close()
    if not edges:
        graph.relations = []
    target = outdir or Path("skeleton")

    def files() -> Iterator[tuple[str, bytes]]:
        if fmt == "json":
            buffer = io.BytesIO()
            graph.to_json(buffer)
            yield "graph.json", buffer.getvalue()
            return
        for name, doc in documents(graph, output_mode, SktOptions(edges, minify, max_lines), count):
            yield name, skt_bytes(doc)

    if output_mode == "inline":
        out = sys.stdout.buffer
        for _, data in files():
            out.write(data)
        out.flush()
    else:
        try:
            written = write_tree(files(), target, clean=clean)
        except OutputError as exc:
            raise click.ClickException(str(exc)) from None
        if not quiet:
            click.echo(f"wrote {len(written)} file(s) to {target}", err=True)
    if not quiet:
        edges_total = len(graph.relations)
        click.echo(
            f"{len(graph.files)} files, {len(graph.symbols)} symbols, {edges_total} relations, "
            f"{len(graph.errors)} errors, {len(graph.skipped)} skipped",
            err=True,
        )
    if verbose:
        for error in graph.errors:
            click.echo(f"error: {error.path}: {error.message}", err=True)
        for skipped in graph.skipped:
            click.echo(f"skipped: {skipped.path}: {skipped.reason}", err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
