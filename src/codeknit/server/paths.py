"""Keep every path a client sends inside the served root.

A tool argument names a file, a directory or a glob relative to the root
(``shop/cart.py``, ``shop``, ``shop/**/*.py``); an absolute path is accepted
when it lies inside the root. Everything else is refused with a
:class:`PathRefused` whose message says why: a ``..`` that climbs out, an
absolute path elsewhere, a symlink whose target is outside, a NUL byte.
Only after this check does a path meet the graph or the file system.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

from codeknit.server.limits import ToolFailure

#: longest path or glob a client may send
MAX_PATH_LENGTH = 1024


class PathRefused(ToolFailure):
    """A client path that is not allowed; the message explains why."""

    def __init__(self, argument: str, message: str) -> None:
        super().__init__(f"{argument}: {message}")
        self.argument = argument


class Confinement:
    """The root every client path must stay inside."""

    def __init__(self, root: Path) -> None:
        self.root = root.absolute()
        self.real_root = Path(os.path.realpath(self.root))

    def relative(self, raw: str, *, argument: str = "path", allow_glob: bool = False) -> str:
        """``raw`` as a normalised POSIX path relative to the root; ``""`` for the root itself.

        Raises :class:`PathRefused` when it would leave the root.
        """
        if "\0" in raw:
            raise PathRefused(argument, "contains a NUL byte")
        if len(raw) > MAX_PATH_LENGTH:
            raise PathRefused(argument, f"is {len(raw)} characters long; the limit is {MAX_PATH_LENGTH}")
        text = raw.strip().replace("\\", "/") if os.sep == "\\" else raw.strip()
        if text.startswith("file://"):
            text = text[len("file://"):]
        if os.path.isabs(text) or text.startswith("/"):
            absolute = os.path.normpath(text)
            for base in (str(self.root), str(self.real_root)):
                if absolute == base or absolute.startswith(base.rstrip(os.sep) + os.sep):
                    text = os.path.relpath(absolute, base).replace(os.sep, "/")
                    break
            else:
                raise PathRefused(argument, f"{raw!r} is an absolute path outside the served root {self.root}")
        parts = [p for p in text.split("/") if p not in ("", ".")]
        if ".." in parts:
            normal = posixpath.normpath("/".join(parts))
            if normal == ".." or normal.startswith("../"):
                raise PathRefused(argument, f"{raw!r} climbs out of the served root with '..'")
            raise PathRefused(argument, f"{raw!r} contains '..'; give the path from the root without it")
        relative = "/".join(parts)
        if relative == ".":
            relative = ""
        self._check_symlinks(raw, relative, argument, allow_glob=allow_glob)
        return relative

    def _check_symlinks(self, raw: str, relative: str, argument: str, *, allow_glob: bool) -> None:
        """Refuse a path whose existing part resolves outside the root through a symlink."""
        if not relative:
            return
        parts = relative.split("/")
        if allow_glob:
            # only the literal leading directories of a glob exist on disk
            literal: list[str] = []
            for part in parts:
                if any(c in part for c in "*?["):
                    break
                literal.append(part)
            parts = literal
        current = self.root
        for part in parts:
            current = current / part
            if not os.path.lexists(current):
                return
            if os.path.islink(current):
                target = Path(os.path.realpath(current))
                if target != self.real_root and self.real_root not in target.parents:
                    shown = "/".join(current.relative_to(self.root).parts)
                    raise PathRefused(
                        argument, f"{raw!r} goes through the symlink {shown!r}, which points outside the served "
                        f"root (to {target})"
                    )
