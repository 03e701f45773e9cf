"""Ignore rules: default-skipped directories and gitignore-style patterns.

Patterns are compiled with :mod:`pathspec` (gitignore semantics). Matching
follows git's precedence: ``--exclude`` patterns first, then the ``.gitignore``
of the deepest directory up to the root's, then the root's
``.git/info/exclude``. Within one source the last matching pattern wins, and
the first source with any matching pattern decides.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from typing import Any, Final

import re2
from pathspec import GitIgnoreSpec

__all__ = [
    "DEFAULT_EXCLUDED_DIRS",
    "IgnoreRules",
    "PatternSet",
    "is_default_excluded_dir",
    "is_utf8",
    "read_info_exclude",
]

# Directory names skipped anywhere in the tree, before any other rule.
# ``vendor`` is deliberately absent: it holds real code in Go and PHP projects.
DEFAULT_EXCLUDED_DIRS: Final = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".bzr",
        "node_modules",
        ".venv",
        "venv",
        "env",
        ".env",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".tox",
        ".nox",
        "dist",
        "build",
        "target",
        "out",
        ".next",
        ".nuxt",
        "bower_components",
        ".gradle",
        ".idea",
        ".vscode",
        "site-packages",
        ".eggs",
    }
)

# A directory holding this file is a Python virtual environment.
VENV_MARKER: Final = "pyvenv.cfg"

# A directory holding this file is codeknit's own output (its record of what it wrote there):
# never analysed as source.
OUTPUT_MARKER: Final = ".codeknit-output"

_NAMED_GROUP = re.compile(r"(?<!\\)\(\?P<[^>]*>")
_UTF8_BOM: Final = "\ufeff"
_FLOATING_PREFIX: Final = "^(?:.+/)?"
_RE2_OPTIONS: Any = re2.Options()
_RE2_OPTIONS.log_errors = False


def is_default_excluded_dir(name: str) -> bool:
    """Whether a directory called ``name`` is skipped by default."""
    return name in DEFAULT_EXCLUDED_DIRS or name.endswith(".egg-info")


class PatternSet:
    """One compiled list of gitignore patterns (one file, or ``--exclude``).

    :meth:`match` returns ``True`` (ignored), ``False`` (re-included by a ``!``
    pattern) or ``None`` (no pattern matched), for a path relative to the
    directory the patterns belong to; directories are passed with a trailing
    ``/`` so that ``dir/`` patterns only match them.

    The last pattern that matches the path decides, as in git. A pattern that
    matches only a folder above the path (``build/`` against ``build/a.py``)
    says nothing here: the walk asked about that folder before it went in, and
    does not go into one that is ignored (git cannot re-include a file whose
    folder is excluded either). Patterns run on RE2, in time linear in the path
    (``a*a*a*a*a*b`` took minutes of backtracking on long names with Python's
    ``re``); a path RE2 cannot take (a name that is no UTF-8) is matched with
    the same patterns' Python regexes.
    """

    __slots__ = ("_fallback", "_patterns", "_prefilter")

    def __init__(self, lines: Iterable[str]) -> None:
        spec = _compile(list(lines))
        sources = [(bool(p.include), p.regex.pattern) for p in spec.patterns
                   if p.include is not None and isinstance(p.regex, re.Pattern)]
        # a pattern matches the path itself where its match ends at the path's end (a folder's with its slash);
        # one that ends earlier matched a folder above it (see the class)
        #: (ignores, the pattern's Python regex) in order, for the paths RE2 cannot take
        self._fallback: tuple[tuple[bool, re.Pattern[str]], ...] = tuple(
            (ignores, re.compile(f"(?:{source})$")) for ignores, source in sources)
        self._patterns: tuple[tuple[bool, Any], ...] | None = _linear(self._fallback)
        self._prefilter = _union_regex([source for _ignores, source in sources])

    def __bool__(self) -> bool:
        return bool(self._fallback)

    def match(self, path: str) -> bool | None:
        patterns: tuple[tuple[bool, Any], ...] | None = self._patterns
        if patterns is None or not is_utf8(path):
            patterns = self._fallback
        else:
            # Most paths match no pattern at all; one combined search rules those out at once
            prefilter = self._prefilter
            if prefilter is not None and prefilter.search(path) is None:
                return None
        for ignores, regex in reversed(patterns):
            if regex.search(path) is not None:
                return ignores
        return None

    @classmethod
    def from_file(cls, path: str) -> PatternSet | None:
        """Load a ``.gitignore``-format file; ``None`` if unreadable or empty."""
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            return None
        text = data.decode("utf-8", "surrogateescape")
        if text.startswith(_UTF8_BOM):
            text = text[1:]
        patterns = cls(line.rstrip("\r") for line in text.split("\n"))
        return patterns if patterns else None


def _compile(lines: list[str]) -> GitIgnoreSpec:
    try:
        return GitIgnoreSpec.from_lines(lines)
    except Exception:
        # One malformed line must not lose the whole file: keep the lines
        # that compile on their own.
        good: list[str] = []
        for line in lines:
            try:
                GitIgnoreSpec.from_lines([line])
            except Exception:
                continue
            good.append(line)
        return GitIgnoreSpec.from_lines(good)


def is_utf8(path: str) -> bool:
    """Can ``path`` be written as UTF-8? Not when the file system gave bytes that are no UTF-8 (Python keeps
    them as lone surrogates, which RE2, SQLite, JSON and every export refuse)."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _re2(source: str) -> Any | None:
    """``source`` compiled by RE2 (None when RE2 cannot run it)."""
    try:
        return re2.compile(source, _RE2_OPTIONS)
    except re2.error:
        return None


