"""A package that re-exports its modules with star imports, as asyncio does."""
from .base import *
from .protocols import *
