"""JavaScript and TypeScript: relative specifiers with extension and index probing."""

from __future__ import annotations

import posixpath

from codeknit.languages.base import Extraction, RawImport
from codeknit.resolve.rules.base import LanguageRules, ModuleIndex, ModuleTarget

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


RULES = JavaScriptRules
