"""``codeknit serve --no-points-to``: a real stdio session whose index answers calls by name only."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import stdio_session
from mcp.types import CallToolResult
from points_to_sample import write_sample

pytestmark = pytest.mark.anyio


def text(result: CallToolResult) -> str:
    assert result.content and result.content[0].type == "text"
    return result.content[0].text  # type: ignore[union-attr]


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    return write_sample(tmp_path / "proj")


@pytest.mark.parametrize("points_to", [True, False])
async def test_serve_answers_with_the_analysis_it_was_told(tree: Path, points_to: bool) -> None:
    flags = () if points_to else ("--no-points-to",)
    async with stdio_session(tree, "--debounce", "0", "--no-cache", *flags) as session:
        around = await session.call_tool("neighbors", {"symbol": "pkg/app.py::run", "direction": "out"},
                                         read_timeout_seconds=120)
        assert not around.is_error, text(around)
        status = await session.call_tool("index_status", {}, read_timeout_seconds=120)
    assert status.structured_content is not None and status.structured_content["points_to"] is points_to
    if points_to:
        assert "helper()" in text(around) and "[unresolved]" not in text(around)
        assert "- calls: names and Python points-to" in text(status)
    else:
        assert "--calls[unresolved]--> callback" in text(around)
        assert "- calls: names only (--no-points-to)" in text(status)
