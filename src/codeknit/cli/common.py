"""What every command shares, declared once: options, exit codes, progress, the analysis and its report.

One vocabulary (docs/cli.md): the input is ``PATH``; output goes to ``-o/--output`` (a folder for
``parse`` and ``chunks``, a file elsewhere, stdout when a command prints); ``-f/--format`` and
``--tokenizer`` take their values in any case; a budget is ``--tokens``; every command that
analyses a tree takes the same analysis options with the same defaults, and ``-q``/``-v``.
Older spellings (``parse --max-tokens``, a positional OUTDIR, ``--clean``) still work and are
left out of ``--help``.
"""

from __future__ import annotations

import errno
import gc
import inspect
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from types import FrameType

    from codeknit.graph import Graph
    from codeknit.pipeline import Indexed
    from codeknit.store.outputs import OutputCache
    from codeknit.tokens import TokenCounter

F = TypeVar("F", bound=Callable[..., Any])

#: exit codes, the same for every command
EXIT_OK, EXIT_FAILURE, EXIT_USAGE, EXIT_WARNINGS = 0, 1, 2, 3
#: stopped by Ctrl-C (SIGINT) or by SIGTERM: both 130 (128 + SIGINT), as issue 23 asks: one code for
#: "stopped on request, earlier output intact", whichever signal a user or a supervisor sent
EXIT_INTERRUPTED = EXIT_TERMINATED = 128 + signal.SIGINT

TOKENIZERS = ("o200k_base", "cl100k_base", "approx")


# -- the command group: interruption --------------------------------------------------------------


class Terminated(BaseException):
    """SIGTERM arrived: unwind like Ctrl-C does (workers stopped, staged output removed)."""


def _in_read(signum: int, frame: FrameType | None) -> bool:
    """Did the signal land in a parser's read callback, where an exception would be lost? Then it is sent
    again, to be raised once the callback has returned (``engine.defer_in_read``; no parse runs before the
    engine is loaded, and a command that parses nothing does not load it)."""
    engine = sys.modules.get("codeknit.languages.engine")
    return engine is not None and bool(engine.defer_in_read(signum, frame))


def _terminate(signum: int, frame: FrameType | None) -> None:
    if _in_read(signum, frame):
        return
    raise Terminated


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C, as Python's own handler raises it, but never inside a parser's read callback."""
    if _in_read(signum, frame):
        return
    raise KeyboardInterrupt


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:
    """codeknit's own warnings (the index cannot be opened or cannot store a record: the run goes on) as one
    ``warning:`` line, like the run's other notes; any other warning as Python shows it."""
    if issubclass(category, RuntimeWarning) and Path(filename).is_relative_to(_PACKAGE):
        click.echo(f"warning: {message}", err=True)
    else:
        _python_show_warning(message, category, filename, lineno, file, line)


_PACKAGE = Path(__file__).resolve().parents[1]
_python_show_warning = warnings.showwarning


