"""Ruby: ``require`` paths, global constants, reopened classes and method lookup.

* ``require_relative "x"`` is resolved against the requiring file's directory;
  ``require "a/b"`` against every ``lib/`` directory of the project and the
  scan root.
* Constants (classes, modules, constants) are global: a constant path is looked
  up lexically (the enclosing ``class``/``module`` nesting, innermost first),
  then in the ancestors of the innermost one, then at the top level, across the
  whole project. ``::Foo`` starts at the top level.
* A class or module written in several places (reopened, or monkey-patched in
  another file) is one logical class: every ``class Foo`` block stays its own
  symbol, but their members and ancestors are merged, so a method defined in
  any of them is found through any of them; references point at the first
  block (in path order).
* Methods: a call without a receiver (or on ``self``) is looked up in the
  enclosing class and its ancestors (superclass and mixins), instance methods
  from instance methods and singleton methods (``def self.x``, ``class <<
  self``) from the class body and singleton methods; module methods serve
  both, as ``include`` and ``extend`` make them. Then in the top-level
  ``def``\\ s of the project (methods of ``Object``). ``Foo.new`` calls
  ``initialize``. ``super`` calls the same method in the ancestors.
* Receivers: a local assigned ``Foo.new`` (at every assignment in its method)
  and an instance variable assigned so in its class (``@repo = Repo.new``,
  ``@repo ||= Repo.new``) hold a ``Foo``: ``x.save`` is looked up in Foo's
  instance methods and ancestors, the constant ``Foo`` as written where the
  assignment is. A class outside the project names the target
  (``JSON::Parser.new`` then ``p.parse`` → ``JSON.Parser.parse``); any other
  receiver is unknown (candidates by method name).
* A constant the project does not define carries a package when the file
  requires a library whose first path segment is the constant's first name,
  underscored (``JSON`` and ``require "json"``, ``Net::HTTP`` and ``require
  "net/http"``, ``ActiveSupport`` and ``require "active_support/…"``): it is
  external, from that library; otherwise it stays unresolved with no package.
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, SymbolKind
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.resolve.api import UNKNOWN, External, LanguageRules, ModuleIndex, ModuleTarget, Sym

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving

_KEY = "rb:"
#: the ``bases`` the adapter gives a singleton method an ``included do … end`` block defines (on the includer)
_INCLUDED = "included"
#: how a module comes into a class (``include``, ``extend``, ``prepend``) → the hook that runs then, whose mixins
#: the adapter records in the module's ``bases`` as ``<hook> <extend|include> X``
_HOOK_OF = {"include": "included", "extend": "extended", "prepend": "prepended"}
_HOOK_PREFIXES = tuple(f"{hook} " for hook in _HOOK_OF.values())
#: directories a ``require`` path is relative to (the load path of a gem or an app)
_LOAD_DIRS = frozenset({"lib", "app", "test", "spec"})
_CONTAINER_KINDS = frozenset({SymbolKind.CLASS, SymbolKind.NAMESPACE})
_CONSTANT_KINDS = frozenset({SymbolKind.CLASS, SymbolKind.NAMESPACE, SymbolKind.CONSTANT})
_MEMBER_KINDS = frozenset({SymbolKind.METHOD, SymbolKind.CONSTRUCTOR, SymbolKind.FIELD, SymbolKind.CONSTANT})
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


class RubyRules(LanguageRules):
    instance_names = frozenset({"self"})
    outer_names_where_undeclared = False
    class_scope_visible_from_methods = True
    constructor_names = ("initialize",)

    def __init__(self, all_paths: set[str] | None = None) -> None:
        del all_paths
        self._constants: dict[str, list[str]] = {}  # qualified name → ids (canonical first)
        self._functions: dict[str, list[str]] = {}  # top-level ``def`` name → ids
        self._canonical: dict[str, str] = {}  # id of a class/module block → its first block's id
        self._results: dict[str, str] = {}  # method id → what it returns (``self``, or a constant path)
        self._blocks: dict[str, list[tuple[str, int]]] = {}  # canonical class/module id → its blocks (path, index)
        self._includers: set[str] = set()  # singleton methods an ``included do … end`` block defines on includers
        #: class id → its ancestors with the modules it prepends first, beside the list ``resolver.mro`` gave then
        self._lookup: dict[str, tuple[list[str], list[str]]] = {}

    # -- modules ------------------------------------------------------------------------------

    def register(self, extraction: Extraction) -> list[str]:
        stem = posixpath.splitext(extraction.path)[0]
        parts = stem.split("/")
        keys = [_KEY + stem]
        for index, part in enumerate(parts[:-1]):
            if part in _LOAD_DIRS:
                keys.append(_KEY + "/".join(parts[index + 1 :]))
        return keys

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        spec = imp.module
        if spec.startswith("."):
            base = posixpath.normpath(posixpath.join(posixpath.dirname(importer.path), spec))
            candidate = base if base.endswith(".rb") else f"{base}.rb"
            if candidate in modules.paths:
                return ModuleTarget(candidate, spec)
            return ModuleTarget(None, spec)
        key = spec[:-3] if spec.endswith(".rb") else spec
        found = modules.lookup(_KEY + key)
        if found:
            return ModuleTarget(sorted(found, key=lambda p: (p.count("/"), p))[0], spec)
        return ModuleTarget(None, spec)

    # -- the merged view of classes -------------------------------------------------------------

    def prepare(self, resolver: Resolving) -> None:
        """Index constants and top-level functions; merge the members and ancestors of every
        class or module written more than once."""
        constants: dict[str, list[str]] = {}
        functions: dict[str, list[str]] = {}
        places: dict[str, tuple[str, int]] = {}  # class or module block id → (path, index)
        includers: set[str] = set()
        for file in resolver.files.values():
            if file.extraction.language != "ruby":
                continue
            symbols = file.extraction.symbols
            for index, raw in enumerate(symbols):
                if not index:
                    continue
                parent = symbols[raw.parent] if raw.parent > 0 else None
                if raw.kind in _CONSTANT_KINDS and (parent is None or parent.kind in _CONTAINER_KINDS):
                    constants.setdefault(raw.qualname, []).append(file.ids[index])
                    if raw.kind in _CONTAINER_KINDS:
                        places[file.ids[index]] = (file.extraction.path, index)
                elif raw.kind is SymbolKind.FUNCTION and parent is None:
                    functions.setdefault(raw.name, []).append(file.ids[index])
                elif raw.bases == [_INCLUDED] and raw.kind is SymbolKind.METHOD:
                    includers.add(file.ids[index])
        self._constants, self._functions, self._includers = constants, functions, includers
        self._lookup = {}
        self._results = {
            file.ids[index]: raw.declared_type
            for file in resolver.files.values() if file.extraction.language == "ruby"
            for index, raw in enumerate(file.extraction.symbols) if raw.declared_type
        }
        groups: dict[str, str] = {}  # container id → canonical id
        blocks: dict[str, list[tuple[str, int]]] = {}
        for ids in constants.values():
            containers = [i for i in ids if resolver.symbols[i].kind in _CONTAINER_KINDS]
            for symbol_id in containers:
                groups[symbol_id] = containers[0]
                blocks.setdefault(containers[0], []).append(places[symbol_id])
        self._canonical, self._blocks = groups, blocks
        merged: dict[str, dict[str, list[str]]] = {}
        for symbol_id, symbol in resolver.symbols.items():
            if symbol.language != "ruby" or symbol.parent is None or symbol.parent not in groups:
                continue
            canonical = groups[symbol.parent]
            merged.setdefault(canonical, {}).setdefault(symbol.name, []).append(symbol_id)
            if symbol.kind in _MEMBER_KINDS and resolver.symbols[symbol.parent].kind is SymbolKind.NAMESPACE:
                resolver.members_by_name[symbol.name].append(symbol_id)  # module methods are members too
        shared_bases: dict[str, list[Entity]] = {}
        for symbol_id, canonical in groups.items():
            resolver.members[symbol_id] = merged.setdefault(canonical, {})
            resolver.bases[symbol_id] = shared_bases.setdefault(canonical, [])

    # -- resolution ---------------------------------------------------------------------------

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        if not ref.head_known:
            return None  # a receiver we cannot see: the shared fallback (candidates by name)
        symbols = file.extraction.symbols
        nesting = self._nesting(file, scope)
        if ref.role is not None:
            return self._field(resolver, file, scope, ref.text, nesting)
        if ref.kind in (EdgeKind.INHERITS, EdgeKind.REFERENCES) and not _names_method(ref.text):
            superclass = ref.kind is EdgeKind.INHERITS and ref.text in symbols[scope].bases
            found = self._base(resolver, ref.text.split("."), nesting, absolute=bool(ref.qualified),
                               superclass=superclass)
            return found or [External(ref.text, self._package_of(resolver, file, ref.text))]
        if "()." in ref.text:  # ``Foo.new.a.b``, ``q.a.b``, written ``Foo.new().a().b``
            return self._chain(resolver, file, scope, ref.text, nesting)
        head, _, member = ref.text.rpartition(".")
        if head and (head[0] == "@" or head[0].islower() or head[0] == "_") and head not in ("self", "super"):
            return self._on_variable(resolver, file, scope, head, member, nesting)
        singleton = self._singleton_context(file, scope)
        klass = nesting[0] if nesting else None
        if head == "super":
            if klass is None:
                return [External(ref.text)]
            return self._method(resolver, klass, member, singleton, skip_self=True) or [External(ref.text)]
        if head in ("", "self"):
            found = self._method(resolver, klass, member, singleton) if klass is not None else []
            if not found and member == "new" and singleton and klass is not None and (
                resolver.symbols[klass].kind is SymbolKind.CLASS
            ):
                found = [Sym(klass)]  # ``new`` in a class method: this class's ``initialize``
            if not found and not head:
                found = [self._sym(i) for i in self._functions.get(member, [])]
            return found or [External(ref.text)]
        receivers = self._constant(resolver, head.split("."), nesting, absolute=bool(ref.qualified))
        out: list[Entity] = []
        for receiver in receivers:
            receiver_id = getattr(receiver, "id", None)
            if receiver_id is None or resolver.symbols[receiver_id].kind not in _CONTAINER_KINDS:
                continue
            found = self._method(resolver, receiver_id, member, True)
            if not found and member == "new" and resolver.symbols[receiver_id].kind is SymbolKind.CLASS:
                found = [receiver]  # the class: its constructor is ``initialize``
            out += [f for f in found if f not in out]
        if not receivers:  # a constant from outside the project: named by the library a require loads
            return [External(ref.text, self._package_of(resolver, file, ref.text))]
        return out or [External(ref.text)]

    def _base(
        self, resolver: Resolving, parts: list[str], nesting: list[str], *, absolute: bool, superclass: bool
    ) -> list[Entity]:
        """A constant a class or module body names, as its superclass (``class B < A``: A is looked up outside B,
        and B does not exist yet) or otherwise (``include M``)."""
        exclude = None
        if superclass and nesting:
            exclude, nesting = nesting[0], nesting[1:]
        return self._constant(resolver, parts, nesting, absolute=absolute, exclude=exclude)

    # -- Ruby's ancestors ------------------------------------------------------------------------

    def ancestors(self, resolver: Resolving, class_id: str) -> list[str] | None:
        """Ruby's ancestors, not Python's C3 (``Cat.ancestors``): the class, the modules it includes (the last
        included first, each with its own ancestors, but none its superclass already has), then its superclass's
        ancestors. ``extend`` is taken as an ``include`` (see the docs); the modules a class ``prepend``s come
        before it in its subclasses' ancestors and in its own lookups (:meth:`_lookup_order`), but after it here,
        where the class comes first (its methods are not taken to override a module it prepends)."""
        canonical = self._canonical.get(class_id)
        if canonical is None:
            return None
        parents = [b.id for b in resolver.bases.get(class_id, []) if isinstance(b, Sym)]
        how = self._mixed_in(resolver, canonical)
        superclass = next((p for p in parents if how.get(p) == ""), None)
        tail = self._lookup_order(resolver, superclass) if superclass is not None else []
        front: list[str] = []
        for module in reversed([p for p in parents if how.get(p) == "prepend"]):
            front += [a for a in self._lookup_order(resolver, module) if a not in front and a != class_id]
        mixins: list[str] = []
        for parent in parents:
            mode = how.get(parent, "include")
            if mode not in _HOOK_OF:
                continue
            if mode != "prepend":
                mixins.append(parent)
            # what its ``self.included(base)`` (``extended``, ``prepended``) mixes into the class
            mixins += [m for m in self._hooked(resolver, parent, _HOOK_OF[mode])
                       if m not in parents and m != class_id and m not in mixins]
        out = [class_id]
        for module in reversed(mixins):
            out += [a for a in self._lookup_order(resolver, module) if a not in out and a not in tail]
        out += [a for a in tail if a not in out]
        chain = [a for a in out if a not in front]
        self._lookup[class_id] = (chain, [*front, *chain] if front else chain)
        return chain

    def _hooked(self, resolver: Resolving, module: str, hook: str = _INCLUDED,
                seen: set[str] | None = None) -> list[str]:
        """The modules a module's ``self.included(base)`` (``hook``: ``extended``, ``prepended`` alike) mixes into
        each class that includes (extends, prepends) it (``base.extend ClassMethods``, ``base.send :include, Other``,
        ``base.class_eval { include Other }``), in the order written, with those the modules it so includes or
        extends mix in in turn (their own hooks run on the same class). ``extend`` is taken as an ``include``, as
        in a class body."""
        seen = seen if seen is not None else {module}
        out: list[str] = []
        prefix = f"{hook} "
        for path, index in self._blocks.get(self._canonical.get(module, module), ()):
            file = resolver.files[path]
            entries = [e for e in file.extraction.symbols[index].bases if e.startswith(prefix)]
            if not entries:
                continue
            nesting = self._nesting(file, index)
            for entry in entries:
                mixin, _, text = entry.removeprefix(prefix).rpartition(" ")
                absolute = text.startswith("::")
                for entity in self._constant(resolver, text.removeprefix("::").split("."), nesting,
                                             absolute=absolute):
                    if not isinstance(entity, Sym) or entity.id in seen or \
                            resolver.symbols[entity.id].kind is not SymbolKind.NAMESPACE:
                        continue
                    seen.add(entity.id)
                    out.append(entity.id)
                    out += self._hooked(resolver, entity.id, _HOOK_OF[mixin], seen)
        return out

    def _lookup_order(self, resolver: Resolving, klass: str) -> list[str]:
        """Where a method of ``klass`` (or of an instance) is looked up: its ancestors, the modules it prepends
        first."""
        chain = resolver.mro(klass)
        kept = self._lookup.get(klass)
        return kept[1] if kept is not None and kept[0] is chain else chain

    def _mixed_in(self, resolver: Resolving, canonical: str) -> dict[str, str]:
        """How each class or module that a class's blocks name as a base comes in: "" (the superclass),
        "include", "extend" or "prepend" (the adapter's ``bases``), by the constant each names."""
        how: dict[str, str] = {}
        for path, index in self._blocks.get(canonical, ()):
            file = resolver.files[path]
            written = file.extraction.symbols[index].bases
            if not written:
                continue
            nesting = self._nesting(file, index)
            for entry in written:
                if entry.startswith(_HOOK_PREFIXES):
                    continue  # (mixed into the includers: ``_hooked``)
                mixin, _, text = entry.rpartition(" ")
                found = self._base(resolver, text.split("."), nesting, absolute=False, superclass=not mixin)
                for entity in found:
                    if isinstance(entity, Sym):
                        how.setdefault(entity.id, mixin)
        return how

    def _chain(self, resolver: Resolving, file: FileIndex, scope: int, text: str, nesting: list[str]) -> list[Entity]:
        """A method of what a chain of calls gives: the first call's result (``_call_result``), then each next
        method's (its last expression: ``self``, ``Foo.new``); a receiver it cannot follow is a value it cannot
        see (candidates by name)."""
        first, *middle, member = text.split("().")
        held = self._call_result(resolver, file, scope, first, nesting, 0)
        for name in middle:
            if not isinstance(held, list):
                break
            held = self._results_of(resolver, held, False, name)
        return self._instance_method(resolver, held, member)

    def _field(
        self, resolver: Resolving, file: FileIndex, scope: int, text: str, nesting: list[str]
    ) -> list[Entity]:
        """A value use that no local declares: ``@x`` (read or written) or a bare ``x`` (a call of the reader
        with no receiver) is the field ``x`` (``attr_reader :x``) of the enclosing class or its ancestors;
        nothing else is known (a bare name that names a method is that call's)."""
        name = text[1:] if text.startswith("@") else text
        if not nesting or not name or "." in name or self._singleton_context(file, scope):
            return []
        return [e for e in resolver.class_member(nesting[0], name)
                if isinstance(e, Sym) and resolver.symbols[e.id].kind is SymbolKind.FIELD]

    def _package_of(self, resolver: Resolving, file: FileIndex, name: str) -> str | None:
        """The library a ``require`` of ``file`` loads, when it is named like the first constant of ``name``."""
        head = name.lstrip(".").split(".", 1)[0]
        if not head[:1].isupper():
            return None
        spellings = {head.lower(), _CAMEL_BOUNDARY.sub("_", head).lower()}
        for imp in file.extraction.imports:
            spec = imp.module
            if spec.startswith(".") or spec.split("/", 1)[0].removesuffix(".rb") not in spellings:
                continue
            if self.import_target(file.extraction, imp, resolver.modules).path is None:
                return spec
        return None

    def _on_variable(
        self, resolver: Resolving, file: FileIndex, scope: int, variable: str, member: str, nesting: list[str]
    ) -> list[Entity]:
        """``x.member`` / ``@x.member``: an instance method of the class the variable is known to hold."""
        return self._instance_method(resolver, self._held(resolver, file, scope, variable, nesting, 0), member)

    def _instance_method(self, resolver: Resolving, held: list[str] | External | None, member: str) -> list[Entity]:
        """The instance method ``member`` of what a value holds (``_held``, ``_call_result``): of each class, or
        outside the project (a class from a library, an ancestor the project does not define); unknown: None."""
        if held is None:
            return [UNKNOWN]
        if isinstance(held, External):
            return [External(f"{held.name}.{member}", held.package)]
        out: list[Entity] = []
        for klass in held:
            found = self._method(resolver, klass, member, False) or [
                External(f"{resolver.symbols[klass].qualname}.{member}")]
            out += [f for f in found if f not in out]
        return out

    def _held(
        self, resolver: Resolving, file: FileIndex, scope: int, variable: str, nesting: list[str], depth: int
    ) -> list[str] | External | None:
        """The classes whose instance a variable (or ``self``) holds; an outside class, named; None: unknown."""
        symbols = file.extraction.symbols
        if variable == "self":
            klass = nesting[0] if nesting else None
            if klass is None or self._singleton_context(file, scope):
                return None  # ``self`` is the class itself, or the top-level object
            return [klass] if resolver.symbols[klass].kind is SymbolKind.CLASS else None
        holder = scope
        if variable.startswith("@"):  # an instance variable: its class's assignments decide
            while holder > 0 and symbols[holder].kind not in _CONTAINER_KINDS:
                holder = symbols[holder].parent
        typed = file.extraction.var_types.get(holder, {}).get(variable) if holder > 0 else None
        if typed is None or depth > 8:
            return None
        if typed == "self":  # ``obj = new`` in a singleton method: an instance of that class
            klass = nesting[0] if nesting else None
            return [klass] if klass is not None and resolver.symbols[klass].kind is SymbolKind.CLASS else None
        if typed.endswith("()"):  # what a call returns
            return self._call_result(resolver, file, scope, typed[:-2], nesting, depth + 1)
        return self._instances_of(resolver, file, typed, nesting)

    def _instances_of(
        self, resolver: Resolving, file: FileIndex, path: str, nesting: list[str]
    ) -> list[str] | External | None:
        classes = [
            c.id for c in self._constant(resolver, path.split("."), nesting, absolute=False)
            if isinstance(c, Sym) and resolver.symbols[c.id].kind is SymbolKind.CLASS
        ]
        written = path.removeprefix("::")
        return classes or External(written, self._package_of(resolver, file, written))

    def _call_result(
        self, resolver: Resolving, file: FileIndex, scope: int, callee: str, nesting: list[str], depth: int
    ) -> list[str] | External | None:
        """``Foo.build`` / ``y.m`` / ``self.m``: the classes what it calls returns instances of, by the callee's
        last expression (``new`` and ``self``: the receiver's class; ``Foo.new``: Foo)."""
        head, _, name = callee.rpartition(".")
        if not head:
            return None
        receivers: list[str]
        singleton: bool
        if head[0].isupper() or head.startswith("::"):
            receivers = [
                c.id for c in self._constant(resolver, head.split("."), nesting, absolute=False)
                if isinstance(c, Sym) and resolver.symbols[c.id].kind in _CONTAINER_KINDS
            ]
            singleton = True
        else:
            held = self._held(resolver, file, scope, head, nesting, depth)
            if not isinstance(held, list):
                return None
            receivers, singleton = held, False
        return self._results_of(resolver, receivers, singleton, name)

    def _results_of(
        self, resolver: Resolving, receivers: list[str], singleton: bool, name: str
    ) -> list[str] | External | None:
        """The classes the method ``name`` of ``receivers`` (their instances; with ``singleton`` the classes
        themselves) returns instances of, by its last expression; None: unknown."""
        out: list[str] = []
        for receiver in receivers:
            methods = [m for m in self._method(resolver, receiver, name, singleton) if isinstance(m, Sym)]
            if not methods and name == "new" and singleton and resolver.symbols[receiver].kind is SymbolKind.CLASS:
                out += [receiver] if receiver not in out else []  # ``Foo.new`` without an ``initialize``: a Foo
                continue
            if len(methods) != 1:
                return None
            result = self._results.get(methods[0].id, "")
            if result == "self" and singleton and not resolver.symbols[methods[0].id].properties.get("static"):
                return None  # a module's instance method called on the class: ``self`` is the class itself
            if result == "self":
                found: list[str] | External | None = (
                    [receiver] if resolver.symbols[receiver].kind is SymbolKind.CLASS else None
                )
            elif result:
                method_file = resolver.files[methods[0].id.split("::", 1)[0]]
                method_scope = method_file.ids.index(methods[0].id)
                found = self._instances_of(
                    resolver, method_file, result, self._nesting(method_file, method_scope)
                )
            else:
                return None
            if not isinstance(found, list):
                return found if len(receivers) == 1 else None
            out += [f for f in found if f not in out]
        return out or None

    def _sym(self, symbol_id: str) -> Entity:
        return Sym(self._canonical.get(symbol_id, symbol_id))

    def _nesting(self, file: FileIndex, scope: int) -> list[str]:
        """Ids of the enclosing classes and modules, innermost first (Ruby's ``Module.nesting``)."""
        symbols = file.extraction.symbols
        out: list[str] = []
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.kind in _CONTAINER_KINDS:
                out.append(self._canonical.get(file.ids[current], file.ids[current]))
            current = raw.parent
        return out

    @staticmethod
    def _singleton_context(file: FileIndex, scope: int) -> bool:
        """Is ``self`` the class itself here (a class body or a singleton method)?"""
        raw = file.extraction.symbols[scope]
        if raw.kind.category is Category.CALLABLE:
            return bool(raw.properties.get("static"))
        return raw.kind in _CONTAINER_KINDS

    def _constant(
        self, resolver: Resolving, parts: list[str], nesting: list[str], *, absolute: bool, exclude: str | None = None
    ) -> list[Entity]:
        head, rest = parts[0], parts[1:]
        if head.startswith("::"):  # (a path written from the top level, as the adapter spells it in a chain or a
            head, absolute = head[2:], True  # variable's type: ``::Foo.new.a``, ``x = ::Foo.new``)
        found: list[str] = []

        def usable(ids: list[str]) -> list[str]:
            return [i for i in ids if exclude is None or self._canonical.get(i, i) != exclude]

        if not absolute:
            for container in nesting:
                found = usable(self._constants.get(f"{resolver.symbols[container].qualname}.{head}", []))
                if found:
                    break
            if not found and nesting:
                found = usable(self._inherited_constant(resolver, nesting[0], head))
        if not found:
            found = usable(self._constants.get(head, []))
        for part in rest:
            if not found:
                break
            current = self._canonical.get(found[0], found[0])
            found = self._constants.get(f"{resolver.symbols[current].qualname}.{part}", []) or (
                self._inherited_constant(resolver, current, part)
            )
        if not found:
            return []
        # one logical class or module, however often it is reopened
        containers = [i for i in found if resolver.symbols[i].kind in _CONTAINER_KINDS]
        if containers:
            return [self._sym(containers[0])]
        return [self._sym(found[0])] if len(found) == 1 else [self._sym(i) for i in found]

    def _inherited_constant(self, resolver: Resolving, container: str, name: str) -> list[str]:
        for ancestor in resolver.mro(container)[1:]:
            found = [
                i for i in resolver.members.get(ancestor, {}).get(name, [])
                if resolver.symbols[i].kind in _CONSTANT_KINDS
            ]
            if found:
                return found
        return []

    def _method(
        self, resolver: Resolving, klass: str, name: str, singleton: bool, *, skip_self: bool = False
    ) -> list[Entity]:
        """A method (or attribute) named ``name`` that ``self`` of this kind answers to. A module's own singleton
        methods (``def self.x``) are its alone: ``include`` does not hand them on (unless an ``included do … end``
        block defines them on the includer)."""
        chain = resolver.mro(klass)[1:] if skip_self else self._lookup_order(resolver, klass)
        if name.endswith("*"):  # ``send(:"parse_#{type}")``: every method whose name starts so, and maybe none
            prefix, matches = name[:-1], []
            for ancestor in chain:
                for member, ids in resolver.members.get(ancestor, {}).items():
                    if member.startswith(prefix):
                        matches += [Sym(i) for i in ids if _fits(resolver, i, singleton) and Sym(i) not in matches
                                    and (not singleton or ancestor == klass or self._handed_on(resolver, i))]
            return [*matches, UNKNOWN] if matches else []
        for ancestor in chain:
            members = resolver.members.get(ancestor, {})
            found = [i for i in members.get(name, []) if _fits(resolver, i, singleton)
                     and (not singleton or ancestor == klass or self._handed_on(resolver, i))]
            if not found and name.endswith("="):  # ``self.x = v``: the writer of ``attr_accessor :x``
                found = [i for i in members.get(name[:-1], []) if resolver.symbols[i].kind is SymbolKind.FIELD]
            if found:
                return [Sym(i) for i in found]
        return []


    def _handed_on(self, resolver: Resolving, symbol_id: str) -> bool:
        """Does a member found for a singleton lookup in an ancestor of the class reach the class? Not a module's
        own singleton method (``module M; def self.x``), which ``include`` does not copy."""
        symbol = resolver.symbols[symbol_id]
        if not symbol.properties.get("static") or symbol.parent is None:
            return True
        return resolver.symbols[symbol.parent].kind is not SymbolKind.NAMESPACE or symbol_id in self._includers


def _names_method(text: str) -> bool:
    """Does a ``references`` text name a method (``method(:save)``, ``respond_to?(:save)``: ``save``,
    ``self.save``, ``x.save``), not a constant (``Foo``, ``Foo.BAR``)?"""
    last = text.rpartition(".")[2]
    return bool(last) and (last[0].islower() or last[0] == "_")


def _fits(resolver: Resolving, symbol_id: str, singleton: bool) -> bool:
    symbol = resolver.symbols[symbol_id]
    if symbol.kind not in (SymbolKind.METHOD, SymbolKind.CONSTRUCTOR, SymbolKind.FIELD):
        return False
    static = bool(symbol.properties.get("static"))
    parent = resolver.symbols[symbol.parent] if symbol.parent is not None else None
    if parent is not None and parent.kind is SymbolKind.NAMESPACE and not static:
        return True  # a module's instance methods: mixed in by include (instances) or extend (the class)
    return static is singleton


RULES = RubyRules
