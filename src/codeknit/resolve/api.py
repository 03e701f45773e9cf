"""What a language's resolution rules see of the resolver: the rule-facing API.

A language's ``rules.py`` (``codeknit/languages/<language>/rules.py``) defines ``RULES``, a
:class:`LanguageRules` subclass, and imports from here (and the shared rule code in
``resolve/scoped.py`` and ``resolve/receivers.py``), never from the resolver itself:

* what a name can denote: :class:`Sym` (a project symbol), :class:`External` (something from
  outside, by its canonical name and package), :class:`Instance` (a value of a project type),
  :data:`UNKNOWN` (a value nobody can see into); together :data:`Entity`;
* :class:`FileIndex`, one file's extraction and what the resolver indexed of it;
* :class:`ModuleIndex` and :class:`ModuleTarget`, where imports point;
* :class:`Resolving`, the resolver's operations a rule may call (lookups through scopes, modules,
  members and types; adding relations);
* :class:`LanguageRules`, the defaults every language starts from.

The resolver (``resolve/resolver.py`` and the concern modules beside it) implements
:class:`Resolving` and imports this module; nothing here imports it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Protocol

from codeknit.graph.model import EdgeKind, Local, LocalKind, Relation, Resolution, Role, Span, Symbol, SymbolKind
from codeknit.languages.records import Extraction, RawImport, RawRef

#: at most this many candidates make an ``ambiguous`` edge; more is noise, so ``unresolved``
MAX_CANDIDATES = 8


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
class UnseenPart(Unknown):
    """A part of an intersection type the resolver cannot see into (TypeScript's ``Props & Conditional<T>``,
    ``Types.type_entities``): a value of the type has every part's members, so a member another part
    declares is that part's, whatever this one holds (``Members.members_of``); a member no other part
    declares is unknown, as any member of an unknown value is."""


@dataclass(frozen=True, slots=True)
class Instance:
    """A value whose type is a project type (by id): its members are the type's, through the hierarchy."""

    type_id: str


@dataclass(frozen=True, slots=True)
class Shape:
    """A value of an anonymous object type written in ``path`` (TypeScript's ``{ a: A; b(): B }``): its members
    are exactly those it lists, each declared at its token as a ``property`` local (``members``: name, line,
    column); no project type's member is one of them."""

    path: str
    members: tuple[tuple[str, int, int], ...]


@dataclass(frozen=True, slots=True)
class ShapeMember:
    """A member of a :class:`Shape`: the ``property`` local declared at ``line``, ``column`` of ``path``."""

    path: str
    line: int
    column: int


Entity = Sym | External | Unknown | Instance | Shape | ShapeMember
UNKNOWN = Unknown()
#: the one :class:`UnseenPart`
UNSEEN_PART = UnseenPart()

#: a relation's key in :attr:`Resolving.relations`: (source, kind, target, resolution, candidates)
RelationKey = tuple[str, EdgeKind, str, Resolution, tuple[str, ...]]


@dataclass(slots=True)
class FileIndex:
    """One file as the resolver indexed it."""

    extraction: Extraction
    rules: LanguageRules
    #: the symbol id of each of the extraction's symbols, by index
    ids: list[str]
    #: scope index → name → the indices of the symbols it defines under that name
    children: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    #: (scope, local name) → the import that binds it
    bindings: dict[tuple[int, str], RawImport] = field(default_factory=dict)
    binding_names: dict[tuple[int, str], str] = field(default_factory=dict)  # local → imported name
    stars: list[RawImport] = field(default_factory=list)
    reexports: list[RawImport] = field(default_factory=list)


_VALUE_LOCALS = frozenset({LocalKind.PARAMETER, LocalKind.VARIABLE})


def local_binds(rules: LanguageRules, local: Local, ref: RawRef) -> bool:
    """Does ``local``, declared where ``ref`` is written, bind its name there? Not where ``ref`` is a type name
    and the local a value only (:attr:`LanguageRules.declaration_spaces`)."""
    return not (rules.declaration_spaces and ref.kind is EdgeKind.REFERENCES
                and (ref.role is None or ref.role is Role.TYPE) and local.kind in _VALUE_LOCALS)


def name_shadows(file: FileIndex, scope: int, name: str) -> bool:
    """Does ``scope`` itself bind ``name`` (a local or a nested definition)?"""
    return name in file.extraction.locals.get(scope, ()) or name in file.children.get(scope, {})


