"""A keyword argument of a call of a class whose ``__init__`` is generated from its fields names the field
(``Parts(scheme=…)``). Where the class is defined in both branches of ``if TYPE_CHECKING:`` (a TypedDict for the
type checker, a plain ``dict`` at run time), the keyword names the field of the branch a type checker reads."""

from typing import TYPE_CHECKING, Optional, TypedDict

if TYPE_CHECKING:
    class Parts(TypedDict, total=False):
        scheme: str
        port: Optional[str]
else:
    class Parts(dict):
        pass


def build(scheme: str, port: str) -> "Parts":
    return Parts(scheme=scheme, port=port)
    #            ^ write: occurrences/typeddicts.py:9
    #                           ^ write: occurrences/typeddicts.py:10
