"""What several commands share: the progress bar and the language option."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


class ProgressBar:
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
    from codeknit.languages import registry

    aliases = registry.aliases()  # every language's name and the other names its spec gives (py, ts, c++ …)
    chosen = [aliases.get(v.strip().lower(), v.strip().lower()) for v in value.split(",") if v.strip()]
    known = registry.names()
    unknown = [v for v in chosen if v not in known]
    if unknown:
        raise click.BadParameter(
            f"unknown language(s): {', '.join(unknown)}; known: {', '.join(known)}", param_hint="--languages"
        )
    return sorted(set(chosen))


_SETTINGS_KEY = "codeknit.index_settings"


def _remember(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    settings = ctx.meta.setdefault(_SETTINGS_KEY, {})
    if param.name == "no_cache":
        settings["cache"] = not value
    elif param.name == "no_points_to":
        settings["points_to"] = not value
    else:
        settings[param.name or ""] = value
    return value


def cache_options(command: F) -> F:
    """``--no-cache``, ``--parse-timeout`` and ``--no-points-to``, for every command that indexes a tree.

    Their values reach :func:`index_settings`, so each command passes them to
    :func:`codeknit.index` the same way.
    """
    command = click.option(
        "--parse-timeout", type=click.FloatRange(min=0), default=30.0, show_default=True, expose_value=False,
        callback=_remember, is_eager=True,
        help="Give up on a file whose parsing takes longer than this many seconds, or its whole extraction "
        "4 times as long (at least 1 s); it is listed under [errors] (0: no limit).",
    )(command)
    command = click.option(
        "--no-points-to", is_flag=True, expose_value=False, callback=_remember, is_eager=True,
        help="Leave out the Python points-to analysis: the name rules answer every call (faster on large "
        "trees, fewer resolved calls; see docs/languages/python.md).",
    )(command)
    command = click.option(
        "--no-cache", is_flag=True, expose_value=False, callback=_remember, is_eager=True,
        help="Neither read nor update the persistent index (see `codeknit cache`).",
    )(command)
    return command


def index_settings() -> dict[str, Any]:
    """``cache``, ``parse_timeout`` and ``points_to`` for :func:`codeknit.index`, from the current
    command's options."""
    settings: dict[str, Any] = {"cache": True, "parse_timeout": 30.0, "points_to": True}
    context = click.get_current_context(silent=True)
    if context is not None:
        settings.update(context.meta.get(_SETTINGS_KEY, {}))
    return settings
