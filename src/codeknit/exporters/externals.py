"""What the exporters know about names from outside the project: builtins and standard libraries.

Knowledge as data, from each language's spec (``codeknit/languages/<language>/spec.py``): the
names every file can use without an import (builtins, predeclared identifiers, globals) and the
package they are named after, a test for "is this import the standard library", and whether
functions share one global namespace. The navigation index uses it to give an unresolved name an
identity (``logging.info``, ``len``) or to leave it anonymous (``xs.reduce``: a method of a
receiver nobody typed).
"""

from __future__ import annotations

from codeknit.languages import registry
from codeknit.languages.registry import is_stdlib


def builtins_of(language: str) -> frozenset[str]:
    """Names usable everywhere in ``language`` without an import."""
    spec = registry.get(language)
    return spec.builtins if spec is not None else frozenset()


def builtin_package(language: str) -> str:
    """The package the builtins of ``language`` are named after (an external symbol needs one)."""
    spec = registry.get(language)
    return spec.builtin_package if spec is not None else ""


def has_global_namespace(language: str) -> bool:
    """One global namespace for functions: an unknown plain name is a library's, not a local's."""
    spec = registry.get(language)
    return spec is not None and spec.global_namespace


__all__ = ["builtin_package", "builtins_of", "has_global_namespace", "is_stdlib"]
