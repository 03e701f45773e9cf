"""The resolver: turns per-file extractions into one :class:`Graph`.

It binds names the way the language does as far as syntax and scope allow:
same-file scopes (with locals shadowing globals), imports between project
files (relative, absolute, aliased, star, re-exports), ``self``/``this`` and
``super``, and members found through the class hierarchy. Where it cannot
decide it says so: a relation is ``unresolved`` (nothing in the project
matches, or the name comes from outside the project) or ``ambiguous`` (several
definitions remain; ``candidates`` lists them). It never picks one.

:class:`Resolver` is made of five concerns, a module each (``imports``, ``scopes``, ``members``,
``types``, ``emit``; see ``resolve/state.py``); this module indexes the files, runs the passes in
their order, and updates a finished run incrementally. Each language's rules are found through
the language registry (``codeknit.languages.<language>.rules``) and see the resolver through the
rule-facing API (``resolve/api.py``).
"""

from __future__ import annotations

import importlib
from array import array
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codeknit.graph.graph import Graph
from codeknit.graph.model import (
    NUMBER_TABLE,
    NUMBERS,
    Category,
    EdgeKind,
    FileError,
    FileRecord,
    Local,
    LocalKind,
    Relation,
    Resolution,
    Role,
    Span,
    Symbol,
    SymbolKind,
    shared_span,
    spans_of,
)
from codeknit.languages import registry
from codeknit.languages.records import (
    CALLED,
    HEAD_KNOWN,
    IMPLICIT_RECEIVER,
    READ,
    VALUE_FIELDS,
    Extraction,
    RawRef,
    RawSymbol,
    ValueUses,
    declarations_of,
    declares_any,
)
from codeknit.native import extension
from codeknit.resolve.api import (
    MAX_CANDIDATES,
    Entity,
    External,
    FileIndex,
    LanguageRules,
    ModuleIndex,
    RelationKey,
    Shape,
    ShapeMember,
    Sym,
    Unknown,
    local_binds,
    narrowing_at,
    narrowing_of,
)
from codeknit.resolve.emit import Emit
from codeknit.resolve.imports import Imports
from codeknit.resolve.local_index import FileLocals, add_use
from codeknit.resolve.locals import Locals
from codeknit.resolve.members import Members
from codeknit.resolve.overloads import OverloadTypes
from codeknit.resolve.scopes import Scopes, binding_scope, text_head
from codeknit.resolve.state import (
    CATEGORY_OF,
    MEMBER_KINDS,
    NO_CUT,
    NO_SPAN,
    Outcome,
    SharedAnswers,
    TypeArgument,
)
from codeknit.resolve.types import Types

#: the kinds of a class's members (a constant is a module's or a namespace's name too)
_CLASS_MEMBERS = MEMBER_KINDS - {SymbolKind.CONSTANT, SymbolKind.ENUM_MEMBER}
#: the references of a file read after its own pass (see ``Resolver._consumed``)
_READ_AFTER_THE_PASS = frozenset({EdgeKind.INHERITS, EdgeKind.IMPLEMENTS})
#: the relation a text's first use in a scope made (its key and itself: its other uses there are more sites of
#: it, see ``Emit.add_site``), or None: none
_Site = tuple[RelationKey, Relation] | None
# enum members read once (see ``CATEGORY_OF``): these are read per reference
_REFERENCES, _CALLS, _TYPE = EdgeKind.REFERENCES, EdgeKind.CALLS, Category.TYPE
_RESOLVED = Resolution.RESOLVED
_SHAPE_TYPES = (Shape, ShapeMember)  # (what ``Emit.outcome`` leaves out of a relation's entities)
_READ, _WRITE = Role.READ, Role.WRITE


#: the sites of every ``contains`` relation the resolver makes: none, so one empty array serves them all.
#: Nothing adds a site to one: they are kept out of the keyed relations that :meth:`Emit.add_site` extends (a
#: test checks that it is still empty after a run and an update). An array each was 2 MB of what effect's run
#: holds at the end of its pass (50,000 relations); the Go standard library has 280,000 symbols
NO_SITES = spans_of()


def rules_for(language: str, all_paths: set[str]) -> LanguageRules:
    """A new instance of ``language``'s rules (its folder's ``rules.py``: ``RULES``); the defaults
    when the language has none."""
    if registry.get(language) is None or not registry.has_module(language, "rules"):
        return LanguageRules()
    rules_class = importlib.import_module(registry.module_name(language, "rules")).RULES
    try:
        return rules_class(all_paths)  # type: ignore[no-any-return]
    except TypeError:
        return rules_class()  # type: ignore[no-any-return]


#: the compiled uses of locals (``Resolver._local_uses``), where the extension is built
_compiled: Any = extension("local_uses")


def local_uses_name() -> str:
    """Which loop records the value uses of locals (``Resolver._local_uses``): "compiled" or "python"."""
    return "python" if _compiled is None else "compiled"


#: the answers of ``members_of`` kept through the pass at most: past this many the memo starts again (they hold
#: for every file: the same member of the same module or type is asked in file after file, ``Effect.map`` in
#: effect's; on effect a whole pass's memo halves the members looked up, 51,000 to 27,000)
_MEMBERS_KEPT = 1 << 14
#: ``Resolver._text_memo``: a text whose references share their entities in every scope of the file
_PER_FILE = 2
#: the last number of a value use's memo key whose head is looked up around its class (``_bound_before``)
_OUTSIDE_CLASS = -(1 << 40)
#: a key not in a memo (``dict.get``'s default: a memo's values may be None)
_NOT_MET: _Site = ("", None)  # type: ignore[assignment]  # (one object, compared by identity)

