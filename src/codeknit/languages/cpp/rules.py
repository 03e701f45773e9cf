"""C++: the C rules (headers, one program-wide namespace, prototypes) plus namespaces and classes.

Qualified names arrive dotted (``outer::Box::make`` is ``outer.Box.make``).
A bare name is looked up in the function's locals, then its class (members
of base classes included, for in-class and out-of-line methods alike), then
the namespaces enclosing the use (for an out-of-line method, those of its
owner ``ns::Box``), then the global namespace together with the namespaces
named by ``using namespace`` / ``using ns::name`` in scope. A namespace is
open: its members are gathered from every file that reopens it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Span, Spans, SymbolKind
from codeknit.languages.c.rules import CRules
from codeknit.resolve.api import UNKNOWN, Sym, Unknown

if TYPE_CHECKING:
    from codeknit.languages.records import RawRef
    from codeknit.resolve.api import Entity, FileIndex, Resolving

_FUNCTION_KINDS = {SymbolKind.METHOD: SymbolKind.FUNCTION, SymbolKind.CONSTRUCTOR: SymbolKind.FUNCTION,
                   SymbolKind.FIELD: SymbolKind.VARIABLE}


class CppRules(CRules):
    instance_names = frozenset({"this"})
    class_scope_visible_from_methods = True

    def __init__(self, all_paths: set[str] | None = None) -> None:
        super().__init__(all_paths)
        #: ``(source, span)`` of member initialisers that name a field (``x_(2)``), not a base's constructor
        self._member_initialisers: set[tuple[str, Span]] = set()

    def extra_relations(self, resolver: Resolving, file: FileIndex) -> None:
        super().extra_relations(resolver, file)
        if not self._member_initialisers:
            return
        sites, self._member_initialisers = self._member_initialisers, set()  # every reference is resolved: once
        for key, relation in list(resolver.relations.items()):
            if relation.kind is not EdgeKind.CALLS or not relation.spans:
                continue
            kept = [span for span in relation.spans if (relation.source, span) not in sites]
            if not kept:
                del resolver.relations[key]
            elif len(kept) < len(relation.spans):
                relation.spans = Spans.of(kept)

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        """As in C. A call that names a class (``new Circle(1)``, ``Circle(1)``, a base initialiser
        ``: Circle(1)``) stays on the class, also when it declares one constructor: the implicit copy
        and move constructors are there too, and the arguments are not typed. A member initialiser
        that names a field (``x_(2)``) is no call (dropped in ``extra_relations``)."""
        found = super().resolve_ref(resolver, file, scope, ref)
        if ref.kind is EdgeKind.CALLS and ref.constructs and found and all(
            isinstance(e, Sym) and resolver.symbols[e.id].kind.category is Category.VALUE for e in found
        ):
            self._member_initialisers.add((file.ids[ref.scope], ref.span))
        return found

    def lookup(self, resolver: Resolving, file: FileIndex, scope: int, name: str) -> list[Entity]:
        found = resolver.lookup(file, scope, name)
        if found and any(isinstance(e, Unknown) for e in found):
            return found  # a local or a parameter
        owned = self.index(resolver).owned
        found = [e for e in found if not (isinstance(e, Sym) and e.id in owned)]  # ``A::f`` names nothing here
        found = self._injected_class_name(resolver, found)
        class_id = self.class_context(resolver, file, scope)
        if class_id is not None and (not found or all(self._namespace_level(resolver, e) for e in found)):
            members: list[Entity] = [e for e in resolver.class_member(class_id, name) if isinstance(e, Sym)]
            if members:
                return self._injected_class_name(resolver, members)
        if found:
            return found
        return self.global_names(resolver, file, scope, name)

    @staticmethod
    def _injected_class_name(resolver: Resolving, found: list[Entity]) -> list[Entity]:
        """Inside ``class X``, ``X`` names the class: constructors are never found by name."""
        out: dict[Entity, None] = {}
        for entity in found:
            if isinstance(entity, Sym) and resolver.symbols[entity.id].kind is SymbolKind.CONSTRUCTOR:
                parent = resolver.symbols[entity.id].parent
                entity = Sym(parent) if parent is not None else entity
            out[entity] = None
        return list(out)

    @staticmethod
    def _namespace_level(resolver: Resolving, entity: Entity) -> bool:
        if not isinstance(entity, Sym):
            return False
        parent = resolver.symbols[entity.id].parent
        return parent is None or resolver.symbols[parent].kind in (SymbolKind.FILE, SymbolKind.NAMESPACE)

    @staticmethod
    def class_context(resolver: Resolving, file: FileIndex, scope: int) -> str | None:
        """The class whose members a use in ``scope`` sees (its own class, or an out-of-line owner)."""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.kind.category is Category.TYPE and raw.kind is not SymbolKind.TYPE_ALIAS:
                return file.ids[current]
            if raw.owner is not None:
                parent = resolver.symbols[file.ids[current]].parent
                if parent is not None and resolver.symbols[parent].kind.category is Category.TYPE:
                    return parent
            current = raw.parent
        return None

    def global_names(self, resolver: Resolving, file: FileIndex, scope: int, name: str) -> list[Entity]:
        index = self.index(resolver)
        path = file.extraction.path
        for prefix in self.namespaces_around(file, scope):
            entries = index.names.get(f"{prefix}.{name}")
            if entries:
                found, guess = self.seen_from(resolver, entries, path)
                if found:
                    return self._entities(found, guess)
        found, guess = self.seen_from(resolver, index.names.get(name, []), path)
        for directive in self._usings(resolver, file, scope):
            if directive.rsplit(".", 1)[-1] == name and directive in index.names:  # ``using ns::name;``
                more, more_guess = self.seen_from(resolver, index.names[directive], path)
            else:
                more, more_guess = self.seen_from(resolver, index.names.get(f"{directive}.{name}", []), path)
            found += more
            guess = guess or (more_guess and bool(more))
        return self._entities(list(dict.fromkeys(found)), guess)

    @staticmethod
    def _entities(ids: list[str], guess: bool) -> list[Entity]:
        """``ids`` as entities, and the unknown besides where some are guesses (``ambiguous``)."""
        found: list[Entity] = [Sym(i) for i in ids]
        if guess:
            found.append(UNKNOWN)
        return found

    @staticmethod
    def namespaces_around(file: FileIndex, scope: int) -> list[str]:
        """Qualified names of the namespaces (and owners) enclosing ``scope``, innermost first."""
        symbols = file.extraction.symbols
        out: list[str] = []
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.kind is SymbolKind.NAMESPACE:
                out.append(raw.qualname)
            elif raw.owner is not None:
                parts = raw.owner.split(".")
                out.extend(".".join(parts[:n]) for n in range(len(parts), 0, -1))
            current = raw.parent
        seen: list[str] = []
        for prefix in out:
            if prefix not in seen:
                seen.append(prefix)
        return seen

    def _usings(self, resolver: Resolving, file: FileIndex, scope: int) -> list[str]:
        """``using namespace n;`` / ``using n::x;`` texts whose scope encloses ``scope``."""
        directives = self.index(resolver).usings.get(file.extraction.path)
        if not directives:
            return []
        symbols = file.extraction.symbols
        chain = {0}
        current = scope
        while current > 0:
            chain.add(current)
            current = symbols[current].parent
        return [text for directive_scope, text in directives if directive_scope in chain]

    def member(self, resolver: Resolving, entity: Entity, name: str) -> list[Entity]:
        if isinstance(entity, Sym) and resolver.symbols[entity.id].kind is SymbolKind.NAMESPACE:
            entries = self.index(resolver).names.get(f"{resolver.symbols[entity.id].qualname}.{name}", [])
            ids = [e.id for e in entries if e.visible] or [e.id for e in entries]
            return [Sym(i) for i in ids]
        return resolver.member(entity, name)

    def _fix_unattached(self, resolver: Resolving) -> None:
        """``void ns::f() {}`` names a namespace, not a class: a function (``int ns::x;`` a variable)."""
        namespaces = self.index(resolver).namespaces
        for file in resolver.files.values():
            if file.extraction.language != "cpp":
                continue
            for index, raw in enumerate(file.extraction.symbols):
                if raw.owner is None or raw.owner not in namespaces:
                    continue
                symbol = resolver.symbols[file.ids[index]]
                parent = symbol.parent
                if parent is not None and resolver.symbols[parent].kind.category is Category.TYPE:
                    continue
                symbol.kind = _FUNCTION_KINDS.get(symbol.kind, symbol.kind)


RULES = CppRules
