"""The first resolver: turns per-file extractions into one :class:`Graph`.

It binds names the way the language does as far as syntax and scope allow:
same-file scopes (with locals shadowing globals), imports between project
files (relative, absolute, aliased, star, re-exports), ``self``/``this`` and
``super``, and members found through the class hierarchy. Where it cannot
decide it says so: a relation is ``unresolved`` (nothing in the project
matches, or the name comes from outside the project) or ``ambiguous`` (several
definitions remain; ``candidates`` lists them). It never picks one.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from codeknit.graph.graph import Graph
from codeknit.graph.model import (
    Category,
    EdgeKind,
    FileError,
    FileRecord,
    Relation,
    Resolution,
    Span,
    Symbol,
    SymbolKind,
)
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.resolve.api import ancestor_directories
from codeknit.resolve.rules import LanguageRules, ModuleIndex, rules_for
from codeknit.workspace.manifests import is_manifest

#: at most this many candidates make an ``ambiguous`` edge; more is noise, so ``unresolved``
MAX_CANDIDATES = 8

_MEMBER_KINDS = frozenset(
    {SymbolKind.METHOD, SymbolKind.GETTER, SymbolKind.SETTER, SymbolKind.PROPERTY, SymbolKind.FIELD,
     SymbolKind.CONSTANT, SymbolKind.ENUM_MEMBER, SymbolKind.CONSTRUCTOR}
)
_OVERRIDABLE = frozenset({SymbolKind.METHOD, SymbolKind.GETTER, SymbolKind.SETTER, SymbolKind.PROPERTY})


# -- what a name can denote ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sym:
    """A project symbol (modules included: a module's id is its path)."""

    id: str


@dataclass(frozen=True, slots=True)
class External:
    """Something from outside the project, by its canonical dotted name.

    ``package`` is the package an import names it from (``react`` for ``react.useState``); None when
    no import says where it comes from (a builtin type, a name missing from a project module).
    """

    name: str
    package: str | None = None


@dataclass(frozen=True, slots=True)
class Unknown:
    """A value the resolver cannot see into (a parameter, a local, a call result)."""


@dataclass(frozen=True, slots=True)
class Instance:
    """A value whose type is a project type (by id): its members are the type's, through the hierarchy."""

    type_id: str


Entity = Sym | External | Unknown | Instance
UNKNOWN = Unknown()
_NO_CUT = 1 << 62
#: the span of a reference the resolver makes up to look a type name up
_NO_SPAN: Span = (0, 0, 0, 0)
#: kinds whose ``declared_type`` is the type of the value they hold (callables: of what they return)
#: a type text with one of these is a compound type (union, array, literal), not a name
_NOT_IN_TYPE_NAMES = frozenset(" |&[]{}<>,;*?'\"()=")
_VALUE_KINDS = frozenset(
    {SymbolKind.VARIABLE, SymbolKind.CONSTANT, SymbolKind.FIELD, SymbolKind.PROPERTY, SymbolKind.GETTER}
)


@dataclass(slots=True)
class FileIndex:
    extraction: Extraction
    rules: LanguageRules
    ids: list[str]
    children: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    bindings: dict[tuple[int, str], RawImport] = field(default_factory=dict)
    binding_names: dict[tuple[int, str], str] = field(default_factory=dict)  # local → imported name
    stars: list[RawImport] = field(default_factory=list)
    reexports: list[RawImport] = field(default_factory=list)


class Resolver:
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
        #: a namespace or inline module (a module symbol that is not a file's) → its children by name
        self.scope_members: dict[str, dict[str, list[str]]] = {}
        self._mro: dict[str, list[str]] = {}
        self._module_member_memo: dict[tuple[str, str], list[Entity]] = {}
        self._shared_memo: dict[tuple[str, str], list[Entity]] = {}
        self._shared_order: dict[str, dict[str, int]] = {}  # file → its shared scope's order
        self._shared_groups: dict[frozenset[str], dict[str, list[str]]] = {}  # files → name → files
        self._shared_index_of: dict[str, dict[str, list[str]]] = {}
        self._types_by_qualname: dict[str, dict[str, list[str]]] = {}  # file → type qualname → ids
        self._binding_memo: dict[tuple[str, int, str], list[Entity]] = {}
        #: symbol id → its index in its file's extraction, for symbols with a ``declared_type`` (only
        #: :meth:`value_type` reads it, and a symbol without one holds nothing it can tell)
        self._typed_index: dict[str, int] = {}
        self._type_memo: dict[tuple[str, int, str], list[Entity]] = {}
        self._typing: set[tuple[str, int, str]] = set()  # type texts being resolved (cycle guard)
        #: memo keys being computed, by nesting depth, and the shallowest one a cycle reached back to:
        #: a result computed under such a cut is provisional and is not memoised (see _enter/_leave)
        self._frames: dict[tuple[object, ...], int] = {}
        self._lowest_cut = _NO_CUT
        #: every relation but ``contains``, by its key (rules may look relations up, change or drop them)
        self.relations: dict[tuple[str, EdgeKind, str, Resolution, tuple[str, ...]], Relation] = {}
        #: during a pass, the spans of relations that have many, as sets (see ``_add``)
        self._span_sets: dict[tuple[str, EdgeKind, str, Resolution, tuple[str, ...]], set[Span]] = {}
        #: the ``contains`` relations: one per nested symbol, never merged or changed, so kept out of
        #: the keyed map (a key and a slot per symbol is a lot of memory on a large project)
        self._contains: list[Relation] = []
        self._pending_owners: list[tuple[str, int]] = []
        self._source_root = source_root
        self._project_roots: list[str] | None = None  # sub-roots holding a manifest, longest first
        self._project_memo: dict[str, str | None] = {}
        self._project_reach: dict[str | None, frozenset[str | None]] | None = None
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

    # -- indexing ----------------------------------------------------------------------------

    def _index_file(self, extraction: Extraction, rules: LanguageRules) -> None:
        path = extraction.path
        ids: list[str] = []
        used: dict[str, int] = {}
        for index, raw in enumerate(extraction.symbols):
            base = path if index == 0 else f"{path}::{raw.qualname}"
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
            if raw.owner is not None:
                self._pending_owners.append((path, index))
            self.symbols[symbol_id] = Symbol(
                id=symbol_id,
                name=raw.name,
                qualname=raw.qualname,
                kind=raw.kind,
                path=path,
                language=extraction.language,
                span=raw.span,
                name_span=raw.name_span,
                parent=parent,
                signature=raw.signature,
                # shared with the extraction, not copied: nothing changes a symbol's properties in place
                # (rules that set one replace the dict: see the C rules' includes)
                properties=raw.properties,
                doc=raw.doc,
            )
            if index:
                index_.children.setdefault(raw.parent, {}).setdefault(raw.name, []).append(index)
                parent_raw = extraction.symbols[raw.parent]
                if raw.parent > 0 and parent_raw.kind.category is Category.MODULE:
                    assert parent is not None
                    self.scope_members.setdefault(parent, {}).setdefault(raw.name, []).append(symbol_id)
                if parent_raw.kind.category is Category.TYPE:
                    assert parent is not None
                    self.members.setdefault(parent, {}).setdefault(raw.name, []).append(symbol_id)
                    if raw.kind in _MEMBER_KINDS:
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
            elif imp.module and extraction.language == "python":
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
            if raw.kind in _MEMBER_KINDS:
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

    # -- modules and imports ----------------------------------------------------------------

    def _target(self, file: FileIndex, imp: RawImport) -> tuple[str | None, str]:
        target = file.rules.import_target(file.extraction, imp, self.modules)
        return target.path, target.name

    def _binding(self, file: FileIndex, scope: int, name: str) -> list[Entity]:
        key = (file.extraction.path, scope, name)
        if key in self._binding_memo:
            return self._binding_memo[key]
        frame = ("binding", *key)
        depth = self._enter(frame)
        if depth is None:
            return []  # a cycle of imports: this path contributes nothing; other paths may
        imp = file.bindings[(scope, name)]
        try:
            result = self._binding_uncached(file, imp, scope, name)
        finally:
            final = self._leave(frame, depth)
        if final:
            self._binding_memo[key] = result
        return result

    def _enter(self, frame: tuple[object, ...]) -> int | None:
        """Start computing a memoised value; None when ``frame`` is already being computed (a cycle)."""
        depth = self._frames.get(frame)
        if depth is not None:
            self._lowest_cut = min(self._lowest_cut, depth)
            return None
        depth = self._frames[frame] = len(self._frames)
        return depth

    def _leave(self, frame: tuple[object, ...], depth: int) -> bool:
        """Finish ``frame``; True when its result is final. A result that went through a cycle back to
        a frame still open above it is provisional: that frame's own result may differ when it is
        complete, so memoising the inner one (as an import cycle through ``__init__``'s star imports
        once did) would keep a wrong answer."""
        del self._frames[frame]
        if self._lowest_cut < depth:
            return False
        if self._lowest_cut == depth:
            self._lowest_cut = _NO_CUT  # the cycle closes here, complete
        return True

    def _binding_uncached(self, file: FileIndex, imp: RawImport, scope: int, name: str) -> list[Entity]:
        path, module_name = self._target(file, imp)
        if imp.names:
            imported = file.binding_names[(scope, name)]
            if path is not None:
                found = self.module_member(path, imported)
                if found:
                    return found
                return [External(f"{module_name}.{imported}")] if not self._is_python(file) else []
            package = file.rules.external_package(imp, module_name)
            if imported == "default":  # ``import express from "express"`` binds the module's default
                return [External(module_name, package)]
            # Python: ``from . import sub`` in a directory without __init__.py
            if self._is_python(file) and imp.level:
                sub = self._relative_submodule(file, imp, imported)
                if sub:
                    return [Sym(sub)]
            return [External(f"{module_name}.{imported}" if module_name else imported, package)]
        if imp.alias:
            if path is not None:
                return [Sym(path)]
            return [External(module_name, file.rules.external_package(imp, module_name))]
        # Python ``import a.b.c`` binds ``a``
        head = imp.module.split(".")[0]
        found_paths = self.modules.lookup(head)
        if found_paths:
            return [Sym(sorted(found_paths, key=lambda p: (p.count("/"), p))[0])]
        return [External(head, file.rules.external_package(imp, head))]

    def _relative_submodule(self, file: FileIndex, imp: RawImport, name: str) -> str | None:
        directory = file.extraction.path.rsplit("/", 1)[0] if "/" in file.extraction.path else ""
        for _ in range(imp.level - 1):
            directory = directory.rsplit("/", 1)[0] if "/" in directory else ""
        if imp.module:
            directory = f"{directory}/{imp.module.replace('.', '/')}".lstrip("/")
        for candidate in (f"{directory}/{name}.py", f"{directory}/{name}/__init__.py"):
            candidate = candidate.lstrip("/")
            if candidate in self.modules.paths:
                return candidate
        return None

    @staticmethod
    def _is_python(file: FileIndex) -> bool:
        return file.extraction.language == "python"

    def module_member(self, path: str, name: str) -> list[Entity]:
        """What ``module.name`` denotes, following re-exports and star imports."""
        key = (path, name)
        if key in self._module_member_memo:
            return self._module_member_memo[key]
        frame = ("member", path, name)
        depth = self._enter(frame)
        if depth is None:
            return []
        try:
            result = self._module_member_uncached(path, name)
        finally:
            final = self._leave(frame, depth)
        if final:
            self._module_member_memo[key] = result
        return result

    def _module_member_uncached(self, path: str, name: str) -> list[Entity]:
        file = self.files.get(path)
        if file is None:
            return []
        symbols = file.extraction.symbols
        top = file.children.get(0, {})
        if file.rules.exports_only:
            exported_module = file.extraction.exports is not None or any(
                "exported" in s.properties and s.properties.get("exported") for s in symbols[1:]
            )
            if name == "default":
                found: list[Entity] = [
                    Sym(file.ids[i]) for i, s in enumerate(symbols) if i and s.properties.get("default")
                ]
                if found:
                    return found
            found = [
                Sym(file.ids[i])
                for i in top.get(name, [])
                if not exported_module or symbols[i].properties.get("exported", False)
            ]
            if found:
                return found
            stars: list[Entity] = []  # ``export *`` counts only when no explicit export names it
            for imp in file.reexports:
                if imp.star and imp.alias is None:
                    target, _ = self._target(file, imp)
                    if target is not None and target != path:
                        stars += [e for e in self.module_member(target, name) if e not in stars]
                    continue
                if imp.alias == name and not imp.names:
                    target, module_name = self._target(file, imp)
                    if target:
                        return [Sym(target)]
                    return [External(module_name, file.rules.external_package(imp, module_name))]
                for imported, local in imp.names:
                    if local != name:
                        continue
                    if not imp.module:  # ``export { a as b }`` of a local name
                        return self.lookup_module_scope(file, imported)
                    target, module_name = self._target(file, imp)
                    if target is None:
                        return [External(f"{module_name}.{imported}", file.rules.external_package(imp, module_name))]
                    return self.module_member(target, imported)
            if stars:  # several ``export *`` with different definitions of the name: ambiguous
                return stars
            # an imported name that the module exports by listing it
            if file.extraction.exports and name in file.extraction.exports and (0, name) in file.bindings:
                return self._binding(file, 0, name)
            return []
        found = [Sym(file.ids[i]) for i in top.get(name, [])]
        if found:
            return found
        if file.rules.package_spans_shared_scope:
            for other in file.rules.shared_scope(path, self.modules):
                shared = self.files.get(other)
                if shared is not None and name in shared.children.get(0, {}):
                    return [Sym(shared.ids[i]) for i in shared.children[0][name]]
        if (0, name) in file.bindings:
            bound = self._binding(file, 0, name)
            if bound:
                return bound
        for imp in file.stars:
            if imp.scope != 0:
                continue
            target, _ = self._target(file, imp)
            if target is not None and target != path and self._star_exports(target, name):
                found_star = self.module_member(target, name)
                if found_star:
                    return found_star
        sub = file.rules.submodule(path, name, self.modules)
        if sub:
            return [Sym(sub)]
        return []

    def _star_exports(self, path: str, name: str) -> bool:
        file = self.files[path]
        if file.extraction.exports is not None:
            return name in file.extraction.exports
        return not name.startswith("_")

    # -- scopes ---------------------------------------------------------------------------------

    def lookup_module_scope(self, file: FileIndex, name: str) -> list[Entity]:
        top = file.children.get(0, {})
        if name in top:
            return [Sym(file.ids[i]) for i in top[name]]
        if (0, name) in file.bindings:
            return self._binding(file, 0, name)
        typed = file.extraction.var_types.get(0)
        if typed and name in typed:
            return self.type_entities(file, 0, typed[name])
        found_shared = self._shared_name(file, name)
        if found_shared:
            return found_shared
        externals = False
        for imp in file.stars:
            if imp.scope != 0:
                continue
            target, _ = self._target(file, imp)
            if target is None:
                externals = True
                continue
            if self._star_exports(target, name):
                found = self.module_member(target, name)
                if found:
                    return found
        return [UNKNOWN] if externals else []

    def _shared_name(self, file: FileIndex, name: str) -> list[Entity]:
        """``name`` at the top of the first file of ``file``'s shared scope that defines it.

        A Go package can hold hundreds of files: the top-level names of a shared scope are
        indexed once per group of files (name → files defining it), and each file keeps the
        order of its own shared scope to pick the first.
        """
        path = file.extraction.path
        key = (path, name)
        found = self._shared_memo.get(key)
        if found is not None:
            return found
        index = self.shared_names(file)
        order = self._shared_order[path]
        candidates = [p for p in index.get(name, ()) if p in order]
        found = []
        if candidates:
            shared = self.files[min(candidates, key=order.__getitem__)]
            found = [Sym(shared.ids[i]) for i in shared.children[0][name]]
        self._shared_memo[key] = found
        return found

    def shared_names(self, file: FileIndex) -> dict[str, list[str]]:
        """Top-level name → the files of ``file``'s shared scope, ``file`` included, that define it (by
        path). One index per group of files, shared by its files (and the rules: Go's build lookup)."""
        path = file.extraction.path
        index = self._shared_index_of.get(path)
        if index is None:
            others = file.rules.shared_scope(path, self.modules)
            order = self._shared_order[path] = {p: i for i, p in enumerate(others) if p != path}
            group = frozenset(order) | {path}
            index = self._shared_groups.get(group)
            if index is None:
                index = self._shared_groups[group] = {}
                for member in sorted(group):
                    shared = self.files.get(member)
                    for top_name in shared.children.get(0, {}) if shared is not None else ():
                        index.setdefault(top_name, []).append(member)
            self._shared_index_of[path] = index
        return index

    def lookup(self, file: FileIndex, scope: int, name: str) -> list[Entity]:
        """Bind a bare name as seen from ``scope`` (innermost first)."""
        symbols = file.extraction.symbols
        current = scope
        first = True
        while current > 0:
            raw = symbols[current]
            kids = file.children.get(current, {})
            if raw.kind.category is Category.TYPE:
                if (first or file.rules.class_scope_visible_from_methods) and name in kids:
                    return [Sym(file.ids[i]) for i in kids[name]]
            else:
                if name in kids:
                    return [Sym(file.ids[i]) for i in kids[name]]
                if (current, name) in file.bindings:
                    return self._binding(file, current, name)
                typed = file.extraction.var_types.get(current)
                if typed and name in typed:
                    return self.type_entities(file, current, typed[name])
                if name in file.extraction.locals.get(current, ()):
                    return [UNKNOWN]
            first = False
            current = raw.parent
        return self.lookup_module_scope(file, name)

    # -- classes --------------------------------------------------------------------------------

    def mro(self, class_id: str) -> list[str]:
        """Linearised project ancestors (C3 where it exists, else depth-first), starting at the class."""
        if class_id in self._mro:
            return self._mro[class_id]
        self._mro[class_id] = [class_id]  # cycle guard
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
        chain = self.mro(class_id)
        for ancestor in chain[1:] if skip_self else chain:
            found = self.members.get(ancestor, {}).get(name)
            if found:
                return [Sym(i) for i in found]
        if any(not isinstance(b, Sym) for a in chain for b in self.bases.get(a, [])):
            return [UNKNOWN]  # an ancestor outside the project may define it
        return []

    def _constructor(self, class_id: str, rules: LanguageRules) -> list[Entity]:
        for name in rules.constructor_names:
            for ancestor in self.mro(class_id):
                found = self.members.get(ancestor, {}).get(name)
                if found:
                    return [Sym(i) for i in found]
        return [Sym(class_id)]

    def _enclosing_class(self, file: FileIndex, scope: int, *, via_receiver: str | None) -> str | None:
        """The id of the class whose instance ``this``/``self`` (or a named receiver) denotes in ``scope``."""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if via_receiver is not None:
                if raw.receiver == via_receiver:
                    return self._owner_type(file.ids[current])
                if name_shadows(file, current, via_receiver):
                    return None
            elif raw.kind.category is Category.TYPE:
                return file.ids[current]
            elif raw.owner is not None:  # a method attached to its type from outside (Go, Rust impl, C++)
                return self._owner_type(file.ids[current])
            current = raw.parent
        return None

    def _owner_type(self, symbol_id: str) -> str | None:
        parent = self.symbols[symbol_id].parent
        if parent is not None and self.symbols[parent].kind.category is Category.TYPE:
            return parent
        return None

    # -- references ----------------------------------------------------------------------------

    def member(self, entity: Entity, name: str) -> list[Entity]:
        if isinstance(entity, External):
            return [External(f"{entity.name}.{name}", entity.package)]
        if isinstance(entity, Unknown):
            return [UNKNOWN]
        if isinstance(entity, Instance):
            return self.class_member(entity.type_id, name)
        kind = self.symbols[entity.id].kind
        if kind.category is Category.MODULE:
            if entity.id in self.files:  # a file's module
                return self.module_member(entity.id, name)
            found = self.scope_members.get(entity.id, {}).get(name)  # a namespace, an inline module
            return [Sym(i) for i in found] if found else []
        if kind.category is Category.TYPE:
            return self.class_member(entity.id, name)
        if kind in _VALUE_KINDS:  # ``this.repo.save``: a member of the value's declared type
            out: list[Entity] = []
            for value in self.value_type(entity.id):
                for found_member in self.member(value, name):
                    if found_member not in out:
                        out.append(found_member)
            return out
        return [UNKNOWN]

    def members_of(self, entities: list[Entity], part: str) -> list[Entity]:
        """``part`` of each entity; a part written ``name()`` stands for what calling that member gives."""
        call = part.endswith("()")
        name = part[:-2] if call else part
        out: list[Entity] = []
        for entity in entities:
            for found in self.member(entity, name):
                if found not in out:
                    out.append(found)
        return self.call_results(out) if call else out

    # -- receiver types -------------------------------------------------------------------------

    def type_entities(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """The values a type text written in ``scope`` of ``file`` denotes (see ``RawSymbol.declared_type``).

        A project class or interface gives an :class:`Instance` of it; a type alias, the type it
        names; an imported outside type, an :class:`External`; a name nothing in the project or its
        imports defines (a builtin such as ``string``), an :class:`External` by the name written.
        ``name()`` is what calling ``name`` returns. Anything else (a union, a literal type) is
        unknown.
        """
        key = (file.extraction.path, scope, text)
        found = self._type_memo.get(key)
        if found is not None:
            return found
        if key in self._typing:
            return [UNKNOWN]  # ``x = x.next()``: a type defined by itself
        self._typing.add(key)
        try:
            found = self._type_entities_uncached(file, scope, text)
        finally:
            self._typing.discard(key)
        self._type_memo[key] = found
        return found

    def _type_entities_uncached(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        if text.endswith("()"):
            callee = RawRef(scope, EdgeKind.CALLS, text[:-2], _NO_SPAN)
            return self.call_results(self.resolve_text(file, scope, callee))
        if not text or any(c in _NOT_IN_TYPE_NAMES for c in text):
            return [UNKNOWN]
        found = self.resolve_text(file, scope, RawRef(scope, EdgeKind.REFERENCES, text, _NO_SPAN))
        if not found:
            return [External(text)]
        symbols_found = [e.id for e in found if isinstance(e, Sym)]
        if len(symbols_found) > 1:  # what the name means in a type position (TypeScript's merged declarations)
            kept = set(file.rules.prefer_targets(self, EdgeKind.REFERENCES, symbols_found))
            found = [e for e in found if not isinstance(e, Sym) or e.id in kept]
        out: list[Entity] = []
        for entity in found:
            values: list[Entity]
            if isinstance(entity, Sym):
                kind = self.symbols[entity.id].kind
                if kind is SymbolKind.TYPE_ALIAS:
                    values = self.value_type(entity.id)  # ``type Repo = SqlRepo``
                    if values == [UNKNOWN] and self._has_methods(entity.id):
                        values = [Instance(entity.id)]  # a type with methods of its own (Go ``type Kind int``)
                elif kind.category is Category.TYPE:
                    values = [Instance(entity.id)]
                else:
                    values = [UNKNOWN]  # a value or a module named where a type belongs
            elif isinstance(entity, External):
                values = [entity]
            else:
                values = [UNKNOWN]
            out += [v for v in values if v not in out]
        return out

    def value_type(self, symbol_id: str) -> list[Entity]:
        """What a symbol holds (a variable, field, property) or returns (a callable), by its declared type.

        The type text is resolved from the scope it is written in: the symbol's parent.
        """
        index = self._typed_index.get(symbol_id)
        if index is None:
            return [UNKNOWN]
        file = self.files[self.symbols[symbol_id].path]
        raw = file.extraction.symbols[index]
        return self.type_entities(file, max(raw.parent, 0), raw.declared_type)

    def _has_methods(self, type_id: str) -> bool:
        """Does the type declare methods of its own (a Go defined type ``type Kind int`` can, an alias not)?"""
        return any(
            self.symbols[i].kind.category is Category.CALLABLE
            for ids in self.members.get(type_id, {}).values() for i in ids
        )

    def call_results(self, entities: list[Entity]) -> list[Entity]:
        """What calling each entity gives: an instance for a class or constructor, a callable's return type."""
        out: list[Entity] = []
        for entity in entities:
            results: list[Entity] = [UNKNOWN]
            if isinstance(entity, Sym):
                kind = self.symbols[entity.id].kind
                if kind.category is Category.TYPE and (
                    kind is not SymbolKind.TYPE_ALIAS or self._has_methods(entity.id)
                ):
                    # ``Foo()``: Python, Scala apply, a constructor call; Go's conversion ``Kind(3)`` to a type
                    # with methods of its own
                    results = [Instance(entity.id)]
                elif kind is SymbolKind.CONSTRUCTOR:
                    owner = self._owner_type(entity.id)
                    results = [Instance(owner)] if owner is not None else [UNKNOWN]
                elif kind.category is Category.CALLABLE:
                    results = self.value_type(entity.id)
            out += [r for r in results if r not in out]
        return out

    def resolve_text(self, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        custom = file.rules.resolve_ref(self, file, scope, ref)
        if custom is not None:
            return custom
        parts = ref.text.split(".")
        head = parts[0]
        rest = parts[1:]
        current: list[Entity]
        if not ref.head_known:
            return [UNKNOWN]
        call_head = head.endswith("()") and head != "super()"  # ``make_foo().bar``
        if call_head:
            head = head[:-2]
        rules = file.rules
        symbols = file.extraction.symbols
        if head == "super()" or (head == "super" and not rules.super_is_call):
            class_id = self._enclosing_class(file, scope, via_receiver=None)
            if class_id is None:
                return []
            if not rest:  # ``super(...)`` in a constructor: the superclass's constructor, never an interface's
                parents = list(self.superclasses.get(class_id, []))
                out: list[Entity] = []
                for parent in parents:
                    out += self._constructor(parent.id, rules) if isinstance(parent, Sym) else [UNKNOWN]
                return out
            name, call = (rest[0][:-2], True) if rest[0].endswith("()") else (rest[0], False)
            current = self.class_member(class_id, name, skip_self=True)
            current = self.call_results(current) if call else current
            rest = rest[1:]
        elif head in rules.instance_names and (rebound := self._rebound_instance(file, scope, head)) is not None:
            if not rest:
                return [UNKNOWN]
            current = self.members_of(rebound, rest[0])
            rest = rest[1:]
        elif head in rules.instance_names or (
            rules.receiver_is_first_parameter and self._is_receiver(file, scope, head)
        ):
            klass = self._enclosing_class(
                file, scope, via_receiver=None if head in rules.instance_names else head
            )
            if klass is None:
                return [UNKNOWN]
            if not rest:
                return [Sym(klass)]
            current = self.members_of([Instance(klass)], rest[0])
            rest = rest[1:]
        else:
            lookup_scope = scope
            if ref.kind in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES) and scope > 0:
                lookup_scope = symbols[scope].parent
            current = self.lookup(file, lookup_scope, head)
            if call_head:  # calling a name nothing in the project defines gives a value we cannot see
                current = self.call_results(current) if current else [UNKNOWN]
        for part in rest:
            current = self.members_of(current, part)
            if not current:
                break
        return current

    def _rebound_instance(self, file: FileIndex, scope: int, name: str) -> list[Entity] | None:
        """What an instance name (``this``) means where a callable rebinds it, else None.

        A scope between the use and the enclosing type can type it (``var_types``: a TypeScript
        ``this: T`` parameter) or make it unknown (``locals``: a JavaScript ``function`` has its
        own ``this``); without either, the enclosing type's instance is meant.
        """
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.kind.category is Category.TYPE:
                return None
            typed = file.extraction.var_types.get(current)
            if typed and name in typed:
                return self.type_entities(file, current, typed[name])
            if name in file.extraction.locals.get(current, ()):
                return [UNKNOWN]
            current = raw.parent
        return None

    def _is_receiver(self, file: FileIndex, scope: int, name: str) -> bool:
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.receiver == name:
                return True
            if name in file.extraction.locals.get(current, ()) or name in file.children.get(current, {}):
                return False
            current = raw.parent
        return False

    def _add(
        self,
        source: str,
        kind: EdgeKind,
        target: str,
        resolution: Resolution,
        candidates: tuple[str, ...],
        text: str,
        span: Span | None,
        package: str | None = None,
    ) -> None:
        if source == target and kind is not EdgeKind.CALLS:
            return  # a symbol naming itself is not a dependency; recursion is
        key = (source, kind, target, resolution, candidates)
        relation = self.relations.get(key)
        if relation is None:  # (a list made with its span is smaller than one grown to hold it)
            self.relations[key] = Relation(
                source, target, kind, resolution, candidates, text, [] if span is None else [span], package
            )
        elif span is not None:
            spans = relation.spans
            if len(spans) < 16:
                if span not in spans:
                    spans.append(span)
            else:  # a name used many times in one body: its spans in a set too, not scanned each time
                seen = self._span_sets.get(key)
                if seen is None:
                    seen = self._span_sets[key] = set(spans)
                if span not in seen:
                    seen.add(span)
                    spans.append(span)

    def _emit(self, file: FileIndex, ref: RawRef, entities: list[Entity], *, source: str | None = None) -> None:
        source = file.ids[ref.scope] if source is None else source
        path = file.extraction.path
        targets: list[str] = []
        external: External | None = None
        unknown = False
        for entity in entities:
            if isinstance(entity, Sym):
                target_id = entity.id
                if ref.kind is EdgeKind.CALLS:
                    kind = self.symbols[target_id].kind
                    if kind.category is Category.TYPE and kind is not SymbolKind.TYPE_ALIAS:
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
        if len(targets) > 1:
            targets = file.rules.prefer_targets(self, ref.kind, _prefer_primary(targets, self.symbols))
        if targets and not unknown and external is None:
            if len(targets) == 1:
                self._add(source, ref.kind, targets[0], Resolution.RESOLVED, (), ref.text, ref.span)
            else:
                self._add(
                    source, ref.kind, f"{path}::{ref.text}", Resolution.AMBIGUOUS,
                    self._ordered(targets), ref.text, ref.span,
                )
            return
        if targets:  # some definitions, plus something we cannot see
            self._add(
                source, ref.kind, f"{path}::{ref.text}", Resolution.AMBIGUOUS,
                self._ordered(targets), ref.text, ref.span,
            )
            return
        if unknown and ref.kind is EdgeKind.CALLS and ("." in ref.text or not ref.head_known):
            member = ref.text.rsplit(".", 1)[-1]
            candidates = [c for c in self.members_by_name.get(member, []) if c != source]
            candidates = file.rules.prefer_targets(self, ref.kind, candidates) if len(candidates) > 1 else candidates
            if len(self.project_roots()) > 1:  # sibling projects the source's does not depend on are out
                reach = self.reachable_projects(self.project_of(path))
                candidates = [c for c in candidates if self.project_of(self.symbols[c].path) in reach]
            if 0 < len(candidates) <= MAX_CANDIDATES:
                self._add(
                    source, ref.kind, f"{path}::{ref.text}", Resolution.AMBIGUOUS,
                    self._ordered(candidates), ref.text, ref.span,
                )
                return
        name = external.name if external is not None else ref.text
        package = external.package if external is not None else None
        self._add(source, ref.kind, f"{path}::{name}", Resolution.UNRESOLVED, (), ref.text, ref.span, package)

    # -- sub-projects ---------------------------------------------------------------------------

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

    def _ordered(self, ids: list[str]) -> tuple[str, ...]:
        return tuple(sorted(set(ids), key=lambda i: (self._order.get(i, 1 << 30), i)))

    # -- the run --------------------------------------------------------------------------------

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
        # (with ``only``, just those ``run`` returns: the others come from the earlier run's relations)
        self._contains = [
            Relation(symbol.parent, symbol.id, EdgeKind.CONTAINS, Resolution.RESOLVED, (), "", [], None)
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
        for memo in (self._shared_memo, self._shared_order, self._shared_groups, self._shared_index_of):
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
                    # a base we cannot see still counts: members may come from it
                    found = [e if not isinstance(e, Unknown) else External(ref.text) for e in entities]
                    found = found or [External(ref.text)]
                    self.bases.setdefault(source, []).extend(found)
                    if ref.kind is EdgeKind.INHERITS:
                        self.superclasses.setdefault(source, []).extend(found)
                    self._emit(file, ref, entities, source=source)
        self._mro.clear()
        self._module_member_memo.clear()
        self._type_memo.clear()  # member lookups through types may see more now that bases are known
        for path, file in self.files.items():
            if only is not None and path not in only:
                continue
            for ref in file.extraction.refs:
                if ref.kind not in hierarchy:
                    self._emit(file, ref, self.resolve_text(file, ref.scope, ref))
        self._overrides()
        for path, file in self.files.items():
            if only is None or path in only or not file.rules.file_local_extras:
                file.rules.extra_relations(self, file)
        self._span_sets = {}
        return [*self._contains, *self.relations.values()]

    def _resolve_imports(self, file: FileIndex) -> None:
        module_id = file.ids[0]
        for imp in file.extraction.imports:
            if not imp.module and not imp.level:
                continue  # a local re-export list
            path, name = self._target(file, imp)
            text = imp.module if not imp.level else "." * imp.level + imp.module
            if path is not None:
                if path != module_id:
                    self._add(module_id, EdgeKind.IMPORTS, path, Resolution.RESOLVED, (), text, imp.span)
                for imported, local in imp.names:
                    for entity in self.module_member(path, imported):
                        if isinstance(entity, Sym) and self.symbols[entity.id].kind.category is Category.MODULE:
                            self._add(module_id, EdgeKind.IMPORTS, entity.id, Resolution.RESOLVED, (),
                                      f"{text}.{imported}", imp.span)
                    del local
            elif file.extraction.language == "python" and imp.level and imp.names:
                found_any = False
                for imported, _local in imp.names:
                    sub = self._relative_submodule(file, imp, imported)
                    if sub:
                        found_any = True
                        self._add(module_id, EdgeKind.IMPORTS, sub, Resolution.RESOLVED, (), text, imp.span)
                if not found_any:
                    self._add(module_id, EdgeKind.IMPORTS, f"{file.extraction.path}::{name}",
                              Resolution.UNRESOLVED, (), text, imp.span)
            else:
                self._add(module_id, EdgeKind.IMPORTS, f"{file.extraction.path}::{name}",
                          Resolution.UNRESOLVED, (), text, imp.span, file.rules.external_package(imp, name))

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
                    if self.symbols[member_id].kind not in _OVERRIDABLE:
                        continue
                    if members_of is not None and member_id not in members_of:
                        continue
                    for ancestor in chain:
                        found = [
                            i for i in self.members.get(ancestor, {}).get(name, [])
                            if self.symbols[i].kind in _OVERRIDABLE
                        ]
                        if found:
                            self._add(member_id, EdgeKind.OVERRIDES, found[0], Resolution.RESOLVED, (), name,
                                      None)
                            break

    # -- incremental updates ----------------------------------------------------------------------

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

    def update(self, extractions: list[Extraction]) -> tuple[list[Symbol], list[Relation]]:
        """Take new versions of files whose interface digest is unchanged, after :meth:`run`.

        Every symbol keeps its id, and nothing another file resolves to can have changed
        (:mod:`codeknit.resolve.interface`), so the indexes, memos of other files and whole-program
        results (the rules') stay as they are; only the files' own references are resolved again.
        Returns the files' new symbols and every relation whose source is one of them: with the
        earlier graph's other records, exactly what :meth:`run` on the new files would give
        (:func:`codeknit.graph.patch.replace_files` joins them). Check :meth:`can_update` first.
        """
        changed = {e.path: e for e in extractions}
        ids: set[str] = set()
        symbols: list[Symbol] = []
        for path, extraction in changed.items():
            file = self.files[path]
            if len(extraction.symbols) != len(file.ids):
                raise ValueError(f"{path}: its symbols changed; resolve the project again")
            file.rules.moved(path, file.extraction, extraction)
            file.extraction = extraction
            for index, raw in enumerate(extraction.symbols):
                symbol_id = file.ids[index]
                old = self.symbols[symbol_id]
                # parent and properties as the run left them (owners attached, rules' marks);
                # the interface digest guarantees the rest of what resolution read is unchanged
                symbol = self.symbols[symbol_id] = Symbol(
                    id=symbol_id, name=raw.name, qualname=raw.qualname, kind=raw.kind, path=path,
                    language=extraction.language, span=raw.span, name_span=raw.name_span, parent=old.parent,
                    signature=raw.signature, properties=old.properties, doc=raw.doc,
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
        for path in sorted(changed):
            file = self.files[path]
            self._resolve_imports(file)
            for ref in file.extraction.refs:
                if ref.kind in hierarchy:
                    # the bases these add are interface, so already known; the relations are new.
                    # One written here for a type elsewhere starts there, and is kept from the last run.
                    source = file.ids[ref.scope] if ref.owner is None else self._ref_owner(file, ref)
                    if source in ids:
                        self._emit(file, ref, self.resolve_text(file, ref.scope, ref), source=source)
                else:
                    self._emit(file, ref, self.resolve_text(file, ref.scope, ref))
        self._overrides(members_of=ids)
        for path in sorted(changed):
            file = self.files[path]
            file.rules.extra_relations(self, file)
        self._span_sets = {}
        contains = [
            Relation(symbol.parent, symbol.id, EdgeKind.CONTAINS, Resolution.RESOLVED, (), "", [], None)
            for symbol in self.symbols.values() if symbol.parent in ids
        ]
        return symbols, [*contains, *(r for key, r in self.relations.items() if key[0] in ids)]


def name_shadows(file: FileIndex, scope: int, name: str) -> bool:
    return name in file.extraction.locals.get(scope, ()) or name in file.children.get(scope, {})


def _prefer_primary(targets: list[str], symbols: dict[str, Symbol]) -> list[str]:
    """A setter is reached by assignment, not by a call or a read: drop it when a getter is there."""
    primary = [t for t in targets if symbols[t].kind is not SymbolKind.SETTER]
    return primary or targets


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
    answer every call.
    """
    resolver = Resolver(extractions, source_root=source_root, points_to=points_to)
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
    graph.errors = [FileError(e.path, message) for e in resolver.extractions for message in e.errors]
    graph.skipped = list(skipped or [])
    return graph.finalize() if finalize else graph
