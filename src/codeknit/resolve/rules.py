"""Per-language resolution rules: module naming, import targets, receivers.

The resolver (``resolve/resolver.py``) is language-neutral; everything that
differs between languages is a :class:`LanguageRules` subclass here. Rules see
only extraction records and the project's file table, never tree-sitter.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from codeknit.languages.base import Extraction, RawImport


@dataclass(frozen=True, slots=True)
class ModuleTarget:
    """Where an import points: a project module (by path) or an external name."""

    path: str | None  # the project file, when the module is in the project
    name: str  # the module name as the import spells it (canonical for externals)


class LanguageRules:
    """Defaults shared by languages; subclasses override what differs."""

    #: names that denote the current instance inside a method
    instance_names: frozenset[str] = frozenset()
    #: a bare name inside a method body can see class members (Java, C#); Python and JS cannot
    class_scope_visible_from_methods: bool = False
    #: the constructor's name, if the language has one
    constructor_names: tuple[str, ...] = ()
    #: does a module expose only what it exports? (JS/TS: yes; Python: everything is reachable)
    exports_only: bool = False
    #: the instance is a method's first parameter, whatever its name (Python's ``self``)
    receiver_is_first_parameter: bool = False
    #: ``super().m`` (Python) rather than ``super.m`` and ``super(...)`` (JS, Java)
    super_is_call: bool = False

    def register(self, extraction: Extraction) -> list[str]:
        """Module keys under which this file can be imported."""
        return []

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        raise NotImplementedError

    def submodule(self, module_path: str, name: str, modules: ModuleIndex) -> str | None:
        """A submodule ``name`` of the package whose ``__init__``/index is ``module_path``."""
        return None


class ModuleIndex:
    """Project files by module key and by path."""

    def __init__(self) -> None:
        self.by_key: dict[str, list[str]] = {}
        self.paths: set[str] = set()
        self.packages: dict[str, str] = {}  # package dotted name → __init__ path

    def add(self, key: str, path: str) -> None:
        bucket = self.by_key.setdefault(key, [])
        if path not in bucket:
            bucket.append(path)

    def lookup(self, key: str) -> list[str]:
        return self.by_key.get(key, [])


class PythonRules(LanguageRules):
    constructor_names = ("__init__",)
    receiver_is_first_parameter = True
    super_is_call = True

    def __init__(self, all_paths: set[str]) -> None:
        self._init_dirs = {
            posixpath.dirname(p) for p in all_paths if posixpath.basename(p) in ("__init__.py", "__init__.pyi")
        }

    def module_names(self, path: str) -> list[str]:
        """Dotted names for a file: from its package root first, then from the scan root."""
        stem, _ = posixpath.splitext(path)
        parts = stem.split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if not parts:
            return []
        directory = posixpath.dirname(path)
        while directory and directory in self._init_dirs:
            directory = posixpath.dirname(directory)
        start = len(directory.split("/")) if directory else 0
        short = ".".join(parts[start:]) or parts[-1]
        full = ".".join(parts)
        return [short] if short == full else [short, full]

    def register(self, extraction: Extraction) -> list[str]:
        return self.module_names(extraction.path)

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        if imp.level:
            package_parts = self._package_of(importer.path)
            if imp.level - 1 > len(package_parts):
                return ModuleTarget(None, "." * imp.level + imp.module)
            base = package_parts[: len(package_parts) - (imp.level - 1)]
            directory = "/".join(base)
            rel = imp.module.replace(".", "/") if imp.module else ""
            target_dir = posixpath.join(directory, rel) if rel else directory
            for candidate in (f"{target_dir}.py", f"{target_dir}/__init__.py", f"{target_dir}.pyi",
                              f"{target_dir}/__init__.pyi"):
                candidate = candidate.lstrip("/")
                if candidate in modules.paths:
                    return ModuleTarget(candidate, self.module_names(candidate)[0])
            return ModuleTarget(None, "." * imp.level + imp.module)
        found = modules.lookup(imp.module)
        if len(found) >= 1:
            # several files with one name (two roots): prefer the shortest path, deterministically
            return ModuleTarget(sorted(found, key=lambda p: (p.count("/"), p))[0], imp.module)
        return ModuleTarget(None, imp.module)

    def _package_of(self, path: str) -> list[str]:
        directory = posixpath.dirname(path)
        return directory.split("/") if directory else []

    def submodule(self, module_path: str, name: str, modules: ModuleIndex) -> str | None:
        if posixpath.basename(module_path) not in ("__init__.py", "__init__.pyi"):
            return None
        directory = posixpath.dirname(module_path)
        for candidate in (f"{directory}/{name}.py", f"{directory}/{name}/__init__.py", f"{directory}/{name}.pyi"):
            candidate = candidate.lstrip("/")
            if candidate in modules.paths:
                return candidate
        return None


_JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")


class JavaScriptRules(LanguageRules):
    instance_names = frozenset({"this"})
    constructor_names = ("constructor",)
    exports_only = True

    def register(self, extraction: Extraction) -> list[str]:
        return []

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        spec = imp.module
        if not spec:
            return ModuleTarget(importer.path, "")
        if not spec.startswith("."):
            return ModuleTarget(None, spec)
        base = posixpath.normpath(posixpath.join(posixpath.dirname(importer.path), spec))
        if base.startswith("../") or base == "..":
            return ModuleTarget(None, spec)
        for candidate in self._candidates(base):
            if candidate in modules.paths:
                return ModuleTarget(candidate, spec)
        return ModuleTarget(None, spec)

    @staticmethod
    def _candidates(base: str) -> list[str]:
        out = [base]
        stem, ext = posixpath.splitext(base)
        if ext in (".js", ".jsx", ".mjs", ".cjs"):  # TS ESM style: './x.js' names './x.ts'
            ts = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}[ext]
            out += [stem + e for e in ts]
        out += [base + e for e in _JS_EXTENSIONS]
        out += [f"{base}/index{e}" for e in _JS_EXTENSIONS]
        return [posixpath.normpath(p) for p in out]


def rules_for(language: str, all_paths: set[str]) -> LanguageRules:
    if language == "python":
        return PythonRules(all_paths)
    if language in ("javascript", "typescript"):
        return JavaScriptRules()
    return LanguageRules()
