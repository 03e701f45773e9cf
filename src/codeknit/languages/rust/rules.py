"""Rust: module paths from the file tree, ``crate``/``self``/``super`` paths, ``impl`` owners, macros.

* A file's module path comes from where it sits under ``src/`` (see
  :func:`codeknit.languages.rust.modules.module_location`); files are registered under
  ``<crate root>|<module path>``, so several crates in one tree stay apart.
* A ``use`` path that starts with ``crate``, ``self`` or ``super``, or with the
  name of a child module of the current one (Rust 2018 paths), is looked up in
  the crate: the longest part of it that is a file module is the import target
  and the rest is looked up in that module (items, ``pub use`` re-exports,
  ``mod`` declarations, then the file tree). Any other first name is a crate
  from outside (``std``, ``serde``) and stays unresolved, dotted:
  ``std.collections.HashMap``.
* In expressions, ``crate::a::f`` and ``super::f`` start from those modules;
  ``Self`` is the type of the enclosing ``impl`` or trait, ``self`` the receiver.
* A single-name macro call ``m!`` finds a ``macro_rules!`` in scope or, since
  macros are scoped by text order rather than by module, any ``macro_rules!``
  of that name in the same crate (several: ambiguous).
* ``impl`` items are attached to their type in the same file, or else through
  the names the file imports (``owner_follows_imports``).
"""

from __future__ import annotations

import dataclasses
import posixpath
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Resolution, Role, SymbolKind
from codeknit.languages.go.rules import detach_owned_names
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.languages.rust.modules import QUALIFIER, module_location
from codeknit.resolve.api import External, LanguageRules, ModuleIndex, ModuleTarget, Sym, Unknown

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving


