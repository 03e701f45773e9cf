"""``codeknit graph hotspots`` on a git repository the test creates, with known churn and coupling."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from codeknit.analysis.hotspots import parse_since
from codeknit.cli import main

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

HEAD = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)

SOURCES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def helper(x):\n    return x + 1\n",
    "pkg/a.py": "from pkg.core import helper\n\n\ndef run():\n    return helper(1)\n",
    "pkg/b.py": "from pkg.core import helper\n\n\ndef other():\n    print(2)\n    return helper(2)\n",
    "pkg/lonely.py": "def alone():\n    return 0\n",
    "old/legacy.py": "def legacy():\n    return None\n",  # only ever in the first commit
}

# (days before HEAD, files touched); each touch appends a line
HISTORY = [
    (400, list(SOURCES)),  # outside a 12-month window
    (100, ["pkg/a.py", "pkg/lonely.py"]),
    (80, ["pkg/a.py", "pkg/lonely.py"]),
    (60, ["pkg/a.py", "pkg/lonely.py", "pkg/core.py"]),
    (5, ["pkg/b.py"]),
    (0, ["pkg/a.py"]),
]


def git(repo: Path, *args: str, when: datetime | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when.strftime("%Y-%m-%dT%H:%M:%S+0000")
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("history")
    git(root, "init", "-q", "-b", "main")
    for number, (days, touched) in enumerate(HISTORY):
        for path in touched:
            file = root / path
            file.parent.mkdir(parents=True, exist_ok=True)
            if not file.exists():
                file.write_text(SOURCES[path], encoding="utf-8")
            else:
                with file.open("a", encoding="utf-8") as out:
                    out.write(f"# change {number}\n")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"change {number}", when=HEAD - timedelta(days=days))
    return root


def hotspots(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["graph", "hotspots", *args, "-q"])
    return result.exit_code, result.stdout, result.stderr


def test_ranks_by_churn_recency_and_importance(repo):
    code, out, err = hotspots(str(repo), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["commits"] == 5  # the first commit is more than 12 months before HEAD
    assert data["window"] == {"since": "12mo", "start": "2024-06-01", "head": "2025-06-01"}
    spots = {h["path"]: h for h in data["hotspots"]}
    assert data["hotspots"][0]["path"] == "pkg/a.py"
    assert spots["pkg/a.py"]["commits"] == 4 and spots["pkg/a.py"]["last_change"] == "2025-06-01"
    assert spots["pkg/lonely.py"]["commits"] == 3 and spots["pkg/lonely.py"]["age_days"] == 60
    # core changed once, long ago, but everything uses it: structure lifts it over a fresher leaf
    assert spots["pkg/core.py"]["importance"] == 1.0
    assert spots["pkg/lonely.py"]["importance"] < spots["pkg/core.py"]["importance"]
    # recency: b.py changed once, 5 days ago; core.py once, 60 days ago (lines alike)
    assert spots["pkg/b.py"]["churn"] > spots["pkg/core.py"]["churn"]
    assert "pkg/__init__.py" not in spots  # not changed in the window
    assert data["excluded_uncertain"] == 1  # print() in b.py


def test_temporal_coupling_marks_pairs_without_a_dependency(repo):
    code, out, _ = hotspots(str(repo), "--format", "json")
    pairs = json.loads(out)["coupling"]["pairs"]
    assert pairs == [{"files": ["pkg/a.py", "pkg/lonely.py"], "shared": 3, "degree": 0.75, "structural": False}]
    code, out, _ = hotspots(str(repo), "--format", "json", "--min-shared", "1", "--min-degree", "0")
    structural = {tuple(p["files"]): p["structural"] for p in json.loads(out)["coupling"]["pairs"]}
    assert structural[("pkg/a.py", "pkg/core.py")] is True
    assert structural[("pkg/core.py", "pkg/lonely.py")] is False


def test_large_commits_are_left_out_of_coupling(repo):
    code, out, _ = hotspots(str(repo), "--format", "json", "--max-commit-files", "2", "--min-shared", "1")
    data = json.loads(out)["coupling"]
    assert data["commits_skipped"] == 1  # the commit touching a, lonely and core
    assert {tuple(p["files"]) for p in data["pairs"]} == {("pkg/a.py", "pkg/lonely.py")}


def test_since_widens_the_window_and_skt_is_deterministic(repo):
    code, out, _ = hotspots(str(repo), "--since", "2y")
    assert code == 0
    assert "commits 6 (no merges)" in out
    assert "[hotspots]" in out and "[coupling]" in out
    assert "resolved relations only; 1 uncertain relations excluded" in out
    assert hotspots(str(repo), "--since", "2y")[1] == out


def test_a_subdirectory_sees_paths_relative_to_itself(repo):
    code, out, err = hotspots(str(repo / "pkg"), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["hotspots"][0]["path"] == "a.py"


def test_no_git_history_is_a_clear_message(tmp_path):
    (tmp_path / "m.py").write_text("x = 1\n", encoding="utf-8")
    code, _, err = hotspots(str(tmp_path))
    assert code == 1
    assert "git" in err and "history" in err
    git(tmp_path, "init", "-q")
    code, _, err = hotspots(str(tmp_path))
    assert code == 1 and "no commits" in err


def test_a_window_without_commits_says_so(repo):
    code, _, err = hotspots(str(repo / "old"))
    assert code == 1
    assert "no commits changed files under" in err and "widen --since" in err
    code, out, _ = hotspots(str(repo / "old"), "--since", "2y")
    assert code == 0 and "old/legacy.py" not in out and "legacy.py score=" in out


def test_bad_since_is_a_usage_error(repo):
    code, _, err = hotspots(str(repo), "--since", "soon")
    assert code == 2 and "12mo" in err


def test_parse_since_uses_calendar_months():
    head = datetime(2025, 3, 31, tzinfo=UTC)
    assert parse_since("1mo", head) == datetime(2025, 2, 28, tzinfo=UTC)
    assert parse_since("12mo", head) == datetime(2024, 3, 31, tzinfo=UTC)
    assert parse_since("2w", head) == datetime(2025, 3, 17, tzinfo=UTC)
    assert parse_since("2024-01-02", head) == datetime(2024, 1, 2, tzinfo=UTC)
