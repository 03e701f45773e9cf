"""``codeknit chunks``: a whole skeleton in budgeted chunks, most important first."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from codeknit.cli.app import main
from codeknit.cli.common import (
    Reporter,
    analysis_options,
    clean_option,
    dict_option,
    edges_option,
    examples,
    focus_option,
    focus_refs,
    load_graph,
    minify_option,
    old_outdir_argument,
    output_option,
    path_argument,
    pick_output,
    settings,
    token_counter,
    tokenizer_option,
    tokens_label,
    tokens_option,
)


@main.command("chunks")
@path_argument
@old_outdir_argument
@tokens_option(required=True, help="The budget of each chunk.")
@output_option(folder=True, help="The output folder (default: ./chunks). Codeknit's own earlier output there is "
               "replaced; a folder holding anything else is refused.")
@click.option("--chunk", "only", type=click.IntRange(min=1), default=None, metavar="K",
              help="Print chunk K (1 is the most important) to stdout instead of writing a folder.")
@focus_option
@edges_option("Include relationships, each in its source symbol's chunk.")
@minify_option("Add a token dictionary (see --dict).")
@dict_option
@tokenizer_option()
@clean_option
@analysis_options()
@examples("codeknit chunks . --tokens 8000                # ./chunks/chunk_001.skt …",
          "codeknit chunks src --tokens 4000 -o ctx --edges --minify --dict shared",
          "codeknit chunks . --tokens 8000 --chunk 1      # only the most important chunk, on stdout")
def chunks_command(
    input_path: Path,
    old_outdir: Path | None,
    max_tokens: int,
    output: Path | None,
    only: int | None,
    focus: tuple[str, ...],
    edges: bool,
    minify: bool,
    dict_mode: str | None,
    tokenizer: str,
) -> None:
    """Split PATH's whole skeleton into chunks of at most --tokens each, most important first.

    Chunk 1 holds the best-ranked symbols (as `codeknit map` ranks them), each later chunk the
    best of the rest, so reading the first k chunks gives the most for k budgets. Every symbol
    is in exactly one chunk, with its edges. Writes the output folder: chunk_001.skt …,
    chunks.json (files, symbol ranges and tokens per chunk) and, with --dict shared, dict.skt.
    """
    from codeknit.cli.safe_output import OutputError, check_folder, write_folder
    from codeknit.skeleton.budget import TokenBudgetError
    from codeknit.skeleton.rank import FocusError, ranked_chunks

    outdir = pick_output(output, old_outdir)
    quiet = settings().quiet
    if dict_mode is not None and not minify:
        raise click.UsageError("--dict needs --minify")
    if only is not None and outdir is not None:
        raise click.UsageError("--chunk prints to stdout; drop the output folder")
    if only is not None and dict_mode == "shared":
        raise click.UsageError("--chunk prints one self-contained chunk; use --dict per-chunk")
    target = outdir or Path("chunks")
    if only is None:
        try:
            check_folder(target, [input_path])  # before the analysis: a refusal costs nothing
        except OutputError as exc:
            raise click.ClickException(str(exc)) from None
    counter = token_counter(tokenizer)
    reporter = Reporter(quiet)
    try:
        graph = load_graph(input_path, reporter)
        reporter.phase("ranking")
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
            reporter.close()
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
        reporter.phase("writing")
        try:
            written = write_folder(chunk_set.files("chunk"), target, inputs=[input_path])
        except OutputError as exc:
            raise click.ClickException(str(exc)) from None
    finally:
        reporter.close()
    if not quiet:
        largest = max(c.tokens for c in chunk_set.chunks)
        click.echo(
            f"wrote {len(written)} file(s) to {target}: {count} chunks of {len(graph.symbols)} symbols, "
            f"largest {tokens_label(largest, max_tokens, chunk_set.tokenizer, chunk_set.exact)}, "
            f"{chunk_set.total_tokens} tokens in all",
            err=True,
        )
