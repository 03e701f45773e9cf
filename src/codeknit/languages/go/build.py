"""Go build constraints: which files of a package can be compiled together.

A package often defines one name in several files, one per platform
(``fd_unix.go`` and ``fd_windows.go``) or per build tag (``boring.go`` with
``//go:build boringcrypto`` and ``notboring.go`` with ``!boringcrypto``). A
use of that name can only mean the definitions whose file can be part of the
same build as the file of the use. This module reads a file's constraints —
its name (``*_GOOS``, ``*_GOARCH``, ``*_GOOS_GOARCH``), its ``//go:build``
line (or, without one, its ``// +build`` lines) and ``import "C"`` (cgo) — and tells whether two files
can meet in one build: some GOOS, GOARCH and assignment of the other tags
(``cgo``, ``purego``, ``boringcrypto`` …) satisfies both. Go's rules
(``rules.py`` beside this module) ask it.
"""

from __future__ import annotations

import functools
import itertools
import posixpath
from collections.abc import Callable
from pathlib import Path

KNOWN_OS = (
    "aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl",
    "netbsd", "openbsd", "plan9", "solaris", "windows", "zos",
)
KNOWN_ARCH = (
    "386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle", "mips64",
    "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x",
    "sparc", "sparc64", "wasm",
)
UNIX_OS = frozenset({
    "aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux", "netbsd", "openbsd",
    "solaris",
})
#: a GOOS that also satisfies another's tag
_IMPLIES = {"android": "linux", "illumos": "solaris", "ios": "darwin"}
_OS = frozenset(KNOWN_OS)
_ARCH = frozenset(KNOWN_ARCH)
#: more free tags than this in two files together: assume they can meet (2^n assignments)
_MAX_FREE = 8

Expr = Callable[[frozenset[str]], bool]


def _always(_tags: frozenset[str]) -> bool:
    return True


class Constraint:
    """One file's build constraint: an expression over tags, and the tags it names."""

    def __init__(self, expression: Expr, names: frozenset[str], key: str = "") -> None:
        self.expression = expression
        self.names = names
        #: what the constraint was made from: equal keys, equal constraints (files share them)
        self.key = key
        #: tags → the expression's answer (the same tag sets are tried for many pairs of files)
        self._answers: dict[frozenset[str], bool] = {}

    def __call__(self, tags: frozenset[str]) -> bool:
        found = self._answers.get(tags)
        if found is None:
            found = self._answers[tags] = self.expression(tags)
        return found


NO_CONSTRAINT = Constraint(_always, frozenset())


def parse_expression(text: str) -> tuple[Expr, set[str]] | None:
    """A ``//go:build`` expression (``linux && (amd64 || arm64) && !purego``); None when malformed."""
    tokens: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char.isspace():
            index += 1
        elif text.startswith(("&&", "||"), index):
            tokens.append(text[index:index + 2])
            index += 2
        elif char in "!()":
            tokens.append(char)
            index += 1
        else:
            end = index
            while end < len(text) and (text[end].isalnum() or text[end] in "_."):
                end += 1
            if end == index:
                return None
            tokens.append(text[index:end])
            index = end
    parser = _ExpressionParser(tokens)
    try:
        expression = parser.parse_or()
    except (ValueError, IndexError):
        return None
    if parser.position != len(tokens):
        return None
    return expression, parser.names


class _ExpressionParser:
    """Recursive descent over the tokens of a build expression (methods, not nested functions:
    those would refer to each other in a reference cycle that only a collection frees)."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.position = 0
        self.names: set[str] = set()

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> str:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def parse_or(self) -> Expr:
        left = self.parse_and()
        while self.peek() == "||":
            self.take()
            right = self.parse_and()
            left = (lambda a, b: lambda tags: a(tags) or b(tags))(left, right)
        return left

    def parse_and(self) -> Expr:
        left = self.parse_not()
        while self.peek() == "&&":
            self.take()
            right = self.parse_not()
            left = (lambda a, b: lambda tags: a(tags) and b(tags))(left, right)
        return left

    def parse_not(self) -> Expr:
        if self.peek() == "!":
            self.take()
            inner = self.parse_not()
            return lambda tags: not inner(tags)
        if self.peek() == "(":
            self.take()
            inner = self.parse_or()
            if self.peek() != ")":
                raise ValueError("unbalanced")
            self.take()
            return inner
        token = self.peek()
        if token is None or token in ("&&", "||", ")"):
            raise ValueError("operand expected")
        self.take()
        self.names.add(token)
        return lambda tags: token in tags


def _plus_build(lines: list[str]) -> tuple[Expr, set[str]] | None:
    """Old ``// +build a,b !c`` lines: spaces are OR, commas AND, lines AND."""
    clauses: list[str] = []
    for line in lines:
        options = []
        for option in line.split():
            terms = [f"!{t[1:]}" if t.startswith("!") else t for t in option.split(",") if t]
            if terms:
                options.append("(" + " && ".join(terms) + ")")
        if options:
            clauses.append("(" + " || ".join(options) + ")")
    return parse_expression(" && ".join(clauses)) if clauses else None


def file_name_tags(path: str) -> tuple[str | None, str | None]:
    """``(GOOS, GOARCH)`` a file name requires (``x_linux_amd64.go``), as ``go/build`` reads it."""
    name = posixpath.basename(path)
    if name.endswith(".go"):
        name = name[:-3]
    underscore = name.find("_")
    if underscore < 0:
        return None, None
    parts = name[underscore:].split("_")[1:]
    if parts and parts[-1] == "test":
        parts = parts[:-1]
    if len(parts) >= 2 and parts[-2] in _OS and parts[-1] in _ARCH:
        return parts[-2], parts[-1]
    if parts and parts[-1] in _OS:
        return parts[-1], None
    if parts and parts[-1] in _ARCH:
        return None, parts[-1]
    return None, None


