"""scan() and symbolic links."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from codeknit.workspace import ScanResult, Skipped, scan

Tree = Callable[[dict[str, str | bytes]], Path]

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX symlinks")


def paths(result: ScanResult) -> list[str]:
    return [f.path for f in result.files]


def link(at: Path, target: str | Path) -> None:
    at.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, at)


def test_file_symlink_inside_root_is_followed(make_tree: Tree) -> None:
    root = make_tree({"real/a.py": "x = 1\n"})
    link(root / "alias.py", "real/a.py")
    result = scan(root)
    assert paths(result) == ["alias.py", "real/a.py"]
    alias = result.files[0]
    # The path as walked, not the resolved one.
    assert alias.abspath == root / "alias.py"
    assert alias.abspath.is_symlink()
    assert alias.size == 6
    assert result.skipped == []


def test_file_symlink_with_extensionless_target(make_tree: Tree) -> None:
    root = make_tree({"bin/tool": "#!/usr/bin/env python3\n"})
    link(root / "run", "bin/tool")
    assert paths(scan(root)) == ["bin/tool", "run"]


def test_dir_symlink_to_otherwise_unwalked_dir_is_followed(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "/generated/\n", "generated/api.py": "", "src/app.py": ""})
    link(root / "src" / "gen", "../generated")
    result = scan(root)
    assert paths(result) == ["src/app.py", "src/gen/api.py"]
    assert result.files[1].abspath == root / "src" / "gen" / "api.py"
    assert result.skipped == []


def test_dir_symlink_to_scanned_dir_is_not_walked_twice(make_tree: Tree) -> None:
    # "alias" sorts before "src": the real path still wins.
    root = make_tree({"src/app.py": "", "src/sub/b.py": ""})
    link(root / "alias", "src")
    link(root / "zeta", "src/sub")
    result = scan(root)
    assert paths(result) == ["src/app.py", "src/sub/b.py"]
    assert result.skipped == [
        Skipped("alias", "symlink to already scanned directory"),
        Skipped("zeta", "symlink to already scanned directory"),
    ]


def test_two_links_to_the_same_unwalked_dir(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "hidden/\n", "hidden/x.py": ""})
    link(root / "b", "hidden")
    link(root / "a", "hidden")
    result = scan(root)
    assert paths(result) == ["a/x.py"]
    assert result.skipped == [Skipped("b", "symlink to already scanned directory")]


def test_symlink_loop_to_ancestor_terminates(make_tree: Tree) -> None:
    root = make_tree({"a/b/c.py": "", "top.py": ""})
    link(root / "a" / "b" / "up", "..")
    link(root / "a" / "self", ".")
    link(root / "root_again", ".")
    result = scan(root)
    assert paths(result) == ["a/b/c.py", "top.py"]
    assert result.skipped == [
        Skipped("a/b/up", "symlink loop"),
        Skipped("a/self", "symlink loop"),
        Skipped("root_again", "symlink loop"),
    ]


def test_loop_through_followed_link_terminates(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "hidden/\n", "hidden/x.py": ""})
    link(root / "view", "hidden")
    link(root / "hidden" / "back", "../view")  # hidden/back -> view -> hidden
    result = scan(root)
    assert paths(result) == ["view/x.py"]
    assert result.skipped == [Skipped("view/back", "symlink loop")]


def test_file_symlink_cycle(make_tree: Tree) -> None:
    root = make_tree({"ok.py": ""})
    link(root / "a.py", "b.py")
    link(root / "b.py", "a.py")
    result = scan(root)
    assert paths(result) == ["ok.py"]
    assert result.skipped == [Skipped("a.py", "symlink loop"), Skipped("b.py", "symlink loop")]


def test_symlinks_outside_root_are_refused(make_tree: Tree, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "pkg").mkdir(parents=True)
    (outside / "secret.py").write_text("x = 1\n")
    (outside / "pkg" / "m.py").write_text("")
    (outside / "notes.txt").write_text("")
    root = make_tree({"a.py": ""})
    link(root / "secret.py", outside / "secret.py")
    link(root / "pkg", outside / "pkg")
    link(root / "sub" / "rel.py", "../../outside/secret.py")
    link(root / "notes.txt", outside / "notes.txt")  # not source: not worth reporting
    result = scan(root)
    assert paths(result) == ["a.py"]
    assert result.skipped == [
        Skipped("pkg", "symlink outside root"),
        Skipped("secret.py", "symlink outside root"),
        Skipped("sub/rel.py", "symlink outside root"),
    ]


def test_broken_symlinks(make_tree: Tree) -> None:
    root = make_tree({"a.py": ""})
    link(root / "gone.py", "nowhere.py")
    link(root / "gone_dir", "missing/dir")
    link(root / "gone.txt", "nowhere.txt")
    result = scan(root)
    assert paths(result) == ["a.py"]
    assert result.skipped == [Skipped("gone.py", "broken symlink"), Skipped("gone_dir", "broken symlink")]


def test_ignored_symlinks_are_not_reported(make_tree: Tree, tmp_path: Path) -> None:
    root = make_tree({".gitignore": "gone.py\nout/\n", "a.py": ""})
    link(root / "gone.py", "nowhere.py")
    link(root / "out", tmp_path)
    result = scan(root)
    assert paths(result) == ["a.py"]
    assert result.skipped == []


def test_link_into_default_excluded_dir_is_not_followed(make_tree: Tree) -> None:
    root = make_tree({"node_modules/lib/index.js": "", "a.js": ""})
    link(root / "lib", "node_modules/lib")
    result = scan(root)
    assert paths(result) == ["a.js"]
    assert result.skipped == []


def test_follow_symlinks_false_skips_all_links_silently(make_tree: Tree, tmp_path: Path) -> None:
    root = make_tree({".gitignore": "hidden/\n", "hidden/x.py": "", "real/a.py": ""})
    link(root / "alias.py", "real/a.py")
    link(root / "view", "hidden")
    link(root / "gone.py", "nowhere.py")
    link(root / "out.py", tmp_path / "nothing.py")
    link(root / "loop", ".")
    result = scan(root, follow_symlinks=False)
    assert paths(result) == ["real/a.py"]
    assert result.skipped == []


def test_symlinked_test_file_is_reported_under_link_path(make_tree: Tree) -> None:
    root = make_tree({"src/helper.py": ""})
    link(root / "tests" / "helper.py", "../src/helper.py")
    result = scan(root)
    assert paths(result) == ["src/helper.py"]
    assert result.skipped == [Skipped("tests/helper.py", "test file")]


def test_scans_with_links_are_deterministic(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "h*/\n", "h1/a.py": "", "h2/b.py": "", "src/c.py": ""})
    for name, target in [("z", "h1"), ("y", "h2"), ("x", "h1"), ("w", "src"), ("v", ".")]:
        link(root / name, target)
    first = scan(root)
    assert first == scan(root)
    assert paths(first) == ["src/c.py", "x/a.py", "y/b.py"]