class CodeknitGroup(click.Group):
    """The ``codeknit`` group: Ctrl-C and SIGTERM end any command at once, cleanly, without a traceback."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        main_thread = threading.current_thread() is threading.main_thread()
        previous = signal.getsignal(signal.SIGTERM) if main_thread else None
        if previous == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _terminate)
        interrupting = main_thread and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        if interrupting:
            signal.signal(signal.SIGINT, _interrupt)
        # the program itself (not a caller that passes arguments, such as a test runner)
        program = main_thread and not args and kwargs.get("args") is None
        if program:
            warnings.showwarning = _show_warning
        try:
            return super().main(*args, **kwargs)
        finally:
            if previous == signal.SIG_DFL:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)  # on the way out SIGTERM just ends it
            if interrupting and signal.getsignal(signal.SIGINT) is _interrupt:
                signal.signal(signal.SIGINT, signal.default_int_handler)
            if program:
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # the work is done: no traceback at exit

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            stopped = ("interrupted", EXIT_INTERRUPTED)
        except Terminated:
            stopped = ("terminated", EXIT_TERMINATED)
        # out of the handler, the traceback and the run's frames (a graph, a resolver) are gone, so
        # the interpreter does not walk millions of records on its way out
        _stopped(*stopped)


def _stopped(what: str, code: int) -> None:
    # cleanup ran on the way here (workers killed, staging removed); a second Ctrl-C must not
    # turn the exit into a traceback
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    gc.freeze()  # the interpreter's last collection on the way out need not walk what is left
    click.echo(f"codeknit: {what}; earlier output is unchanged", err=True)
    raise click.exceptions.Exit(code)


# -- option and argument classes --------------------------------------------------------------------


class AliasedOption(click.Option):
    """An option with older spellings that still work but are not shown in ``--help``."""

    def __init__(self, param_decls: Sequence[str], *, aliases: Sequence[str] = (), **attrs: Any) -> None:
        super().__init__([*param_decls, *aliases], **attrs)
        self.aliases = frozenset(aliases)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        shown, secondary = self.opts, self.secondary_opts
        self.opts = [o for o in shown if o not in self.aliases]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts, self.secondary_opts = shown, secondary


class HiddenArgument(click.Argument):
    """A positional argument kept for older command lines, left out of the usage line."""

    def get_usage_pieces(self, ctx: click.Context) -> list[str]:
        return []


def examples(*lines: str) -> Callable[[F], F]:
    """Append usage examples to a command's ``--help``."""
    text = "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)

    def decorate(command: F) -> F:
        command.__doc__ = inspect.cleandoc(command.__doc__ or "") + "\n\n" + text + "\n"
        return command

    return decorate


def apply(command: F, options: Iterable[Callable[[F], F]]) -> F:
    for option in reversed(list(options)):
        command = option(command)
    return command


# -- shared options -----------------------------------------------------------------------------------


