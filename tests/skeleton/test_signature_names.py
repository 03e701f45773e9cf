"""A signature's resolved type names become short ids; a name inside a string literal stays text.

The renderer finds names in a signature by their text. A string literal of the same spelling is not a
use of the definition (``Literal["red"]`` beside a class ``red``; a TypeScript literal type ``"Foo"``),
so writing its short id there states a reference the code does not make. Python's forward references
(``x: "Console"``) are strings that are code, and keep their short ids.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import codeknit
from codeknit.graph import Graph
from codeknit.skeleton.render import Renderer, _string_end, code_ranges, one_line, replace_name


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


_MERGED = {
    "result.ts": (
        "export type Result<A> = Success<A> | Failure\n"
        "export interface Success<A> { value: A }\n"
        "export interface Failure { error: string }\n"
        "export declare namespace Result {\n"
        "  export type Result<A> = Success<A> | Failure\n"
        "  export type Ok<R> = R extends Success<infer A> ? A : never\n"
        "}\n"),
    "use.ts": (
        "import * as Result from './result'\n"
        "export const oks = <T extends Iterable<Result.Result<any>>>(self: T): Result.Result.Ok<T> => "
        "undefined as any\n"),
    # (the namespace declared before the interface it merges with: the order of the relations is not the answer)
    "struct.ts": (
        "export declare namespace Struct {\n"
        "  export type Fields = { readonly [key: string]: unknown }\n"
        "}\n"
        "export interface Struct<F extends Struct.Fields> { readonly fields: F }\n"
        "export function make<const F extends Struct.Fields>(fields: F): Struct<F> { return { fields } }\n"),
}


def test_a_name_with_two_targets_gets_the_type_not_the_namespace_under_every_hash_seed(tmp_path: Path) -> None:
    """``Result.Result`` names both a type alias and the namespace merged with it, ``Struct`` both an interface
    and its namespace (which qualifies ``Struct.Fields``): a name replaced where it stands alone is the type, under
    every hash seed (a set of the targets once chose by the seed)."""
    for name, text in _MERGED.items():
        (tmp_path / name).write_text(text)
    script = ("import json, sys, codeknit\n"
              "from codeknit.skeleton.render import Renderer\n"
              "graph = codeknit.index(sys.argv[1])\n"
              "renderer = Renderer(graph)\n"
              "signatures = {s.name: renderer.signature(s) for s in graph.symbols if s.name in ('oks', 'make')}\n"
              "shorts = {s.id: s.short for s in graph.symbols}\n"
              "targets = sorted({r.target for r in graph.relations if r.text in ('Result.Result', 'Struct')})\n"
              "print(json.dumps([signatures, shorts, targets]))\n")
    outputs = {subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
               for seed in ("1", "2", "3", "4")}
    assert len(outputs) == 1
    signatures, shorts, targets = json.loads(outputs.pop())
    # (the cases stand: each text has its type and its namespace among its targets)
    assert targets == ["result.ts::Result", "result.ts::Result#2", "struct.ts::Struct", "struct.ts::Struct#2"]
    assert f"Iterable<{shorts['result.ts::Result']}<any>>" in signatures["oks"], signatures
    assert signatures["make"].endswith(f"-> {shorts['struct.ts::Struct#2']}<F>"), signatures


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


#: names, their boundaries, and characters that are a name's in Unicode only (an accented letter, an Arabic
#: digit, a superscript two) or look like one and are not (a non-breaking space)
_SIGNATURE_CHARS = st.sampled_from(list("ab_1.$ (),:<>[]'\"`\\") + ["é", "٣", "²", "\u00a0", "ß"])


@given(st.text(_SIGNATURE_CHARS, max_size=40), st.text(_SIGNATURE_CHARS, min_size=1, max_size=4))
def test_a_name_is_replaced_where_it_stands_alone(code: str, name: str) -> None:
    """The renderer's rule, as the regular expression it was first written as: not after a name's character,
    ``.`` or ``$``; not before a name's character or ``$``, or before ``.`` and a name's character."""
    expected = re.sub(rf"(?<![\w.$]){re.escape(name)}(?![\w$]|\.\w)", "S1", code)
    assert replace_name(code, name, "S1") == expected


def _end_by_character(text: str, start: int) -> int:
    """Where a literal opening at ``start`` ends, each character tested in turn: a backslash skips the next."""
    closer = text[start] * 3 if text.startswith(text[start] * 3, start) else text[start]
    index = start + len(closer)
    while index < len(text):
        if text[index] == "\\":
            index += 2
        elif text.startswith(closer, index):
            return index + len(closer)
        else:
            index += 1
    return -1


@given(st.text(_SIGNATURE_CHARS, max_size=40), st.integers(0, 39))
def test_where_a_literal_ends(text: str, start: int) -> None:
    if start < len(text) and text[start] in "\"'`":
        assert _string_end(text, start) == _end_by_character(text, start)


def _ranges_by_character(text: str, quotes: str) -> list[tuple[int, int]]:
    """The parts outside literals, each character tested in turn (the definition ``code_ranges`` keeps)."""
    ranges, start, index = [], 0, 0
    while index < len(text):
        if text[index] in quotes and (end := _end_by_character(text, index)) >= 0:
            if start < index:
                ranges.append((start, index))
            start = index = end
        else:
            index += 1
    if start < len(text):
        ranges.append((start, len(text)))
    return ranges


@given(st.text(_SIGNATURE_CHARS, max_size=40), st.sampled_from(["\"'", "\"'`", "\"", ""]))
def test_the_literals_of_a_language_without_forward_references(text: str, quotes: str) -> None:
    assert code_ranges(text, quotes, False) == _ranges_by_character(text, quotes)


@given(st.text(st.sampled_from(list("ab \n\r\t\\é")), max_size=20))
def test_a_symbol_line_is_one_line(text: str) -> None:
    written = one_line(text)
    assert "\n" not in written and "\r" not in written and "\t" not in written
    assert written == text.replace("\n", "\\n").replace("\r", "\\r").replace("\t", " ")
