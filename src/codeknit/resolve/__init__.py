"""Name resolution: from per-file extractions to one graph whose edges say how sure they are."""

from codeknit.resolve.resolver import MAX_CANDIDATES, CarryOver, Resolver, build_graph

__all__ = ["MAX_CANDIDATES", "CarryOver", "Resolver", "build_graph"]
