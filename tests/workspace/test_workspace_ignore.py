"""The ignore-rule engine on its own (no file system)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from codeknit.workspace.ignore import IgnoreRules, PatternSet, is_default_excluded_dir

# Small alphabets so that patterns and paths actually meet.
PATTERN_PIECES = ["a", "b", "ab", "*", "**", "?", "/", ".py", "!", "[ab]", "\\", " ", "#", "."]
PATH_PARTS = ["a", "b", "ab", "a.py", "b.py", "ba", ".py", "x y", "a\nb"]

patterns = st.lists(st.lists(st.sampled_from(PATTERN_PIECES), min_size=1, max_size=5).map("".join), max_size=6)
rel_paths = st.lists(st.sampled_from(PATH_PARTS), min_size=1, max_size=4).map("/".join)


def _walk_says(lines: list[str], path: str) -> bool:
    """What the scan decides for a file: the folders above it first (one that is ignored is never entered),
    then the file, each by the last pattern that matches it."""
    patterns = PatternSet(lines)
    parts = path.split("/")
    return any(patterns.match("/".join(parts[:i]) + "/") for i in range(1, len(parts))) or bool(
        patterns.match(path))


@pytest.fixture(scope="module")
def git_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path_factory.mktemp("ignore-oracle")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return repo


def _git_says(repo: Path, lines: list[str], path: str) -> bool:
    for entry in repo.iterdir():
        if entry.name != ".git":
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    (repo / ".gitignore").write_text("".join(line + "\n" for line in lines))
    (repo / path).parent.mkdir(parents=True, exist_ok=True)
    (repo / path).write_text("x")
    found = subprocess.run(["git", "-C", str(repo), "check-ignore", "-q", "--no-index", "--", path], check=False)
    assert found.returncode in (0, 1), found
    return found.returncode == 0


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=patterns, path=rel_paths)
def test_the_walk_agrees_with_git(git_repo: Path, lines: list[str], path: str) -> None:
    """git itself is the oracle: pathspec's GitIgnoreSpec, asked about a folder, lets a ``*`` outrank a later
    ``!d/`` and dropped every file of ``*``, ``!d/``, ``!d/*.py``."""
    assume("\n" not in path and not any(part in (".", "..", ".git") for part in path.split("/")))
    assert _walk_says(lines, path) is _git_says(git_repo, lines, path), (lines, path)


def test_ignore_everything_then_re_include_a_folder_and_its_python() -> None:
    lines = ["*", "!d/", "!d/*.py"]
    assert _walk_says(lines, "d/a.py") is False
    assert _walk_says(lines, "d/a.txt") is True
    assert _walk_says(lines, "e/a.py") is True
    assert _walk_says(["*", "!*/", "!*.py"], "src/pkg/m.py") is False


def test_patterns_run_in_linear_time() -> None:
    """``a*a*a*a*a*a*a*a*b`` against names of 46 characters backtracked for minutes with Python's ``re``."""
    patterns = PatternSet(["a*a*a*a*a*a*a*a*a*a*a*b", "!keep"])
    assert patterns._patterns is not None  # (on RE2; a regression to backtracking hangs the loop below)
    for index in range(200):
        assert patterns.match("a" * 46 + str(index)) is None


def test_pattern_set_basics() -> None:
    patterns = PatternSet(["*.log", "!keep.log", "build/", "/root_only"])
    assert patterns.match("x.log") is True
    assert patterns.match("d/keep.log") is False
    assert patterns.match("x.py") is None
    assert patterns.match("build/") is True
    assert patterns.match("build") is None  # dir-only pattern, file path
    assert patterns.match("root_only") is True
    assert patterns.match("d/root_only") is None
    assert patterns._prefilter is not None  # the fast path is in use
    assert not PatternSet(["# only a comment", ""])
    assert PatternSet(["x"])


def test_bad_pattern_line_does_not_lose_the_file() -> None:
    # A lone "!" or "**/" style oddities must not make the whole file useless.
    patterns = PatternSet(["a.py", "!", "b.py"])
    assert patterns.match("a.py") is True
    assert patterns.match("b.py") is True


def test_rules_precedence() -> None:
    root_level = PatternSet(["*.gen.py", "vendor_*/"])
    nested = PatternSet(["!*.gen.py", "/local.py"])
    info = PatternSet(["info.py", "x.gen.py"])
    rules = IgnoreRules.create(["excluded.py"], info).child("", root_level)
    sub = rules.child("lib", nested)

    assert rules.is_ignored("a.gen.py", False)
    assert rules.is_ignored("lib/a.gen.py", False)
    assert not sub.is_ignored("lib/a.gen.py", False)  # deeper file wins
    assert sub.is_ignored("lib/local.py", False)  # anchored to lib/
    assert not sub.is_ignored("lib/deep/local.py", False)
    assert rules.is_ignored("vendor_x", True)
    assert not rules.is_ignored("vendor_x", False)
    assert rules.is_ignored("info.py", False)
    assert rules.is_ignored("excluded.py", False)
    assert sub.is_ignored("lib/excluded.py", False)
    assert not rules.is_ignored("other.py", False)
    assert not IgnoreRules.create().is_ignored("anything.py", False)
    assert IgnoreRules.create().empty
    assert not rules.empty


def test_exclude_normalises_dot_slash() -> None:
    rules = IgnoreRules.create(["./docs/", "!./docs/keep.py"])
    assert rules.is_ignored("docs", True)
    assert not rules.is_ignored("docs/keep.py", False)


def test_default_excluded_dir_names() -> None:
    assert is_default_excluded_dir("node_modules")
    assert is_default_excluded_dir("codeknit.egg-info")
    assert not is_default_excluded_dir("vendor")
    assert not is_default_excluded_dir("src")
    assert not is_default_excluded_dir("Build")  # exact names only
