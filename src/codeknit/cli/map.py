"""``codeknit map``: the most important part of a skeleton that fits a token budget.

The index options and helpers here are shared with ``codeknit chunks``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from codeknit.cli.app import main
from codeknit.cli.common import ProgressBar, cache_options, index_settings, parse_languages

if TYPE_CHECKING:
    from codeknit.graph import Graph
    from codeknit.tokens import TokenCounter

F = TypeVar("F", bound=Callable[..., Any])


def index_options(command: F) -> F:
    """The options that choose what is analysed, as ``parse`` has them."""
    options = [
        click.option("--collect-test", "collect_test", is_flag=True, help="Include test files."),
        click.option("--exclude", multiple=True, metavar="GLOB",
                     help="gitignore-style pattern to leave out (repeatable)."),
        click.option("--max-file-size", type=click.IntRange(min=0), default=2 * 1024 * 1024, show_default=True,
                     help="Skip files larger than this many bytes (0: no limit)."),
        click.option("--workers", type=click.IntRange(min=0), default=0, show_default=True,
                     help="Extraction processes (0: one per core; small trees always use one)."),
        click.option("-l", "--languages", "languages", metavar="LANG,…", default=None,
                     help="Only these languages, comma-separated (e.g. python,typescript)."),
        click.option("--no-resolve", is_flag=True, help="Skip name resolution (structure only; nothing to rank)."),
        click.option("--tokenizer", default="o200k_base", show_default=True,
                     type=click.Choice(["o200k_base", "cl100k_base", "approx"]),
                     help="Tokenizer that counts the budget (approx: an estimate, when no exact one loads)."),
        click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors."),
    ]
    for option in reversed(options):
        command = option(command)
    return cache_options(command)


def load_graph(input_path: Path, *, exclude: tuple[str, ...], collect_test: bool, max_file_size: int, workers: int,
               languages: str | None, no_resolve: bool, quiet: bool) -> Graph:
    """Index ``input_path`` as ``parse`` does; scan problems become a click error."""
    from codeknit.pipeline import index
    from codeknit.workspace import ScanError

    selected = parse_languages(languages)
    progress = ProgressBar(not quiet)
    try:
        return index(input_path, exclude=exclude, collect_tests=collect_test, max_file_size=max_file_size,
                     resolve=not no_resolve, languages=selected, workers=workers, progress=progress,
                     **index_settings())
    except ScanError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        progress.close()


def token_counter(name: str) -> TokenCounter:
    """A cached counter for the tokenizer ``name``; a missing tokenizer becomes a click error."""
    from codeknit.tokens import TokenCounter, TokenizerUnavailable, get_tokenizer

    try:
        return TokenCounter(get_tokenizer(name), maxsize=1 << 18)
    except (TokenizerUnavailable, ValueError) as exc:
        raise click.ClickException(str(exc)) from None


def focus_refs(input_path: Path, values: tuple[str, ...]) -> list[str]:
    """``--focus`` values as the graph spells them: a path on disk inside INPUT becomes relative to it."""
    root = input_path if input_path.is_dir() else input_path.parent
    refs: list[str] = []
    for value in values:
        candidate = Path(value)
        if candidate.exists():
            try:
                refs.append(candidate.resolve().relative_to(root.resolve()).as_posix())
                continue
            except ValueError:
                pass
        refs.append(value)
    return refs


def tokens_label(count: int, budget: int, tokenizer: str, exact: bool) -> str:
    return f"{count}/{budget} tokens ({tokenizer}{'' if exact else ', estimated'})"


@main.command("map")
@click.argument("input_path", metavar="PATH", type=click.Path(exists=True, path_type=Path))
@click.option("--tokens", "max_tokens", type=click.IntRange(min=1), required=True,
              help="The budget: the map never has more tokens than this.")
@click.option("--focus", multiple=True, metavar="FILE|SYMBOL",
              help="Rank towards this file or symbol (path, id, or name) and its neighbours; repeatable.")
@click.option("--format", "fmt", type=click.Choice(["skt", "text"]), default="skt", show_default=True,
              help="skt: .skt lines with short ids; text: an indented outline without ids.")
@click.option("--edges", is_flag=True, help="skt: also show the relationships of the symbols shown (counted).")
@click.option("--minify", is_flag=True, help="skt: add a dictionary of the codes the map uses (counted).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the map to this file instead of stdout.")
@index_options
def map_command(
    input_path: Path,
    max_tokens: int,
    focus: tuple[str, ...],
    fmt: str,
    edges: bool,
    minify: bool,
    output: Path | None,
    collect_test: bool,
    exclude: tuple[str, ...],
    max_file_size: int,
    workers: int,
    languages: str | None,
    no_resolve: bool,
    tokenizer: str,
    quiet: bool,
) -> None:
    """Print the most important part of PATH's skeleton that fits --tokens.

    Symbols are ranked by a PageRank over calls, references, inheritance and imports, with
    entry points and public API boosted and tests and generated code held back (see
    docs/token-budgets.md). Whole symbols are shown with their class and module lines.
    The output is never over the budget, fills it to within 2% when the project has more,
    and is the same bytes on every run.
    """
    from codeknit.skeleton.budget import TokenBudgetError
    from codeknit.skeleton.rank import FocusError, repo_map

    if fmt == "text" and (edges or minify):
        raise click.UsageError("--edges and --minify apply to --format skt")
    counter = token_counter(tokenizer)
    graph = load_graph(input_path, exclude=exclude, collect_test=collect_test, max_file_size=max_file_size,
                       workers=workers, languages=languages, no_resolve=no_resolve, quiet=quiet)
    try:
        result = repo_map(graph, max_tokens, counter, focus=focus_refs(input_path, focus), fmt=fmt, edges=edges,
                          minify=minify)
    except FocusError as exc:
        raise click.BadParameter(str(exc).removeprefix("--focus "), param_hint="--focus") from None
    except TokenBudgetError as exc:
        raise click.ClickException(str(exc)) from None
    data = result.text.encode("utf-8", "surrogateescape")
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        output.write_bytes(data)
    if not quiet:
        click.echo(
            f"map: {len(result.symbols)} of {result.total_symbols} symbols from {len(result.files)} of "
            f"{len(graph.files)} files, {tokens_label(result.tokens, max_tokens, result.tokenizer, result.exact)}",
            err=True,
        )