class Resolver(Imports, Scopes, Members, Types, Emit, Locals):
    def __init__(self, extractions: list[Extraction], *, source_root: Path | None = None,
                 points_to: bool = True) -> None:
        #: rules of the run an incremental run (``run(only=…)``) starts from; see :class:`CarryOver`
        self.carried_rules: dict[str, LanguageRules] = {}
        #: or, from another process, what they answered (by language; see ``LanguageRules.answers``)
        self.carried_answers: dict[str, object] = {}
        #: changed files as they were when those were made (see :class:`CarryOver`)
        self.carried_previous: dict[str, Extraction] = {}
        self.extractions = sorted(extractions, key=lambda e: e.path)
        all_paths = {e.path for e in self.extractions}
        self.modules = ModuleIndex()
        self.modules.paths = all_paths
        self._rules: dict[str, LanguageRules] = {}
        self.files: dict[str, FileIndex] = {}
        self.symbols: dict[str, Symbol] = {}
        self.members: dict[str, dict[str, list[str]]] = {}  # type id → member name → ids
        self.members_by_name: dict[str, list[str]] = defaultdict(list)
        self.bases: dict[str, list[Entity]] = {}  # inherited and implemented types, for member lookup
        self.superclasses: dict[str, list[Entity]] = {}  # inherited only: what ``super`` means
        #: type id → its bases written with type arguments: base id → (path, scope and end of the base's name),
        #: where the file's ``Extraction.base_arguments`` has them (``Members.ancestor_arguments``)
        self.base_arguments: dict[str, dict[str, tuple[str, int, tuple[int, int]]]] = {}
        #: a namespace or inline module (a module symbol that is not a file's) → its children by name
        self.scope_members: dict[str, dict[str, list[str]]] = {}
        self._mro: dict[str, list[str]] = {}
        self._ancestor_arguments: dict[str, dict[str, tuple[TypeArgument, ...]]] = {}
        self._followers: dict[str, list[str]] | None = None  # (built when first asked)
        self._assigned_memo: dict[str, bool] = {}  # field id → declared only by ``self.x = …`` (members.py)
        self._class_member_memo: dict[tuple[str, str, bool], list[Entity]] = {}
        self._discriminated_memo: dict[tuple[tuple[Entity, ...], str], list[Entity]] = {}
        self._callable_lines_memo: dict[str, list[tuple[int, int]]] = {}
        self._module_member_memo: dict[tuple[str, str], list[Entity]] = {}
        self._module_scope_memo: dict[tuple[str, str], list[Entity]] = {}
        self._shared_memo: dict[tuple[str, str, bool], list[Entity]] = {}
        self._member_memo: dict[tuple[object, EdgeKind, str], tuple[frozenset[str], list[str]]] = {}
        self._prefer_memo: dict[tuple[object, EdgeKind, Role | None, tuple[str, ...]], list[str]] = {}
        #: a key of the file's memo of references (``_resolve_refs``) → the local whose use the reference is (a
        #: member of an anonymous object type), for the memo's other references of that key
        self._shaped_refs: dict[tuple[object, ...], Local] = {}
        #: the locals of the file last asked about (``_shadowed_head``), the names a scope and a scope inside it both
        #: declare, and per text of the file whether its head is one of those
        self._twice_heads: tuple[FileLocals | None, frozenset[str], dict[str, bool]] = (None, frozenset(), {})
        self._shared_order: dict[str, dict[str, int]] = {}  # file → its shared scope's order
        self._shared_groups: dict[frozenset[str], dict[str, list[str]]] = {}  # files → name → files
        self._shared_index_of: dict[str, dict[str, list[str]]] = {}
        self._types_by_qualname: dict[str, dict[str, list[str]]] = {}  # file → type qualname → ids
        self._binding_memo: dict[tuple[str, int, str], list[Entity]] = {}
        #: (a package's ``__init__``, a name) → the submodule an import statement of the project sets that
        #: attribute to (``Imports.loaded_submodules``), and per file ``import a.b.c``'s names by head
        self._loaded_submodules: dict[tuple[str, str], str] | None = None
        self._dotted_imports: dict[str, dict[str, frozenset[str]]] = {}
        #: symbol id → its index in its file's extraction, for symbols with a ``declared_type`` (only
        #: :meth:`value_type` reads it, and a symbol without one holds nothing it can tell)
        self._typed_index: dict[str, int] = {}
        #: symbol id → the fewest and most arguments a call of it passes, where its language records them
        self._arity_of: dict[str, tuple[int, int]] = {}
        #: symbol id → its parameters' labels, where its language records them
        self._labels_of: dict[str, tuple[str, ...]] = {}
        self._overloads: OverloadTypes | None = None  # (made when a call first weighs argument types)
        self._type_memo: dict[tuple[str, int, str], list[Entity]] = {}
        #: ``lookup``'s answers, kept through one file's pass, and ``members_of``'s, through the pass (see there)
        self._lookup_memo: dict[tuple[str, int, str, bool | None], list[Entity]] = {}
        self._members_of_memo: dict[tuple[object, ...], list[Entity]] = {}
        self._keep_lookups = False  # (set through the pass over the files' references and value uses)
        self._typing: set[tuple[str, int, str]] = set()  # type texts being resolved (cycle guard)
        self._receivers: dict[str, frozenset[str]] = {}  # path → its callables' receiver names
        self._bound_names: tuple[Extraction, frozenset[str] | None, SharedAnswers,
                                 dict[str, int]] | None = None  # (scope_free_texts)
        self._regions_memo: tuple[Extraction, dict[str, list[Span]]] | None = None  # (block_regions)
        self._narrowed_memo: tuple[Extraction, frozenset[str]] | None = None  # (narrows_a_head)
        #: memo keys being computed, by nesting depth, and the shallowest one a cycle reached back to:
        #: a result computed under such a cut is provisional and is not memoised (see _enter/_leave)
        self._frames: dict[tuple[object, ...], int] = {}
        self._lowest_cut = NO_CUT
        #: every relation but ``contains``, by its key (rules may look relations up, change or drop them)
        self.relations: dict[RelationKey, Relation] = {}
        #: during a pass, the spans of relations that have many, as sets (see ``add_relation``)
        self._span_sets: dict[RelationKey, set[Span]] = {}
        #: the ``contains`` relations: one per nested symbol, never merged or changed, so kept out of
        #: the keyed map (a key and a slot per symbol is a lot of memory on a large project)
        self._contains: list[Relation] = []
        self._pending_owners: list[tuple[str, int]] = []
        self._source_root = source_root
        self._project_roots: list[str] | None = None  # sub-roots holding a manifest, longest first
        self._project_memo: dict[str, str | None] = {}
        self._project_reach: dict[str | None, frozenset[str | None]] | None = None
        self._reach_memo: dict[tuple[str | None, tuple[str, ...]], list[str]] = {}
        self.locals_by_file = {}
        self._spare_locals: dict[str, FileLocals] = {}
        self._local_names: dict[str, frozenset[str]] = {}
        self._value_names: frozenset[str] | None = None
        self._type_names: frozenset[str] | None = None
        self._runtimes: dict[str, str] | None = None
        #: free each file's value uses (``Extraction.values``) once they are resolved: set for a run whose
        #: extractions serve nothing else afterwards (see ``build_graph``'s ``consume``)
        self.consume = False
        for extraction in self.extractions:
            if not extraction.symbols:
                continue  # nothing could be read; its error record is all there is
            rules = self._rules.get(extraction.language)
            if rules is None:
                rules = self._rules[extraction.language] = rules_for(extraction.language, all_paths)
                rules.source_root = source_root
                rules.points_to = points_to
            self._index_file(extraction, rules)
        self._attach_owners()

    def _index_file(self, extraction: Extraction, rules: LanguageRules) -> None:
        path = extraction.path
        ids: list[str] = []
        used: dict[str, int] = {}
        symbols = extraction.symbols
        for index, raw in enumerate(symbols):
            base = path if index == 0 else f"{path}::{_under_numbered(symbols, ids, path, raw)}"
            count = used.get(base, 0) + 1
            used[base] = count
            ids.append(base if count == 1 else f"{base}#{count}")
        index_ = FileIndex(extraction, rules, ids)
        self.files[path] = index_
        for key in rules.register(extraction):
            self.modules.add(key, path)
        for index, raw in enumerate(extraction.symbols):
            symbol_id = ids[index]
            parent = ids[raw.parent] if raw.parent >= 0 else None
            if raw.declared_type:
                self._typed_index[symbol_id] = index
            if raw.arity is not None:
                self._arity_of[symbol_id] = raw.arity
            if raw.labels is not None:
                self._labels_of[symbol_id] = raw.labels
            if raw.owner is not None:
                self._pending_owners.append((path, index))
            name, qualname, signature = _named(rules, extraction, index)
            self.symbols[symbol_id] = Symbol(
                id=symbol_id,
                name=name,
                qualname=qualname,
                kind=raw.kind,
                path=path,
                language=extraction.language,
                span=raw.span,
                name_span=raw.name_span,
                parent=parent,
                signature=signature,
                # shared with the extraction, not copied: nothing changes a symbol's properties in place
                # (rules that set one replace the dict: see the C rules' includes)
                properties=raw.properties,
                doc=raw.doc,
            )
            if index:
                parent_raw = extraction.symbols[raw.parent]
                parent_category = CATEGORY_OF[parent_raw.kind]
                if parent_category is not _TYPE and raw.kind in _CLASS_MEMBERS \
                        and not rules.members_outside_types_bind_names:
                    continue  # (a class expression's member, held by the scope around it: no name there)
                index_.children.setdefault(raw.parent, {}).setdefault(raw.name, []).append(index)
                if raw.parent > 0 and parent_category is Category.MODULE:
                    assert parent is not None
                    self.scope_members.setdefault(parent, {}).setdefault(raw.name, []).append(symbol_id)
                if parent_category is _TYPE:
                    assert parent is not None
                    self.members.setdefault(parent, {}).setdefault(raw.name, []).append(symbol_id)
                    if raw.kind in MEMBER_KINDS:
                        self.members_by_name[raw.name].append(symbol_id)
        for imp in extraction.imports:
            if imp.reexport:
                index_.reexports.append(imp)
                continue
            if imp.star:
                index_.stars.append(imp)
            elif imp.names:
                for imported, local in imp.names:
                    index_.bindings[(imp.scope, local)] = imp
                    index_.binding_names[(imp.scope, local)] = imported
            elif imp.alias:
                index_.bindings[(imp.scope, imp.alias)] = imp
            elif imp.module and rules.import_binds_head:
                head = imp.module.split(".")[0]
                index_.bindings.setdefault((imp.scope, head), imp)

    def _attach_owners(self) -> None:
        """Attach symbols written outside their type (Go methods, Rust impls, C++ ``A::f``) to it.

        The owner is looked up among the type symbols of the file, then of the
        files sharing its scope (a Go package). When it is not found, or found
        more than once, the symbol stays where it was written.
        """
        for path, index in self._pending_owners:
            file = self.files[path]
            raw = file.extraction.symbols[index]
            owner = raw.owner or ""
            found = self._find_type(file, owner)
            if not found and file.rules.owner_follows_imports:
                found = self._owner_through_imports(file, raw.parent, owner)
            if len(found) != 1:
                continue
            owner_id = found[0]
            symbol_id = file.ids[index]
            self.symbols[symbol_id].parent = owner_id
            self.members.setdefault(owner_id, {}).setdefault(raw.name, []).append(symbol_id)
            if raw.kind in MEMBER_KINDS:
                self.members_by_name[raw.name].append(symbol_id)

    def _ref_owner(self, file: FileIndex, ref: RawRef) -> str | None:
        """The type a reference with an ``owner`` is about, when exactly one project type matches."""
        owner = ref.owner or ""
        found = self._find_type(file, owner)
        if not found and file.rules.owner_follows_imports:
            found = self._owner_through_imports(file, ref.scope, owner)
        return found[0] if len(found) == 1 else None

    def _owner_through_imports(self, file: FileIndex, scope: int, dotted_name: str) -> list[str]:
        """Type symbols an owner name denotes as seen from ``scope``, through the file's imports."""
        ref = RawRef(scope, EdgeKind.REFERENCES, dotted_name, (0, 0, 0, 0))
        return [
            e.id for e in self.resolve_text(file, scope, ref)
            if isinstance(e, Sym) and self.symbols[e.id].kind.category is Category.TYPE
        ]

    def _find_type(self, file: FileIndex, dotted_name: str) -> list[str]:
        """Type symbols named by a (possibly qualified) name, in the file or its shared scope."""
        paths = [file.extraction.path, *file.rules.shared_scope(file.extraction.path, self.modules)]
        for path in paths:
            other = self.files.get(path)
            if other is None:
                continue
            types = self._types_by_qualname.get(path)
            if types is None:  # indexed once per file: a package's methods all look here
                types = self._types_by_qualname[path] = {}
                for index, raw in enumerate(other.extraction.symbols):
                    if raw.kind.category is Category.TYPE and raw.owner is None:
                        types.setdefault(raw.qualname, []).append(other.ids[index])
            found = types.get(dotted_name)
            if found:
                return list(found)
        return []

    def release(self) -> None:
        """Let go of the per-file indexes and the rules, once nothing will ask this resolver again.

        Rules point back at the resolver (Python's points-to analysis holds it), so without this
        the whole run is one reference cycle: millions of objects that only a full garbage collection
        could free, which took 2 s on Django. Released, they go as soon as the caller drops the
        resolver.
        """
        for rules in self._rules.values():
            rules.release()
        self._rules.clear()
        self.files.clear()
        for memo in (self._member_memo, self._prefer_memo):
            memo.clear()  # (keyed by rules)
        self._reach_memo.clear()

    def run(self, *, resolve: bool = True, only: Collection[str] | None = None) -> list[Relation]:
        """Every relation of the project; with ``only`` (file paths), just those whose source is in one
        of these files. The whole project is still indexed, so they come out as in a full run."""
        relations = self._run(resolve=resolve, only=None if only is None else frozenset(only))
        if only is None:
            return relations
        wanted = frozenset(only)
        return [r for r in relations if self.symbols[r.source].path in wanted]

    def _run(self, *, resolve: bool, only: frozenset[str] | None) -> list[Relation]:
        self._span_sets = {}
        self._order = {symbol_id: i for i, symbol_id in enumerate(self.symbols)}
        self._ordered_memo = {}
        # (with ``only``, just those ``run`` returns: the others come from the earlier run's relations)
        self._contains = [
            Relation(symbol.parent, symbol.id, EdgeKind.CONTAINS, Resolution.RESOLVED, (), "", NO_SITES, None)
            for symbol in self.symbols.values()
            if symbol.parent is not None and (only is None or self.symbols[symbol.parent].path in only)
        ]
        if not resolve:
            return [*self._contains, *self.relations.values()]
        for rules in self._rules.values():
            rules.prepare(self)
        if only is not None:
            for language, rules in self._rules.items():
                previous = self.carried_rules.get(language)
                if previous is not None:
                    rules.carry_over(previous, self)
                elif language in self.carried_answers:
                    rules.adopt_answers(self.carried_answers[language])
            for path, before in sorted(self.carried_previous.items()):
                file = self.files.get(path)
                if path in only and file is not None:
                    file.rules.moved(path, before, file.extraction)
        self._member_memo.clear()
        self._prefer_memo.clear()
        for memo in (self._shared_memo, self._shared_order, self._shared_groups, self._shared_index_of,
                     self._module_scope_memo):
            memo.clear()  # prepare may have changed what files define
        # imports first (module → module), then the class hierarchy, then everything else
        for file in self.files.values():
            self._resolve_imports(file)
        hierarchy = (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS)
        for file in self.files.values():
            for ref in file.extraction.refs:
                if ref.kind in hierarchy:
                    source = file.ids[ref.scope] if ref.owner is None else self._ref_owner(file, ref)
                    if source is None:
                        continue  # written for a type outside the project: no symbol to start from
                    entities = self.resolve_text(file, ref.scope, ref)
                    # a base we cannot see still counts: members may come from it; a variable holding a
                    # class stands for that class
                    found = [e if not isinstance(e, Unknown) else External(ref.text)
                             for e in self.classes_held(entities)]
                    found = found or [External(ref.text)]
                    self.bases.setdefault(source, []).extend(found)
                    if file.extraction.base_arguments and ref.span[2:] in file.extraction.base_arguments:
                        given = self.base_arguments.setdefault(source, {})
                        for base in found:
                            if type(base) is Sym:
                                given.setdefault(base.id, (file.extraction.path, ref.scope, ref.span[2:]))  # type: ignore[arg-type]
                    if ref.kind is EdgeKind.INHERITS:
                        self.superclasses.setdefault(source, []).extend(found)
                    self.emit(file, ref, entities, source=source)
        self._mro.clear()
        self._ancestor_arguments.clear()
        self._class_member_memo.clear()
        self._discriminated_memo.clear()
        self._followers = None
        self._assigned_memo.clear()
        self._callable_lines_memo.clear()
        self._module_member_memo.clear()
        self._module_scope_memo.clear()
        self._type_memo.clear()  # member lookups through types may see more now that bases are known
        # (Python's points-to solve starts here, on a thread of its own)
        background = [rules for rules in self._rules.values() if rules.begin(self)]
        try:
            self._keep_lookups = True
            self._pass(only, background)
        except BaseException:
            self._keep_lookups = False
            for rules in background:
                rules.release()  # (a solve still running is waited for: nothing is left running on its thread)
            raise
        self._span_sets = {}
        self._spare_locals = {}
        self._overloads = None  # (it holds the resolver: no cycle is left for the collector)
        return [*self._contains, *self.relations.values()]

    def _pass(self, only: frozenset[str] | None, background: list[LanguageRules]) -> None:
        """Every file's references but the hierarchy's, and its value uses; then the references that waited
        for what ``background`` (rules whose :meth:`~LanguageRules.begin` started work) computes meanwhile,
        then overrides and the rules' extra relations."""
        # the references that wait for such a result, with the scope each is looked up in
        waiting: list[tuple[FileIndex, RawRef, int]] = []
        for path, file in self.files.items():
            if only is not None and path not in only:
                continue
            self.start_pass(path)
            self._lookup_memo.clear()  # (its answers read the file's own scopes)
            if len(self._members_of_memo) > _MEMBERS_KEPT:
                self._members_of_memo.clear()
            self._bound_names = None  # (its texts' shared answers are made anew: each pass sees the project anew)
            try:
                self._resolve_refs(file, waiting)
                self.resolve_values(file)
            except Exception as exc:  # noqa: BLE001 - a defect met in one file must not lose the others
                _resolving_failed(file, exc)
            if declares_any(file.extraction) and path not in self.locals_by_file:
                # no token of the file asked for its locals (an interface's unused type parameter, in a
                # file of re-exports): they are declarations all the same
                self.file_locals(file)
            # the span sets of relations with many sites go with their file: a relation gets its sites from
            # its source's file, and one that gets more later makes its set again (on effect they held 3.9 MB
            # at the end of the pass, where a run's memory peaks)
            self._span_sets.clear()
            if self.consume:
                self._consumed(file)
            for rules in background:
                rules.pace(self)
        self._forget_lookups()
        # ``_declared_binding``'s answers: (path, scope, text) → the outcome; a method → whether it is reached alone
        declared: dict[Any, Any] = {}
        if waiting:  # (a failure of what they wait for is the run's: outside the per-file guard below)
            for rules in dict.fromkeys(file.rules for file, _ref, _scope in waiting):
                rules.settle(self)
        for file, ref, scope in waiting:  # (each relation's sites still come in the order of its references)
            try:
                found = self._resolve_at(file, ref, scope, None)
                if ref.kind is _CALLS and "." in ref.text:
                    self._declared_binding(file, ref, scope, found, declared)
            except Exception as exc:  # noqa: BLE001 - as above
                _resolving_failed(file, exc)
        del waiting
        self._keep_lookups = False  # (what follows may add to what the lookups read)
        self._forget_lookups()
        self._overrides()
        for path, file in self.files.items():
            if only is None or path in only or not file.rules.file_local_extras:
                file.rules.extra_relations(self, file)

    def _resolve_refs(self, file: FileIndex, waiting: list[tuple[FileIndex, RawRef, int]]) -> None:
        """A file's pass over its references but the hierarchy's (``resolve_ref`` with a memo), and those of
        the kind that waits for a whole-program result (:meth:`LanguageRules.later_kind`) into ``waiting``.

        Where the language decides a reference by its text (``LanguageRules.by_text``), a text whose head no
        local of the file declares means the same wherever in its scope it is written: resolved once per
        scope (as value uses are, see ``resolve_values``; on effect a third of the references). The memo's
        other references of a key are found here, before anything else is asked of them: a key is in the
        memo only where its first reference passed those tests, and they read nothing but the key's fields
        (``by_text`` the kind and role, ``_text_memo`` the text), so every later reference of it passes
        them too (on the Go standard library 178,000 of 595,000 references)."""
        memo: dict[tuple[object, ...], _Site] = {}
        self._shaped_refs.clear()  # (keyed by the memo's keys: this file's)
        shaped_refs = self._shaped_refs
        later = file.rules.later_kind(file)
        add_site, lookup_scope, resolve_at = self.add_site, self._lookup_scope, self._resolve_at
        # how each text may share answers, as ``_text_memo`` keeps it for the file: read here first
        by_text, text_levels, text_memo = file.rules.by_text, self._scope_free_state(file)[2], self._text_memo
        locals_: FileLocals | None = None
        # the names a scope and a scope inside it both declare: a chain with one for its head may be shadowed
        nested = self.nested_locals(file, self.file_locals(file)) if file.extraction.locals else frozenset()
        blocks = bool(self.block_regions(file))  # (definitions some block declares: only JavaScript's and TypeScript's)
        types_apart = file.rules.declaration_spaces
        told_types = file.extraction.argument_types  # (``Emit.accepting`` weighs them)
        for ref in file.extraction.refs:
            kind = ref.kind
            if kind is later:
                scope = lookup_scope(file, ref)
                if scope is not None:
                    waiting.append((file, ref, scope))
                continue
            if kind in _READ_AFTER_THE_PASS:  # (the hierarchy's: resolved before the pass)
                continue
            text = ref.text
            scope = ref.scope
            if ref.head_known and "." not in text and not text.endswith(")"):  # (``_lookup_scope``, written out)
                if locals_ is None:
                    locals_ = self.file_locals(file)  # (made when first asked, as there)
                local = locals_.at(text, ref.span)
                if local is not None and types_apart and not local_binds(file.rules, local, ref):
                    local = None  # (a type name: a parameter or variable of its name is no type)
                if local is not None:  # a use of a local
                    add_use(local, ref.span, ref.role)
                    if kind is _REFERENCES:
                        continue
                elif text in locals_.by_name:  # declared in a block the use is not in: the name outside
                    outer = self.undeclared_at(file, scope, text)
                    scope = scope if outer is None else outer
            elif nested and ref.head_known and "." in text:
                if locals_ is None:
                    locals_ = self.file_locals(file)
                shadowed = self._shadowed_head(file, scope, text, ref.span, locals_)
                if shadowed is not None:  # (looked up from another scope than its own: no shared answer)
                    resolve_at(file, ref, shadowed[0], None)
                    continue
            key: tuple[object, ...] = (scope, kind, text, ref.head_known, ref.constructs, ref.qualified, ref.owner,
                                       ref.role, ref.called, ref.tagged, ref.arguments, ref.labels)
            if told_types and ref.arguments > 0 and (told := told_types.get(ref.span)) is not None:
                key = (*key, told)  # (a call whose argument types are told: its overloads may differ)
            if blocks and ref.head_known and (blocked := self.block_key(file, text_head(text), ref.span)):
                key = (*key, *blocked)  # (a definition some block declares: one answer per block around the use)
            site = memo.get(key, _NOT_MET)
            if site is _NOT_MET:
                level: int | None = 0
                if by_text(ref):
                    level = text_levels.get(text)
                    if level is None:
                        level = text_memo(file, text)
                if level:
                    resolve_at(file, ref, scope, memo, key, level == _PER_FILE)
                else:
                    resolve_at(file, ref, scope, None)
            elif site is not None:  # (another site of the relation its first reference here made)
                add_site(site[0], site[1], ref.span, ref.role)
            elif (shaped := shaped_refs.get(key)) is not None:
                add_use(shaped, ref.span, ref.role)

    def _forget_lookups(self) -> None:
        """Drop the answers ``lookup`` and ``members_of`` kept (``lookup``'s at each file's pass: they read the
        file's own scopes; both wherever the resolver's other memos start again)."""
        self._lookup_memo.clear()
        self._members_of_memo.clear()

    def _consumed(self, file: FileIndex) -> None:
        """After a file's pass, in a run whose extractions serve nothing afterwards (``consume``): let go
        of what nothing reads again, so the relations and locals the next files make take its place
        (a run's memory peaks at the end of this stage). The value uses go, and the declarations once the
        file's locals are made from them (those stay: they are output; their look-ups go too, unless the
        rules may read them after the pass, see below); so do the references but
        those of inheritance, which superclass lookups and ``implements`` read later from any file,
        unless the file's rules read every reference after the run (:meth:`LanguageRules.answers`).
        The relations keep what they share with the references (texts, spans); the reference records
        themselves are most of what goes (on effect 15 MB, on the Go standard library 66 MB)."""
        extraction = file.extraction
        extraction.values = ValueUses()
        if declares_any(extraction) and extraction.path in self.locals_by_file:  # (made from them: they stay)
            extraction.declarations, extraction.packed_declarations = [], None
        rules = type(file.rules)
        if rules.answers is LanguageRules.answers:
            extraction.refs = [ref for ref in extraction.refs if ref.kind in _READ_AFTER_THE_PASS]
        # the locals' look-ups too, where no reference of the file waits for the pass's end (``later_kind``) and
        # its rules add no relations after it (``extra_relations``): nothing else reads a file's locals but its
        # own pass (the locals themselves stay: they are output)
        if rules.later_kind is LanguageRules.later_kind and rules.extra_relations is LanguageRules.extra_relations \
                and (found := self.locals_by_file.get(extraction.path)) is not None:
            found.shed()

    def resolve_ref(self, file: FileIndex, ref: RawRef) -> Outcome:
        """One reference's relation; a single name a local declares around it is a use of that local
        instead (a call of one still gets its relation: what the local holds may be known). (A run's pass
        resolves a file's references together: :meth:`_resolve_refs`.) Returns the relation's outcome."""
        scope = self._lookup_scope(file, ref)
        return None if scope is None else self._resolve_at(file, ref, scope, None)

    def _lookup_scope(self, file: FileIndex, ref: RawRef) -> int | None:
        """The first half of :meth:`resolve_ref`: a single name a local declares around ``ref`` is a use of
        that local (recorded here); None when that is all the reference is, else the scope to look its
        text up in (the one around the callable, for a name declared in a block the use is not in)."""
        text = ref.text
        scope = ref.scope
        if ref.head_known and "." not in text and not text.endswith(")"):
            locals_ = self.file_locals(file)
            local = locals_.at(text, ref.span)
            if local is not None and not local_binds(file.rules, local, ref):
                local = None  # (a type name: a parameter or variable of its name is no type)
            if local is not None:
                add_use(local, ref.span, ref.role)
                if ref.kind is _REFERENCES:
                    return None
            elif text in locals_.by_name:  # declared in a block the use is not in: the name outside
                outer = self.undeclared_at(file, scope, text)
                scope = scope if outer is None else outer
        elif ref.head_known and "." in text and file.extraction.locals:
            locals_ = self.file_locals(file)
            if self.nested_locals(file, locals_):
                shadowed = self._shadowed_head(file, scope, text, ref.span, locals_)
                if shadowed is not None:
                    scope = shadowed[0]
        return scope

    def _shadowed_head(self, file: FileIndex, scope: int, text: str, span: Span,
                       locals_: FileLocals) -> tuple[int, Local] | None:
        """For a member chain whose head names a local declared in effect at ``span``, where another local of
        that name is declared in a block the use is not in (``(item) => item.done`` in a callback beside the use
        of an outer ``item``): the scope that declares the local in effect, to look the chain up from, and that
        local; None where the lookup from ``scope`` finds the name where the local in effect is declared (most
        chains: only a name that a scope and a scope inside it both declare can be shadowed so)."""
        nested = self.nested_locals(file, locals_)
        twice = self._twice_heads[2].get(text)
        if twice is None:
            twice = self._twice_heads[2][text] = text_head(text) in nested
        if not twice:
            return None
        head = text_head(text)
        local = locals_.at(head, span)
        if local is None:
            return None
        ids = file.ids
        binding = binding_scope(file, scope, head)[1]
        if ids[binding] == local.scope:
            return None
        current = scope  # (the declaring scope is around the use: the first of the scopes up from it)
        while current > 0 and ids[current] != local.scope:
            current = file.extraction.symbols[current].parent
        return (current, local) if current > 0 and current != binding else None

    def nested_locals(self, file: FileIndex, locals_: FileLocals) -> frozenset[str]:
        """The local names of ``file`` that a scope and a scope inside it both declare (:meth:`_shadowed_head`)."""
        memo = self._twice_heads
        if memo[0] is not locals_:
            memo = self._twice_heads = (locals_, self._nested_locals(file), {})
        return memo[1]

    @staticmethod
    def _nested_locals(file: FileIndex) -> frozenset[str]:
        symbols = file.extraction.symbols
        scopes_of: dict[str, set[int]] = {}  # (``binding_scope`` reads both: a typed local and the others)
        for table in (file.extraction.locals, file.extraction.var_types):
            for scope, names in table.items():
                if scope > 0:
                    for name in names:
                        scopes_of.setdefault(name, set()).add(scope)
        nested: set[str] = set()
        for name, scopes in scopes_of.items():
            if len(scopes) < 2:
                continue
            for scope in scopes:
                current = symbols[scope].parent
                while current > 0 and current not in scopes:
                    current = symbols[current].parent
                if current > 0:
                    nested.add(name)
                    break
        return frozenset(nested)

    def _resolve_at(self, file: FileIndex, ref: RawRef, scope: int,
                    memo: dict[tuple[object, ...], _Site] | None, key: tuple[object, ...] = (),
                    per_file: bool = False) -> Outcome:
        """The second half of :meth:`resolve_ref`: the relation of ``ref``, its text looked up in ``scope``.
        With ``memo``, for a reference the rules decide by its text (see :meth:`_resolve_refs`): ``key`` is its
        key there, which is not in it yet, and ``per_file`` says its text means the same in every scope of
        the file (:meth:`_text_memo`). Returns the relation's outcome (``Emit.outcome``)."""
        text = ref.text
        source = file.ids[ref.scope]
        if memo is not None:
            if per_file:
                entities, found = self._shared_answer(file, scope, ref, source, key[1:])
            else:
                entities = self.resolve_text(file, scope, ref)
                found = self.outcome(file, ref, entities, source)
            if entities and type(entities[0]) is ShapeMember:  # (``shape_use``'s question, asked first)
                shaped = self.shape_use(file, entities, ref.span, ref.role)
                if shaped is not None:
                    self._shaped_refs[key] = shaped
            relation_key = None if found is None else self.add_relation(
                source, ref.kind, found[0], found[1], found[2], text, ref.span, found[3], ref.role)
            memo[key] = None if relation_key is None else (relation_key, self.relations[relation_key])
            return found
        entities = self.resolve_text(file, scope, ref)
        if entities and type(entities[0]) is ShapeMember:
            self.shape_use(file, entities, ref.span, ref.role)
        found = self.outcome(file, ref, entities, source)
        if found is not None:
            self.add_relation(source, ref.kind, found[0], found[1], found[2], text, ref.span, found[3], ref.role)
        return found

    def _declared_binding(self, file: FileIndex, ref: RawRef, scope: int, found: Outcome,
                          memo: dict[Any, Any]) -> None:
        """A method call whose callees a whole-program analysis decided (``LanguageRules.later_kind``: Python's
        points-to dispatch, which may name a subclass's override, or several) names at its token what its text
        binds to as written: the method the receiver's declared type has, found through its class hierarchy, as
        a type checker reads it (``self.step()`` in ``Base`` is ``Base.step``, ``p.info()`` with ``p: Param``
        is ``Param.info``, whichever override runs). Where that is one method and the call's answer is not that
        method alone, the token is also a read of it: a ``references`` relation, so that find-references,
        fan-in and dead code see the use, while the call relation keeps what the analysis says runs. Also for a
        name that only one definition in the project has: where a value from outside the project may reach the
        receiver (a function a compiled module replaces made it), the call stays open among that one and the
        unknown, and the declared type still names the method."""
        text = ref.text
        if found is not None and found[1] is _RESOLVED:
            alone = memo.get(found[0], _NOT_MET)
            if alone is _NOT_MET:
                alone = memo[found[0]] = self._reached_alone(found[0])
            if alone:
                return  # (no other method of its name is in reach: the declared type can only have this one, or none)
        key = (file.extraction.path, scope, text)
        if key in memo:
            static = memo[key]
        else:
            read = RawRef(ref.scope, _REFERENCES, text, ref.span, ref.head_known, role=_READ)
            entities = self.resolve_text(file, scope, read)
            # (a value the resolver cannot see, or a name from outside, among them: their relation is no resolved
            # one, so none is made; its outcome is not asked for (on Django most of these texts are members of a
            # parameter, whose outcome looks up every member so named))
            static = self.outcome(file, read, entities, file.ids[ref.scope]) if entities and all(
                type(entity) is Sym or type(entity) in _SHAPE_TYPES for entity in entities) else None
            if static is not None and (static[1] is not _RESOLVED
                                       or CATEGORY_OF[self.symbols[static[0]].kind] is not Category.CALLABLE):
                static = None  # (a field holding what is called is a value use already: ``resolve_values``)
            memo[key] = static
        if static is None or (found is not None and found[1] is _RESOLVED and found[0] == static[0]):
            return
        self.add_relation(file.ids[ref.scope], _REFERENCES, static[0], _RESOLVED, (), text, ref.span, static[3],
                          _READ)

    def _shared_answer(self, file: FileIndex, scope: int, ref: RawRef, source: str,
                       shared_key: tuple[object, ...]) -> tuple[list[Entity], Outcome]:
        """What ``ref``'s text denotes and the relation it makes from ``source`` (``Emit.outcome``), for a text
        that means the same in every scope of the file (``Scopes.scope_free_texts``): its entities are looked
        up once, and so is the relation's target where it cannot depend on the source: an outcome reads its
        source only for a member of a value the resolver cannot see, which is never the source's own
        (``Emit._members_named``), so where the relation is resolved, or every entity is a definition or
        from outside the project, it holds in every scope (on the Go standard library a third of the
        answers found here are not resolved: mostly names from other packages)."""
        shared = self._scope_free_state(file)[1]
        known = shared.get(shared_key)
        if known is None:
            entities = self.resolve_text(file, scope, ref)
        else:
            entities, found, kept = known
            if kept:
                return entities, found
        found = self.outcome(file, ref, entities, source)
        kept = found is not None and found[1] is Resolution.RESOLVED
        if not kept:
            kept = all(type(entity) is Sym or type(entity) is External for entity in entities)
        shared[shared_key] = (entities, found, kept)
        return entities, found

    def _text_memo(self, file: FileIndex, text: str) -> int:
        """How the references of ``text`` in ``file``, where the rules decide them by text, may share an
        answer: not at all (0: a local has the name its text starts with), per scope (1), or per file
        (:data:`_PER_FILE`: see ``Scopes.scope_free_texts``). Asked once per text and file."""
        bound, shared, texts = self._scope_free_state(file)
        found = texts.get(text)
        if found is None:
            if not self._head_undeclared(file, text):
                found = 0
            elif bound is not None and not ("." in text and self.narrows_a_head(file, text)) \
                    and self.scope_free(bound, (), text):  # (no local's name: ``_head_undeclared``)
                found = _PER_FILE
            else:
                found = 1
            texts[text] = found
        return found

    def _head_undeclared(self, file: FileIndex, text: str) -> bool:
        """Does no local of the file have the name the text starts with? Then the shared lookup reads no
        position of a reference of it (``resolve_text`` asks the locals only for such a name)."""
        head = text.partition(".")[0]
        return self.locals_naming(file, head if head[-1:] not in (")", "]") else text_head(text)) is None

    def resolve_values(self, file: FileIndex) -> None:
        """The file's value uses (``Extraction.values``): each a use of a local, or a ``references``
        relation with its role. A text is resolved once per scope: every token of it shares the answer."""
        if file.rules.assigned_fields_inherit:
            self._inherited_writes(file)
        table = file.extraction.values
        rows = table.rows
        if not rows:
            return
        texts = table.texts
        locals_ = self.file_locals(file)
        at = locals_.at
        declared_names = locals_.by_name
        value_names = self.value_names()
        ids = file.ids
        symbols = file.extraction.symbols
        # per text, once (a file's texts are far fewer than its uses): is it a single name (not a
        # member chain, not a call's result), and does a variable, field or property anywhere have
        # its (last) name
        plain = [("." not in text and not text.endswith(")")) for text in texts]
        named = [text.rpartition(".")[2] in value_names for text in texts]
        # and is it a single name a local of the file declares (then a use may be the local's)
        is_declared = [is_plain and text in declared_names for text, is_plain in zip(texts, plain, strict=True)]
        # and is it a member chain whose head names two locals of the file or more (``_shadowed_head``)
        nested = self.nested_locals(file, locals_)
        twice_declared = [bool(nested) and "." in text and text_head(text) in nested for text in texts]
        # and does it mean the same in every scope of the file (then its entities are looked up once)
        bound, shared = self.scope_free_texts(file)
        scope_free, shared_answer, by_text = self.scope_free, self._shared_answer, file.rules.by_text
        # and do the rules decide a use by its text, by its role (``by_text`` reads a reference's kind and role
        # alone, see ``_resolve_refs``; a value use's kind is ``references``)
        by_role = {role: by_text(RawRef(0, _REFERENCES, "", NO_SPAN, role=role)) for role in (_READ, _WRITE)}
        free = [scope_free(bound, declared_names, text) for text in texts]
        # and is it a member chain from a receiver (``self.x``): then it means the same in every method of a class
        # (where the rules read a receiver as ``resolve_text`` does: the first parameter of a method)
        receivers = self.receivers_of(file) if bound is not None and file.rules.receiver_is_first_parameter \
            else frozenset()
        from_receiver = [bool(receivers) and "." in text and ".__class__" not in text
                         and text.partition(".")[0] in receivers for text in texts]
        # the scopes that are types: only in a class body can a use be inside its own definition
        type_scopes = frozenset(i for i, raw in enumerate(symbols) if i > 0 and CATEGORY_OF[raw.kind] is _TYPE)
        # where a class body's names are not visible in it (its comprehensions), where its code runs in order
        hidden = self._class_hidden(file, type_scopes) if type_scopes and file.rules.class_body_runs else None
        blocks = bool(self.block_regions(file))  # (as in ``_resolve_refs``)
        # (scope, text, flags) → the key and relation of the text's uses there, or None: no relation
        memo: dict[tuple[int, ...], _Site] = {}
        #: the keys of ``memo`` whose text names a member of an anonymous object type: the local it is a use of
        shaped_uses: dict[tuple[int, ...], Local] = {}
        local_types = file.extraction.local_types
        narrowed = file.extraction.narrowed
        # the scopes a test narrows a name in (``narrowing_of`` and ``narrowing_at`` find nothing in the others)
        narrowing_scopes = frozenset(i for i, raw in enumerate(symbols) if i > 0 and raw.span[:2] in narrowed) \
            if narrowed else frozenset()
        # (does a region of the file give names an implicit receiver: only then may a plain name's answer differ)
        implicit = bool(narrowed) and any(name == IMPLICIT_RECEIVER for regions in narrowed.values()
                                          for name, _region, _type in regions)
        references = _REFERENCES
        read, write = _READ, _WRITE
        add_relation, add_site, relations = self.add_relation, self.add_site, self.relations
        # the shared numbers of spans, for the spans a local keeps (a relation keeps its sites packed, as bytes)
        intern = NUMBERS
        # the uses of locals, compiled where the extension is built: what is left is the same loop's input
        compiled = _compiled is not None
        if compiled:
            rows = self._local_uses(rows, texts, locals_, plain, named, is_declared)
        fields = iter(rows)
        rows_of_eight = zip(*[fields] * VALUE_FIELDS, strict=True)
        for text_id, scope, role_code, flags, line, column, end_line, end_column in rows_of_eight:
            called = flags & CALLED
            head_known_name = flags & HEAD_KNOWN and plain[text_id]
            declared_here = head_known_name and is_declared[text_id]
            if called and not named[text_id] and not declared_here:
                continue  # a call's token that names no variable, field or property anywhere: the call says it
            span = (line, column, end_line, end_column)
            role = read if role_code == READ else write
            if head_known_name:
                text = texts[text_id]
                if declared_here:
                    local = None if compiled else at(text, span)  # (compiled: ``_local_uses`` found none)
                    if local is not None:
                        if not called:  # (the call's own reference records the use)
                            if line > 256 or column > 256 or end_column > 256:
                                # (one int object per number: each read of the array makes a new one)
                                line = intern(line, line)
                                end_line = line if end_line == line else intern(end_line, end_line)
                                span = (line, intern(column, column), end_line, intern(end_column, end_column))
                            add_use(local, span, role)
                        continue
                if called and not named[text_id]:
                    continue
                if declared_here:
                    # a name declared in a block the use is not in (or further on): the name outside
                    outer = self.undeclared_at(file, scope, text)
                    if outer is not None:
                        ref = RawRef(scope, references, text, span, True, role=role, called=bool(called))
                        found = self.outcome(file, ref, self.resolve_text(file, outer, ref), ids[scope])
                        if found is not None:
                            add_relation(ids[scope], references, found[0], found[1], found[2], text, span,
                                         found[3], role=role)
                        continue
                if scope in type_scopes:
                    earlier = self._inside_own_definition(file, scope, text, span) if hidden is None \
                        else self._bound_before(file, scope, text, span, hidden)
                    if earlier is not None:
                        # ``helper = staticmethod(helper)`` in a class body: the name is not bound there yet,
                        # or still bound by an earlier definition (``@size.setter`` over ``def size``)
                        ref = RawRef(scope, references, text, span, True, role=role)
                        self.emit(file, ref, [Sym(ids[i]) for i in earlier] if earlier
                                  else self.lookup(file, symbols[scope].parent, text))
                        continue
            else:
                text = texts[text_id]
            key: tuple[int, ...] = (scope, text_id, flags)
            looked_up = scope
            if local_types and "." in text:  # (a head typed by its own declaration: per declaration)
                head = text.partition(".")[0]
                declared = at(head if head[-1:] not in (")", "]") else text_head(text), span)
                if declared is not None and declared.span[:2] in local_types:
                    key = (scope, text_id, flags, *declared.span)
            if blocks and flags & HEAD_KNOWN and (blocked := self.block_key(file, text_head(text), span)):
                key = (*key, *blocked)  # (a definition some block declares: one answer per block around the use)
            if twice_declared[text_id] and flags & HEAD_KNOWN and (
                    shadowed := self._shadowed_head(file, scope, text, span, locals_)) is not None:
                looked_up = shadowed[0]  # (another local of the head's name is declared in a block beside: its own)
                key = (scope, text_id, flags, *shadowed[1].span)
            if hidden is not None and scope in type_scopes and flags & HEAD_KNOWN and "." in text and \
                    self._bound_before(file, scope, text_head(text), span, hidden) == []:
                # (a member chain whose head the class body does not bind here: from the scope around it)
                looked_up = symbols[scope].parent
                key = (*key, _OUTSIDE_CLASS)
            if flags & HEAD_KNOWN and scope in narrowing_scopes:  # (a head a test narrows: one key per region)
                found_narrowing = narrowing_of(file, scope, text, span) if "." in text else None
                region = found_narrowing[0] if found_narrowing is not None else None
                if region is None and implicit:  # (a name a lambda's receiver may have: Kotlin's ``with(x) { name }``)
                    receiver = narrowing_at(file, scope, IMPLICIT_RECEIVER, span)
                    region = receiver[0] if receiver is not None else None
                if region is not None:
                    key = (*key, -1 - region)
            site = memo.get(key, _NOT_MET)
            if site is not _NOT_MET:  # (the text's relation, made at its first use here: this use is another site)
                if site is not None:
                    add_site(site[0], site[1], span, role)
                elif key in shaped_uses:  # (a member of an anonymous object type: a use of its local)
                    add_use(shaped_uses[key], shared_span(span), role)
                continue
            # (no narrowing, no local's own type, an answer that reads no position: one answer per file, see
            # ``scope_free_texts``, or per class for a receiver's chain, see ``receiver_class``)
            shared_key: tuple[object, ...] | None = None
            if len(key) == 3 and (free[text_id] or from_receiver[text_id]) and by_role[role]:
                if free[text_id]:
                    shared_key = (text_id, flags, role_code)
                elif (klass := self.receiver_class(file, scope, text.partition(".")[0])) is not None:
                    shared_key = (text_id, flags, role_code, klass)
            if shared_key is not None and (known := shared.get(shared_key)) is not None and known[2]:
                entities, found = known[0], known[1]  # (an answer that holds in every scope: ``_shared_answer``)
            else:
                ref = RawRef(scope, references, text, span, bool(flags & HEAD_KNOWN), False, (), None, role,
                             bool(called))
                if shared_key is not None:
                    entities, found = shared_answer(file, scope, ref, ids[scope], shared_key)
                else:
                    entities = self.resolve_text(file, looked_up, ref)
                    found = self.outcome(file, ref, entities, ids[scope])
            if entities and type(entities[0]) is ShapeMember:
                shaped = self.shape_use(file, entities, shared_span(span), role)
                if shaped is not None:
                    shaped_uses[key] = shaped
            site = None
            if found is not None:
                relation_key = add_relation(ids[scope], references, found[0], found[1], found[2], text, span, found[3],
                                            role)
                if relation_key is not None:
                    site = (relation_key, relations[relation_key])
            memo[key] = site

    def _reached_alone(self, method_id: str) -> bool:
        """Does no class that may follow the method's class in an instance's MRO (an ancestor, a subclass's
        other base: ``Members.followers``) have a member of its name? Then a lookup from any class whose
        instances reach this method finds this one. True for what is no member of a class."""
        method = self.symbols.get(method_id)
        owner = None if method is None else method.parent
        if method is None or owner is None or owner not in self.members:
            return True
        members = self.members
        return not any(method.name in members.get(follower, ()) for follower in self.followers(owner))

    @staticmethod
    def _local_uses(rows: array[int], texts: list[str], locals_: FileLocals, plain: list[bool], named: list[bool],
                    is_declared: list[bool]) -> array[int]:
        """``resolve_values``' uses of locals, compiled (``rust/pyflow/src/locals.rs``): each use whose head is
        known and that names a local around it recorded on that local, as the loop records it (``add_use``),
        and no use at a call's token that names no value anywhere. Returns the other rows, in order."""
        by_name, bounds = locals_.by_name, locals_.bounds
        rest, groups = _compiled.local_uses(
            rows, bytes(plain), bytes(named), bytes(is_declared),
            [by_name[text] if declared else None for text, declared in zip(texts, is_declared, strict=True)],
            [bounds[text] if declared else None for text, declared in zip(texts, is_declared, strict=True)],
            NUMBER_TABLE, (_READ, _WRITE))
        for local, uses, roles in groups:
            if not local.uses:  # (its first uses: a list of its own, as ``add_use`` makes)
                local.uses = uses
                if roles is not None:
                    local.roles = roles
                continue
            for i in range(0, len(uses), 4):  # (after the uses its file's references recorded)
                add_use(local, (uses[i], uses[i + 1], uses[i + 2], uses[i + 3]),
                        _READ if roles is None else roles[i >> 2])
        left = array("i")
        left.frombytes(rest)
        return left

    def type_names(self) -> frozenset[str]:
        """The names of every class, interface, struct … in the project."""
        if self._type_names is None:
            self._type_names = frozenset(s.name for s in self.symbols.values() if s.kind.category is Category.TYPE)
        return self._type_names

    def value_names(self) -> frozenset[str]:
        """The names of every variable, field, constant and property in the project."""
        if self._value_names is None:
            self._value_names = frozenset(s.name for s in self.symbols.values() if s.kind.category is Category.VALUE)
        return self._value_names

    def _inherited_writes(self, file: FileIndex) -> None:
        """``self.cli = …`` in a method, declaring a field of its class, is a write of the attribute an
        ancestor declares where one does (:attr:`LanguageRules.assigned_fields_inherit`)."""
        ids = file.ids
        symbols = file.extraction.symbols
        for index, raw in enumerate(symbols):
            if raw.kind is not SymbolKind.FIELD or raw.parent <= 0:
                continue
            if not self._assigned_fields([ids[index]]):
                continue
            found = self.class_member(ids[raw.parent], raw.name, skip_self=True)
            declared = [e.id for e in found if isinstance(e, Sym)]
            if not declared or len(declared) != len(found) or self._assigned_fields(declared):
                continue
            chain = self.mro(ids[raw.parent])
            owner = self.symbols[declared[0]].parent
            if owner in chain and self.untyped_default(chain, chain.index(owner), raw.name):
                continue
            # the method whose assignment it is: a callable of the class around it
            source = next((ids[i] for i in range(index - 1, raw.parent, -1)
                           if symbols[i].parent == raw.parent and CATEGORY_OF[symbols[i].kind] is Category.CALLABLE
                           and symbols[i].span[0] <= raw.span[0] <= symbols[i].span[2]), ids[raw.parent])
            ref = RawRef(index, EdgeKind.REFERENCES, f"self.{raw.name}", raw.name_span, True, role=Role.WRITE)
            self.emit(file, ref, found, source=source)

    @staticmethod
    def _inside_own_definition(file: FileIndex, scope: int, name: str, span: Span) -> list[int] | None:
        """When a value use of ``name``, in a class body, is inside the statement defining that very name
        there: the definitions of the name there that end before it (what the name is bound to at the
        use), else None."""
        symbols = file.extraction.symbols
        if scope <= 0 or CATEGORY_OF[symbols[scope].kind] is not _TYPE:
            return None
        defining = file.children.get(scope, {}).get(name, ())
        if not any(symbols[i].span[:2] <= span[:2] and span[2:] <= symbols[i].span[2:] for i in defining):
            return None
        return [i for i in defining if symbols[i].span[2:] <= span[:2]]

    @staticmethod
    def _class_hidden(file: FileIndex, type_scopes: frozenset[int]) -> dict[int, list[tuple[Span, Span]]]:
        """Per class body, where its names are not visible although the use is attributed to it: its
        comprehensions, each as ``(region, first target)`` (the region a comprehension's variables are declared
        in, and the first of them: what comes before it, the comprehension's element, is in the comprehension's
        scope; after it, the first iterable is evaluated in the class body)."""
        symbols = file.extraction.symbols
        first: dict[tuple[int, Span], Span] = {}
        for raw in declarations_of(file.extraction):
            if raw.scope in type_scopes and raw.kind is LocalKind.VARIABLE and raw.region != symbols[raw.scope].span:
                key = (raw.scope, raw.region)
                if key not in first or raw.span < first[key]:
                    first[key] = raw.span
        out: dict[int, list[tuple[Span, Span]]] = {}
        for (scope, region), target in first.items():
            out.setdefault(scope, []).append((region, target))
        return out

    @staticmethod
    def _bound_before(file: FileIndex, scope: int, name: str, span: Span,
                      hidden: dict[int, list[tuple[Span, Span]]]) -> list[int] | None:
        """Where a class body runs in order (``LanguageRules.class_body_runs``): what a use of ``name`` in it
        is bound to, as :meth:`_inside_own_definition` answers, but also [] (the name around the class) where
        the body binds the name only further on, or the use is in a comprehension's scope; None where the
        class's definitions of the name before the use are what it reads (or it defines none)."""
        defining = file.children.get(scope, {}).get(name, ())
        if not defining:
            return None
        start = span[:2]
        for region, target in hidden.get(scope, ()):
            if region[:2] <= start < target[:2]:
                return []
        symbols = file.extraction.symbols
        if any(symbols[i].span[:2] <= start and span[2:] <= symbols[i].span[2:] for i in defining):
            return [i for i in defining if symbols[i].span[2:] <= start]
        if all(start < symbols[i].span[:2] for i in defining):
            return []
        return None

    def can_update(self, paths: Collection[str]) -> bool:
        """Can :meth:`update` take new versions of these files? Not when their language's extra
        relations reach beyond the file they are made for (C's include resolution): a run makes
        those for every file of the language. (Languages never reach into each other.)"""
        for path in paths:
            file = self.files.get(path)
            if file is None:
                return False
            rules = file.rules
            if not rules.file_local_extras and type(rules).extra_relations is not LanguageRules.extra_relations:
                return False
        return True

    def update(self, extractions: list[Extraction]) -> tuple[list[Symbol], list[Relation], list[Local]]:
        """Take new versions of files whose interface digest is unchanged, after :meth:`run`.

        Every symbol keeps its id, and nothing another file resolves to can have changed
        (:mod:`codeknit.resolve.interface`), so the indexes, memos of other files and whole-program
        results (the rules') stay as they are; only the files' own references are resolved again.
        Returns the files' new symbols, every relation whose source is one of them and their locals: with the
        earlier graph's other records, exactly what :meth:`run` on the new files would give
        (:func:`codeknit.graph.patch.replace_files` joins them). Check :meth:`can_update` first.
        """
        changed = {e.path: e for e in extractions}
        self._local_names = {}  # (the names of the changed files' locals may differ)
        self._callable_lines_memo.clear()  # (the spans of the new versions are read from here on)
        self._class_member_memo.clear()  # (and so are their fields' lines and signatures)
        self._discriminated_memo.clear()  # (which read those signatures: the literal types of discriminants)
        self._module_scope_memo.clear()  # (and their top-level names)
        self._prefer_memo.clear()
        self._forget_lookups()
        ids: set[str] = set()
        symbols: list[Symbol] = []
        for path, extraction in changed.items():
            file = self.files[path]
            if len(extraction.symbols) != len(file.ids):
                raise ValueError(f"{path}: its symbols changed; resolve the project again")
            file.rules.moved(path, file.extraction, extraction)
            file.extraction = extraction
            self._receivers.pop(path, None)
            for index, raw in enumerate(extraction.symbols):
                symbol_id = file.ids[index]
                old = self.symbols[symbol_id]
                # parent and properties as the run left them (owners attached, rules' marks);
                # the interface digest guarantees the rest of what resolution read is unchanged
                name, qualname, signature = _named(file.rules, extraction, index)
                symbol = self.symbols[symbol_id] = Symbol(
                    id=symbol_id, name=name, qualname=qualname, kind=raw.kind, path=path,
                    language=extraction.language, span=raw.span, name_span=raw.name_span, parent=old.parent,
                    signature=signature, properties=old.properties, doc=raw.doc,
                )
                symbols.append(symbol)
                ids.add(symbol_id)
        self.extractions = sorted([changed.get(e.path, e) for e in self.extractions], key=lambda e: e.path)
        self._span_sets = {}
        for relation_key in [k for k in self.relations if k[0] in ids]:
            del self.relations[relation_key]
        for memo in (self._binding_memo, self._type_memo):
            for memo_key in [k for k in memo if k[0] in changed]:
                del memo[memo_key]  # a file's own names are looked up through its locals, which may differ
        hierarchy = (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS)
        declared: dict[Any, Any] = {}  # (see ``_pass``)
        for path in sorted(changed):
            file = self.files[path]
            self.reset_locals(path)
            self._forget_lookups()
            self._bound_names = None
            self._resolve_imports(file)
            try:
                self._update_file(file, hierarchy, ids, declared)
            except Exception as exc:  # noqa: BLE001 - as in a run's pass (``_pass``)
                _resolving_failed(file, exc)
        self._overrides(members_of=ids)
        for path in sorted(changed):
            file = self.files[path]
            file.rules.extra_relations(self, file)
        self._span_sets = {}
        contains = [
            Relation(symbol.parent, symbol.id, EdgeKind.CONTAINS, Resolution.RESOLVED, (), "", NO_SITES, None)
            for symbol in self.symbols.values() if symbol.parent in ids
        ]
        relations = [*contains, *(r for key, r in self.relations.items() if key[0] in ids)]
        return symbols, relations, self.all_locals(frozenset(changed))

    def _update_file(self, file: FileIndex, hierarchy: tuple[EdgeKind, ...], ids: set[str],
                     declared: dict[Any, Any]) -> None:
        """:meth:`update`'s pass over one changed file: its references and value uses, as a run's pass makes them."""
        later = file.rules.later_kind(file)
        dispatched: list[tuple[RawRef, Outcome]] = []
        for ref in file.extraction.refs:
            if ref.kind in hierarchy:
                # the bases these add are interface, so already known; the relations are new.
                # One written here for a type elsewhere starts there, and is kept from the last run.
                # (one for a type in another file is also a use of the base here: see ``emit``)
                source = file.ids[ref.scope] if ref.owner is None else self._ref_owner(file, ref)
                if source in ids or (source is not None and ref.owner is not None):
                    self.emit(file, ref, self.resolve_text(file, ref.scope, ref), source=source)
            else:
                found = self.resolve_ref(file, ref)
                if ref.kind is later and ref.kind is _CALLS and "." in ref.text:
                    dispatched.append((ref, found))
        self.resolve_values(file)
        for ref, found in dispatched:  # (after the value uses, as in a run's pass: the same order of sites)
            self._declared_binding(file, ref, ref.scope, found, declared)