@dataclass(frozen=True, slots=True)
class ModuleTarget:
    """Where an import points: a project module (by path) or an external name."""

    path: str | None  # the project file, when the module is in the project
    name: str  # the module name as the import spells it (canonical for externals)


@dataclass(frozen=True)
class Conversions:
    """A language's conversions of arguments to parameters (Java's: JLS §5.3)."""

    #: each primitive type → the primitive types it widens to
    widening: Mapping[str, frozenset[str]]
    #: each primitive type → its box
    boxes: Mapping[str, str]
    #: platform types → every supertype they have (the boxes, strings, ``Number``): an argument of one of them
    #: fits no other type
    supertypes: Mapping[str, frozenset[str]]
    #: the platform's final types (boxes, strings): no other type is a subtype of one
    final: frozenset[str]
    #: the type every reference type is (``Object``); arrays are that and ``array_supertypes``
    top: str
    #: the packages the types of the tables are from (``java.lang``): a type is one of them only where the
    #: resolver finds it there, not a project type or another package's of the same name
    platform: frozenset[str]
    array_supertypes: frozenset[str] = frozenset()
    #: the null literal's type, which every reference type takes
    null: str = "null"
    #: Java's phases (JLS §15.12.2.2-4): first without boxing, then with it, then variable arity; off (C#), boxing is
    #: a conversion as good as the others and only an expanded ``params`` form comes last
    phases: bool = True
    #: type names that are the platform's by their spelling (C#'s keywords ``int``, ``string``, ``object``)
    keywords: frozenset[str] = frozenset()
    #: other spellings of types, as written in parameters and arguments (``Int32`` → ``int``; ``?``: any type)
    aliases: Mapping[str, str] = field(default_factory=dict)
    #: do the tables list every supertype of their types (Java)? Off (C#, whose built-in types implement
    #: interfaces of each version), a type from outside not in them may be one: nothing is decided by it
    complete: bool = True
    #: may types declare conversions of their own (C#'s ``implicit operator``)? Then a project type that declares
    #: one (or whose ancestor does) takes or gives more than its hierarchy says: nothing is decided by it
    user_conversions: bool = False
    #: an argument type → the parameter types it may convert to only as a constant in range (C#'s ``1`` to
    #: ``byte``): not decided
    uncertain: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: every type name the tables speak of (made from them)
    names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        names = {self.top, *self.boxes.values(), *self.supertypes, *self.final, *self.array_supertypes}
        names.update(name for supertypes in self.supertypes.values() for name in supertypes)
        object.__setattr__(self, "names", frozenset(names))

    def unboxed(self, name: str) -> str | None:
        return next((primitive for primitive, box in self.boxes.items() if box == name), None)


