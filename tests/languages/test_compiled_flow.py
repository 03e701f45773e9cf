"""The compiled walk that writes Python's data-flow facts (``rust/pywalk``) writes flow.py's facts, byte for byte.

Each file's facts are built twice, by ``python_flow`` and by the compiled walk, on every Python golden input,
language fixture, resolution case and call-graph case, and on generated programs (statements of every kind,
nested, over a few names: the versions, joins and loops are where a port goes wrong). Files the walk leaves to
Python (it answers None) are named by the tests that expect them. Where the extension is not built these tests
skip, unless ``CODEKNIT_REQUIRE_WALK`` is set (``.ci/run``, where rustc is new enough to build it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from compiled_inputs import SOURCES, TESTS
from hypothesis import given, settings
from hypothesis import strategies as st

from codeknit.languages.adapters import extract
from codeknit.languages.python import adapter as python_adapter
from codeknit.languages.python import flow


@pytest.fixture(autouse=True)
def _compiled_built() -> None:
    """The walk is built by ``pip install`` where cargo's rustc is 1.77 or newer (``.ci/run`` sets
    ``CODEKNIT_REQUIRE_WALK`` there, and these tests must run); elsewhere they skip."""
    if flow.compiled_walk() is None:
        if os.environ.get("CODEKNIT_REQUIRE_WALK"):
            pytest.fail("the compiled flow walk (codeknit._pywalk) is not built, and CODEKNIT_REQUIRE_WALK is set")
        pytest.skip("the compiled flow walk (codeknit._pywalk) is not built")


class _Seen:
    def __init__(self) -> None:
        self.compiled = 0
        self.left: list[str] = []


@pytest.fixture
def both(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Seen]:
    """``build_flow`` as the adapter calls it, checked: the compiled facts are the Python walk's."""
    seen = _Seen()
    walk = flow.compiled_walk()

    def checked(ctx: Any) -> list[Any]:
        text = walk.flow_facts(ctx.root, ctx.source, flow._definitions(ctx), flow._fallback)
        if text is None:
            seen.left.append(ctx.extraction.path)
        expected = flow.python_flow(ctx)  # (may raise RecursionError, as the adapter expects)
        if text is not None:
            assert text == expected[1]
            seen.compiled += 1
        return expected

    monkeypatch.setattr(python_adapter, "build_flow", checked)
    yield seen


_PYTHON = [(path, file) for language, path, file in SOURCES if language == "python"]
_CASES = sorted((TESTS / "callgraph" / "cases").rglob("*.py"))


@pytest.mark.parametrize(("path", "file"), _PYTHON, ids=[path for path, _file in _PYTHON])
def test_facts_of_every_python_source(path: str, file: Path, both: _Seen) -> None:
    data = file.read_bytes()
    extract(path, "python", data)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        assert both.left == [path]  # (a file that is not UTF-8 is left to the Python walk)
    else:
        assert both.compiled == 1, both.left


def test_facts_of_every_callgraph_case(both: _Seen) -> None:
    for file in _CASES:
        extract(file.name, "python", file.read_bytes())
    assert both.compiled == len(_CASES) > 300 and not both.left


def test_non_utf8_and_absurd_depth_are_left_to_python(both: _Seen) -> None:
    extract("latin.py", "python", b"# caf\xe9\nname = 'caf\xe9'\nprint(name)\n")
    deep = "x = " + "(" * 400 + "1" + ")" * 400 + "\ny = x.a" + ".a" * 600 + "\n"
    extract("deep.py", "python", deep.encode())
    assert both.left == ["latin.py", "deep.py"]
    assert both.compiled == 0


def test_a_foreign_object_is_refused() -> None:
    walk = flow.compiled_walk()
    with pytest.raises(TypeError):
        walk.flow_facts(object(), b"", [], flow._fallback)
    with pytest.raises(TypeError):
        walk.walk_digest("not a node")


def test_the_python_walk_can_be_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEKNIT_FLOW_WALK", "python")
    flow.compiled_walk.cache_clear()
    try:
        assert flow.compiled_walk() is None
        assert flow.flow_walk_name() == "python"
    finally:
        monkeypatch.delenv("CODEKNIT_FLOW_WALK")
        flow.compiled_walk.cache_clear()
    assert flow.flow_walk_name() == "compiled"


