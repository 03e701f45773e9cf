"""The shop package: re-exports its public API."""
from .models import Order, Customer
from .service import checkout

__all__ = ["Order", "Customer", "checkout"]
