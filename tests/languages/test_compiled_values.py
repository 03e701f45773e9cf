"""The compiled value loop and value table (``rust/pyflow/src/values.rs``) give the Python ones' uses.

``Adapter._values`` reads a file's value captures in bulk, and ``_value_table`` packs the uses into
rows; where the extension is built, both run compiled. Every extraction must be the same either way:
checked on every golden input and test fixture of every language, and on generated sources (non-ASCII
names, invalid UTF-8 that breaks the parse, chains). Where the extension is not built these tests
skip, unless ``CODEKNIT_REQUIRE_COMPILED`` is set (``.ci/run``: there they must run).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from compiled_inputs import SOURCES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codeknit.languages import engine
from codeknit.languages.adapters import extract
from codeknit.languages.records import Extraction


@pytest.fixture(autouse=True)
def _compiled_built(require_compiled: Callable[[object], None]) -> None:
    require_compiled(engine._compiled)


def _both(path: str, language: str, source: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[Extraction, Extraction]:
    """The extraction with the compiled loop (the module's default here), then with the Python loop."""
    fast = extract(path, language, source)
    with monkeypatch.context() as patch:
        patch.setattr(engine, "_compiled", None)
        slow = extract(path, language, source)
    return fast, slow


def test_every_language_has_sources() -> None:
    assert {"python", "go", "javascript", "typescript", "java", "rust", "php", "csharp", "kotlin", "scala",
            "swift", "c", "cpp", "ruby"} <= {language for language, _path, _file in SOURCES}


@pytest.mark.parametrize(("language", "path", "file"), SOURCES, ids=[f"{s[0]}:{s[1]}" for s in SOURCES])
def test_compiled_loop_gives_the_python_loops_extraction(language: str, path: str, file: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = _both(path, language, file.read_bytes(), monkeypatch)
    assert fast.values.texts == slow.values.texts
    assert fast.values.rows == slow.values.rows
    assert fast == slow


class _Counting:
    """The extension, each call of its value loop counted in ``calls``."""

    def __init__(self, compiled: Any, calls: list[int]) -> None:
        self._compiled, self._calls = compiled, calls

    def value_uses(self, *arguments: object) -> object:
        self._calls.append(1)
        return self._compiled.value_uses(*arguments)

    def __getattr__(self, name: str) -> object:
        return getattr(self._compiled, name)


def test_compiled_loop_runs_and_finds_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    source = b"package p\n\nfunc f(a int) int {\n\tb := a + g.h\n\treturn b + x.y.z\n}\n"
    calls: list[int] = []
    monkeypatch.setattr(engine, "_compiled", _Counting(engine._compiled, calls))
    found = extract("p.go", "go", source)
    assert calls == [1]
    assert {"g.h", "x.y.z"} <= set(found.values.texts)


NAMES = st.sampled_from(["a", "b", "self", "this", "café", "naïve", "x1", "_y", "ünï", "déf", "值", "a\xa0b"])


@st.composite
def _python(draw: st.DrawFn) -> bytes:
    lines = []
    for _ in range(draw(st.integers(1, 8))):
        target = ".".join(draw(st.lists(NAMES, min_size=1, max_size=3)))
        value = ".".join(draw(st.lists(NAMES, min_size=1, max_size=4)))
        call = draw(st.sampled_from(["", "()", "(x)[0]", "().z"]))
        lines.append(draw(st.sampled_from([f"{target} = {value}{call}", f"def {draw(NAMES)}({draw(NAMES)}):\n"
                                           f"    return {value}{call}", f"{value} += 1", f"print({value}{call})",
                                           f"class C:\n    {draw(NAMES)} = {value}"])))
    source = "\n".join(lines).encode("utf-8")
    if draw(st.booleans()):  # invalid UTF-8 somewhere (a byte that starts nothing)
        at = draw(st.integers(0, len(source)))
        source = source[:at] + b"\xff" + source[at:]
    return source


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_python())
def test_compiled_loop_agrees_on_generated_python(monkeypatch: pytest.MonkeyPatch, source: bytes) -> None:
    fast, slow = _both("g.py", "python", source, monkeypatch)
    assert fast == slow


@st.composite
def _go(draw: st.DrawFn) -> bytes:
    body = []
    for _ in range(draw(st.integers(1, 8))):
        chain = ".".join(draw(st.lists(NAMES.filter(lambda n: n not in ("self", "this")), min_size=1, max_size=3)))
        body.append(draw(st.sampled_from([f"\t{chain} = {chain}", f"\tv := {chain}()", f"\tf({chain}, T{{X: {chain}}})",
                                          f"\t{chain}++", f"\tx := [](int){{}}[0].{draw(NAMES)}"])))
    return ("package p\n\nfunc f() {\n" + "\n".join(body) + "\n}\n").encode("utf-8")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_go())
def test_compiled_loop_agrees_on_generated_go(monkeypatch: pytest.MonkeyPatch, source: bytes) -> None:
    fast, slow = _both("g.go", "go", source, monkeypatch)
    assert fast == slow


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["a.b", "this.c", "é.x", "new A(b)", "f(a, b.c)", "x = y.z", "{ k: v }", "(q).r",
                                 "import.meta.url", "a?.b", "`${a.b}`"]), min_size=1, max_size=10))
def test_compiled_loop_agrees_on_generated_typescript(monkeypatch: pytest.MonkeyPatch, parts: list[str]) -> None:
    source = ("function f(a: number) {\n  " + ";\n  ".join(parts) + ";\n}\n").encode("utf-8")
    fast, slow = _both("g.ts", "typescript", source, monkeypatch)
    assert fast == slow


def test_special_values_of_another_container_are_asked_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``special_values`` answer the compiled loop does not read (a list of start bytes) makes the engine
    run its Python loop: the same extraction as with the adapter's own frozenset, and no compiled call."""
    from codeknit.languages.go.adapter import GoAdapter

    source = b"package p\n\nfunc f() {\n\tv := T{X: a.b}\n\tg(v.X, c)\n}\n"
    expected = extract("p.go", "go", source)
    own = GoAdapter.special_values
    calls: list[int] = []
    monkeypatch.setattr(engine, "_compiled", _Counting(engine._compiled, calls))
    monkeypatch.setattr(GoAdapter, "special_values", lambda self, ctx: sorted(own(self, ctx)))
    assert extract("p.go", "go", source) == expected
    assert calls == []
    assert "a.b" in expected.values.texts


def test_an_extension_older_than_the_arguments_it_is_called_with_is_not_used() -> None:
    """``value_uses`` took a new argument (the chain limit): an extension built by an older checkout, whose
    ``VERSION`` is lower, is passed over and the Python loop runs, rather than every file failing."""
    from codeknit.native import extension

    assert extension("value_uses", version=2) is engine._compiled
    assert extension("value_uses", version=engine._compiled.VERSION + 1) is None
