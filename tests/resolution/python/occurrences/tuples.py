"""A tuple's positions (``Tuple[Key, Item]``, ``tuple[Key, Item]``): unpacking a value of it, or iterating a
collection of them, gives each name what its position holds; ``Tuple[Item, ...]`` is a collection of ``Item``."""

from typing import Dict, List, Optional, Tuple


class Key:
    def __init__(self) -> None:
        self.key = ""


class Item:
    def __init__(self) -> None:
        self.value = 1


def make() -> Tuple[Key, Item]:
    return Key(), Item()


class Container:
    def __init__(self) -> None:
        self._body: List[Tuple[Optional[Key], Item]] = []
        self._many: Tuple[Item, ...] = ()

    def walk(self, pair: "tuple[Key, Item]", d: Dict[str, Item]) -> list[int]:
        for k, v in self._body:
            print(k.key, v.value)
            #       ^ value: occurrences/tuples.py::Key.key
            #              ^ value: occurrences/tuples.py::Item.value
        a, b = make()
        print(a.key, b.value)
        #       ^ value: occurrences/tuples.py::Key.key
        #              ^ value: occurrences/tuples.py::Item.value
        for x in self._many:
            print(x.value)
            #       ^ value: occurrences/tuples.py::Item.value
        for name, it in d.items():
            print(name, it.value)
            #              ^ value: occurrences/tuples.py::Item.value
        return [v.value for _, v in self._body]
        #         ^ value: occurrences/tuples.py::Item.value


def unpack(pair: Tuple[Key, Item]) -> int:
    (c, e) = pair
    print(c.key)
    #       ^ value: occurrences/tuples.py::Key.key
    return e.value
    #        ^ value: occurrences/tuples.py::Item.value


def declared() -> int:
    # a name an annotation types keeps its declared type through a tuple assignment
    kept: Item = Item()
    kept, _ = make()
    return kept.value
    #           ^ value: occurrences/tuples.py::Item.value
