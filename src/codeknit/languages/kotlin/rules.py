"""Kotlin: packages across files, top-level functions and properties, objects, default imports.

Built on Java's rules (:class:`~codeknit.languages.java.rules.JavaRules`: a file's package, its
package's files, call chains through return types) with receivers typed by declarations
(:class:`~codeknit.resolve.receivers.TypedReceivers`). What Kotlin adds:

* a package holds functions and properties, not only types: ``helper()`` in the same package, or
  imported by name (``import a.b.helper``), binds to the top-level function;
* a call that names a class constructs it (``User("a")``: no ``new``); the class stands for its primary
  constructor (its arity the adapter's), a secondary one where only it accepts the call's argument count;
* an ``object`` and a class's companion object are reached by the type's name
  (``Registry.find()``, ``User.create()``: the adapter makes companion members the class's);
* a name neither the file, its imports nor its package define comes from the default imports
  (``kotlin.*``, ``kotlin.collections.*``, ``kotlin.io.*`` …) when the spec knows it there
  (``listOf``: ``kotlin.collections.listOf``), else from the one ancestor outside the project;
* ``override`` marks overriding members; private ones never override;
* inside an extension function (``fun Order.isPaid() = status == …``), ``this`` is the receiver (in a
  member extension too), and a bare name its locals do not bind is a member of the receiver type before
  the enclosing class's members, the extension itself and the file's functions (``receiver_members``);
* a call on a receiver whose type lacks the method, or whose type is unknown, may be an extension
  function: it is a guess among the project's same-named methods and extension functions, never
  unresolved outright;
* Kotlin Multiplatform: of ``expect`` and ``actual`` candidates, common code (a ``commonMain`` path) names the
  ``expect`` one, a platform's source set (``jvmMain``) its own ``actual`` one, where the path tells; each
  ``actual`` declaration ``implements`` (a type) or ``overrides`` (a function, a value) its ``expect`` one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Resolution, Role, Span, SymbolKind
from codeknit.languages.java.rules import JavaRules
from codeknit.languages.kotlin.adapter import RECEIVER, SMART_CAST
from codeknit.languages.kotlin.spec import DEFAULT_IMPORTS, RECEIVER_MEMBERS, RETURN_RECEIVER
from codeknit.languages.records import RawRef, RawSymbol
from codeknit.resolve.api import MAX_CANDIDATES, UNKNOWN, External, Instance, Sym, Unknown
from codeknit.resolve.receivers import TypedReceivers
from codeknit.resolve.scoped import ANY_NAME, ANY_TERM, TYPE_NAME, VALUE, Found, Package, Want

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving


class KotlinRules(TypedReceivers, JavaRules):
    language = "kotlin"
    root_class = "kotlin.Any"
    calls_see_locals = True  # ``val f = { … }; f()``
    package_members_any_kind = True
    parameterless_calls = False
    imports_name_packages = True
    extension_methods = True

    def __init__(self, all_paths: set[str] | None = None) -> None:
        super().__init__(all_paths)
        self._extensions: dict[str, list[str]] = {}  # name → the project's extension functions
        #: name → the project's extension functions and properties
        self._outside_extensions: dict[str, list[str]] = {}
        self._extended: dict[str, Found] = {}  # an extension → what its receiver type denotes (``_extended_type``)
        #: a function with parameters of a function type with a receiver (``init: Page.() -> Unit``) → its index in
        #: its file and each parameter's receiver type (None: a parameter of another type)
        self._lambda_parameters: dict[str, tuple[int, tuple[str | None, ...]]] = {}
        #: what ``this`` is in each lambda region (``_region_receiver``), by (path, scope, region's index)
        self._receivers: dict[tuple[str, int, int], Found | None] = {}
        self._evaluating: set[tuple[str, int, int]] = set()
        self._beyond: list[Span] = []  # the regions whose receivers are being evaluated (innermost last)
        #: per file, its type parameters by (the declaration's index, name) (``_type_or_bound``)
        self._type_parameters: dict[str, dict[tuple[int, str], int]] = {}
        #: the classes that are a constructor of their own (a primary one, or the default one: ``primary_constructor``)
        self._primary: set[str] = set()
        #: Kotlin Multiplatform: does the project declare anything ``expect`` or ``actual``; each symbol's side
        #: (``_side``) and each path's platform (``_platform``), as found
        self._multiplatform = False
        self._sides: dict[str, str] = {}
        self._platforms: dict[str, str | None] = {}
        #: an ``expect`` type → the ``actual`` types of its name in its package (what it is on each platform)
        self._actual_types: dict[str, list[str]] = {}

    def prepare(self, resolver: Resolving) -> None:
        super().prepare(resolver)
        self._extensions, self._lambda_parameters, self._outside_extensions, self._extended = {}, {}, {}, {}
        self._primary = set()
        self._multiplatform, self._sides, self._platforms, self._actual_types = False, {}, {}, {}
        types: dict[tuple[str, str], tuple[list[str], list[str]]] = {}  # (package, name) → expect, actual types
        for file in resolver.files.values():
            if file.extraction.language != self.language:
                continue
            for index, raw in enumerate(file.extraction.symbols):
                if "expect" in raw.properties or "actual" in raw.properties:
                    self._multiplatform = True
                if raw.kind.category is Category.TYPE:
                    side = _raw_side(file.extraction.symbols, index)  # (a class nested in an ``expect`` one is)
                    if side:
                        package = str(file.extraction.symbols[0].properties.get("package", ""))
                        sides = types.setdefault((package, raw.qualname), ([], []))
                        sides[0 if side == "expect" else 1].append(file.ids[index])
                if raw.kind is SymbolKind.CLASS and raw.arity is not None:
                    self._primary.add(file.ids[index])
                if "extension" in raw.properties and raw.kind.category is Category.CALLABLE:
                    self._extensions.setdefault(raw.name, []).append(file.ids[index])
                if isinstance(raw.properties.get("extension"), str):
                    self._outside_extensions.setdefault(raw.name, []).append(file.ids[index])
                if raw.kind.category is Category.CALLABLE and ".(" in raw.signature:
                    receivers = tuple(_lambda_receiver(t) for t in _parameter_types(raw.signature, raw.name))
                    if any(receivers):
                        self._lambda_parameters[file.ids[index]] = (index, receivers)
        self._receivers, self._evaluating, self._beyond, self._type_parameters = {}, set(), [], {}
        for expected, actual in types.values():
            for type_id in expected if actual else ():
                self._actual_types[type_id] = actual

    def wanted(self, ref: RawRef) -> Want:
        if ref.kind is EdgeKind.CALLS:
            return ANY_TERM  # a function, or a class whose constructor the call invokes
        if ref.kind is EdgeKind.REFERENCES:
            # a name read or written without ``()`` is a property (a function of its name is reached by ``::``)
            return VALUE if ref.role is not None else ANY_NAME
        return TYPE_NAME

    def primary_constructor(self, resolver: Resolving, class_id: str) -> bool:
        """A class with a primary constructor (or none declared at all: its default one) is that constructor,
        one of the class's (``construct``); the adapter gives it the constructor's arity."""
        return class_id in self._primary

    def module_level(self, resolver: Resolving, file: FileIndex, name: str, want: Want) -> Found:
        """The file's own top-level names, single imports, its package's members (every file), on-demand
        imports, then the default imports."""
        found = self.imported_or_package(resolver, file, name, want)
        if found:
            return found
        package = DEFAULT_IMPORTS.get(name)
        if package is not None:
            return [External(f"{package}.{name}", package)]
        if name in self.packages:
            return [Package(name)]
        return []

    # -- extension functions --------------------------------------------------------------------

    @staticmethod
    def _extension(file: FileIndex, scope: int) -> int | None:
        """The extension function or property ``scope`` is in (itself or one it is nested in, short of a class;
        a property's accessors are its own); None outside one. Its receiver is ``this`` there, nearer than the
        enclosing class's instance."""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.kind.category is Category.TYPE:
                return None
            if isinstance(raw.properties.get("extension"), str):
                return current
            current = raw.parent
        return None

    @staticmethod
    def _labelled(file: FileIndex, scope: int, label: str) -> int | None:
        """What ``this@label`` names from ``scope``: the enclosing class, or extension function or property, of
        that name (the innermost); None for any other label (a lambda's, a function's that is no extension:
        ``with(x) { this@with }``, ``run@{ … }``), whose receiver the syntax does not say."""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.name == label and (raw.kind.category is Category.TYPE or isinstance(
                    raw.properties.get("extension"), str)):
                return current
            current = raw.parent
        return None

    def _receiver_of(self, resolver: Resolving, file: FileIndex, function: int) -> Found:
        """The types the receiver of the extension function ``function`` denotes (none for a function type; a type
        parameter's, its bound's: ``fun <T : B> T.f()``)."""
        raw = file.extraction.symbols[function]
        written = str(raw.properties.get("extension", ""))
        text = written.split("<", 1)[0].rstrip("?").strip()
        if not text or "(" in text:  # ``(() -> Item).unaryPlus()``: a function type, no class
            return []
        return self._type_or_bound(resolver, file, function, max(raw.parent, 0), text)

    def _type_or_bound(self, resolver: Resolving, file: FileIndex, declaration: int, scope: int,
                       text: str) -> Found:
        """What the type ``text`` written on ``declaration`` (looked up from ``scope``) denotes; where it is a type
        parameter of the declaration or of one around it (``fun <T : B> T.alt(o: T.() -> Unit)``, ``where T :
        B``), what its upper bound denotes (a value of ``T`` has ``B``'s members); an unbounded one is left as the
        lookup reads it."""
        found: Found = list(resolver.type_entities(file, scope, text))
        index = self._type_parameter(file, declaration, text)
        if index is not None:
            bound = file.extraction.symbols[index].declared_type
            if bound:
                found = list(resolver.type_entities(file, file.extraction.symbols[index].parent, bound))
        return found

    def _type_parameter(self, file: FileIndex, declaration: int, text: str) -> int | None:
        """The type parameter ``text`` names on ``declaration`` or a declaration around it (its index); None where
        ``text`` is no type parameter there."""
        if not text.isidentifier():
            return None
        parameters = self._type_parameters.get(file.extraction.path)
        if parameters is None:
            parameters = self._type_parameters[file.extraction.path] = {
                (raw.parent, raw.name): index for index, raw in enumerate(file.extraction.symbols)
                if raw.kind is SymbolKind.TYPE_PARAMETER}
        current = declaration
        while current >= 0:
            index = parameters.get((current, text))
            if index is not None:
                return index
            if current == 0:
                break
            current = file.extraction.symbols[current].parent
        return None

    def _receiver(self, resolver: Resolving, file: FileIndex, scope: int) -> Found:
        """What ``this`` is in the extension function around ``scope`` (nothing outside one)."""
        function = self._extension(file, scope)
        return [] if function is None else self._receiver_of(resolver, file, function)

    def receiver_members(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        """An extension function's receiver is an implicit receiver: a bare name inside it is a member of the
        receiver type first (``fun Format.decode(b) = decode(b, true)`` calls the member ``Format.decode``,
        not itself; in a member extension, the receiver's members hide the enclosing class's). Only members
        the project defines: a member of a type from outside is the last resort (``_lookup``)."""
        raw = file.extraction.symbols[scope]
        if not isinstance(raw.properties.get("extension"), str):
            return []
        out: Found = []
        for receiver in self._receiver_of(resolver, file, scope):
            if isinstance(receiver, Instance):
                out += [e for e in self.member_of_type(resolver, receiver.type_id, name, want) if e not in out]
        return out

    def _labelled_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef,
                      parts: list[str]) -> list[Entity]:
        """``this@Outer.x``, ``super@Outer.f()``: a member of the labelled class's instance (or of the labelled
        extension's receiver; ``super@``: of the class's superclasses), never of the innermost ``this``."""
        head, _, label = parts[0].partition("@")
        found = self._labelled(file, scope, label)
        current: Found
        if found is None:  # a lambda's label: its receiver where the lambda has one, else one the syntax does not say
            lambda_receiver = self._lambda_this(resolver, file, scope, ref, label) if head == "this" and (
                file.extraction.narrowed) else None
            if lambda_receiver is None or len(parts) == 1:
                return [UNKNOWN] if len(parts) == 1 else self.guess(resolver, file, ref)
            current = lambda_receiver
        elif file.extraction.symbols[found].kind.category is not Category.TYPE:
            current = self._receiver_of(resolver, file, found)
        elif head == "super":
            current = [Instance(base.id) if isinstance(base, Sym) else base
                       for base in self.superclasses(resolver, file, file.ids[found])]
        else:
            current = [Instance(file.ids[found])]
        if len(parts) == 1:
            if ref.kind is EdgeKind.CALLS or not current:
                return [UNKNOWN]
            return [Sym(e.type_id) if isinstance(e, Instance) else External(e.name) if isinstance(e, Package) else e
                    for e in current]
        for position, part in enumerate(parts[1:], start=1):
            if not current:
                break
            want = self.wanted(ref) if position == len(parts) - 1 else self.qualifier()
            current = self._members(resolver, current, part, want)
        out = [e for e in current if not isinstance(e, Package)]
        if ref.kind is EdgeKind.CALLS and (not out or all(e == UNKNOWN for e in out)):
            return self.guess(resolver, file, ref) or out
        return out

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        found = self._resolve_ref(resolver, file, scope, ref)
        if found and "." in ref.text and type(found[0]) is External and (
                ref.kind is EdgeKind.CALLS or ref.role is not None):
            found = self._outside_extension(resolver, file, ref, found)
        elif found and ref.head_known and "." not in ref.text and "@" not in ref.text and ref.text != "this" and (
                ref.kind is EdgeKind.CALLS or ref.role is not None):
            found = self._reachable(resolver, file, scope, ref, found)
        if found and len(found) > 1 and self._multiplatform:
            found = self._platform_targets(resolver, file, found)
            if len(found) == 1 and ref.kind is EdgeKind.CALLS and isinstance(found[0], Sym) and (
                    resolver.symbols[found[0].id].kind.category is Category.TYPE):
                return self.call_type(resolver, found[0].id, ref)  # (one class left: the constructor it calls)
        if found and len(found) > 1 and ref.kind is EdgeKind.CALLS and ref.arguments >= 0:
            found = self._constructors_of(resolver, found, ref)
        if found and ref.kind is EdgeKind.CALLS and ref.arguments >= 0 and ref.head_known and "." not in ref.text:
            found = self._past_inapplicable(resolver, ref, found)
        return found

    def _past_inapplicable(self, resolver: Resolving, ref: RawRef, found: list[Entity]) -> list[Entity]:
        """A bare call none of whose candidates (project functions, each with a known arity) accepts its argument
        count looks further out: Kotlin takes a member of an implicit receiver only where the call fits it, so
        ``require(ok) { "…" }`` in an extension of a type with a member ``require(byteCount: Long)`` is the
        default import's ``kotlin.require``. Only a name the default imports have is taken so; any other stays."""
        package = DEFAULT_IMPORTS.get(ref.text)
        if package is None or not all(isinstance(e, Sym) and resolver.symbols[e.id].kind.category is Category.CALLABLE
                                      for e in found):
            return found
        # (``accepting`` keeps all where none fits: a callable it knows nothing of, "", tells the two apart)
        if resolver.accepting([*(e.id for e in found if isinstance(e, Sym)), ""], ref) != [""]:
            return found
        return [External(f"{package}.{ref.text}", package)]

    # -- Kotlin Multiplatform: ``expect`` and ``actual`` --------------------------------------------

    def _platform(self, path: str) -> str | None:
        """The platform of a file's source set, from its path: the innermost directory named like a Gradle
        source set (``src/jvmMain/kotlin/…``, ``commonTest``, a sources jar's ``nativeMain/…``) without its
        ``Main``/``Test`` (``jvm``, ``common``, ``nonJvm``); None where no directory is named so."""
        found = self._platforms.get(path, "")
        if found != "":
            return found
        platform = None
        for part in reversed(path.split("/")[:-1]):
            match = _SOURCE_SET.match(part)
            if match is not None:
                platform = match.group(1)
                break
        self._platforms[path] = platform
        return platform

    def _side(self, resolver: Resolving, symbol_id: str) -> str:
        """``expect`` or ``actual``: what the symbol, or the nearest declaration around it that says either
        (the members of an ``expect class`` are expected without saying so), is declared; "" otherwise."""
        side = self._sides.get(symbol_id)
        if side is not None:
            return side
        symbols = resolver.symbols
        current: str | None = symbol_id
        side = ""
        while current is not None:
            symbol = symbols[current]
            if symbol.kind.category is Category.MODULE:
                break
            if symbol.properties.get("expect"):
                side = "expect"
                break
            if symbol.properties.get("actual"):
                side = "actual"
                break
            current = symbol.parent
        self._sides[symbol_id] = side
        return side

    def _platform_targets(self, resolver: Resolving, file: FileIndex, found: list[Entity]) -> list[Entity]:
        """Of several candidates, ``expect`` and ``actual`` declarations among them: in common code (a
        ``commonMain``/``commonTest`` source set) the ``expect`` ones, what the compiler checks a call against;
        in a platform's source set the ``actual`` ones of that platform (``jvmMain`` and ``jvmTest`` see
        ``jvmMain``'s). Where the file's source set is not told by its path, or the platform declares no
        ``actual`` of them (it may be in a source set between it and the common code, whose hierarchy the paths
        do not tell), all stay."""
        sides = {e.id: self._side(resolver, e.id) for e in found if isinstance(e, Sym)}
        if not any(sides.values()):
            return found
        platform = self._platform(file.extraction.path)
        if platform is None:
            return found
        if platform == "common":
            if "expect" not in sides.values():
                return found
            dropped = {i for i, side in sides.items() if side == "actual"}
        else:
            own = {i for i, side in sides.items()
                   if side == "actual" and self._platform(i.split("::", 1)[0]) == platform}
            if not own:
                return found
            dropped = {i for i, side in sides.items() if side and i not in own}
        return [e for e in found if not (isinstance(e, Sym) and e.id in dropped)] if dropped else found

    def global_relations(self, resolver: Resolving) -> None:
        super().global_relations(resolver)
        if self._multiplatform:
            self._actualizes(resolver)

    def _actualizes(self, resolver: Resolving) -> None:
        """Each ``actual`` declaration is linked to the ``expect`` one it provides (the same name in the same
        package: a member by its class's name too; a function by its parameters' types as written, as
        ``overrides`` reads them): a type ``implements`` it, a function or value ``overrides`` it. Several that
        match: ``ambiguous``; none: no edge."""
        expected: dict[tuple[str, str], list[str]] = {}
        actual: list[tuple[str, str, str]] = []
        for file in resolver.files.values():
            if file.extraction.language != self.language:
                continue
            package = str(file.extraction.symbols[0].properties.get("package", "")) if file.extraction.symbols else ""
            for index, raw in enumerate(file.extraction.symbols):
                if index == 0 or raw.kind in (SymbolKind.TYPE_PARAMETER, SymbolKind.CONSTRUCTOR):
                    continue
                symbol_id = file.ids[index]
                if raw.properties.get("actual"):
                    actual.append((symbol_id, package, raw.qualname))
                elif self._side(resolver, symbol_id) == "expect":
                    expected.setdefault((package, raw.qualname), []).append(symbol_id)
        symbols = resolver.symbols
        for symbol_id, package, qualname in actual:
            candidates = expected.get((package, qualname), [])
            is_type = symbols[symbol_id].kind.category is Category.TYPE
            candidates = [c for c in candidates if (symbols[c].kind.category is Category.TYPE) == is_type]
            if len(candidates) > 1:
                candidates = [c for c in candidates if self.may_override(resolver, symbol_id, c)] or candidates
            if not candidates or len(candidates) > MAX_CANDIDATES:
                continue
            kind = EdgeKind.IMPLEMENTS if is_type else EdgeKind.OVERRIDES
            name = symbols[symbol_id].name
            if len(candidates) == 1:
                resolver.add_relation(symbol_id, kind, candidates[0], Resolution.RESOLVED, (), name, None)
            else:
                written = f"{symbol_id.split('::', 1)[0]}::{qualname}"
                resolver.add_relation(symbol_id, kind, written, Resolution.AMBIGUOUS, tuple(sorted(candidates)), name,
                                      None)

    def _constructors_of(self, resolver: Resolving, found: list[Entity], ref: RawRef) -> list[Entity]:
        """A call with several candidates, classes with secondary constructors among them: each such class stands
        for those of its constructors that accept the call's arguments (its primary one, the class itself, among
        them: the class's arity is only the primary constructor's)."""
        symbols = resolver.symbols
        out: list[Entity] = []
        for entity in found:
            declared = self.constructors(resolver, entity.id) if isinstance(entity, Sym) and (
                symbols[entity.id].kind is SymbolKind.CLASS) else []
            if not declared:
                if entity not in out:
                    out.append(entity)
                continue
            assert isinstance(entity, Sym)
            options = [*declared, entity.id] if entity.id in self._primary else declared
            out += [e for e in map(Sym, resolver.accepting(options, ref)) if e not in out]
        return out

    def _reachable(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef,
                   found: list[Entity]) -> list[Entity]:
        """``found`` (what a bare name denotes) but the extensions no implicit receiver at ``ref`` can be the
        receiver of: an extension (function or property) needs a value of its receiver type, which a bare name
        reaches only through an implicit receiver (an enclosing class's instance, an extension's receiver, a
        lambda's, ``this`` smart cast). ``class Node { fun visit() = weight() }`` does not call ``val
        Item.weight`` (Node is no Item); inside ``with(item) { … }``, a ``fun Item.f()`` or a subclass of
        ``Item`` it does. A receiver whose type is unknown, or from outside the project (for an extension on an
        outside type), may be one: the extension is kept. Nothing left: unresolved."""
        symbols = resolver.symbols
        extensions = [e for e in found if isinstance(e, Sym) and isinstance(
            symbols[e.id].properties.get("extension"), str)]
        if not extensions:
            return found
        receivers = self._implicit_receivers(resolver, file, scope, ref)
        kept = [e for e in found if e not in extensions or self._reaches(resolver, receivers, e.id)]
        if len(kept) == len(found):
            return found
        if any(isinstance(e, Sym | External) for e in kept):
            return kept
        # none of them: the name is looked up further out (the package's extension on the receiver's type, in
        # another file: ``fun ReceiveChannel.any() = consume { … }`` beside a ``fun BroadcastChannel.consume``)
        want = self.wanted(ref)
        for level in (lambda: self.explicit_import(resolver, file, 0, ref.text, want),
                      lambda: self.package_symbols(self.file_package.get(file.extraction.path, ""), ref.text, want),
                      lambda: self.wildcard_import(resolver, file, 0, ref.text, want)):
            further: list[Entity] = [e for e in level() if not isinstance(e, Package) and e not in found and (
                not isinstance(e, Sym) or not isinstance(symbols[e.id].properties.get("extension"), str)
                or self._reaches(resolver, receivers, e.id))]
            if any(isinstance(e, Sym | External) for e in further):
                return further
        return []

    def _implicit_receivers(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> Found:
        """Every implicit receiver at ``ref``, in no particular order: the receivers of the lambdas around it (and
        ``this`` smart cast), of the extensions around it, and the instances of the classes around it."""
        symbols = file.extraction.symbols
        narrowed = file.extraction.narrowed
        position = ref.span[:2]
        out: Found = [] if scope > 0 else [UNKNOWN]  # (the lambdas of a top-level initializer are not recorded)
        current = scope
        while current > 0:
            raw = symbols[current]
            for index, (name, region, described) in enumerate(narrowed.get(raw.span[:2], ()) if narrowed else ()):
                key = (file.extraction.path, current, index)
                if name != RECEIVER or not region[:2] <= position < region[2:] or key in self._evaluating:
                    continue  # (a lambda whose receiver is being evaluated: the call it is given to is outside it)
                receiver = self._region_receiver(resolver, file, ref, (current, index, region, described))
                if receiver is None and self._given_outside(resolver, file, (current, index, region, described)):
                    receiver = [UNKNOWN]
                out += [e for e in receiver or () if e not in out]
            if raw.kind.category is Category.TYPE:
                if Instance(file.ids[current]) not in out:
                    out.append(Instance(file.ids[current]))
            elif isinstance(raw.properties.get("extension"), str):
                out += [e for e in self._receiver_of(resolver, file, current) or [UNKNOWN] if e not in out]
            current = raw.parent
        # (a type the spec names, ``flow { … }``'s ``kotlinx.coroutines.flow.FlowCollector``, is the project's own
        # where the project is that library)
        return [next((Instance(e.id) for e in self.resolve_qualified(resolver, r.name, TYPE_NAME)
                      if isinstance(e, Sym)), r) if isinstance(r, External) else r for r in out]

    def _given_outside(self, resolver: Resolving, file: FileIndex, entry: tuple[int, int, Span, str]) -> bool:
        """Is the lambda ``entry`` given to a function from outside the project (or one the project does not know),
        which may give it a receiver of any type (a project function whose parameter has none gives none)?"""
        current, index, region, described = entry
        what = described.partition(":")[2]
        key = (file.extraction.path, current, index)
        if not what.startswith("@") or key in self._evaluating:
            return False
        callee = RawRef(current, EdgeKind.CALLS, what[1:].rpartition("#")[0], (*region[:2], *region[:2]))
        self._evaluating.add(key)
        try:
            called = self.resolve_ref(resolver, file, current, callee) or []
        finally:
            self._evaluating.discard(key)
        return not called or not all(isinstance(e, Sym) for e in called)

    def _reaches(self, resolver: Resolving, receivers: Found, extension: str) -> bool:
        """May one of ``receivers`` be a value of the receiver type of ``extension``?"""
        extended = self._extended_type(resolver, extension)
        if UNKNOWN in extended:
            return bool(receivers)  # (``fun <T> T.f()``: any receiver)
        if not extended or any(not isinstance(e, Instance | External) for e in extended):
            return True  # (a function type, a type parameter, a type nobody can tell)
        outside = any(isinstance(e, External) for e in extended)
        if External(self.root_class) in extended:
            return bool(receivers)  # (``fun Any.f()``: any receiver)
        for receiver in receivers:
            if isinstance(receiver, Instance):
                if any(Instance(t) in extended for t in resolver.mro(receiver.type_id)) or outside and (
                        self.external_bases(resolver, receiver.type_id)):
                    return True  # (a subclass of the type; or one of an outside type, which an outside base may be)
            elif isinstance(receiver, External):
                if outside:
                    return True  # (an outside type, which may be the extension's or a subtype of it)
            elif not isinstance(receiver, Package):
                return True  # (a receiver nobody can tell)
        return False

    def _outside_extension(self, resolver: Resolving, file: FileIndex, ref: RawRef,
                           found: list[Entity]) -> list[Entity]:
        """``t.describe()`` where ``t`` is of a type from outside the project (``Throwable``) and the project has an
        extension of that name on that type (``fun Throwable?.describe()``): the extension, which the outside
        type has no member to hide (a member of its name would make the extension useless), not
        ``kotlin.Throwable.describe``; several such extensions are candidates. A private one counts only in its
        own file. On a member of an outside value (``clazz.java.name.clean()``: a value whose type nobody knows),
        the project's extensions of that name on outside types are candidates."""
        name = ref.text.rpartition(".")[2]
        extensions = self._outside_extensions.get(name)
        if not extensions:
            return found
        matched: list[Entity] = []
        candidates: list[Entity] = []  # (extensions on an outside type, for a value of unknown type)
        around = set()  # (an extension read inside itself: ``val Map.Entry.key get() = this.key`` is the member)
        current = ref.scope
        while current > 0:
            around.add(file.ids[current])
            current = file.extraction.symbols[current].parent
        for entity in found:
            if not isinstance(entity, External) or not entity.name.endswith(f".{name}"):
                return found
            receiver = External(entity.name[:-len(name) - 1])
            # (``clazz.java.name.clean()``: a member of an outside value, whose type nobody knows, not a type)
            typeless = receiver.name.rpartition(".")[2][:1].islower()
            for symbol_id in extensions:
                if Sym(symbol_id) in matched or symbol_id in around or (
                        resolver.symbols[symbol_id].properties.get("visibility") == "private"
                        and symbol_id.partition("::")[0] != file.extraction.path):
                    continue
                extended = self._extended_type(resolver, symbol_id)
                if receiver in extended:
                    matched.append(Sym(symbol_id))
                elif typeless and not any(isinstance(e, Instance) for e in extended):
                    candidates.append(Sym(symbol_id))
        if not matched:
            return [*candidates, UNKNOWN] if candidates else found
        return matched if len(matched) == 1 else [*matched, UNKNOWN]

    def member(self, resolver: Resolving, entity: Entity | Package, name: str, want: Want) -> Found:
        """A member of an instance of a project type, else the project's extension of that name on the type or
        one of its project ancestors (``date.atTime(t)`` with ``fun LocalDate.atTime``), before a member of an
        ancestor from outside the project (``kotlin.Comparable.atTime``) or a guess; several are candidates."""
        found = super().member(resolver, entity, name, want)
        if not isinstance(entity, Instance) or name not in self._outside_extensions or any(
                isinstance(e, Sym) for e in found):
            return found
        types = {Instance(t) for t in resolver.mro(entity.type_id)}
        matched: Found = [Sym(symbol_id) for symbol_id in self._outside_extensions[name]
                          if resolver.symbols[symbol_id].kind in want.kinds
                          and any(e in types for e in self._extended_type(resolver, symbol_id))]
        if not matched:
            return found
        return matched if len(matched) == 1 else [*matched, UNKNOWN]

    def _extended_type(self, resolver: Resolving, symbol_id: str) -> Found:
        """What the receiver type of the extension ``symbol_id`` denotes (an instance of a project type, an outside
        type by its name: ``kotlin.Throwable``)."""
        found = self._extended.get(symbol_id)
        if found is None:
            holder = resolver.files[resolver.symbols[symbol_id].path]
            index = holder.ids.index(symbol_id)
            found = [External(e.name) if isinstance(e, External) else e
                     for e in self._receiver_of(resolver, holder, index)]
            written = str(holder.extraction.symbols[index].properties.get("extension", ""))
            parameter = self._type_parameter(holder, index, written.split("<", 1)[0].rstrip("?").strip())
            if parameter is not None and not holder.extraction.symbols[parameter].declared_type:
                found = [UNKNOWN]  # (``fun <T> T.f()``: a receiver of any type)
            elif self._actual_types:  # (an ``expect`` type is, on each platform, its ``actual`` one)
                found += [Instance(a) for e in list(found) if isinstance(e, Instance)
                          for a in self._actual_types.get(e.type_id, ()) if Instance(a) not in found]
            self._extended[symbol_id] = found
        return found

    def _resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        parts = ref.text.split(".")
        if ref.head_known and parts[0].startswith(("this@", "super@")) and "()." not in ref.text:
            return self._labelled_ref(resolver, file, scope, ref, parts)
        lambda_receiver = self._lambda_this(resolver, file, scope, ref) if ref.head_known and (
            parts[0] == "this") and "()." not in ref.text and file.extraction.narrowed else None
        if lambda_receiver is not None and len(parts) > 1 and all(isinstance(e, Unknown) for e in self._members(
                resolver, lambda_receiver, parts[1], self.wanted(ref) if len(parts) == 2 else self.qualifier())):
            # ``if (this is T) this.m()`` where ``T`` lacks ``m``: ``this`` is still what it was (a smart cast adds)
            lambda_receiver = self._lambda_this(resolver, file, scope, ref, casts=False)
        function = self._extension(file, scope) if lambda_receiver is None and ref.head_known and (
            parts[0] == "this") and "()." not in ref.text else None
        if lambda_receiver is not None or function is not None:
            # ``this`` in a lambda with a receiver is that receiver (``with(x) { this.f() }``); in an extension
            # function, the function's receiver, even inside a class
            current = lambda_receiver if lambda_receiver is not None else self._receiver_of(
                resolver, file, function or 0)
            if len(parts) == 1 and ref.kind is EdgeKind.CALLS:
                # ``this()``: the receiver invoked (its ``invoke``), never a constructor call
                current = self._members(resolver, current, "invoke", self.wanted(ref)) if current else [UNKNOWN]
                return [e for e in current if not isinstance(e, Package)]
            if not current:
                return [UNKNOWN] if len(parts) == 1 else self.guess(resolver, file, ref)
            for position, part in enumerate(parts[1:], start=1):
                want = self.wanted(ref) if position == len(parts) - 1 else self.qualifier()
                current = self._members(resolver, current, part, want)
            return [e for e in current if not isinstance(e, Package)] or self.guess(resolver, file, ref)
        if parts[0] == "this" and len(parts) > 1 and ref.head_known and file.extraction.narrowed and (
                "()." not in ref.text) and any(
                self._given_outside(resolver, file, entry) for entry in self._regions(file, scope, ref.span)):
            # ``this.f()`` in a lambda given to a function from outside the project: its receiver, if it has one
            # (the syntax does not say), comes before the enclosing class's instance
            found = self._lexical_ref(resolver, file, scope, ref) or []
            candidates = [e for e in found if isinstance(e, Sym)]
            return [*candidates, UNKNOWN] if candidates else found
        if ref.head_known and file.extraction.narrowed and parts[0] not in ("this", "super") and (
                "()." not in ref.text) and (ref.kind is EdgeKind.CALLS or ref.role is not None):
            implicit = self._implicit_ref(resolver, file, scope, ref, parts)
            if implicit is not None:
                return implicit
        return self._lexical_ref(resolver, file, scope, ref)

    def _bare_superclass(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        """``constructor(…) : super(…)`` in a class without a primary constructor, which names its superclass
        without arguments (``class Wide : Span { … }``, recorded as implemented): the constructor of its one base
        that is a project class; the base outside the project where it has one and no other; else unknown. None:
        every base is a project interface (the superclass is ``Any``)."""
        klass = resolver.enclosing_class(file, scope, via_receiver=None)
        if klass is None:
            return None
        bases: list[Entity] = []
        for written in file.extraction.refs:
            if written.kind is EdgeKind.IMPLEMENTS and file.ids[written.scope] == klass:
                bases += self.resolve_ref(resolver, file, written.scope, written) or [External(written.text)]
        classes = [e for e in bases if isinstance(e, Sym) and resolver.symbols[e.id].kind is SymbolKind.CLASS]
        if len(classes) == 1:
            return self.construct(resolver, classes[0].id, call=ref)
        outside = [e for e in bases if not isinstance(e, Sym)]
        if not classes and not outside:
            return None
        if len(outside) == 1 and isinstance(outside[0], External) and not classes:
            return [outside[0]]
        return [UNKNOWN]

    def _lexical_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        """What ``ref`` denotes by the names around it, no lambda's receiver considered."""
        found = super().resolve_ref(resolver, file, scope, ref)
        if found == [External(self.root_class)] and ref.kind is EdgeKind.CALLS and ref.text == "super":
            return self._bare_superclass(resolver, file, scope, ref) or found
        if found == [] and ref.kind is EdgeKind.CALLS and "." in ref.text and (
            self._extensions.get(ref.text.rsplit(".", 1)[-1])
        ):  # ``this.helper()``, ``x.helper()``: nothing of the type, so an extension function's
            return self.guess(resolver, file, ref)
        return found

    # -- lambdas with a receiver ------------------------------------------------------------------

    def _regions(self, file: FileIndex, scope: int, span: tuple[int, ...],
                 label: str | None = None) -> list[tuple[int, int, Span, str]]:
        """The lambdas around ``span`` that may have a receiver (``Extraction.narrowed``'s ``this``, see the
        adapter's ``_record_receivers``), innermost first: (the scope whose region it is, index, region, receiver
        described); those of ``scope`` and of the scopes it is nested in, short of a class or (but for ``label``)
        an extension (a local function in ``with(x) { fun local() = size }`` sees ``x``'s members); only those
        around the lambda whose receiver is being evaluated (its receiver is written outside it), and with
        ``label`` those of a call of that name."""
        narrowed = file.extraction.narrowed
        if not narrowed:
            return []
        symbols = file.extraction.symbols
        position = span[:2]
        out: list[tuple[int, int, Span, str]] = []
        current = scope
        while current > 0:
            out += [(current, index, region, described)
                    for index, (name, region, described) in enumerate(narrowed.get(symbols[current].span[:2], ()))
                    if name == RECEIVER and region[:2] <= position < region[2:]
                    and (label is None or described.partition(":")[0] == label)]
            if symbols[current].kind.category is Category.TYPE or label is None and isinstance(
                    symbols[current].properties.get("extension"), str):
                break  # (a class's own members, an extension's receiver, come before any receiver around them)
            current = symbols[current].parent
        if self._beyond and out:
            inner = self._beyond[-1]
            out = [e for e in out if e[2] != inner and e[2][:2] <= inner[:2] and inner[2:] <= e[2][2:]]
        out.sort(key=lambda e: e[2][:2], reverse=True)
        return out

    def _region_receiver(self, resolver: Resolving, file: FileIndex, ref: RawRef,
                         entry: tuple[int, int, Span, str]) -> Found | None:
        """What ``this`` is in the lambda ``entry`` (``[UNKNOWN]``: a receiver of a type nobody can tell); None
        where the lambda has no receiver (a project function's parameter of a function type without one)."""
        scope, index, region, described = entry
        key = (file.extraction.path, scope, index)
        if key in self._receivers:
            return self._receivers[key]
        if key in self._evaluating:
            return [UNKNOWN]
        self._evaluating.add(key)
        self._beyond.append(region)
        if scope != ref.scope:  # (a region around the scope of ``ref``: its receiver is read where it is written)
            ref = RawRef(scope, ref.kind, ref.text, (*region[:2], *region[:2]), ref.head_known, role=ref.role)
        try:
            label, _, what = described.partition(":")
            found = self._type_or_bound(resolver, file, scope, scope, what) or [UNKNOWN] if label == SMART_CAST \
                else self._evaluate_receiver(resolver, file, scope, ref, what)
        finally:
            self._beyond.pop()
            self._evaluating.discard(key)
        if self._settled:
            self._receivers[key] = found
        return found

    def _evaluate_receiver(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef,
                           described: str) -> Found | None:
        if described == "?":
            return [UNKNOWN]
        if described.startswith("="):
            return self._value_of(resolver, file, scope, ref, described[1:]) or [UNKNOWN]
        if described.startswith("@"):
            callee, _, position = described[1:].rpartition("#")
            return self._parameter_receiver(resolver, file, scope, ref, callee, int(position))
        return [External(described, described.rpartition(".")[0] or None)]

    def _parameter_receiver(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef, callee: str,
                            position: int) -> Found | None:
        """The receiver of a lambda passed as argument ``position`` (-1: the trailing lambda) of a call of
        ``callee``, where that is a project function whose parameter there is a function type with a receiver
        (``fun page(init: Page.() -> Unit)``); ``[UNKNOWN]`` where only some of its candidates say so; None
        where nothing says the lambda has one (a function from outside the project that the spec does not
        know keeps ``this`` as it is around the call)."""
        called = self.resolve_ref(resolver, file, scope, RawRef(ref.scope, EdgeKind.CALLS, callee, ref.span)) or []
        out: Found = []
        without = unknown = False
        for entity in called:
            declared = self._lambda_parameters.get(entity.id) if isinstance(entity, Sym) else None
            if declared is None or not isinstance(entity, Sym):
                unknown = unknown or isinstance(entity, Unknown)
                without = without or isinstance(entity, Sym)
                continue
            index, receivers = declared
            written = receivers[position] if -len(receivers) <= position < len(receivers) else None
            if written is None:
                without = True
                continue
            holder = resolver.files[resolver.symbols[entity.id].path]
            out += [e for e in self._type_or_bound(resolver, holder, index, index, written) if e not in out]
        if not out:
            return None
        return [UNKNOWN] if without or unknown else out

    def _value_of(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef, text: str) -> Found:
        """What the expression ``text`` holds (a chain as the adapter writes it: ``x``, ``a.b``, ``make().c``,
        ``this.a``), read at ``ref``: instances, outside values, or unknown."""
        while "." in text and text.endswith("()") and text[:-2].rpartition(".")[2] in RETURN_RECEIVER:
            text = text[:-2].rpartition(".")[0]  # ``x.apply()``: ``x``
        if text.endswith("()"):
            prefix, rest = text[:-2], ""
        else:
            prefix, _, rest = text.rpartition("().")
        current: Found
        if prefix:
            callee = RawRef(ref.scope, EdgeKind.CALLS, prefix, ref.span)
            current = list(resolver.call_results(self.resolve_ref(resolver, file, scope, callee) or []))
            parts = rest.split(".") if rest else []
        else:
            head, *parts = text.split(".")
            probe = RawRef(ref.scope, EdgeKind.REFERENCES, head, ref.span, True, role=Role.READ)
            if head == "this":
                current = self._lambda_this(resolver, file, scope, probe) or []
                if not current:
                    function = self._extension(file, scope)
                    klass = resolver.enclosing_class(file, scope, via_receiver=None)
                    current = self._receiver_of(resolver, file, function) if function is not None else (
                        [Instance(klass)] if klass is not None else [UNKNOWN])
            else:
                current = self._bare_value(resolver, file, scope, probe, head)
        for part in parts:
            current = self._members(resolver, current, part, self.qualifier())
        out: Found = []
        for entity in current:
            values: Found = [entity]
            if isinstance(entity, Sym):
                kind = resolver.symbols[entity.id].kind
                values = [Instance(entity.id)] if kind.category is Category.TYPE else (
                    list(resolver.value_type(entity.id)) if kind.category is Category.VALUE else [UNKNOWN])
            elif isinstance(entity, Package):
                values = [UNKNOWN]
            out += [v for v in values if v not in out]
        return out

    def _bare_value(self, resolver: Resolving, file: FileIndex, scope: int, probe: RawRef, name: str) -> Found:
        """What a bare name at the head of a receiver's expression is (a lambda's receiver's member first)."""
        if not self._is_local(resolver, file, name, probe.span):
            implicit = self._implicit(resolver, file, scope, probe, name, self.qualifier())
            if implicit is not None and implicit[0] and not implicit[1]:
                return implicit[0]
            if implicit is not None and implicit[1]:
                return [UNKNOWN]
        return self.lookup(resolver, file, scope, name, self.qualifier(), probe, chain_head=True)

    @staticmethod
    def _is_local(resolver: Resolving, file: FileIndex, name: str, span: Span) -> bool:
        return resolver.declares_locals(file) and resolver.file_locals(file).at(name, span) is not None

    def _lambda_this(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef,
                     label: str | None = None, *, casts: bool = True) -> Found | None:
        """What ``this`` (``this@label``) is at ``ref`` where a lambda around it has a receiver, or a test of it
        (``if (this is T)``) narrows it (but for ``casts``: what it is short of those); else None."""
        for entry in self._regions(file, scope, ref.span, label):
            if not casts and entry[3].partition(":")[0] == SMART_CAST:
                continue
            receiver = self._region_receiver(resolver, file, ref, entry)
            if receiver is not None:
                return receiver
        return None

    def _implicit(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef, name: str,
                  want: Want) -> tuple[Found, bool] | None:
        """A bare name inside lambdas with receivers, which Kotlin looks up in each receiver (innermost first)
        after the locals and before the enclosing class and the file: (what the receivers have of that name,
        whether an inner receiver may have it too unseen). The members found are the project's, of the first
        receiver that has one; where a receiver's type is from outside the project (or has an ancestor from
        outside) the outside member is what is found, uncertain; where it is unknown, nothing, uncertain.
        None where no lambda around ``ref`` has a receiver."""
        regions = self._regions(file, scope, ref.span)
        if not regions:
            return None
        outside: Found = []
        uncertain = seen = False
        for entry in regions:
            receiver = self._region_receiver(resolver, file, ref, entry)
            if receiver is None:
                continue
            project: Found = []
            for entity in receiver:
                if isinstance(entity, Instance):
                    project += [e for e in self.member_of_type(resolver, entity.type_id, name, want)
                                if e not in project]
            if project:
                return project, uncertain
            if entry[3].partition(":")[0] == SMART_CAST:
                continue  # (``this`` smart cast: the same object, whose other members are looked up as before)
            seen = True
            for entity in receiver:
                if isinstance(entity, External):
                    known_members = RECEIVER_MEMBERS.get(entity.name)
                    if known_members is not None and name not in known_members:
                        continue  # (a receiver the spec knows the members of: it has no such member)
                    if known_members is not None:
                        return [External(f"{entity.name}.{name}", entity.package)], uncertain
                    uncertain = True
                    outside.append(External(f"{entity.name}.{name}", entity.package))
                elif isinstance(entity, Instance):
                    if self.external_bases(resolver, entity.type_id):
                        uncertain = True
                        outside += self.inherited_from_outside(resolver, entity.type_id, name)
                else:
                    uncertain = True
        return (outside, uncertain) if seen else None

    def _implicit_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef,
                      parts: list[str]) -> list[Entity] | None:
        """``ref`` (a bare name, or a chain from one) inside lambdas with receivers: a member of the innermost
        receiver that has it; None where that leaves the ordinary lookup (no receiver around, a local, a
        receiver whose members the project sees lacking the name). Where a receiver's type is not known, or is
        from outside the project, a name the ordinary lookup finds in the enclosing class (or an extension of
        that name) is only a candidate; one it does not find at all is the outside receiver's member."""
        head = parts[0]
        if head in ("it", "field") or self._is_local(resolver, file, head, ref.span):
            return None  # (a local; a lambda's implicit parameter; an accessor's backing field)
        want = self.wanted(ref) if len(parts) == 1 else self.qualifier()
        implicit = self._implicit(resolver, file, scope, ref, head, want)
        if implicit is None:
            return None
        members, uncertain = implicit
        if members and not all(isinstance(e, External) for e in members) or members and not uncertain:
            out = self._along(resolver, file, ref, members, parts)
            if uncertain and out and all(isinstance(e, Sym) for e in out):
                out = [*out, UNKNOWN]
            return out
        if not uncertain:
            return None
        lexical = self._lexical_ref(resolver, file, scope, ref) or []
        found_head = self.lookup(resolver, file, scope, head, want, ref, chain_head=len(parts) > 1)
        if any(isinstance(e, Sym) and self._enclosing_member(resolver, file, scope, e.id, head, want)
               or isinstance(e, External) and self._inherited_around(resolver, file, scope, e.name, head)
               for e in found_head):
            # a member of the enclosing class (or an extension): the receiver's own member of that name comes first
            candidates = [e for e in lexical if isinstance(e, Sym)]
            return [*candidates, UNKNOWN] if candidates else [UNKNOWN]
        if (not lexical or any(isinstance(e, Unknown) for e in lexical)) and members:
            if self._outside_around(resolver, file, scope):
                return [UNKNOWN]  # (a class around inherits from several types outside: one of them may have it)
            return self._along(resolver, file, ref, members, parts)
        return lexical

    def _inherited_around(self, resolver: Resolving, file: FileIndex, scope: int, outside: str, name: str) -> bool:
        """Is ``outside`` (what a bare ``name`` is found to be) the member of a class around ``scope`` that the class
        inherits from outside the project (``class V : View() { … f() }``: ``android.view.View.f``)?"""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            if symbols[current].kind.category is Category.TYPE and any(
                    isinstance(e, External) and e.name == outside
                    for e in self.inherited_from_outside(resolver, file.ids[current], name)):
                return True
            current = symbols[current].parent
        return False

    def _outside_around(self, resolver: Resolving, file: FileIndex, scope: int) -> bool:
        """Does a class around ``scope`` have an ancestor from outside the project?"""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            if symbols[current].kind.category is Category.TYPE and self.external_bases(resolver, file.ids[current]):
                return True
            current = symbols[current].parent
        return False

    def _enclosing_member(self, resolver: Resolving, file: FileIndex, scope: int, symbol_id: str, name: str,
                          want: Want) -> bool:
        """Is the symbol (what a bare ``name`` is found to be) an extension, or a member of a class around
        ``scope`` (an implicit receiver further out than a lambda's), not a nested type?"""
        symbol = resolver.symbols[symbol_id]
        if symbol.kind.category is Category.TYPE:
            return False
        if isinstance(symbol.properties.get("extension"), str):
            return True
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            if symbols[current].kind.category is Category.TYPE and Sym(symbol_id) in self.member_of_type(
                    resolver, file.ids[current], name, want):
                return True
            current = symbols[current].parent
        return False

    def _along(self, resolver: Resolving, file: FileIndex, ref: RawRef, current: Found,
               parts: list[str]) -> list[Entity]:
        """The rest of ``parts`` from ``current`` (what their head is), as ``resolve_ref`` answers it."""
        for position, part in enumerate(parts[1:], start=1):
            if not current:
                break
            want = self.wanted(ref) if position == len(parts) - 1 else self.qualifier()
            current = self._members(resolver, current, part, want)
        out: list[Entity] = [External(e.name) if isinstance(e, Package) else e for e in current]
        if ref.kind is EdgeKind.CALLS and len(out) == 1 and isinstance(out[0], Sym) and (
                resolver.symbols[out[0].id].kind.category is Category.TYPE):
            return self.call_type(resolver, out[0].id, ref)
        if ref.kind is EdgeKind.CALLS and (not out or all(isinstance(e, Unknown) for e in out)):
            return self.guess(resolver, file, ref) or out
        return out

    def _lookup(
        self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want, ref: RawRef,
        chain_head: bool, local: bool = True,
    ) -> Found:
        found = super()._lookup(resolver, file, scope, name, want, ref, chain_head, local)
        extension = self._extension(file, scope) if (
            ref.kind is EdgeKind.CALLS or ref.role is not None) else None  # (a value or a function, not a type)
        if extension is not None and found:
            return self._past_receiver(resolver, file, extension, name, want, found)
        if found:
            return found
        receiver = self._receiver(resolver, file, scope)
        if not receiver:
            return []
        if extension is not None and not self._sees_receiver(resolver, receiver, name) and self._outside_around(
                resolver, file, extension):
            return [UNKNOWN]  # (a class around inherits from several types outside: one of them may have it)
        return [e for e in self._members(resolver, receiver, name, want) if isinstance(e, Sym) or isinstance(
            e, External) and not self._sees_receiver(resolver, [External(e.name.rpartition(".")[0])], name)]

    def _sees_receiver(self, resolver: Resolving, receiver: Found, name: str) -> bool:
        """Does the project see every member of the extension receiver ``receiver`` (project types without an
        ancestor from outside, or only ones whose members the spec lists, ``kotlin.Comparable``; an outside type
        whose members the spec lists, ``RECEIVER_MEMBERS``, without ``name``): none of them is ``name`` unseen?"""
        return bool(receiver) and all(
            isinstance(e, Instance) and all(name not in RECEIVER_MEMBERS.get(base, (name,))
                                            for base in self.external_bases(resolver, e.type_id))
            or isinstance(e, External) and name not in RECEIVER_MEMBERS.get(e.name, (name,))
            for e in receiver)

    def _past_receiver(self, resolver: Resolving, file: FileIndex, extension: int, name: str, want: Want,
                       found: Found) -> Found:
        """What a bare name found beyond an extension's receiver may be, where the project does not see all of
        the receiver type's members (a type from outside, or one with an ancestor from outside; the receiver's
        own project members came first, ``receiver_members``): the receiver's member of that name, which Kotlin
        takes before any extension. So the extension itself is never the answer (``val String.length get() =
        length`` reads ``String.length``: the receiver's member), and another extension of that name is only a
        candidate (``val String.size get() = length``, with a ``val String.length`` in the file). A name that
        is no extension (a top-level function, a local) stays what it was found to be."""
        receiver = self._receiver_of(resolver, file, extension)
        if self._sees_receiver(resolver, receiver, name):
            return found  # the project sees every member of the receiver: none of them has this name
        known: Found = [External(f"{e.name}.{name}", e.package) for e in receiver
                        if isinstance(e, External) and name in RECEIVER_MEMBERS.get(e.name, ())]
        if known:  # (``fun String.b() = length`` beside a top-level ``val length``: ``String.length``)
            return known
        itself = file.ids[extension]
        symbols = resolver.symbols
        others = [e for e in found if e != Sym(itself)]
        if receiver and any(isinstance(e, External) and self._inherited_around(resolver, file, extension, e.name, name)
                            for e in others):
            # a member the class around inherits from outside (``class V : View() { fun Other.f() { invalidate() }
            # }``): the receiver's own member of that name comes first, unseen
            candidates = [e for e in others if isinstance(e, Sym)]
            return [*candidates, UNKNOWN] if candidates else [UNKNOWN]
        if any(isinstance(e, Sym) and isinstance(symbols[e.id].properties.get("extension"), str) for e in others):
            return [*others, UNKNOWN] if UNKNOWN not in others else others
        if receiver and any(isinstance(e, Sym) and self._enclosing_member(resolver, file, extension, e.id, name, want)
                            for e in others):
            # a member of the class around (``class P { fun helper(); fun String.f() { helper() } }``): the
            # receiver is the nearer implicit receiver, and its own member of that name, unseen, would come first
            return [*[e for e in others if isinstance(e, Sym)], UNKNOWN]
        if others:
            return others
        outside: Found = [e for e in self._members(resolver, receiver, name, want) if isinstance(e, External)]
        return outside or [UNKNOWN]

    def guess(self, resolver: Resolving, file: FileIndex, ref: RawRef) -> list[Entity]:
        """The shared guess among same-named methods, with the project's same-named extension functions."""
        found = super().guess(resolver, file, ref)
        source = file.ids[ref.scope]
        extensions = [i for i in self._extensions.get(ref.text.rsplit(".", 1)[-1], ()) if i != source]
        if not extensions:
            return found
        candidates = [e for e in found if isinstance(e, Sym)]
        candidates += [Sym(i) for i in extensions if Sym(i) not in candidates]
        return [*candidates, UNKNOWN] if len(candidates) <= MAX_CANDIDATES else []

    def prefer_targets(self, resolver: Resolving, kind: EdgeKind, targets: list[str],
                       role: Role | None = None) -> list[str]:
        """A name used as a type (``value: DateTimePeriod``) is the type, where the package also has a function of
        its name (kotlinx-datetime's ``fun DateTimePeriod(…)`` factory beside ``class DateTimePeriod``)."""
        if kind is EdgeKind.REFERENCES and role is None:
            types = [t for t in targets if resolver.symbols[t].kind.category is Category.TYPE]
            if types:
                return types
        return targets

    def is_override(self, properties: Mapping[str, object]) -> bool:
        return bool(properties.get("override"))

    def keeps_override(self, resolver: Resolving, source: str, target: str) -> bool:
        for symbol_id in (source, target):
            symbol = resolver.symbols[symbol_id]
            if symbol.properties.get("visibility") == "private" or symbol.kind is SymbolKind.CONSTRUCTOR:
                return False
        return True


def _parameter_types(signature: str, name: str) -> list[str]:
    """The parameters' types a callable's signature writes (``page(init: Page.() -> Unit=…) -> Page``)."""
    start = signature.find(f"{name}(")
    if start < 0:
        start = signature.find(f"{name}<")
        if start < 0:
            return []
    depth = 0
    position = start + len(name)
    while position < len(signature):  # (past the type parameters, to the parameters' ``(``)
        char = signature[position]
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif char == "(" and depth == 0:
            break
        position += 1
    pieces: list[str] = []
    depth, begin = 0, position + 1
    for index in range(position, len(signature)):
        char = signature[index]
        if char in "(<":
            depth += 1
        elif char == ")" or char == ">" and signature[index - 1] != "-":
            depth -= 1
            if depth == 0:
                pieces.append(signature[begin:index])
                break
        elif char == "," and depth == 1:
            pieces.append(signature[begin:index])
            begin = index + 1
    return [piece.partition(":")[2].strip().removesuffix("=…") for piece in pieces if piece.strip()]


_RECEIVER_TYPE = re.compile(r"\(?(?:suspend\s+)?([A-Za-z_][\w.]*)(?:<[^()]*>)?\??\.\(")


def _lambda_receiver(written: str) -> str | None:
    """The receiver type of a function type with one (``Page.() -> Unit``, ``suspend Scope.(Int) -> R``); else
    None."""
    found = _RECEIVER_TYPE.match(written)
    return found.group(1) if found is not None else None


def _raw_side(symbols: list[RawSymbol], index: int) -> str:
    """``expect`` or ``actual``: what the symbol at ``index`` of its file, or the nearest declaration around it that
    says either, is declared; "" otherwise."""
    while index > 0:
        properties = symbols[index].properties
        if "expect" in properties:
            return "expect"
        if "actual" in properties:
            return "actual"
        index = symbols[index].parent
    return ""


#: a directory named like a Kotlin Multiplatform source set (``jvmMain``, ``commonTest``, ``iosArm64Main``): its
#: platform, the name without ``Main``/``Test``
_SOURCE_SET = re.compile(r"^([a-z][A-Za-z0-9]*?)(?:Main|Test)$")

RULES = KotlinRules

__all__ = ["RULES", "KotlinRules"]