# -- generated programs ------------------------------------------------------------------------------------

_NAMES = st.sampled_from(["a", "b", "k", "self", "cls", "x"])
_ATOMS = st.one_of(
    _NAMES,
    st.sampled_from(["1", "0x1F", "1_000", "2.5", "True", "None", "'a'", '"1"', "f'{a}'", "b'k'", "-1", "...",
                     "'ü'", "'x\\ty'"]),
)


def _expressions() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, _NAMES).map(lambda p: f"{p[0]}.{p[1]}"),
            st.tuples(inner, st.lists(inner, max_size=3)).map(lambda p: f"{p[0]}({', '.join(p[1])})"),
            st.tuples(inner, inner).map(lambda p: f"{p[0]}(*{p[1]}, key={p[1]}, **{p[0]})"),
            st.tuples(inner, inner).map(lambda p: f"{p[0]}[{p[1]}]"),
            st.tuples(inner, inner).map(lambda p: f"{p[0]}[{p[1]}:]"),
            # a union as a value (a type alias), with generic classes and a nested union among its parts
            st.tuples(st.sampled_from(["Union", "typing.Optional", "t.Union"]), st.lists(inner, min_size=1, max_size=3))
            .map(lambda p: f"{p[0]}[{', '.join(p[1])}, {p[1][0]}[int], Optional[{p[1][-1]}]]"),
            st.tuples(inner, st.sampled_from(["+", "-", "*", "@", "//", "|", "and", "or", "<", "in", "not in",
                                              "is", "=="]), inner).map(lambda p: f"({p[0]} {p[1]} {p[2]})"),
            st.lists(inner, max_size=3).map(lambda items: f"[{', '.join(items)}]"),
            st.lists(inner, max_size=3).map(lambda items: f"({', '.join(items)},)"),
            st.tuples(inner, inner).map(lambda p: f"{{{p[0]}: {p[1]}, 'k': {p[1]}, **{p[0]}}}"),
            st.tuples(inner, inner, inner).map(lambda p: f"({p[0]} if {p[1]} else {p[2]})"),
            st.tuples(inner, _NAMES, inner).map(lambda p: f"[{p[1]} for {p[1]} in {p[2]} if {p[0]}]"),
            st.tuples(_NAMES, inner).map(lambda p: f"{{{p[0]}: {p[0]} for {p[0]}, _ in {p[1]}}}"),
            st.tuples(_NAMES, inner).map(lambda p: f"(lambda {p[0]}: {p[1]})"),
            st.tuples(_NAMES, inner).map(lambda p: f"({p[0]} := {p[1]})"),
            inner.map(lambda e: f"not {e}"),
            inner.map(lambda e: f"~{e}"),
            inner.map(lambda e: f"await {e}"),
            st.just("super().m()"),
        )

    return st.recursive(_ATOMS, extend, max_leaves=6)


_EXPRESSIONS = _expressions()
_TARGETS = st.one_of(
    _NAMES,
    st.tuples(_NAMES, _NAMES).map(lambda p: f"{p[0]}.{p[1]}"),
    st.tuples(_NAMES, _NAMES).map(lambda p: f"{p[0]}[{p[1]}]"),
    st.tuples(_NAMES, _NAMES).map(lambda p: f"{p[0]}, *{p[1]}"),
    st.tuples(_NAMES, _NAMES).map(lambda p: f"[{p[0]}, ({p[1]}, x)]"),
)


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines] or ["    pass"]


