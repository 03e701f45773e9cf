"""Scala: packages across files, imports anywhere, objects beside classes, parameterless calls.

Built on the Java rules' :class:`ScopedRules`. What Scala adds:

* a package clause opens its package's members declared anywhere in the
  project (types, objects, and the values and functions of package objects and
  top-level definitions); consecutive clauses (``package a`` / ``package b``) open
  both ``a.b`` and ``a``; imports may appear in any block, class or package and
  bind from there on (the position inside the block is not checked);
* precedence follows the language: what the file itself declares in the
  package, then explicit imports, then wildcard imports, then the package's
  members from other files;
* an ``object Foo`` is the symbol ``Foo$``: a name in a term position (a call,
  a qualifier such as ``Foo.apply``, an import) denotes the object first, a
  name in a type position the class or trait; ``Foo(x)`` calls the object's
  ``apply`` when it has one, else constructs the (case) class;
* a method read without parentheses (``shape.area``) is recorded as a call;
* every base is ``inherits`` (Scala has only inheritance; traits are mixed in).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Resolution, Role, Span, SymbolKind
from codeknit.languages.records import Extraction, RawRef
from codeknit.resolve.api import Sym
from codeknit.resolve.receivers import TypedReceivers
from codeknit.resolve.scoped import ANY_NAME, ANY_TERM, TYPE_NAME, Found, Package, Want

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving


class ScalaRules(TypedReceivers):
    language = "scala"
    root_class = "scala.AnyRef"
    calls_see_locals = True
    package_members_any_kind = True
    bare_names_from_outside = False
    parameterless_calls = True
    imports_name_packages = True
    extension_methods = True

    def file_prefix(self, extraction: Extraction) -> str:
        return ""

    def spellings(self, name: str, want: Want) -> tuple[str, ...]:
        if want.position == "term":
            return (f"{name}$", name)
        if want.position == "any":
            return (name, f"{name}$")
        return (name,)

    def wanted(self, ref: RawRef) -> Want:
        if ref.kind is EdgeKind.CALLS and not ref.constructs:
            return ANY_TERM
        if ref.kind is EdgeKind.REFERENCES:
            return ANY_NAME
        return TYPE_NAME if ref.kind is not EdgeKind.CALLS else TYPE_NAME

    def qualifier(self) -> Want:
        return ANY_TERM

    def primary_constructor(self, resolver: Resolving, class_id: str) -> bool:
        """A class is its primary constructor (the adapter gives it that constructor's arity), one of the
        constructors ``new`` chooses among with its auxiliary ones (``def this(…)``)."""
        symbol = resolver.symbols[class_id]
        return symbol.kind is SymbolKind.CLASS and not symbol.properties.get("object")

    def call_type(self, resolver: Resolving, type_id: str, call: RawRef | None = None,
                  file: FileIndex | None = None) -> list[Entity]:
        """``Foo(x)``: the object's ``apply`` when it has one, else the (case) class is constructed (the
        companion of an object without ``apply``: a case class's synthesised ``apply`` makes one, which takes
        the primary constructor's parameters: the class). ``new Foo(x)`` and a plain class's ``Foo(x)`` (Scala 3)
        construct it: its primary constructor (the class) or an auxiliary one (``construct``)."""
        symbol = resolver.symbols[type_id]
        if symbol.properties.get("object"):
            applies = self.member_of_type(resolver, type_id, "apply", ANY_TERM)
            if applies:
                return applies
            companion = resolver.symbols.get(type_id[:-1]) if type_id.endswith("$") else None
            if companion is not None and companion.properties.get("case") and companion.kind.category is (
                Category.TYPE
            ):
                return [Sym(companion.id)]
            return [Sym(type_id)]
        if symbol.properties.get("case") and not (call is not None and call.constructs):
            return [Sym(type_id)]
        return self.construct(resolver, type_id, call=call, file=file)

    # -- scopes ---------------------------------------------------------------------------------

    def namespace_scope(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        """Inside a package: the file's own members of it, explicit imports, wildcard imports, then the
        package's members from other files."""
        raw = file.extraction.symbols[scope]
        own = self.kids(file, scope, name, want)
        if own:
            return list(own)
        imported = self.explicit_import(resolver, file, scope, name, want) or self.wildcard_import(
            resolver, file, scope, name, want
        )
        if imported:
            return imported
        found = self.package_symbols(raw.qualname, name, want)
        if found:
            return list(found)
        nested = self._join(raw.qualname, name)
        if nested in self.packages and want.position != "type":
            return [Package(nested)]
        return []

    def module_level(self, resolver: Resolving, file: FileIndex, name: str, want: Want) -> Found:
        top = self.kids(file, 0, name, want)
        if top:
            return list(top)
        imported = self.explicit_import(resolver, file, 0, name, want) or self.wildcard_import(
            resolver, file, 0, name, want
        )
        if imported:
            return imported
        found = self.package_symbols("", name, want)
        if found:
            return list(found)
        if name in self.packages and want.position != "type":
            return [Package(name)]
        return []

    def _resolve_qualified(self, resolver: Resolving, name: str, want: Want) -> Found:
        """An import path: absolute, or relative to a package the project declares (``import util.Helper``
        inside ``package com.acme``)."""
        found = super()._resolve_qualified(resolver, name, want)
        if any(isinstance(e, Sym | Package) for e in found):
            return found
        head = name.split(".", 1)[0]
        for package in sorted(self.packages, key=lambda p: (-p.count("."), p)):
            if package.endswith(f".{head}"):
                relative = super()._resolve_qualified(resolver, f"{package.rpartition('.')[0]}.{name}", want)
                if any(isinstance(e, Sym) for e in relative):
                    return relative
        return found

    # -- relations ------------------------------------------------------------------------------

    def is_override(self, properties: Mapping[str, object]) -> bool:
        return bool(properties.get("override"))

    def keeps_override(self, resolver: Resolving, source: str, target: str) -> bool:
        for symbol_id in (source, target):
            if resolver.symbols[symbol_id].properties.get("visibility") == "private":
                return False
        return True

    def global_relations(self, resolver: Resolving) -> None:
        super().global_relations(resolver)
        self._parameterless_calls(resolver)

    def _parameterless_calls(self, resolver: Resolving) -> None:
        """``shape.area`` reads a method without parentheses: Scala calls it. (A method that takes arguments,
        named so, is passed as a function: ``xs.map(f)``; an import's name imports it.) An operator's use
        (``a + b``, read as ``a.+``) is a call where it is the project's, and left out where it is not."""
        mine = {f.extraction.path for f in resolver.files.values() if f.extraction.language == self.language}
        for key, relation in list(resolver.relations.items()):
            if relation.kind is not EdgeKind.REFERENCES:
                continue
            if relation.resolution is not Resolution.RESOLVED:
                if relation.roles is not None and not _is_identifier(relation.text.rsplit(".", 1)[-1]):
                    # ``a + b`` where no project definition answers ``+`` (nearly always a library type's arithmetic,
                    # a comparison): a guess among the project's operators, or a library's, says nothing
                    del resolver.relations[key]
                continue
            if relation.source.split("::", 1)[0] not in mine:
                continue
            target = resolver.symbols.get(relation.target)
            if target is None or target.kind.category is not Category.CALLABLE or target.kind is (
                SymbolKind.CONSTRUCTOR
            ):
                continue
            if relation.roles is not None and _takes_arguments(target.signature, target.name) and (
                    _is_identifier(target.name)):  # (an operator's use, ``a + b``, is a call)
                continue
            roles: list[Role | None] = list(relation.roles) if relation.roles else [None] * len(relation.spans)
            called: list[Span | None] = [
                span for span, role in zip(relation.spans, roles, strict=True) if role in (None, Role.READ)]
            if not called and relation.spans:
                continue
            del resolver.relations[key]
            for site, role in zip(relation.spans, roles, strict=True):
                if role not in (None, Role.READ):
                    resolver.add_relation(relation.source, EdgeKind.REFERENCES, relation.target, Resolution.RESOLVED,
                                          (), relation.text, site, role=role)
            for span in called or [None]:
                resolver.add_relation(relation.source, EdgeKind.CALLS, relation.target, Resolution.RESOLVED, (),
                                      relation.text, span)


def _is_identifier(name: str) -> bool:
    """An alphanumeric name (``area``, ``unary_-``), not an operator's (``+``, ``::``, ``++=``)."""
    return name[:1].isalnum() or name[:1] in "_$`"


def _takes_arguments(signature: str, name: str) -> bool:
    """Does a method of this signature (``f[T](x: T) -> U``) take arguments?"""
    rest = signature[len(name):] if signature.startswith(name) else ""
    if rest.startswith("["):
        depth = 0
        for index, char in enumerate(rest):
            depth += {"[": 1, "]": -1}.get(char, 0)
            if depth == 0:
                rest = rest[index + 1:]
                break
    return rest.startswith("(") and not rest.startswith("()")


RULES = ScalaRules

__all__ = ["RULES", "ScalaRules"]
