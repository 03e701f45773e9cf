"""Per-language knowledge: a query file and a small adapter for each language.

``adapter_for(language)`` returns the adapter; ``extract(path, language, source)``
runs it. A language whose adapter is not registered here is reported as
unsupported by the pipeline rather than silently dropped.
"""

from __future__ import annotations

import functools
import importlib

from codeknit.languages.base import Adapter, Extraction, RawImport, RawRef, RawSymbol

#: language name → "module:Class" of its adapter
_ADAPTERS: dict[str, str] = {
    "python": "codeknit.languages.python:PythonAdapter",
    "javascript": "codeknit.languages.javascript:JavaScriptAdapter",
    "typescript": "codeknit.languages.javascript:TypeScriptAdapter",
}


def supported_languages() -> tuple[str, ...]:
    return tuple(sorted(_ADAPTERS))


@functools.cache
def adapter_for(language: str) -> Adapter:
    try:
        target = _ADAPTERS[language]
    except KeyError:
        raise LookupError(f"no adapter for language {language!r}") from None
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    adapter: Adapter = cls()
    return adapter


def extract(path: str, language: str, source: bytes) -> Extraction:
    """Extract one file's symbols, references and imports."""
    return adapter_for(language).extract(path, source)


__all__ = [
    "Adapter",
    "Extraction",
    "RawImport",
    "RawRef",
    "RawSymbol",
    "adapter_for",
    "extract",
    "supported_languages",
]
