"""Each language's adapter, found through the registry, and :func:`extract`, which runs it.

A language whose folder has no ``adapter.py`` is known (the scan detects its files) but not
supported: the pipeline reports its files as skipped, never drops them silently.
"""

from __future__ import annotations

import functools
import importlib

from codeknit.languages import registry
from codeknit.languages.engine import Adapter
from codeknit.languages.records import Extraction


@functools.cache
def supported_languages() -> tuple[str, ...]:
    """The known languages whose adapter module is installed."""
    return tuple(language for language in registry.names() if registry.has_module(language, "adapter"))


@functools.cache
def adapter_for(language: str) -> Adapter:
    """The adapter of ``language`` (``LookupError`` when there is none)."""
    if not registry.has_module(language, "adapter"):
        raise LookupError(f"no adapter for language {language!r}")
    adapter_class = getattr(importlib.import_module(registry.module_name(language, "adapter")), "ADAPTER", None)
    if adapter_class is None or adapter_class.language != language:
        raise LookupError(f"no adapter for language {language!r}")
    return adapter_class()  # type: ignore[no-any-return]


def extract(path: str, language: str, source: bytes, time_limit: float = 0.0) -> Extraction:
    """Extract one file's symbols, references and imports (``time_limit``: seconds of parsing, 0: none)."""
    return adapter_for(language).extract(path, source, time_limit)


__all__ = ["adapter_for", "extract", "supported_languages"]
