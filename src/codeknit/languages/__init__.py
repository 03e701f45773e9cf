"""Per-language knowledge: a query file and a small adapter for each language.

A language lives in ``languages/<language>.py`` (its adapter, exported as
``ADAPTER``) and ``languages/queries/<language>.scm``. ``adapter_for(language)``
returns the adapter; ``extract(path, language, source)`` runs it. A language
without a module is reported as unsupported by the pipeline, never dropped
silently.
"""

from __future__ import annotations

import functools
import importlib

from codeknit.languages.engine import Adapter
from codeknit.languages.records import Extraction, RawImport, RawRef, RawSymbol

#: languages whose adapter lives in another language's module
_SHARED_MODULES = {"typescript": "javascript"}
#: every language the workspace scan can detect
KNOWN_LANGUAGES = (
    "c", "cpp", "csharp", "go", "java", "javascript", "php", "python", "ruby", "rust", "scala", "typescript",
)


@functools.cache
def supported_languages() -> tuple[str, ...]:
    """The known languages whose adapter module is installed."""
    return tuple(language for language in KNOWN_LANGUAGES if _adapter_class(language) is not None)


@functools.cache
def _adapter_class(language: str) -> type[Adapter] | None:
    module_name = _SHARED_MODULES.get(language, language)
    try:
        module = importlib.import_module(f"codeknit.languages.{module_name}.adapter")
    except ModuleNotFoundError as exc:
        if exc.name in (f"codeknit.languages.{module_name}", f"codeknit.languages.{module_name}.adapter"):
            return None
        raise
    adapters = getattr(module, "ADAPTERS", None) or {}
    adapter_class = adapters.get(language) or getattr(module, "ADAPTER", None)
    return adapter_class if adapter_class is None or adapter_class.language == language else None


@functools.cache
def adapter_for(language: str) -> Adapter:
    adapter_class = _adapter_class(language)
    if adapter_class is None:
        raise LookupError(f"no adapter for language {language!r}")
    return adapter_class()


def extract(path: str, language: str, source: bytes, time_limit: float = 0.0) -> Extraction:
    """Extract one file's symbols, references and imports (``time_limit``: seconds of parsing, 0: none)."""
    return adapter_for(language).extract(path, source, time_limit)


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