def read_constraint(path: str, text: str | None) -> Constraint:
    """The constraint of a file from its name and the comment lines before its package clause."""
    goos, goarch = file_name_tags(path)
    expression: tuple[Expr, set[str]] | None = None
    source = ""
    if text is not None:
        plus: list[str] = []
        for raw in text.splitlines():
            line = raw.strip()
            if line.startswith("package ") or line == "package":
                break
            if line.startswith("//go:build "):
                source = " ".join(line[len("//go:build "):].split())
                expression = parse_expression(source)
                break
            if line.startswith("// +build "):
                plus.append(line[len("// +build "):])
        if expression is None and plus:
            source = "+" + "\n".join(" ".join(line.split()) for line in plus)
            expression = _plus_build(plus)
    names: set[str] = set(expression[1]) if expression is not None else set()
    checks: list[Expr] = []
    if expression is not None:
        checks.append(expression[0])
    cgo = text is not None and _imports_c(text)
    if cgo:  # cgo files build only with cgo
        names.add("cgo")
        checks.append(lambda tags: "cgo" in tags)
    if goos is not None:
        names.add(goos)
        checks.append(lambda tags: goos in tags)
    if goarch is not None:
        names.add(goarch)
        checks.append(lambda tags: goarch in tags)
    if not checks:
        return NO_CONSTRAINT
    key = f"{source if expression is not None else ''}\0{cgo}\0{goos}\0{goarch}"
    return Constraint(lambda tags: all(check(tags) for check in checks), frozenset(names), key)


def _imports_c(text: str) -> bool:
    """Does the file ``import "C"`` (alone or in an import block)?"""
    for raw in text.splitlines():
        line = raw.strip()
        if line in ('import "C"', '"C"') or line.startswith(('import "C" ', '"C" ')):
            return True
    return False


def _free_tags(names: frozenset[str]) -> list[str]:
    """The tags of ``names`` that neither GOOS, GOARCH nor the Go version decide."""
    return sorted(n for n in names if n not in _OS and n not in _ARCH and n != "unix" and not n.startswith("go1."))


@functools.lru_cache(maxsize=4096)
def _configurations(names: frozenset[str]) -> tuple[frozenset[str], ...]:
    """Tag sets worth trying for constraints that mention ``names``: each mentioned GOOS and GOARCH
    (and the systems that imply one), one unmentioned system of each family, and every assignment of
    the other tags. Go version tags (``go1.18``) are taken as satisfied. (Kept per ``names``: on the Go
    standard library 11,800 pairs of constraints name 4,200 different sets; each set's tag sets are the
    same objects, whose hashes the constraints' answers reuse.)"""
    systems = [os_ for os_ in KNOWN_OS if os_ in names or _IMPLIES.get(os_) in names]
    for family in (True, False):
        other = next((os_ for os_ in KNOWN_OS if (os_ in UNIX_OS) == family and os_ not in systems), None)
        if other is not None:
            systems.append(other)
    arches = [arch for arch in KNOWN_ARCH if arch in names]
    other_arch = next((arch for arch in KNOWN_ARCH if arch not in names), None)
    if other_arch is not None:
        arches.append(other_arch)
    free = _free_tags(names)
    versions = frozenset(n for n in names if n.startswith("go1."))
    out: list[frozenset[str]] = []
    for os_, arch in itertools.product(systems, arches):
        base = {os_, arch, *versions}
        if os_ in _IMPLIES:
            base.add(_IMPLIES[os_])
        if os_ in UNIX_OS:
            base.add("unix")
        for values in itertools.product((False, True), repeat=len(free)):
            out.append(frozenset(base | {tag for tag, on in zip(free, values, strict=True) if on}))
    return tuple(out)


class BuildConstraints:
    """Constraints of a project's Go files (read from disk on first use) and which files can meet."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._constraints: dict[str, Constraint] = {}
        self._pairs: dict[tuple[str, str], bool] = {}  # by the constraints' keys: many files share one
        self._shared: dict[str, Constraint] = {}  # key → the one constraint of the files with that key

    def constraint(self, path: str) -> Constraint:
        found = self._constraints.get(path)
        if found is None:
            text: str | None = None
            if self.root is not None:
                try:
                    with (self.root / path).open("r", encoding="utf-8", errors="replace") as handle:
                        text = handle.read(8192)
                except OSError:
                    text = None
            found = read_constraint(path, text)
            if found is not NO_CONSTRAINT:  # (files whose constraints are equal share one, and its answers)
                found = self._shared.setdefault(found.key, found)
            self._constraints[path] = found
        return found

    def compatible(self, first: str, second: str) -> bool:
        """Can the two files be compiled in one build?"""
        if first == second:
            return True
        a, b = self.constraint(first), self.constraint(second)
        if a is NO_CONSTRAINT or b is NO_CONSTRAINT:
            return True
        key = (a.key, b.key) if a.key < b.key else (b.key, a.key)
        found = self._pairs.get(key)
        if found is None:
            names = a.names | b.names
            if len(_free_tags(names)) > _MAX_FREE:
                found = True
            else:
                found = any(a(tags) and b(tags) for tags in _configurations(names))
            self._pairs[key] = found
        return found


__all__ = ["BuildConstraints", "Constraint", "file_name_tags", "parse_expression", "read_constraint"]
