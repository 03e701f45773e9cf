"""Recognise test files by their path, per language conventions."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

__all__ = ["TEST_DIR_NAMES", "is_test_file"]

# A file below a directory with one of these names (compared lower-cased) is a
# test file whatever its language.
TEST_DIR_NAMES: Final = frozenset({"tests", "test", "__tests__"})

# Extra directory names per language (compared exactly).
_LANGUAGE_TEST_DIRS: Final[dict[str, frozenset[str]]] = {
    # ``spec/`` holds RSpec and Jasmine suites; in Java it is a package name (``java.security.spec``)
    "javascript": frozenset({"__mocks__", "spec", "specs"}),
    "typescript": frozenset({"__mocks__", "spec", "specs"}),
    "ruby": frozenset({"spec", "specs"}),
    # Go tooling ignores ``testdata`` directories: they hold fixtures.
    "go": frozenset({"testdata"}),
    # Cargo's benchmark targets.
    "rust": frozenset({"benches"}),
}

# C# test projects are conventionally directories named ``Something.Tests``.
_CSHARP_TEST_DIR_SUFFIXES: Final = (".Tests", ".Test", ".UnitTests", ".IntegrationTests")

# Test file names per language, matched against the whole file name. The
# "stem" is the name without its last extension.
_NAME_RULES: Final[dict[str, re.Pattern[str]]] = {
    language: re.compile(source, re.DOTALL)
    for language, source in {
        # test_*.py, *_test.py, conftest.py
        "python": r"(?:test_.*|.*_test)\.[^.]*|conftest\.py",
        # *_test.go
        "go": r".*_test\.[^.]*",
        # *.test.*, *.spec.*
        "javascript": r".*\.(?:test|spec)\..*",
        "typescript": r".*\.(?:test|spec)\..*",
        # *Test.java, *Tests.java, *IT.java
        "java": r".*(?:Test|Tests|IT)\.[^.]*",
        # *Test.cs, *Tests.cs
        "csharp": r".*(?:Test|Tests)\.[^.]*",
        # *_spec.rb, *_test.rb, test_*.rb
        "ruby": r"(?:.*_spec|.*_test|test_.*)\.[^.]*",
        # *Test.php
        "php": r".*Test\.[^.]*",
        # *Spec.scala, *Test.scala, *Suite.scala
        "scala": r".*(?:Spec|Test|Suite)\.[^.]*",
        # test_*.c, *_test.c, *_test.cc, *_unittest.cc, ...
        "c": r"(?:test_.*|.*_test|.*_unittest)\.[^.]*",
        "cpp": r"(?:test_.*|.*_test|.*_unittest)\.[^.]*",
    }.items()
}


def _name_is_test(name: str, language: str) -> bool:
    rule = _NAME_RULES.get(language)
    return rule is not None and rule.fullmatch(name) is not None


def is_test_file(relpath: str, language: str) -> bool:
    """Whether ``relpath`` (POSIX, relative to the scan root) is a test file.

    Rules, by language:

    * every language: a directory component named ``tests``, ``test`` or
      ``__tests__``; for ruby, javascript and typescript also ``spec`` or ``specs``;
    * python: ``test_*.py``, ``*_test.py``, ``conftest.py``;
    * go: ``*_test.go``, anything under ``testdata/``;
    * javascript/typescript: ``*.test.*``, ``*.spec.*``, ``__mocks__/``;
    * java: ``*Test.java``, ``*Tests.java``, ``*IT.java`` (``src/test/`` via the
      directory rule);
    * csharp: ``*Test.cs``, ``*Tests.cs``, directories ``*.Tests`` / ``*.Test``;
    * ruby: ``*_spec.rb``, ``*_test.rb``, ``test_*.rb``;
    * php: ``*Test.php``;
    * scala: ``*Spec.scala``, ``*Test.scala``, ``*Suite.scala``;
    * rust: files under ``tests/`` or ``benches/``;
    * c/cpp: ``test_*``, ``*_test``, ``*_unittest`` file stems.
    """
    slash = relpath.rfind("/")
    name = relpath[slash + 1 :]
    if slash > 0 and _directory_is_test(relpath[:slash], language):
        return True
    return _name_is_test(name, language)


@lru_cache(maxsize=4096)
def _directory_is_test(directory: str, language: str) -> bool:
    """Whether files below ``directory`` (relative POSIX path) are tests.

    Cached: a scan asks once per directory and language, not once per file.
    """
    extra_dirs = _LANGUAGE_TEST_DIRS.get(language, frozenset())
    for part in directory.split("/"):
        if part.lower() in TEST_DIR_NAMES or part in extra_dirs:
            return True
        if language == "csharp" and part.endswith(_CSHARP_TEST_DIR_SUFFIXES):
            return True
    return False
