"""Walk a tree and collect its source files."""

from __future__ import annotations

import errno
import heapq
import operator
import os
import stat
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, cast

from .detect import LANGUAGES, detect_or_refuse, name_language, possible_languages
from .ignore import (
    OUTPUT_MARKER,
    VENV_MARKER,
    IgnoreRules,
    PatternSet,
    is_default_excluded_dir,
    is_utf8,
    read_info_exclude,
)
from .manifests import is_manifest
from .testfiles import is_test_file

__all__ = [
    "DEFAULT_MAX_FILE_SIZE",
    "HEAD_SIZE",
    "MAX_DEPTH",
    "ScanError",
    "ScanResult",
    "Skipped",
    "SourceFile",
    "scan",
]

DEFAULT_MAX_FILE_SIZE: Final = 2 * 1024 * 1024
# Bytes read from the start of each candidate: binary check, shebang, .h sniffing.
HEAD_SIZE: Final = 8192
# Directories nested deeper than this below the root are not entered.
MAX_DEPTH: Final = 512

_OPEN_FLAGS: Final = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)

REASON_BINARY: Final = "binary file"
REASON_TEST: Final = "test file"
REASON_OUTSIDE: Final = "symlink outside root"
REASON_LOOP: Final = "symlink loop"
REASON_DUPLICATE: Final = "symlink to already scanned directory"
REASON_BROKEN: Final = "broken symlink"
#: a path the operating system gives as bytes that are no UTF-8: no output format can name it as it is
REASON_NAME: Final = "file name is not UTF-8 (rename it to analyse it)"



def printable_path(path: str) -> str:
    """``path`` as it can be shown and stored: a byte that is no UTF-8 written as ``\\xff``."""
    if is_utf8(path):
        return path
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")

class ScanError(Exception):
    """The scan could not start (e.g. the root does not exist)."""


@dataclass(frozen=True, slots=True)
class SourceFile:
    path: str
    """POSIX path relative to the scan root (for a single-file scan: its name)."""
    abspath: Path
    """Absolute path as walked (symlinks inside the root are not resolved)."""
    language: str
    """One of :data:`~codeknit.workspace.LANGUAGES`."""
    size: int
    """Size in bytes."""


@dataclass(frozen=True, slots=True)
class Skipped:
    path: str
    """POSIX path relative to the scan root."""
    reason: str
    """Short human-readable reason, e.g. ``"binary file"``."""


@dataclass(slots=True)
class ScanResult:
    root: Path
    files: list[SourceFile] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    manifests: list[str] = field(default_factory=list)
    """POSIX paths of the project manifests the walk passed (``pyproject.toml``, ``package.json`` …,
    see :mod:`codeknit.workspace.manifests`), under the same ignore rules as source files."""


def _read_head(path: str, max_size: int = 0, force: bool = False) -> tuple[int, bytes | None]:
    """Open ``path`` and return ``(size, head)``.

    ``head`` is the first :data:`HEAD_SIZE` bytes, or ``None`` when the file is
    larger than ``max_size`` (``0``: no limit) and ``force`` is false: the size
    is checked before anything is read. Raises :class:`OSError`.
    """
    fd = os.open(path, _OPEN_FLAGS)
    try:
        size = os.fstat(fd).st_size
        if max_size and size > max_size and not force:
            return size, None
        return size, os.read(fd, HEAD_SIZE)
    finally:
        os.close(fd)


def still_source(path: str | os.PathLike[str], max_file_size: int) -> bool:
    """Would a scan still take the file at ``path`` for source: no larger than ``max_file_size`` (0: no limit),
    and not binary? (An unreadable file is left to the reader, which reports it.)"""
    try:
        size, head = _read_head(os.fspath(path), max_file_size)
    except OSError:
        return True
    return _content_problem(size, head, max_file_size) is None


def _content_problem(size: int, head: bytes | None, limit: int) -> str | None:
    """Why a file of a source language is no source to read (larger than ``limit``, binary), or None."""
    if head is None or (limit and size > limit):
        return _too_large(limit)
    if b"\0" in head:
        return REASON_BINARY
    return None


def _unreadable(exc: OSError) -> str:
    return f"unreadable: {exc.strerror or exc}"


def _too_large(limit: int) -> str:
    return f"larger than {limit} bytes"


def _join(parent_rel: str, name: str) -> str:
    return f"{parent_rel}/{name}" if parent_rel else name


