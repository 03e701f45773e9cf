"""The resolver's members: the class hierarchy (C3), members through it, constructors, ``overrides``."""

from __future__ import annotations

from collections.abc import Collection

from codeknit.graph.model import Category, EdgeKind, Resolution, Symbol, SymbolKind
from codeknit.resolve.api import (
    UNKNOWN,
    UNSEEN_PART,
    Entity,
    External,
    FileIndex,
    Instance,
    LanguageRules,
    Shape,
    ShapeMember,
    Sym,
    Unknown,
    inherited_overloads,
)
from codeknit.resolve.state import CATEGORY_OF, ResolverState, TypeArgument

#: members that another type's same-named member overrides
OVERRIDABLE = frozenset({SymbolKind.METHOD, SymbolKind.GETTER, SymbolKind.SETTER, SymbolKind.PROPERTY})
#: kinds whose ``declared_type`` is the type of the value they hold (callables: of what they return)
VALUE_KINDS = frozenset(
    {SymbolKind.VARIABLE, SymbolKind.CONSTANT, SymbolKind.FIELD, SymbolKind.PROPERTY, SymbolKind.GETTER}
)
_MODULE, _TYPE, _CALLABLE = Category.MODULE, Category.TYPE, Category.CALLABLE  # (read once: see ``CATEGORY_OF``)


