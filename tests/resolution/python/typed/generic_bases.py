"""Generic and subscripted bases: ``class IntBox(Box[int])`` inherits ``Box``."""
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")


class Box(Generic[T]):
    def get(self) -> int:
        return 1

    def put(self, item: T) -> None:
        pass


class Mixin:
    def tag(self) -> str:
        return "m"


class IntBox(Box[int], Mixin):
#            ^ defined: typed/generic_bases.py::Box
#                      ^ defined: typed/generic_bases.py::Mixin
    def get(self) -> int:
    #   ^ overrides: typed/generic_bases.py::Box.get
        return super().get() + super(IntBox, self).get()
        #              ^ defined: typed/generic_bases.py::Box.get
        #                                          ^ defined: typed/generic_bases.py::Box.get


class Readable(Protocol[T]):
    def read(self) -> T:
        ...


class Reader(Readable[str]):
#            ^ defined: typed/generic_bases.py::Readable
    def read(self) -> str:
    #   ^ overrides: typed/generic_bases.py::Readable.read
        return ""


def fill(box: IntBox) -> str:
    box.put(3)
    #   ^ defined: typed/generic_bases.py::Box.put
    return box.tag()
    #          ^ defined: typed/generic_bases.py::Mixin.tag
