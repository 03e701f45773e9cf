from .shapes import *  # noqa: F403 - re-exports what shapes lists in __all__
from .legb import counter as make_counter

__all__ = ["Circle", "make_counter"]
