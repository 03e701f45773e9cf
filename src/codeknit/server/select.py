"""Which indexed files a ``path`` argument names: a file, a directory or a glob from the root."""

from __future__ import annotations

import difflib
import re

from codeknit.server.limits import ToolFailure
from codeknit.server.paths import Confinement
from codeknit.server.patterns import Pattern, compile_pattern
from codeknit.server.view import GraphView


def glob_regex(pattern: str) -> Pattern:
    """A glob over paths from the root: ``*`` and ``?`` stay in one directory, ``**`` crosses them."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            end = pattern.find("]", i + 2)
            if end < 0:
                out.append(re.escape(c))
                i += 1
            else:
                body = pattern[i + 1:end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = end + 1
        else:
            out.append(re.escape(c))
            i += 1
    return compile_pattern("".join(out), argument="path", what="glob")


def is_glob(text: str) -> bool:
    return any(c in text for c in "*?[")


def select_paths(view: GraphView, confinement: Confinement, raw: str, *, argument: str = "path") -> list[str]:
    """The indexed files a path, directory or glob names (sorted); a clear error when none."""
    glob = is_glob(raw)
    relative = confinement.relative(raw, argument=argument, allow_glob=glob)
    paths = view.paths
    if glob:
        pattern = glob_regex(relative)
        chosen = [p for p in paths if pattern.fullmatch(p)]
        if not chosen:
            raise ToolFailure(f"{argument}: the glob {raw!r} matches no indexed file (globs match whole paths from "
                              "the root; use **/ to cross directories)")
        return chosen
    if relative == "":
        return list(paths)
    if relative in view.by_path or any(f.path == relative for f in view.graph.files):
        return [relative]
    prefix = relative + "/"
    chosen = [p for p in paths if p.startswith(prefix)]
    if chosen:
        return chosen
    raise ToolFailure(f"{argument}: {_why_not_indexed(view, confinement, relative)}")


def _why_not_indexed(view: GraphView, confinement: Confinement, relative: str) -> str:
    for skipped in view.graph.skipped:
        if skipped.path == relative:
            return f"{relative!r} is not indexed: {skipped.reason}"
    for error in view.graph.errors:
        if error.path == relative:
            return f"{relative!r} could not be analysed: {error.message}"
    on_disk = confinement.root / relative
    if on_disk.is_file():
        return f"{relative!r} exists but is not an indexed source file (not a supported language, or excluded)"
    if on_disk.is_dir():
        return f"{relative!r} is a directory with no indexed source files"
    close = difflib.get_close_matches(relative, view.paths, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"{relative!r} does not exist under the served root{hint}"
