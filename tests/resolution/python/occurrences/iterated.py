"""A loop over a builtin that iterates over what its arguments hold: ``reversed``, ``sorted``, ``list`` … give
an element of their argument, ``enumerate`` an int and one, ``zip`` one of each argument. A module that binds
such a name itself calls its own."""

from typing import List, Tuple


class Impl:
    def __init__(self) -> None:
        self.plugin = 1
        self.name = ""


class Other:
    def __init__(self) -> None:
        self.plugin = 2


class Hooks:
    def __init__(self) -> None:
        self.impls: List[Impl] = []
        self.others: List[Other] = []
        self.pairs: List[Tuple[str, Impl]] = []

    def walk(self) -> List[int]:
        for i, method in enumerate(self.impls):
            print(i, method.plugin)
            #               ^ value: occurrences/iterated.py::Impl.plugin
        for impl in reversed(self.impls):
            print(impl.name)
            #          ^ value: occurrences/iterated.py::Impl.name
        for a, b in zip(self.impls, self.others):
            print(a.name, b.plugin)
            #       ^ value: occurrences/iterated.py::Impl.name
            #               ^ value: occurrences/iterated.py::Other.plugin
        for key, item in sorted(self.pairs):
            print(key, item.name)
            #               ^ value: occurrences/iterated.py::Impl.name
        return [x.plugin for x in list(self.others)]
        #         ^ value: occurrences/iterated.py::Other.plugin

    def numbered(self) -> None:
        for i, (key, item) in enumerate(self.pairs):
            print(i, key, item.name)
            #                  ^ value: occurrences/iterated.py::Impl.name
