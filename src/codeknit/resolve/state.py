"""What the resolver's concerns share: its data, and the operations one concern asks of another.

The resolver is one object made of five concerns, a module each, over this shared state:

* ``imports.py``: where an import points, what a name it binds denotes, a module's members
  (re-exports, star imports), the ``imports`` relations;
* ``scopes.py``: a bare name through the scope chain, ``self``/``this``/``super``, the enclosing
  class, a whole dotted reference (``resolve_text``);
* ``members.py``: the class hierarchy (C3), members through it, constructors, ``overrides``;
* ``types.py``: receiver types: a type text's values, a symbol's declared type, call results;
* ``emit.py``: relations and their resolution state (resolved, ambiguous, unresolved), and the
  sub-projects that bound guesses.

``resolver.py`` indexes the files, holds the run (the order of the passes, incremental updates)
and composes the concerns into :class:`~codeknit.resolve.resolver.Resolver`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from codeknit.graph.model import Category, EdgeKind, Relation, Resolution, Role, Span, Symbol, SymbolKind
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.resolve.api import Entity, FileIndex, LanguageRules, ModuleIndex, RelationKey, ShapeMember
from codeknit.resolve.local_index import FileLocals
from codeknit.resolve.overloads import OverloadTypes

#: a relation's target, resolution, candidates and package, or None: no relation (``Emit.outcome``)
Outcome = tuple[str, Resolution, tuple[str, ...], str | None] | None
#: the texts of a file that mean the same in every scope: their entities, their relation's target, and whether
#: that holds for every source (``Scopes.scope_free_texts``, ``Resolver._shared_answer``)
SharedAnswers = dict[tuple[object, ...], tuple[list[Entity], Outcome, bool]]

#: what a type parameter of an ancestor stands for in a type (``Members.ancestor_arguments``): a type text with
#: the path and scope it is read in, the type's own type parameter by position, or None (not known)
TypeArgument = tuple[str, int, str] | int | None
#: kinds that are members of a type (found through the hierarchy)
MEMBER_KINDS = frozenset(
    {SymbolKind.METHOD, SymbolKind.GETTER, SymbolKind.SETTER, SymbolKind.PROPERTY, SymbolKind.FIELD,
     SymbolKind.CONSTANT, SymbolKind.ENUM_MEMBER, SymbolKind.CONSTRUCTOR}
)
#: the span of a reference the resolver makes up to look a name up
NO_SPAN: Span = (0, 0, 0, 0)
#: each kind's category, as a table: ``kind.category`` is a property (measured ~0.2 µs against ~0.02 µs
#: for this table), and in Python 3.11 reading an enum member off its class (``Category.TYPE``) costs
#: ~0.1 µs more than a module constant; the lookups that run per use read this table and constants
CATEGORY_OF: dict[SymbolKind, Category] = {kind: kind.category for kind in SymbolKind}
#: "no cycle cut": the ``_lowest_cut`` of a lookup that reached back to no open frame (see ``Imports._leave``)
NO_CUT = 1 << 62

#: what a lookup fills in as it goes, by attribute, with what it starts as: memos, and the guards of the
#: computations under way (a cycle guard in ``_mro``, open ``_frames``, ``_typing``). A view of the resolver
#: for another thread (:meth:`ResolverState.for_thread`) starts these anew and shares the rest, which
#: indexing and the class hierarchy made before the pass and nothing changes after.
WORKING_STATE: dict[str, Callable[[], Any]] = {
    "_mro": dict, "_ancestor_arguments": dict, "_followers": lambda: None, "_assigned_memo": dict,
    "_class_member_memo": dict, "_discriminated_memo": dict,
    "_callable_lines_memo": dict, "_module_member_memo": dict, "_module_scope_memo": dict,
    "_binding_memo": dict, "_shared_memo": dict, "_member_memo": dict, "_prefer_memo": dict,
    "_ordered_memo": dict, "_shaped_refs": dict, "_shared_order": dict, "_shared_groups": dict,
    "_shared_index_of": dict, "_type_memo": dict, "_typing": set, "_receivers": dict, "_frames": dict,
    "_lowest_cut": lambda: NO_CUT, "_project_memo": dict, "_project_reach": lambda: None, "_reach_memo": dict,
    "_value_names": lambda: None, "_type_names": lambda: None, "_bound_names": lambda: None,
    "_runtimes": lambda: None, "_regions_memo": lambda: None, "_narrowed_memo": lambda: None,
    "_local_names": dict, "_lookup_memo": dict, "_members_of_memo": dict,
    "_keep_lookups": lambda: False, "_twice_heads": lambda: (None, frozenset(), {}),
    "_loaded_submodules": lambda: None, "_dotted_imports": dict, "_overloads": lambda: None,
}
#: the rest of a resolver's attributes, which a view shares: what indexing and the class hierarchy made
#: (read only from then on), the run's settings, and the pass's output (``relations``, the locals), which
#: only the resolver's own thread writes. Every attribute is in one of the two (``tests/resolution``).
SHARED_STATE = frozenset({
    "extractions", "modules", "files", "symbols", "members", "members_by_name", "bases", "superclasses",
    "base_arguments",
    "scope_members", "_rules", "_order", "_typed_index", "_arity_of", "_labels_of", "_types_by_qualname",
    "_pending_owners",
    "_project_roots", "_source_root", "carried_answers", "carried_previous", "carried_rules", "consume",
    "relations", "_span_sets", "_contains", "locals_by_file", "_spare_locals",
})


class ResolverState:
    """The resolver's data (set by ``Resolver.__init__``) and, for type checking, the operations
    each concern provides to the others."""

    extractions: list[Extraction]
    modules: ModuleIndex
    files: dict[str, FileIndex]
    symbols: dict[str, Symbol]
    members: dict[str, dict[str, list[str]]]  # type id → member name → ids
    members_by_name: dict[str, list[str]]
    bases: dict[str, list[Entity]]  # inherited and implemented types, for member lookup
    superclasses: dict[str, list[Entity]]  # inherited only: what ``super`` means
    #: type id → base id → (path, scope, end of the base's name) of its bases written with type arguments
    base_arguments: dict[str, dict[str, tuple[str, int, tuple[int, int]]]]
    #: type id → ancestor id → what the ancestor's type parameters stand for (``Members.ancestor_arguments``)
    _ancestor_arguments: dict[str, dict[str, tuple[TypeArgument, ...]]]
    #: a namespace or inline module (a module symbol that is not a file's) → its children by name
    scope_members: dict[str, dict[str, list[str]]]
    #: every relation but ``contains``, by its key (rules may look relations up, change or drop them)
    relations: dict[RelationKey, Relation]
    #: during a pass, the spans of relations that have many, as sets (see ``add_relation``)
    _span_sets: dict[RelationKey, set[Span]]
    #: symbol id → its position in the run, for the order of candidates
    _order: dict[str, int]
    #: candidates as found → as ordered (``Emit._ordered``; made anew with ``_order``)
    _ordered_memo: dict[tuple[str, ...], tuple[str, ...]]
    _rules: dict[str, LanguageRules]
    _mro: dict[str, list[str]]
    #: class → the project classes that may follow it in an instance's MRO (``Members.followers``)
    _followers: dict[str, list[str]] | None
    _assigned_memo: dict[str, bool]
    #: (class id, member name, skip_self) → ``Members.class_member``'s answer (made anew with ``_mro``)
    _class_member_memo: dict[tuple[str, str, bool], list[Entity]]
    #: (declared entities, a discriminant's test) → the entities it keeps (``Scopes._discriminated``)
    _discriminated_memo: dict[tuple[tuple[Entity, ...], str], list[Entity]]
    _callable_lines_memo: dict[str, list[tuple[int, int]]]  # class id → its callables' first and last lines
    _module_member_memo: dict[tuple[str, str], list[Entity]]
    #: (path, name) → ``Scopes.lookup_module_scope``'s answer (dropped with ``_module_member_memo``)
    _module_scope_memo: dict[tuple[str, str], list[Entity]]
    _binding_memo: dict[tuple[str, int, str], list[Entity]]
    #: (a package's ``__init__``, a name) → the submodule an import statement sets it to (``Imports.loaded_submodules``)
    _loaded_submodules: dict[tuple[str, str], str] | None
    #: per file, the dotted names its ``import a.b.c`` statements import, by head (``Imports.imported_submodules``)
    _dotted_imports: dict[str, dict[str, frozenset[str]]]
    _shared_memo: dict[tuple[str, str, bool], list[Entity]]
    #: (rules, kind, member name) → (every member of that name, those the rules prefer): see ``Emit``
    _member_memo: dict[tuple[object, EdgeKind, str], tuple[frozenset[str], list[str]]]
    #: (rules, kind, definitions) → those the rules prefer (``Emit.outcome``; made anew with ``_member_memo``)
    _prefer_memo: dict[tuple[object, EdgeKind, Role | None, tuple[str, ...]], list[str]]
    _shared_order: dict[str, dict[str, int]]  # file → its shared scope's order
    _shared_groups: dict[frozenset[str], dict[str, list[str]]]  # files → name → files
    _shared_index_of: dict[str, dict[str, list[str]]]
    #: symbol id → its index in its file's extraction, for symbols with a ``declared_type``
    _typed_index: dict[str, int]
    #: symbol id → the arguments a call of it accepts, for callables whose language records it (``RawSymbol.arity``)
    _arity_of: dict[str, tuple[int, int]]
    #: symbol id → its parameters' labels, for callables whose language records them (``RawSymbol.labels``)
    _labels_of: dict[str, tuple[str, ...]]
    #: the argument types' answers (``resolve/overloads.py``), made when a call first weighs them
    _overloads: OverloadTypes | None
    _type_memo: dict[tuple[str, int, str], list[Entity]]
    _typing: set[tuple[str, int, str]]  # type texts being resolved (cycle guard)
    #: ``lookup``'s answers by (path, scope, name, outside_locals), and ``made_up_text``'s (None for the last)
    _lookup_memo: dict[tuple[str, int, str, bool | None], list[Entity]]
    _members_of_memo: dict[tuple[object, ...], list[Entity]]
    _keep_lookups: bool
    #: language → its runtime where the project's languages run on several, else {} (``Emit.same_runtime``)
    _runtimes: dict[str, str] | None
    #: path → the receiver names its callables declare (``Scopes._is_receiver``)
    _receivers: dict[str, frozenset[str]]
    #: the extraction whose pass runs, the names a scope inside it binds, and the entities of its texts
    #: that mean the same in every scope (``Scopes.scope_free_texts``)
    _bound_names: tuple[Extraction, frozenset[str] | None, SharedAnswers,
                        dict[str, int]] | None
    #: an extraction, and the regions of its block-scoped definitions by name (``Scopes.block_regions``)
    _regions_memo: tuple[Extraction, dict[str, list[Span]]] | None
    #: an extraction, and the names and member chains a test in it narrows (``Scopes.narrows_a_head``)
    _narrowed_memo: tuple[Extraction, frozenset[str]] | None
    #: memo keys being computed, by nesting depth, and the shallowest one a cycle reached back to
    _frames: dict[tuple[object, ...], int]
    _lowest_cut: int
    _source_root: Path | None
    _project_roots: list[str] | None  # sub-roots holding a manifest, longest first
    _project_memo: dict[str, str | None]
    _project_reach: dict[str | None, frozenset[str | None]] | None
    #: (project, candidates) → the candidates that project reaches (``Emit.within_reach``)
    _reach_memo: dict[tuple[str | None, tuple[str, ...]], list[str]]
    #: path → the file's locals and their uses, as this run resolved them (see ``locals.py``)
    locals_by_file: dict[str, FileLocals]
    #: during a run: locals made before their file's pass and set aside by it (``Locals.start_pass``)
    _spare_locals: dict[str, FileLocals]
    #: path → the names of its locals, for a file whose locals are not made yet (``Locals.locals_naming``)
    _local_names: dict[str, frozenset[str]]
    #: the extractions serve nothing after this run: what has been read of them may go (``Resolver._consumed``)
    consume: bool

    def for_thread(self) -> Self:
        """A view of this resolver that another thread may look things up in while this one goes on (the
        points-to solver's questions, asked from its own thread during the pass). Both share the files,
        symbols, members and hierarchy, which nothing changes after the hierarchy is known; each has its
        own :data:`WORKING_STATE`. A lookup leaves guards in it while it runs (``_mro[c] = [c]`` until
        the class's MRO is known, the frames of ``module_member``): seen from another thread, those gave
        answers that depended on where the pass was (a class without its ancestors)."""
        view = copy.copy(self)
        for name, start in WORKING_STATE.items():
            setattr(view, name, start())
        return view

    if TYPE_CHECKING:  # provided by the concern modules (so any concern is a ``Resolving`` to the rules)
        def lookup(self, file: FileIndex, scope: int, name: str, *, outside_locals: bool = False) -> list[Entity]: ...
        def file_locals(self, file: FileIndex) -> FileLocals: ...
        def locals_naming(self, file: FileIndex, name: str) -> FileLocals | None: ...
        def declares_locals(self, file: FileIndex) -> bool: ...
        def member(self, entity: Entity, name: str) -> list[Entity]: ...
        def mro(self, class_id: str) -> list[str]: ...
        def followers(self, class_id: str) -> list[str]: ...
        def external_may_define(self, class_id: str, name: str) -> bool: ...
        def shared_names(self, file: FileIndex) -> dict[str, list[str]]: ...
        def enclosing_class(self, file: FileIndex, scope: int, *, via_receiver: str | None) -> str | None: ...
        def relative_submodule(self, file: FileIndex, imp: RawImport, name: str) -> str | None: ...
        def emit(self, file: FileIndex, ref: RawRef, entities: list[Entity], *, source: str | None = None) -> None: ...
        def forget_module_members(self) -> None: ...
        def import_target(self, file: FileIndex, imp: RawImport) -> tuple[str | None, str]: ...
        def _binding(self, file: FileIndex, scope: int, name: str) -> list[Entity]: ...
        def module_member(self, path: str, name: str) -> list[Entity]: ...
        def loaded_submodules(self) -> dict[tuple[str, str], str]: ...
        def imported_submodules(self, file: FileIndex, head: str, current: list[Entity],
                                rest: list[str]) -> tuple[list[Entity], int]: ...
        def star_exports(self, path: str, name: str) -> bool: ...
        def lookup_module_scope(self, file: FileIndex, name: str) -> list[Entity]: ...
        def resolve_text(self, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]: ...
        def made_up_text(self, file: FileIndex, scope: int, text: str) -> list[Entity]: ...
        def _owner_type(self, symbol_id: str) -> str | None: ...
        def class_member(self, class_id: str, name: str, *, skip_self: bool = False) -> list[Entity]: ...
        def type_names(self) -> frozenset[str]: ...
        def _constructor(self, class_id: str, rules: LanguageRules) -> list[Entity]: ...
        def members_of(self, entities: list[Entity], part: str) -> list[Entity]: ...
        def instance_member(self, class_id: str, part: str) -> list[Entity]: ...
        def through_arguments(self, receivers: list[Entity], name: str, found: list[Entity], *,
                              call: bool) -> list[Entity]: ...
        def shape_member_values(self, member: ShapeMember) -> list[Entity]: ...
        def shape_member_type(self, member: ShapeMember) -> tuple[FileIndex, int, str] | None: ...
        def type_entities(self, file: FileIndex, scope: int, text: str) -> list[Entity]: ...
        def array_elements(self, file: FileIndex, scope: int, source: str) -> list[Entity] | None: ...
        def _context_elements(self, file: FileIndex, scope: int, context: str) -> list[Entity] | None: ...
        def value_type(self, symbol_id: str) -> list[Entity]: ...
        def call_results(self, entities: list[Entity]) -> list[Entity]: ...
        def local_call_result(self, file: FileIndex, scope: int, name: str) -> list[Entity] | None: ...
        def same_runtime(self, file: FileIndex, members: list[str]) -> list[str]: ...
        def accepting(self, targets: list[str], call: RawRef, file: FileIndex | None = None, *,
                  overloads: bool = True) -> list[str]: ...
        def add_relation(self, source: str, kind: EdgeKind, target: str, resolution: Resolution,
                         candidates: tuple[str, ...], text: str, span: Span | None,
                         package: str | None = None, role: Role | None = None) -> RelationKey | None: ...
        def add_site(self, key: RelationKey, relation: Relation, span: Span, role: Role | None) -> None: ...


__all__ = ["CATEGORY_OF", "MEMBER_KINDS", "NO_CUT", "NO_SPAN", "SHARED_STATE", "WORKING_STATE", "ResolverState",
           "TypeArgument"]
