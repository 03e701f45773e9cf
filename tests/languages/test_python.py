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
