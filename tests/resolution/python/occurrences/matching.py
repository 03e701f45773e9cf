"""A match statement's patterns: the classes and values they read, the locals they bind."""
import enum

from occurrences.records import Point


class Shape(enum.Enum):
    CIRCLE = 1
    SQUARE = 2


def area(p: object, s: Shape) -> object:
    match p:
        case Point(x=0, y=yy):
        #    ^ value: occurrences/records.py:6
        #                 ^ declares: variable
            return yy
            #      ^ local: 14
        case [Point(), *rest] as whole:
        #     ^ value: occurrences/records.py:6
        #               ^ declares: variable
        #                        ^ declares: variable
            return len(rest) + len(whole)
            #          ^ local: 19
            #                      ^ local: 19
        case {"k": v, **others}:
        #          ^ declares: variable
        #               ^ declares: variable
            return (v, others)
            #       ^ local: 26
            #          ^ local: 26
        case other:
        #    ^ declares: variable
            return other
            #      ^ local: 32
    match s:
        case Shape.CIRCLE | Shape.SQUARE:
        #    ^ value: occurrences/matching.py:7
        #          ^ value: occurrences/matching.py:8
        #                         ^ value: occurrences/matching.py:9
            return 1
        case _:
            return 0


class Plain:
    def __init__(self, size: int) -> None:
        self.size = size


def sized(item: object) -> int:
    match item:
        case Plain(size=0):
        #          ^ value: occurrences/matching.py:48
            return 0
        case Point(y=1):
        #          ^ value: occurrences/records.py:8
            return 1
    return 2


def handler() -> None:
    pass


def captured(item: object) -> None:
    match item:
        case [handler]:
            handler()
        #   ^ unresolved
        case {"k": handler}:
            handler()
        #   ^ unresolved
        case Plain(size=handler):
            handler()
        #   ^ unresolved
        case int() as handler:
            handler()
        #   ^ unresolved
        case handler:
            handler()
        #   ^ unresolved


def looped(items: list[object]) -> None:
    h = sized
    for item in items:
        h(item)
    #   ^ ambiguous: occurrences/matching.py:51
        match item:
            case [h]:
                pass
