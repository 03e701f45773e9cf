"""``codeknit parse``: the skeleton (or graph JSON) of a tree."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import click

from codeknit.cli.app import main
from codeknit.cli.common import ProgressBar, cache_options, index_settings, parse_languages
from codeknit.graph.jsonio import write_graph


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
@click.option("--max-tokens", type=click.IntRange(min=1), default=None,
              help="directory-flat: split into chunks of at most this many tokens each (counted on the final "
              "text, dictionary included) and write chunks.json; replaces --max-lines.")
@click.option("--dict", "dict_mode", type=click.Choice(["per-chunk", "shared"]), default=None,
              help="With --max-tokens --minify: each chunk carries the dictionary lines it uses (per-chunk, the "
              "default), or one dict.skt is shared (its tokens are left free in every chunk).")
@click.option("--tokenizer", default="o200k_base", show_default=True,
              help="Tokenizer that counts --max-tokens and chooses dictionary codes for --minify: o200k_base, "
              "cl100k_base or approx (an estimate).")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@click.option("-v", "--verbose", is_flag=True, help="Also list skipped files and parse errors.")
@cache_options
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
    max_tokens: int | None,
    dict_mode: str | None,
    tokenizer: str,
    quiet: bool,
    verbose: bool,
) -> None:
    """Analyse INPUT (a directory or a file) and write its skeleton to OUTDIR (default ./skeleton).

    A file that cannot be parsed is listed under [errors] and does not fail the run.
    Exit codes: 0 ok, 1 failure, 2 usage error.
    """
    from codeknit.languages.python.pyflow import solver_name
    from codeknit.pipeline import collector_paused, index_or_reuse
    from codeknit.skeleton.output import Content, OutputError, SktOptions, documents, skt_bytes, write_tree
    from codeknit.store.db import code_digest
    from codeknit.store.outputs import OutputCache, OutputCorrupt, output_key
    from codeknit.workspace import ScanError

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose exclude each other")
    selected = parse_languages(languages)
    if output_mode == "inline" and outdir is not None:
        raise click.UsageError("--output-mode inline writes to stdout; drop OUTDIR")
    if max_tokens is not None:
        if output_mode != "directory-flat" or fmt != "skt":
            raise click.UsageError("--max-tokens splits .skt output in the directory-flat mode")
        source = click.get_current_context().get_parameter_source("max_lines")
        if source is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError("--max-tokens and --max-lines exclude each other")
    if dict_mode is not None and (max_tokens is None or not minify):
        raise click.UsageError("--dict applies to --max-tokens with --minify")
    count = None
    counter = None
    if (minify and fmt == "skt") or max_tokens is not None:
        from codeknit.tokens import TokenCounter, TokenizerUnavailable, get_tokenizer

        try:
            counter = TokenCounter(get_tokenizer(tokenizer), maxsize=1 << 18)
        except (TokenizerUnavailable, ValueError) as exc:
            raise click.ClickException(str(exc)) from None
        count = counter.count
    target = outdir or Path("skeleton")
    # the same graph rendered the same way gives the same bytes: an unchanged tree copies the
    # output it wrote last time (kept beside the index) instead of loading and rendering its graph
    rendering = {"format": fmt, "output_mode": output_mode, "edges": edges, "minify": minify, "max_lines": max_lines,
                 "max_tokens": max_tokens, "dict": dict_mode, "tokenizer": tokenizer}
    reusable = output_mode != "inline" and not verbose

    def reuse(outputs: OutputCache, key: str) -> bool:
        entry = output_key(key, rendering, code_digest())
        stored = outputs.find(entry) if reusable else None
        if stored is None:
            return False
        try:
            written = write_tree(((name, outputs.writer(stored, name)) for name, _s, _h in stored.files), target,
                                 clean=clean)
        except OutputCorrupt:
            outputs.discard(entry)
            return False  # rendered afresh below
        except OutputError as exc:
            raise click.ClickException(str(exc)) from None
        _report(quiet, len(written), target, stored.summary)
        return True

    def produce() -> None:
        settings = {"exclude": exclude, "collect_tests": collect_test, "max_file_size": max_file_size,
                    "resolve": not no_resolve, "languages": selected, "workers": workers, **index_settings()}
        progress = ProgressBar(not quiet)
        try:
            indexed = index_or_reuse(input_path, reuse, progress=progress, **settings)
        except ScanError as exc:
            raise click.ClickException(str(exc)) from None
        finally:
            progress.close()
        graph = indexed.graph
        if graph is None:
            return  # reused
        if not edges:
            graph.relations = []
        chunk_note = ""
        if max_tokens is not None:
            from codeknit.skeleton.budget import TokenBudgetError, budgeted_chunks

            assert counter is not None
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
            for name, doc in documents(graph, output_mode, SktOptions(edges, minify, max_lines), count):
                yield name, skt_bytes(doc)

        if output_mode == "inline":
            out = sys.stdout.buffer
            for _, data in files():
                if isinstance(data, bytes):
                    out.write(data)
                else:
                    data(out)
            out.flush()
        else:
            try:
                written = write_tree(files(), target, clean=clean)
            except OutputError as exc:
                raise click.ClickException(str(exc)) from None
        summary = {"files": len(graph.files), "symbols": len(graph.symbols), "relations": len(graph.relations),
                   "errors": len(graph.errors), "skipped": len(graph.skipped), "note": chunk_note}
        _report(quiet, None if output_mode == "inline" else len(written), target, summary)
        if reusable and indexed.outputs is not None and indexed.key:  # for the next run over the same tree
            indexed.outputs.save(output_key(indexed.key, rendering, code_digest()),
                                 [(path.relative_to(target.absolute()).as_posix(), path) for path in written],
                                 summary)
        if verbose:
            if graph.options.get("points_to", True) and any(f.language == "python" for f in graph.files):
                click.echo(f"calls: Python points-to analysis, {solver_name()} solver", err=True)
            for error in graph.errors:
                click.echo(f"error: {error.path}: {error.message}", err=True)
            for skipped in graph.skipped:
                click.echo(f"skipped: {skipped.path}: {skipped.reason}", err=True)

    # one short run: the collector stays off until the graph and every record are gone (a
    # collection would walk millions of them for no cycle worth finding)
    with collector_paused():
        produce()


def _report(quiet: bool, written: int | None, target: Path, summary: Mapping[str, object]) -> None:
    """The closing lines on stderr: where the output went (directory modes), and what the graph holds."""
    if quiet:
        return
    if written is not None:
        click.echo(f"wrote {written} file(s) to {target}{summary['note']}", err=True)
    click.echo(
        f"{summary['files']} files, {summary['symbols']} symbols, {summary['relations']} relations, "
        f"{summary['errors']} errors, {summary['skipped']} skipped",
        err=True,
    )
