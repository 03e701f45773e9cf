"""The navigation index LSIF and SCIP share: per file, its definitions and its use sites.

The graph says which symbol is defined where and which relation was met at
which span. Code navigation wants something slightly different, and this
module derives it, from the graph alone:

* **Definitions.** Every symbol is a definition at its ``name_span`` with its
  ``span`` as the enclosing range, except: a C/C++ prototype (property
  ``declaration``) whose definition the graph holds, which becomes a
  *declaration site* of that definition (the graph's ``declared_at``, derived
  here); a Go package clause other than its package's first non-test file,
  which becomes a reference to the package; an ``#include`` (it stands for the
  written text, not a definition); a module without a file. A module or a
  C/C++ file with a file is a zero-width definition at the first position.
* **Uses.** Every span of a relation that carries spans (calls, references,
  inherits, implements, decorates and the imports, which are the graph's
  RESOLVES_TO) is a use of its target, in the source's file. Go package
  qualifiers (``util`` in ``util.Double``) are uses of the package they name.
* **Targets.** A resolved target is a symbol (through the merges above; a
  call of a class that the graph sends to its constructor names the class at
  the site, as ``Order`` in ``Order(…)`` does; where the language's ``Naming.constructor_sites`` says
  so, the site is a use of the constructor as well, TypeScript's ``new Order(…)``). An
  unresolved one is an :class:`External` when it has an identity (the file
  imports its first name, or it is a builtin of its language) and
  :class:`Anonymous` otherwise (``xs.reduce``: nobody knows whose ``reduce``).
  An ambiguous one is :class:`Ambiguous`: no candidate is claimed (an exporter may list them all).
* **Locals.** Parameters, local variables and type parameters, each with its declaring token and
  its uses (``Graph.locals``), for the exporters' per-document local symbols.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from codeknit.exporters.externals import builtin_package, builtins_of, has_global_namespace, is_stdlib
from codeknit.graph import Category, EdgeKind, Graph, Relation, Resolution, Span, Symbol, SymbolKind, split_id
from codeknit.graph.model import Local, Role
from codeknit.languages import registry
from codeknit.languages.spec import Naming

#: relation kinds whose spans are use sites
USE_KINDS = frozenset(
    {EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES,
     EdgeKind.IMPORTS}
)
_FILE_KINDS = frozenset({SymbolKind.MODULE, SymbolKind.FILE})
_DEFAULT_NAMING = Naming()


def naming_of(language: str) -> Naming:
    """How ``language``'s definitions are named across files (its spec's :class:`Naming`)."""
    spec = registry.get(language)
    return spec.naming if spec is not None else _DEFAULT_NAMING


def is_degraded(language: str) -> bool:
    """Are ``language``'s references resolved by a symbol table, not by its own scoping rules?"""
    spec = registry.get(language)
    return spec is not None and spec.degraded


@dataclass(frozen=True, slots=True)
class External:
    """A named symbol from outside the project: ``logging.info``, ``len``, ``<stdio.h>``."""

    name: str
    package: str
    language: str
    stdlib: bool
    role: str  # "type", "callable" or "term": what the use site shows it to be


@dataclass(frozen=True, slots=True)
class Anonymous:
    """An unresolved name without an identity: the text at one site."""

    text: str
    language: str


@dataclass(frozen=True, slots=True)
class Ambiguous:
    """A name with several candidate definitions, none of them claimed."""

    text: str
    candidates: tuple[str, ...]


Target = str | External | Anonymous | Ambiguous

#: a use's role: a plain reference (a read), an assignment, an import site, or a declaration site of a definition;
#: ``invokes``: what the site calls besides the name written there (the constructor ``new C(…)`` runs), a read
#: at a range that holds another use too (LSIF, one meaning per range, keeps the name written)
REFERENCE, WRITE, IMPORT, FORWARD, INVOKES = "reference", "write", "import", "forward", "invokes"