@dataclass(slots=True)
class _Dir:
    abspath: str
    rel: str
    rules: IgnoreRules
    depth: int
    _path: Path | None = None

    def child_path(self, name: str) -> Path:
        """``Path(abspath) / name``, building the directory's Path only once."""
        parent = self._path
        if parent is None:
            parent = self._path = Path(self.abspath)
        return _child_path(parent, name)


def _make_child_path() -> Callable[[Path, str], Path]:
    # ``Path / name`` re-parses the whole path; for tens of thousands of files
    # that is a noticeable share of the scan. CPython's pathlib has a private
    # helper that appends one already-valid component. Use it only if present
    # and behaving as expected, else the public operator.
    helper = getattr(Path, "_make_child_relpath", None)
    if helper is not None:
        try:
            probe = helper(Path("/a b"), "c.d")
            if isinstance(probe, Path) and probe == Path("/a b/c.d") and str(probe) == "/a b/c.d":
                return cast(Callable[[Path, str], Path], helper)
        except Exception:  # pragma: no cover - pathlib changed
            pass
    return operator.truediv  # pragma: no cover - depends on the Python version


_child_path: Final = _make_child_path()


class _Scanner:
    def __init__(
        self,
        root: str,
        *,
        rules: IgnoreRules,
        collect_tests: bool,
        max_file_size: int,
        languages: frozenset[str],
        follow_symlinks: bool,
    ) -> None:
        self.root = root
        self.real_root = os.path.realpath(root)
        self.rules = rules
        self.collect_tests = collect_tests
        self.max_file_size = max_file_size
        self.languages = languages
        self.all_languages = languages == frozenset(LANGUAGES)
        self.follow_symlinks = follow_symlinks
        self.files: list[SourceFile] = []
        self.skipped: list[Skipped] = []
        self.manifests: list[str] = []
        # (st_dev, st_ino) of every directory walked so far.
        self.visited: set[tuple[int, int]] = set()
        # Symlinked directories inside the root, walked after all real
        # directories so that files are reported under their real path
        # first: (relpath, link abspath, parent rules, depth).
        self.pending_links: list[tuple[str, str, IgnoreRules, int]] = []

    # -- helpers -----------------------------------------------------------

    def _skip(self, rel: str, reason: str) -> None:
        self.skipped.append(Skipped(printable_path(rel), reason))

    def _wanted(self, language: str) -> bool:
        return self.all_languages or language in self.languages

    def _maybe_wanted_name(self, name: str) -> bool:
        """Whether a file called ``name`` could be a selected source file."""
        language, needs_head = name_language(name)
        if language is None:
            return needs_head  # no extension: could be a script
        if needs_head:  # an extension another language claims by the head (.h: C or C++)
            return any(self._wanted(candidate) for candidate in possible_languages(name))
        return self._wanted(language)

    def _inside_root(self, real: str) -> bool:
        root = self.real_root
        return real == root or real.startswith(root if root.endswith(os.sep) else root + os.sep)

    # -- walking -----------------------------------------------------------

    def run(self) -> None:
        try:
            st = os.stat(self.root)
        except OSError as exc:  # pragma: no cover - checked by scan()
            raise ScanError(f"cannot read {self.root}: {exc.strerror or exc}") from exc
        self.visited.add((st.st_dev, st.st_ino))
        self._walk_tree(_Dir(self.root, "", self.rules, 0), root=True)
        while self.pending_links:
            rel, abspath, rules, depth = heapq.heappop(self.pending_links)
            self._enter_linked_dir(rel, abspath, rules, depth)

    def _walk_tree(self, start: _Dir, *, root: bool = False) -> None:
        stack = [start]
        first = root
        while stack:
            directory = stack.pop()
            children = self._scan_dir(directory, is_root=first)
            first = False
            stack.extend(reversed(children))

    def _scan_dir(self, directory: _Dir, *, is_root: bool) -> list[_Dir]:
        try:
            with os.scandir(directory.abspath) as iterator:
                entries = list(iterator)
        except OSError as exc:
            if is_root:
                raise ScanError(f"cannot read {directory.abspath}: {exc.strerror or exc}") from exc
            self._skip(directory.rel, _unreadable(exc))
            return []

        if not is_root and any(e.name in (VENV_MARKER, OUTPUT_MARKER) for e in entries):
            return []  # a virtualenv, or codeknit's own output, whatever the directory is called

        rules = directory.rules
        for entry in entries:
            if entry.name == ".gitignore":
                try:
                    is_file = entry.is_file()
                except OSError:
                    is_file = False
                if is_file:
                    patterns = PatternSet.from_file(entry.path)
                    if patterns is not None:
                        rules = rules.child(directory.rel, patterns)
                break

        entries.sort(key=lambda e: e.name)
        children: list[_Dir] = []
        depth = directory.depth + 1
        for entry in entries:
            name = entry.name
            rel = _join(directory.rel, name)
            try:
                if entry.is_symlink():
                    if self.follow_symlinks:
                        self._symlink(directory, entry.path, name, rel, rules, depth)
                    continue
                if entry.is_dir(follow_symlinks=False):
                    child = self._real_dir(entry, rel, rules, depth)
                    if child is not None:
                        children.append(child)
                    continue
                if not entry.is_file(follow_symlinks=False):
                    continue  # fifo, socket, device
                if is_manifest(name) and not rules.is_ignored(rel, False):
                    self.manifests.append(rel)  # and maybe source as well (a Gemfile is Ruby)
                self._file(directory, entry.path, name, rel, rules)
            except OSError as exc:
                # The entry vanished or cannot be inspected.
                if exc.errno != errno.ENOENT and self._maybe_wanted_name(name):
                    self._skip(rel, _unreadable(exc))
        return children

    def _real_dir(self, entry: os.DirEntry[str], rel: str, rules: IgnoreRules, depth: int) -> _Dir | None:
        if is_default_excluded_dir(entry.name):
            return None
        if rules.is_ignored(rel, True):
            return None
        if depth > MAX_DEPTH:
            self._skip(rel, f"nested deeper than {MAX_DEPTH} directories")
            return None
        st = entry.stat(follow_symlinks=False)
        key = (st.st_dev, st.st_ino)
        if key in self.visited:  # a bind mount back into the tree
            return None
        self.visited.add(key)
        return _Dir(entry.path, rel, rules, depth)

    def _symlink(self, directory: _Dir, path: str, name: str, rel: str, rules: IgnoreRules, depth: int) -> None:
        try:
            st = os.stat(path)
        except OSError as exc:
            if rules.is_ignored(rel, False) or not self._maybe_wanted_name(name):
                return
            if exc.errno == errno.ELOOP:
                self._skip(rel, REASON_LOOP)
            elif exc.errno in (errno.ENOENT, errno.ENOTDIR):
                self._skip(rel, REASON_BROKEN)
            else:
                self._skip(rel, _unreadable(exc))
            return

        is_dir = stat.S_ISDIR(st.st_mode)
        if is_dir and is_default_excluded_dir(name):
            return
        if rules.is_ignored(rel, is_dir):
            return
        real = os.path.realpath(path)
        if not self._inside_root(real):
            if is_dir or self._maybe_wanted_name(name):
                self._skip(rel, REASON_OUTSIDE)
            return
        if is_dir:
            heapq.heappush(self.pending_links, (rel, path, rules, depth))
        elif stat.S_ISREG(st.st_mode):
            self._file(directory, path, name, rel, rules)

    def _enter_linked_dir(self, rel: str, path: str, rules: IgnoreRules, depth: int) -> None:
        try:
            st = os.stat(path)
        except OSError:  # pragma: no cover - it was there a moment ago
            self._skip(rel, REASON_BROKEN)
            return
        real = os.path.realpath(path)
        key = (st.st_dev, st.st_ino)
        if key in self.visited:
            real_parent = os.path.realpath(os.path.dirname(path))
            prefix = real if real.endswith(os.sep) else real + os.sep
            if real_parent == real or real_parent.startswith(prefix):
                self._skip(rel, REASON_LOOP)
            else:
                self._skip(rel, REASON_DUPLICATE)
            return
        target_rel = os.path.relpath(real, self.real_root)
        if any(is_default_excluded_dir(part) for part in target_rel.split(os.sep)):
            return  # e.g. a link into node_modules: as uninteresting as the real thing
        if depth > MAX_DEPTH:
            self._skip(rel, f"nested deeper than {MAX_DEPTH} directories")
            return
        self.visited.add(key)
        self._walk_tree(_Dir(path, rel, rules, depth))

    def _file(self, directory: _Dir, path: str, name: str, rel: str, rules: IgnoreRules) -> None:
        language, needs_head = name_language(name)
        if language is None and not needs_head:
            return  # not a source extension
        if needs_head:
            if language is not None and not any(self._wanted(candidate) for candidate in possible_languages(name)):
                return
        elif language is not None and not self._wanted(language):
            return
        if rules.is_ignored(rel, False):
            return
        if not is_utf8(rel):
            self._skip(rel, REASON_NAME)
            return
        if language is not None and not needs_head and self._test_file(rel, language):
            return  # decided by the name: no need to open the file

        limit = self.max_file_size
        try:
            size, head = _read_head(path, limit, force=needs_head)
        except OSError as exc:
            if language is not None:  # an extension-less file is only maybe source
                self._skip(rel, _unreadable(exc))
            return
        if needs_head:
            language, refused = detect_or_refuse(name, head)
            if refused is not None:  # its extension's language says it is in another (Objective-C)
                self._skip(rel, refused)
                return
            if language is None or not self._wanted(language):
                return
            if self._test_file(rel, language):
                return
        assert language is not None
        problem = _content_problem(size, head, limit)
        if problem is not None:
            self._skip(rel, problem)
            return
        self.files.append(SourceFile(rel, directory.child_path(name), language, size))

    def _test_file(self, rel: str, language: str) -> bool:
        """Record and report a test file (unless tests are collected)."""
        if self.collect_tests or not is_test_file(rel, language):
            return False
        self._skip(rel, REASON_TEST)
        return True