class LanguageRules:
    """Defaults shared by languages; subclasses override what differs."""

    #: names that denote the current instance inside a method
    instance_names: frozenset[str] = frozenset()
    #: a bare name inside a method body can see class members (Java, C#); Python and JS cannot
    class_scope_visible_from_methods: bool = False
    #: TypeScript's declaration spaces: a name in a type position (``tag`` in ``tag<T>``) names a type, and one that
    #: qualifies a type name (``ns`` in ``ns.Foo``) a namespace; never a parameter or a local variable, which are
    #: values only: the lookup passes over them (``(tag: Tag): tag<Tag>`` names the interface ``tag`` around the
    #: function, not the parameter), and a qualifier passes over what holds no types (:meth:`namespaces_among`)
    declaration_spaces: bool = False
    #: a member (a method, field or accessor) whose parent is no type binds its name in that parent's scope. Off
    #: (JavaScript, TypeScript), such a member, of a class the extraction keeps no symbol of (a class expression:
    #: ``return class Built extends make(ast) { static make = … }``) and so held by the scope around the class,
    #: names nothing there: members are never lexical names, and the bare ``make`` is the one around
    members_outside_types_bind_names: bool = True
    #: a bare name in a class's own body can be one of its members (Python's class body is a scope); in
    #: JavaScript and TypeScript it never is (``Logger: Logger`` names the class, not the field)
    class_body_binds_names: bool = True
    #: a class's body is code that runs in order, in a scope its nested scopes do not see (Python): a name the
    #: body binds only further on, or used inside a comprehension (but in its first iterable), is the name
    #: around the class (``a = limit`` before ``limit = 5``; ``[y for _ in r]`` reads the module's ``y``)
    class_body_runs: bool = False
    #: outside types that say nothing of a value (Python's ``typing.Any``): a value of one, or the class
    #: itself (``Type[Any]``), is a value the resolver cannot see, whose members are any project members of
    #: their name, never members of the outside type
    unknown_types: frozenset[str] = frozenset()
    #: a name a callable declares only in a block (or further on), used where no declaration of it is in
    #: effect, is the name outside the callable (C, C++); off, it is looked up where it is (Ruby: a bare
    #: name before its assignment calls a method of ``self``, which the rules find from the method)
    outer_names_where_undeclared: bool = True
    #: the constructor's name, if the language has one
    constructor_names: tuple[str, ...] = ()
    #: does a module expose only what it exports? (JS/TS: yes; Python: everything is reachable)
    exports_only: bool = False
    #: the instance is a method's first parameter, whatever its name (Python's ``self``)
    receiver_is_first_parameter: bool = False
    #: ``super().m`` (Python) rather than ``super.m`` and ``super(...)`` (JS, Java)
    super_is_call: bool = False
    #: ``pkg.Name`` also looks in the files of ``shared_scope`` (a Go package spans its directory)
    package_spans_shared_scope: bool = False
    #: names that no file declares, each holding an instance of a type the project may declare too (TypeScript's
    #: DOM ``window``: a ``Window``, which ``declare global { interface Window { … } }`` adds members to): where
    #: the name's lookup finds nothing else, and the type's does, the name is typed by it
    implicit_types: Mapping[str, str] = MappingProxyType({})
    #: a name that several files of ``shared_scope`` define denotes the first file's definition (Go: a package's
    #: files, among which its build rules pick); off, it denotes all of them, a use ambiguous between them
    #: unless the rules' ``prefer_targets`` merges them (TypeScript's global scripts: two scripts' ``function
    #: main`` are one global name declared twice; its namespaces, declarations and interfaces merge)
    shared_scope_first: bool = True
    #: an ``owner`` not defined in the file (or its shared scope) is looked up through the file's
    #: scopes and imports, as a reference would be (a Rust ``impl`` of a type from another module)
    owner_follows_imports: bool = False
    #: ``extra_relations(file)`` adds only relations whose source is in ``file`` and changes nothing
    #: else (no symbol properties, no other file's relations): an incremental run (``run(only=…)``)
    #: may then skip it for the files it keeps. Off by default, which is always correct.
    file_local_extras: bool = False
    #: the scanned directory on disk, when the caller knows it (set by the resolver before
    #: ``register``); rules may read project files there that are not source (Go's ``go.mod``)
    source_root: Path | None = None
    #: a whole-program points-to analysis may answer calls (Python's); set by the resolver from
    #: ``IndexOptions.points_to``. Off, the name rules answer every call
    points_to: bool = True
    #: ``import a.b.c`` binds ``a`` (Python)
    import_binds_head: bool = False
    #: a name imported from a project module that does not define it is an outside name
    #: (``module.name``); off (Python), it is nothing: the import would fail
    missing_member_is_external: bool = True
    #: ``from . import name`` may name a module file of the package's directory (Python)
    relative_submodules: bool = False
    #: a field that only an assignment in a method declares (``self.x = …``, no annotation) is the
    #: attribute an ancestor declares, where one does (Python): the subclass writes the inherited attribute
    assigned_fields_inherit: bool = False
    #: methods of an array (a value whose declared type is ``T[]``) that call back with its elements: the
    #: callback's parameter at this position is a ``T`` (JavaScript's ``xs.map((x) => …)``: 0)
    element_callbacks: Mapping[str, int] = MappingProxyType({})
    #: methods of an array that are passed its elements: the positions of the arguments that are a ``T``, from
    #: the first to the last (None: every one after it; JavaScript's ``xs.push(x, y)``: ``(0, None)``)
    element_arguments: Mapping[str, tuple[int, int | None]] = MappingProxyType({})
    #: methods of an array that return one of its elements (JavaScript's ``xs.find(…)``, ``xs.pop()``)
    element_returns: frozenset[str] = frozenset()
    #: methods of an array that return an array of (some of) its elements (JavaScript's ``xs.filter(…)``,
    #: ``xs.slice()``): an element of what they return is an element of the receiver
    array_returns: frozenset[str] = frozenset()
    #: a type text written with type arguments (``Name<A,B>``) may name a generic alias that stands for its
    #: arguments (TypeScript's adapter writes such texts; elsewhere a type text means what it says)
    generic_type_texts: bool = False
    #: a class's ``prototype`` holds its instance members (JavaScript's ``Ajv.prototype.addSchema``, TypeScript's
    #: ``typeof Ajv.prototype.addSchema``): a member read through it is the instance's
    class_prototypes: bool = False
    #: a variable assigned a getter's read holds what the getter returns (TypeScript's ``const s = this.snap``
    #: with ``get snap(): Snap``); off, such a name is read as the accessor itself (Python's class attribute)
    getter_reads_hold_values: bool = False
    #: ``const xs = parse(p)``, then ``xs[i]``: an element of the array the called function declares it returns
    #: (TypeScript; Python's ``rows = load()`` then ``for r in rows``, and ``vs = d.values()``, since stop 51)
    call_result_elements: bool = False
    #: an element read of a mapping whose values are written ``V[:]`` is a ``V`` as one of an array ``V[]`` is
    #: (TypeScript's ``rec[key]`` and ``Object.values(rec)`` with ``rec: Record<string, V>``: a record is not
    #: iterable, so its only elements are its values; Python's ``for k in d`` gives its keys)
    keyed_elements: bool = False
    #: a type alias may stand for an array or a mapping (its declared type written ``T[]``, ``V[:]``): an element
    #: of a value of the alias is a ``T`` (TypeScript's ``type Rows = Row[]``, Go's ``type spans []span``)
    array_aliases: bool = False
    #: methods of a collection that return what reading it by a key gives: an element of a collection written
    #: ``T[]``, a value of a mapping written ``V[:]`` (Python's ``d.get(k)``, ``d.setdefault(k, v)``,
    #: ``xs.pop()``); a receiver of any other declared type calls its own method
    keyed_returns: frozenset[str] = frozenset()

    #: a class's method leaves its ancestors' methods of that name in reach unless it overrides them (Java, C#,
    #: Kotlin, Scala, Swift overload across a hierarchy: ``sub.make(t)`` may be ``Base.make(Type)`` beside
    #: ``Sub.make(Class)``); off, a class's member hides its ancestors' of that name (Python, Ruby, JavaScript;
    #: C++ hides by name too)
    inherited_overloads: bool = False
    #: an unannotated parameter of a method that overrides one whose parameter of that name, at that position,
    #: is annotated is read as declared there (pyright infers it so: Python's ``def run(self, md)`` under a base's
    #: ``def run(self, md: Markdown)``)
    inherited_parameter_types: bool = False
    #: how the language converts a call's arguments to a callable's parameters, where the adapter tells argument
    #: types (``Extraction.argument_types``): of overloads that accept as many arguments, those that can take
    #: them, and the one the language chooses (``resolve/overloads.py``). None: not weighed
    conversions: Conversions | None = None

    def may_override(self, resolver: Resolving, source: str, target: str) -> bool:
        """Can the method ``source`` override ``target``, an ancestor's method of the same name, as far as their
        declarations show? (No: an overload, which leaves ``target`` in reach; see ``inherited_overloads``.)"""
        return True

    def external_members(self, base: str) -> frozenset[str] | None:
        """:meth:`external_defines` for every name at once, where the language knows ``base``'s members:
        the names it defines apart from dunders (which a known class defines, every one); None where it
        may define anything."""
        return None

    def external_defines(self, base: str, name: str) -> bool:
        """May ``base``, a class outside the project as a base list names it, define the member ``name``?

        The default is yes: a class we cannot see may define anything. A language that knows some
        outside classes' members (Python's ``object`` and built-in exceptions) answers no for the
        others, so an instance attribute of a subclass is not also "something we cannot see"."""
        return True

    def ancestors(self, resolver: Resolving, class_id: str) -> list[str] | None:
        """The project ancestors of a class of this language in the order its members are looked up, the class
        first (what :meth:`Resolving.mro` gives), where the language orders them otherwise than C3 over its
        bases as written (Python's MRO); None: that order. A language answering reads its parents' orders
        through ``resolver.mro`` (which guards against cycles)."""
        return None

    def outside_class(self, base: External) -> bool:
        """Is ``base``, as a class names it among its bases, a class outside the project (which cannot have
        a project class among its ancestors), rather than a value the resolver could not follow? Yes
        when an import says which package it comes from."""
        return base.package is not None

    def register(self, extraction: Extraction) -> list[str]:
        """Module keys under which this file can be imported."""
        return []

    def module_name(self, extraction: Extraction) -> str:
        """The name of the file's module symbol. The adapter names it from the path alone (it reads one file);
        rules that know the whole tree may name it as the code imports it (Python: from its package root)."""
        return extraction.symbols[0].name

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        raise NotImplementedError

    def prefer_targets(self, resolver: Resolving, kind: EdgeKind, targets: list[str],
                       role: Role | None = None) -> list[str]:
        """Narrow several definitions a name reaches to those the language means at such a use.

        Called when more than one remains (TypeScript: the implementation of an overloaded
        function, the value of a merged interface-and-const for a call or a value read). ``role``
        is the use's role where it is a value use (a ``references`` read, write or import), else
        None (a call, a type, a base). The default keeps all.
        """
        return targets

    def merged_targets(self, resolver: Resolving, targets: list[str]) -> list[str]:
        """Of the definitions a use's relation would name (several, as :meth:`prefer_targets` left them), the one
        that names an entity the language merges them into (TypeScript's interfaces of one name in one scope,
        the global scope of scripts included), beside the others. Only a relation's target: a value of such a type
        keeps the members of every declaration (``prefer_targets`` keeps them all). The default keeps all."""
        return targets

    def external_package(self, imp: RawImport, module_name: str) -> str | None:
        """The package an import of ``module_name``, not found in the project, comes from.

        None when the import cannot name one: a relative import that is simply missing. The default
        is the module as written (``os.path``, ``fmt``, ``github.com/pkg/errors``); languages with
        package names shorter than their module names override it (npm's ``@scope/pkg``).
        """
        if imp.level or not module_name or module_name.startswith("."):
            return None
        return module_name

    def submodule(self, module_path: str, name: str, modules: ModuleIndex) -> str | None:
        """A submodule ``name`` of the package whose ``__init__``/index is ``module_path``."""
        return None

    def declaring_module(self, path: str, modules: ModuleIndex) -> str:
        """The file whose declarations a static reader takes for the module at ``path`` (Python: a stub
        ``m.pyi`` beside ``m.py``, which type checkers read instead of it). The default: ``path`` itself."""
        return path

    def runtime_module(self, path: str, modules: ModuleIndex) -> str:
        """The file that runs for the module whose declarations are at ``path`` (the inverse of
        :meth:`declaring_module`): where a name its stub does not declare is looked up."""
        return path

    def shared_scope(self, path: str, modules: ModuleIndex) -> list[str]:
        """Other files whose top-level names ``path`` sees without an import (a Go package's files)."""
        return []

    def shared_part(self, path: str) -> frozenset[int] | None:
        """Which of the top-level definitions of ``path``, a file of another's ``shared_scope``, that file sees (by
        index among ``path``'s symbols): None, all of them (a Go package's file, a TypeScript script); a
        TypeScript module declares only those of its ``declare global { … }`` in the global scope."""
        return None

    def shares_own_scope(self, path: str) -> bool:
        """Do ``path``'s own top-level namespaces merge with the shared scope's namespaces of their name (a
        TypeScript script's ``namespace App.A`` with another script's ``namespace App.B``; not a TypeScript
        module's, which sees the global scripts' names but declares none of them)? The default: no, a file's
        own definition of a name hides the shared scope's."""
        return False

    def extra_relations(self, resolver: Resolving, file: FileIndex) -> None:
        """Language-specific relations the shared passes cannot derive (called after them)."""

    def carry_over(self, previous: LanguageRules, resolver: Resolving) -> None:
        """An incremental run starts: ``previous`` are this language's rules from the run whose
        relations it keeps, and every changed file's interface is as it was then. Rules may adopt
        whole-program results whose inputs are all interface (called after :meth:`prepare`)."""

    def answers(self, resolver: Resolving) -> object | None:
        """After a run: what this language answered from whole-program results, in plain data
        (tuples, strings, numbers) that the persistent index can keep with the graph, so that a
        later process resolving a changed file whose interface is unchanged can
        :meth:`adopt_answers` instead of computing those results again. None: nothing worth it."""
        return None

    def adopt_answers(self, answers: object) -> None:
        """An incremental run starts in a new process (no rules to :meth:`carry_over`): ``answers``
        are what :meth:`answers` gave for the run whose relations it keeps, and every changed
        file's interface is as it was then (called after :meth:`prepare`)."""

    def moved(self, path: str, before: Extraction, after: Extraction) -> None:
        """In an incremental run, after :meth:`carry_over` or :meth:`adopt_answers` (or before
        :meth:`Resolver.update <codeknit.resolve.resolver.Resolver.update>` resolves the file
        again): ``before`` is the version of changed file ``path`` that the carried results were
        worked out from, ``after`` the version now resolved. Their interfaces are equal, but
        positions the interface leaves out may have moved."""

    def prepare(self, resolver: Resolving) -> None:
        """Called once per resolving run, after every file is indexed and before any reference is resolved."""

    def release(self) -> None:
        """Drop what this run computed and refers back to the resolver (nothing will ask again)."""

    def begin(self, resolver: Resolving) -> bool:
        """The pass over every file's references is about to start (imports and the class hierarchy are
        resolved): a whole-program analysis may start now, in the background, and the pass goes on
        with what does not wait for it (:meth:`later_kind`). True: it started (:meth:`pace` is asked)."""
        return False

    def pace(self, resolver: Resolving) -> None:
        """Between two files of the pass, while what :meth:`begin` started runs: wait for it here when
        going on beside it would cost more than it saves (memory)."""

    def settle(self, resolver: Resolving) -> None:
        """Before the references of :meth:`later_kind` are resolved: finish the whole-program analysis they wait
        for here, so that its failure is the run's (raised), never one file's error entry."""

    def later_kind(self, file: FileIndex) -> EdgeKind | None:
        """The kind of reference of ``file`` that waits for a whole-program result (:meth:`begin`): those
        are resolved after every file's other references and value uses, in their order; the uses of
        locals they make are recorded in the pass, as for any reference. None: nothing waits."""
        return None

    def imported_name(self, resolver: Resolving, file: FileIndex, imp: RawImport, imported: str) -> list[Entity] | None:
        """What ``imported``, one of ``imp``'s names, denotes at its token, when the language says (where
        ``module`` is the whole imported name, not the module it comes from); None: the module's member."""
        return None

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        """What ``ref`` denotes when the language decides it itself; None leaves it to the shared lookup."""
        return None

    def namespaces_among(self, resolver: Resolving, entities: list[Entity]) -> list[Entity]:
        """What a name qualifying a type name (``ns`` in ``ns.Foo``) may denote among ``entities``, where the
        language reads it in a space of its own (:attr:`declaration_spaces`); the default keeps them all."""
        return entities

    def by_text(self, ref: RawRef) -> bool:
        """Does :meth:`resolve_ref` decide ``ref`` by its scope and text alone, reading no position? Then a
        reference whose head no local of its file names means the same wherever in its scope it is
        written, and is resolved once per scope and text (``Resolver.resolve_ref``). True where the shared
        lookup decides every reference; a language whose hook reads positions says which it reads."""
        return type(self).resolve_ref is LanguageRules.resolve_ref

    def lexical_lookup(self) -> bool:
        """Does :meth:`resolve_ref` answer every reference by its text, its file and the names the scopes
        around it bind, as the shared lookup does (reading no position, no type around the scope: no
        inherited member named bare)? Then a text whose head no scope inside its file binds, nor any local,
        means the same in every scope of the file, and is looked up once per file
        (``Scopes.scope_free_texts``). True where the shared lookup decides every reference."""
        return type(self).resolve_ref is LanguageRules.resolve_ref