@dataclass(slots=True)
class CarryOver:
    """What a long-lived caller keeps from one resolving run for the next incremental one: the
    language rules, whose whole-program results :meth:`LanguageRules.carry_over` may adopt."""

    rules: dict[str, LanguageRules] = field(default_factory=dict)
    #: the resolver of that run, for :meth:`Resolver.update`
    resolver: Resolver | None = None
    #: keep ``rules`` and ``resolver`` (a long-lived caller); False: only the ``answers``, so the
    #: resolver goes as soon as the run is done (a one-shot run must not hold it through the rest)
    keep: bool = True
    #: what the rules answered, by language (:meth:`LanguageRules.answers`), for the persistent
    #: index; a run with no rules to carry over adopts these instead
    answers: dict[str, object] = field(default_factory=dict)
    #: for an incremental run: the changed files as they were when ``rules`` or ``answers`` were
    #: made (:meth:`LanguageRules.moved`)
    previous: dict[str, Extraction] = field(default_factory=dict)


def _resolving_failed(file: FileIndex, exc: Exception) -> None:
    """Record on the file's extraction (its ``[errors]`` entry) that resolving its references failed: an internal
    defect, met in this file; the run goes on with the others (and the file's relations made before it)."""
    message = f"internal error while resolving: {type(exc).__name__}: {exc}"
    if message not in file.extraction.errors:
        file.extraction.errors.append(message)


