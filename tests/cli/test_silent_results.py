"""Results that used to be silent now say what they are (issue 23, item 6; issue 22: the CLI never
changes the graph)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from codeknit.cli import main

EXAMPLE = Path(__file__).parents[2] / "examples" / "shop"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("command", [
    ["parse", "{empty}", "-o", "{out}/skel"],
    ["parse", "{empty}", "--output-mode", "inline"],
    ["map", "{empty}", "--tokens", "100"],
    ["chunks", "{empty}", "--tokens", "100", "-o", "{out}/chunks"],
    ["export", "{empty}", "-f", "json"],
    ["graph", "analyze", "{empty}"],
])
def test_an_empty_folder_says_nothing_was_found(tmp_path: Path, command: list[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("no source here")
    arguments = [part.format(empty=empty, out=tmp_path) for part in command]
    for _ in range(2):  # the second parse copies its kept output: it must still say so
        code, _, err = run(*arguments)
        assert code in (0, 1), err
        assert f"warning: no source files found in {empty}" in err
    assert "no source files found" not in run(*arguments, "-q")[2]


def test_the_summary_counts_the_relations_the_skeleton_leaves_out(tmp_path: Path) -> None:
    code, _, err = run("parse", str(EXAMPLE), "-o", str(tmp_path / "skel"), "--no-cache")
    assert code == 0
    summary = err.strip().splitlines()[-1]
    assert " 0 relations" not in summary
    assert "relations (not in the skeleton: add --edges)" in summary
    code, _, err = run("parse", str(EXAMPLE), "-o", str(tmp_path / "skel2"), "--edges", "--no-cache")
    assert "not in the skeleton" not in err


def test_the_graph_json_holds_the_relations_without_edges(tmp_path: Path) -> None:
    code, out, err = run("parse", str(EXAMPLE), "--output-mode", "inline", "--format", "json", "--no-cache")
    assert code == 0, err
    document = json.loads(out)
    assert len(document["relations"]) > 0
    assert document["metrics"]["queries"] > 0