def inherited_overloads(resolver: Resolving, rules: LanguageRules, ancestors: Iterable[str], name: str,
                        found: list[str]) -> list[str]:
    """``found``, a class's members ``name``, with the methods of that name of ``ancestors`` (its ancestors after
    it, nearest first) that none of the methods met overrides (:attr:`LanguageRules.inherited_overloads`);
    ``found`` as it is where it holds anything but methods (a field hides a method; constructors are not
    inherited)."""
    symbols = resolver.symbols
    if any(symbols[i].kind is not SymbolKind.METHOD for i in found):
        return found
    collected = list(found)
    for ancestor in ancestors:
        for method in resolver.members.get(ancestor, {}).get(name, ()):
            if symbols[method].kind is SymbolKind.METHOD and method not in collected and not any(
                    rules.may_override(resolver, mine, method) for mine in collected):
                collected.append(method)
    return collected


class LocalsAt(Protocol):
    """A file's locals by where each is visible (``resolve/local_index.py``)."""

    def at(self, name: str, span: Span) -> object | None:
        """The local that ``name`` at ``span`` denotes, or None."""
        ...


class Resolving(Protocol):
    """The resolver's state and operations that rules read and call."""

    #: every project symbol by id, and every file's index by path
    symbols: dict[str, Symbol]
    files: dict[str, FileIndex]
    modules: ModuleIndex
    #: type id → member name → ids (attached owners included); member name → ids of every type's members
    members: dict[str, dict[str, list[str]]]
    members_by_name: dict[str, list[str]]
    #: inherited and implemented types of a type, for member lookup; inherited only: what ``super`` means
    bases: dict[str, list[Entity]]
    superclasses: dict[str, list[Entity]]
    #: a namespace or inline module (a module symbol that is not a file's) → its children by name
    scope_members: dict[str, dict[str, list[str]]]
    #: every relation but ``contains`` so far (rules may look relations up, change or drop them)
    relations: dict[RelationKey, Relation]
    #: the extractions serve nothing after this run (a one-shot run): what has been read of them may go
    consume: bool

    def lookup(self, file: FileIndex, scope: int, name: str) -> list[Entity]:
        """A bare name as seen from ``scope`` (innermost first, then the module, imports, stars)."""
        ...

    def for_thread(self) -> Resolving:
        """A view to look things up in from another thread while this one goes on (memos of its own)."""
        ...

    def lookup_module_scope(self, file: FileIndex, name: str) -> list[Entity]: ...

    def module_member(self, path: str, name: str) -> list[Entity]:
        """What ``module.name`` denotes, following re-exports and star imports."""
        ...

    def member(self, entity: Entity, name: str) -> list[Entity]: ...

    def members_of(self, entities: list[Entity], part: str) -> list[Entity]:
        """``part`` of each entity; ``name()`` stands for what calling that member gives."""
        ...

    def class_member(self, class_id: str, name: str, *, skip_self: bool = False) -> list[Entity]: ...

    def mro(self, class_id: str) -> list[str]:
        """Linearised project ancestors (C3 where it exists, else depth-first; or the order the language's
        :meth:`LanguageRules.ancestors` gives), starting at the class."""
        ...

    def external_may_define(self, class_id: str, name: str) -> bool:
        """May a base outside the project, of the class or an ancestor, define the member ``name``?"""
        ...

    def type_entities(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """The values a type text written in ``scope`` denotes (see ``RawSymbol.declared_type``)."""
        ...

    def value_type(self, symbol_id: str) -> list[Entity]: ...

    def call_results(self, entities: list[Entity]) -> list[Entity]: ...

    def same_runtime(self, file: FileIndex, members: list[str]) -> list[str]:
        """``members`` but those of a language whose code ``file``'s cannot call (another runtime)."""
        ...

    def accepting(self, targets: list[str], call: RawRef, file: FileIndex | None = None, *,
                  overloads: bool = True) -> list[str]:
        """Of several callables ``call`` (written in ``file``) names, those that accept its arguments
        (``RawSymbol.arity`` and ``labels``, and the types ``Extraction.argument_types`` tells; all where none
        does)."""
        ...

    def resolve_text(self, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        """What a reference denotes, by the shared rules (after the language's ``resolve_ref``)."""
        ...

    def made_up_text(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """What ``text`` denotes from ``scope`` as a reference made up without a token (kept through a file's pass)."""
        ...

    def shared_names(self, file: FileIndex) -> dict[str, list[str]]: ...

    def enclosing_class(self, file: FileIndex, scope: int, *, via_receiver: str | None) -> str | None:
        """The class whose instance ``this``/``self`` (or a named receiver) denotes in ``scope``."""
        ...

    def import_target(self, file: FileIndex, imp: RawImport) -> tuple[str | None, str]:
        """(the project file an import names or None, the module name as spelt or canonical)."""
        ...

    def star_exports(self, path: str, name: str) -> bool:
        """Does a star import of the module at ``path`` bring ``name``?"""
        ...

    def relative_submodule(self, file: FileIndex, imp: RawImport, name: str) -> str | None: ...

    def loaded_submodules(self) -> dict[tuple[str, str], str]:
        """(a package's ``__init__``, a name it binds) → the submodule an import statement elsewhere sets that
        attribute to (``import pkg.sub``)."""
        ...

    def add_relation(self, source: str, kind: EdgeKind, target: str, resolution: Resolution,
                     candidates: tuple[str, ...], text: str, span: Span | None,
                     package: str | None = None, role: Role | None = None) -> RelationKey | None:
        """Record a relation (merged with an equal one: spans are added; ``role``: a value use's); its key."""
        ...

    def emit(self, file: FileIndex, ref: RawRef, entities: list[Entity], *, source: str | None = None) -> None:
        """The relation a reference makes, from what it denotes (resolved, ambiguous or unresolved)."""
        ...

    def forget_module_members(self) -> None:
        """Drop remembered module members (a rule's ``prepare`` changed what files define)."""
        ...

    def file_locals(self, file: FileIndex) -> LocalsAt:
        """The file's parameters, locals and type parameters, with where each is visible."""
        ...

    def declares_locals(self, file: FileIndex) -> bool:
        """Does the file declare any (``Extraction.declarations``, which a one-shot run frees once the
        file is resolved)?"""
        ...


class ModuleIndex:
    """Project files by module key and by path."""

    def __init__(self) -> None:
        self.by_key: dict[str, list[str]] = {}
        self.paths: set[str] = set()
        self.packages: dict[str, str] = {}  # package dotted name → __init__ path

    def add(self, key: str, path: str) -> None:
        bucket = self.by_key.setdefault(key, [])
        if path not in bucket:
            bucket.append(path)

    def lookup(self, key: str) -> list[str]:
        return self.by_key.get(key, [])


def ancestor_directories(paths: Iterable[str]) -> set[str]:
    """Every directory that holds one of ``paths`` (POSIX, relative), up to the root ``""``."""
    directories: set[str] = set()
    for path in paths:
        directory = posixpath.dirname(path)
        while directory not in directories:
            directories.add(directory)
            if not directory:
                break
            directory = posixpath.dirname(directory)
    return directories


def narrowing_at(file: FileIndex, scope: int, name: str, span: tuple[int, ...]) -> tuple[int, str] | None:
    """The innermost narrowing of the local ``name`` of ``scope`` whose region holds ``span``
    (``Extraction.narrowed``): its position in the scope's list and the type it gives, else None."""
    entries = file.extraction.narrowed.get(file.extraction.symbols[scope].span[:2]) if scope > 0 else None
    if not entries:
        return None
    position = span[:2]
    best: tuple[int, str] | None = None
    best_start: tuple[int, ...] = ()
    for index, (local, region, to) in enumerate(entries):
        if local == name and region[:2] <= position < region[2:] and region[:2] >= best_start:
            best, best_start = (index, to), region[:2]
    return best


def narrowing_of(file: FileIndex, scope: int, text: str, span: tuple[int, ...]) -> tuple[int, str, str] | None:
    """The narrowing that holds at ``span`` of the longest name or member chain that ``text`` (a dotted use)
    reads a member of (``x`` or ``ctx.command`` for ``ctx.command.chain``), innermost region first: its
    position in the scope's list, the type it gives and the narrowed name; else None."""
    entries = file.extraction.narrowed.get(file.extraction.symbols[scope].span[:2]) if scope > 0 else None
    if not entries:
        return None
    position = span[:2]
    best: tuple[int, str, str] | None = None
    best_key: tuple[int, tuple[int, ...]] = (-1, ())
    for index, (name, region, to) in enumerate(entries):
        if len(name) < len(text) and text[len(name)] == "." and text.startswith(name) and \
                region[:2] <= position < region[2:] and (len(name), region[:2]) >= best_key:
            best, best_key = (index, to, name), (len(name), region[:2])
    return best


__all__ = [
    "MAX_CANDIDATES",
    "UNKNOWN",
    "UNSEEN_PART",
    "Entity",
    "External",
    "FileIndex",
    "Instance",
    "LanguageRules",
    "LocalsAt",
    "ModuleIndex",
    "ModuleTarget",
    "RelationKey",
    "Resolving",
    "Sym",
    "UnseenPart",
    "Unknown",
    "ancestor_directories",
    "name_shadows",
    "narrowing_at",
    "narrowing_of",
    "local_binds",
]
