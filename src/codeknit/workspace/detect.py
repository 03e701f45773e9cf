"""Language detection for source files.

Detection is name based (extension, a few well-known file names) and only
looks at the first bytes of a file in two cases:

* ``.h`` headers, which are C unless the head shows clear C++ markers;
* files without an extension, whose shebang line names the interpreter.

Nothing in this module touches the file system.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final

__all__ = ["LANGUAGES", "detect_language", "name_language"]

LANGUAGES: Final[tuple[str, ...]] = (
    "c",
    "cpp",
    "csharp",
    "go",
    "java",
    "javascript",
    "php",
    "python",
    "ruby",
    "rust",
    "scala",
    "typescript",
)

_EXTENSIONS: Final[dict[str, tuple[str, ...]]] = {
    "python": (".py", ".pyi", ".pyw"),
    "javascript": (".js", ".mjs", ".cjs", ".jsx"),
    "typescript": (".ts", ".mts", ".cts", ".tsx"),
    "go": (".go",),
    "rust": (".rs",),
    "java": (".java",),
    "c": (".c", ".h"),
    "cpp": (".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp", ".inl"),
    "csharp": (".cs",),
    "php": (".php", ".phtml"),
    "ruby": (".rb", ".rake", ".gemspec"),
    "scala": (".scala", ".sc"),
}

# Lower-cased extension -> language.
EXTENSION_LANGUAGE: Final[dict[str, str]] = {ext: lang for lang, exts in _EXTENSIONS.items() for ext in exts}

# Case-sensitive exceptions checked before the lower-cased table: by the GCC
# convention an upper-case ``.C`` / ``.H`` is C++, not C.
_CASED_EXTENSION_LANGUAGE: Final[dict[str, str]] = {".C": "cpp", ".H": "cpp"}

# Exact file names that are source files without a telling extension.
FILENAME_LANGUAGE: Final[dict[str, str]] = {
    "Rakefile": "ruby",
    "rakefile": "ruby",
    "Gemfile": "ruby",
}

# Interpreter (with version suffix stripped) named by a shebang -> language.
_INTERPRETER_LANGUAGE: Final[dict[str, str]] = {
    "python": "python",
    "pypy": "python",
    "jython": "python",
    "node": "javascript",
    "nodejs": "javascript",
    "bun": "javascript",
    "ts-node": "typescript",
    "ts-node-esm": "typescript",
    "ts-node-script": "typescript",
    "deno": "typescript",
    "tsx": "typescript",
    "ruby": "ruby",
    "jruby": "ruby",
    "truffleruby": "ruby",
    "php": "php",
    "php-cgi": "php",
    "scala": "scala",
    "scala-cli": "scala",
}

# ``python3.11`` -> ``python``; ``php8.2`` -> ``php``; ``python3.12-dbg`` -> ``python``.
_INTERPRETER_RE: Final = re.compile(r"([a-z][a-z_-]*?)(?:-?\d[\w.+-]*)?")

# env options that take a separate argument.
_ENV_OPTIONS_WITH_ARG: Final = frozenset({"-u", "--unset", "-C", "--chdir", "-P"})

_UTF8_BOM: Final = b"\xef\xbb\xbf"

# Markers that only occur in C++ headers, searched in the raw head bytes.
# Each regex starts with a literal so that ``re`` can scan for it quickly
# (one combined alternation is an order of magnitude slower on 8 KiB).
_CPP_MARKERS: Final = tuple(
    re.compile(source)
    for source in (
        rb"class[ \t\r\n]+\w+(?:[ \t\r\n]+final)?[ \t\r\n]*(?::[^;{}()]*)?\{",  # class X {  class X : Y {
        rb"namespace[ \t\r\n]+[\w:]*[ \t\r\n]*\{",  # namespace x {   namespace {
        rb"using[ \t]+namespace[ \t]",
        rb"template[ \t]*<",
        rb"\n[ \t]*(?:public|private|protected)[ \t]*:",  # access specifiers (line start)
        rb"#[ \t]*include[ \t]*<[\w/]+>",  # <iostream>, <vector>: no ".h"
        rb"std::",
    )
)


_WORD_BYTES: Final = frozenset(bytes([c]) for c in b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")


def _basename(path: Path | str) -> str:
    text = os.fspath(path)
    if isinstance(text, bytes):  # pragma: no cover - defensive, not in the signature
        text = os.fsdecode(text)
    return text.replace("\\", "/").rsplit("/", 1)[-1]


def name_language(name: str) -> tuple[str | None, bool]:
    """Classify a bare file name without reading the file.

    Returns ``(language, needs_head)``:

    * ``("python", False)`` - decided by the name;
    * ``("c", True)`` - a ``.h`` header: C unless the head says C++;
    * ``(None, True)`` - no extension: only a shebang can tell;
    * ``(None, False)`` - an extension that is not a source extension.
    """
    special = FILENAME_LANGUAGE.get(name)
    if special is not None:
        return special, False
    dot = name.rfind(".")
    if dot <= 0 or name[:dot].strip(".") == "":
        return None, True  # no extension; ".bashrc" and "..x" have none either
    ext = name[dot:]
    cased = _CASED_EXTENSION_LANGUAGE.get(ext)
    if cased is not None:
        return cased, False
    lowered = ext.lower()
    if lowered == ".h":
        return "c", True
    return EXTENSION_LANGUAGE.get(lowered), False


def _looks_like_cpp(head: bytes) -> bool:
    text = b"\n" + head  # so that line-start markers also match on line one
    for marker in _CPP_MARKERS:
        for match in marker.finditer(text):
            # A keyword must not be the tail of a longer word ("subclass x {").
            # Checked here because a leading \b would make every search slow.
            start = match.start()
            if text[start : start + 1] not in _WORD_BYTES or text[start - 1 : start] not in _WORD_BYTES:
                return True
    return False


def _interpreter_language(program: str) -> str | None:
    name = program.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name.endswith(".exe"):
        name = name[:-4]
    direct = _INTERPRETER_LANGUAGE.get(name)
    if direct is not None:
        return direct
    match = _INTERPRETER_RE.fullmatch(name)
    if match is None:
        return None
    return _INTERPRETER_LANGUAGE.get(match.group(1))


def shebang_language(head: bytes) -> str | None:
    """Language named by a ``#!`` line at the start of ``head``, if any."""
    if head.startswith(_UTF8_BOM):
        head = head[len(_UTF8_BOM) :]
    if not head.startswith(b"#!"):
        return None
    line = head[2:].split(b"\n", 1)[0]
    tokens = line.decode("utf-8", "replace").split()
    if not tokens:
        return None
    program, args = tokens[0], tokens[1:]
    if program.replace("\\", "/").rsplit("/", 1)[-1] == "env":
        command = _env_command(args)
        if command is None:
            return None
        program = command
    return _interpreter_language(program)


