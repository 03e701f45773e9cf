"""Name binding shared by the languages whose methods see their class's members: :class:`ScopedRules`.

Java, C#, Scala, Kotlin and Swift bind every reference themselves (``resolve_ref``), because the
shared lookup is not enough for them:

* a bare name inside a method can denote a member of the enclosing class *or of
  one of its ancestors*, or of an enclosing class, before anything imported;
* fields and methods live in separate namespaces: ``size()`` is the method
  even when a field ``size`` exists, and ``size`` the field;
* a package spans many files: ``import a.b.*`` and same-package types are
  looked up in every file declaring that package, not in one module;
* a type's name can be qualified by its package (``com.acme.util.Strings``).

They do it with the resolver's class hierarchy (``mro``, ``members``, ``bases``). A file
registers no module keys: packages and type names live in indexes built in ``prepare`` (which
keeps these names away from other languages' module keys). A language subclasses
:class:`ScopedRules` and says how its files' module level and namespaces are searched;
``resolve/receivers.py`` adds receivers typed by declarations.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Resolution, Role, SymbolKind
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.resolve.api import (
    MAX_CANDIDATES,
    UNKNOWN,
    Entity,
    External,
    FileIndex,
    LanguageRules,
    ModuleIndex,
    ModuleTarget,
    Resolving,
    Sym,
    Unknown,
    inherited_overloads,
    narrowing_at,
)

if TYPE_CHECKING:
    from codeknit.graph.model import Symbol

NAMESPACE_KINDS = frozenset({SymbolKind.NAMESPACE, SymbolKind.PACKAGE})


def _types_only(kind: SymbolKind) -> bool:
    return kind.category is Category.TYPE


def _callables(kind: SymbolKind) -> bool:
    return kind.category is Category.CALLABLE and kind is not SymbolKind.CONSTRUCTOR


def _not_callable(kind: SymbolKind) -> bool:
    return kind.category is not Category.CALLABLE


def _anything(kind: SymbolKind) -> bool:
    return kind is not SymbolKind.CONSTRUCTOR


@dataclass(frozen=True, slots=True)
class Want:
    """What a name may denote where it is written: which kinds, in a type or a term position."""

    kinds: frozenset[SymbolKind]
    #: ``type`` (a type name), ``term`` (a value, a call, a qualifier) or ``any`` (a reference of either kind)
    position: str = "term"

    @classmethod
    def of(cls, accepts: Callable[[SymbolKind], bool], position: str) -> Want:
        return cls(frozenset(kind for kind in SymbolKind if accepts(kind)), position)

    def __call__(self, kind: SymbolKind) -> bool:
        return kind in self.kinds


TYPE_NAME = Want.of(_types_only, "type")
CALLABLE = Want.of(_callables, "term")
VALUE = Want.of(_not_callable, "any")
QUALIFIER = Want.of(_not_callable, "term")
ANY_TERM = Want.of(_anything, "term")
ANY_NAME = Want.of(_anything, "any")


@dataclass(frozen=True, slots=True)
class Package:
    """A package or namespace, while a dotted name is being walked (never returned)."""

    name: str


Found = list["Entity | Package"]


#: how a chain that starts at a created object begins its text (``new Q().a``): see ``ScopedRules._chain``
NEW = "new "


#: a name in a type text
_TYPE_NAME = re.compile(r"[A-Za-z_$][\w$]*")
#: an annotation in a parameter's text
_ANNOTATION = re.compile(r"@[\w.]+(?:\([^()]*\))?\s*")
#: a qualified name's qualifiers (``java.lang.String`` → ``String``, ``System.Type`` → ``Type``)
_QUALIFIERS = re.compile(r"\b(?:[A-Za-z_$][\w$]*\.)+(?=[A-Za-z_$])")
_OPENING, _CLOSING = "([{<", ")]}>"


def parameter_types(signature: str, *, qualified: bool = False) -> list[str] | None:
    """The types of the first parameter list of a signature as codeknit writes it (``make(t: Type, n: Int=…)
    -> R``), each without qualifiers (unless ``qualified``), annotations and spaces, a variadic one as an array
    (``int...``, ``Int*`` → ``int[]``, ``Int[]``); None where the signature does not say (no list, a parameter
    without a type)."""
    start = signature.find("(")
    if start < 0:
        return None
    depth, parameters, current = 0, [], []
    index = start + 1
    while index < len(signature):
        char = signature[index]
        if char == "-" and signature.startswith("->", index):  # (a function type's arrow is no bracket)
            current.append("->")
            index += 2
            continue
        if char in _OPENING:
            depth += 1
        elif char in _CLOSING:
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            parameters.append("".join(current))
            current = []
            index += 1
            continue
        current.append(char)
        index += 1
    else:
        return None  # (no closing parenthesis: a cut signature)
    if current or parameters:
        parameters.append("".join(current))
    types: list[str] = []
    for parameter in parameters:
        name, colon, written = parameter.partition(":")
        if not colon or "vararg" in name or "params" in name.split():
            return None
        written = written.partition("=")[0] if "=" in written and "=>" not in written else written
        written = _ANNOTATION.sub("", written)
        written = (written if qualified else _QUALIFIERS.sub("", written)).replace(" ", "")
        if written.endswith("..."):
            written = written[:-3] + "[]"
        elif written.endswith("*"):
            written = written[:-1] + "[]"
        if not written:
            return None
        types.append(written)
    return types


def type_parameters(resolver: Resolving, symbol: Symbol) -> set[str]:
    """The names of the type parameters a method and the types around it declare (what a parameter's type
    may be written with and stand for anything)."""
    names: set[str] = set()
    current: Symbol | None = symbol
    while current is not None:
        for ids in resolver.members.get(current.id, {}).values():
            names.update(resolver.symbols[i].name for i in ids if resolver.symbols[i].kind is SymbolKind.TYPE_PARAMETER)
        current = resolver.symbols.get(current.parent) if current.parent is not None else None
    names.update(name for name in _TYPE_NAME.findall(symbol.name) if len(name) == 1 and name.isupper())
    # a generic method's own, written between its name and its parameters (``all<T extends A, U>(…)``): a
    # callable's type parameters are no members of it
    head = symbol.signature.partition("(")[0]
    if head.endswith(">") and "<" in head:
        depth, start = 0, True
        for token in _GENERIC_TOKENS.findall(head[head.index("<") + 1:-1]):
            if token in "<([":
                depth += 1
            elif token in ">)]":
                depth -= 1
            elif token == ",":
                start = depth == 0 or start
            elif start and depth == 0:
                names.add(token)
                start = False
    return names


#: the names and brackets of a type parameter list
_GENERIC_TOKENS = re.compile(r"[A-Za-z_$][\w$]*|[<>()\[\],]")


class ScopedRules(LanguageRules):
    """Name binding for languages whose methods see their class's (and ancestors') members.

    Subclasses say how a file's module level is searched (``module_level``), how
    a namespace or package block is (``namespace_scope``), what a file's types
    are qualified by (``file_prefix``) and a few spellings.
    """

    language = ""
    instance_names = frozenset({"this"})
    class_scope_visible_from_methods = True
    #: spellings of the superclass instance (``super``, C# ``base``)
    super_names: frozenset[str] = frozenset({"super"})
    #: the implicit root class, for ``overrides`` of a method the project's hierarchy does not define
    root_class = "java.lang.Object"
    #: a bare call can name a local (a Scala ``val f = …; f(x)``); Java keeps methods apart
    calls_see_locals = False
    #: a package holds values and functions too (Scala), not only types
    package_members_any_kind = False
    #: an overriding method can only override a superclass's method, never an interface's (C#)
    overrides_superclass_only = False
    #: a bare name found nowhere is taken as inherited from the one ancestor outside the project (not in
    #: Scala, whose implicit imports ``scala._`` and ``Predef._`` supply most such names)
    bare_names_from_outside = True
    #: how a name written from the global namespace starts (C#'s ``global::X``), looked up at the module level
    #: only, never in an enclosing type or namespace; "" where the language has no such spelling
    root_prefix = ""

    def __init__(self, all_paths: set[str] | None = None) -> None:
        del all_paths
        self.types: dict[str, list[str]] = {}  # fully qualified type name → ids
        self.package_types: dict[str, dict[str, list[str]]] = {}  # package → simple name → ids
        self.package_files: dict[str, set[str]] = {}  # package → files declaring members of it
        self.packages: set[str] = set()  # every package name and every prefix of one
        self.file_package: dict[str, str] = {}
        self._imports: dict[str, dict[int, tuple[dict[str, list[str]], list[str]]]] = {}
        self._constructors: dict[str, list[str]] = {}
        self._symbols: dict[str, Symbol] = {}
        self._inherits: dict[str, dict[str, list[RawRef]]] = {}
        self._done_global = False
        #: the class hierarchy is complete once references other than bases are resolved: memoise then
        self._settled = False
        self._lookups: dict[tuple[object, ...], Found] = {}
        self._type_members: dict[tuple[str, str, Want, bool], list[Entity]] = {}
        self._guesses: dict[tuple[str, Want], list[str] | None] = {}

    # -- indexes -------------------------------------------------------------------------

    def file_prefix(self, extraction: Extraction) -> str:
        """What a file's top-level qualified names are prefixed with to make them fully qualified."""
        return ""

    def register(self, extraction: Extraction) -> list[str]:
        return []

    def spellings(self, name: str, want: Want) -> tuple[str, ...]:
        """The symbol names a written name can stand for, in the order they are tried."""
        return (name,)

    def prepare(self, resolver: Resolving) -> None:
        self._symbols = resolver.symbols
        for path, file in resolver.files.items():
            extraction = file.extraction
            if extraction.language != self.language:
                continue
            prefix = self.file_prefix(extraction)
            self.file_package[path] = prefix
            self._add_package(prefix)
            symbols = extraction.symbols
            # a symbol is reachable by a qualified name when every enclosing symbol is a type or a package
            reachable: dict[int, bool] = {0: True}
            for index, raw in enumerate(symbols[1:], start=1):
                if raw.owner is not None:
                    # written for a type elsewhere (a Swift extension's member): the resolver makes it
                    # that type's member; it is no member of the file's package
                    reachable[index] = False
                    continue
                parent = symbols[raw.parent] if raw.parent > 0 else None
                visible = reachable.get(raw.parent, False) and (
                    parent is None or parent.kind.category is Category.TYPE or parent.kind in NAMESPACE_KINDS
                )
                if raw.kind in NAMESPACE_KINDS:
                    reachable[index] = visible
                    if visible:
                        self._add_package(self._join(prefix, raw.qualname))
                    continue
                is_type = raw.kind.category is Category.TYPE and not raw.properties.get("anonymous")
                reachable[index] = visible and is_type
                if not visible:
                    continue
                in_package = parent is None or parent.kind in NAMESPACE_KINDS
                if not is_type and not (in_package and self.package_members_any_kind):
                    continue
                symbol_id = file.ids[index]
                if is_type:
                    self.types.setdefault(self._join(prefix, raw.qualname), []).append(symbol_id)
                if in_package:
                    package = self._join(prefix, parent.qualname) if parent is not None else prefix
                    self.package_types.setdefault(package, {}).setdefault(raw.name, []).append(symbol_id)
                    self.package_files.setdefault(package, set()).add(path)

    @staticmethod
    def _join(prefix: str, name: str) -> str:
        return f"{prefix}.{name}" if prefix and name else prefix or name

    def _add_package(self, name: str) -> None:
        while name and name not in self.packages:
            self.packages.add(name)
            name = name.rpartition(".")[0]

    def imports_at(self, file: FileIndex, scope: int) -> tuple[dict[str, list[str]], list[str]]:
        """Single-name imports (local name → fully qualified names) and on-demand targets declared in a scope."""
        path = file.extraction.path
        by_scope = self._imports.get(path)
        if by_scope is None:
            by_scope = {}
            for imp in file.extraction.imports:
                single, stars = by_scope.setdefault(imp.scope, ({}, []))
                if imp.star:
                    stars.append(imp.module)
                for _imported, local in imp.names:  # ``module`` is the whole imported name
                    single.setdefault(local, []).append(imp.module)
                if imp.alias and not imp.names and not imp.star:
                    single.setdefault(imp.alias, []).append(imp.module)
            self._imports[path] = by_scope
        return by_scope.get(scope, ({}, []))

    # -- imports ---------------------------------------------------------------------------

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        """The file of the imported type (or of the type declaring an imported member); ``module`` is the
        whole imported name (``a.b.C``, ``a.b.C.member``) or, for an on-demand import, what it opens."""
        return ModuleTarget(self._type_file(imp.module), imp.module)

    def imported_name(self, resolver: Resolving, file: FileIndex, imp: RawImport, imported: str) -> list[Entity] | None:
        """``module`` is the whole imported name: a type, a static member, a package's function or value."""
        found = [e for e in self.resolve_qualified(resolver, imp.module, ANY_NAME) if not isinstance(e, Package)]
        return found or [External(imp.module, self.external_package(imp, imp.module))]

    def _type_file(self, name: str) -> str | None:
        """The file defining the type that ``name`` (or its longest prefix) denotes, when there is one."""
        parts = name.split(".")
        for end in range(len(parts), 0, -1):
            key = ".".join(parts[:end])
            ids = self.types.get(key) or self.types.get(f"{key}$")
            if ids:
                files = sorted({i.split("::", 1)[0] for i in self.one_type(ids)})
                return files[0] if len(files) == 1 else None
        package, _, member = name.rpartition(".")  # a package's value or function (Scala)
        ids = self.package_types.get(package, {}).get(member)
        if ids:
            files = sorted({i.split("::", 1)[0] for i in ids})
            return files[0] if len(files) == 1 else None
        return None

    def one_type(self, ids: list[str]) -> list[str]:
        """The symbols among ``ids`` that stand for the type (all of them, unless they are parts of one)."""
        return ids

    # -- what a reference may denote ---------------------------------------------------------

    def wanted(self, ref: RawRef) -> Want:
        """What the last name of ``ref`` can denote."""
        if ref.kind is EdgeKind.CALLS:
            return TYPE_NAME if ref.constructs else CALLABLE
        if ref.kind in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES):
            return TYPE_NAME
        return VALUE

    def qualifier(self) -> Want:
        """What a name before a dot can denote."""
        return QUALIFIER

    def call_type(self, resolver: Resolving, type_id: str, call: RawRef | None = None,
                  file: FileIndex | None = None) -> list[Entity]:
        """What a call that names a type invokes: a constructor (``new C(…)``; ``call``: the call, written in
        ``file``, whose arguments may choose among several)."""
        return self.construct(resolver, type_id, call=call, file=file)

    def construct(self, resolver: Resolving, class_id: str, *, exclude: str = "", call: RawRef | None = None,
                  file: FileIndex | None = None) -> list[Entity]:
        """``new C(…)``: C's constructor when it declares exactly one (besides ``exclude``) or, of several,
        exactly one accepts the arguments of ``call`` (where counted: ``RawRef.arguments``), else C itself. Where
        the class is a constructor of its own (:meth:`primary_constructor`), it is one of them."""
        others = [c for c in self.constructors(resolver, class_id) if c != exclude]
        if others and self.primary_constructor(resolver, class_id):
            others.append(class_id)
        if len(others) > 1 and call is not None and call.arguments >= 0:
            others = resolver.accepting(others, call, file)
        return [Sym(others[0])] if len(others) == 1 else [Sym(class_id)]

    def constructors(self, resolver: Resolving, class_id: str) -> list[str]:
        """The constructors the class declares."""
        constructors = self._constructors.get(class_id)
        if constructors is None:
            constructors = self._constructors[class_id] = [
                i for ids in resolver.members.get(class_id, {}).values() for i in ids
                if resolver.symbols[i].kind is SymbolKind.CONSTRUCTOR
            ]
        return constructors

    def primary_constructor(self, resolver: Resolving, class_id: str) -> bool:
        """Does the class stand for a constructor of its own beside those it declares (Kotlin's and Scala's
        primary constructor, whose arguments are the class's :attr:`RawSymbol.arity`)?"""
        return False

    # -- binding a reference -------------------------------------------------------------------

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        found = self._resolve(resolver, file, scope, ref, self.wanted(ref))
        if ref.role is Role.READ and ref.head_known and not any(isinstance(e, Sym) for e in found or ()):
            # a method named as a value (a C# method group, a Swift or Scala function passed on)
            group = self._resolve(resolver, file, scope, ref, CALLABLE)
            if group and any(isinstance(e, Sym) for e in group):
                return group
        return found

    def _resolve(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef, last_want: Want,
                 ) -> list[Entity] | None:
        if ref.head_known and "()." in ref.text:  # ``a.b().c``: through what ``a.b`` returns
            return self._chain(resolver, file, scope, ref)
        if not self._settled and ref.kind not in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS):
            self._settled = True  # every base is known from here on
            self._lookups.clear()
            self._type_members.clear()
        if not ref.head_known:
            return self.guess(resolver, file, ref) if ref.kind is EdgeKind.CALLS else None
        parts = ref.text.split(".")
        middle_want = self.qualifier()
        head = parts[0]
        symbols = file.extraction.symbols
        current: Found
        if head in self.instance_names or head in self.super_names:
            klass = resolver.enclosing_class(file, scope, via_receiver=None)
            if klass is None:
                return [UNKNOWN]
            if len(parts) == 1:
                if ref.kind is not EdgeKind.CALLS:
                    return [Sym(klass)]
                if head in self.instance_names:  # ``this(…)``: another constructor of this class
                    return self.construct(resolver, klass, exclude=file.ids[ref.scope], call=ref, file=file)
                out: list[Entity] = []  # ``super(…)``: the superclass's constructor
                for base in self.superclasses(resolver, file, klass):
                    out += self.construct(resolver, base.id, call=ref, file=file) if isinstance(base, Sym) \
                        else [base]
                return out or [External(self.root_class)]
            want = last_want if len(parts) == 2 else middle_want
            current = list(self.member_of_type(resolver, klass, parts[1], want, skip_self=head in self.super_names))
            if not current and head in self.super_names:
                outside = self.superclass_outside(resolver, klass)
                current = [External(f"{outside}.{parts[1]}")] if outside else []
            if not current:
                current = list(self.inherited_from_outside(resolver, klass, parts[1]))
            rest = parts[2:]
        else:
            lookup_scope = scope
            if ref.kind in (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES) and scope > 0:
                lookup_scope = symbols[scope].parent
            want = last_want if len(parts) == 1 else middle_want
            if self.root_prefix and head.startswith(self.root_prefix):
                current = self.module_level(resolver, file, head[len(self.root_prefix):], want)
            else:
                current = self.lookup(resolver, file, lookup_scope, head, want, ref, chain_head=len(parts) > 1)
            rest = parts[1:]
        for position, part in enumerate(rest):
            if not current:
                break
            want = last_want if position == len(rest) - 1 else middle_want
            values = [e for e in current if isinstance(e, Sym) and resolver.symbols[e.id].kind.category in (
                Category.VALUE, Category.CALLABLE)]
            if values and len(values) == len(current) and ref.kind is EdgeKind.REFERENCES and ref.role is None:
                return list(values)  # ``this.items.length``: the reference reads ``items`` (a value use is
                # at one token: ``items`` has its own, ``length``'s is a member of what ``items`` holds)
            current = self._members(resolver, current, part, want)
        result: list[Entity] = [External(e.name) if isinstance(e, Package) else e for e in current]
        if ref.kind is EdgeKind.CALLS and len(result) == 1 and isinstance(result[0], Sym):
            if resolver.symbols[result[0].id].kind.category is Category.TYPE:
                return self.call_type(resolver, result[0].id, ref, file)
        if ref.kind is EdgeKind.CALLS and result and all(e == UNKNOWN for e in result):
            return self.guess(resolver, file, ref)
        return result

    def _chain(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        """``a.b().c``: the member ``c`` of what the call ``a.b()`` gives. A chain that starts at a created
        object is written from ``new``: ``new Q().a()`` is ``new Q().a`` (its call of ``Q`` constructs)."""
        prefix, _, rest = ref.text.rpartition("().")
        created = prefix.startswith(NEW) and "(" not in prefix
        callee = RawRef(ref.scope, EdgeKind.CALLS, prefix[len(NEW):] if created else prefix, ref.span,
                        constructs=created)
        called = self.resolve_ref(resolver, file, scope, callee) or []
        current: Found = list(resolver.call_results(called)) if called else []
        parts = rest.split(".")
        for position, part in enumerate(parts):
            if not current:
                break
            want = self.wanted(ref) if position == len(parts) - 1 else self.qualifier()
            current = self._members(resolver, current, part, want)
        result: list[Entity] = [e for e in current if not isinstance(e, Package)]
        if ref.kind is EdgeKind.CALLS and (not result or all(isinstance(e, Unknown) for e in result)):
            return self.guess(resolver, file, ref) or ([UNKNOWN] if result else [])
        return result

    def guess(self, resolver: Resolving, file: FileIndex, ref: RawRef) -> list[Entity]:
        """A call on a receiver of unknown type (a local, a parameter, a call's result): the project's
        methods of that name are candidates, never a resolution; too many (or none) leave it unresolved."""
        member = ref.text.rsplit(".", 1)[-1]
        want = self.wanted(ref)
        source = file.ids[ref.scope]
        key = (member, want)
        if key in self._guesses:
            found = self._guesses[key]
        else:
            found = []
            for candidate in resolver.same_runtime(file, resolver.members_by_name.get(member, [])):
                if resolver.symbols[candidate].kind in want.kinds and candidate not in found:
                    found.append(candidate)
                    if len(found) > MAX_CANDIDATES + 1:
                        found = None  # too many to be worth listing
                        break
            self._guesses[key] = found
        candidates = [c for c in found or () if c != source]
        if 0 < len(candidates) <= MAX_CANDIDATES:
            return [*(Sym(c) for c in candidates), UNKNOWN]
        return []

    def superclasses(self, resolver: Resolving, file: FileIndex, class_id: str) -> list[Entity]:
        """What the class's ``extends`` clause (its first base, for C#) resolves to; not its interfaces."""
        by_scope = self._inherits.get(file.extraction.path)
        if by_scope is None:
            by_scope = self._inherits[file.extraction.path] = {}
            for ref in file.extraction.refs:
                if ref.kind is EdgeKind.INHERITS:
                    by_scope.setdefault(file.ids[ref.scope], []).append(ref)
        out: list[Entity] = []
        for ref in by_scope.get(class_id, []):
            entities = self.resolve_ref(resolver, file, ref.scope, ref) or [External(ref.text)]
            for entity in entities:
                if isinstance(entity, Sym) and resolver.symbols[entity.id].kind is SymbolKind.INTERFACE:
                    continue
                if entity not in out:
                    out.append(entity)
        return out

    def superclass_outside(self, resolver: Resolving, class_id: str) -> str | None:
        """The first class outside the project up the ``extends`` chain (None: the chain ends in the project)."""
        seen: set[str] = set()
        current = class_id
        while current not in seen:
            seen.add(current)
            file = resolver.files.get(current.split("::", 1)[0])
            if file is None:
                return None
            supers = self.superclasses(resolver, file, current)
            if not supers:
                return None
            first = supers[0]
            if isinstance(first, Sym):
                current = first.id
                continue
            return first.name if isinstance(first, External) else None
        return None

    def _members(self, resolver: Resolving, entities: Found, name: str, want: Want) -> Found:
        """:meth:`member` of each entity, merged in order without repeats: one step along a chain."""
        out: Found = []
        for entity in entities:
            for found in self.member(resolver, entity, name, want):
                if found not in out:
                    out.append(found)
        return out

    def member(self, resolver: Resolving, entity: Entity | Package, name: str, want: Want) -> Found:
        """What ``entity.name`` denotes."""
        if isinstance(entity, Package):
            return self.package_member(entity.name, name, want)
        if isinstance(entity, External):
            return [External(f"{entity.name}.{name}")]
        if not isinstance(entity, Sym):
            return [UNKNOWN]
        symbol = resolver.symbols[entity.id]
        if symbol.kind.category is Category.TYPE:
            return list(self.member_of_type(resolver, entity.id, name, want)
                        or self.inherited_from_outside(resolver, entity.id, name))
        if symbol.kind in NAMESPACE_KINDS:
            prefix = self.file_package.get(symbol.path, "")
            return self.package_member(self._join(prefix, symbol.qualname), name, want)
        if symbol.kind.category is Category.MODULE:
            file = resolver.files.get(entity.id)
            return list(self.kids(file, 0, name, want)) if file is not None else []
        return [UNKNOWN]

    def package_member(self, package: str, name: str, want: Want) -> Found:
        found = self.package_symbols(package, name, want)
        if found:
            return list(found)
        qualified = self._join(package, name)
        if qualified in self.packages:
            return [Package(qualified)]
        return [External(qualified)]

    def package_symbols(self, package: str, name: str, want: Want) -> list[Entity]:
        """The members named ``name`` of a package, from every file declaring it."""
        members = self.package_types.get(package)
        if not members:
            return []
        for spelling in self.spellings(name, want):
            ids = members.get(spelling)
            if not ids:
                continue
            chosen = [Sym(i) for i in ids if self._symbols[i].kind in want.kinds]
            if chosen:
                return list(chosen)
        return []

    def kids(self, file: FileIndex, scope: int, name: str, want: Want) -> list[Entity]:
        """Symbols named ``name`` declared directly in ``scope`` of ``file``."""
        children = file.children.get(scope)
        if not children:
            return []
        symbols = file.extraction.symbols
        kinds = want.kinds
        for spelling in self.spellings(name, want):
            indexes = children.get(spelling)
            if not indexes:
                continue
            chosen = [Sym(file.ids[i]) for i in indexes
                      if symbols[i].kind in kinds and symbols[i].kind is not SymbolKind.CONSTRUCTOR]
            if chosen:
                return list(chosen)
        return []

    def member_of_type(
        self, resolver: Resolving, class_id: str, name: str, want: Want, *, skip_self: bool = False
    ) -> list[Entity]:
        """Members named ``name`` of a type or its ancestors, from the nearest ancestor that has one."""
        if self._settled:
            key = (class_id, name, want, skip_self)
            cached = self._type_members.get(key)
            if cached is None:
                cached = self._type_members[key] = self._member_of_type(resolver, class_id, name, want, skip_self)
            return cached
        return self._member_of_type(resolver, class_id, name, want, skip_self)

    def _member_of_type(
        self, resolver: Resolving, class_id: str, name: str, want: Want, skip_self: bool
    ) -> list[Entity]:
        chain = resolver.mro(class_id)
        for ancestor in chain[1:] if skip_self else chain:
            members = resolver.members.get(ancestor)
            if not members:
                continue
            for spelling in self.spellings(name, want):
                ids = members.get(spelling)
                if not ids:
                    continue
                kinds = want.kinds
                found = [
                    i for i in ids
                    if (kind := resolver.symbols[i].kind) in kinds and kind is not SymbolKind.CONSTRUCTOR
                    and (kind is not SymbolKind.TYPE_PARAMETER or ancestor == class_id)
                ]
                if found:
                    if self.inherited_overloads:
                        found = inherited_overloads(resolver, self, chain[chain.index(ancestor) + 1:], spelling,
                                                    found)
                    return [Sym(i) for i in found]
        return []

    def inherited_from_outside(self, resolver: Resolving, class_id: str, name: str) -> list[Entity]:
        """A member the project does not define: from the one ancestor outside the project, if there is one."""
        externals = self.external_bases(resolver, class_id)
        return [External(f"{externals[0]}.{name}")] if len(externals) == 1 else []

    def external_bases(self, resolver: Resolving, class_id: str) -> list[str]:
        out: list[str] = []
        for ancestor in resolver.mro(class_id):
            for base in resolver.bases.get(ancestor, []):
                if not isinstance(base, Sym):
                    name = base.name if isinstance(base, External) else "?"
                    if name not in out:
                        out.append(name)
        return out

    def lookup(
        self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want, ref: RawRef,
        *, chain_head: bool = False,
    ) -> Found:
        """Bind a bare name seen from ``scope``: enclosing scopes (with inherited members), then the module level.

        Where the file's locals have regions (``Extraction.declarations``), a name is a local only inside
        the region of one (a field read before a local of its name is declared, or outside a lambda whose
        parameter has its name, is the field's); else wherever its callable binds it."""
        local = True
        if ref.span[0] > 0 and resolver.declares_locals(file):  # (a type text's reference has no position)
            local = resolver.file_locals(file).at(name, ref.span) is not None
        if self._settled:
            # (where a test narrows the local here, the answer is the region's: ``TypedReceivers._lookup``)
            region = narrowing_at(file, scope, name, ref.span) if chain_head and local and \
                file.extraction.narrowed else None
            key = (file.extraction.path, scope, name, want, ref.kind, ref.constructs, chain_head, local,
                   -1 if region is None else region[0])
            cached = self._lookups.get(key)
            if cached is None:
                cached = self._lookups[key] = self._lookup(resolver, file, scope, name, want, ref, chain_head, local)
            return cached
        return self._lookup(resolver, file, scope, name, want, ref, chain_head, local)

    def _lookup(
        self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want, ref: RawRef,
        chain_head: bool, local: bool = True,
    ) -> Found:
        """(``local``: may ``name`` be a local where ``ref`` is; see :meth:`lookup`)"""
        symbols = file.extraction.symbols
        locals_apply = local and (ref.kind is EdgeKind.REFERENCES or chain_head or self.calls_see_locals)
        first_type: str | None = None
        current = scope
        while current > 0:
            raw = symbols[current]
            symbol_id = file.ids[current]
            if raw.kind.category is Category.TYPE:
                found = self.member_of_type(resolver, symbol_id, name, want)
                if found:
                    return list(found)
                if locals_apply and name in file.extraction.locals.get(current, ()):
                    return [UNKNOWN]  # a class parameter (C# primary constructor, Scala)
                if first_type is None:
                    first_type = symbol_id
            elif raw.kind in NAMESPACE_KINDS:  # its members and its imports
                found_ns = self.namespace_scope(resolver, file, current, name, want)
                if found_ns:
                    return found_ns
                current = raw.parent
                continue
            else:
                kids = self.kids(file, current, name, want)
                if kids:
                    return list(kids)
                if locals_apply and name in file.extraction.locals.get(current, ()):
                    return [UNKNOWN]
                on_receiver = self.receiver_members(resolver, file, current, name, want)
                if on_receiver:  # (a Kotlin extension function's receiver, nearer than the enclosing class)
                    return on_receiver
            imported = self.imported(resolver, file, current, name, want)
            if imported:
                return imported
            current = raw.parent
        module_key = (file.extraction.path, 0, name, want)
        found_module = self._lookups.get(module_key) if self._settled else None
        if found_module is None:
            found_module = self.module_level(resolver, file, name, want)
            if self._settled:
                self._lookups[module_key] = found_module
        if found_module:
            return found_module
        if first_type is not None and self.bare_names_from_outside and (
            (ref.kind is EdgeKind.CALLS and not ref.constructs)
            or (ref.kind is EdgeKind.REFERENCES and (name[:1].islower() or name[:1] == "_"))
        ):  # a method or field the project does not define: inherited from the one ancestor outside it
            current = scope
            while current > 0:
                raw = symbols[current]
                if raw.kind.category is Category.TYPE and self.external_bases(resolver, file.ids[current]):
                    return list(self.inherited_from_outside(resolver, file.ids[current], name))
                current = raw.parent
        return []

    def receiver_members(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        """The project's members named ``name`` of the implicit receiver the callable ``scope`` declares (a Kotlin
        extension function's receiver type), which bare names inside it see before the enclosing scopes; none
        where the language has no such receiver."""
        return []

    def imported(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        """What the imports declared in ``scope`` bind ``name`` to: single-name imports first, then on-demand."""
        return self.explicit_import(resolver, file, scope, name, want) or self.wildcard_import(
            resolver, file, scope, name, want
        )

    def explicit_import(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        single, _ = self.imports_at(file, scope)
        targets = single.get(name)
        if not targets:
            return []
        found: Found = []
        for qualified in targets:
            for entity in self.resolve_qualified(resolver, qualified, want):
                if entity not in found:
                    found.append(entity)
        return found

    def wildcard_import(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        """Names from on-demand imports: a package's members or a type's (static) members; project ones only."""
        _, stars = self.imports_at(file, scope)
        found: Found = []
        for module in stars:
            for target in self.resolve_qualified(resolver, module, self.qualifier()):
                if isinstance(target, Package):
                    candidates: Found = list(self.package_symbols(target.name, name, want))
                elif isinstance(target, Sym):
                    candidates = [e for e in self.member(resolver, target, name, want) if isinstance(e, Sym)]
                else:
                    continue
                for entity in candidates:
                    if entity not in found:
                        found.append(entity)
        return found

    def namespace_scope(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        """A name seen from inside a namespace or package block (C#, Scala)."""
        return []

    def module_level(self, resolver: Resolving, file: FileIndex, name: str, want: Want) -> Found:
        raise NotImplementedError

    def imported_or_package(self, resolver: Resolving, file: FileIndex, name: str, want: Want) -> Found:
        """The lookup order Java and Kotlin share at file level: the file's own top-level names, single
        imports, its package's members (every file), then on-demand imports (the language's own
        implicit imports come after, in its :meth:`module_level`)."""
        top = self.kids(file, 0, name, want)
        if top:
            return list(top)
        explicit = self.explicit_import(resolver, file, 0, name, want)
        if explicit:
            return explicit
        same = self.package_symbols(self.file_package.get(file.extraction.path, ""), name, want)
        if same:
            return list(same)
        return self.wildcard_import(resolver, file, 0, name, want)

    def resolve_qualified(self, resolver: Resolving, name: str, want: Want) -> Found:
        """A fully qualified name (an import's target), walked from the root package."""
        if self._settled:
            key = ("qualified", name, want)
            cached = self._lookups.get(key)
            if cached is None:
                cached = self._lookups[key] = self._resolve_qualified(resolver, name, want)
            return cached
        return self._resolve_qualified(resolver, name, want)

    def _resolve_qualified(self, resolver: Resolving, name: str, want: Want) -> Found:
        parts = name.split(".")
        current: Found = [Package("")]
        for position, part in enumerate(parts):
            step = want if position == len(parts) - 1 else self.qualifier()
            nxt: Found = []
            for entity in current:
                for found in self.member(resolver, entity, part, step):
                    if found not in nxt:
                        nxt.append(found)
            current = nxt
        return current

    # -- relations the shared passes cannot derive --------------------------------------------

    def is_override(self, properties: Mapping[str, object]) -> bool:
        """Does the declaration say it overrides something (``@Override``, ``override``)?"""
        decorators = properties.get("decorators", ())
        return isinstance(decorators, tuple) and ("Override" in decorators or "java.lang.Override" in decorators)

    inherited_overloads = True

    def may_override(self, resolver: Resolving, source: str, target: str) -> bool:
        """Not where the signatures show another parameter list: another count, or a type written otherwise
        that is no type parameter of either method or its class (``make(c: Class<?>)`` beside ``make(t:
        Type)``: an overload). Type texts are compared without their qualifiers (``java.lang.String`` is
        ``String``); a type parameter may stand for anything (``put(item: T)`` in ``Base<T>`` is overridden by
        ``put(item: String)`` in ``Sub extends Base<String>``)."""
        mine, theirs = resolver.symbols[source], resolver.symbols[target]
        if mine.kind.category is not Category.CALLABLE or theirs.kind.category is not Category.CALLABLE:
            return True
        ours, others = parameter_types(mine.signature), parameter_types(theirs.signature)
        if ours is None or others is None:
            return True
        if len(ours) != len(others):
            return False
        generic: set[str] | None = None
        for one, other in zip(ours, others, strict=True):
            if one == other:
                continue
            if generic is None:
                generic = type_parameters(resolver, mine) | type_parameters(resolver, theirs)
            if generic.intersection(_TYPE_NAME.findall(f"{one} {other}")):
                continue
            return False
        return True

    def keeps_override(self, resolver: Resolving, source: str, target: str) -> bool:
        """Is a name-matched ``overrides`` edge real? Static and private methods hide, they never override."""
        for symbol_id in (source, target):
            properties = resolver.symbols[symbol_id].properties
            if properties.get("static") or properties.get("visibility") == "private":
                return False
        return True

    def extra_relations(self, resolver: Resolving, file: FileIndex) -> None:
        if not self._done_global:
            self._done_global = True
            self.global_relations(resolver)

    def global_relations(self, resolver: Resolving) -> None:
        mine = [f for f in resolver.files.values() if f.extraction.language == self.language]
        paths = {f.extraction.path for f in mine}
        overriding = self._filter_overrides(resolver, paths)
        self._implements(resolver, mine)
        self._external_overrides(resolver, mine, overriding)
        self._package_imports(resolver, mine, paths)

    def _filter_overrides(self, resolver: Resolving, paths: set[str]) -> set[str]:
        """Drop name-matched overrides the language does not consider overriding; the sources that remain."""
        overriding: set[str] = set()
        for key, relation in list(resolver.relations.items()):
            if relation.kind is not EdgeKind.OVERRIDES or relation.source.split("::", 1)[0] not in paths:
                continue
            if self.keeps_override(resolver, relation.source, relation.target) and self.may_override(
                    resolver, relation.source, relation.target):
                overriding.add(relation.source)
            else:
                del resolver.relations[key]
        return overriding

    def _implements(self, resolver: Resolving, mine: list[FileIndex]) -> None:
        """A base that resolved to an interface is implemented, not inherited."""
        for file in mine:
            for ref in file.extraction.refs:
                if ref.kind is not EdgeKind.INHERITS:
                    continue
                source = file.ids[ref.scope]
                if resolver.symbols[source].kind is SymbolKind.INTERFACE:
                    continue
                entities = self.resolve_ref(resolver, file, ref.scope, ref) or []
                if len(entities) != 1 or not isinstance(entities[0], Sym):
                    continue
                target = entities[0].id
                if resolver.symbols[target].kind is not SymbolKind.INTERFACE:
                    continue
                key = (source, EdgeKind.INHERITS, target, Resolution.RESOLVED, ())
                relation = resolver.relations.pop(key, None)
                if relation is not None:
                    for span in relation.spans:
                        resolver.add_relation(source, EdgeKind.IMPLEMENTS, target, Resolution.RESOLVED, (),
                                              relation.text, span)

    def _external_overrides(self, resolver: Resolving, mine: list[FileIndex], overriding: set[str]) -> None:
        """A method that says it overrides, with nothing in the project to override: an unresolved edge.

        A field marked ``override`` (a Scala ``override val``) is linked here too: the shared pass
        only links methods and properties."""
        for file in mine:
            for index, raw in enumerate(file.extraction.symbols):
                is_field = raw.kind is SymbolKind.FIELD
                if raw.kind.category is not Category.CALLABLE and raw.kind is not SymbolKind.PROPERTY and not (
                    is_field
                ):
                    continue
                if not self.is_override(raw.properties):
                    continue
                source = file.ids[index]
                if source in overriding:
                    continue
                owner = resolver.symbols[source].parent
                if owner is None or resolver.symbols[owner].kind.category is not Category.TYPE:
                    continue
                if is_field:
                    overridden = next((
                        i for ancestor in resolver.mro(owner)[1:]
                        for i in resolver.members.get(ancestor, {}).get(raw.name, [])
                        if resolver.symbols[i].kind is not SymbolKind.CONSTRUCTOR
                    ), None)
                    if overridden is not None:
                        resolver.add_relation(source, EdgeKind.OVERRIDES, overridden, Resolution.RESOLVED, (), raw.name,
                                              None)
                        continue
                if self.overrides_superclass_only:
                    base = self.superclass_outside(resolver, owner) or self.root_class
                else:
                    externals = self.external_bases(resolver, owner)
                    base = externals[0] if len(externals) == 1 else (self.root_class if not externals else "")
                target = f"{base}.{raw.name}" if base else raw.name
                resolver.add_relation(source, EdgeKind.OVERRIDES, f"{file.extraction.path}::{target}",
                                      Resolution.UNRESOLVED, (), raw.name, None)

    def _package_imports(self, resolver: Resolving, mine: list[FileIndex], paths: set[str]) -> None:
        """An on-demand import of a project package imports the package's files this file uses."""
        used: dict[str, set[str]] = {}
        for relation in resolver.relations.values():
            if relation.resolution is not Resolution.RESOLVED or relation.kind in (
                EdgeKind.CONTAINS, EdgeKind.IMPORTS
            ):
                continue
            source_path = relation.source.split("::", 1)[0]
            if source_path in paths:
                used.setdefault(source_path, set()).add(relation.target.split("::", 1)[0])
        for file in mine:
            path = file.extraction.path
            for imp in file.extraction.imports:
                target = self.import_target(file.extraction, imp, resolver.modules)
                if target.path is not None or target.name not in self.packages:
                    continue
                # the shared pass recorded it as unresolved; it is the package's files, when any is used
                resolver.relations.pop(
                    (path, EdgeKind.IMPORTS, f"{path}::{target.name}", Resolution.UNRESOLVED, ()), None
                )
                files = self.package_files.get(target.name, set()) & used.get(path, set())
                for other in sorted(files - {path}):
                    resolver.add_relation(path, EdgeKind.IMPORTS, other, Resolution.RESOLVED, (), imp.module, imp.span)


__all__ = ["ANY_NAME", "ANY_TERM", "CALLABLE", "NAMESPACE_KINDS", "QUALIFIER", "TYPE_NAME", "VALUE", "Found",
           "Package", "ScopedRules", "Want"]
