"""Python: what the rest of codeknit knows about it."""

from __future__ import annotations

import builtins
import sys

from codeknit.languages.python.manifest import PYPROJECT, REQUIREMENTS, SETUP_CFG
from codeknit.languages.spec import LanguageSpec, Naming, TestFiles

#: the setting that says which Python the code is read for (``3.12``), where it tests ``sys.version_info``
PYTHON_VERSION_VARIABLE = "CODEKNIT_PYTHON_VERSION"


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
    settings=(PYTHON_VERSION_VARIABLE,),
    annotation_strings=True,
)