def _linear(patterns: tuple[tuple[bool, re.Pattern[str]], ...]) -> tuple[tuple[bool, Any], ...] | None:
    """The patterns on RE2 (None when one of them cannot run there: then all run on Python's regexes)."""
    out: list[tuple[bool, Any]] = []
    for ignores, regex in patterns:
        compiled = _re2(regex.pattern)
        if compiled is None:
            return None
        out.append((ignores, compiled))
    return tuple(out)


def _union_regex(sources: list[str]) -> Any | None:
    """A regex (used with ``search``) matching every path that at least one
    pattern matches; it may match more, never less.

    ``None`` when it cannot be built; callers then check every pattern.
    """
    floating: list[str] = []  # "^(?:.+/)?X": X may start at any component
    anchored: list[str] = []  # "^X"
    other: list[str] = []
    for source in sources:
        source = _NAMED_GROUP.sub("(?:", source)
        if source.startswith(_FLOATING_PREFIX):
            floating.append(source[len(_FLOATING_PREFIX) :])
        elif source.startswith("^"):
            anchored.append(source[1:])
        else:
            other.append(source)
    branches: list[str] = []
    if floating:
        branches.append("(?:.+/)?(?:" + "|".join(f"(?:{x})" for x in floating) + ")")
    if anchored:
        branches.append("|".join(f"(?:{x})" for x in anchored))
    if not branches and not other:
        return None
    # Sharing the "^(?:.+/)?" prefix saves re-scanning the path once per pattern.
    union = "^(?:" + "|".join(branches) + ")" if branches else ""
    if other:
        union = "|".join(([union] if union else []) + ["(?:" + s + ")" for s in other])
    return _re2(union)


def _normalise_exclude(pattern: str) -> str:
    """``./build`` means ``build`` on a command line; keep the ``!`` prefix."""
    negated = pattern.startswith("!")
    body = pattern[1:] if negated else pattern
    while body.startswith("./"):
        body = body[2:]
    return ("!" if negated else "") + body


class IgnoreRules:
    """The gitignore rules in force in one directory of the walk.

    Immutable: :meth:`child` returns the rules for a subdirectory that has its
    own ``.gitignore``; directories without one share their parent's object.
    """

    __slots__ = ("_checks", "_exclude", "_info", "_levels")

    def __init__(
        self,
        exclude: PatternSet | None = None,
        info_exclude: PatternSet | None = None,
        levels: tuple[tuple[int, PatternSet], ...] = (),
    ) -> None:
        self._exclude = exclude
        self._info = info_exclude
        # (length of the "dir/" prefix to strip, patterns), deepest first.
        self._levels = levels
        checks: list[tuple[int, PatternSet]] = []
        if exclude is not None:
            checks.append((0, exclude))
        checks.extend(levels)
        if info_exclude is not None:
            checks.append((0, info_exclude))
        self._checks = tuple(checks)

    @classmethod
    def create(cls, exclude: Sequence[str] = (), info_exclude: PatternSet | None = None) -> IgnoreRules:
        user = PatternSet(_normalise_exclude(p) for p in exclude) if exclude else None
        return cls(user if user else None, info_exclude)

    def child(self, directory: str, patterns: PatternSet) -> IgnoreRules:
        """Rules below ``directory`` (relative POSIX path, ``""`` = root) adding ``patterns``."""
        prefix = len(directory) + 1 if directory else 0
        return IgnoreRules(self._exclude, self._info, ((prefix, patterns), *self._levels))

    @property
    def empty(self) -> bool:
        return not self._checks

    def is_ignored(self, relpath: str, is_dir: bool) -> bool:
        """Whether ``relpath`` (relative to the scan root) is ignored."""
        for prefix, patterns in self._checks:
            path = relpath[prefix:]
            if is_dir:
                path += "/"
            verdict = patterns.match(path)
            if verdict is not None:
                return verdict
        return False


def read_info_exclude(root: str) -> PatternSet | None:
    """Patterns of ``<root>/.git/info/exclude`` (also for worktrees, where
    ``.git`` is a file pointing at the real git directory)."""
    dot_git = os.path.join(root, ".git")
    git_dir: str | None = None
    if os.path.isdir(dot_git):
        git_dir = dot_git
    elif os.path.isfile(dot_git):
        try:
            with open(dot_git, encoding="utf-8", errors="surrogateescape") as handle:
                first = handle.readline().strip()
        except OSError:
            return None
        if first.startswith("gitdir:"):
            git_dir = os.path.join(root, first[len("gitdir:") :].strip())
            try:
                with open(os.path.join(git_dir, "commondir"), encoding="utf-8") as handle:
                    git_dir = os.path.join(git_dir, handle.read().strip())
            except OSError:
                pass
    if git_dir is None:
        return None
    return PatternSet.from_file(os.path.join(git_dir, "info", "exclude"))