def build_graph(
    extractions: list[Extraction],
    *,
    root: str = "",
    resolve: bool = True,
    skipped: list | None = None,  # type: ignore[type-arg]
    source_root: Path | None = None,
    only: Collection[str] | None = None,
    carry: CarryOver | None = None,
    finalize: bool = True,
    points_to: bool = True,
    consume: bool = False,
) -> Graph:
    """Resolve extractions into a finished :class:`Graph` (``finalize=False``: the caller adds more
    and finalizes it once, see :meth:`Graph.finalize`).

    ``source_root`` is the scanned directory on disk, when there is one: rules may read
    project files there that are not source (Go's ``go.mod``).

    Incremental use: with ``only`` (file paths), references are resolved in those files alone, and
    the graph holds every symbol but only those files' relations; the caller takes every other
    file's records from an earlier run (:func:`codeknit.graph.patch.replace_files`). That is exact
    when the other files' relations cannot have changed, i.e. when the interface digests
    (:func:`codeknit.resolve.interface.interface_digest`) of the changed files are unchanged.
    ``carry`` passes the rules of that earlier run (and receives this run's), so a whole-program
    analysis whose inputs are all interface (Python's points-to solution) is not computed again.
    ``points_to=False`` leaves whole-program points-to analyses out (Python's): the name rules
    answer every call. ``consume``: the extractions serve nothing after this call (a one-shot run), so
    the resolver may free what it has used of them as it goes (each file's value uses).
    """
    resolver = Resolver(extractions, source_root=source_root, points_to=points_to)
    resolver.consume = consume and (carry is None or not carry.keep)
    if carry is not None and only is not None:
        resolver.carried_rules = carry.rules
        resolver.carried_answers = carry.answers
        resolver.carried_previous = carry.previous
    relations = resolver.run(resolve=resolve, only=only)
    if carry is not None:
        if carry.keep:
            carry.rules = dict(resolver._rules)
            carry.resolver = resolver
        made = {language: rules.answers(resolver) for language, rules in resolver._rules.items()} if resolve else {}
        carry.answers = {language: found for language, found in made.items() if found is not None}
        carry.previous = {}
    if carry is None or not carry.keep:
        resolver.release()
    graph = Graph(root=root)
    graph.files = [
        FileRecord(e.path, e.language, e.size, e.sha256) for e in resolver.extractions
    ]
    graph.symbols = list(resolver.symbols.values())
    graph.relations = relations
    graph.locals = resolver.all_locals(None if only is None else frozenset(only))
    graph.errors = [FileError(e.path, message) for e in resolver.extractions for message in e.errors]
    graph.skipped = list(skipped or [])
    return graph.finalize() if finalize else graph


