"""The resolver's relations: each reference's relation and how sure it is, and the sub-projects that
bound a guess among candidates."""

from __future__ import annotations

import os
import sys
from array import array
from collections import defaultdict

from codeknit.graph.model import (
    Category,
    EdgeKind,
    Relation,
    Resolution,
    Role,
    Span,
    Symbol,
    SymbolKind,
    append_packed,
    pack_site,
    site_numbers,
    spans_of,
)
from codeknit.languages.records import RawRef
from codeknit.resolve.api import (
    MAX_CANDIDATES,
    UNKNOWN,
    Entity,
    External,
    FileIndex,
    RelationKey,
    Shape,
    ShapeMember,
    Sym,
    ancestor_directories,
)
from codeknit.resolve.overloads import OverloadTypes
from codeknit.resolve.state import CATEGORY_OF, ResolverState
from codeknit.workspace.manifests import is_manifest

# enum members read once (see ``CATEGORY_OF``): these are read per use
_CALLS, _REFERENCES_KIND = EdgeKind.CALLS, EdgeKind.REFERENCES
_TYPE, _VALUE = Category.TYPE, Category.VALUE
_RESOLVED, _AMBIGUOUS, _UNRESOLVED = Resolution.RESOLVED, Resolution.AMBIGUOUS, Resolution.UNRESOLVED
_TYPE_USE, _WRITE = Role.TYPE, Role.WRITE
_SHAPES = (Shape, ShapeMember)
_UNSEEN: list[Entity] = [UNKNOWN]
#: a target that is no symbol (``path::text``) is one string for every relation of it in a run: the sources of
#: a file that use one unresolved name each have a relation to it (on effect 40,000 such relations, 26,000 names)
_intern = sys.intern
#: a relation's sites as bytes (``has_packed`` reads them so)
packed_bytes = array.tobytes


def _named(ref: RawRef) -> str:
    """The name of the target an ambiguous or unresolved relation of ``ref`` points at: its text, but for a
    member of what a call gives (``a.make().run``) or of a value whose head is unknown (a capped chain), which
    the resolver could not follow: the member (``run``). The relation's text keeps the chain."""
    text = ref.text
    if "()." in text or (not ref.head_known and "." in text):
        return text[text.rfind(".") + 1:]
    return text


def _runtimes_of(languages: set[str]) -> dict[str, str]:
    """Each language's runtime (``LanguageSpec.runtime``), where the languages run on more than one; else {}."""
    from codeknit.languages.registry import get

    runtimes = {}
    for language in languages:
        spec = get(language)
        runtimes[language] = spec.runtime_name() if spec is not None else language
    return runtimes if len(set(runtimes.values())) > 1 else {}


def labels_fit(parameters: tuple[str, ...], arguments: tuple[str, ...], first: int = 0, variadic: bool = False,
               ) -> bool:
    """Do a call's argument labels (``RawRef.labels``, from the ``first``) fit a callable's parameters
    (``RawSymbol.labels``), as Swift matches them: in order, each argument to a later parameter of its label,
    skipping only parameters with a default (or variadic ones); a variadic parameter takes the unlabelled arguments
    after its first (``variadic``: the parameter before ``parameters`` is one, and may take more); a trailing closure
    (``*``) fits any parameter so reached; every parameter left needs a default or is variadic. Where several
    parameters could take an argument, each is tried (the lists are a few names long)."""
    if not arguments:
        return all(parameter.endswith(("=", "...")) for parameter in parameters[first:])
    label, rest = arguments[0], arguments[1:]
    if variadic and label == "" and labels_fit(parameters, rest, first, True):
        return True
    for index in range(first, len(parameters)):
        parameter = parameters[index]
        if (label == "*" or parameter.rstrip("=.") == label) and \
                labels_fit(parameters, rest, index + 1, parameter.endswith("...")):
            return True
        if not parameter.endswith(("=", "...")):
            return False  # (a parameter without a default cannot be left out)
    return False


