from tools import *

public()
_private_listed()
# expect: main.py -> tools.py::public
# expect: main.py -> tools.py::_private_listed
# --- file: tools.py
__all__ = ["public", "_private_listed"]


def public():
    pass


def _private_listed():
    pass


def hidden():
    pass