def _named(rules: LanguageRules, extraction: Extraction, index: int) -> tuple[str, str, str]:
    """A symbol's name, qualified name and signature: the adapter's, but a module's name as the rules give it
    (``LanguageRules.module_name``: the adapter reads one file, the rules know the tree)."""
    raw = extraction.symbols[index]
    name, qualname, signature = raw.name, raw.qualname, raw.signature
    if index == 0 and (named := rules.module_name(extraction)) != name:
        qualname = named if qualname == name else qualname
        signature = named if signature == name else signature
        name = named
    return name, qualname, signature


def _under_numbered(symbols: list[RawSymbol], ids: list[str], path: str, raw: RawSymbol) -> str:
    """The qualified name a symbol's id is made of: its own, but inside a definition whose id is numbered
    (the second ``fmt`` of a type, ``Value.fmt#2``) with that number: a struct declared in that method is
    ``Value.fmt#2.Writer``, not ``Value.fmt.Writer`` (which reads as the first ``fmt``'s). The nearest such
    ancestor whose qualified name starts this one's decides (parents come before their children)."""
    qualname = raw.qualname
    parent = raw.parent
    while parent > 0:
        above = symbols[parent].qualname
        if qualname.startswith(above) and qualname[len(above):len(above) + 1] == ".":
            written = ids[parent][len(path) + 2:]
            return qualname if written == above else written + qualname[len(above):]
        parent = symbols[parent].parent
    return qualname


__all__ = ["MAX_CANDIDATES", "CarryOver", "Resolver", "build_graph", "local_uses_name", "rules_for"]

