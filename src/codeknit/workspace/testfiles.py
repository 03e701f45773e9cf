"""Recognise test files by their path, per language conventions (each language's spec says which)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from codeknit.languages import registry

__all__ = ["TEST_DIR_NAMES", "is_test_file"]

# A file below a directory with one of these names (compared lower-cased) is a
# test file whatever its language.
TEST_DIR_NAMES: Final = frozenset({"tests", "test", "__tests__"})

# Per language, from its spec: extra directory names (compared exactly), directory name endings
# (C#'s ``Something.Tests``) and the test file names, matched against the whole file name.
_LANGUAGE_TEST_DIRS: Final[dict[str, frozenset[str]]] = {
    spec.name: spec.tests.directories for spec in registry.specs() if spec.tests.directories
}
_TEST_DIR_SUFFIXES: Final[dict[str, tuple[str, ...]]] = {
    spec.name: spec.tests.directory_suffixes for spec in registry.specs() if spec.tests.directory_suffixes
}
_NAME_RULES: Final[dict[str, re.Pattern[str]]] = {
    spec.name: re.compile(spec.tests.name_pattern, re.DOTALL) for spec in registry.specs() if spec.tests.name_pattern
}


def _name_is_test(name: str, language: str) -> bool:
    rule = _NAME_RULES.get(language)
    return rule is not None and rule.fullmatch(name) is not None


def is_test_file(relpath: str, language: str) -> bool:
    """Whether ``relpath`` (POSIX, relative to the scan root) is a test file.

    Rules, by language (from ``codeknit/languages/<language>/spec.py``; as of this writing):

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
    suffixes = _TEST_DIR_SUFFIXES.get(language, ())
    for part in directory.split("/"):
        if part.lower() in TEST_DIR_NAMES or part in extra_dirs:
            return True
        if suffixes and part.endswith(suffixes):
            return True
    return False
