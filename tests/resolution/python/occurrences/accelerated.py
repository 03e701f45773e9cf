"""A module that defines the Python version of a name first and lets a compiled module replace it if it
can (``asyncio.tasks``: ``_all_tasks = weakref.WeakSet()``, then ``try: from _asyncio import _all_tasks``):
the assignment defines the variable, which the later import may rebind. An assignment after an import of
its name writes the imported name instead (``except ImportError: ssl = None``)."""

import weakref

_all_tasks = weakref.WeakSet()
_current = {}


def register(task):
    _all_tasks.add(task)
    # ^ value: occurrences/accelerated.py:8
    return _current.get(task)
    #      ^ value: occurrences/accelerated.py:9


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
    #          ^ value: occurrences/accelerated.py:8
