"""Java overloads chosen by argument types (``resolve/overloads.py``), as properties over generated classes.

A class gets a few overloads of one method, each with its own parameter types (primitives, ``String``,
``Object``, an array); a call passes literals. Java's rules (JLS §15.12.2) say: an overload whose parameter
types are the arguments' exactly is the one called (it is applicable without boxing or variable arity, and
more specific than every other that is); an overload that cannot take an argument (no widening, boxing or
subtyping reaches its parameter) is never the target nor a candidate.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codeknit.graph import EdgeKind, Resolution
from codeknit.languages.adapters import extract
from codeknit.resolve.resolver import build_graph

#: a literal of each type
LITERALS = {"int": "7", "long": "7L", "double": "7.5", "float": "7f", "char": "'c'", "boolean": "true",
            "String": '"s"', "int[]": "new int[1]"}
PARAMETERS = [*LITERALS, "Object", "Integer", "CharSequence"]
WIDENS = {"int": {"long", "float", "double"}, "long": {"float", "double"}, "float": {"double"},
          "char": {"int", "long", "float", "double"}, "double": set(), "boolean": set()}
BOXES = {"int": "Integer", "long": "Long", "double": "Double", "float": "Float", "char": "Character",
         "boolean": "Boolean"}


def can_take(parameter: str, argument: str) -> bool:
    """Can a method invocation pass a value of type ``argument`` to ``parameter`` (Java, for these types)?"""
    if parameter == argument or parameter == "Object":
        return True
    if argument in WIDENS:  # (widened, or boxed: ``Integer`` only takes an int)
        return parameter in WIDENS[argument] or parameter == BOXES[argument]
    if argument == "String":
        return parameter == "CharSequence"
    return False


signatures = st.lists(st.lists(st.sampled_from(PARAMETERS), min_size=1, max_size=2).map(tuple),
                      min_size=2, max_size=5, unique=True)


def _call(signatures: list[tuple[str, ...]], arguments: tuple[str, ...]) -> tuple[Resolution, str, tuple[str, ...]]:
    methods = "\n".join(f"    void m({', '.join(f'{t} p{i}' for i, t in enumerate(types))}) {{}}"
                        for types in signatures)
    call = ", ".join(LITERALS[a] for a in arguments)
    source = f"class C {{\n{methods}\n    void run() {{ m({call}); }}\n}}\n"
    graph = build_graph([extract("C.java", "java", source.encode())])
    found = [r for r in graph.relations if r.kind is EdgeKind.CALLS and r.source == "C.java::C.run"]
    assert len(found) == 1, source
    return found[0].resolution, found[0].target, found[0].candidates


def _id(signatures: list[tuple[str, ...]], index: int) -> str:
    return "C.java::C.m" if index == 0 else f"C.java::C.m#{index + 1}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(signatures, st.data())
def test_the_overload_whose_parameters_are_the_arguments_is_called(signatures: list[tuple[str, ...]],
                                                                  data: st.DataObject) -> None:
    literal = [i for i, types in enumerate(signatures) if all(t in LITERALS for t in types)]
    if not literal:
        return
    index = data.draw(st.sampled_from(literal))
    resolution, target, _ = _call(signatures, signatures[index])
    assert (resolution, target) == (Resolution.RESOLVED, _id(signatures, index)), signatures


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(signatures, st.lists(st.sampled_from(list(LITERALS)), min_size=1, max_size=2).map(tuple))
def test_an_overload_that_cannot_take_the_arguments_is_never_named(signatures: list[tuple[str, ...]],
                                                                   arguments: tuple[str, ...]) -> None:
    able = {_id(signatures, i) for i, types in enumerate(signatures)
            if len(types) == len(arguments) and all(can_take(p, a) for p, a in zip(types, arguments, strict=True))}
    resolution, target, candidates = _call(signatures, arguments)
    if not able:
        return  # (none can: all that accept the count stay, as the count alone says)
    named = {target} if resolution is Resolution.RESOLVED else set(candidates)
    assert named <= able, (signatures, arguments)
    assert named, (signatures, arguments)
