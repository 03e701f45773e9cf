"""Swift's argument labels against a callable's parameters (``labels_fit``), which chooses among overloads."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codeknit.resolve.emit import labels_fit

CASES = [
    (("from", "to="), ("from",), True),  # a default left out
    (("from", "to="), ("from", "to"), True),
    (("from", "to="), ("to",), False),  # a parameter without a default cannot be left out
    (("x", "y"), ("y", "x"), False),  # labels in order
    (("",), (), False),
    (("...",), ("", "", ""), True),  # a variadic parameter takes the unlabelled arguments after its first
    (("...",), (), True),
    (("label", "..."), ("label", "", "", ""), True),
    (("label", "..."), ("label", "x"), False),
    (("a=", "body"), ("*",), True),  # a trailing closure fits the parameter it reaches, past defaults
    (("", "block"), ("", "*"), True),
    (("", "block"), ("",), False),
    (("", "="), ("",), True),
]


@pytest.mark.parametrize(("parameters", "arguments", "fits"), CASES)
def test_labels(parameters: tuple[str, ...], arguments: tuple[str, ...], fits: bool) -> None:
    assert labels_fit(parameters, arguments) is fits


_PARAMETER = st.tuples(st.sampled_from(["", "a", "b", "to", "from"]), st.sampled_from(["", "=", "..."]))


@given(st.lists(_PARAMETER, max_size=6), st.data())
def test_a_call_written_from_the_parameters_fits_them(parameters: list[tuple[str, str]], data: st.DataObject) -> None:
    """Any call Swift accepts for these parameters, written from them (each parameter without a default passed,
    each with one passed or not, a variadic one passed zero or more values, a closure for any parameter at the
    end written as a trailing closure), fits them."""
    written = tuple(label + suffix for label, suffix in parameters)
    arguments: list[str] = []
    last_variadic = False  # (the last argument written is a variadic parameter's)
    for label, suffix in parameters:
        if suffix == "=" and not data.draw(st.booleans()):
            continue
        if suffix == "...":
            count = data.draw(st.integers(0, 3))
            arguments += [label] + [""] * (count - 1) if count else []
            last_variadic = last_variadic or bool(count)
            continue
        arguments.append(label)
        last_variadic = False
    if arguments and not last_variadic and data.draw(st.booleans()):
        arguments[-1] = "*"  # (passed as a trailing closure instead)
    assert labels_fit(written, tuple(arguments))


@given(st.lists(_PARAMETER, min_size=1, max_size=6))
def test_a_missing_parameter_without_a_default_does_not_fit(parameters: list[tuple[str, str]]) -> None:
    written = tuple(label + suffix for label, suffix in parameters)
    required = [i for i, (_label, suffix) in enumerate(parameters) if suffix == ""]
    if not required:
        return
    # every argument but the first required one's, with nothing that could stand for it
    arguments = tuple(label for i, (label, suffix) in enumerate(parameters) if suffix == "" and i != required[0])
    if any(label == parameters[required[0]][0] for label in arguments):
        return  # (another parameter of the same label could be taken for it)
    assert not labels_fit(written, arguments)
