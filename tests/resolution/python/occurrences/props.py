"""Properties with setters, fields set in setters, ``global`` names, decorators' scope."""

import functools

_cache = ""


def cached() -> str:
    global _cache
    #      ^ value: occurrences/props.py:5
    if not _cache:
    #      ^ value: occurrences/props.py:5
        _cache = str(3)
        # ^ write: occurrences/props.py:5
    return _cache
    #      ^ value: occurrences/props.py:5


class Box:
    def __init__(self) -> None:
        self._size = 0

    @property
    def size(self) -> int:
        return self._size

    @size.setter
    #^ value: occurrences/props.py:24
    def size(self, size: int) -> None:
        self._size = size
        self._label = str(size)

    @property
    def label(self) -> str:
        return self._label
        #           ^ value: occurrences/props.py:31

    @functools.cache
    def wrapped(self, functools: int) -> int:
        return functools


def grow(box: Box) -> None:
    box.size = 3
    #   ^ write: occurrences/props.py:24
    print(box.size)
    #         ^ value: occurrences/props.py:24



def deco(function: object) -> object:
    return function


class Service:
    @deco
    #^ defined: occurrences/props.py::deco
    def handler(self, deco: int) -> int:
        return deco
        #      ^ local: 58


class Group:
    pass


class Scaffold:
    cli: Group
    name: str

    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0


class Blueprint(Scaffold):
    def __init__(self, name: str) -> None:
        self.cli = Group()
        #    ^ write: occurrences/props.py:68
        self.name = name
        self.count = 1

    def show(self) -> str:
        print(self.cli, self.count)
        #          ^ value: occurrences/props.py:68
        #                    ^ value: occurrences/props.py:81
        return self.name
        #           ^ value: occurrences/props.py:69


class Failure(Exception):
    code = 2


def guard() -> int:
    try:
        return 0
    except Failure as error:
        return error.code
        #            ^ value: occurrences/props.py:92


def pick(flag: bool) -> int:
    return 1


def pick(flag: bool) -> int:  # noqa: F811
#   ^ write: occurrences/props.py:103
    return 2


class Gauge:
    @property
    def level(self) -> int:
        return 0

    @level.setter
    def level(self, value: int) -> None:
    #   ^ write: occurrences/props.py:114
        pass


class Client:
    @property
    def timeout(self) -> int:
        return 0

    @timeout.setter
    def timeout(self, timeout: int) -> None:
    #   ^ write: occurrences/props.py:125
        pass
