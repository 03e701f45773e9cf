"""``codeknit parse``: the skeleton (or graph JSON) of a tree."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import click

from codeknit.cli.app import main
from codeknit.cli.common import (
    Reporter,
    analyse,
    analysis_options,
    clean_option,
    dict_option,
    edges_option,
    examples,
    format_option,
    minify_option,
    old_outdir_argument,
    output_option,
    path_argument,
    pick_output,
    report_analysis,
    settings,
    token_counter,
    tokenizer_option,
    tokens_option,
)
from codeknit.graph.jsonio import write_graph


@main.command()
@path_argument
@old_outdir_argument
@output_option(folder=True, help="The output folder, in the directory modes (default: ./skeleton). Codeknit's own "
               "earlier output there is replaced; a folder holding anything else is refused.")
@click.option(
    "--output-mode",
    type=click.Choice(["directory-flat", "directory-tree", "inline"], case_sensitive=False),
    default="directory-flat",
    show_default=True,
    help="directory-flat: map_001.skt … in the output folder; directory-tree: one .skt per source file, "
    "mirroring the tree; inline: one document on stdout.",
)
@format_option(["skt", "json"], default="skt",
               help="skt skeletons, or the graph JSON document (graph.json in the directory modes; it always "
               "holds the relations).")
@edges_option("Include relationships in the skeleton ([edges]), each with its resolution.")
@minify_option()
@click.option("--max-lines", type=click.IntRange(min=0), default=500, show_default=True, metavar="N",
              help="directory-flat: content lines per map file (0: one file).")
@tokens_option(required=False, help="directory-flat: split into chunks of at most N tokens each (counted on the "
               "final text, dictionary included) and write chunks.json; replaces --max-lines.")
@dict_option
@tokenizer_option("What counts --tokens and chooses dictionary codes for --minify: o200k_base, cl100k_base, or "
                  "approx (an estimate).")
@clean_option
@analysis_options()
@examples("codeknit parse src                        # ./skeleton/map_001.skt …",
          "codeknit parse src -o out --edges --minify",
          "codeknit parse src --tokens 8000 -o chunks  # chunks of at most 8000 tokens, and chunks.json",
          "codeknit parse . --output-mode inline --edges | less",
          "codeknit parse . --format json -o graph     # graph/graph.json")
def parse(
    input_path: Path,
    old_outdir: Path | None,
    output: Path | None,
    output_mode: str,
    fmt: str,
    edges: bool,
    minify: bool,
    max_lines: int,
    max_tokens: int | None,
    dict_mode: str | None,
    tokenizer: str,
) -> None:
    """Analyse PATH (a directory or a file) and write its skeleton.

    A file that cannot be parsed is listed under [errors] and does not fail the run.
    """
    from codeknit.cli.safe_output import OutputError, check_folder, read_record, write_folder
    from codeknit.pipeline import collector_paused
    from codeknit.skeleton.output import Content, SktOptions, documents, skt_content
    from codeknit.store.db import code_digest
    from codeknit.store.outputs import OutputCache, OutputCorrupt, output_key

    chosen = settings()
    outdir = pick_output(output, old_outdir)
    if output_mode == "inline" and outdir is not None:
        raise click.UsageError("--output-mode inline writes to stdout; drop the output folder")
    if max_tokens is not None:
        if output_mode != "directory-flat" or fmt != "skt":
            raise click.UsageError("--tokens splits .skt output in the directory-flat mode")
        source = click.get_current_context().get_parameter_source("max_lines")
        if source is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError("--tokens and --max-lines exclude each other")
    if dict_mode is not None and (max_tokens is None or not minify):
        raise click.UsageError("--dict applies to --tokens with --minify")
    counter = token_counter(tokenizer) if (minify and fmt == "skt") or max_tokens is not None else None
    target = outdir or Path("skeleton")
    inputs = [input_path]
    if output_mode != "inline":
        try:
            check_folder(target, inputs)  # before the analysis: a refusal costs nothing
        except OutputError as exc:
            raise click.ClickException(str(exc)) from None
    # the same graph rendered the same way gives the same bytes: an unchanged tree copies the
    # output it wrote last time (kept beside the index) instead of loading and rendering its graph
    rendering = {"format": fmt, "output_mode": output_mode, "edges": edges, "minify": minify, "max_lines": max_lines,
                 "max_tokens": max_tokens, "dict": dict_mode, "tokenizer": tokenizer}
    reusable = output_mode != "inline" and not chosen.verbose
    reporter = Reporter(chosen.quiet)

    def reuse(outputs: OutputCache, key: str) -> bool:
        entry = output_key(key, rendering, code_digest())
        stored = outputs.find(entry) if reusable else None
        if stored is None:
            return False
        reporter.phase("copying the earlier output")
        try:
            written = write_folder(((name, outputs.writer(stored, name)) for name, _s, _h in stored.files), target,
                                   inputs=inputs)
        except OutputCorrupt:
            outputs.discard(entry)
            return False  # rendered afresh below
        except OutputError as exc:
            raise click.ClickException(str(exc)) from None
        reporter.close()
        _report(chosen.quiet, len(written), target, stored.summary)
        if stored.summary.get("files") == 0 and not chosen.quiet:
            click.echo(f"warning: no source files found in {input_path}", err=True)
        return True

    def produce() -> None:
        try:
            indexed = analyse(input_path, reporter, reuse=reuse)
            graph = indexed.graph
            if graph is None:
                return  # reused
            chunk_note = ""
            if max_tokens is not None:
                from codeknit.skeleton.budget import TokenBudgetError, budgeted_chunks

                assert counter is not None
                reporter.phase("fitting chunks")
                try:
                    chunk_set = budgeted_chunks(graph, max_tokens, counter, edges=edges, minify=minify,
                                                dict_mode=dict_mode or "per-chunk")
                except TokenBudgetError as exc:
                    raise click.ClickException(str(exc)) from None
                largest = max(c.tokens for c in chunk_set.chunks) + chunk_set.dictionary_tokens
                chunk_note = (f": {len(chunk_set.chunks)} chunks, largest {largest}/{max_tokens} tokens "
                              f"({chunk_set.tokenizer}{'' if chunk_set.exact else ', estimated'})")

            def files() -> Iterator[tuple[str, Content]]:
                if max_tokens is not None:
                    yield from chunk_set.files("map")
                    return
                if fmt == "json":
                    # streamed to the file: the document is never whole in memory
                    yield "graph.json", functools.partial(write_graph, graph)
                    return
                for name, doc in documents(graph, output_mode, SktOptions(edges, minify, max_lines), counter):
                    yield name, skt_content(doc)  # streamed to the file line by line

            reporter.phase("writing")
            if output_mode == "inline":
                out = sys.stdout.buffer
                for _, data in files():
                    if isinstance(data, bytes):
                        out.write(data)
                    else:
                        data(out)
                out.flush()
                written: list[Path] = []
            else:
                try:
                    written = write_folder(files(), target, inputs=inputs)
                except OutputError as exc:
                    raise click.ClickException(str(exc)) from None
        finally:
            reporter.close()
        summary = summary_of(graph, shown=edges or fmt == "json", note=chunk_note)
        _report(chosen.quiet, None if output_mode == "inline" else len(written), target, summary)
        report_analysis(graph, input_path)
        if reusable and indexed.outputs is not None and indexed.key:  # for the next run over the same tree
            indexed.outputs.save(output_key(indexed.key, rendering, code_digest()),
                                 [(path.relative_to(target.resolve()).as_posix(), path) for path in written],
                                 summary, read_record(target.resolve()))  # (the digests taken as it wrote them)

    # one short run: the collector stays off until the graph and every record are gone (a
    # collection would walk millions of them for no cycle worth finding)
    with collector_paused():
        produce()


def summary_of(graph: Any, *, shown: bool, note: str = "") -> dict[str, object]:
    """The figures of the closing line; ``shown``: whether the output holds the relations. A file skipped with
    an error (a binary file, one over the size limit) is counted once, among the errors."""
    errors = {e.path for e in graph.errors}
    skipped = sum(1 for s in graph.skipped if s.path not in errors)
    return {"files": len(graph.files), "symbols": len(graph.symbols), "relations": len(graph.relations),
            "relations_shown": shown, "errors": len(graph.errors), "skipped": skipped, "note": note}


def _report(quiet: bool, written: int | None, target: Path, summary: Mapping[str, object]) -> None:
    """The closing lines on stderr: where the output went (directory modes), and what the graph holds."""
    if quiet:
        return
    if written is not None:
        click.echo(f"wrote {written} file(s) to {target}{summary['note']}", err=True)
    left_out = "" if summary.get("relations_shown", True) else " (not in the skeleton: add --edges)"
    click.echo(
        f"{summary['files']} files, {summary['symbols']} symbols, {summary['relations']} relations{left_out}, "
        f"{summary['errors']} errors, {summary['skipped']} skipped",
        err=True,
    )
