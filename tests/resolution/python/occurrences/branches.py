"""Branches a type checker decides without running the code: ``TYPE_CHECKING`` holds, and ``sys.version_info`` is
the Python version the code is read for (``CODEKNIT_PYTHON_VERSION``, 3.13 unless set). A name defined in each
branch is the definition of the branch taken; other double definitions stay ambiguous."""

import sys
import typing
from typing import TYPE_CHECKING

if sys.version_info < (3, 8):

    def get_origin(tp: object) -> object:
        return None

else:

    def get_origin(tp: object) -> object:
        return tp


if sys.version_info >= (3, 10):

    def is_union(tp: object) -> bool:
        return True

elif sys.version_info[:2] == (3, 9):

    def is_union(tp: object) -> bool:
        return False

else:

    def is_union(tp: object) -> bool:
        return False


if TYPE_CHECKING:

    class Checked:
        value: int = 0

else:
    Checked = dict


if not typing.TYPE_CHECKING:

    def helper() -> int:
        return 0

else:

    def helper() -> int:
        return 1


try:
    from json import loads as parse
except ImportError:

    def parse(text: str) -> object:
        return text


if len(sys.argv) > 1:

    def chosen() -> int:
        return 1

else:

    def chosen() -> int:
        return 2


if sys.version_info < (3, 10):
    GENERIC_TYPES = (list,)
else:
    GENERIC_TYPES = (list, tuple)

LIMIT = 1
if sys.version_info >= (3, 12):
    LIMIT = 2
    # ^ write: occurrences/branches.py::LIMIT


def use() -> None:
    print(GENERIC_TYPES, LIMIT)
    #     ^ value: occurrences/branches.py:78
    #                    ^ value: occurrences/branches.py:80
    get_origin(int)
    # ^ defined: occurrences/branches.py:16
    is_union(int)
    # ^ defined: occurrences/branches.py:22
    print(Checked.value)
    #     ^ value: occurrences/branches.py:38
    helper()
    # ^ defined: occurrences/branches.py:52
    chosen()
    # ^ ambiguous: occurrences/branches.py:66, occurrences/branches.py:71