def _check_options(max_file_size: int, languages: Collection[str] | None) -> frozenset[str]:
    if max_file_size < 0:
        raise ValueError(f"max_file_size must be >= 0 (0 = no limit), got {max_file_size}")
    if languages is None:
        return frozenset(LANGUAGES)
    if isinstance(languages, str):
        languages = (languages,)
    selected = frozenset(lang.lower() for lang in languages)
    unknown = selected.difference(LANGUAGES)
    if unknown:
        raise ValueError(f"unknown language(s): {', '.join(sorted(unknown))}; expected some of {', '.join(LANGUAGES)}")
    return selected


def _scan_single_file(path: str, max_file_size: int, languages: frozenset[str]) -> ScanResult:
    """An explicitly named file: included even if it is a test file or ignored."""
    parent, name = os.path.split(path)
    result = ScanResult(root=Path(parent))
    try:
        size, head = _read_head(path, max_file_size)
    except OSError as exc:
        result.skipped.append(Skipped(name, _unreadable(exc)))
        return result
    if head is None:
        result.skipped.append(Skipped(name, _too_large(max_file_size)))
        return result
    language, refused = detect_or_refuse(name, head)
    if language is None:
        result.skipped.append(Skipped(name, refused or "not a recognised source file"))
    elif language not in languages:
        result.skipped.append(Skipped(name, f"language not selected: {language}"))
    elif b"\0" in head:
        result.skipped.append(Skipped(name, REASON_BINARY))
    else:
        result.files.append(SourceFile(name, Path(path), language, size))
    return result