class Members(ResolverState):
    """Members and the hierarchy (see ``resolve/state.py`` for how the concerns fit)."""

    def mro(self, class_id: str) -> list[str]:
        """Linearised project ancestors (C3 where it exists, else depth-first; or the order the language's
        :meth:`LanguageRules.ancestors` gives: Ruby's), starting at the class."""
        if class_id in self._mro:
            return self._mro[class_id]
        self._mro[class_id] = [class_id]  # cycle guard
        own = self._rules_of(class_id).ancestors(self, class_id)
        if own is not None:
            self._mro[class_id] = own
            return own
        parents = [b.id for b in self.bases.get(class_id, []) if isinstance(b, Sym)]
        sequences = [list(self.mro(p)) for p in parents] + [list(parents)]
        result = [class_id]
        while True:
            sequences = [s for s in sequences if s]
            if not sequences:
                break
            for sequence in sequences:
                head = sequence[0]
                if not any(head in s[1:] for s in sequences):
                    break
            else:  # inconsistent hierarchy: fall back to depth-first order
                for sequence in sequences:
                    for item in sequence:
                        if item not in result:
                            result.append(item)
                break
            result.append(head)
            for sequence in sequences:
                if sequence and sequence[0] == head:
                    sequence.pop(0)
        self._mro[class_id] = result
        return result

    def class_member(self, class_id: str, name: str, *, skip_self: bool = False) -> list[Entity]:
        """The members ``name`` of a class through its hierarchy (``skip_self``: of its ancestors only).
        Asked for every use of an attribute (``self.x`` in each method is asked again): answered once per
        class and name while the hierarchy stands (see ``Resolver._run``)."""
        key = (class_id, name, skip_self)
        found = self._class_member_memo.get(key)
        if found is None:
            found = self._class_member_memo[key] = self._class_member(class_id, name, skip_self)
        return found

    def _class_member(self, class_id: str, name: str, skip_self: bool) -> list[Entity]:
        chain = self.mro(class_id)
        # an assigned field met first, kept unless an ancestor declares the name with a type (an annotation,
        # a method, a property, a class): an ancestor's untyped ``x = None`` is a default the field replaces, and
        # an ancestor's assigned field assigns the name as well (``self.md = md`` in each of three classes under
        # the one that declares ``md: Markdown | None``: that declaration)
        assigned: list[str] | None = None
        for position in range(1 if skip_self else 0, len(chain)):
            found = self.members.get(chain[position], {}).get(name)
            if found:
                if self._assigned_fields(found):
                    if assigned is None:
                        assigned = found
                    continue
                if assigned is not None and self.untyped_default(chain, position, name):
                    continue
                rules = self._rules_of(class_id)
                if rules.inherited_overloads and position + 1 < len(chain):
                    found = inherited_overloads(self, rules, chain[position + 1:], name, found)  # type: ignore[arg-type]
                return [Sym(i) for i in found]
        if assigned is not None:
            return [Sym(i) for i in assigned]
        if self.external_may_define(class_id, name):
            return [UNKNOWN]  # an ancestor outside the project may define it
        return []

    def external_may_define(self, class_id: str, name: str) -> bool:
        """May a base outside the project, of the class or an ancestor, define the member ``name``?
        (:meth:`LanguageRules.external_defines` says which outside classes' members are known.)"""
        for ancestor in self.mro(class_id):
            for base in self.bases.get(ancestor, ()):
                if isinstance(base, Sym):
                    continue
                if not isinstance(base, External) or self._rules_of(ancestor).external_defines(base.name, name):
                    return True
        return False

    def followers(self, class_id: str) -> list[str]:
        """The project classes that may come after ``class_id`` in the MRO of an instance: what
        ``super()`` in its methods can reach, besides bases outside the project. A class's own ancestors,
        and with cooperative multiple inheritance a subclass's other bases (``class C(A, B)``: in ``A``,
        ``super()`` of a ``C`` is ``B``); in the order first met. (One pass over every class's MRO
        answers all classes, the first time one is asked.)"""
        if self._followers is None:
            found: dict[str, dict[str, None]] = {}
            for other in sorted(self.bases):
                chain = self.mro(other)
                for position, ancestor in enumerate(chain):
                    found.setdefault(ancestor, {}).update(dict.fromkeys(chain[position + 1:]))
            self._followers = {k: list(v) for k, v in found.items()}
        return self._followers.get(class_id, [])

    def _rules_of(self, symbol_id: str) -> LanguageRules:
        return self.files[self.symbols[symbol_id].path].rules

    def untyped_default(self, chain: list[str], position: int, name: str) -> bool:
        """Is ``chain[position]``'s ``name`` (a class of an MRO) only fields without a declared type, and
        does no class after it in the chain declare the name otherwise (a stub beside the module, ``.pyi``,
        typing it)? Then a field an assignment ``self.x = …`` declares in a subclass is the subclass's own."""
        if not self._assigned_fields(self.members[chain[position]][name], untyped=True):
            return False
        for ancestor in chain[position + 1:]:
            found = self.members.get(ancestor, {}).get(name)
            if found and not self._assigned_fields(found, untyped=True):
                return False
        return True

    def _assigned_fields(self, ids: list[str], *, untyped: bool = False) -> bool:
        """Are these only fields that an assignment in a method of their class declares, without an
        annotation (``self.x = …``), in a language where such a field is the inherited attribute
        (:attr:`LanguageRules.assigned_fields_inherit`)? With ``untyped``, fields assigned without a
        declared type anywhere in the class (its body's ``x = None`` too): a subclass's ``self.x = …`` is a
        field of its own beside those, as type checkers take it."""
        for member_id in ids:
            symbol = self.symbols[member_id]
            if symbol.kind is not SymbolKind.FIELD:
                return False
            if untyped:
                if not self._untyped_field(symbol):
                    return False
                # a stub beside the module (``mixins.pyi`` by ``mixins.py``) may type it: type checkers read that
                stem, _, qualname = member_id.partition("::")
                twin = self.symbols.get(f"{stem}i::{qualname}") if stem.endswith(".py") else None
                if twin is not None and (twin.kind is not SymbolKind.FIELD or ":" in twin.signature):
                    return False
                continue
            known = self._assigned_memo.get(member_id)
            if known is None:
                known = self._assigned_memo[member_id] = self._assigned_field(symbol)
            if not known:
                return False
        return True

    def _untyped_field(self, symbol: Symbol) -> bool:
        """A class's field with no declared type, in a language where a subclass's assignment may take it."""
        return ":" not in symbol.signature and symbol.parent is not None \
            and self.files[symbol.path].rules.assigned_fields_inherit

    def _assigned_field(self, symbol: Symbol) -> bool:
        if symbol.parent is None or not self._untyped_field(symbol):
            return False
        line = symbol.span[0]
        return any(start <= line <= end for start, end in self._callable_lines(symbol.parent))

    def _callable_lines(self, class_id: str) -> list[tuple[int, int]]:
        """The first and last lines of the callables among a class's members (read for each of its fields:
        made once per class, not once per field)."""
        found = self._callable_lines_memo.get(class_id)
        if found is None:
            symbols = self.symbols
            found = self._callable_lines_memo[class_id] = [
                (symbols[i].span[0], symbols[i].span[2])
                for ids in self.members.get(class_id, {}).values() for i in ids
                if CATEGORY_OF[symbols[i].kind] is _CALLABLE
            ]
        return found

    def _constructor(self, class_id: str, rules: LanguageRules) -> list[Entity]:
        for name in rules.constructor_names:
            for ancestor in self.mro(class_id):
                found = self.members.get(ancestor, {}).get(name)
                if found:
                    return [Sym(i) for i in found]
        return [Sym(class_id)]

    def member(self, entity: Entity, name: str) -> list[Entity]:
        if isinstance(entity, External):
            return [External(f"{entity.name}.{name}", entity.package)]
        if isinstance(entity, Unknown):
            return [UNKNOWN]
        if isinstance(entity, Instance):
            return self.class_member(entity.type_id, name)
        if isinstance(entity, Shape):  # an anonymous object type has the members it lists, no others
            return [ShapeMember(entity.path, line, column) for member, line, column in entity.members
                    if member == name]
        if isinstance(entity, ShapeMember):  # a member of what an anonymous object type's member is declared to hold
            return self.member_of_each(self.shape_member_values(entity), name)
        kind = self.symbols[entity.id].kind
        category = CATEGORY_OF[kind]
        if category is _MODULE:
            if entity.id in self.files:  # a file's module
                return self.module_member(entity.id, name)
            found = self.scope_members.get(entity.id, {}).get(name)  # a namespace, an inline module
            return [Sym(i) for i in found] if found else []
        if category is _TYPE:
            members: list[Entity] = self.class_member(entity.id, name)
            if not members and kind is SymbolKind.TYPE_ALIAS:
                # a member of the type the alias stands for (``{ a } as AnyMeta``, with ``type AnyMeta =
                # Meta<any>`` and ``type Meta<T> = Base<T> & Derived<T>``, sets ``AnyMeta.a``: ``Derived``'s ``a``)
                # (only what a part declares: a part whose outside base may define the name adds no unknown to
                # the answer, which a merged declaration of the name, a value's type, may give; not the memo's list)
                members = []
                for value in self.value_type(entity.id):
                    if isinstance(value, Instance) and value.type_id != entity.id:
                        members += [m for m in self.class_member(value.type_id, name)
                                    if m not in members and m is not UNKNOWN]
            return members
        if kind in VALUE_KINDS:  # ``this.repo.save``: a member of the value's declared type
            return self.member_of_each(self.value_type(entity.id), name)
        return [UNKNOWN]

    def shape_member_values(self, member: ShapeMember) -> list[Entity]:
        """What a member of an anonymous object type holds, by the type it is declared with (``{ at?: Loc }``: a
        ``Loc``, read at the top level of the file that writes it; ``Extraction.local_types`` at its token);
        unknown where it declares none the adapter writes."""
        declared = self.shape_member_type(member)
        return [UNKNOWN] if declared is None else self.type_entities(*declared)

    def shape_member_type(self, member: ShapeMember) -> tuple[FileIndex, int, str] | None:
        """The type a member of an anonymous object type is declared with, as (file, scope, type text): read at
        the top level of the file that writes it; None where the adapter wrote none."""
        owner = self.files.get(member.path)
        held = owner.extraction.local_types.get((member.line, member.column)) if owner is not None else None
        return (owner, 0, held) if owner is not None and held else None

    def members_of(self, entities: list[Entity], part: str) -> list[Entity]:
        """``part`` of each entity; a part written ``name()`` stands for what calling that member gives.

        Most of a pass's questions repeat one asked before (three in four on effect and the Go standard
        library: the same member of the same value in each scope, and of the same module in file after
        file): the answers are kept through the pass over the files (``_members_of_memo``, up to
        ``_MEMBERS_KEPT`` of them at a time), but within a cycle of imports or types (see :meth:`lookup`).
        They read only what holds for the whole project by then (members, bases, declared types), never the
        file asking. Each caller gets a list of its own."""
        if self._frames or self._typing or not self._keep_lookups:
            return self._members_of(entities, part)
        key = (part, *entities)
        found = self._members_of_memo.get(key)
        if found is None:
            found = self._members_of_memo[key] = self._members_of(entities, part)
        return list(found)

    def _members_of(self, entities: list[Entity], part: str) -> list[Entity]:
        call = part.endswith("()")
        name = part[:-2] if call else part
        out = self.member_of_each(entities, name)
        if call and self.base_arguments:
            return self.through_arguments(entities, name, out, call=True)
        return self.call_results(out) if call else out

    def ancestor_arguments(self, type_id: str) -> dict[str, tuple[TypeArgument, ...]]:
        """What the type parameters of each ancestor of a type stand for in it, where a base is written with type
        arguments (``class IntBox extends Box<Num>``: Box's first is ``Num``; ``class Mid<U> extends Box<U>``:
        Mid's own first, 0), through the hierarchy (``StrBox extends Mid<Str>``: Box's first is ``Str``). A base
        written without arguments passes on what its ancestors' are given in its own declaration (never its own
        parameters). Made once per type; a type whose bases lead back to it (an error) stops there."""
        found = self._ancestor_arguments.get(type_id)
        if found is not None:
            return found
        self._ancestor_arguments[type_id] = {}  # (cycle guard)
        out: dict[str, tuple[TypeArgument, ...]] = {}
        written = self.base_arguments.get(type_id, {})
        for base in self.bases.get(type_id, ()):
            if type(base) is not Sym:
                continue
            given: tuple[TypeArgument, ...] = ()
            where = written.get(base.id)
            if where is not None:
                path, scope, end = where
                texts = self.files[path].extraction.base_arguments.get(end, ())
                given = tuple(int(t[1:]) if t[:1] == "$" and t[1:].isdigit() else (path, scope, t) if t else None
                              for t in texts)
            if base.id not in out and given:
                out[base.id] = given
            for ancestor, further in self.ancestor_arguments(base.id).items():
                if ancestor not in out and ancestor != type_id:
                    out[ancestor] = tuple((given[a] if a < len(given) else None) if type(a) is int else a
                                          for a in further)
        self._ancestor_arguments[type_id] = out
        return out

    def _held_through(self, receiver: Entity, member: Entity) -> list[Entity] | None:
        """What ``member`` (a member of ``receiver``'s type) holds or returns when read through ``receiver``, where
        it is declared with a type parameter of its own type (``value: T`` of ``class Box<T>``, written ``$i``)
        and the receiver's type gives that parameter an argument (``ancestor_arguments``); else None."""
        if type(receiver) is not Instance or type(member) is not Sym:
            return None
        index = self._typed_index.get(member.id)
        if index is None:
            return None
        symbol = self.symbols[member.id]
        if symbol.parent is None or symbol.parent == receiver.type_id:
            return None
        file = self.files[symbol.path]
        text = file.extraction.symbols[index].declared_type
        if text[:1] != "$" or not text[1:].isdigit():
            # (a parameter with a constraint, or in an intersection: ``info: HandlerInfo & InternalInfo``)
            text = file.extraction.member_templates.get(symbol.name_span[:2], "") \
                if file.extraction.member_templates else ""
            if not text:
                return None
        given = self.ancestor_arguments(receiver.type_id).get(symbol.parent)
        if given is None:
            return None
        joined: list[Entity] = []
        for part in text.split("&"):
            if part[:1] == "$":
                position = int(part[1:])
                argument = given[position] if position < len(given) else None
                if type(argument) is not tuple:
                    return None
                path, scope, written = argument
                found = self.type_entities(self.files[path], scope, written)
            else:  # (a part written beside the parameter: read where the member is declared)
                found = self.type_entities(file, max(file.extraction.symbols[index].parent, 0), part)
            joined += [e for e in found if e not in joined]
        if "&" in text and any(not isinstance(e, Unknown) for e in joined):
            # (an intersection's part it cannot see: ``Types.type_entities``)
            joined = list(dict.fromkeys(UNSEEN_PART if isinstance(e, Unknown) else e for e in joined))
        return joined

    def through_arguments(self, receivers: list[Entity], name: str, found: list[Entity], *,
                          call: bool) -> list[Entity]:
        """What the members ``found`` (the member ``name`` of each of ``receivers``) hold, or with ``call`` give
        when called: where a member is declared with its type's type parameter and a receiver's type gives it
        an argument (``_held_through``), a value of the argument's type; else the member itself (what it holds
        is read from it), or what calling it gives. A member another receiver reads without an argument keeps
        that answer too."""
        if not any(type(r) is Instance for r in receivers):
            return self.call_results(found) if call else found
        out: list[Entity] = []
        for member in found:
            held: list[Entity] = []
            plain = type(member) is not Sym
            if not plain:
                for receiver in receivers:
                    through = self._held_through(receiver, member)
                    if through is None:
                        plain = plain or type(receiver) is not Instance or member in self.member(receiver, name)
                    else:
                        held += [e for e in through if e not in held]
            if plain or not held:
                held += [e for e in (self.call_results([member]) if call else [member]) if e not in held]
            out += [e for e in held if e not in out]
        return out

    def _without_merged_functions(self, entities: list[Entity], name: str) -> list[Entity]:
        """``entities`` but each function among them that a namespace among them (its name, in its scope) merges
        with, where that namespace declares a member ``name`` (see :meth:`member_of_each`)."""
        symbols = self.symbols
        namespaces = [e for e in entities if type(e) is Sym and symbols[e.id].kind is SymbolKind.NAMESPACE]
        if not namespaces:
            return entities
        declared = {(symbols[e.id].path, symbols[e.id].parent, symbols[e.id].qualname) for e in namespaces
                    if any(type(m) is Sym for m in self.member(e, name))}
        if not declared:
            return entities
        return [e for e in entities if type(e) is not Sym or (s := symbols[e.id]).kind is not SymbolKind.FUNCTION
                or (s.path, s.parent, s.qualname) not in declared]

    def member_of_each(self, entities: list[Entity], name: str) -> list[Entity]:
        """The member ``name`` of each entity (:meth:`member`), without repeats, in order; an unseen part of an
        intersection type (``UnseenPart``) adds an unknown only where no other part declares the member in the
        project (a part from outside says nothing of which members it has: it does not hide the unseen one).

        A function merged with a namespace of its name (TypeScript's ``function tally() {}`` beside ``namespace
        tally { export const count = 1 }``) is one value whose properties the namespace declares: where the
        namespace has the member, ``tally.count`` is the namespace's, not also an unseen property of the function.
        """
        out: list[Entity] = []
        unseen = False
        if len(entities) > 1:
            entities = self._without_merged_functions(entities, name)
        for entity in entities:
            if entity is UNSEEN_PART:
                unseen = True
                continue
            for found in self.member(entity, name):
                if found not in out:
                    out.append(found)
        if unseen and UNKNOWN not in out and not any(isinstance(found, (Sym, ShapeMember)) for found in out):
            out.append(UNKNOWN)
        return out

    def instance_member(self, class_id: str, part: str) -> list[Entity]:
        """``members_of([Instance(class_id)], part)``, as ``self.x`` asks it (in each method, for each use):
        the class's member, without an instance made to find it."""
        call = part.endswith("()")
        found = self.class_member(class_id, part[:-2] if call else part)
        if len(found) > 1:
            found = list(dict.fromkeys(found))  # (without repeats, in order, as ``members_of`` gives them)
        if call and self.base_arguments:
            return self.through_arguments([Instance(class_id)], part[:-2], found, call=True)
        return self.call_results(found) if call else found

    def _overrides(self, members_of: Collection[str] | None = None) -> None:
        """``overrides`` relations: of every member, or only of the members ``members_of`` names."""
        for class_id, members in self.members.items():
            if self.symbols[class_id].kind.category is not Category.TYPE:
                continue
            chain = self.mro(class_id)[1:]
            if not chain:
                continue
            for name, ids in members.items():
                for member_id in ids:
                    if self.symbols[member_id].kind not in OVERRIDABLE:
                        continue
                    if members_of is not None and member_id not in members_of:
                        continue
                    for ancestor in chain:
                        found = [
                            i for i in self.members.get(ancestor, {}).get(name, [])
                            if self.symbols[i].kind in OVERRIDABLE
                        ]
                        if found:
                            self.add_relation(member_id, EdgeKind.OVERRIDES, found[0], Resolution.RESOLVED, (), name,
                                              None)
                            break


__all__ = ["Members"]
