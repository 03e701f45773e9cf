"""``--no-points-to`` on every command that indexes a tree: the name rules answer every call."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from points_to_sample import write_sample

from codeknit.cli import main


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    return write_sample(tmp_path / "proj")


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def calls_of(document: str) -> set[tuple[str, str, str]]:
    graph = json.loads(document)
    return {(r["from"], r["to"], r["resolution"]) for r in graph["relations"] if r["kind"] == "calls"}


def test_parse_json_says_which_analysis_answered(tree: Path) -> None:
    code, on = invoke("parse", str(tree), "--output-mode", "inline", "--format", "json", "--edges", "-q")
    assert code == 0, on
    code, off = invoke("parse", str(tree), "--output-mode", "inline", "--format", "json", "--edges", "-q",
                       "--no-points-to")
    assert code == 0, off
    assert json.loads(on)["options"]["points_to"] is True and json.loads(off)["options"]["points_to"] is False
    assert ("pkg/app.py::run", "pkg/app.py::helper", "resolved") in calls_of(on)
    assert ("pkg/app.py::run", "pkg/app.py::callback", "unresolved") in calls_of(off)
    assert ("pkg/app.py::main", "pkg/app.py::run", "resolved") in calls_of(on) & calls_of(off)


def test_parse_skeleton_shows_the_name_rules_answer(tree: Path) -> None:
    code, text = invoke("parse", str(tree), "--output-mode", "inline", "--edges", "-q", "--no-points-to")
    assert code == 0, text
    assert "--calls[unresolved]--> callback" in text


def test_export_map_and_graph_take_it(tree: Path, tmp_path: Path) -> None:
    code, exported = invoke("export", str(tree), "-f", "json", "--no-points-to")
    assert code == 0, exported
    assert json.loads(exported)["options"]["points_to"] is False
    code, ranked = invoke("map", str(tree), "--tokens", "200", "--no-points-to", "-q")
    assert code == 0 and "run(callback)" in ranked, ranked
    report = tmp_path / "report.md"
    code, output = invoke("graph", "analyze", str(tree), "-o", str(report), "--no-points-to", "-q")
    assert code == 0, output


def test_a_saved_graph_refuses_it(tree: Path, tmp_path: Path) -> None:
    saved = tmp_path / "graph.json"
    code, document = invoke("export", str(tree), "-f", "json")
    assert code == 0
    saved.write_text(document)
    code, message = invoke("export", str(saved), "-f", "csv-edges", "--no-points-to")
    assert code == 2 and "--no-points-to applies when PATH is a source directory" in message
