import pkg

pkg.helper()
# --- file: pkg/__init__.py
from .core import *
# --- file: pkg/core.py
__all__ = ["helper"]


def helper():
    _private()


def _private():
    pass
# expect: main.py -> pkg/core.py::helper
# expect: pkg/core.py::helper -> pkg/core.py::_private
