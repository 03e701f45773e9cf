"""Every client path stays inside the served root; a refusal says why."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from codeknit.server.paths import Confinement, PathRefused


@pytest.fixture
def root(tmp_path: Path) -> Path:
    base = tmp_path / "root"
    (base / "pkg").mkdir(parents=True)
    (base / "pkg" / "a.py").write_text("x = 1\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("token = 1\n")
    os.symlink(outside, base / "escape")
    os.symlink(base / "pkg", base / "alias")
    return base


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("pkg/a.py", "pkg/a.py"), ("./pkg//a.py", "pkg/a.py"), (".", ""), ("", ""), ("pkg/", "pkg"),
     ("alias/a.py", "alias/a.py")],
)
def test_paths_inside_the_root_are_normalised(root: Path, raw: str, expected: str) -> None:
    assert Confinement(root).relative(raw) == expected


def test_an_absolute_path_inside_the_root_is_made_relative(root: Path) -> None:
    assert Confinement(root).relative(str(root / "pkg" / "a.py")) == "pkg/a.py"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("../outside/secret.py", "climbs out of the served root"),
        ("pkg/../../outside", "climbs out of the served root"),
        ("pkg/../pkg/a.py", "contains '..'"),
        ("/etc/passwd", "absolute path outside the served root"),
        ("escape/secret.py", "symlink 'escape', which points outside the served root"),
        ("escape", "points outside"),
        ("pkg/a\0.py", "NUL byte"),
        ("x" * 5000, "the limit is"),
    ],
)
def test_escapes_are_refused_with_the_reason(root: Path, raw: str, reason: str) -> None:
    with pytest.raises(PathRefused) as refused:
        Confinement(root).relative(raw, argument="path")
    assert reason in str(refused.value)
    assert str(refused.value).startswith("path: ")


def test_a_glob_is_checked_through_its_literal_directories(root: Path) -> None:
    confinement = Confinement(root)
    assert confinement.relative("pkg/**/*.py", allow_glob=True) == "pkg/**/*.py"
    with pytest.raises(PathRefused, match="symlink"):
        confinement.relative("escape/*.py", allow_glob=True)
    with pytest.raises(PathRefused, match=r"\.\."):
        confinement.relative("../*/secret.py", allow_glob=True)
