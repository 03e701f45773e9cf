from dataclasses import dataclass
from typing import NamedTuple


@dataclass
class Point:
    x: int
    y: int = 0


class Challenge(NamedTuple):
    realm: str


class Plain:
    def __init__(self, x: int) -> None:
        self.x = x


def build(x: int) -> Point:
    Challenge(realm="r")
    #         ^ write: occurrences/records.py:12
    Plain(x=1)
    #     ^ none
    build(x=2)
    #     ^ none
    return Point(x=x, y=1)
    #            ^ write: occurrences/records.py:7
    #                 ^ write: occurrences/records.py:8
