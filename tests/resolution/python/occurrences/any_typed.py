"""A value typed ``Any`` (or the class ``Type[Any]``) is one the resolver cannot see: its members are any project
members of their name, never members of ``typing.Any``."""
from typing import Any, Type


class Deferred:
    @classmethod
    def _raise_deferred(cls) -> None:
        pass


def check(class_: Type[Any], obj: Any) -> None:
    class_._raise_deferred()
    #      ^ ambiguous: occurrences/any_typed.py:8
    obj._raise_deferred()
    #   ^ ambiguous: occurrences/any_typed.py:8
