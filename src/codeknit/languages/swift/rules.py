"""Swift: one module's files see each other, extensions add members, protocols are conformed to.

Built on :class:`~codeknit.resolve.scoped.ScopedRules` with receivers typed by declarations
(:class:`~codeknit.resolve.receivers.TypedReceivers`). What Swift adds:

* a module has no packages: every file sees every other file's top-level declarations (types,
  functions, variables) without an import, so the project's Swift files are one namespace (one
  module: a tree holding several Swift modules mixes them, and a name two modules define is
  ``ambiguous``); ``import Foundation`` brings an outside module's names;
* an extension's members are written for the type they extend: the resolver attaches them there
  (through the files sharing the namespace), and inside them the type's members are in scope
  (``self`` and bare names);
* a call that names a type constructs it (``Point(x: 1)``): its one ``init``, else the type;
* a class's first supertype is taken as its superclass; when it resolves to a protocol the edge is
  ``implements`` (the syntax cannot tell them apart);
* a name found nowhere that the standard library defines (``print``, ``String``) is
  ``Swift.<name>``, external; one found nowhere in a file that imports one outside module is
  that module's (``Date`` with ``import Foundation`` alone: ``Foundation.Date``);
* ``self.init(…)`` and ``super.init(…)`` delegate to an initialiser; ``override`` marks
  overriding members, private ones never override;
* a call on a receiver whose type lacks the method may be a protocol extension's or another
  module's extension method: a guess among same-named methods, never unresolved outright.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, SymbolKind
from codeknit.languages.records import Extraction, RawRef
from codeknit.languages.swift.spec import STANDARD_LIBRARY
from codeknit.resolve.api import External, ModuleIndex, Sym
from codeknit.resolve.receivers import TypedReceivers
from codeknit.resolve.scoped import ANY_NAME, ANY_TERM, TYPE_NAME, Found, Package, Want

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving


class SwiftRules(TypedReceivers):
    language = "swift"
    instance_names = frozenset({"self"})
    super_names = frozenset({"super"})
    root_class = "Swift.AnyObject"
    calls_see_locals = True  # ``let f = { … }; f()``
    package_members_any_kind = True
    imports_name_packages = True
    extension_methods = True

    def __init__(self, all_paths: set[str] | None = None) -> None:
        super().__init__(all_paths)
        self._files: list[str] = []
        #: the members of the project's extensions of types outside it (``extension URLRequest { func a() }``):
        #: the type's last name → the member's name → (the extended type as written, the member's id)
        self._extending: dict[str, dict[str, list[tuple[str, str]]]] = {}

    def prepare(self, resolver: Resolving) -> None:
        """Index the members of extensions of outside types (they stay at their file's top level, no type to
        attach them to): the members of that type, and candidates by name for a receiver of unknown type."""
        super().prepare(resolver)
        extending: dict[str, dict[str, list[tuple[str, str]]]] = {}
        for file in resolver.files.values():
            extraction = file.extraction
            if extraction.language != self.language:
                continue
            for index, raw in enumerate(extraction.symbols):
                if raw.owner is None or not index:
                    continue
                symbol_id = file.ids[index]
                parent = resolver.symbols[symbol_id].parent
                if parent is None or resolver.symbols[parent].kind.category is not Category.MODULE:
                    continue  # attached to the project's type
                extending.setdefault(raw.owner.rsplit(".", 1)[-1], {}).setdefault(raw.name, []).append(
                    (raw.owner, symbol_id))
                if raw.kind.category in (Category.CALLABLE, Category.VALUE):
                    resolver.members_by_name[raw.name].append(symbol_id)
        self._extending = extending

    def member(self, resolver: Resolving, entity: Entity | Package, name: str, want: Want) -> Found:
        """A member of a type outside the project that the project's own extension of it declares is that
        member (``request.httpBodyData()`` with ``extension URLRequest``), not the outside type's."""
        if isinstance(entity, External) and self._extending:
            written = self._extending.get(entity.name.rsplit(".", 1)[-1], {}).get(name)
            found: Found = [
                Sym(symbol_id) for extended, symbol_id in written or ()
                if (entity.name == extended or entity.name.endswith(f".{extended}"))
                and want(resolver.symbols[symbol_id].kind)
            ]
            if found:
                return found
        return super().member(resolver, entity, name, want)

    def register(self, extraction: Extraction) -> list[str]:
        self._files.append(extraction.path)
        return []

    def shared_scope(self, path: str, modules: ModuleIndex) -> list[str]:
        """Every other Swift file: one module's files see each other's declarations."""
        return [p for p in self._files if p != path]

    def wanted(self, ref: RawRef) -> Want:
        if ref.kind is EdgeKind.CALLS:
            return ANY_TERM  # a function, or a type whose initialiser the call invokes
        if ref.kind is EdgeKind.REFERENCES:
            return ANY_NAME
        return TYPE_NAME

    def module_level(self, resolver: Resolving, file: FileIndex, name: str, want: Want) -> Found:
        """The file's own declarations, the module's (every Swift file's), then the standard library's."""
        top = self.kids(file, 0, name, want)
        if top:
            return list(top)
        explicit = self.explicit_import(resolver, file, 0, name, want)
        if explicit:
            return explicit
        found = self.package_symbols("", name, want)
        if found:
            return list(found)
        if name in STANDARD_LIBRARY:
            return [External(f"Swift.{name}", "Swift")]
        if name in self.packages:
            return [Package(name)]
        outside = self._outside_modules(file)
        if len(outside) == 1:  # one imported module the project does not define: the name is its
            return [External(f"{outside[0]}.{name}", outside[0])]
        return []

    def _outside_modules(self, file: FileIndex) -> list[str]:
        """The modules a file imports that the project does not define (``import Foundation``)."""
        return [imp.module for imp in file.extraction.imports
                if imp.star and imp.scope == 0 and imp.module not in self.packages]

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        """``self.init(…)`` and ``super.init(…)`` delegate to an initialiser, as ``this(…)``/``super(…)`` do."""
        if ref.kind is EdgeKind.CALLS and ref.text in ("self.init", "super.init"):
            ref = RawRef(ref.scope, ref.kind, ref.text[:-5], ref.span, ref.head_known, arguments=ref.arguments,
                         labels=ref.labels)
        return super().resolve_ref(resolver, file, scope, ref)

    def _lookup(
        self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want, ref: RawRef,
        chain_head: bool, local: bool = True,
    ) -> Found:
        """In an extension's member, the extended type's members come before the module's names."""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if name in file.children.get(current, {}) or (local and name in file.extraction.locals.get(current, ())):
                break  # a local or a nested declaration: the ordinary lookup finds it
            if raw.owner is not None:
                owner = resolver.symbols[file.ids[current]].parent
                if owner is not None and resolver.symbols[owner].kind.category is Category.TYPE:
                    found = self.member_of_type(resolver, owner, name, want)
                    if found:
                        return list(found)
                break
            if raw.kind.category is Category.TYPE:
                break
            current = raw.parent
        return super()._lookup(resolver, file, scope, name, want, ref, chain_head, local)

    def is_override(self, properties: Mapping[str, object]) -> bool:
        return bool(properties.get("override"))

    def keeps_override(self, resolver: Resolving, source: str, target: str) -> bool:
        for symbol_id in (source, target):
            symbol = resolver.symbols[symbol_id]
            if symbol.properties.get("visibility") in ("private", "fileprivate") or (
                symbol.kind is SymbolKind.CONSTRUCTOR
            ):
                return False
        return True


RULES = SwiftRules

__all__ = ["RULES", "SwiftRules"]
