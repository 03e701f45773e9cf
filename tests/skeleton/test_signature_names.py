"""A signature's resolved type names become short ids; a name inside a string literal stays text.

The renderer finds names in a signature by their text. A string literal of the same spelling is not a
use of the definition (``Literal["red"]`` beside a class ``red``; a TypeScript literal type ``"Foo"``),
so writing its short id there states a reference the code does not make. Python's forward references
(``x: "Console"``) are strings that are code, and keep their short ids.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import codeknit
from codeknit.graph import Graph
from codeknit.skeleton.render import Renderer, code_ranges


def signatures(tmp_path: Path, files: dict[str, str]) -> tuple[Graph, dict[str, str]]:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    graph = codeknit.index(tmp_path)
    renderer = Renderer(graph)
    return graph, {symbol.qualname: renderer.signature(symbol) for symbol in graph.symbols}


def short(graph: Graph, qualname: str) -> str:
    return next(symbol.short for symbol in graph.symbols if symbol.qualname == qualname)


def test_python_strings_that_are_values_keep_their_text(tmp_path: Path) -> None:
    graph, found = signatures(tmp_path, {"m.py": (
        "from typing import Annotated, Literal, Optional\n"
        "class red: pass\n"
        "def g(d: \"Literal['red']\", e: \"list[red]\", f: Optional['red'] = 'red') -> \"red\": pass\n"
        "def h(a: Annotated[red, 'red'], b: Literal['red', 'blue'], c=lambda x: 'red') -> red: pass\n")})
    red = short(graph, "red")
    assert found["g"] == f"g(d: \"Literal['red']\", e: \"list[{red}]\", f: Optional['{red}']=…) -> \"{red}\""
    assert found["h"] == f"h(a: Annotated[{red}, 'red'], b: Literal['red', 'blue'], c=…) -> {red}"


def test_a_typescript_literal_type_is_no_reference(tmp_path: Path) -> None:
    graph, found = signatures(tmp_path, {"m.ts": (
        "export class Foo {}\n"
        "export function f(kind: \"Foo\" | 'Foo' | `Foo`, value: Foo): Foo { return value; }\n")})
    foo = short(graph, "Foo")
    assert found["f"] == f"f(kind: \"Foo\" | 'Foo' | `Foo`, value: {foo}) -> {foo}"


def test_a_rust_lifetime_is_no_quote(tmp_path: Path) -> None:
    graph, found = signatures(tmp_path, {"lib.rs": (
        "pub struct Foo;\n"
        "pub fn f<'a>(x: &'a Foo, y: &'a str) -> &'a Foo { x }\n")})
    foo = short(graph, "Foo")
    assert found["f"].endswith(f"(x: &'a {foo}, y: &'a str) -> &'a {foo}")


@pytest.mark.parametrize(("text", "quotes", "annotations", "code"), [
    # an unclosed quote is no literal (C++'s digit separator)
    ("(int x = 1'000, Foo y)", "\"'", False, ["(int x = 1'000, Foo y)"]),
    # an escaped quote does not close the string
    ('(s = "a\\"b Foo", t)', "\"'", False, ["(s = ", ", t)"]),
    # Python: a default value's string is a value, an annotation's a forward reference
    ('(x: "A" = "B")', "\"'", True, ["(x: ", "A", " = ", ")"]),
    # a triple-quoted annotation's content
    ('(x: """A""")', "\"'", True, ["(x: ", "A", ")"]),
    # a variable's annotation
    (': dict[str, "A"] = "B"', "\"'", True, [": dict[str, ", "A", "] = "]),
])
def test_code_ranges(text: str, quotes: str, annotations: bool, code: list[str]) -> None:
    assert [text[start:end] for start, end in code_ranges(text, quotes, annotations)] == code
