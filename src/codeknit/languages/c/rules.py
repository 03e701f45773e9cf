"""C (and the base of C++): headers, one global namespace, prototypes and their definitions.

How names are bound, in order:

1. the scopes of the file (locals shadow everything), then the project headers
   the file includes directly (``shared_scope``);
2. C's one namespace of external names: a definition anywhere in the project,
   from an index built once per run. A symbol of another file is visible when
   it has external linkage (a non-static function or global: the linker binds
   it whatever the file includes), or lives in a header the file's chain of
   includes reaches (macros, types, ``static inline`` helpers are seen only
   through includes); a symbol of the same file is preferred. Where an include
   the file's chain holds is not found, but could name a project header (a path
   suffix some project file has, ``#include MACRO``), a header symbol behind it
   is a guess: ``ambiguous``, never ``resolved``;
3. a prototype stands for its definition: a call that reaches a declaration
   goes to the definition when exactly one is visible, to all of them
   (``ambiguous``) when several are, and stays on the declaration when the
   project defines none;
4. ``typedef struct S {…} S;``: a name that reaches both the struct and the
   alias is bound to the struct.

Includes: ``"x.h"`` is looked up relative to the including file, then the
project root, then every directory named ``include``, then as a unique path
suffix in the project; ``<x.h>`` only at the root and in ``include``
directories. A header found makes the include symbol ``resolution=resolved``
and adds an ``imports`` edge from the file to the header; every include keeps
its ``references[unresolved]`` edge from the file to its ``meta/include``
symbol.
"""

from __future__ import annotations

import posixpath
import weakref
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Resolution, SymbolKind
from codeknit.languages.c.adapter import is_header
from codeknit.languages.records import Extraction, RawImport, RawRef

# the resolver imports the rules package, never this module: importing it here is safe
from codeknit.resolve.api import MAX_CANDIDATES, UNKNOWN, LanguageRules, ModuleIndex, ModuleTarget, Sym, narrowing_at

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving

C_FAMILY = frozenset({"c", "cpp"})
_CALLABLES = frozenset({SymbolKind.FUNCTION, SymbolKind.METHOD, SymbolKind.CONSTRUCTOR, SymbolKind.MACRO})
_TAGS = frozenset({SymbolKind.STRUCT, SymbolKind.UNION, SymbolKind.ENUM, SymbolKind.CLASS})


@dataclass(slots=True)
class Entry:
    id: str
    path: str
    visible: bool  # may another file see it?
    #: only where the other file's chain of includes reaches ``path`` (a header's macro, type, typedef,
    #: enumerator, ``static`` helper); False: everywhere (external linkage, a namespace)
    through_includes: bool = False


#: symbols of a header other files see whatever they include: names with external linkage (unless ``static``)
#: and namespaces (open: every file that opens one adds to it); the others, macros and types, only through
#: an include
_LINKED = frozenset({SymbolKind.FUNCTION, SymbolKind.VARIABLE, SymbolKind.METHOD, SymbolKind.CONSTRUCTOR,
                     SymbolKind.FIELD, SymbolKind.NAMESPACE})
#: an include chain that may reach any file (an ``#include MACRO``)
ANYWHERE = frozenset({"*"})


@dataclass(slots=True)
class GlobalIndex:
    """Every file- and namespace-level definition of the C/C++ files, by qualified name."""

    names: dict[str, list[Entry]] = field(default_factory=lambda: defaultdict(list))
    namespaces: set[str] = field(default_factory=set)
    #: definitions written outside their class or namespace (``void A::f() {}``): they declare no name
    #: in the scope they are written in
    owned: set[str] = field(default_factory=set)
    #: a symbol's qualified name without its inline namespaces, where that differs (``a.v1.f`` → ``a.f``)
    effective: dict[str, str] = field(default_factory=dict)
    #: a file's ``using namespace n;`` / ``using n::x;`` directives: ``(scope index, dotted text)``
    usings: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    #: the project files a file's includes name (found), and those an include not found may name (every
    #: project file its spelling is a path suffix of; :data:`ANYWHERE` for ``#include MACRO``)
    includes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    maybe_includes: dict[str, frozenset[str]] = field(default_factory=dict)
    #: a file's include closure: ``(the files it surely reaches, those it may reach)`` (the second holds the first)
    reach: dict[str, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)


