"""The languages codeknit knows: one folder under ``codeknit/languages`` each, found by looking.

A folder ``codeknit/languages/<name>/`` with a ``spec.py`` defining ``SPEC`` (a
:class:`~codeknit.languages.spec.LanguageSpec` named ``<name>``) is a language; its adapter is
``<name>/adapter.py`` (``ADAPTER``) and its resolution rules ``<name>/rules.py`` (``RULES``).
Nothing else lists languages: adding a folder adds a language, and this module, the workspace scan,
the exporters and the CLI read the specs from here. Languages come in name order.

Only the specs are loaded here (plain data); the adapters and rules are imported by the stages
that run them (``languages/adapters.py``, the resolver), by module name.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
from collections.abc import Iterable

from codeknit.languages.spec import LanguageSpec, ManifestReader

_PACKAGE = "codeknit.languages"


class RegistryError(RuntimeError):
    """A language folder whose ``spec.py`` is not what the registry expects."""


@functools.cache
def specs() -> tuple[LanguageSpec, ...]:
    """Every language's spec, in name order."""
    package = importlib.import_module(_PACKAGE)
    found: list[LanguageSpec] = []
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if not module.ispkg or importlib.util.find_spec(f"{_PACKAGE}.{module.name}.spec") is None:
            continue
        spec = getattr(importlib.import_module(f"{_PACKAGE}.{module.name}.spec"), "SPEC", None)
        if not isinstance(spec, LanguageSpec) or spec.name != module.name:
            raise RegistryError(f"{_PACKAGE}.{module.name}.spec must define SPEC, a LanguageSpec named {module.name!r}")
        found.append(spec)
    return tuple(found)


@functools.cache
def _by_name() -> dict[str, LanguageSpec]:
    return {spec.name: spec for spec in specs()}


def names() -> tuple[str, ...]:
    """The names of every known language, in order."""
    return tuple(_by_name())


def get(language: str) -> LanguageSpec | None:
    """The spec of ``language``, None when no folder defines it."""
    return _by_name().get(language)


def spec_for(language: str) -> LanguageSpec:
    spec = _by_name().get(language)
    if spec is None:
        raise LookupError(f"unknown language {language!r}")
    return spec


@functools.cache
def aliases() -> dict[str, str]:
    """Every name a user may give for a language (lower-cased), and the language it means."""
    table: dict[str, str] = {}
    for spec in specs():
        table[spec.name] = spec.name
        for alias in spec.aliases:
            table.setdefault(alias.lower(), spec.name)
    return table


def chosen_languages(values: Iterable[str]) -> list[str]:
    """The languages a user named (``["py", "TS"]`` → ``["python", "typescript"]``), sorted and once each;
    ValueError naming the unknown ones and the known ones."""
    table = aliases()
    chosen = [table.get(v.strip().lower(), v.strip().lower()) for v in values if v.strip()]
    known = names()
    unknown = [v for v in chosen if v not in known]
    if unknown:
        raise ValueError(f"unknown language(s): {', '.join(unknown)}; known: {', '.join(known)}")
    return sorted(set(chosen))


@functools.cache
def manifest_readers() -> tuple[ManifestReader, ...]:
    """Every kind of manifest, once (languages may share one: ``package.json``), in language order."""
    readers: list[ManifestReader] = []
    for spec in specs():
        readers += [reader for reader in spec.manifests if reader not in readers]
    return tuple(readers)


def manifest_reader(name: str) -> ManifestReader | None:
    """The reader of a manifest file called ``name`` (None when it is not one)."""
    return next((reader for reader in manifest_readers() if reader.matches(name)), None)


def module_name(language: str, role: str) -> str:
    """The module of a language's ``adapter`` or ``rules`` (a spec may point elsewhere)."""
    spec = spec_for(language)
    configured = spec.adapter_module if role == "adapter" else spec.rules_module if role == "rules" else ""
    return configured or f"{_PACKAGE}.{language}.{role}"


def has_module(language: str, role: str) -> bool:
    """Is the language's ``adapter`` or ``rules`` module there (without importing it)?"""
    try:
        return importlib.util.find_spec(module_name(language, role)) is not None
    except (LookupError, ModuleNotFoundError):
        return False


# -- what exporters ask, with the defaults for a language no folder defines --------------------


def moniker_scheme(language: str, *, stdlib: bool = False) -> str:
    """The moniker scheme of ``language``'s packages, or of its standard library (``python``, not
    ``pypi``: the standard library is no package of the package manager)."""
    spec = get(language)
    if stdlib:
        return (spec.stdlib_scheme if spec is not None else "") or language
    return (spec.moniker_scheme if spec is not None else "") or language


def purl_type(language: str) -> str:
    spec = get(language)
    return spec.purl_type if spec is not None else ""


def language_id(language: str, path: str = "") -> str:
    spec = get(language)
    return spec.language_id(path) if spec is not None else language


def is_stdlib(language: str, package: str) -> bool:
    """Is ``package`` (an import name, a header) part of ``language``'s standard library?"""
    spec = get(language)
    return bool(package) and spec is not None and spec.is_stdlib(package)


__all__ = [
    "RegistryError",
    "aliases",
    "get",
    "has_module",
    "is_stdlib",
    "language_id",
    "manifest_reader",
    "manifest_readers",
    "module_name",
    "moniker_scheme",
    "names",
    "purl_type",
    "spec_for",
    "specs",
]
