"""C: what the rest of codeknit knows about it (C++ claims the ``.h`` headers that look like C++)."""

from __future__ import annotations

from codeknit.languages.spec import LanguageSpec, Naming, TestFiles

#: test_*.c, *_test.c, *_unittest.c …
TESTS = TestFiles(name_pattern=r"(?:test_.*|.*_test|.*_unittest)\.[^.]*")
#: a static top-level symbol is the file's own; prototypes are declaration sites of their definition
NAMING = Naming(file_local_static=True, declarations_link=True)


def is_system_header(package: str) -> bool:
    """``<stdio.h>``: an angle-bracket include."""
    return package.startswith("<")


SPEC = LanguageSpec(
    name="c",
    extensions=(".c", ".h"),
    tests=TESTS,
    scip_name="C",
    naming=NAMING,
    is_stdlib=is_system_header,
    global_namespace=True,
    degraded=True,
)