def _crate_name(cargo_toml: Path) -> str | None:
    """The name a library crate is used by: ``[lib] name``, else ``[package] name`` with ``-`` as ``_``."""
    try:
        data = tomllib.loads(cargo_toml.read_text("utf-8", "replace"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    lib = data.get("lib")
    package = data.get("package")
    name = lib.get("name") if isinstance(lib, dict) else None
    if not isinstance(name, str):
        name = package.get("name") if isinstance(package, dict) else None
    return name.replace("-", "_") if isinstance(name, str) and name else None


def _key(root: str, parts: list[str]) -> str:
    return f"{root}|{'.'.join(parts)}"


class RustRules(LanguageRules):
    #: ``Self`` denotes the type of the enclosing ``impl`` (or the trait)
    instance_names = frozenset({"Self"})
    #: methods bind the receiver as ``self``
    receiver_is_first_parameter = True
    #: ``super`` is a module path, never a superclass call
    super_is_call = True
    #: ``impl Foo`` in another module than Foo finds it through ``use`` and paths
    owner_follows_imports = True

    def __init__(self, all_paths: set[str]) -> None:
        self._paths = set(all_paths)
        self._libraries: dict[str, str] | None = None
        self._locations: dict[str, tuple[str, list[str]]] = {}
        self._macros: dict[str, dict[str, list[str]]] | None = None  # crate root → name → macro ids
        self._inner = False  # resolving a member call through the shared lookup
        self._finished = False  # the crate-wide pass of extra_relations ran

    def libraries(self) -> dict[str, str]:
        """Library crates of the project by the name other crates use: crate name → crate root directory.

        Read from each ``Cargo.toml`` on disk next to a ``src/lib.rs`` of the project (the package
        name with ``-`` as ``_``, or the ``[lib]`` name).
        """
        if self._libraries is not None:
            return self._libraries
        found: dict[str, str] = {}
        root = self.source_root
        if root is not None and root.is_file():
            root = root.parent
        if root is not None and root.is_dir():
            for path in sorted(self._paths):
                if posixpath.basename(path) != "lib.rs" or posixpath.basename(posixpath.dirname(path)) != "src":
                    continue
                crate_root = posixpath.dirname(path)
                package_dir = posixpath.dirname(crate_root)
                name = _crate_name(root / package_dir / "Cargo.toml" if package_dir else root / "Cargo.toml")
                if name and name not in found:
                    found[name] = crate_root
        self._libraries = found
        return found

    @staticmethod
    def _bound_here(resolver: Resolving, file: FileIndex, scope: int, name: str) -> bool:
        """Is ``name`` a local, an item or an import in scope (which a crate name would not override)?"""
        return bool(resolver.lookup(file, scope, name))

    def location(self, path: str) -> tuple[str, list[str]]:
        found = self._locations.get(path)
        if found is None:
            found = self._locations[path] = module_location(path)
        return found

    def register(self, extraction: Extraction) -> list[str]:
        root, parts = self.location(extraction.path)
        return [_key(root, parts)]

    # -- module paths ----------------------------------------------------------------

    def module_file(self, root: str, parts: list[str], modules: ModuleIndex, importer: str = "") -> str | None:
        """The file that is module ``parts`` of the crate rooted at ``root``."""
        found = modules.lookup(_key(root, parts))
        if not found:
            return None
        if len(found) == 1:
            return found[0]
        if importer in found:  # several crate roots in one directory (tests/, examples/)
            return importer
        by_name = {posixpath.basename(p): p for p in found}
        return by_name.get("lib.rs") or by_name.get("main.rs") or sorted(found)[0]

    @staticmethod
    def inline_chain(extraction: Extraction, scope: int) -> list[str]:
        """The inline ``mod`` names around ``scope``, outermost first."""
        chain: list[str] = []
        symbols = extraction.symbols
        current = scope
        while current > 0:
            symbol = symbols[current]
            if symbol.kind is SymbolKind.MODULE:
                chain.append(symbol.name)
            current = symbol.parent
        chain.reverse()
        return chain

    def _absolute(
        self, importer: Extraction, scope: int, segments: list[str], modules: ModuleIndex
    ) -> tuple[str, list[str], list[str]] | None:
        """``(crate root, module path, inline part)`` a path starts from; None for a crate outside the project.

        ``crate``, ``self``, ``super`` and a child module of the current one stay in the importer's
        crate; the name of a library crate of the project (its ``Cargo.toml`` package or ``[lib]``
        name, ``-`` read as ``_``) starts at that library's root, as a binary, an example or another
        workspace member writes it (``use shop::store::Store``).
        """
        root, file_parts = self.location(importer.path)
        inline = self.inline_chain(importer, scope)
        current = file_parts + inline
        head = segments[0]
        if head == "crate":
            return root, [], segments[1:]
        if head == "self":
            return root, current, segments[1:]
        if head == "super":
            rest = list(segments)
            base = list(current)
            while rest and rest[0] == "super":
                rest.pop(0)
                if not base:
                    return None
                base.pop()
            return root, base, rest
        # Rust 2018: a path may start with a module declared in the current one (inside an inline
        # module, the file's modules are usually brought in by ``use super::*``)
        if modules.lookup(_key(root, [*current, head])):
            return root, current, list(segments)
        if inline and modules.lookup(_key(root, [*file_parts, head])):
            return root, file_parts, list(segments)
        library = self.libraries().get(head)
        if library is not None:
            return library, [], segments[1:]
        return None

    def resolve_module_path(
        self, importer: Extraction, scope: int, segments: list[str], modules: ModuleIndex
    ) -> tuple[str | None, list[str], str]:
        """``(file, the rest of the path inside it, canonical name)``; the file is None outside the crate."""
        start = self._absolute(importer, scope, segments, modules)
        if start is None:
            return None, [], ".".join(segments)
        root, base, rest = start
        parts = base + rest
        # through a library crate's name (``shop::store``): that crate's files, named by it
        library = len(rest) == len(segments) - 1 and self.libraries().get(segments[0]) == root \
            and segments[0] not in ("crate", "self", "super")
        canonical = ".".join([segments[0] if library else "crate", *parts])
        # the longest prefix that is a file module
        for cut in range(len(parts), len(base) - 1, -1):
            path = self.module_file(root, parts[:cut], modules, "" if library else importer.path)
            if path is not None:
                inline_rest = parts[cut:]
                return path, inline_rest, canonical
        return None, [], canonical

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        segments = imp.module.split(".")
        path, rest, canonical = self.resolve_module_path(importer, imp.scope, segments, modules)
        if path is None or rest:
            # another crate, or an item or inline module inside a file (``use self::Kind::*``)
            return ModuleTarget(None, canonical)
        return ModuleTarget(path, canonical)

    def submodule(self, module_path: str, name: str, modules: ModuleIndex) -> str | None:
        root, parts = self.location(module_path)
        return self.module_file(root, [*parts, name], modules)

    def prepare(self, resolver: Resolving) -> None:
        detach_owned_names(self, resolver)
        self._finished = False

    # -- names in expressions ------------------------------------------------------------

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        if not ref.head_known or self._inner:
            return None
        text = ref.text
        if text.endswith("!"):
            return self._macro(resolver, file, scope, text[:-1])
        if text.endswith(QUALIFIER):
            return self._qualifier(resolver, file, scope, ref)
        head, _, _ = text.partition(".")
        if head not in ("crate", "super") and not (
            "." in text and head in self.libraries() and not self._bound_here(resolver, file, scope, head)
        ):
            if "." in text and self._head_is_callable(resolver, file, scope, head, ref):
                # ``parse::Parser::run`` beside ``fn parse``: a path's head is a module or a type, never a function
                return self._file_module_path(resolver, file, scope, text.split("."))
            if ref.kind is EdgeKind.CALLS and "." in text:
                return self._member_call(resolver, file, scope, ref)
            if ref.role is not None and "." in text:
                # ``x.name()`` calls the method, never a field holding a closure (that is ``(x.name)()``)
                return [] if ref.called else self._member_value(resolver, file, scope, ref)
            return None
        # (``shop::f()``: the library crate's root, not this file)
        return self._module_path(resolver, file, scope, text.split("."), library=head not in ("crate", "super"))

    def _module_path(self, resolver: Resolving, file: FileIndex, scope: int, segments: list[str], *,
                     library: bool) -> list[Entity]:
        """What a path that starts at a module denotes (``crate::a::f``, ``super::f``, ``parse::Parser::run``
        for a child module ``parse``, ``shop::f`` for a library crate ``shop``); none outside the crate."""
        extraction = file.extraction
        start = self._absolute(extraction, scope, segments, resolver.modules)
        if start is None:
            return []
        root, base, rest = start
        path = self.module_file(root, base, resolver.modules, "" if library else extraction.path)
        if path is None:
            return []
        return self._members_along(resolver, [Sym(path)], rest)

    def _file_module_path(self, resolver: Resolving, file: FileIndex, scope: int, segments: list[str]
                          ) -> list[Entity]:
        """What a path whose head is a file module denotes (``parse::Parser::run`` for ``mod parse;``): the
        module, then its members; none when the head is no module of the crate."""
        path, rest, _canonical = self.resolve_module_path(file.extraction, scope, segments, resolver.modules)
        if path is None or len(rest) >= len(segments):  # (the head is no module: the path starts here)
            return []
        return self._members_along(resolver, [Sym(path)], rest)

    @staticmethod
    def _members_along(resolver: Resolving, current: list[Entity], rest: list[str]) -> list[Entity]:
        for part in rest:
            following: list[Entity] = []
            for entity in current:
                for found in resolver.member(entity, part):
                    if found not in following:
                        following.append(found)
            current = following
            if not current:
                break
        return current

    @staticmethod
    def _head_is_callable(resolver: Resolving, file: FileIndex, scope: int, head: str, ref: RawRef) -> bool:
        """Does a dotted text's head name functions only (no local, type, module or import)? Such a head can
        only be a path's (``parse::Parser::run`` where ``fn parse`` and ``mod parse`` are both in scope: texts
        write ``::`` as ``.``): a function has no members."""
        if head in ("self", "Self") or head.endswith(")") or resolver.file_locals(file).at(head, ref.span):
            return False
        found = resolver.lookup(file, scope, head)
        return bool(found) and all(
            isinstance(e, Sym) and resolver.symbols[e.id].kind.category is Category.CALLABLE for e in found)

    def _qualifier(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        """A path's first name (``parse`` in ``parse::Parser::run``, written ``parse::``): what the name denotes
        in the type namespace, a module, type, trait or enum. A function, field or other value of that name is
        passed over for what the scopes around bind (``meta`` in a field ``meta: meta::Regex`` is the imported
        module), and a module of the crate (``mod parse;`` beside ``fn parse``); the relation gets its name
        back (``extra_relations``)."""
        name = ref.text[:-len(QUALIFIER)]
        found = resolver.resolve_text(file, scope, dataclasses.replace(ref, text=name))
        symbols = file.extraction.symbols
        while True:
            kept = [e for e in found if not (isinstance(e, Sym) and resolver.symbols[e.id].kind.category
                                             in (Category.CALLABLE, Category.VALUE))]
            if kept or not found:
                return kept
            if scope <= 0:
                break
            scope = max(symbols[scope].parent, 0)
            found = resolver.lookup(file, scope, name)
        return self._file_module_path(resolver, file, scope, [name])

    def _member_call(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        """``x.name()`` calls a method even when the type also has a field ``name`` (Rust allows both)."""
        self._inner = True
        try:
            found = resolver.resolve_text(file, scope, ref)
        finally:
            self._inner = False
        kinds: dict[Entity, SymbolKind] = {e: resolver.symbols[e.id].kind for e in found if isinstance(e, Sym)}
        callables: list[Entity] = [e for e in found if e in kinds and kinds[e].category is Category.CALLABLE]
        if callables and all(kinds.get(e) in (SymbolKind.FIELD, None) or e in callables for e in found) \
                and all(e in kinds for e in found):
            return callables
        return found

    def _member_value(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        """``x.name`` read or written, not called, is the field even when the type also has a method ``name``."""
        self._inner = True
        try:
            found = resolver.resolve_text(file, scope, ref)
        finally:
            self._inner = False
        fields: list[Entity] = [e for e in found
                                if isinstance(e, Sym) and resolver.symbols[e.id].kind is SymbolKind.FIELD]
        return fields if fields and all(isinstance(e, Sym) for e in found) else found

    def _macro(self, resolver: Resolving, file: FileIndex, scope: int, name: str) -> list[Entity]:
        found = resolver.lookup(file, scope, name)
        macros: list[Entity] = [
            e for e in found if isinstance(e, Sym) and resolver.symbols[e.id].kind is SymbolKind.MACRO
        ]
        if macros:
            return macros
        imported: list[Entity] = [e for e in found if isinstance(e, External)]
        if imported:
            return imported
        root, _ = self.location(file.extraction.path)
        candidates = self._crate_macros(resolver).get(root, {}).get(name, [])
        if candidates:
            return [Sym(c) for c in candidates]
        return [External(name)]

    def _crate_macros(self, resolver: Resolving) -> dict[str, dict[str, list[str]]]:
        if self._macros is None:
            index: dict[str, dict[str, list[str]]] = {}
            for path, file in resolver.files.items():
                if file.extraction.language != "rust":
                    continue
                root, _ = self.location(path)
                for i, raw in enumerate(file.extraction.symbols):
                    if raw.kind is SymbolKind.MACRO:
                        index.setdefault(root, {}).setdefault(raw.name, []).append(file.ids[i])
            self._macros = index
        return self._macros

    # -- after the shared passes -----------------------------------------------------------

    def extra_relations(self, resolver: Resolving, file: FileIndex) -> None:
        """Crate-wide touches (once), then the imports of this file.

        * An associated function, constant or type that implements a trait's item
          ``overrides`` it, as a method does (the shared pass covers methods).
        * So does an item of ``impl Trait for X`` where ``X`` is no project type
          (``impl Replacer for Vec<u8>``, a blanket ``impl<T: A> B for T``), and, unresolved,
          one of a trait outside the project (``impl fmt::Display for Member``: ``std.fmt.Display.fmt``):
          a call through the trait reaches it.
        * A path written in a reference keeps its ``::`` spelling as the relation's
          text (what signatures show); resolution walked it dotted.
        * ``use crate::net;`` imports ``crate::net``, not the crate root: the edge
          the shared pass adds to the module a ``use`` only passes through is dropped.
        """
        if not self._finished:
            self._finished = True
            self._associated_overrides(resolver)
            self._trait_item_overrides(resolver)
            self._path_texts(resolver)
        self._pass_through_imports(resolver, file)

    def _associated_overrides(self, resolver: Resolving) -> None:
        associated = (SymbolKind.FUNCTION, SymbolKind.CONSTANT, SymbolKind.TYPE_ALIAS)
        for type_id, members in list(resolver.members.items()):
            symbol = resolver.symbols.get(type_id)
            if symbol is None or symbol.language != "rust" or symbol.kind.category is not Category.TYPE:
                continue
            chain = resolver.mro(type_id)[1:]
            if not chain:
                continue
            for name, ids in members.items():
                for member_id in ids:
                    kind = resolver.symbols[member_id].kind
                    if kind not in associated:
                        continue
                    for ancestor in chain:
                        found = [i for i in resolver.members.get(ancestor, {}).get(name, [])
                                 if resolver.symbols[i].kind is kind]
                        if found:
                            resolver.add_relation(member_id, EdgeKind.OVERRIDES, found[0], Resolution.RESOLVED, (),
                                                  name, None)
                            break

    def _trait_item_overrides(self, resolver: Resolving) -> None:
        """``overrides`` of the items of ``impl Trait for X`` that the hierarchy gives none (``X`` is no project
        type, or the trait is outside the project): to the trait's item of that name, or, for a trait outside
        the project, unresolved to its dotted name (with the trait's package, where an import names one)."""
        overriding = {key[0] for key in resolver.relations if key[1] is EdgeKind.OVERRIDES}
        for path, file in resolver.files.items():
            if file.rules is not self:
                continue
            for index, raw in enumerate(file.extraction.symbols):
                if not raw.bases or index == 0 or file.ids[index] in overriding:
                    continue
                source = file.ids[index]
                written_in = max(raw.parent, 0)
                trait = RawRef(written_in, EdgeKind.IMPLEMENTS, raw.bases[0], raw.name_span)
                found = resolver.resolve_text(file, written_in, trait)
                traits = [e for e in found if isinstance(e, Sym) and resolver.symbols[e.id].kind is SymbolKind.TRAIT]
                if traits:
                    category = raw.kind.category
                    items = [i for t in traits for i in resolver.members.get(t.id, {}).get(raw.name, [])
                             if resolver.symbols[i].kind.category is category]
                    if len(items) == 1:
                        resolver.add_relation(source, EdgeKind.OVERRIDES, items[0], Resolution.RESOLVED, (), raw.name,
                                              None)
                    continue
                if found and not all(isinstance(e, (External, Unknown)) for e in found):
                    continue  # (a project name that is no trait, or several: nothing to say)
                # (a trait outside the project, or one not known: a prelude trait's name, ``From``, in a file with a
                # glob ``use crate::Kind::*`` that might bring in that name, is ``Unknown``; either way an item a
                # call through the trait reaches, so an unresolved ``overrides`` to the name as written)
                external = found[0] if found and isinstance(found[0], External) else None
                name = external.name if external is not None else raw.bases[0]
                resolver.add_relation(source, EdgeKind.OVERRIDES, f"{path}::{name}.{raw.name}", Resolution.UNRESOLVED,
                                      (), raw.name, None, external.package if external is not None else None)

    @staticmethod
    def _path_texts(resolver: Resolving) -> None:
        path_kinds = (EdgeKind.REFERENCES, EdgeKind.IMPLEMENTS, EdgeKind.INHERITS, EdgeKind.DECORATES)
        for relation in resolver.relations.values():
            if relation.kind is EdgeKind.REFERENCES and relation.text.endswith(QUALIFIER):  # (``parse::``)
                source = resolver.symbols.get(relation.source)
                if source is not None and source.language == "rust":
                    relation.text = relation.text[:-len(QUALIFIER)]
            elif relation.kind in path_kinds and "." in relation.text and (
                    relation.roles is None or relation.roles[0] is Role.TYPE):  # (``self.x``: a field, no path)
                source = resolver.symbols.get(relation.source)
                if source is not None and source.language == "rust":
                    relation.text = relation.text.replace(".", "::")

    def _pass_through_imports(self, resolver: Resolving, file: FileIndex) -> None:
        module_id = file.ids[0]
        for imp in file.extraction.imports:
            if not imp.names:
                continue
            target = file.rules.import_target(file.extraction, imp, resolver.modules).path
            if target is None or target == module_id:
                continue
            only_modules = True
            for imported, _local in imp.names:
                found = resolver.module_member(target, imported)
                if not found or not all(
                    isinstance(e, Sym) and resolver.symbols[e.id].kind is SymbolKind.MODULE
                    and resolver.symbols[e.id].parent is None for e in found
                ):
                    only_modules = False
                    break
            if not only_modules:
                continue
            key = (module_id, EdgeKind.IMPORTS, target, Resolution.RESOLVED, ())
            relation = resolver.relations.get(key)
            if relation is None:
                continue
            at = imp.module_span or imp.span
            if at in relation.spans:
                relation.spans.remove(at)
            if not relation.spans:
                del resolver.relations[key]


RULES = RustRules