def scan(
    root: str | Path,
    *,
    exclude: Sequence[str] = (),
    collect_tests: bool = False,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    languages: Collection[str] | None = None,
    follow_symlinks: bool = True,
) -> ScanResult:
    """Find the source files below ``root`` (a directory or a single file).

    * ``exclude``: extra gitignore-style patterns, matched against paths
      relative to the root; they take precedence over ``.gitignore`` files.
    * ``collect_tests``: include test files (otherwise they are reported in
      :attr:`ScanResult.skipped` with reason ``"test file"``).
    * ``max_file_size``: larger files are skipped; ``0`` means no limit.
    * ``languages``: only these languages (names from :data:`LANGUAGES`).
    * ``follow_symlinks``: follow symlinks that stay inside the root;
      ``False`` ignores every symlink silently.

    Raises :class:`ScanError` if the root does not exist or cannot be read,
    and :class:`ValueError` for invalid options.
    """
    selected = _check_options(max_file_size, languages)
    root_text = os.path.abspath(os.fsdecode(os.fspath(root)))
    if not os.path.lexists(root_text):
        raise ScanError(f"{root_text} does not exist")
    if os.path.isfile(root_text):
        return _scan_single_file(root_text, max_file_size, selected)
    if not os.path.isdir(root_text):
        if os.path.islink(root_text):
            raise ScanError(f"{root_text} is a broken symlink")
        raise ScanError(f"{root_text} is neither a file nor a directory")

    if isinstance(exclude, str):  # a lone pattern, not a sequence of characters
        exclude = (exclude,)
    rules = IgnoreRules.create(exclude, read_info_exclude(root_text))
    scanner = _Scanner(
        root_text,
        rules=rules,
        collect_tests=collect_tests,
        max_file_size=max_file_size,
        languages=selected,
        follow_symlinks=follow_symlinks,
    )
    scanner.run()
    scanner.files.sort(key=lambda f: f.path)
    scanner.skipped.sort(key=lambda s: s.path)
    scanner.manifests.sort()
    return ScanResult(root=Path(root_text), files=scanner.files, skipped=scanner.skipped,
                      manifests=scanner.manifests)
