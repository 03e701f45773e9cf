"""The resolver's reading of TypeScript's parameter type texts for function types written in place
(``javascript/types.py``'s ``_parameter_type``): ``(A,B)=>R``, and ``T|(A)=>R`` for a union of a value type and
one function type."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codeknit.resolve.types import called_part, function_text, valued_part


@pytest.mark.parametrize(("text", "expected"), [
    ("(Meta)=>Meta", (["Meta"], "Meta")),
    ("()=>", ([], "")),
    ("(A,B)=>", (["A", "B"], "")),
    ("(A,(x)=>B,Map<K,V>)=>R[]", (["A", "(x)=>B", "Map<K,V>"], "R[]")),
    ("((a)=>b)=>c", (["(a)=>b"], "c")),
    ("(A)=>(B)=>C", (["A"], "(B)=>C")),
    ("({a@1:2;b@1:5},A)=>", (["{a@1:2;b@1:5}", "A"], "")),
    ("Meta", None),
    ("(A)", None),
    ("(A,B", None),
    ("", None),
])
def test_function_text(text: str, expected: tuple[list[str], str] | None) -> None:
    assert function_text(text) == expected


@pytest.mark.parametrize(("text", "called", "valued"), [
    ("Meta|(Meta)=>Meta", "(Meta)=>Meta", "Meta"),
    ("A|B|(A)=>B", "(A)=>B", "A|B"),
    ("Map<A,(x)=>B>|(A)=>B", "(A)=>B", "Map<A,(x)=>B>"),
    ("Meta", "Meta", "Meta"),
    ("(A|B)=>C", "(A|B)=>C", "(A|B)=>C"),
    ("A|(B", "A|(B", "A|(B"),
])
def test_union_of_a_value_and_a_function(text: str, called: str, valued: str) -> None:
    assert called_part(text) == called
    assert valued_part(text) == valued


_NAMES = st.sampled_from(["A", "Meta", "Map<K,V>", "T[]", "{a@1:2}", ""])
_TYPES = st.recursive(_NAMES, lambda inner: st.builds(
    lambda given, result: f"({','.join(given)})=>{result}", st.lists(inner, min_size=1, max_size=3), inner),
    max_leaves=6)


@given(st.lists(_TYPES, min_size=1, max_size=4), _TYPES)
def test_written_function_types_read_back(parameters: list[str], result: str) -> None:
    # what the adapter writes for any parameters and result (the parameters of a function type are those of
    # its own list, however deep the function types among them)
    text = f"({','.join(parameters)})=>{result}"
    # (one parameter of no type the resolver reads is written as none: ``()=>R`` either way, the same answers)
    assert function_text(text) == ([] if parameters == [""] else parameters, result)
    assert valued_part(f"Meta|{text}") == "Meta"
    assert called_part(f"Meta|{text}") == text


@pytest.mark.parametrize(("source", "expected"), [
    # a union whose function member is another generic alias: that alias as a template of the parameters
    ("type U<I, O = I> = O | Fn<I, O>;", ("^Fn<$0,$1=0>",)),
    ("type U<T> = Fn<Row, T> | T;", ("^Fn<Row,$0>",)),
    # a function type in the union is read in place; no generic member, two, or one the parameters are not in
    ("type U<T> = T | ((old: T) => T);", ("$0", "=>$0")),
    ("type U<T> = T | undefined;", None),
    ("type U<T> = T | A<T> | B<T>;", None),
    ("type U<T> = T | Fn<Row>;", None),
    ("type U = Row | Fn<Row>;", None),
])
def test_a_union_alias_records_the_signature_it_passes_on(source: str, expected: tuple[str, ...] | None) -> None:
    from codeknit.languages.adapters import extract

    extraction = extract("u.ts", "typescript", source.encode())
    assert extraction.parameter_types.get((1, 5)) == expected