class ExistingPath(click.Path):
    """``click.Path(exists=True)`` that tells a broken symbolic link from a missing path: click reports a
    link whose target is missing, or a loop of links, as "does not exist", although ``ls`` shows it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(exists=True, path_type=Path, **kwargs)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = str(value)
        if os.path.islink(text) and not os.path.exists(text):
            try:
                os.stat(text)
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    self.fail(f"{click.format_filename(text)!r} is a symbolic link in a loop of links.", param, ctx)
            self.fail(f"{click.format_filename(text)!r} is a symbolic link to {os.readlink(text)!r}, which does "
                      "not exist.", param, ctx)
        return super().convert(value, param, ctx)


def path_argument(command: F) -> F:
    """``PATH``: the tree (or one file) to analyse."""
    return click.argument("input_path", metavar="PATH", type=ExistingPath())(command)


def output_option(*, folder: bool, default: Path | None = None, help: str) -> Callable[[F], F]:
    """``-o/--output``: the output folder (``parse``, ``chunks``) or file (the others)."""

    def no_dash(_ctx: click.Context, _param: click.Parameter, value: Path | None) -> Path | None:
        # ``-o -`` reads as "standard output" to most users: a folder named ``-`` would surprise them
        if folder and value is not None and str(value) == "-":
            raise click.BadParameter("'-' is not a folder: to print the skeleton, use --output-mode inline "
                                     "(without -o)")
        return value

    return click.option("-o", "--output", type=click.Path(file_okay=not folder, dir_okay=folder, path_type=Path),
                        metavar="DIR" if folder else "FILE", default=default, show_default=default is not None,
                        help=help, callback=no_dash)


def old_outdir_argument(command: F) -> F:
    """The positional OUTDIR of older command lines (now ``-o``)."""
    return click.argument("old_outdir", required=False, cls=HiddenArgument,
                          type=click.Path(path_type=Path))(command)


def pick_output(output: Path | None, old_outdir: Path | None) -> Path | None:
    if output is not None and old_outdir is not None:
        raise click.UsageError("give the output folder once: -o DIR (a second positional argument is the older "
                               "spelling of it)")
    return output if output is not None else old_outdir


def format_option(choices: Sequence[str], *, default: str | None, help: str, required: bool = False
                  ) -> Callable[[F], F]:
    """``-f/--format``, in any case (``-f SCIP``)."""
    return click.option("-f", "--format", "fmt", type=click.Choice(list(choices), case_sensitive=False),
                        default=default, required=required, show_default=default is not None, help=help)


def tokens_option(*, required: bool, help: str) -> Callable[[F], F]:
    """``--tokens N``, the budget (``parse`` also took it as ``--max-tokens``)."""
    return click.option("--tokens", "max_tokens", cls=AliasedOption, aliases=("--max-tokens",),
                        type=click.IntRange(min=1), required=required, metavar="N", help=help)


def tokenizer_option(help: str = "What counts tokens: o200k_base, cl100k_base, or approx (an estimate, "
                     "said so in the output).") -> Callable[[F], F]:
    return click.option("--tokenizer", type=click.Choice(TOKENIZERS, case_sensitive=False), default="o200k_base",
                        show_default=True, help=help)


def edges_option(help: str = "Include relationships, each with its resolution ([edges]; relations in JSON)."
                 ) -> Callable[[F], F]:
    return click.option("--edges", is_flag=True, help=help)


def minify_option(help: str = "Add a token dictionary of the codes used ([dict], or dict.skt in a folder); "
                  "a code is made only where it saves tokens.") -> Callable[[F], F]:
    return click.option("--minify", is_flag=True, help=help)


def focus_option(command: F) -> F:
    return click.option("--focus", multiple=True, metavar="FILE|SYMBOL",
                        help="Rank towards this file or symbol (path, id, or name) and its neighbours; "
                        "repeatable.")(command)


def dict_option(command: F) -> F:
    return click.option("--dict", "dict_mode", type=click.Choice(["per-chunk", "shared"], case_sensitive=False),
                        default=None, help="With --tokens and --minify: each chunk carries the dictionary lines "
                        "it uses (per-chunk, the default), or one dict.skt serves every chunk (shared; each "
                        "chunk's budget leaves room for it).")(command)


def clean_option(command: F) -> F:
    """``--clean``: no longer needed (codeknit replaces its own earlier output, and only that)."""
    return click.option("--clean", is_flag=True, hidden=True, expose_value=False)(command)


# -- the analysis options -------------------------------------------------------------------------------


@dataclass(slots=True)
class Settings:
    """The analysis options of the current command (see :func:`analysis_options`)."""

    exclude: tuple[str, ...] = ()
    collect_tests: bool = False
    max_file_size: int = 2 * 1024 * 1024
    workers: int = 0
    languages: list[str] | None = None
    resolve: bool = True
    points_to: bool = True
    cache: bool = True
    parse_timeout: float = 30.0
    quiet: bool = False
    verbose: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def index_arguments(self) -> dict[str, Any]:
        """The keyword arguments of :func:`codeknit.index` these settings choose."""
        return {"exclude": self.exclude, "collect_tests": self.collect_tests, "max_file_size": self.max_file_size,
                "languages": self.languages, "resolve": self.resolve, "workers": self.workers,
                "cache": self.cache, "parse_timeout": self.parse_timeout, "points_to": self.points_to}


_SETTINGS_KEY = "codeknit.settings"


def _store(attribute: str, convert: Callable[[Any], Any] = lambda value: value) -> Callable[..., Any]:
    def remember(ctx: click.Context, _param: click.Parameter, value: Any) -> Any:
        settings = ctx.meta.setdefault(_SETTINGS_KEY, Settings())
        setattr(settings, attribute, convert(value))
        return value

    return remember


def parse_languages(value: str | None) -> list[str] | None:
    """``python,ts`` → ``["python", "typescript"]``; a usage error names the unknown ones."""
    if not value:
        return None
    from codeknit.languages import registry

    try:  # (every language's name and the other names its spec gives: py, ts, c++ …)
        return registry.chosen_languages(value.split(","))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--languages") from None


def _languages(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    return _store("languages")(ctx, param, parse_languages(value))


def analysis_options(*, resolve_option: bool = True, verbosity: bool = True) -> Callable[[F], F]:
    """The options that choose what is analysed and how, the same for every command that analyses a
    tree. Their values are read with :func:`settings`, not passed to the command function.

    ``resolve_option``: offer ``--no-resolve`` (the reports of ``graph`` always resolve);
    ``verbosity``: offer ``-q``/``-v`` (``serve`` logs instead).
    """
    def flag(*decls: str, attribute: str, help: str, invert: bool = False) -> Callable[[F], F]:
        convert: Callable[[Any], Any] = (lambda value: not value) if invert else bool
        return click.option(*decls, is_flag=True, expose_value=False, callback=_store(attribute, convert),
                            help=help)

    options: list[Callable[[F], F]] = [
        click.option("--exclude", multiple=True, metavar="GLOB", expose_value=False,
                     callback=_store("exclude", tuple), help="gitignore-style pattern to leave out (repeatable)."),
        flag("--collect-test", attribute="collect_tests",
             help="Include test files (test_*.py, *_test.go, *.spec.ts, tests/ …)."),
        click.option("--max-file-size", type=click.IntRange(min=0), default=2 * 1024 * 1024, show_default=True,
                     metavar="BYTES", expose_value=False, callback=_store("max_file_size"),
                     help="Skip larger files, with an [errors] entry (0: no limit)."),
        click.option("--workers", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
                     expose_value=False, callback=_store("workers"),
                     help="Extraction processes (0: one per core; trees under 2 MiB always use one)."),
        click.option("-l", "--languages", metavar="LANG,…", default=None, expose_value=False, callback=_languages,
                     help="Only these languages, comma-separated (python,typescript; py, ts, js, c++, cs, rb, rs "
                     "are accepted)."),
    ]
    if resolve_option:
        options.append(flag("--no-resolve", attribute="resolve", invert=True,
                            help="Structure only: symbols and contains, no name resolution."))
    options += [
        flag("--no-points-to", attribute="points_to", invert=True,
             help="Leave out the Python points-to analysis: the name rules answer every call (faster on large "
             "trees, fewer resolved calls; see docs/languages/python.md)."),
        flag("--no-cache", attribute="cache", invert=True,
             help="Neither read nor update the persistent index (see codeknit cache)."),
        click.option("--parse-timeout", type=click.FloatRange(min=0), default=30.0, show_default=True,
                     metavar="SECONDS", expose_value=False, callback=_store("parse_timeout"),
                     help="Give up on a file whose parsing takes longer, or its whole extraction 4 times as "
                     "long (at least 1 s); it is listed under [errors] (0: no limit)."),
    ]
    if verbosity:
        options += [
            flag("-q", "--quiet", attribute="quiet", help="Print nothing but errors."),
            flag("-v", "--verbose", attribute="verbose", help="Also list every error and skipped file."),
        ]

    def decorate(command: F) -> F:
        return apply(command, options)

    return decorate


def settings() -> Settings:
    """The current command's analysis options (defaults outside a command)."""
    context = click.get_current_context(silent=True)
    found = context.meta.get(_SETTINGS_KEY) if context is not None else None
    result = found if found is not None else Settings()
    if result.quiet and result.verbose:
        raise click.UsageError("--quiet and --verbose exclude each other")
    return result


