"""What the exporter tests share: fixture paths, cached graphs, the external checkers.

A module with a name of its own (not ``conftest``), so that ``from exporter_helpers import …``
finds this one whatever other test directories pytest collected first.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path

import pytest

import codeknit
from codeknit.graph import Graph

HERE = Path(__file__).parent
REPO = HERE.parent.parent
GOLDEN_INPUTS = REPO / "tests" / "golden"
FIXTURES = HERE / "fixtures"
#: the fixtures every exporter has golden output for: one language, and several with manifests
GOLDEN_FIXTURES = {"python": GOLDEN_INPUTS / "python" / "input", "polyglot": FIXTURES / "polyglot"}
NODE_CHECKERS = REPO / "tools" / "node-checkers"


@functools.cache
def _graph(path: str) -> Graph:
    return codeknit.index(path, collect_tests=True)


def graph_of(path: Path) -> Graph:
    """The graph of a fixture directory (cached: treat it as read-only)."""
    return _graph(str(path))


def node_checker(script: str) -> Path:
    """The path of a Node checker script, or skip when Node or its packages are not installed."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed (.ci/run installs tools/node-checkers with npm)")
    if not (NODE_CHECKERS / "node_modules" / "mermaid").is_dir():
        pytest.skip("tools/node-checkers is not installed: run `npm ci` in tools/node-checkers (.ci/run does)")
    return NODE_CHECKERS / script


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False, **kwargs)  # type: ignore[call-overload]
