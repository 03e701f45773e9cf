"""``codeknit chunks``: a whole skeleton in budgeted chunks, most important first."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from codeknit.cli.app import main
from codeknit.cli.map import focus_refs, index_options, load_graph, token_counter, tokens_label


@main.command("chunks")
@click.argument("input_path", metavar="PATH", type=click.Path(exists=True, path_type=Path))
@click.argument("outdir", metavar="[OUTDIR]", required=False, type=click.Path(path_type=Path))
@click.option("--tokens", "max_tokens", type=click.IntRange(min=1), required=True,
              help="The budget of each chunk.")
@click.option("--chunk", "only", type=click.IntRange(min=1), default=None, metavar="K",
              help="Print chunk K (1 is the most important) to stdout instead of writing OUTDIR.")
@click.option("--focus", multiple=True, metavar="FILE|SYMBOL",
              help="Rank towards this file or symbol (path, id, or name) and its neighbours; repeatable.")
@click.option("--edges", is_flag=True, help="Include relationships, each in its source symbol's chunk.")
@click.option("--minify", is_flag=True, help="Add a token dictionary (see --dict).")
@click.option("--dict", "dict_mode", type=click.Choice(["per-chunk", "shared"]), default=None,
              help="With --minify: each chunk carries the codes it uses (per-chunk, the default), or one "
              "dict.skt serves all chunks (shared; each chunk's budget leaves room for it).")
@click.option("--clean", is_flag=True, help="Replace earlier output in OUTDIR.")
@index_options
def chunks_command(
    input_path: Path,
    outdir: Path | None,
    max_tokens: int,
    only: int | None,
    focus: tuple[str, ...],
    edges: bool,
    minify: bool,
    dict_mode: str | None,
    clean: bool,
    collect_test: bool,
    exclude: tuple[str, ...],
    max_file_size: int,
    workers: int,
    languages: str | None,
    no_resolve: bool,
    tokenizer: str,
    quiet: bool,
) -> None:
    """Split PATH's whole skeleton into chunks of at most --tokens each, most important first.

    Chunk 1 holds the best-ranked symbols (as `codeknit map` ranks them), each later chunk the
    best of the rest, so reading the first k chunks gives the most for k budgets. Every symbol
    is in exactly one chunk, with its edges. Writes OUTDIR (default ./chunks): chunk_001.skt …,
    chunks.json (files, symbol ranges and tokens per chunk) and, with --dict shared, dict.skt.
    """
    from codeknit.skeleton.budget import TokenBudgetError
    from codeknit.skeleton.output import OutputError, write_tree
    from codeknit.skeleton.rank import FocusError, ranked_chunks

    if dict_mode is not None and not minify:
        raise click.UsageError("--dict needs --minify")
    if only is not None and outdir is not None:
        raise click.UsageError("--chunk prints to stdout; drop OUTDIR")
    if only is not None and dict_mode == "shared":
        raise click.UsageError("--chunk prints one self-contained chunk; use --dict per-chunk")
    counter = token_counter(tokenizer)
    graph = load_graph(input_path, exclude=exclude, collect_test=collect_test, max_file_size=max_file_size,
                       workers=workers, languages=languages, no_resolve=no_resolve, quiet=quiet)
    try:
        chunk_set = ranked_chunks(graph, max_tokens, counter, focus=focus_refs(input_path, focus), edges=edges,
                                  minify=minify, dict_mode=dict_mode or "per-chunk")
    except FocusError as exc:
        raise click.BadParameter(str(exc).removeprefix("--focus "), param_hint="--focus") from None
    except TokenBudgetError as exc:
        raise click.ClickException(str(exc)) from None
    count = len(chunk_set.chunks)
    if only is not None:
        if only > count:
            raise click.BadParameter(f"there are {count} chunks", param_hint="--chunk")
        chunk = chunk_set.chunks[only - 1]
        sys.stdout.buffer.write(chunk.text.encode("utf-8", "surrogateescape"))
        sys.stdout.buffer.flush()
        if not quiet:
            click.echo(
                f"chunk {only}/{count}: {len(chunk.symbols)} symbols, "
                f"{tokens_label(chunk.tokens, max_tokens, chunk_set.tokenizer, chunk_set.exact)}",
                err=True,
            )
        return
    target = outdir or Path("chunks")
    try:
        written = write_tree(chunk_set.files("chunk"), target, clean=clean)
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None
    if not quiet:
        largest = max(c.tokens for c in chunk_set.chunks)
        click.echo(
            f"wrote {len(written)} file(s) to {target}: {count} chunks of {len(graph.symbols)} symbols, "
            f"largest {tokens_label(largest, max_tokens, chunk_set.tokenizer, chunk_set.exact)}, "
            f"{chunk_set.total_tokens} tokens in all",
            err=True,
        )