def _env_command(args: list[str]) -> str | None:
    """The command ``env`` would run, skipping its options and assignments."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return args[i + 1] if i + 1 < len(args) else None
        if arg.startswith("--split-string="):
            rest = arg[len("--split-string=") :]
            if rest:
                args = [*rest.split(), *args[i + 1 :]]
                i = 0
                continue
            i += 1
            continue
        if arg.startswith("-S") and len(arg) > 2:
            # ``-Spython3`` - the command is glued to the option.
            args = [arg[2:], *args[i + 1 :]]
            i = 0
            continue
        if arg in _ENV_OPTIONS_WITH_ARG:
            i += 2
            continue
        if arg.startswith("-"):
            i += 1
            continue
        if "=" in arg:  # VAR=value
            i += 1
            continue
        return arg
    return None


def detect_language(path: Path | str, head: bytes | None = None) -> str | None:
    """Return the language of ``path`` (one of :data:`LANGUAGES`) or ``None``.

    ``head`` is the start of the file's content, if the caller has read it; it
    is used to tell C++ ``.h`` headers from C ones and to read the shebang of
    extension-less scripts. Never raises for any name or content.
    """
    language, needs_head = name_language(_basename(path))
    if not needs_head:
        return language
    if language == "c":
        if head is not None and _looks_like_cpp(head):
            return "cpp"
        return "c"
    if head is None:
        return None
    return shebang_language(head)