@dataclass(frozen=True, slots=True)
class Use:
    span: Span
    target: Target
    role: str
    text: str


@dataclass(frozen=True, slots=True)
class Definition:
    symbol: Symbol
    range: Span
    enclosing: Span


@dataclass(slots=True)
class FileIndex:
    path: str
    language: str
    definitions: list[Definition] = field(default_factory=list)
    uses: list[Use] = field(default_factory=list)
    #: the file's parameters, locals and type parameters, with their uses
    locals: list[Local] = field(default_factory=list)


def _role_of(kind: EdgeKind) -> str:
    if kind in (EdgeKind.CALLS, EdgeKind.DECORATES):
        return "callable"
    if kind in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.REFERENCES):
        return "type"
    return "term"


def _target_rank(use: Use) -> int:
    """Which use wins a position LSIF can give only one meaning: definitions' sites, then symbols, …"""
    if use.role == FORWARD:
        return 0
    if use.role == INVOKES:
        return 5
    target = use.target
    if isinstance(target, str):
        return 1
    if isinstance(target, External):
        return 2
    if isinstance(target, Ambiguous):
        return 3
    return 4


_USE_ROLES = {Role.READ: REFERENCE, Role.WRITE: WRITE, Role.IMPORT: IMPORT, Role.TYPE: REFERENCE}


def _valid(span: Span) -> bool:
    return span[0] >= 1 and (span[2], span[3]) >= (span[0], span[1])