_INDEXES: weakref.WeakKeyDictionary[Resolving, GlobalIndex] = weakref.WeakKeyDictionary()


def global_index(resolver: Resolving) -> GlobalIndex:
    """The index for this resolving run, built on first use and shared by the C and C++ rules."""
    index = _INDEXES.get(resolver)
    if index is None:
        index = _INDEXES[resolver] = _build_index(resolver)
    return index


def _build_index(resolver: Resolving) -> GlobalIndex:
    index = GlobalIndex()
    for path, file in resolver.files.items():
        extraction = file.extraction
        if extraction.language not in C_FAMILY:
            continue
        header = is_header(path)
        symbols = extraction.symbols
        # the qualified-name prefix a namespace-level symbol gives its children ("" for the file);
        # None for symbols whose children are not namespace-level (types, functions)
        prefixes: list[str | None] = [None] * len(symbols)
        prefixes[0] = ""
        for i in range(1, len(symbols)):
            raw = symbols[i]
            symbol_id = file.ids[i]
            if raw.kind is SymbolKind.INCLUDE:
                continue
            visible = header or raw.properties.get("exported", True) is not False
            through = header and (raw.kind not in _LINKED or bool(raw.properties.get("static"))) \
                and not (raw.kind is SymbolKind.CONSTANT and raw.properties.get("extern"))
            if raw.owner is not None:
                index.owned.add(symbol_id)
                attached = resolver.symbols[symbol_id].parent
                if attached is None or resolver.symbols[attached].kind.category is not Category.TYPE:
                    index.names[raw.qualname].append(Entry(symbol_id, path, visible, through))
                continue
            prefix = prefixes[raw.parent] if raw.parent >= 0 else None
            if prefix is None:
                # an unscoped enumerator lives in the enum's enclosing namespace
                if raw.kind is SymbolKind.ENUM_MEMBER:
                    enum = symbols[raw.parent]
                    outer = prefixes[enum.parent] if enum.parent >= 0 else None
                    if outer is not None and not enum.properties.get("scoped"):
                        index.names[_join(outer, raw.name)].append(Entry(symbol_id, path, visible, through))
                continue
            effective = _join(prefix, raw.name)
            if raw.kind is SymbolKind.NAMESPACE:
                prefixes[i] = prefix if raw.properties.get("inline") else raw.qualname
                if raw.qualname in index.namespaces:
                    continue  # a namespace reopened: its first block stands for all of them
                index.namespaces.add(effective)
                index.namespaces.add(raw.qualname)
            index.names[effective].append(Entry(symbol_id, path, visible, through))
            if raw.qualname != effective:
                index.names[raw.qualname].append(Entry(symbol_id, path, visible, through))
                index.effective[symbol_id] = effective
        usings = [(ref.scope, ref.text) for ref in extraction.refs if ref.kind is EdgeKind.IMPORTS]
        if usings:
            index.usings[path] = usings
        rules = file.rules
        if isinstance(rules, CRules):
            found, maybe = rules.included(path, extraction)
            index.includes[path] = found
            if maybe:
                index.maybe_includes[path] = maybe
    return index


def reach(index: GlobalIndex, path: str) -> tuple[frozenset[str], frozenset[str]]:
    """The files ``path``'s chain of includes surely reaches (the includes found, transitively, ``path`` too),
    and those it may reach (through an include not found as well; :data:`ANYWHERE` in it: any file)."""
    found = index.reach.get(path)
    if found is None:
        sure = _closure(path, index.includes, None)
        maybe = _closure(path, index.includes, index.maybe_includes) if index.maybe_includes else sure
        found = index.reach[path] = (sure, maybe)
    return found


