"""``[orphan_modules]`` on real source: modules that run without an import naming them are no orphans."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from codeknit.cli import main

SOURCES = {
    "app/__init__.py": "",
    "app/__main__.py": "from app.tools import run\n\nrun()\n",
    "app/tools.py": "def run():\n    return 1\n",
    # run as ``python -m app.hook`` (pre-commit's meta hooks): the guard says so
    "app/hook.py": "def main():\n    return 0\n\n\nif __name__ == '__main__':\n    raise SystemExit(main())\n",
    "app/lonely.py": "def alone():\n    return 0\n",
    # a package of nothing but its ``__init__``, which nothing imports: an orphan still
    "solo/__init__.py": "X = 1\n",
    # the module Node loads for the package (``main`` defaults to it)
    "web/index.ts": "import { twice } from './util';\n\nexport const four = twice(2);\n",
    "web/util.ts": "export function twice(n: number): number {\n  return n * 2;\n}\n",
    "web/stray.ts": "export const stray = 1;\n",
}


def orphans(root: Path) -> list[str]:
    for name, text in SOURCES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["graph", "analyze", str(root), "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["orphan_modules"]["items"]


def test_init_of_a_used_package_main_guard_and_index_are_no_orphans(tmp_path):
    # before: app/__init__.py (its package's modules are imported, which runs it), app/hook.py (a program of
    # its own) and web/index.ts (the package's entry) were listed too
    assert orphans(tmp_path) == ["app/lonely.py", "solo/__init__.py", "web/stray.ts"]
