"""codeknit export and codeknit formats: inputs, output, --symbol, warnings on stderr, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from exporter_helpers import FIXTURES, GOLDEN_INPUTS

from codeknit.cli import main
from codeknit.exporters import FORMATS, lsif

ROOT = GOLDEN_INPUTS / "python" / "input"


@pytest.fixture(scope="module")
def saved_graph(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("graph") / "graph.json"
    result = CliRunner().invoke(main, ["export", str(ROOT), "-f", "json", "-o", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_formats_lists_every_format() -> None:
    result = CliRunner().invoke(main, ["formats"])
    assert result.exit_code == 0
    for fmt in FORMATS.values():
        assert fmt.name in result.output and fmt.consumer in result.output


def test_directory_saved_graph_and_stdin_give_the_same_dump(saved_graph: Path) -> None:
    runner = CliRunner()
    from_dir = runner.invoke(main, ["export", str(ROOT), "-f", "lsif"])
    from_file = runner.invoke(main, ["export", str(saved_graph), "-f", "lsif", "--source-root", str(ROOT)])
    from_stdin = runner.invoke(main, ["export", "-", "-f", "lsif", "--source-root", str(ROOT)],
                               input=saved_graph.read_bytes())
    assert from_dir.exit_code == from_file.exit_code == from_stdin.exit_code == 0
    assert from_dir.stdout == from_file.stdout == from_stdin.stdout
    assert lsif.check(io.StringIO(from_stdin.stdout)) == []
    assert "no-sources" not in from_file.stderr
    without_sources = runner.invoke(main, ["export", str(saved_graph), "-f", "lsif"])
    assert "warning[no-sources]" in without_sources.stderr


def test_warnings_go_to_stderr_and_deny_warnings_exits_3(saved_graph: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["export", str(saved_graph), "-f", "scip", "-o", str(tmp_path / "a.scip")])
    assert result.exit_code == 0 and "warning[unnamed-reference]" in result.stderr
    denied = runner.invoke(main, ["export", str(saved_graph), "-f", "scip", "-o", str(tmp_path / "a.scip"),
                                  "--deny-warnings"])
    assert denied.exit_code == 3
    clean = runner.invoke(main, ["export", str(saved_graph), "-f", "dot", "--deny-warnings"])
    assert clean.exit_code == 0 and clean.stderr == ""


def test_symbol_and_its_errors(saved_graph: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["export", str(saved_graph), "-f", "mermaid", "--symbol", "checkout"])
    assert result.exit_code == 0 and result.stdout.startswith("---\ntitle: \"edges touching checkout")
    ambiguous = runner.invoke(main, ["export", str(saved_graph), "-f", "dot", "--symbol", "save"])
    assert ambiguous.exit_code == 2 and "names 2 symbols" in ambiguous.stderr
    ignored = runner.invoke(main, ["export", str(saved_graph), "-f", "lsif", "--symbol", "checkout"])
    assert ignored.exit_code == 0 and "warning[symbol-ignored]" in ignored.stderr


def test_output_file_languages_and_no_resolve(tmp_path: Path) -> None:
    runner = CliRunner()
    target = tmp_path / "out.json"
    result = runner.invoke(main, ["export", str(FIXTURES / "polyglot"), "-f", "json", "-l", "go", "-o", str(target)])
    assert result.exit_code == 0 and result.stdout == ""
    document = json.loads(target.read_text())
    assert {f["language"] for f in document["files"]} == {"go"}
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left behind
    assert target.stat().st_mode & 0o044 == 0o044  # readable like any file the user writes, not private
    structure = runner.invoke(main, ["export", str(ROOT), "-f", "lsif", "--no-resolve"])
    assert structure.exit_code == 0 and "warning[no-references]" in structure.stderr
    refused = runner.invoke(main, ["export", str(target), "-f", "lsif", "--no-resolve"])
    assert refused.exit_code == 2


def test_bad_inputs(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["export", str(tmp_path / "nope"), "-f", "dot"])
    assert missing.exit_code == 2
    (tmp_path / "bad.json").write_text('{"schema": "something else"}')
    bad = runner.invoke(main, ["export", str(tmp_path / "bad.json"), "-f", "dot"])
    assert bad.exit_code == 1 and "not a codeknit graph document" in bad.stderr
    unknown = runner.invoke(main, ["export", str(ROOT), "-f", "pdf"])
    assert unknown.exit_code == 2


def test_scip_refuses_a_terminal(saved_graph: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import codeknit.cli.export as export_command

    monkeypatch.setattr(export_command, "stdout_is_terminal", lambda: True)
    result = CliRunner().invoke(main, ["export", str(saved_graph), "-f", "scip"])
    assert result.exit_code == 1 and "refusing to write binary SCIP output to a terminal" in result.stderr
    to_file = CliRunner().invoke(main, ["export", str(saved_graph), "-f", "scip", "-o", str(tmp_path / "b.scip")])
    assert to_file.exit_code == 0
