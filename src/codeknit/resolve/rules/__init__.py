"""Per-language resolution rules.

The resolver is language-neutral; what differs between languages (module
naming, import targets, receivers, shared package scopes) lives in one module
per language here, ``rules/<language>.py``, which defines ``RULES``: a
:class:`LanguageRules` subclass. A language without a module gets the defaults.
Rules see extraction records and the project's file table, never tree-sitter.
"""

from __future__ import annotations

import importlib

from codeknit.resolve.api import LanguageRules, ModuleIndex, ModuleTarget


def rules_for(language: str, all_paths: set[str]) -> LanguageRules:
    try:
        module = importlib.import_module(f"codeknit.languages.{language}.rules")
    except ModuleNotFoundError:
        return LanguageRules()
    rules_class = module.RULES
    try:
        return rules_class(all_paths)  # type: ignore[no-any-return]
    except TypeError:
        return rules_class()  # type: ignore[no-any-return]


__all__ = ["LanguageRules", "ModuleIndex", "ModuleTarget", "rules_for"]