def _statements(depth: int) -> st.SearchStrategy[list[str]]:
    simple = st.one_of(
        st.tuples(_TARGETS, _EXPRESSIONS).map(lambda p: [f"{p[0]} = {p[1]}"]),
        st.tuples(_NAMES, _NAMES, _EXPRESSIONS).map(lambda p: [f"{p[0]} = {p[1]} = {p[2]}"]),
        st.tuples(_NAMES, _EXPRESSIONS).map(lambda p: [f"{p[0]}: 'Optional[b.C] | k' = {p[1]}"]),
        st.tuples(_NAMES, _EXPRESSIONS).map(lambda p: [f"{p[0]} += {p[1]}"]),
        _EXPRESSIONS.map(lambda e: [e]),
        _EXPRESSIONS.map(lambda e: [f"return {e}"]),
        _EXPRESSIONS.map(lambda e: [f"yield {e}"]),
        _EXPRESSIONS.map(lambda e: [f"raise {e}"]),
        st.sampled_from([["break"], ["continue"], ["pass"], ["global a"], ["nonlocal b"], ["import os.path"],
                         ["from m import k as b, x"], ["import a as k"], ["del a"], ["assert a, b"]]),
    )
    if depth == 0:
        return st.lists(simple, min_size=1, max_size=4).map(lambda blocks: [line for b in blocks for line in b])
    inner = _statements(depth - 1)
    compound = st.one_of(
        st.tuples(_EXPRESSIONS, inner, inner).map(lambda p: [f"if {p[0]}:", *_indent(p[1]), "else:",
                                                            *_indent(p[2])]),
        st.tuples(_EXPRESSIONS, inner, inner).map(lambda p: [f"if {p[0]}:", *_indent(p[1]), f"elif {p[0]}:",
                                                            *_indent(p[2])]),
        st.tuples(_TARGETS, _EXPRESSIONS, inner, inner).map(
            lambda p: [f"for {p[0]} in {p[1]}:", *_indent(p[2]), "else:", *_indent(p[3])]),
        st.tuples(_EXPRESSIONS, inner).map(lambda p: [f"while {p[0]}:", *_indent(p[1])]),
        st.tuples(inner, inner, inner, inner).map(
            lambda p: ["try:", *_indent(p[0]), "except (E, F) as a:", *_indent(p[1]), "else:", *_indent(p[2]),
                       "finally:", *_indent(p[3])]),
        st.tuples(_EXPRESSIONS, _NAMES, inner).map(lambda p: [f"with {p[0]} as {p[1]}, k():", *_indent(p[2])]),
        st.tuples(_NAMES, inner).map(lambda p: ["@decorate(a)", "@property",
                                                f"def {p[0]}(self, a, /, b=k, *rest, c: 'T' = 1, **kw) -> b.C:",
                                                *_indent(p[1])]),
        st.tuples(_NAMES, inner).map(lambda p: ["@dataclass", f"class {p[0]}(Base, metaclass=M):",
                                                "    n: int = 0", "    m = field(init=False)", *_indent(p[1])]),
        st.tuples(_EXPRESSIONS, inner).map(lambda p: [f"match {p[0]}:", "    case [1, b]:", *_indent(_indent(p[1])),
                                                      "    case _:", "        pass"]),
        st.tuples(_EXPRESSIONS, _EXPRESSIONS, inner).map(
            lambda p: [f"match {p[0]}:", f"    case [1, b] if {p[1]}:", *_indent(_indent(p[2])),
                       f"    case k if (a := {p[1]}):", "        pass"]),
    )
    return st.lists(st.one_of(simple, compound), min_size=1, max_size=3).map(
        lambda blocks: [line for b in blocks for line in b])


@settings(max_examples=300)
@given(st.tuples(_statements(2), _statements(1)))
def test_facts_of_generated_programs(parts: tuple[list[str], list[str]]) -> None:
    module, method = parts
    source = "\n".join([*module, "class Holder:", "    def method(self, k):", *_indent(_indent(method)),
                        "    x = method", "async def runner(a):", *_indent(module)]) + "\n"
    seen: list[tuple[str | None, str]] = []

    def checked(ctx: Any) -> list[Any]:
        expected = flow.python_flow(ctx)
        seen.append((flow.compiled_walk().flow_facts(ctx.root, ctx.source, flow._definitions(ctx), flow._fallback),
                     expected[1]))
        return expected

    original = python_adapter.build_flow
    python_adapter.build_flow = checked
    try:
        extract("generated.py", "python", source.encode())
    finally:
        python_adapter.build_flow = original
    assert len(seen) == 1
    compiled, expected = seen[0]
    assert compiled == expected, source


def test_generic_forms_are_no_classes_to_the_resolver() -> None:
    """The walks' literal list of typing generics (``flow._GENERIC_FORMS``, copied in ``rust/pywalk``) is within
    what the resolver's types take for no class (``names._NOT_CLASSES``, from the typing module itself): a union
    alias's part the facts keep as written is never read as a class by the resolver."""
    from codeknit.languages.python import flow, names

    assert flow._GENERIC_FORMS <= names._NOT_CLASSES
