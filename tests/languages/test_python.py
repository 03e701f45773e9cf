"""The Python adapter: what its definitions are."""

from __future__ import annotations

from codeknit.graph.model import SymbolKind
from codeknit.languages.adapters import extract

_SOURCE = b'''\
a, b = 1, 2
TOP, BOTTOM = "top", "bottom"


class Color(Enum):
    RED, GREEN = 1, 2

    def paint(self):
        left, right = 1, 2
        return left + right
'''


def test_each_target_of_a_tuple_assignment_is_a_definition() -> None:
    extraction = extract("shapes.py", "python", _SOURCE)
    found = {symbol.name: symbol for symbol in extraction.symbols}
    assert found["a"].kind is SymbolKind.VARIABLE and found["b"].kind is SymbolKind.VARIABLE
    assert found["TOP"].kind is SymbolKind.CONSTANT and found["BOTTOM"].kind is SymbolKind.CONSTANT
    assert found["RED"].kind is SymbolKind.ENUM_MEMBER and found["GREEN"].kind is SymbolKind.ENUM_MEMBER
    assert found["b"].name_span == (1, 3, 1, 4)
    assert found["GREEN"].parent == found["RED"].parent == extraction.symbols.index(found["Color"])
    # (a function's targets are locals, not symbols)
    assert "left" not in found and "right" not in found
    # no two of them cover the same bytes: the first owns the statement, the others their own name
    assert (found["a"].start_byte, found["a"].end_byte) == (0, 11)
    assert (found["b"].start_byte, found["b"].end_byte) == (3, 4)


_PATTERNS = b'''\
(c, d) = 3, 4
[e, f] = 5, 6
g, (h, i) = 1, (2, 3)
j, *k = 1, 2, 3


def loc(xs):
    [p, q] = xs
    r, (s, t) = xs
    u, *v = xs
    return p, q, r, s, t, u, v
'''


def test_parenthesized_nested_and_starred_targets_define_each_name() -> None:
    extraction = extract("patterns.py", "python", _PATTERNS)
    found = {symbol.name: symbol for symbol in extraction.symbols}
    for name in "cdefghijk":
        assert found[name].kind is SymbolKind.VARIABLE, name
    assert found["i"].name_span == (3, 7, 3, 8)
    assert found["k"].name_span == (4, 4, 4, 5)
    # inside a function the same targets are locals, each used once in the return
    assert not {"p", "q", "r", "s", "t", "u", "v"} & set(found)
    spans = [(symbol.start_byte, symbol.end_byte) for symbol in extraction.symbols]
    assert len(spans) == len(set(spans))  # no two symbols hold the same bytes

    loc = extraction.symbols.index(found["loc"])
    assert extraction.locals[loc] >= {"xs", "p", "q", "r", "s", "t", "u", "v"}


def test_a_module_is_named_as_the_code_imports_it(tmp_path) -> None:
    """From its package root (``src/shop/cli.py`` is ``shop.cli`` in a src layout), unless another module of
    the tree has that name: two ``main.py`` in folders that are no packages keep their paths' names."""
    import codeknit

    for path, text in (("src/shop/__init__.py", ""), ("src/shop/cli.py", "from shop.gateway import pay\n"),
                       ("src/shop/gateway.py", "def pay():\n    return 1\n"),
                       ("examples/a/main.py", "x = 1\n"), ("examples/b/main.py", "y = 2\n")):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    graph = codeknit.index(tmp_path)
    names = {s.path: s.name for s in graph.symbols if s.kind is SymbolKind.MODULE}
    assert names == {"src/shop/__init__.py": "shop", "src/shop/cli.py": "shop.cli",
                     "src/shop/gateway.py": "shop.gateway", "examples/a/main.py": "examples.a.main",
                     "examples/b/main.py": "examples.b.main"}
    assert {s.qualname for s in graph.symbols if s.kind is SymbolKind.MODULE} == set(names.values())


def test_the_arguments_of_literal_are_values_not_types() -> None:
    """``Literal["red"]`` holds a string, no forward reference: a class named ``red`` is not used there (it was
    a resolved reference); ``Annotated[Foo, "red"]`` uses ``Foo`` only."""
    extraction = extract("m.py", "python", (
        b"import typing\nfrom typing import Annotated, Literal\nclass Foo: pass\n"
        b"def f(a: Literal['red', 'blue'], b: typing.Literal['red'], c: Annotated[Foo, 'red'],\n"
        b"      d: list[Literal['red']]) -> 'Literal[1] | Foo': pass\n"))
    texts = sorted(r.text for r in extraction.refs if r.scope == 2)
    assert texts == ["Annotated", "Foo", "Foo", "Literal", "Literal", "Literal", "list", "typing.Literal"]


def test_a_class_on_typing_protocol_is_an_interface_and_on_another_protocol_a_class() -> None:
    """A base written ``Protocol`` is typing's only where the file imports it from there (Twisted's
    ``protocol.Protocol`` made scrapy's HTTP/2 protocol classes interfaces)."""
    def kinds(source: bytes) -> dict[str, SymbolKind]:
        return {s.name: s.kind for s in extract("p.py", "python", source).symbols}

    typing_ = (b"from typing import (\n    Any,\n    Protocol,\n)\n\n"
               b"class Sized(Protocol):\n    def size(self) -> int: ...\n")
    twisted = b"from twisted.internet.protocol import Protocol\n\nclass Receiver(Protocol):\n    pass\n"
    dotted = b"import typing\n\nclass Sized(typing.Protocol):\n    pass\n"
    assert kinds(typing_)["Sized"] is SymbolKind.INTERFACE
    assert kinds(twisted)["Receiver"] is SymbolKind.CLASS
    assert kinds(dotted)["Sized"] is SymbolKind.INTERFACE


def _phis(source: str) -> list[list[object]]:
    from codeknit.languages.python.facts import PHI, decode

    found = extract("m.py", "python", source.encode())
    assert found.flow is not None
    return [fact[2:] for fact in decode(found.flow) if fact[0] == PHI and "@" in fact[2]]  # (joins, not names)


def test_a_parameter_not_rebound_on_a_path_joins_as_what_it_came_in_with() -> None:
    # the path that skips the `if` keeps the parameter's value: the name itself, beside the branch's version
    assert _phis("def run(cb=None):\n    if cb is None:\n        cb = f\n    return cb(1)\n") == \
        [["cb@2", ["cb@1", "cb"]]]
    # a loop's head: what comes in (the parameter's value) and what comes back
    assert ["cb@1", ["cb", "cb@2"]] in _phis("def run(cb, xs):\n    for x in xs:\n        cb(x)\n        cb = f\n")
    # a `try` handler may start before the body rebinds it
    assert ["cb@2", ["cb", "cb@1"]] in _phis(
        "def run(cb):\n    try:\n        cb = make()\n    except E:\n        pass\n    return cb(1)\n")
    # a local bound on one path only is unbound on the other: nothing joins
    assert _phis("def run():\n    if c:\n        cb = f\n    return cb(1)\n") == []
