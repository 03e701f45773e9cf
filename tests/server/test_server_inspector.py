"""The MCP Inspector CLI against ``codeknit serve``.

``.ci/run`` installs the inspector with the other npm checkers (``tools/node-checkers``); elsewhere,
set ``CODEKNIT_INSPECTOR`` to an ``mcp-inspector`` binary or put one on PATH, or the test is skipped.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from inspector_check import run_checks

_CHECKERS = Path(__file__).resolve().parents[2] / "tools" / "node-checkers" / "node_modules" / ".bin" / "mcp-inspector"
INSPECTOR = (os.environ.get("CODEKNIT_INSPECTOR") or (str(_CHECKERS) if _CHECKERS.exists() else None)
             or shutil.which("mcp-inspector"))


@pytest.mark.skipif(INSPECTOR is None,
                    reason="the MCP Inspector CLI is not installed: run `npm ci` in tools/node-checkers (.ci/run does)")
def test_the_inspector_cli_sees_a_working_server() -> None:
    assert INSPECTOR is not None
    assert len(run_checks(INSPECTOR)) == 8
