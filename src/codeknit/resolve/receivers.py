"""Typed receivers for the languages whose rules build on :class:`ScopedRules` (Java, C#, Scala, Kotlin, Swift).

:class:`ScopedRules` binds every reference itself, so the shared resolver's use of
``Extraction.var_types`` and ``RawSymbol.declared_type`` never runs for these
languages. This mixin brings it in, through the resolver's own type helpers
(``type_entities``, ``value_type``):

* a dotted name whose head is a local or parameter with a known type
  (``Circle c``, ``var c = new Circle()``, ``val c: Circle``) continues through
  that type's members and its ancestors';
* a member that is a field, property or variable with a declared type
  (``this.repo.Save()``, ``shape.Origin.Dist()``) continues through that type,
  and so does a method named without parentheses where that calls it (Scala's
  ``shape.origin.dist(…)``), through its return type.

A local whose type is not known stays unknown (calls on it become candidates by
name, never a resolution).

With ``imports_name_packages`` (C#, Scala), an outside name reached through a
single-name import carries that import as its package (``J.SerializeObject`` with
``using J = Newtonsoft.Json.JsonConvert`` → package ``Newtonsoft.Json.JsonConvert``),
and so do its members; an import under one of the project's own root packages or
namespaces that the project does not define names no package: it is missing,
not external.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from codeknit.graph.model import Category, SymbolKind
from codeknit.languages.records import RawImport, RawRef
from codeknit.resolve.api import UNKNOWN, External, Instance, Sym, narrowing_at
from codeknit.resolve.scoped import Found, Package, ScopedRules, Want

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving

_HOLDERS = frozenset({SymbolKind.FIELD, SymbolKind.PROPERTY, SymbolKind.VARIABLE, SymbolKind.CONSTANT})


class TypedReceivers(ScopedRules):
    """:class:`ScopedRules` plus receivers typed by declarations (see the module docstring)."""

    #: a method named without parentheses is called (Scala's ``shape.origin.x``): its return type continues
    parameterless_calls = False
    #: outside names reached through a single-name import carry it as their package (see the module docstring)
    imports_name_packages = False
    #: a method the receiver's type lacks may be an extension (C# extension methods, Scala implicit classes and
    #: ``extension`` methods): the call is then a guess among same-named methods, never unresolved outright
    extension_methods = False

    def _lookup(
        self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want, ref: RawRef,
        chain_head: bool, local: bool = True,
    ) -> Found:
        if chain_head and local:
            if file.extraction.narrowed:  # a test says what the local is here (Kotlin's ``if (x is T)``)
                narrowed = narrowing_at(file, scope, name, ref.span)
                if narrowed is not None:
                    return list(resolver.type_entities(file, scope, narrowed[1]))
            typed = self._typed_local(resolver, file, scope, name)
            if typed is not None:
                return typed
        return super()._lookup(resolver, file, scope, name, want, ref, chain_head, local)

    @staticmethod
    def _typed_local(resolver: Resolving, file: FileIndex, scope: int, name: str) -> Found | None:
        """What a local or parameter named ``name`` holds, when its declaration says; None when the name is
        not a typed local of an enclosing callable (the ordinary lookup decides then)."""
        extraction = file.extraction
        symbols = extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.kind.category is Category.TYPE or raw.kind in (SymbolKind.NAMESPACE, SymbolKind.PACKAGE):
                typed = extraction.var_types.get(current)  # a class parameter (Scala, C# primary constructor)
                if typed and name in typed and name not in file.children.get(current, {}):
                    return list(resolver.type_entities(file, current, typed[name]))
                return None
            if name in file.children.get(current, {}):
                return None
            typed = extraction.var_types.get(current)
            if typed and name in typed:
                return list(resolver.type_entities(file, current, typed[name]))
            if name in extraction.locals.get(current, ()):
                return None
            current = raw.parent
        return None

    def member(self, resolver: Resolving, entity: Entity | Package, name: str, want: Want) -> Found:
        if isinstance(entity, External) and self.imports_name_packages:
            return [External(f"{entity.name}.{name}", entity.package)]

        if isinstance(entity, Instance):
            members: Found = list(self.member_of_type(resolver, entity.type_id, name, want)
                                  or self.inherited_from_outside(resolver, entity.type_id, name))
            if not members and self.extension_methods:
                return [UNKNOWN]
            return members
        if isinstance(entity, Sym) and resolver.symbols[entity.id].kind in _HOLDERS:
            out: Found = []
            for value in resolver.value_type(entity.id):
                for found in self.member(resolver, value, name, want):
                    if found not in out:
                        out.append(found)
            return out
        if self.parameterless_calls and isinstance(entity, Sym) and resolver.symbols[entity.id].kind in (
            SymbolKind.METHOD, SymbolKind.FUNCTION
        ):
            out = []
            for value in resolver.call_results([entity]):
                for found in self.member(resolver, value, name, want):
                    if found not in out:
                        out.append(found)
            return out
        return super().member(resolver, entity, name, want)

    # -- packages of outside names --------------------------------------------------------------

    def project_rooted(self, name: str) -> bool:
        """Does ``name`` start with one of the project's root packages or namespaces?"""
        return name.split(".", 1)[0] in self.packages

    def external_package(self, imp: RawImport, module_name: str) -> str | None:
        package = super().external_package(imp, module_name)
        if self.imports_name_packages and package is not None and self.project_rooted(package):
            return None  # under the project's own namespace: missing, not from outside
        return package

    def explicit_import(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        found = super().explicit_import(resolver, file, scope, name, want)
        if not self.imports_name_packages or not any(isinstance(e, External) and e.package is None for e in found):
            return found
        targets = self.imports_at(file, scope)[0].get(name, [])
        out: Found = []
        for entity in found:
            if isinstance(entity, External) and entity.package is None:
                package = next((t for t in targets if entity.name == t or entity.name.startswith(f"{t}.")), None)
                if package is not None and not self.project_rooted(package):
                    entity = External(entity.name, package)
            out.append(entity)
        return out


__all__ = ["TypedReceivers"]