class Navigation:
    """The navigation view of one graph (see the module docstring)."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.file_paths = {f.path for f in graph.files}
        self.canonical: dict[str, str] = {}
        self.declarations: dict[str, list[Symbol]] = defaultdict(list)  # definition id → its declarations
        self.package_paths: dict[str, str] = {}  # Go package node id → import path
        self.docs: dict[str, str] = {}  # docs a definition gets from the nodes merged into it
        self.left_out_modules = 0
        self._types_by_name: dict[str, list[Symbol]] | None = None
        self._imported: dict[str, set[str]] | None = None  # a file's path → the ids its imports resolve to
        self._merge_declarations()
        self._merge_go_packages()
        self._relations: dict[str, list[Relation]] = defaultdict(list)
        for relation in graph.relations:
            if relation.spans and relation.kind in USE_KINDS:
                source = graph.get(relation.source)
                if source is not None:
                    self._relations[source.path].append(relation)

    # -- merges ----------------------------------------------------------------------

    def _merge_declarations(self) -> None:
        """A C/C++ prototype with a definition in the graph is a declaration site of that definition."""
        definitions: dict[tuple[str, str, str], Symbol] = {}
        prototypes: list[Symbol] = []
        for symbol in self.graph.symbols:
            if not naming_of(symbol.language).declarations_link or symbol.kind.category is Category.META:
                continue
            if symbol.properties.get("declaration") is True:
                prototypes.append(symbol)
                continue
            key = self._linkage_key(symbol)
            definitions.setdefault(key, symbol)
        for prototype in prototypes:
            definition = definitions.get(self._linkage_key(prototype))
            if definition is not None:
                self.canonical[prototype.id] = definition.id
                self.declarations[definition.id].append(prototype)

    @staticmethod
    def _linkage_key(symbol: Symbol) -> tuple[str, str, str]:
        file_local = symbol.properties.get("static") is True and symbol.parent == symbol.path
        return (symbol.path if file_local else "", symbol.qualname, symbol.kind.category.value)

    def _merge_go_packages(self) -> None:
        """One package, one definition (Go: ``Naming.scheme == "package"``): its first non-test file's
        clause; the other clauses refer to it."""
        groups: dict[tuple[str, str], list[Symbol]] = defaultdict(list)
        for symbol in self.graph.symbols:
            if (symbol.kind is SymbolKind.PACKAGE and symbol.parent is None
                    and naming_of(symbol.language).scheme == "package"):
                groups[(posixpath.dirname(symbol.path), symbol.name)].append(symbol)
        for (directory, name), members in groups.items():
            members.sort(key=lambda s: (s.path.endswith("_test.go"), s.path))
            primary = members[0]
            self.package_paths[primary.id] = self._go_import_path(directory, name)
            documented = next((m.doc for m in members if m.doc), None)
            if documented and not primary.doc:
                self.docs[primary.id] = documented  # the package comment may sit in another file
            for other in members[1:]:
                self.canonical[other.id] = primary.id

    def _go_import_path(self, directory: str, name: str) -> str:
        project = self.graph.project_of(directory + "/") if directory else self.graph.project_of("")
        if project is not None and any(m.endswith("go.mod") for m in project.manifests):
            rel = directory[len(project.path):].strip("/") if project.path else directory
            return f"{project.name}/{rel}" if rel else project.name
        return directory or name

    def doc_of(self, symbol: Symbol) -> str | None:
        return symbol.doc or self.docs.get(symbol.id)

    def canonical_id(self, symbol_id: str) -> str:
        return self.canonical.get(symbol_id, symbol_id)

    # -- definitions -----------------------------------------------------------------

    def is_definition(self, symbol: Symbol) -> bool:
        if symbol.id in self.canonical or symbol.kind is SymbolKind.INCLUDE:
            return False
        if symbol.kind.category is Category.MODULE and symbol.path not in self.file_paths:
            return False
        return True

    def definition_range(self, symbol: Symbol) -> Span:
        if symbol.parent is None and symbol.kind in _FILE_KINDS:
            return (1, 0, 1, 0)
        return symbol.name_span

    # -- targets ---------------------------------------------------------------------

    def _imports_of(self, relations: list[Relation], language: str) -> dict[str, Target]:
        """The names a file's imports bind: ``os`` → External os, ``util`` → the util package node."""
        bindings: dict[str, Target] = {}
        scheme = naming_of(language).scheme
        for relation in relations:
            if relation.kind is not EdgeKind.IMPORTS:
                continue
            target = self.graph.get(relation.target) if relation.resolution is Resolution.RESOLVED else None
            if target is not None:
                if scheme == "package" and target.kind is SymbolKind.PACKAGE:
                    bindings.setdefault(target.name, self.canonical_id(target.id))
                continue
            if relation.resolution is not Resolution.UNRESOLVED:
                continue
            name = split_id(relation.target)[1] or relation.text
            if not name:
                continue
            # the resolver names the package an import comes from (``@scope/pkg`` for ``@scope/pkg/sub``)
            package = relation.package or (name if scheme != "module" else name.split(".", 1)[0])
            external = External(name, package, language, is_stdlib(language, name), "term")
            bindings.setdefault(name, external)
            if scheme == "package":
                bindings.setdefault(name.rstrip("/").rsplit("/", 1)[-1], external)
        return bindings

    def _external(self, name: str, language: str, role: str, bindings: dict[str, Target]) -> External | None:
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):
            head = ".".join(parts[:cut])
            bound = bindings.get(head)
            if isinstance(bound, External):
                full = bound.name + (name[len(head):] if cut < len(parts) else "")
                return External(full, bound.package, language, bound.stdlib, role if cut < len(parts) else "term")
        if parts[0] in builtins_of(language):
            return External(name, builtin_package(language), language, True, role)
        if len(parts) == 1 and has_global_namespace(language):
            return External(name, ".", language, False, role)
        return None

    def _named_at_site(self, relation: Relation, node: Symbol) -> Symbol:
        """The symbol the text at the site names: ``Order(…)`` calls ``Order.__init__`` but names ``Order``.

        When the class written inherits its constructor, the graph's call goes to the base
        class's; the site names the subclass, found as the one class of that name that
        inherits from the constructor's owner. Where several modules define a class of that name
        (``HtmlBlockPreprocessor`` in two modules, both heirs), a bare name names the one the site's
        file defines at its top level or imports.
        """
        if relation.kind is not EdgeKind.CALLS:
            return node
        written = relation.text.rsplit(".", 1)[-1]
        if node.kind.category is Category.TYPE:  # the call went to a base class: the site names a subclass
            heirs = self._heirs_named(relation, written, node.id)
            return heirs[0] if written != node.name and len(heirs) == 1 else node
        owner = self.graph.get(node.parent) if node.parent is not None else None
        if owner is None or owner.kind.category is not Category.TYPE or written == node.name:
            return node
        if written == owner.name:
            return owner
        heirs = self._heirs_named(relation, written, owner.id)
        return heirs[0] if len(heirs) == 1 else node

    def _heirs_named(self, relation: Relation, written: str, ancestor: str) -> list[Symbol]:
        """The classes named ``written`` that inherit from ``ancestor``; of several, where the site writes a
        bare name, the one its file defines at the top level, else those it imports (when that leaves any)."""
        heirs = [c for c in self._classes_named(written) if self._inherits_from(c, ancestor)]
        if len(heirs) < 2 or "." in relation.text:
            return heirs
        source = self.graph.get(relation.source)
        if source is None:
            return heirs
        if self._imported is None:
            self._imported = defaultdict(set)
            for other in self.graph.relations:
                if other.resolution is Resolution.RESOLVED and (
                        other.kind is EdgeKind.IMPORTS or (other.roles is not None and Role.IMPORT in other.roles)):
                    importer = self.graph.get(other.source)
                    if importer is not None:
                        self._imported[importer.path].add(other.target)
        own = [c for c in heirs if c.path == source.path and c.parent == c.path]
        if own:
            return own
        imported = self._imported.get(source.path, set())
        return [c for c in heirs if c.id in imported] or heirs

    def _constructor_invoked(self, relation: Relation, target: Target) -> str | None:
        """The constructor a call of a class invokes, when the site names the class (``Naming.constructor_sites``)."""
        if relation.kind is not EdgeKind.CALLS or relation.resolution is not Resolution.RESOLVED:
            return None
        node = self.graph.get(relation.target)
        if node is None or node.kind is not SymbolKind.CONSTRUCTOR:
            return None
        constructor = self.canonical_id(node.id)
        return constructor if constructor != target else None

    def _classes_named(self, name: str) -> list[Symbol]:
        if self._types_by_name is None:
            self._types_by_name = defaultdict(list)
            for symbol in self.graph.symbols:
                if symbol.kind.category is Category.TYPE:
                    self._types_by_name[symbol.name].append(symbol)
        return self._types_by_name.get(name, [])

    def _inherits_from(self, symbol: Symbol, ancestor: str, depth: int = 12) -> bool:
        seen: set[str] = set()
        frontier = [symbol.id]
        while frontier and depth > 0:
            depth -= 1
            bases = [r.target for current in frontier for r in self.graph.outgoing(current, (EdgeKind.INHERITS,))
                     if r.resolution is Resolution.RESOLVED]
            if ancestor in bases:
                return True
            frontier = [b for b in bases if b not in seen]
            seen.update(frontier)
        return False

    def target_of(self, relation: Relation, language: str, bindings: dict[str, Target]) -> Target | None:
        """What the use sites of ``relation`` denote; ``None`` when the use is left out on purpose."""
        graph = self.graph
        node = graph.endpoint(relation)
        if node is not None and node.kind is SymbolKind.INCLUDE:
            if node.properties.get("resolution") == "resolved":
                return None  # the include's imports relation places it, on the header file
            name = node.name
            return External(name, ".", language, is_stdlib(language, name), "term")
        if relation.resolution is Resolution.RESOLVED and node is not None:
            if node.kind.category is Category.MODULE and node.path not in self.file_paths:
                self.left_out_modules += 1
                return None
            return self.canonical_id(self._named_at_site(relation, node).id)
        if relation.resolution is Resolution.AMBIGUOUS:
            candidates = tuple(dict.fromkeys(self.canonical_id(c) for c in relation.candidates if c in graph))
            return Ambiguous(relation.text, candidates)
        name = split_id(relation.target)[1] or relation.text
        external = self._external(name, language, _role_of(relation.kind), bindings)
        if external is not None:
            return external
        return Anonymous(relation.text or name, language)

    # -- per file --------------------------------------------------------------------

    def files(self) -> Iterator[FileIndex]:
        """A :class:`FileIndex` per analysed file, in the graph's file order."""
        by_path: dict[str, list[Symbol]] = defaultdict(list)
        for symbol in self.graph.symbols:
            by_path[symbol.path].append(symbol)
        locals_by_path: dict[str, list[Local]] = defaultdict(list)
        for local in self.graph.locals:
            locals_by_path[local.path].append(local)
        for file in self.graph.files:
            index = self.file_index(file.path, file.language, by_path.pop(file.path, []))
            index.locals = locals_by_path.pop(file.path, [])
            yield index

    def file_index(self, path: str, language: str, symbols: list[Symbol]) -> FileIndex:
        index = FileIndex(path, language)
        uses: list[Use] = []
        for symbol in symbols:
            if self.is_definition(symbol):
                if _valid(symbol.name_span):
                    index.definitions.append(Definition(symbol, self.definition_range(symbol), symbol.span))
            elif symbol.id in self.canonical and _valid(symbol.name_span):
                role = FORWARD if symbol.properties.get("declaration") is True else REFERENCE
                uses.append(Use(symbol.name_span, self.canonical[symbol.id], role, symbol.name))
        relations = self._relations.pop(path, [])
        bindings = self._imports_of(relations, language)
        naming = naming_of(language)
        package_qualifiers = naming.scheme == "package"
        for relation in relations:
            target = self.target_of(relation, language, bindings)
            if target is None:
                continue
            role = IMPORT if relation.kind is EdgeKind.IMPORTS else REFERENCE
            roles = relation.roles
            invoked = self._constructor_invoked(relation, target) if naming.constructor_sites else None
            for position, span in enumerate(relation.spans):
                if _valid(span):
                    used_as = role if roles is None else _USE_ROLES[roles[position]]
                    uses.append(Use(span, target, used_as, relation.text))
                    if invoked is not None:
                        uses.append(Use(span, invoked, INVOKES, relation.text))
            if package_qualifiers:
                uses.extend(self._package_qualifiers(relation, bindings))
        seen: set[tuple[Span, Target]] = set()
        unique = []
        for use in sorted(uses, key=lambda u: (u.span, _target_rank(u))):
            if (use.span, use.target) not in seen:
                seen.add((use.span, use.target))
                unique.append(use)
        index.uses = unique
        return index

    @staticmethod
    def _package_qualifiers(relation: Relation, bindings: dict[str, Target]) -> Iterator[Use]:
        """``util`` in ``util.Double`` is a use of the package ``util`` names."""
        head, dot, rest = relation.text.partition(".")
        if not dot or not rest or relation.kind is EdgeKind.IMPORTS:
            return
        package = bindings.get(head)
        if package is None:
            return
        if isinstance(package, External):
            package = External(package.name, package.package, package.language, package.stdlib, "term")
        for line, start, end_line, _ in relation.spans:
            begin = start - 1 - len(head.encode())
            if begin >= 0 and line == end_line:
                yield Use((line, begin, line, start - 1), package, REFERENCE, head)


__all__ = [
    "FORWARD",
    "IMPORT",
    "INVOKES",
    "REFERENCE",
    "Ambiguous",
    "Anonymous",
    "Definition",
    "External",
    "FileIndex",
    "Navigation",
    "Target",
    "Use",
    "is_degraded",
    "naming_of",
]