class Emit(ResolverState):
    """Relations (see ``resolve/state.py`` for how the concerns fit)."""

    def add_relation(
        self,
        source: str,
        kind: EdgeKind,
        target: str,
        resolution: Resolution,
        candidates: tuple[str, ...],
        text: str,
        span: Span | None,
        package: str | None = None,
        role: Role | None = None,
    ) -> RelationKey | None:
        """Add a use site to the relation of this key: ``span``, where a value use (``role``: read,
        write or import) or another kind of use (None: a call, a type, a base …) names the target.
        A relation that holds a value use lists every site's role (``Relation.roles``). Returns the
        relation's key (None: no relation), with which :meth:`add_site` adds more sites to it.

        A call of a class that runs a constructor it inherits (``NotFound()`` running
        ``HTTPException.__init__``, or a base class itself) keeps the class it names apart: its
        relation's text is the class written there, which calls of another heir do not share.

        A reference whose role is :data:`Role.TYPE` (a name that qualifies a type name, TypeScript's ``ns`` in
        ``ns.Foo``) is recorded as a type use is (None here)."""
        if role is _TYPE_USE:
            role = None
        if source == target and kind is not _CALLS and role is None and (
                kind is not _REFERENCES_KIND or self.symbols[source].kind is not SymbolKind.TYPE_ALIAS):
            # a symbol naming itself is not a dependency; recursion is (a call, a type alias naming itself: ``type
            # Deep<T> = … Deep<R>``), and so is a use of its value
            return None
        key: RelationKey = (source, kind, target, resolution, candidates)
        if kind is _CALLS and resolution is _RESOLVED:
            called = self.symbols.get(target)
            written = text[text.rfind(".") + 1:]
            if called is not None and written != called.name and called.parent is not None \
                    and written in self.type_names():
                category = CATEGORY_OF[called.kind]
                if category is _TYPE or (
                        category is Category.CALLABLE and written != self.symbols[called.parent].name
                        and CATEGORY_OF[self.symbols[called.parent].kind] is _TYPE):
                    key = (*key, written)  # type: ignore[assignment]
        relation = self.relations.get(key)
        if relation is None:
            # (its text one string object for the run: the same names are written in many files, and
            # each file's texts are objects of their own; a run keeps every relation to its end)
            self.relations[key] = Relation(
                source, target, kind, resolution, candidates, sys.intern(text),
                spans_of() if span is None else spans_of(pack_site(*span)), package,
                None if role is None or span is None else [role],
            )
        elif span is not None:
            self.add_site(key, relation, span, role)
        return key

    def add_site(self, key: RelationKey, relation: Relation, span: Span, role: Role | None) -> None:
        """Add a use site to the relation ``key`` names (``relation``, as :meth:`add_relation` made it): what
        :meth:`add_relation` with the same key does, for a caller that knows the key already (every use of
        a text resolved once)."""
        if role is _TYPE_USE:
            role = None
        spans = relation.spans
        numbers = site_numbers(spans)  # (four a site)
        packed = pack_site(*span)
        if numbers < 64:  # (``has_packed``, written out: a call fewer for each use site of a run)
            data = packed_bytes(spans)
            at = data.find(packed)
            while at & 15 and at != -1:  # (a match must start a site's four numbers)
                at = data.find(packed, at + 1)
            if at != -1:
                return
        else:  # a name used many times in one body: its spans in a set too, not scanned each time
            seen = self._span_sets.get(key)
            if seen is None:
                seen = self._span_sets[key] = set(spans)
            if span in seen:
                return
            seen.add(span)
        if relation.roles is not None:
            relation.roles.append(_TYPE_USE if role is None else role)
        elif role is not None:
            relation.roles = [_TYPE_USE] * (numbers >> 2) + [role]
        append_packed(spans, packed)

    def accepting(self, targets: list[str], call: RawRef, file: FileIndex | None = None, *,
                  overloads: bool = True) -> list[str]:
        """Of several callables ``call`` names (overloads), those that accept its arguments: as many as it passes
        (:attr:`RawSymbol.arity`) and, where both are written, with its labels (:attr:`RawSymbol.labels`); one
        whose language records neither stays. Where none accepts them (a count the adapter misread, an overload
        from outside the project), all stay: a choice is made only among the callables it can tell apart.
        Where the call is written in ``file``, whose language weighs argument types (``LanguageRules.conversions``)
        and whose adapter told some (``Extraction.argument_types``), those that cannot take them are left out, and
        where ``targets`` are what one receiver reaches (``overloads``; not candidates by name), the language's
        choice among the rest is made (``resolve/overloads.py``)."""
        count, labels = call.arguments, call.labels
        if count < 0:
            return targets
        arity_of, labels_of = self._arity_of, self._labels_of
        kept = []
        for target in targets:
            written = labels_of.get(target)
            if written is not None and labels is not None:
                if labels_fit(written, labels):
                    kept.append(target)
            elif (arity := arity_of.get(target)) is None or (arity[0] <= count and (arity[1] < 0 or count <= arity[1])):
                kept.append(target)
        if not kept:
            return targets
        if len(kept) > 1 and file is not None and (conversions := file.rules.conversions) is not None:
            told = file.extraction.argument_types.get(call.span)
            if told is not None and len(told) == count:
                if self._overloads is None:
                    self._overloads = OverloadTypes(self, arity_of)
                kept = self._overloads.choose(kept, told, file, call.scope, conversions, overloads=overloads)
        return kept

    def emit(self, file: FileIndex, ref: RawRef, entities: list[Entity], *, source: str | None = None) -> None:
        """The relation of ``ref``, which the names in ``entities`` may denote."""
        written_in = file.ids[ref.scope]
        source = written_in if source is None else source
        found = self.outcome(file, ref, entities, source)
        if found is None:
            return
        span: Span | None = ref.span
        if source != written_in and self.symbols[source].path != file.extraction.path:
            # a base written in another file than the type it is about (Swift's ``extension Shared: Tagged`` away
            # from ``Shared``, Rust's ``impl Trait for T`` away from ``T``): a relation's sites are in its source's
            # file, so the type's relation has none, and the site is a use of the base where it is written
            self.add_relation(written_in, _REFERENCES_KIND, found[0], found[1], found[2], ref.text, span, found[3])
            span = None
        self.add_relation(source, ref.kind, found[0], found[1], found[2], ref.text, span, found[3], role=ref.role)

    def outcome(self, file: FileIndex, ref: RawRef, entities: list[Entity],
                source: str) -> tuple[str, Resolution, tuple[str, ...], str | None] | None:
        """What the relation of ``ref`` from ``source`` is: ``(target, resolution, candidates, package)``,
        or None for no relation. It depends on the reference's text and kind (and a call's arguments, where its
        language counts them: :meth:`accepting`), not on where it is.

        A value use (``ref.role`` set) gets one only where it says something: a project definition
        (or candidates), or a name from outside with its package; a bare name nothing declares (a
        builtin) and a member of an unknown value that no project type has are left out, since every
        identifier is such a use. At a call's token (``ref.called``) only a variable, field or
        property holding what is called is a use."""
        if len(entities) == 1 and type(entities[0]) is Sym:  # (most references: one definition, no choice)
            target_id = entities[0].id
            category = CATEGORY_OF[self.symbols[target_id].kind]
            if ref.called and category is not _VALUE:
                return None  # (at a call's token, only a variable, field or property holding what is called)
            if ref.kind is not _CALLS or category is not _TYPE:
                return target_id, _RESOLVED, (), None
        value = ref.role is not None
        if not entities and "()." in ref.text:
            # a member of what a call gives, where the resolver could not follow the call (a result of a type it
            # does not have, a member it does not find there): a member of a value it cannot see, as a chain whose
            # head is unknown is (candidates by name)
            entities = _UNSEEN
        for entity in entities:  # (a loop, not ``any()`` over a generator: asked for each relation of a run)
            if isinstance(entity, _SHAPES):
                # a member of an anonymous object type (a use of its ``property`` local: ``shape_use``), or such
                # a type itself: no project symbol, and no member of an unknown value either
                entities = [e for e in entities if not isinstance(e, _SHAPES)]
                if not entities:
                    return None
                break
        if ref.called:
            held = [e for e in entities if isinstance(e, Sym) and CATEGORY_OF[self.symbols[e.id].kind] is _VALUE]
            if not held:
                return None
            # (what the name may also denote, unseen, keeps a guess a guess: ``ambiguous``)
            entities = held + [e for e in entities if not isinstance(e, Sym)]
        path = file.extraction.path
        targets: list[str] = []
        external: External | None = None
        unknown = False
        for entity in entities:
            if isinstance(entity, Sym):
                target_id = entity.id
                if ref.kind is _CALLS:
                    kind = self.symbols[target_id].kind
                    if CATEGORY_OF[kind] is _TYPE and kind is not SymbolKind.TYPE_ALIAS:
                        for ctor in self._constructor(target_id, file.rules):
                            if isinstance(ctor, Sym) and ctor.id not in targets:
                                targets.append(ctor.id)
                        continue
                if target_id not in targets:
                    targets.append(target_id)
            elif isinstance(entity, External):
                external = external or entity
            else:  # unknown, or an instance used as a whole (``x()`` on a typed ``x``)
                unknown = True
        if len(targets) > 1 and ref.arguments >= 0:
            targets = self.accepting(targets, ref, file)
        if len(targets) > 1:  # (the same definitions come back for each use of a name: narrowed once)
            prefer_key = (file.rules, ref.kind, ref.role, tuple(targets))
            preferred = self._prefer_memo.get(prefer_key)
            if preferred is None:
                preferred = file.rules.prefer_targets(self, ref.kind, _prefer_primary(targets, self.symbols), ref.role)
                if len(preferred) > 1:
                    preferred = file.rules.merged_targets(self, preferred)
                self._prefer_memo[prefer_key] = preferred
            targets = preferred
        if targets and not unknown and external is None:
            if len(targets) == 1:
                return targets[0], _RESOLVED, (), None
            return _intern(f"{path}::{_named(ref)}"), _AMBIGUOUS, self._ordered(targets), None
        if targets:  # some definitions, plus something we cannot see
            return _intern(f"{path}::{_named(ref)}"), _AMBIGUOUS, self._ordered(targets), None
        member_of_unknown = "." in ref.text or not ref.head_known
        if unknown and ref.role is _WRITE and "(#" in ref.text:
            # a key of an object literal whose type would come from where it is written (``f({ a })``: f's
            # parameter's type), where that type is unknown: the key sets a member of the object's own
            return None
        if unknown and (ref.kind is _CALLS or value) and member_of_unknown:
            member = ref.text.rsplit(".", 1)[-1]
            if file.rules.super_is_call and ref.text.startswith("super().") and ref.text.count(".") == 1:
                candidates = self._super_candidates(file, ref, member, source)
            else:
                candidates = self._members_named(file, ref.kind, member, source)
            if value and not candidates:
                return None
            if len(self.project_roots()) > 1:  # sibling projects the source's does not depend on are out
                candidates = self.within_reach(candidates, self.project_of(path))
            if len(candidates) > 1 and ref.arguments >= 0:
                candidates = self.accepting(candidates, ref, file, overloads=False)
            if 0 < len(candidates) <= MAX_CANDIDATES:
                return _intern(f"{path}::{_named(ref)}"), _AMBIGUOUS, self._ordered(candidates), None
        if value and external is None and not member_of_unknown:
            return None
        name = external.name if external is not None else _named(ref)
        return _intern(f"{path}::{name}"), _UNRESOLVED, (), external.package if external is not None else None

    def within_reach(self, candidates: list[str], project: str | None) -> list[str]:
        """``candidates`` but those in projects that ``project`` does not reach (:meth:`reachable_projects`).
        The same lists come back for every use of a common member name on a value of unknown type (on
        effect, 24,000 uses, each a pass over about a hundred members): each is filtered once per project.
        (The result is shared: callers do not change it.)"""
        key = (project, tuple(candidates))
        found = self._reach_memo.get(key)
        if found is None:
            reach = self.reachable_projects(project)
            symbols, project_of = self.symbols, self.project_of
            found = self._reach_memo[key] = [c for c in candidates if project_of(symbols[c].path) in reach]
        return found

    def _super_candidates(self, file: FileIndex, ref: RawRef, member: str, source: str) -> list[str]:
        """``super().member`` that the hierarchy could not answer: the members so named of the classes that
        may follow the enclosing class in an instance's MRO, never any other class's (none: only a base
        outside the project can have it). Where a base is a value the resolver could not follow (a
        parameter, ``class G(base)``), it may be any project class: every member so named, as for any
        member of an unknown value."""
        class_id = self.enclosing_class(file, ref.scope, via_receiver=None)
        if class_id is None:
            return []
        rules, bases = file.rules, self.bases
        for ancestor in self.mro(class_id):
            for base in bases.get(ancestor, ()):
                if isinstance(base, External) and not rules.outside_class(base):
                    return self._members_named(file, ref.kind, member, source)
        members = self.members
        return [m for follower in self.followers(class_id) for m in members.get(follower, {}).get(member, ())]

    def _members_named(self, file: FileIndex, kind: EdgeKind, member: str, source: str) -> list[str]:
        """The members named ``member`` but ``source``, as the file's rules prefer them for ``kind``.
        Asked for every use of a member of an unknown value (thousands of times for a common name,
        each a pass over every member so named): answered once per name, but where ``source`` is one
        of them (its removal can change what the rules prefer)."""
        rules = file.rules  # (one per language: so is the memo's answer, as ``same_runtime`` makes it)
        key = (rules, kind, member)
        found = self._member_memo.get(key)
        if found is None:
            named = self.same_runtime(file, self.members_by_name.get(member, []))
            found = self._member_memo[key] = (
                frozenset(named), rules.prefer_targets(self, kind, named) if len(named) > 1 else list(named))
        if source not in found[0]:
            return found[1]
        candidates = [c for c in self.same_runtime(file, self.members_by_name.get(member, [])) if c != source]
        return rules.prefer_targets(self, kind, candidates) if len(candidates) > 1 else candidates

    def same_runtime(self, file: FileIndex, members: list[str]) -> list[str]:
        """``members`` but those written in a language whose code ``file``'s cannot call: Java's can call
        Kotlin's, not Python's (``LanguageSpec.runtime``). A project of one runtime has none to leave out."""
        runtimes = self._runtimes
        if runtimes is None:
            runtimes = self._runtimes = _runtimes_of({f.extraction.language for f in self.files.values()})
        if not runtimes:
            return members
        own, files, symbols = runtimes[file.extraction.language], self.files, self.symbols
        return [m for m in members if runtimes[files[symbols[m].path].extraction.language] == own]

    def _ordered(self, ids: list[str]) -> tuple[str, ...]:
        """Candidates in the order of the run's symbols. The same lists come back for every use of a
        name (a member of an unknown value: the same candidates each time), so each is sorted once."""
        key = tuple(ids)
        found = self._ordered_memo.get(key)
        if found is None:
            found = self._ordered_memo[key] = tuple(sorted(set(ids), key=lambda i: (self._order.get(i, 1 << 30), i)))
        return found

    def project_roots(self) -> list[str]:
        """The directories (at or above a source file) holding a manifest, longest first.

        Each is a project that owns the files under it (``Graph.projects`` has the same roots,
        read by the manifest scan). Without a source directory on disk there are none.
        """
        if self._project_roots is None:
            roots: list[str] = []
            if self._source_root is not None:
                for directory in ancestor_directories(self.files):
                    try:
                        names = os.listdir(self._source_root / directory)
                    except OSError:
                        continue
                    if any(is_manifest(name) for name in names):
                        roots.append(directory)
            self._project_roots = sorted(roots, key=lambda d: (-len(d), d))
        return self._project_roots

    def project_of(self, path: str) -> str | None:
        """The root of the innermost project holding ``path`` (None: none does)."""
        if path not in self._project_memo:
            self._project_memo[path] = next(
                (root for root in self.project_roots() if not root or path.startswith(root + "/")), None
            )
        return self._project_memo[path]

    def reachable_projects(self, project: str | None) -> frozenset[str | None]:
        """``project`` and every project its files import from, directly or through others.

        A value of unknown type met in a project can only be an instance of a class from one of
        these (or from outside the workspace): a sibling package it does not depend on cannot
        hand it one.
        """
        if self._project_reach is None:
            depends: dict[str | None, set[str | None]] = defaultdict(set)
            for relation in self.relations.values():
                if relation.kind is EdgeKind.IMPORTS and relation.resolution is Resolution.RESOLVED:
                    source = self.project_of(relation.source.partition("::")[0])
                    target = self.symbols.get(relation.target)
                    if target is not None:
                        depends[source].add(self.project_of(target.path))
            reach: dict[str | None, frozenset[str | None]] = {}
            for start in sorted({*depends, *self.project_roots(), None}, key=lambda p: (p is None, p or "")):
                seen: set[str | None] = {start}
                frontier = [start]
                while frontier:
                    current = frontier.pop()
                    for following in depends.get(current, ()):
                        if following not in seen:
                            seen.add(following)
                            frontier.append(following)
                reach[start] = frozenset(seen)
            self._project_reach = reach
        return self._project_reach.get(project, frozenset({project}))


def _prefer_primary(targets: list[str], symbols: dict[str, Symbol]) -> list[str]:
    """A setter is reached by assignment, not by a call or a read: drop it when a getter is there."""
    primary = [t for t in targets if symbols[t].kind is not SymbolKind.SETTER]
    return primary or targets


__all__ = ["Emit"]