# -- progress ----------------------------------------------------------------------------------------


class Reporter:
    """Progress on stderr, for every stage of a run (scanning, extracting N/M, resolving, and the
    command's own stages); shown only when stderr is a terminal and not ``-q``."""

    def __init__(self, quiet: bool = False) -> None:
        self.enabled = not quiet and sys.stderr.isatty()
        self._bar: Any = None
        self._task: Any = None

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TimeElapsedColumn

        self._bar = Progress(SpinnerColumn(), "[progress.description]{task.description}", BarColumn(),
                             MofNCompleteColumn(), TimeElapsedColumn(), console=Console(stderr=True),
                             transient=True)
        self._bar.start()
        self._task = self._bar.add_task("", total=None)

    def phase(self, name: str) -> None:
        """A stage whose length is not known: a spinner and its name."""
        if not self.enabled:
            return
        if self._bar is None:
            self._start()
        self._bar.update(self._task, description=name, total=None, completed=0)

    def __call__(self, done: int, total: int, _path: str) -> None:
        """Extraction: ``done`` of ``total`` files."""
        if not self.enabled:
            return
        if self._bar is None:
            self._start()
        self._bar.update(self._task, description="extracting", total=total, completed=done)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


# -- the analysis ------------------------------------------------------------------------------------


def analyse(input_path: Path, reporter: Reporter, *, resolve: bool | None = None,
            reuse: Callable[[OutputCache, str], bool] | None = None) -> Indexed:
    """Index ``input_path`` with the current command's settings (``resolve`` overrides them); scan
    problems become a click error. With ``reuse``, see :func:`codeknit.pipeline.index_or_reuse`."""
    from codeknit.pipeline import Indexed, index, index_or_reuse
    from codeknit.workspace import ScanError

    chosen = settings()
    arguments = chosen.index_arguments()
    if resolve is not None:
        arguments["resolve"] = resolve
    reporter.phase("scanning")
    try:
        if reuse is not None:
            return index_or_reuse(input_path, reuse, progress=reporter, **arguments)
        return Indexed(index(input_path, progress=reporter, **arguments))
    except ScanError as exc:
        raise click.ClickException(str(exc)) from None


