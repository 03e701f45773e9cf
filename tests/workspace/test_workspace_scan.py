"""scan(): walking, ignore rules, filters and what gets reported."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from codeknit.workspace import LANGUAGES, ScanError, ScanResult, Skipped, SourceFile, scan
from codeknit.workspace.ignore import DEFAULT_EXCLUDED_DIRS

Tree = Callable[[dict[str, str | bytes]], Path]


def paths(result: ScanResult) -> list[str]:
    return [f.path for f in result.files]


def reasons(result: ScanResult) -> dict[str, str]:
    return {s.path: s.reason for s in result.skipped}


# -- basics ---------------------------------------------------------------------


def test_finds_source_files(make_tree: Tree) -> None:
    root = make_tree(
        {
            "src/app.py": "print('hi')\n",
            "src/util.ts": "export const x = 1;\n",
            "src/lib.rs": "fn main() {}\n",
            "main.go": "package main\n",
            "README.md": "# readme\n",
            "data.json": "{}",
            "web/index.html": "<html></html>",
        }
    )
    result = scan(root)
    assert result.root == root
    assert result.root.is_absolute()
    assert paths(result) == ["main.go", "src/app.py", "src/lib.rs", "src/util.ts"]
    by_path = {f.path: f for f in result.files}
    assert by_path["src/app.py"] == SourceFile("src/app.py", root / "src" / "app.py", "python", 12)
    assert by_path["src/util.ts"].language == "typescript"
    assert by_path["src/lib.rs"].language == "rust"
    assert by_path["main.go"].size == len("package main\n")
    # Non-source files are neither listed nor reported.
    assert result.skipped == []


def test_relative_root_is_made_absolute(make_tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_tree({"a.py": "x = 1\n"})
    monkeypatch.chdir(root.parent)
    result = scan("proj")
    assert result.root == root
    assert result.files[0].abspath == root / "a.py"
    assert result.files[0].abspath.is_absolute()


def test_results_are_sorted_by_plain_string(make_tree: Tree) -> None:
    root = make_tree(
        {
            "b.py": "",
            "a/z.py": "",
            "a.py": "",
            "a-b.py": "",
            "A.py": "",
            "a/b/c.py": "",
            "tests/t.py": "",
            "a/test_x.py": "",
        }
    )
    result = scan(root)
    assert paths(result) == sorted(paths(result))
    assert paths(result) == ["A.py", "a-b.py", "a.py", "a/b/c.py", "a/z.py", "b.py"]
    assert [s.path for s in result.skipped] == ["a/test_x.py", "tests/t.py"]


def test_scan_is_deterministic(make_tree: Tree) -> None:
    spec: dict[str, str | bytes] = {f"pkg{i % 7}/mod{i}.py": f"x = {i}\n" for i in range(60)}
    spec.update({"pkg1/test_a.py": "", "bin.py": b"\0\0", ".gitignore": "pkg3/\n"})
    root = make_tree(spec)
    first = scan(root)
    second = scan(root)
    assert first == second
    assert first.files and first.skipped
    assert not any(p.startswith("pkg3/") for p in paths(first))


def test_root_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(ScanError, match="does not exist"):
        scan(tmp_path / "missing")


def test_root_broken_symlink(tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "missing")
    with pytest.raises(ScanError):
        scan(link)


def test_invalid_options(make_tree: Tree) -> None:
    root = make_tree({"a.py": ""})
    with pytest.raises(ValueError, match="cobol"):
        scan(root, languages=["python", "cobol"])
    with pytest.raises(ValueError):
        scan(root, max_file_size=-1)


def test_root_as_symlink_to_directory(make_tree: Tree, tmp_path: Path) -> None:
    root = make_tree({"src/a.py": "x = 1\n"})
    link = tmp_path / "alias"
    link.symlink_to(root, target_is_directory=True)
    result = scan(link)
    assert result.root == link
    assert paths(result) == ["src/a.py"]
    assert result.files[0].abspath == link / "src" / "a.py"


# -- language detection in the walk -------------------------------------------------


def test_shebang_scripts_and_special_names(make_tree: Tree) -> None:
    root = make_tree(
        {
            "bin/tool": "#!/usr/bin/env python3\nprint(1)\n",
            "bin/serve": "#!/usr/bin/env -S node --enable-source-maps\n",
            "bin/deploy": "#!/bin/bash\necho\n",
            "bin/blob": b"\x7fELF\x02\x01\x01\x00\x00\x00",
            "Rakefile": "task :default\n",
            "Gemfile": "source 'https://rubygems.org'\n",
            "LICENSE": "MIT\n",
        }
    )
    result = scan(root)
    assert {f.path: f.language for f in result.files} == {
        "Gemfile": "ruby",
        "Rakefile": "ruby",
        "bin/serve": "javascript",
        "bin/tool": "python",
    }
    # Extension-less files that are not scripts are not source: not reported.
    assert result.skipped == []


def test_header_language_uses_content(make_tree: Tree) -> None:
    root = make_tree(
        {
            "inc/c_only.h": "struct p { int x; };\n",
            "inc/widget.h": "#pragma once\nclass Widget {\npublic:\n  int n;\n};\n",
            "inc/tpl.h": "template <typename T> T id(T x) { return x; }\n",
        }
    )
    result = scan(root)
    assert {f.path: f.language for f in result.files} == {
        "inc/c_only.h": "c",
        "inc/tpl.h": "cpp",
        "inc/widget.h": "cpp",
    }
    cpp_only = scan(root, languages=["cpp"])
    assert paths(cpp_only) == ["inc/tpl.h", "inc/widget.h"]
    c_only = scan(root, languages={"c"})
    assert paths(c_only) == ["inc/c_only.h"]


def test_objective_c_headers_are_skipped_with_a_reason(make_tree: Tree) -> None:
    root = make_tree(
        {
            "ios/View.h": "#import <UIKit/UIKit.h>\n\n@interface View : UIView\n@end\n",
            "ios/plain.h": "struct p { int x; };\n",
            "ios/widget.h": "class Widget {\npublic:\n  int n;\n};\n",
        }
    )
    reason = "Objective-C header (Objective-C is not supported)"
    result = scan(root)
    assert {f.path: f.language for f in result.files} == {"ios/plain.h": "c", "ios/widget.h": "cpp"}
    assert result.skipped == [Skipped("ios/View.h", reason)]
    # a scan of C++ alone still says why the header is left out (it could have been C++)
    assert scan(root, languages=["cpp"]).skipped == [Skipped("ios/View.h", reason)]
    assert scan(root, languages=["python"]).skipped == []
    single = scan(root / "ios" / "View.h")
    assert single.files == [] and single.skipped == [Skipped("View.h", reason)]


def test_languages_filter(make_tree: Tree) -> None:
    root = make_tree(
        {
            "a.py": "",
            "b.ts": "",
            "c.go": "",
            "tool": "#!/usr/bin/env python3\n",
            "script": "#!/usr/bin/env node\n",
            "test_a.py": "",
            "c_test.go": "",
        }
    )
    result = scan(root, languages=["python"])
    assert paths(result) == ["a.py", "tool"]
    # Files of other languages are dropped silently, even if they are tests.
    assert result.skipped == [Skipped("test_a.py", "test file")]
    result = scan(root, languages=("go", "typescript"))
    assert paths(result) == ["b.ts", "c.go"]
    assert scan(root, languages=[]).files == []
    assert len(scan(root, languages=LANGUAGES).files) == 5


# -- .gitignore ----------------------------------------------------------------------


def test_root_gitignore(make_tree: Tree) -> None:
    root = make_tree(
        {
            ".gitignore": "\n".join(
                [
                    "# a comment",
                    "*.gen.py",
                    "!keep.gen.py",
                    "/top_only.py",
                    "logs/",
                    "cache",
                    "docs/**/draft_*.md",
                    "",
                ]
            ),
            "a.py": "",
            "x.gen.py": "",
            "sub/y.gen.py": "",
            "keep.gen.py": "",
            "sub/keep.gen.py": "",
            "top_only.py": "",
            "sub/top_only.py": "",
            "logs/l.py": "",
            "sub/logs/l.py": "",
            "logs.py": "",
            "cache/c.py": "",
            "sub/cache": "#!/usr/bin/env python\n",  # a *file* named cache: also ignored
        }
    )
    result = scan(root)
    assert paths(result) == ["a.py", "keep.gen.py", "logs.py", "sub/keep.gen.py", "sub/top_only.py"]
    # Ignored files are not reported.
    assert result.skipped == []


def test_dir_only_pattern_does_not_match_files(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "tool/\n", "tool": "#!/usr/bin/env python3\n", "x/tool/a.py": ""})
    assert paths(scan(root)) == ["tool"]


def test_nested_gitignore_applies_to_its_subtree(make_tree: Tree) -> None:
    root = make_tree(
        {
            ".gitignore": "*.tmp.py\nbuild_*/\n",
            "a.tmp.py": "",
            "lib/.gitignore": "/local.py\nsecret*.py\n!*.tmp.py\n",
            "lib/local.py": "",  # anchored to lib/
            "lib/deep/local.py": "",  # not matched by /local.py in lib/.gitignore
            "lib/secret1.py": "",
            "lib/deep/secret2.py": "",
            "lib/b.tmp.py": "",  # re-included by the nested negation
            "lib/ok.py": "",
            "other/local.py": "",  # lib's rules do not apply here
            "other/secret.py": "",
            "other/c.tmp.py": "",
            "lib/build_x/z.py": "",
        }
    )
    result = scan(root)
    assert paths(result) == [
        "lib/b.tmp.py",
        "lib/deep/local.py",
        "lib/ok.py",
        "other/local.py",
        "other/secret.py",
    ]


def test_deeper_gitignore_overrides_and_last_pattern_wins(make_tree: Tree) -> None:
    root = make_tree(
        {
            ".gitignore": "gen/\n",
            "pkg/.gitignore": "!gen/\n",
            "pkg/gen/a.py": "",
            "gen/b.py": "",
            "pkg/sub/.gitignore": "x.py\n!x.py\ny.py\n",
            "pkg/sub/x.py": "",
            "pkg/sub/y.py": "",
        }
    )
    assert paths(scan(root)) == ["pkg/gen/a.py", "pkg/sub/x.py"]


def test_cannot_reinclude_file_in_ignored_directory(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "out_dir/\n!out_dir/keep.py\n", "out_dir/keep.py": "", "a.py": ""})
    assert paths(scan(root)) == ["a.py"]


def test_gitignore_honoured_without_git_repo(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "skip.py\n", "skip.py": "", "keep.py": ""})
    assert not (root / ".git").exists()
    assert paths(scan(root)) == ["keep.py"]


def test_gitignore_crlf_bom_and_trailing_spaces(make_tree: Tree) -> None:
    root = make_tree(
        {
            ".gitignore": b"\xef\xbb\xbffirst.py\r\nsecond.py  \r\n",
            "first.py": "",
            "second.py": "",
            "third.py": "",
        }
    )
    assert paths(scan(root)) == ["third.py"]


def test_gitignore_directory_or_unreadable_is_harmless(make_tree: Tree) -> None:
    root = make_tree({".gitignore/x.txt": "", "a.py": "", "sub/.gitignore": b"\xff\xfe\0bad\n", "sub/b.py": ""})
    assert paths(scan(root)) == ["a.py", "sub/b.py"]


def test_git_info_exclude(make_tree: Tree) -> None:
    root = make_tree(
        {
            ".git/info/exclude": "private.py\nlocal/\n",
            ".git/HEAD": "ref: refs/heads/main\n",
            "private.py": "",
            "sub/private.py": "",
            "local/x.py": "",
            "a.py": "",
            "keep/.gitignore": "!private.py\n",
            "keep/private.py": "",
        }
    )
    # .gitignore files take precedence over info/exclude.
    assert paths(scan(root)) == ["a.py", "keep/private.py"]


def test_git_info_exclude_of_worktree(make_tree: Tree, tmp_path: Path) -> None:
    gitdir = tmp_path / "repo.git" / "worktrees" / "wt"
    (gitdir.parent.parent / "info").mkdir(parents=True)
    (gitdir.parent.parent / "info" / "exclude").write_text("hidden.py\n")
    gitdir.mkdir(parents=True)
    (gitdir / "commondir").write_text("../..\n")
    root = make_tree({".git": f"gitdir: {gitdir}\n", "hidden.py": "", "a.py": ""})
    assert paths(scan(root)) == ["a.py"]


def test_nested_git_info_exclude_is_not_used(make_tree: Tree) -> None:
    root = make_tree({"sub/.git/info/exclude": "x.py\n", "sub/x.py": ""})
    assert paths(scan(root)) == ["sub/x.py"]


# -- --exclude -------------------------------------------------------------------------


def test_exclude_patterns(make_tree: Tree) -> None:
    root = make_tree(
        {
            "a.py": "",
            "gen/b.py": "",
            "src/gen/c.py": "",
            "src/d.min.js": "",
            "src/e.js": "",
            "docs/conf.py": "",
        }
    )
    result = scan(root, exclude=["*.min.js", "/gen", "./docs/"])
    assert paths(result) == ["a.py", "src/e.js", "src/gen/c.py"]
    assert result.skipped == []
    assert paths(scan(root, exclude=["gen/"])) == ["a.py", "docs/conf.py", "src/d.min.js", "src/e.js"]
    assert paths(scan(root, exclude=["src/*"])) == ["a.py", "docs/conf.py", "gen/b.py"]


def test_exclude_as_a_single_string(make_tree: Tree) -> None:
    root = make_tree({"a.py": "", "b.js": ""})
    assert paths(scan(root, exclude="*.js")) == ["a.py"]


def test_exclude_takes_precedence_over_gitignore(make_tree: Tree) -> None:
    root = make_tree(
        {
            ".gitignore": "gen_*.py\n!gen_keep.py\n",
            "gen_a.py": "",
            "gen_keep.py": "",
            "gen_wanted.py": "",
            "z.py": "",
        }
    )
    assert paths(scan(root)) == ["gen_keep.py", "z.py"]
    assert paths(scan(root, exclude=["gen_keep.py"])) == ["z.py"]
    # Like git's command-line patterns, a negated --exclude re-includes.
    assert paths(scan(root, exclude=["!gen_wanted.py"])) == ["gen_keep.py", "gen_wanted.py", "z.py"]


# -- default-skipped directories --------------------------------------------------------


@pytest.mark.parametrize("name", sorted(DEFAULT_EXCLUDED_DIRS) + ["foo.egg-info"])
def test_default_excluded_directories(make_tree: Tree, name: str) -> None:
    root = make_tree({f"{name}/a.py": "", f"pkg/{name}/b.py": "", "pkg/c.py": ""})
    result = scan(root)
    assert paths(result) == ["pkg/c.py"]
    assert result.skipped == []


def test_required_default_names() -> None:
    for name in (".git", "node_modules", ".venv", "venv", "__pycache__", "dist", "build", "target"):
        assert name in DEFAULT_EXCLUDED_DIRS
    assert "vendor" not in DEFAULT_EXCLUDED_DIRS


def test_vendor_and_lookalikes_are_scanned(make_tree: Tree) -> None:
    root = make_tree(
        {
            "vendor/github.com/x/y.go": "",
            "builder/a.py": "",
            "dist.py": "",
            "out.py": "",
            "target": "#!/usr/bin/env python3\n",  # a file, not a directory
            "my.egg-info.py": "",
        }
    )
    assert paths(scan(root)) == [
        "builder/a.py",
        "dist.py",
        "my.egg-info.py",
        "out.py",
        "target",
        "vendor/github.com/x/y.go",
    ]


def test_virtualenv_detected_by_pyvenv_cfg(make_tree: Tree) -> None:
    root = make_tree(
        {
            "tools/python-env/pyvenv.cfg": "home = /usr/bin\n",
            "tools/python-env/lib/python3.11/site.py": "",
            "tools/python-env/bin/activate_this.py": "",
            "tools/real.py": "",
            "pyvenv.cfg.py": "",
        }
    )
    result = scan(root)
    assert paths(result) == ["pyvenv.cfg.py", "tools/real.py"]
    assert result.skipped == []


def test_root_with_pyvenv_cfg_is_still_scanned(make_tree: Tree) -> None:
    root = make_tree({"pyvenv.cfg": "home = /usr\n", "a.py": ""})
    assert paths(scan(root)) == ["a.py"]


def test_depth_guard(make_tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    import codeknit.workspace.scanner as scanner

    monkeypatch.setattr(scanner, "MAX_DEPTH", 2)
    root = make_tree({"a/b.py": "", "a/b/c.py": "", "a/b/c/d.py": "", "x/y/z/w.py": ""})
    result = scan(root)
    assert paths(result) == ["a/b.py", "a/b/c.py"]
    assert result.skipped == [
        Skipped("a/b/c", "nested deeper than 2 directories"),
        Skipped("x/y/z", "nested deeper than 2 directories"),
    ]


# -- content checks ------------------------------------------------------------------


def test_binary_files(make_tree: Tree) -> None:
    root = make_tree(
        {
            "data.py": b"x = 1\n\0\0\0",
            "latin1.py": "s = 'caf\xe9'\n".encode("latin-1"),  # invalid UTF-8 is not binary
            "late_nul.py": b"x" * 9000 + b"\0",  # only the first 8 KiB are inspected
            "ok.py": b"x = 1\n",
        }
    )
    result = scan(root)
    assert paths(result) == ["late_nul.py", "latin1.py", "ok.py"]
    assert result.skipped == [Skipped("data.py", "binary file")]


def test_size_limit(make_tree: Tree) -> None:
    root = make_tree({"big.py": "x" * 101, "edge.py": "x" * 100, "small.py": "x"})
    result = scan(root, max_file_size=100)
    assert paths(result) == ["edge.py", "small.py"]
    assert result.skipped == [Skipped("big.py", "larger than 100 bytes")]
    unlimited = scan(root, max_file_size=0)
    assert paths(unlimited) == ["big.py", "edge.py", "small.py"]
    assert unlimited.skipped == []


def test_default_size_limit_is_2_mib(make_tree: Tree) -> None:
    limit = 2 * 1024 * 1024
    root = make_tree({"huge.py": b"#" * (limit + 1), "fits.py": b"#" * limit})
    result = scan(root)
    assert paths(result) == ["fits.py"]
    assert result.files[0].size == limit
    assert result.skipped == [Skipped("huge.py", "larger than 2097152 bytes")]


def test_large_extensionless_script_is_reported(make_tree: Tree) -> None:
    root = make_tree({"bin/tool": "#!/usr/bin/env python3\n" + "#" * 200, "bin/data": "z" * 200})
    result = scan(root, max_file_size=100)
    assert result.files == []
    assert result.skipped == [Skipped("bin/tool", "larger than 100 bytes")]


# -- unreadable files --------------------------------------------------------------------


def test_unreadable_file_via_patched_reader(make_tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    import codeknit.workspace.scanner as scanner

    root = make_tree({"a.py": "", "locked.py": "", "locked.h": "", "locked_script": "#!/usr/bin/env python\n"})
    real_reader = scanner._read_head

    def reader(path: str, max_size: int = 0, force: bool = False) -> tuple[int, bytes | None]:
        if os.path.basename(path).startswith("locked"):
            raise PermissionError(13, "Permission denied", path)
        return real_reader(path, max_size, force)

    monkeypatch.setattr(scanner, "_read_head", reader)
    result = scan(root)
    assert paths(result) == ["a.py"]
    # An extension-less file may not be source at all, so it is not reported.
    assert result.skipped == [
        Skipped("locked.h", "unreadable: Permission denied"),
        Skipped("locked.py", "unreadable: Permission denied"),
    ]


def test_unreadable_file_real_permissions(make_tree: Tree) -> None:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root can read files whatever their mode")
    root = make_tree({"a.py": "", "locked.py": "x = 1\n"})
    locked = root / "locked.py"
    locked.chmod(0)
    try:
        result = scan(root)
    finally:
        locked.chmod(0o644)
    assert paths(result) == ["a.py"]
    assert result.skipped == [Skipped("locked.py", "unreadable: Permission denied")]


def test_unreadable_directory_via_patched_scandir(make_tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_tree({"a.py": "", "private/b.py": ""})
    real_scandir = os.scandir

    def fake_scandir(path: str) -> object:
        if os.path.basename(path) == "private":
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", fake_scandir)
    result = scan(root)
    assert paths(result) == ["a.py"]
    assert result.skipped == [Skipped("private", "unreadable: Permission denied")]


def test_unreadable_root_raises(make_tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_tree({"a.py": ""})

    def fake_scandir(path: str) -> object:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(os, "scandir", fake_scandir)
    with pytest.raises(ScanError, match="Permission denied"):
        scan(root)


def test_unreadable_directory_real_permissions(make_tree: Tree) -> None:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root can read directories whatever their mode")
    root = make_tree({"a.py": "", "private/b.py": ""})
    (root / "private").chmod(0)
    try:
        result = scan(root)
    finally:
        (root / "private").chmod(0o755)
    assert paths(result) == ["a.py"]
    assert result.skipped == [Skipped("private", "unreadable: Permission denied")]


# -- test files ---------------------------------------------------------------------------

TEST_TREE: dict[str, str | bytes] = {
    "app/models.py": "",
    "app/test_models.py": "",
    "app/models_test.py": "",
    "conftest.py": "",
    "tests/helpers.py": "",
    "server/handler.go": "",
    "server/handler_test.go": "",
    "web/app.ts": "",
    "web/app.test.ts": "",
    "web/app.spec.js": "",
    "web/__tests__/x.js": "",
    "web/__mocks__/y.ts": "",
    "java/src/main/java/Foo.java": "",
    "java/src/main/java/FooTest.java": "",
    "java/src/main/java/FooIT.java": "",
    "java/src/test/java/Helper.java": "",
    "cs/Parser.cs": "",
    "cs/ParserTests.cs": "",
    "rb/lib/parser.rb": "",
    "rb/lib/parser_spec.rb": "",
    "rb/spec/helper.rb": "",
    "php/Parser.php": "",
    "php/ParserTest.php": "",
    "scala/Parser.scala": "",
    "scala/ParserSpec.scala": "",
    "scala/ParserSuite.scala": "",
    "rs/src/lib.rs": "",
    "rs/tests/it.rs": "",
    "rs/benches/b.rs": "",
    "c/parser.c": "",
    "c/test_parser.c": "",
    "c/parser_unittest.cc": "",
}

EXPECTED_SOURCES = [
    "app/models.py",
    "c/parser.c",
    "cs/Parser.cs",
    "java/src/main/java/Foo.java",
    "php/Parser.php",
    "rb/lib/parser.rb",
    "rs/src/lib.rs",
    "scala/Parser.scala",
    "server/handler.go",
    "web/app.ts",
]


def test_test_files_skipped_and_reported(make_tree: Tree) -> None:
    root = make_tree(TEST_TREE)
    result = scan(root)
    assert paths(result) == EXPECTED_SOURCES
    expected_tests = sorted(set(TEST_TREE) - set(EXPECTED_SOURCES))
    assert result.skipped == [Skipped(p, "test file") for p in expected_tests]


def test_collect_tests(make_tree: Tree) -> None:
    root = make_tree(TEST_TREE)
    result = scan(root, collect_tests=True)
    assert paths(result) == sorted(TEST_TREE)
    assert result.skipped == []


def test_ignored_test_files_are_not_reported(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "test_gen*.py\n", "test_gen1.py": "", "test_real.py": ""})
    assert scan(root).skipped == [Skipped("test_real.py", "test file")]


# -- file names -------------------------------------------------------------------------


def test_weird_file_names(make_tree: Tree) -> None:
    names = ["with space.py", "ünïcödé.py", "日本語/名前.ts", "new\nline.py", "tab\there.go", "-dash.rs", "#hash.py"]
    root = make_tree({name: "x = 1\n" for name in names})
    result = scan(root)
    assert paths(result) == sorted(names)
    for source in result.files:
        assert source.abspath == root.joinpath(*source.path.split("/"))
        assert source.abspath.is_file()


def test_weird_names_with_gitignore(make_tree: Tree) -> None:
    root = make_tree(
        {
            ".gitignore": "with space.py\nünï*.py\n",
            "with space.py": "",
            "ünïcödé.py": "",
            "new\nline.py": "",
            "keep me.py": "",
        }
    )
    assert paths(scan(root)) == ["keep me.py", "new\nline.py"]


@pytest.mark.skipif(os.name != "posix", reason="needs byte file names")
def test_undecodable_file_name(make_tree: Tree) -> None:
    root = make_tree({"ok.py": ""})
    raw = os.fsencode(root) + b"/bad\xff\xfename.py"
    try:
        fd = os.open(raw, os.O_WRONLY | os.O_CREAT, 0o644)
    except OSError:  # pragma: no cover - file system refuses such names
        pytest.skip("file system does not accept non-UTF-8 names")
    os.write(fd, b"x = 1\n")
    os.close(fd)
    result = scan(root)
    # (no output can name it as it is: skipped by a printable name, see below)
    assert [f.path for f in result.files] == ["ok.py"]
    assert result.skipped == [Skipped("bad\\xff\\xfename.py", "file name is not UTF-8 (rename it to analyse it)")]


# -- single file --------------------------------------------------------------------------


def test_single_file(make_tree: Tree) -> None:
    root = make_tree({"src/app.py": "x = 1\n", "src/other.py": ""})
    result = scan(root / "src" / "app.py")
    assert result.root == root / "src"
    assert result.files == [SourceFile("app.py", root / "src" / "app.py", "python", 6)]
    assert result.skipped == []


def test_single_file_that_is_test_or_ignored(make_tree: Tree) -> None:
    root = make_tree({".gitignore": "ignored.py\n", "ignored.py": "", "tests/test_x.py": "", "node_modules/m.js": ""})
    assert paths(scan(root / "ignored.py")) == ["ignored.py"]
    assert paths(scan(root / "tests" / "test_x.py")) == ["test_x.py"]
    assert paths(scan(root / "node_modules" / "m.js", exclude=["*.js"])) == ["m.js"]


def test_single_file_shebang_and_header(make_tree: Tree) -> None:
    root = make_tree({"tool": "#!/usr/bin/env ruby\n", "w.h": "class W {};\n"})
    assert [(f.path, f.language) for f in scan(root / "tool").files] == [("tool", "ruby")]
    assert [(f.path, f.language) for f in scan(root / "w.h").files] == [("w.h", "cpp")]


def test_single_file_rejections(make_tree: Tree) -> None:
    root = make_tree({"notes.txt": "", "blob.py": b"\0", "big.py": "x" * 50, "a.go": ""})
    assert scan(root / "notes.txt").skipped == [Skipped("notes.txt", "not a recognised source file")]
    assert scan(root / "blob.py").skipped == [Skipped("blob.py", "binary file")]
    assert scan(root / "big.py", max_file_size=10).skipped == [Skipped("big.py", "larger than 10 bytes")]
    filtered = scan(root / "a.go", languages=["python"])
    assert filtered.files == []
    assert filtered.skipped == [Skipped("a.go", "language not selected: go")]
    for result in (scan(root / "notes.txt"), scan(root / "blob.py")):
        assert result.files == []


def test_single_file_unreadable(make_tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    import codeknit.workspace.scanner as scanner

    root = make_tree({"a.py": ""})

    def reader(path: str, max_size: int = 0, force: bool = False) -> tuple[int, bytes | None]:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(scanner, "_read_head", reader)
    assert scan(root / "a.py").skipped == [Skipped("a.py", "unreadable: Permission denied")]


# -- performance ------------------------------------------------------------------------------


def test_many_files_scan_quickly(tmp_path: Path) -> None:
    import time

    root = tmp_path / "big"
    (root).mkdir()
    (root / ".gitignore").write_text("*.log\n/generated/\n!keep.log\n" + "".join(f"p{i}/\n" for i in range(40)))
    count = 0
    for a in range(20):
        directory = root / f"pkg{a}" / "sub"
        directory.mkdir(parents=True)
        (directory / ".gitignore").write_text("*.tmp.py\n")
        for b in range(100):
            (directory / f"m{b}.py").write_text("x = 1\n")
            count += 1
    started = time.perf_counter()
    result = scan(root)
    elapsed = time.perf_counter() - started
    assert len(result.files) == count
    # ~2k files; generous bound so that a loaded CI machine does not flake.
    assert elapsed < 5.0


def test_a_file_name_that_is_no_utf8_is_skipped_by_a_printable_name(tmp_path: Path) -> None:
    """A name the file system holds as bytes that are no UTF-8 (``bad\\xffname.js``) cannot be written to the
    store, JSON or any export: the file is skipped with the reason, under a name that can be shown, and every
    other file is analysed (it crashed every command)."""
    import io
    import json

    import codeknit
    from codeknit.graph.jsonio import write_graph

    (tmp_path / "good.py").write_text("def good():\n    return 1\n")
    os.makedirs(os.fsencode(tmp_path / "d") + b"\xfe", exist_ok=True)
    for raw in (os.fsencode(tmp_path) + b"/bad\xffname.js", os.fsencode(tmp_path) + b"/d\xfe/inner.py"):
        with open(raw, "wb") as handle:
            handle.write(b"function f() {}\n")
    result = scan(tmp_path)
    assert [f.path for f in result.files] == ["good.py"]
    assert sorted((s.path, s.reason) for s in result.skipped) == [
        ("bad\\xffname.js", "file name is not UTF-8 (rename it to analyse it)"),
        ("d\\xfe/inner.py", "file name is not UTF-8 (rename it to analyse it)")]
    graph = codeknit.index(tmp_path)
    assert [f.path for f in graph.files] == ["good.py"]
    out = io.BytesIO()
    write_graph(graph, out)
    assert {s["path"] for s in json.loads(out.getvalue())["skipped"]} == {"bad\\xffname.js", "d\\xfe/inner.py"}
