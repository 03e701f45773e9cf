"""A module that defines the Python version of a name first and lets a compiled module replace it if it
can (``asyncio.tasks``: ``_all_tasks = weakref.WeakSet()``, then ``try: from _asyncio import _all_tasks``):
the assignment defines the variable, which the later import may rebind. An assignment after an import of
its name writes the imported name instead (``except ImportError: ssl = None``)."""

import weakref
from typing import Optional

_all_tasks = weakref.WeakSet()
_current = {}


def register(task):
    _all_tasks.add(task)
    # ^ value: occurrences/accelerated.py:9
    return _current.get(task)
    #      ^ value: occurrences/accelerated.py:10


_py_register = register

try:
    from _speedups import _all_tasks, _current, register
except ImportError:
    pass

try:
    import ssl
except ImportError:
    ssl = None
    # ^ unresolved: ssl


def active():
    return len(_all_tasks)
    #          ^ value: occurrences/accelerated.py:9


# A compiled module may replace the function that makes a value: what calling it gives is then unknown to the
# points-to analysis, and the call of a method on it stays open. The field's declared type names the method
# all the same, though no other definition in the project has its name: the token reads it.
class Handle:
    def release(self) -> int:
        return 0


def current_handle():
    return Handle()


try:
    from _speedups import current_handle
except ImportError:
    pass


class Scope:
    def __init__(self) -> None:
        self._handle: Optional[Handle] = None

    def enter(self) -> None:
        self._handle = current_handle()

    def leave(self) -> int:
        return self._handle.release()
        #                   ^ ambiguous: occurrences/accelerated.py::Handle.release
        #                   ^ value: occurrences/accelerated.py::Handle.release
