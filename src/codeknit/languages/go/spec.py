"""Go: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.go.manifest import GO_MOD
from codeknit.languages.spec import LanguageSpec, Naming, TestFiles

PREDECLARED = frozenset(
    """
    any append bool byte cap clear close comparable complex complex128 complex64 copy delete error false float32
    float64 imag int int16 int32 int64 int8 iota len make max min new nil panic print println real recover rune
    string true uint uint16 uint32 uint64 uint8 uintptr
    """.split()
)


def is_stdlib(package: str) -> bool:
    """A standard package's import path has no dot in its first element (``net/http``, not ``github.com/…``)."""
    return "." not in package.split("/", 1)[0]


SPEC = LanguageSpec(
    name="go",
    extensions=(".go",),
    aliases=("golang",),
    # *_test.go; Go tooling ignores ``testdata`` directories: they hold fixtures
    tests=TestFiles(name_pattern=r".*_test\.[^.]*", directories=frozenset({"testdata"})),
    manifests=(GO_MOD,),
    scip_name="Go",
    moniker_scheme="gomod",
    purl_type="golang",
    naming=Naming(scheme="package"),
    builtins=PREDECLARED,
    builtin_package="builtin",
    runtime_hooks=frozenset({"init"}),
    structural_interfaces=True,  # (a package's ``func init()``: run when the package is loaded)
    is_stdlib=is_stdlib,
    quotes="\"'`",
)
