"""A local assigned another name holds what that name holds (``current = first``); a name assigned itself
(``field = field``, Django's migrations state) or two names assigned each other say nothing, and resolving
their elements ends."""

from typing import List


class Item:
    def __init__(self) -> None:
        self.mark = 0


class Other:
    def __init__(self) -> None:
        self.mark = 1


def same(fields: List[Item], first: Item) -> int:
    current = first
    field = fields
    if current:
        field = field
    total = current.mark
    #               ^ value: occurrences/aliases.py::Item.mark
    for item in field:
        total += item.mark
    return total


def cycled() -> int:
    left = right  # noqa: F821 (unbound here at run time; the resolver still ends)
    right = left
    return left[0].mark
    #              ^ ambiguous: occurrences/aliases.py::Item.mark, occurrences/aliases.py::Other.mark
