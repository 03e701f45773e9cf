"""A module that defines ``reversed`` itself: a loop over it is a loop over what that function returns."""

from typing import List


class Item:
    def __init__(self) -> None:
        self.size = 0


class Box:
    def __init__(self) -> None:
        self.size = 1


def reversed(items: List[Item]) -> List[Box]:
    return [Box()]


def total(items: List[Item]) -> int:
    return sum(b.size for b in reversed(items))
    #            ^ value: occurrences/shadow/own.py::Box.size
