"""Language detection for source files.

Detection is name based (extension, a few well-known file names) and only
looks at the first bytes of a file in two cases:

* files of an extension another language claims by their head: ``.h`` headers, which are C
  unless the head shows clear C++ markers (C++'s spec says so);
* files of an extension whose language refuses them by their head: an Objective-C ``.h`` header
  is no C (C's spec says so), and :func:`refusal` gives the reason to skip it;
* files without an extension, whose shebang line names the interpreter.

The extensions, file names and interpreters come from each language's spec
(``codeknit.languages.registry``). Nothing in this module touches the file system.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final

from codeknit.languages import registry
from codeknit.languages.spec import HeadClaim, HeadRefusal

__all__ = ["LANGUAGES", "detect_language", "detect_or_refuse", "name_language", "possible_languages", "refusal"]

#: every language codeknit knows, in name order (one folder each under ``codeknit/languages``)
LANGUAGES: Final[tuple[str, ...]] = registry.names()

# Lower-cased extension -> language.
EXTENSION_LANGUAGE: Final[dict[str, str]] = {
    ext: spec.name for spec in registry.specs() for ext in spec.extensions
}

# Case-sensitive exceptions checked before the lower-cased table (by the GCC convention an
# upper-case ``.C`` / ``.H`` is C++, not C).
_CASED_EXTENSION_LANGUAGE: Final[dict[str, str]] = {
    ext: spec.name for spec in registry.specs() for ext in spec.cased_extensions
}

# Exact file names that are source files without a telling extension.
FILENAME_LANGUAGE: Final[dict[str, str]] = {
    name: spec.name for spec in registry.specs() for name in spec.file_names
}

# Lower-cased extension -> the languages that claim its files by their first bytes (a C++ ``.h``).
_HEAD_CLAIMS: Final[dict[str, tuple[tuple[str, HeadClaim], ...]]] = {}
for _spec in registry.specs():
    for _claim in _spec.head_claims:
        for _ext in _claim.extensions:
            _HEAD_CLAIMS[_ext] = (*_HEAD_CLAIMS.get(_ext, ()), (_spec.name, _claim))

# Lower-cased extension -> the looks at the head that refuse its files (an Objective-C ``.h``).
_HEAD_REFUSALS: Final[dict[str, tuple[HeadRefusal, ...]]] = {}
for _spec in registry.specs():
    for _refusal in _spec.head_refusals:
        for _ext in _refusal.extensions:
            _HEAD_REFUSALS[_ext] = (*_HEAD_REFUSALS.get(_ext, ()), _refusal)

# Interpreter (with version suffix stripped) named by a shebang -> language.
_INTERPRETER_LANGUAGE: Final[dict[str, str]] = {
    interpreter: spec.name for spec in registry.specs() for interpreter in spec.interpreters
}

# ``python3.11`` -> ``python``; ``php8.2`` -> ``php``; ``python3.12-dbg`` -> ``python``.
_INTERPRETER_RE: Final = re.compile(r"([a-z][a-z_-]*?)(?:-?\d[\w.+-]*)?")

# env options that take a separate argument.
_ENV_OPTIONS_WITH_ARG: Final = frozenset({"-u", "--unset", "-C", "--chdir", "-P"})

_UTF8_BOM: Final = b"\xef\xbb\xbf"

def _basename(path: Path | str) -> str:
    text = os.fspath(path)
    if isinstance(text, bytes):  # pragma: no cover - defensive, not in the signature
        text = os.fsdecode(text)
    return text.replace("\\", "/").rsplit("/", 1)[-1]


def name_language(name: str) -> tuple[str | None, bool]:
    """Classify a bare file name without reading the file.

    Returns ``(language, needs_head)``:

    * ``("python", False)`` - decided by the name;
    * ``("c", True)`` - a ``.h`` header: C unless the head says C++ (another language's
      :class:`~codeknit.languages.spec.HeadClaim` on the extension) or Objective-C (C's own
      :class:`~codeknit.languages.spec.HeadRefusal`);
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
    return EXTENSION_LANGUAGE.get(lowered), lowered in _HEAD_CLAIMS or lowered in _HEAD_REFUSALS


def possible_languages(name: str) -> tuple[str, ...]:
    """The languages a file called ``name`` may turn out to be once its head is read: the
    extension's own language and those that claim the extension by the head (empty: only a
    shebang can tell, or not source)."""
    language, needs_head = name_language(name)
    if language is None:
        return ()
    if not needs_head:
        return (language,)
    dot = name.rfind(".")
    return (language, *(claimant for claimant, _claim in _HEAD_CLAIMS.get(name[dot:].lower(), ())))


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


def refusal(path: Path | str, head: bytes) -> str | None:
    """Why a file whose extension is a language's is no source of it after all, by its first bytes
    (an Objective-C ``.h`` header), or ``None``."""
    name = _basename(path)
    dot = name.rfind(".")
    if dot <= 0:
        return None
    for refused in _HEAD_REFUSALS.get(name[dot:].lower(), ()):
        if refused.looks_like(head):
            return refused.reason
    return None


def detect_language(path: Path | str, head: bytes | None = None) -> str | None:
    """Return the language of ``path`` (one of :data:`LANGUAGES`) or ``None``.

    ``head`` is the start of the file's content, if the caller has read it; it
    is used to tell C++ ``.h`` headers from C ones and to read the shebang of
    extension-less scripts. Never raises for any name or content.
    """
    return detect_or_refuse(path, head)[0]


def detect_or_refuse(path: Path | str, head: bytes | None = None) -> tuple[str | None, str | None]:
    """:func:`detect_language`, and the :func:`refusal` that made it ``None`` (else ``None``): the scan
    reads both from one look at the head."""
    name = _basename(path)
    language, needs_head = name_language(name)
    if not needs_head:
        return language, None
    if language is not None:  # an extension another language claims, or its own refuses, by the head
        if head is not None:
            refused = refusal(name, head)
            if refused is not None:
                return None, refused
            for claimant, claim in _HEAD_CLAIMS.get(name[name.rfind("."):].lower(), ()):
                if claim.looks_like(head):
                    return claimant, None
        return language, None
    if head is None:
        return None, None
    return shebang_language(head), None
