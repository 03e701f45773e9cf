"""One command line (issue 23, item 7; issue 22: options declared once).

The same names, defaults and exit codes in every command, an example in every ``--help``, older
spellings still accepted, and progress for every stage of a run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import codeknit
from codeknit.cli import main

EXAMPLE = Path(__file__).parents[2] / "examples" / "shop"


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def commands() -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}

    def walk(group: click.Group, prefix: str) -> None:
        for name, command in group.commands.items():
            found[f"{prefix}{name}"] = command
            if isinstance(command, click.Group):
                walk(command, f"{prefix}{name} ")

    walk(main, "")
    return found


ANALYSING = ["parse", "map", "chunks", "export", "graph analyze", "graph show", "graph hotspots"]
SHARED = ["--exclude", "--collect-test", "--max-file-size", "--workers", "--languages", "--no-points-to",
          "--no-cache", "--parse-timeout", "--quiet", "--verbose"]


@pytest.mark.parametrize("name", ["", *sorted(commands())])
def test_every_help_has_an_example(name: str) -> None:
    result = run(*name.split(), "--help")
    assert result.exit_code == 0
    assert "Examples:\n    codeknit " in result.stdout


@pytest.mark.parametrize("name", ANALYSING)
def test_every_analysing_command_has_the_same_options(name: str) -> None:
    command = commands()[name]
    options = {opt: param for param in command.params for opt in param.opts}
    for flag in SHARED:
        assert flag in options, f"{name} lacks {flag}"
    defaults = {flag: options[flag].default for flag in ("--max-file-size", "--workers", "--parse-timeout")}
    assert defaults == {"--max-file-size": 2 * 1024 * 1024, "--workers": 0, "--parse-timeout": 30.0}
    assert "PATH" in run(*name.split(), "--help").stdout.splitlines()[0]


def test_output_is_dash_o_everywhere() -> None:
    for name in ["parse", "map", "chunks", "export", "graph analyze", "graph show", "graph hotspots"]:
        assert "-o, --output" in run(*name.split(), "--help").stdout, name


@pytest.mark.parametrize("command", [["parse"], ["chunks", "--tokens", "300"]])
def test_a_dash_is_no_output_folder(command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``-o -`` means standard output to most users: a folder named ``-`` is refused, with the way to print."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [command[0], str(EXAMPLE), "-o", "-", *command[1:]])
    assert result.exit_code == 2 and "--output-mode inline" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [
    ["parse", str(EXAMPLE), "--output-mode", "inline", "--minify"],
    ["map", str(EXAMPLE), "--tokens", "300"],
    ["chunks", str(EXAMPLE), "--tokens", "300", "--chunk", "1"],
])
def test_an_unknown_tokenizer_is_a_usage_error_everywhere(command: list[str]) -> None:
    result = run(*command, "--tokenizer", "foo")
    assert result.exit_code == 2 and "--tokenizer" in result.stderr


def test_formats_and_choices_take_any_case(tmp_path: Path) -> None:
    result = run("export", str(EXAMPLE), "-f", "SCIP", "-o", str(tmp_path / "index.scip"), "-q", "--no-cache")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "index.scip").stat().st_size > 0
    assert run("parse", str(EXAMPLE), "--output-mode", "INLINE", "-f", "JSON", "-q").exit_code == 0
    assert run("map", str(EXAMPLE), "--tokens", "200", "--tokenizer", "CL100K_BASE", "-q").exit_code == 0


def test_older_spellings_still_work_and_stay_out_of_help(tmp_path: Path) -> None:
    old = run("parse", str(EXAMPLE), str(tmp_path / "chunks"), "--max-tokens", "400", "--clean", "-q")
    assert old.exit_code == 0, old.stderr
    assert json.loads((tmp_path / "chunks" / "chunks.json").read_text())["max_tokens"] == 400
    help_text = run("parse", "--help").stdout
    assert "--max-tokens" not in help_text and "--clean" not in help_text and "OUTDIR" not in help_text
    both = run("parse", str(EXAMPLE), str(tmp_path / "a"), "-o", str(tmp_path / "b"))
    assert both.exit_code == 2 and "give the output folder once" in both.stderr


def test_export_takes_the_scan_options(tmp_path: Path) -> None:
    result = run("export", str(EXAMPLE), "-f", "json", "--exclude", "web/**", "-q", "--no-cache")
    assert result.exit_code == 0
    assert {f["path"] for f in json.loads(result.stdout)["files"]} == {
        "shop/__init__.py", "shop/cart.py", "shop/pricing.py"}
    refused = run("export", str(tmp_path / "missing.json"), "-f", "dot")
    assert refused.exit_code == 2


class Recorder:
    def __init__(self) -> None:
        self.events: list[str] = []

    def __call__(self, done: int, total: int, path: str) -> None:
        if not self.events or self.events[-1] != "extracting":
            self.events.append("extracting")

    def phase(self, name: str) -> None:
        self.events.append(name)


def test_progress_names_every_stage(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    return g()\n\n\ndef g():\n    return 1\n")
    cold = Recorder()
    codeknit.index(tmp_path, progress=cold, cache=True)
    assert cold.events == ["checking", "extracting", "resolving", "storing"]
    warm = Recorder()
    codeknit.index(tmp_path, progress=warm, cache=True)
    assert warm.events == ["checking", "loading"]


@pytest.mark.parametrize("command", [["parse"], ["map"], ["graph", "analyze"], ["cache", "clear"], ["serve"]])
def test_a_broken_link_as_path_is_named_as_such(command: list[str], tmp_path: Path) -> None:
    """A dangling link or a loop of links is there (``ls`` shows it): "does not exist" would send the user
    looking for a typo. Each is a usage error that says what the link is."""
    (tmp_path / "loop_a").symlink_to("loop_b")
    (tmp_path / "loop_b").symlink_to("loop_a")
    (tmp_path / "dangling").symlink_to("gone/src")
    loop = CliRunner().invoke(main, [*command, str(tmp_path / "loop_a")])
    assert loop.exit_code == 2
    assert "is a symbolic link in a loop of links" in loop.output
    dangling = CliRunner().invoke(main, [*command, str(tmp_path / "dangling")])
    assert dangling.exit_code == 2
    assert "is a symbolic link to 'gone/src', which does not exist" in dangling.output
    missing = CliRunner().invoke(main, [*command, str(tmp_path / "missing")])
    assert missing.exit_code == 2 and "does not exist" in missing.output and "symbolic" not in missing.output