def load_graph(input_path: Path, reporter: Reporter | None = None, *, resolve: bool | None = None) -> Graph:
    """:func:`analyse`, then the report every command gives (:func:`report_analysis`); the graph."""
    own = reporter is None
    reporter = reporter or Reporter(settings().quiet)
    try:
        graph = analyse(input_path, reporter, resolve=resolve).graph
    finally:
        if own:
            reporter.close()
    assert graph is not None
    report_analysis(graph, input_path)
    return graph


def report_analysis(graph: Graph, input_path: Path) -> None:
    """What every command says about the analysis itself: that nothing was found (unless ``-q``), and,
    with ``-v``, every error and skipped file."""
    chosen = settings()
    if not graph.files and not chosen.quiet:
        skipped = f" ({len(graph.skipped)} skipped: see -v)" if graph.skipped and not chosen.verbose else ""
        click.echo(f"warning: no source files found in {input_path}{skipped}", err=True)
    if chosen.verbose:
        if graph.options.get("points_to", True) and any(f.language == "python" for f in graph.files):
            from codeknit.languages.python.pyflow import solver_name

            click.echo(f"calls: Python points-to analysis, {solver_name()} solver", err=True)
        for error in graph.errors:
            click.echo(f"error: {error.path}: {error.message}", err=True)
        for skipped_file in graph.skipped:
            click.echo(f"skipped: {skipped_file.path}: {skipped_file.reason}", err=True)


def token_counter(name: str) -> TokenCounter:
    """A cached counter for the tokenizer ``name``; a tokenizer that cannot load is a failure (exit 1)."""
    from codeknit.tokens import TokenCounter, TokenizerUnavailable, get_tokenizer

    try:
        return TokenCounter(get_tokenizer(name), maxsize=1 << 18)
    except (TokenizerUnavailable, ValueError) as exc:
        raise click.ClickException(str(exc)) from None


def tokens_label(count: int, budget: int, tokenizer: str, exact: bool) -> str:
    return f"{count}/{budget} tokens ({tokenizer}{'' if exact else ', estimated'})"


def focus_refs(input_path: Path, values: Sequence[str]) -> list[str]:
    """``--focus`` values as the graph spells them: a path on disk inside PATH becomes relative to it."""
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


# -- writing -------------------------------------------------------------------------------------------


def write_output(data: bytes | Callable[[Any], None], output: Path | None, inputs: Sequence[Path]) -> None:
    """Write a command's single output to ``output`` (see :mod:`codeknit.cli.safe_output`), or stdout
    when it is None or ``-``."""
    from codeknit.cli.safe_output import OutputError, write_file

    if output is None or str(output) == "-":
        out = sys.stdout.buffer
        if isinstance(data, bytes):
            out.write(data)
        else:
            data(out)
        out.flush()
        return
    try:
        write_file(output, data, inputs=inputs)
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {output}: {exc.strerror or exc}") from None
