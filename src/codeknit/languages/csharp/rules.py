"""C#: namespaces across files, ``using`` directives, partial types, attributes.

Built on the Java rules' :class:`ScopedRules` (members of the enclosing types
and their ancestors are in scope inside methods; fields and methods are told
apart). What C# adds:

* a namespace spans files: inside ``namespace A.B`` the types of ``A.B`` and of
  ``A`` declared anywhere in the project are visible, then the ``using``
  directives written in that namespace block, then those of the file;
* ``using A.B;`` imports a namespace's types, ``using X = A.B.C;`` an alias,
  ``using static A.B.C;`` a type's members (``global using`` is read as a
  using of the file that writes it);
* the parts of a ``partial`` type (in one file or several) are one type: each
  part keeps its own symbol, but member lookup and the class hierarchy see
  the members and bases of every part;
* ``[Obsolete]`` names ``ObsoleteAttribute`` when no ``Obsolete`` type exists;
* only a method marked ``override`` overrides (or one implementing an
  interface member); ``new`` and same-named methods hide.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, SymbolKind
from codeknit.languages.csharp.arguments import KEYWORDS
from codeknit.languages.records import Extraction, RawRef
from codeknit.resolve.api import Conversions, Sym
from codeknit.resolve.receivers import TypedReceivers
from codeknit.resolve.scoped import Found, Package, Want

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving


def _not_a_type(kind: SymbolKind) -> bool:
    return kind.category is not Category.TYPE and kind is not SymbolKind.CONSTRUCTOR


#: a call names a method, or a field, property, event or local holding a delegate (one namespace in C#)
CALL_TARGET = Want.of(_not_a_type, "term")
#: where a type is written: a type or a type parameter, never a member that has the type's name
TYPE_WRITTEN = Want.of(lambda kind: kind.category is Category.TYPE or kind is SymbolKind.TYPE_PARAMETER, "type")


_DECIMAL = frozenset({"float", "double", "decimal"})
_VALUE_TYPE = frozenset({"object", "ValueType", "IComparable", "IConvertible", "IFormattable", "IEquatable",
                         "ISpanFormattable"})
#: C#'s implicit conversions in a method invocation (ECMA-334 §10.2): implicit numeric conversions, boxing to
#: ``object`` and the interfaces of the built-in types (these and more: not ``complete``), reference conversions
#: through the project's classes, and the project types' own ``implicit operator``s (which keep any choice open).
#: An ``int`` constant converts to a narrower integral type where it is in range: such a parameter is not decided
CSHARP_CONVERSIONS = Conversions(
    widening={
        "sbyte": frozenset({"short", "int", "long"}) | _DECIMAL,
        "byte": frozenset({"short", "ushort", "int", "uint", "long", "ulong"}) | _DECIMAL,
        "short": frozenset({"int", "long"}) | _DECIMAL,
        "ushort": frozenset({"int", "uint", "long", "ulong"}) | _DECIMAL,
        "int": frozenset({"long"}) | _DECIMAL,
        "uint": frozenset({"long", "ulong"}) | _DECIMAL,
        "long": _DECIMAL,
        "ulong": _DECIMAL,
        "char": frozenset({"ushort", "int", "uint", "long", "ulong"}) | _DECIMAL,
        "float": frozenset({"double"}),
        "double": frozenset(),
        "decimal": frozenset(),
        "bool": frozenset(),
    },
    boxes={name: name for name in ("sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "char",
                                   "float", "double", "decimal", "bool")},
    supertypes={
        **{name: _VALUE_TYPE for name in ("sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "char",
                                          "float", "double", "decimal", "bool")},
        "string": frozenset({"object", "IComparable", "ICloneable", "IConvertible", "IEnumerable", "IEquatable"}),
        "object": frozenset(),
    },
    final=frozenset({"string"}),
    top="object",
    platform=frozenset({"System"}),
    array_supertypes=frozenset({"Array", "ICloneable", "IList", "ICollection", "IEnumerable"}),
    phases=False,
    keywords=frozenset({"object", "string", "bool", "char", "sbyte", "byte", "short", "ushort", "int", "uint", "long",
                        "ulong", "float", "double", "decimal"}),
    aliases={**KEYWORDS, **{f"System.{name}": keyword for name, keyword in KEYWORDS.items()}, "dynamic": "?"},
    complete=False,
    user_conversions=True,
    uncertain={"int": frozenset({"sbyte", "byte", "short", "ushort", "uint", "ulong"}), "long": frozenset({"ulong"})},
)


class CSharpRules(TypedReceivers):
    language = "csharp"
    conversions = CSHARP_CONVERSIONS
    super_names = frozenset({"base"})
    root_class = "System.Object"
    overrides_superclass_only = True
    calls_see_locals = True
    imports_name_packages = True
    extension_methods = True
    root_prefix = "global::"

    def __init__(self, all_paths: set[str] | None = None) -> None:
        super().__init__(all_paths)
        self.partial_primary: dict[str, str] = {}  # a partial type's part → its first part
        self.partial_groups: list[list[str]] = []

    def one_type(self, ids: list[str]) -> list[str]:
        primaries = {self.partial_primary.get(i, i) for i in ids}
        return sorted(primaries) if len(primaries) < len(ids) else ids

    def superclasses(self, resolver: Resolving, file: FileIndex, class_id: str) -> list[Entity]:
        """For a partial class, the superclass may be named in any part."""
        primary = self.partial_primary.get(class_id)
        if primary is None:
            return super().superclasses(resolver, file, class_id)
        group = next(ids for ids in self.partial_groups if ids[0] == primary)
        found: list[Entity] = []
        for part in group:
            part_file = resolver.files.get(part.split("::", 1)[0])
            if part_file is not None:
                found += [e for e in super().superclasses(resolver, part_file, part) if e not in found]
        classes: list[Entity] = [e for e in found if isinstance(e, Sym)]
        return classes or found

    def wanted(self, ref: RawRef) -> Want:
        if ref.kind is EdgeKind.CALLS and not ref.constructs:
            return CALL_TARGET
        if ref.kind is EdgeKind.REFERENCES and ref.role is None:
            # the adapter's own references (not value uses) are type names: a declared type, an enum's
            # underlying type, an attribute; there a name is a type's, never a member's of its name
            # (``internal readonly Types Types;``, then a parameter ``Types types``)
            return TYPE_WRITTEN
        return super().wanted(ref)

    def file_prefix(self, extraction: Extraction) -> str:
        return ""

    def prepare(self, resolver: Resolving) -> None:
        super().prepare(resolver)
        self._merge_partials(resolver)

    def _merge_partials(self, resolver: Resolving) -> None:
        """Every part of a partial type shares one member table and one list of bases."""
        groups: dict[str, list[str]] = {}
        for name, ids in self.types.items():
            partial = [i for i in ids if resolver.symbols[i].properties.get("partial")]
            if len(partial) > 1:
                groups[name] = partial
        for ids in groups.values():
            self.partial_groups.append(ids)
            for symbol_id in ids:
                self.partial_primary[symbol_id] = ids[0]
            merged: dict[str, list[str]] = {}
            for symbol_id in ids:
                for member, members in resolver.members.get(symbol_id, {}).items():
                    bucket = merged.setdefault(member, [])
                    bucket.extend(m for m in members if m not in bucket)
            bases: list[Entity] = []
            for symbol_id in ids:
                resolver.members[symbol_id] = merged
                bases.extend(resolver.bases.get(symbol_id, []))
            for symbol_id in ids:
                resolver.bases[symbol_id] = bases

    # -- binding --------------------------------------------------------------------------------

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        found = super().resolve_ref(resolver, file, scope, ref)
        if ref.kind is EdgeKind.DECORATES and not any(isinstance(e, Sym) for e in found or ()):
            suffixed = RawRef(ref.scope, ref.kind, f"{ref.text}Attribute", ref.span, ref.head_known)
            retry = super().resolve_ref(resolver, file, scope, suffixed)
            if any(isinstance(e, Sym) for e in retry or ()):
                found = retry
        if found and self.partial_primary:  # the parts of a partial type are one type: its first part …
            own = resolver.enclosing_class(file, scope, via_receiver=None)
            own_primary = self.partial_primary.get(own) if own is not None else None
            merged: list[Entity] = []
            for entity in found:
                if isinstance(entity, Sym) and entity.id in self.partial_primary:
                    primary = self.partial_primary[entity.id]
                    # … or, written inside one of the parts, that part itself
                    entity = Sym(own if own is not None and primary == own_primary else primary)
                if entity not in merged:
                    merged.append(entity)
            found = merged
        return found

    def namespace_scope(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        """Inside ``namespace A.B``: the members of ``A.B`` then ``A`` (any file), then this block's usings."""
        raw = file.extraction.symbols[scope]
        full = raw.qualname
        own_parts = raw.name.count(".") + 1  # ``namespace A.B`` opens A.B and A
        names = [full]
        for _ in range(own_parts - 1):
            full = full.rpartition(".")[0]
            names.append(full)
        for namespace in names:
            found = self.package_symbols(namespace, name, want)
            if found:
                return list(found)
            nested = self._join(namespace, name)
            if nested in self.packages and want.position != "type":
                return [Package(nested)]
        return self.explicit_import(resolver, file, scope, name, want) or self.wildcard_import(
            resolver, file, scope, name, want
        )

    def module_level(self, resolver: Resolving, file: FileIndex, name: str, want: Want) -> Found:
        """The global namespace's types, the file's usings, then a root namespace."""
        top = self.kids(file, 0, name, want)
        if top:
            return list(top)
        found = self.package_symbols("", name, want)
        if found:
            return list(found)
        imported = self.explicit_import(resolver, file, 0, name, want) or self.wildcard_import(
            resolver, file, 0, name, want
        )
        if imported:
            return imported
        if name in self.packages and want.position != "type":
            return [Package(name)]
        return []

    def imported(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        return []  # usings live at the file level or in namespace blocks

    # -- relations ------------------------------------------------------------------------------

    def is_override(self, properties: Mapping[str, object]) -> bool:
        return bool(properties.get("override"))

    def global_relations(self, resolver: Resolving) -> None:
        super().global_relations(resolver)
        self._partial_bases(resolver)

    def _partial_bases(self, resolver: Resolving) -> None:
        """When one part of a partial class names its superclass, the first base of the other parts is an
        interface: ``implements``, even unresolved."""
        for ids in self.partial_groups:
            has_class_base = any(
                isinstance(base, Sym) and resolver.symbols[base.id].kind is not SymbolKind.INTERFACE
                for base in resolver.bases.get(ids[0], [])
            )
            if not has_class_base:
                continue
            for key, relation in list(resolver.relations.items()):
                if relation.kind is not EdgeKind.INHERITS or relation.source not in ids:
                    continue
                target = resolver.symbols.get(relation.target)
                if target is not None and target.kind is not SymbolKind.INTERFACE:
                    continue  # the superclass itself
                del resolver.relations[key]
                for span in relation.spans:
                    resolver.add_relation(relation.source, EdgeKind.IMPLEMENTS, relation.target, relation.resolution,
                                          relation.candidates, relation.text, span)

    def keeps_override(self, resolver: Resolving, source: str, target: str) -> bool:
        """``override`` overrides; implementing an interface member counts too; anything else hides."""
        if not super().keeps_override(resolver, source, target):
            return False
        if resolver.symbols[source].properties.get("override"):
            return True
        owner = resolver.symbols[target].parent
        return owner is not None and resolver.symbols[owner].kind is SymbolKind.INTERFACE


RULES = CSharpRules

__all__ = ["RULES", "CSharpRules"]
