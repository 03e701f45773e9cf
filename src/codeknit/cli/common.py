"""What several commands share: the progress bar and the language option."""

from __future__ import annotations

import sys
from typing import Any

import click


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
