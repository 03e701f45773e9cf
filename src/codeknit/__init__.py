"""codeknit: code intelligence for LLM agents.

``Graph`` and ``index`` are loaded on first use: importing the package (as every worker process and
the ``codeknit`` command do first) loads its version alone, not the whole pipeline."""

from __future__ import annotations

from codeknit.version import __version__

TYPE_CHECKING = False  # (not ``typing``'s: the package's import stays this small)
if TYPE_CHECKING:
    from typing import Any

    from codeknit.graph import Graph
    from codeknit.pipeline.index import index

__all__ = ["Graph", "__version__", "index"]

#: the package's lazy attributes: name → the module that defines it
_LAZY = {"Graph": "codeknit.graph", "index": "codeknit.pipeline.index"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'codeknit' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # (asked once)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
