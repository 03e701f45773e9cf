"""A tiny shop: the sample project codeknit's README runs on."""
from .cart import Cart
from .pricing import price_of

__all__ = ["Cart", "price_of"]
