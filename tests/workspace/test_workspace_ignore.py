"""The ignore-rule engine on its own (no file system)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pathspec import GitIgnoreSpec

from codeknit.workspace.ignore import IgnoreRules, PatternSet, is_default_excluded_dir

# Small alphabets so that patterns and paths actually meet.
PATTERN_PIECES = ["a", "b", "ab", "*", "**", "?", "/", ".py", "!", "[ab]", "\\", " ", "#", "."]
PATH_PARTS = ["a", "b", "ab", "a.py", "b.py", "ba", ".py", "x y", "a\nb"]

patterns = st.lists(st.lists(st.sampled_from(PATTERN_PIECES), min_size=1, max_size=5).map("".join), max_size=6)
rel_paths = st.lists(st.sampled_from(PATH_PARTS), min_size=1, max_size=4).map("/".join)


def _pathspec_says(lines: list[str], path: str) -> bool | None:
    return GitIgnoreSpec.from_lines(lines).check_file(path, separators=()).include


@settings(max_examples=400, deadline=None)
@given(lines=patterns, path=rel_paths, is_dir=st.booleans())
def test_pattern_set_agrees_with_pathspec(lines: list[str], path: str, is_dir: bool) -> None:
    # PatternSet puts a combined-regex pre-check in front of pathspec; it must
    # never change the verdict.
    try:
        expected = _pathspec_says(lines, path + "/" if is_dir else path)
    except Exception:
        assume(False)
        raise
    assert PatternSet(lines).match(path + "/" if is_dir else path) is expected


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
