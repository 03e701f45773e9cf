"""The MCP Inspector CLI against ``codeknit serve``: runs only where the inspector is installed.

Set ``CODEKNIT_INSPECTOR`` to the ``mcp-inspector`` binary (see ``inspector_check.py``), or put it
on PATH. CI does not install it (an npm install of about 250 packages, and recent versions need
Node 22), so this is skipped there.
"""

from __future__ import annotations

import os
import shutil

import pytest
from inspector_check import run_checks

INSPECTOR = os.environ.get("CODEKNIT_INSPECTOR") or shutil.which("mcp-inspector")


@pytest.mark.skipif(INSPECTOR is None, reason="the MCP Inspector CLI is not installed (set CODEKNIT_INSPECTOR)")
def test_the_inspector_cli_sees_a_working_server() -> None:
    assert INSPECTOR is not None
    assert len(run_checks(INSPECTOR)) == 8
