"""Python: what the rest of codeknit knows about it."""

from __future__ import annotations

import builtins
import sys

from codeknit.languages.python.manifest import PYPROJECT, REQUIREMENTS, SETUP_CFG
from codeknit.languages.spec import LanguageSpec, Naming, TestFiles


def is_stdlib(package: str) -> bool:
    return package.split(".", 1)[0] in sys.stdlib_module_names or package == "builtins"


SPEC = LanguageSpec(
    name="python",
    extensions=(".py", ".pyi", ".pyw"),
    aliases=("py",),
    interpreters=("python", "pypy", "jython"),
    # test_*.py, *_test.py, conftest.py
    tests=TestFiles(name_pattern=r"(?:test_.*|.*_test)\.[^.]*|conftest\.py"),
    manifests=(PYPROJECT, REQUIREMENTS, SETUP_CFG),
    scip_name="Python",
    moniker_scheme="pypi",
    purl_type="pypi",
    naming=Naming(scheme="module"),
    builtins=frozenset(name for name in dir(builtins) if not name.startswith("_")),
    builtin_package="builtins",
    is_stdlib=is_stdlib,
)
