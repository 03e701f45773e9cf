"""Kotlin: packages across files, top-level functions and properties, objects, default imports.

Built on Java's rules (:class:`~codeknit.languages.java.rules.JavaRules`: a file's package, its
package's files, call chains through return types) with receivers typed by declarations
(:class:`~codeknit.resolve.receivers.TypedReceivers`). What Kotlin adds:

* a package holds functions and properties, not only types: ``helper()`` in the same package, or
  imported by name (``import a.b.helper``), binds to the top-level function;
* a call that names a class constructs it (``User("a")``: no ``new``); the class stands for its
  constructors, which Kotlin overloads by parameters the syntax does not tell apart;
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
  unresolved outright.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, SymbolKind
from codeknit.languages.java.rules import JavaRules
from codeknit.languages.kotlin.spec import DEFAULT_IMPORTS
from codeknit.languages.records import RawRef
from codeknit.resolve.api import MAX_CANDIDATES, UNKNOWN, External, Instance, Sym
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

    def prepare(self, resolver: Resolving) -> None:
        super().prepare(resolver)
        self._extensions = {}
        for file in resolver.files.values():
            if file.extraction.language != self.language:
                continue
            for index, raw in enumerate(file.extraction.symbols):
                if "extension" in raw.properties and raw.kind.category is Category.CALLABLE:
                    self._extensions.setdefault(raw.name, []).append(file.ids[index])

    def wanted(self, ref: RawRef) -> Want:
        if ref.kind is EdgeKind.CALLS:
            return ANY_TERM  # a function, or a class whose constructor the call invokes
        if ref.kind is EdgeKind.REFERENCES:
            # a name read or written without ``()`` is a property (a function of its name is reached by ``::``)
            return VALUE if ref.role is not None else ANY_NAME
        return TYPE_NAME

    def construct(self, resolver: Resolving, class_id: str, *, exclude: str = "") -> list[Entity]:
        return [Sym(class_id)]  # the class stands for its (primary and secondary) constructors

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

    @staticmethod
    def _receiver_of(resolver: Resolving, file: FileIndex, function: int) -> Found:
        """The types the receiver of the extension function ``function`` denotes (none for a function type)."""
        raw = file.extraction.symbols[function]
        written = str(raw.properties.get("extension", ""))
        text = written.split("<", 1)[0].rstrip("?").strip()
        if not text or "(" in text:  # ``(() -> Item).unaryPlus()``: a function type, no class
            return []
        return list(resolver.type_entities(file, max(raw.parent, 0), text))

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
        if found is None:  # a lambda's label: a receiver the syntax does not say
            return [UNKNOWN] if len(parts) == 1 else self.guess(resolver, file, ref)
        raw = file.extraction.symbols[found]
        current: Found
        if raw.kind.category is not Category.TYPE:
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
        parts = ref.text.split(".")
        if ref.head_known and parts[0].startswith(("this@", "super@")) and "()." not in ref.text:
            return self._labelled_ref(resolver, file, scope, ref, parts)
        function = self._extension(file, scope) if ref.head_known and parts[0] == "this" and (
            "()." not in ref.text) else None
        if function is not None:  # ``this`` in an extension function is its receiver, even inside a class
            current = self._receiver_of(resolver, file, function)
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
        found = super().resolve_ref(resolver, file, scope, ref)
        if found == [] and ref.kind is EdgeKind.CALLS and "." in ref.text and (
            self._extensions.get(ref.text.rsplit(".", 1)[-1])
        ):  # ``this.helper()``, ``x.helper()``: nothing of the type, so an extension function's
            return self.guess(resolver, file, ref)
        return found

    def _lookup(
        self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want, ref: RawRef,
        chain_head: bool, local: bool = True,
    ) -> Found:
        found = super()._lookup(resolver, file, scope, name, want, ref, chain_head, local)
        extension = self._extension(file, scope) if found and (
            ref.kind is EdgeKind.CALLS or ref.role is not None) else None  # (a value or a function, not a type)
        if extension is not None:
            return self._past_receiver(resolver, file, extension, name, want, found)
        if found:
            return found
        receiver = self._receiver(resolver, file, scope)
        return [e for e in self._members(resolver, receiver, name, want) if isinstance(e, Sym | External)] if (
            receiver) else []

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

        if receiver and all(isinstance(e, Instance) and not self.external_bases(resolver, e.type_id)
                            for e in receiver):
            return found  # the project sees every member of the receiver: none of them has this name
        itself = file.ids[extension]
        symbols = resolver.symbols
        others = [e for e in found if e != Sym(itself)]
        if any(isinstance(e, Sym) and isinstance(symbols[e.id].properties.get("extension"), str) for e in others):
            return [*others, UNKNOWN] if UNKNOWN not in others else others
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

    def is_override(self, properties: Mapping[str, object]) -> bool:
        return bool(properties.get("override"))

    def keeps_override(self, resolver: Resolving, source: str, target: str) -> bool:
        for symbol_id in (source, target):
            symbol = resolver.symbols[symbol_id]
            if symbol.properties.get("visibility") == "private" or symbol.kind is SymbolKind.CONSTRUCTOR:
                return False
        return True


RULES = KotlinRules

__all__ = ["RULES", "KotlinRules"]