def _closure(path: str, includes: dict[str, tuple[str, ...]],
             maybe: dict[str, frozenset[str]] | None) -> frozenset[str]:
    seen = {path}
    stack = [path]
    while stack:
        current = stack.pop()
        following: tuple[str, ...] | frozenset[str] = includes.get(current, ())
        if maybe is not None and current in maybe:
            if maybe[current] is ANYWHERE:
                return ANYWHERE
            following = (*following, *maybe[current])
        for header in following:
            if header not in seen:
                seen.add(header)
                stack.append(header)
    return frozenset(seen)


def _include_dirs(paths: set[str]) -> list[str]:
    """Every directory named ``include`` in the project, shallowest first."""
    found: set[str] = set()
    for path in paths:
        parts = path.split("/")[:-1]
        for depth, part in enumerate(parts):
            if part == "include":
                found.add("/".join(parts[: depth + 1]))
    return sorted(found, key=lambda d: (d.count("/"), d))


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


class CRules(LanguageRules):
    def __init__(self, all_paths: set[str] | None = None) -> None:
        self.paths: set[str] = set(all_paths or ())
        self.include_dirs = _include_dirs(self.paths)
        self._by_basename: dict[str, list[str]] | None = None
        #: a file's include symbols: ``(symbol index, header path or None)``
        self.includes: dict[str, list[tuple[int, str | None]]] = {}
        self._kinds_fixed = False
        self._shared: dict[str, list[str]] = {}
        self._index: GlobalIndex | None = None
        self._index_of: Resolving | None = None
        self._definitions: dict[str, list[Entry]] = {}

    # -- headers --------------------------------------------------------------------------------

    def register(self, extraction: Extraction) -> list[str]:
        found: list[tuple[int, str | None]] = []
        for index, raw in enumerate(extraction.symbols):
            if raw.kind is SymbolKind.INCLUDE:
                found.append((index, self.resolve_include(extraction.path, raw.name)))
        self.includes[extraction.path] = found
        return []

    def resolve_include(self, path: str, spelling: str) -> str | None:
        """The project file an ``#include`` spelling names, or None."""
        if len(spelling) < 3:
            return None
        quoted = spelling[0] == '"' and spelling[-1] == '"'
        if not quoted and not (spelling[0] == "<" and spelling[-1] == ">"):
            return None  # ``#include MACRO``
        name = spelling[1:-1].strip()
        if not name or name.startswith("/"):
            return None
        if quoted:
            relative = posixpath.normpath(posixpath.join(posixpath.dirname(path), name))
            if relative in self.paths:
                return relative
        rooted = posixpath.normpath(name)
        if not rooted.startswith("../") and rooted in self.paths:
            return rooted
        found = [c for c in (posixpath.normpath(f"{d}/{name}") for d in self.include_dirs) if c in self.paths]
        if found:
            return found[0] if len(found) == 1 else None
        if quoted:
            return self._unique_suffix(rooted)
        return None

    def _unique_suffix(self, name: str) -> str | None:
        matches = self._suffixed(name)
        return matches[0] if len(matches) == 1 else None

    def _suffixed(self, name: str) -> list[str]:
        """The project files whose path ends with ``name`` (whole parts of it)."""
        if name.startswith("../"):
            name = name.lstrip("./")
        if not name:
            return []
        if self._by_basename is None:
            self._by_basename = defaultdict(list)
            for p in sorted(self.paths):
                self._by_basename[p.rsplit("/", 1)[-1]].append(p)
        tail = "/" + name
        return [p for p in self._by_basename.get(name.rsplit("/", 1)[-1], ()) if ("/" + p).endswith(tail)]

    def included(self, path: str, extraction: Extraction) -> tuple[tuple[str, ...], frozenset[str]]:
        """The project files ``path`` includes (found), and those its includes not found may name: a build's
        ``-I`` directory can make ``<lua.h>`` any project file whose path ends so (``deps/lua/src/lua.h``), an
        ``#include MACRO`` any file at all (:data:`ANYWHERE`)."""
        found: list[str] = []
        maybe: set[str] = set()
        for index, header in self.includes.get(path, ()):
            if header is not None:
                if header != path and header not in found:
                    found.append(header)
                continue
            spelling = extraction.symbols[index].name
            if len(spelling) < 3 or spelling[0] + spelling[-1] not in ('""', "<>"):
                return tuple(found), ANYWHERE
            maybe.update(p for p in self._suffixed(posixpath.normpath(spelling[1:-1].strip())) if p != path)
        return tuple(found), frozenset(maybe)

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        return ModuleTarget(None, imp.module)  # C has no import statements; includes are symbols

    def shared_scope(self, path: str, modules: ModuleIndex) -> list[str]:
        """The project headers a file includes directly: their top-level names are visible in it."""
        found = self._shared.get(path)
        if found is None:
            found = []
            for _, header in self.includes.get(path, ()):
                if header is not None and header != path and header not in found:
                    found.append(header)
            self._shared[path] = found
        return found

    # -- the run ------------------------------------------------------------------------------

    def index(self, resolver: Resolving) -> GlobalIndex:
        if self._index is None or self._index_of is not resolver:
            self._index, self._index_of = global_index(resolver), resolver
            self._definitions.clear()
        return self._index

    def prepare(self, resolver: Resolving) -> None:
        self.index(resolver)
        if not self._kinds_fixed:
            self._kinds_fixed = True
            self._fix_unattached(resolver)

    def _fix_unattached(self, resolver: Resolving) -> None:
        """Out-of-line definitions whose owner is a namespace, not a class: functions and variables."""

    def extra_relations(self, resolver: Resolving, file: FileIndex) -> None:
        path = file.extraction.path
        module_id = file.ids[0]
        for index, header in self.includes.get(path, ()):
            raw = file.extraction.symbols[index]
            include_id = file.ids[index]
            resolver.add_relation(module_id, EdgeKind.REFERENCES, include_id, Resolution.UNRESOLVED, (), raw.name,
                                  raw.name_span)
            if header is not None and header in resolver.files:
                symbol = resolver.symbols[include_id]  # a new dict: the old one is the extraction's
                symbol.properties = {**symbol.properties, "resolution": "resolved"}
                if header != path:
                    resolver.add_relation(module_id, EdgeKind.IMPORTS, header, Resolution.RESOLVED, (), raw.name,
                                          raw.name_span)

    # -- references -----------------------------------------------------------------------------

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        if not ref.head_known:
            return None  # the shared rules: an arbitrary receiver, candidates by member name
        if ref.tagged:
            return self.refine(resolver, file, self.resolve_tag(resolver, file, scope, ref.text))
        if file.extraction.narrowed and "." in ref.text:  # ``for (auto& d : ds) d.area()``: the element's member
            head, _, rest = ref.text.partition(".")
            narrowed = narrowing_at(file, scope, head, ref.span)
            if narrowed is not None:
                found = self.resolve_dotted(resolver, file, scope, f"{narrowed[1]}.{rest}", ref.kind)
                if any(isinstance(e, Sym) for e in found):
                    return self.refine(resolver, file, found)
        for text in ref.qualified:  # ``c.area()`` with ``Circle c``: ``Circle.area``
            found = self.resolve_dotted(resolver, file, scope, text, ref.kind)
            if any(isinstance(e, Sym) for e in found):
                return self.refine(resolver, file, found)
        return self.refine(resolver, file, self.resolve_dotted(resolver, file, scope, ref.text, ref.kind))

    def resolve_tag(self, resolver: Resolving, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """``struct S`` (``union``, ``enum``, ``class``): tags are a namespace of their own, which a typedef,
        a function or a local of the same name does not hide. A tag the file cannot see but another file
        defines (the opaque handle: ``typedef struct conn conn;`` in a header, ``struct conn {…}`` in one
        ``.c`` file) is a guess: another translation unit may define a tag of that name of its own."""
        found: list[Entity] = [e for e in self.resolve_dotted(resolver, file, scope, text, EdgeKind.REFERENCES)
                               if isinstance(e, Sym) and resolver.symbols[e.id].kind in _TAGS]
        if found or "." in text:
            return found
        entries = [e for e in self.index(resolver).names.get(text, ()) if resolver.symbols[e.id].kind in _TAGS]
        ids, guess = self.seen_from(resolver, entries, file.extraction.path)
        if not ids:
            ids, guess = [e.id for e in entries if not e.visible], True  # (the tags of ``.c`` files)
        return [*(Sym(i) for i in ids), UNKNOWN] if ids and guess else [Sym(i) for i in ids]

    def resolve_dotted(
        self, resolver: Resolving, file: FileIndex, scope: int, text: str, kind: EdgeKind
    ) -> list[Entity]:
        parts = text.split(".")
        head, rest = parts[0], parts[1:]
        current: list[Entity]
        head_call = head.endswith("()")  # ``make().x``: what the call gives (its declared result)
        if head_call:
            head = head[:-2]
        if head in self.instance_names:
            class_id = resolver.enclosing_class(file, scope, via_receiver=None)
            if class_id is None:
                return [UNKNOWN]
            if not rest:
                return [Sym(class_id)]
            current = resolver.class_member(class_id, rest[0])
            rest = rest[1:]
        else:
            lookup_scope = scope
            if kind in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS) and scope > 0:
                lookup_scope = file.extraction.symbols[scope].parent
            current = self.lookup(resolver, file, lookup_scope, head)
        if head_call:  # (calling a name nothing in the project defines gives a value we cannot see)
            current = resolver.call_results(current) if current else [UNKNOWN]
        for part in rest:
            call = part.endswith("()")  # ``q.a().b``: the member of what ``q.a()`` returns
            name = part[:-2] if call else part
            following: dict[Entity, None] = {}  # ordered and duplicate-free
            for entity in self.one_per_namespace(resolver, current):
                for found in self.member(resolver, entity, name):
                    following[found] = None
            current = list(following)
            if not current:
                break
            if call:
                current = resolver.call_results(current)
        return current

    @staticmethod
    def one_per_namespace(resolver: Resolving, entities: list[Entity]) -> list[Entity]:
        """A namespace reopened in many files is one namespace: keep its first block only."""
        seen: set[str] = set()
        out: list[Entity] = []
        for entity in entities:
            if isinstance(entity, Sym):
                symbol = resolver.symbols[entity.id]
                if symbol.kind is SymbolKind.NAMESPACE:
                    if symbol.qualname in seen:
                        continue
                    seen.add(symbol.qualname)
            out.append(entity)
        return out

    def lookup(self, resolver: Resolving, file: FileIndex, scope: int, name: str) -> list[Entity]:
        """A bare name: the file's scopes and included headers, then the project's global names."""
        found = resolver.lookup(file, scope, name)
        if found:
            return found
        return self.global_names(resolver, file, scope, name)

    def global_names(self, resolver: Resolving, file: FileIndex, scope: int, name: str) -> list[Entity]:
        ids, guess = self.seen_from(resolver, self.index(resolver).names.get(name, ()), file.extraction.path)
        found: list[Entity] = [Sym(i) for i in ids]
        if guess:
            found.append(UNKNOWN)  # (one of them, perhaps, or what the include not found holds: ``ambiguous``)
        return found

    def seen_from(self, resolver: Resolving, entries: list[Entry] | tuple[()], path: str) -> tuple[list[str], bool]:
        """The entries ``path`` sees, those of the file itself first (and alone, when there are some); and
        whether some of them are guesses: header symbols behind an include that was not found."""
        own = [e.id for e in entries if e.path == path]
        if own:
            return own, False
        ids: list[str] = []
        guess = False
        sure: frozenset[str] | None = None
        maybe: frozenset[str] = frozenset()
        for e in entries:
            if not e.visible:
                continue
            if e.through_includes:
                if sure is None:
                    sure, maybe = reach(self.index(resolver), path)
                if e.path not in sure:
                    if maybe is not ANYWHERE and e.path not in maybe:
                        continue
                    guess = True
            ids.append(e.id)
        return ids, guess

    @staticmethod
    def visible(entries: list[Entry] | tuple[()], path: str) -> list[str]:
        """Entries a file could see were every header included: those of the file itself first (and alone,
        when there are some)."""
        own = [e.id for e in entries if e.path == path]
        if own:
            return own
        return [e.id for e in entries if e.visible]

    def member(self, resolver: Resolving, entity: Entity, name: str) -> list[Entity]:
        return resolver.member(entity, name)

    def refine(self, resolver: Resolving, file: FileIndex, entities: list[Entity]) -> list[Entity]:
        """Prototypes → definitions, typedef twins → the tag, a reopened namespace → its first block."""
        if len(entities) == 1:
            only = entities[0]
            if not isinstance(only, Sym):
                return entities
            kind = resolver.symbols[only.id].kind
            if kind not in _CALLABLES and kind is not SymbolKind.NAMESPACE:
                return entities
        ids = [e.id for e in entities if isinstance(e, Sym)]
        if not ids:
            return entities
        path = file.extraction.path
        chosen: dict[str, None] = {}
        for symbol_id in ids:
            symbol = resolver.symbols[symbol_id]
            if symbol.kind in _CALLABLES and symbol.properties.get("declaration"):
                for definition in self.definitions(resolver, symbol_id, path) or [symbol_id]:
                    chosen[definition] = None
            else:
                chosen[symbol_id] = None
        out = list(chosen)
        if len(out) > 1:
            out = self._narrow(resolver, file, out)
        if len(out) > MAX_CANDIDATES:
            out = []  # as the shared resolver does: that many candidates are noise, the name stays unresolved
        others = [e for e in entities if not isinstance(e, Sym)]
        return [Sym(i) for i in out] + others

    def _narrow(self, resolver: Resolving, file: FileIndex, ids: list[str]) -> list[str]:
        symbols = resolver.symbols
        names = {symbols[i].name for i in ids}
        if len(names) != 1:
            return ids
        kinds = {symbols[i].kind for i in ids}
        if kinds & _TAGS and SymbolKind.TYPE_ALIAS in kinds:
            ids = [i for i in ids if symbols[i].kind is not SymbolKind.TYPE_ALIAS]
        # ``Box`` names the primary template, not its specialisations ``Box<int>``
        primary = [i for i in ids if not symbols[i].properties.get("specialization")]
        if primary and len(primary) < len(ids):
            ids = primary
        if kinds == {SymbolKind.NAMESPACE} and len({symbols[i].qualname for i in ids}) == 1:
            order = {path: n for n, path in enumerate(resolver.files)}
            return [min(ids, key=lambda i: (order.get(symbols[i].path, 0), symbols[i].span))]
        if all(symbols[i].kind in _CALLABLES and symbols[i].properties.get("declaration") for i in ids):
            # only declarations of one function: those the file sees directly, if that decides it
            path = file.extraction.path
            near = {path, *self.shared_scope(path, ModuleIndex())}
            close = [i for i in ids if symbols[i].path in near]
            if close:
                ids = close
        return ids

    def definitions(self, resolver: Resolving, declaration_id: str, path: str) -> list[str]:
        """The definitions a prototype (or an in-class method declaration) stands for."""
        symbol = resolver.symbols[declaration_id]
        parent = symbol.parent
        if parent is not None and resolver.symbols[parent].kind.category is Category.TYPE:
            return [
                i for i in resolver.members.get(parent, {}).get(symbol.name, [])
                if resolver.symbols[i].kind in _CALLABLES and not resolver.symbols[i].properties.get("declaration")
            ]
        found = self._definitions.get(declaration_id)
        if found is None:
            index = self.index(resolver)
            entries = index.names.get(symbol.qualname, [])
            effective = index.effective.get(declaration_id)
            if effective is not None:
                entries = entries + index.names.get(effective, [])
            found = self._definitions[declaration_id] = [
                e for e in entries
                if resolver.symbols[e.id].kind in _CALLABLES
                and not resolver.symbols[e.id].properties.get("declaration")
            ]
        return self.seen_from(resolver, found, path)[0]


RULES = CRules
