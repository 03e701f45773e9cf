"""PHP: names are global and fully qualified by namespace (what PSR-4 autoloading relies on).

The adapter resolves every class, function and constant name through its
namespace and ``use`` imports and records the fully qualified candidates in
``RawRef.qualified``. Here they are looked up in a project-wide table of
namespace-level declarations (classes, interfaces, traits, enums, functions,
constants) keyed by their fully qualified name; ``Foo::bar`` continues through
the class hierarchy. Under PSR-4 a class's file follows from its fully
qualified name, which is what the table holds; when one name is declared in
several files (polyfills, fixtures, copies), the ``autoload``/``autoload-dev``
``psr-4`` maps of the project's ``composer.json`` files (the scan root's and
those one or two directories below it, ``vendor/`` left out) pick the file the
autoloader would load, if it is among them; otherwise the name stays
``ambiguous``.
``$this``, ``self``, ``static`` and ``parent`` (spelled ``super``) are looked up
through the class hierarchy (``extends``, ``implements`` and ``use``d traits).

Receivers are typed: the adapter writes a call on a variable or a property chain
as ``$x.find``, ``$this.repo.save``, ``$x.find().save`` and records what each
function's variables hold (``Extraction.var_types``, fully qualified: a typed
parameter, ``$x = new Foo``, ``$x = Foo::make()``, ``$x = $y->find()``) and each
property's type and method's return type (``RawSymbol.declared_type``). The walk
follows those through the members of project classes (a method returning
``static`` returns its receiver's class); a class outside the project names the
target (``GuzzleHttp.Client.get``); a variable of unknown type leaves the call to
the shared fallback (candidates by method name).

A name from outside the project that a ``use`` import names (``use GuzzleHttp\\Client``)
carries that import as its package (``GuzzleHttp.Client``), and so do its members
and a project class's members inherited from it; a name under one of the
project's own root namespaces is missing (no package), not external.
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import replace
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Role, SymbolKind, split_id
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.resolve.api import (
    UNKNOWN,
    External,
    Instance,
    LanguageRules,
    ModuleIndex,
    ModuleTarget,
    Sym,
    Unknown,
    narrowing_at,
)

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving

_INSTANCE_HEADS = frozenset({"$this", "self", "static", "super"})
#: module keys are prefixed so they never meet another language's module names
_KEY = "php:"
_DECLARATIONS = frozenset(
    {SymbolKind.CLASS, SymbolKind.INTERFACE, SymbolKind.TRAIT, SymbolKind.ENUM, SymbolKind.FUNCTION,
     SymbolKind.CONSTANT}
)


def _declarations(extraction: Extraction) -> list[tuple[int, str]]:
    """``(index, fully qualified name)`` of the declarations at namespace level."""
    symbols = extraction.symbols
    out: list[tuple[int, str]] = []
    for index, symbol in enumerate(symbols):
        if not index or symbol.kind not in _DECLARATIONS:
            continue
        parent = symbols[symbol.parent] if symbol.parent >= 0 else None
        if parent is None or parent.kind in (SymbolKind.MODULE, SymbolKind.NAMESPACE):
            out.append((index, symbol.qualname))
    return out


class PhpRules(LanguageRules):
    instance_names = frozenset({"$this", "self", "static"})
    constructor_names = ("__construct",)

    def __init__(self, all_paths: set[str] | None = None) -> None:
        del all_paths
        self._table: dict[str, list[str]] = {}
        self._extends: set[str] = set()  # ids of the classes that have an ``extends`` clause
        self._declared: dict[str, str] = {}  # symbol id → declared type (fully qualified, or ``static``)
        self._roots: set[str] = set()  # the project's root namespaces, lower-cased

    def register(self, extraction: Extraction) -> list[str]:
        return [_KEY + name.lower() for _, name in _declarations(extraction)]

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        imported = imp.names[0][0] if imp.names else ""
        name = f"{imp.module}.{imported}" if imp.module and imported else imp.module or imported
        declared = self._table.get(name.lower())  # after ``prepare``: duplicates settled by PSR-4
        found = sorted({split_id(i)[0] for i in declared}) if declared else modules.lookup(_KEY + name.lower())
        if found:
            return ModuleTarget(sorted(found)[0], name)
        return ModuleTarget(None, name)

    # -- resolution ------------------------------------------------------------------------

    def prepare(self, resolver: Resolving) -> None:
        table: dict[str, list[str]] = {}
        extends: set[str] = set()
        declared: dict[str, str] = {}
        for file in resolver.files.values():
            if file.extraction.language != "php":
                continue
            for index, raw in enumerate(file.extraction.symbols):
                if raw.declared_type:
                    declared[file.ids[index]] = raw.declared_type
            for index, raw in enumerate(file.extraction.symbols):
                if raw.kind is SymbolKind.CLASS and raw.bases:
                    extends.add(file.ids[index])
            for index, name in _declarations(file.extraction):
                table.setdefault(name.lower(), []).append(file.ids[index])
        if any(len(ids) > 1 for ids in table.values()):
            mappings = self._psr4()
            for name, ids in table.items():
                if len(ids) > 1 and mappings:
                    table[name] = _autoloaded(ids, name, mappings, resolver) or ids
        self._table = table
        self._extends = extends
        self._declared = declared
        self._roots = {name.split(".", 1)[0] for name in table if "." in name}

    def prefer_targets(self, resolver: Resolving, kind: EdgeKind, targets: list[str],
                       role: Role | None = None) -> list[str]:
        """PHP keeps methods and properties apart: a call (``->m()``) names no property, and a property
        access (``->p``) no method, whatever candidates share the name."""
        if kind is EdgeKind.CALLS:
            kept = [t for t in targets if resolver.symbols[t].kind.category is not Category.VALUE]
        else:
            kept = [t for t in targets if resolver.symbols[t].kind.category is not Category.CALLABLE]
        return kept or targets

    def external_package(self, imp: RawImport, module_name: str) -> str | None:
        if module_name.split(".", 1)[0].lower() in self._roots:
            return None  # under the project's own namespace: missing, not from outside
        return super().external_package(imp, module_name)

    def _package_of(self, file: FileIndex, name: str) -> str | None:
        """The ``use`` import of ``file`` that names ``name`` (or a class it is a member of), when from outside."""
        lowered = name.lower()
        if lowered.split(".", 1)[0] in self._roots:
            return None
        for imp in file.extraction.imports:
            for imported, _local in imp.names:
                full = f"{imp.module}.{imported}" if imp.module else imported
                if lowered == full.lower() or lowered.startswith(f"{full.lower()}."):
                    return full
        return None

    def _psr4(self) -> list[tuple[str, str]]:
        """``(namespace prefix, directory)`` pairs, lower-cased dotted prefix and root-relative
        directory, from the project's ``composer.json`` files."""
        root = self.source_root
        if root is None or not root.is_dir():
            return []
        manifests = [root / "composer.json", *root.glob("*/composer.json"), *root.glob("*/*/composer.json")]
        out: list[tuple[str, str]] = []
        for manifest in manifests:
            if "vendor" in manifest.relative_to(root).parts or not manifest.is_file():
                continue
            try:
                data = json.loads(manifest.read_text("utf-8"))
            except (OSError, ValueError):
                continue
            base = manifest.parent.relative_to(root).as_posix()
            for section in ("autoload", "autoload-dev"):
                psr4 = data.get(section, {}).get("psr-4", {}) if isinstance(data, dict) else {}
                if not isinstance(psr4, dict):
                    continue
                for prefix, directories in psr4.items():
                    for directory in [directories] if isinstance(directories, str) else directories or []:
                        if not isinstance(directory, str):
                            continue
                        path = posixpath.normpath(posixpath.join(base, directory)) if base != "." else (
                            posixpath.normpath(directory)
                        )
                        out.append((prefix.strip("\\").replace("\\", ".").lower(), "" if path == "." else path))
        return out

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        if ref.role is not None and not ref.qualified and ref.head_known:
            return self._value(resolver, file, scope, ref)
        if not ref.qualified:
            if not ref.head_known:
                return None  # unknown receivers: the shared fallback
            head = ref.text.split(".", 1)[0]
            if head in _INSTANCE_HEADS and ref.text.count(".") < 2 and "()" not in ref.text:
                return self._in_class(resolver, file, scope, ref)
            if head in _INSTANCE_HEADS or head.startswith("$"):
                return self._walk(resolver, file, scope, ref, ref.text.split("."), 0)
            # a type or callee text the resolver made up (a declared type, fully qualified)
            return [e for e in self._walk(resolver, file, scope, ref, ref.text.split("."), 0) if not isinstance(
                e, External)]

        for name in ref.qualified:
            found = self._lookup(resolver, name, ref)
            if found:
                return found
        return [External(ref.qualified[-1], self._package_of(file, ref.qualified[-1]))]

    def _value(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        """A variable or property read or written (``$x``, ``$this.count``, ``$x.find().name``, ``self.$n``),
        found as a call's receiver chain is. A variable no local declares (a global, a superglobal, one
        used before its assignment) names nothing."""
        if ref.text.startswith("$") and "." not in ref.text:
            return []
        return self.resolve_ref(resolver, file, scope, replace(ref, role=None)) or []

    def _walk(
        self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef, parts: list[str], depth: int
    ) -> list[Entity]:
        """What a receiver chain denotes (see the module docstring): ``parts`` are its names, a part ending
        in ``()`` is a method call whose result continues the chain."""
        head = parts[0]
        rest = parts[1:]
        current: list[Entity]
        if head in _INSTANCE_HEADS:
            if not rest:
                return self._in_class(resolver, file, scope, ref)
            first = rest[0]
            call = first.endswith("()")
            step = RawRef(scope, EdgeKind.CALLS if call or (len(rest) == 1 and ref.kind is EdgeKind.CALLS) else (
                EdgeKind.REFERENCES), f"{head}.{first.removesuffix('()')}", ref.span)
            found = self._in_class(resolver, file, scope, step)
            if len(rest) > 1 or call:  # a member the class does not declare (a dynamic property): unknown
                found = [UNKNOWN if isinstance(e, External) and e.name == step.text else e for e in found]
            klass = self._enclosing_class_id(file, scope)
            receiver: list[Entity] = [Instance(klass)] if klass is not None else [UNKNOWN]
            current = self._results(resolver, file, found, receiver) if len(rest) > 1 or call else found
            rest = rest[1:]
        elif head.startswith("$"):
            narrowed = narrowing_at(file, scope, head, ref.span) if file.extraction.narrowed and rest else None
            typed = narrowed[1] if narrowed is not None else file.extraction.var_types.get(scope, {}).get(head)
            if typed is None:
                return [UNKNOWN]
            if typed.startswith("$") or typed.endswith("()"):  # what a call returned: walk that call instead
                if depth > 8:
                    return [UNKNOWN]
                typed_parts = typed.split(".")
                return self._walk(resolver, file, scope, ref, typed_parts + rest, depth + 1)
            current = self._instances(resolver, file, typed)
        else:  # a fully qualified name: a class, then its static members
            current = []
            for end in range(len(parts), 0, -1):
                name = ".".join(parts[:end]).removesuffix("()")
                classes = [i for i in self._table.get(name.lower(), [])
                           if resolver.symbols[i].kind.category is Category.TYPE]
                if classes:
                    current = [Sym(i) for i in classes]
                    rest = parts[end:]
                    break
            if not current:
                name = ".".join(parts).removesuffix("()")
                return [External(name, self._package_of(file, name))]
        for position, part in enumerate(rest):
            last = position == len(rest) - 1
            call = part.endswith("()")
            name = part.removesuffix("()")
            kind = EdgeKind.CALLS if call or (last and ref.kind is EdgeKind.CALLS) else EdgeKind.REFERENCES
            step = RawRef(scope, kind, name, ref.span)
            nxt: list[Entity] = []
            for entity in current:
                if isinstance(entity, External):
                    members: list[Entity] = [External(f"{entity.name}.{name}", entity.package)]
                elif isinstance(entity, Instance | Sym):
                    class_id = entity.type_id if isinstance(entity, Instance) else entity.id
                    members = _member(resolver, class_id, name, step, instance=isinstance(entity, Instance))
                    if not members or any(isinstance(f, Unknown) for f in members):
                        outside = self._external_parent(resolver, class_id)
                        members = [External(f"{outside.name}.{name}", outside.package)] if outside else [UNKNOWN]
                    if not last or call:
                        members = self._results(resolver, file, members, [entity])
                else:
                    members = [UNKNOWN]
                nxt += [f for f in members if f not in nxt]
            current = nxt
        return current

    @staticmethod
    def _enclosing_class_id(file: FileIndex, scope: int) -> str | None:
        symbols = file.extraction.symbols
        current = scope
        while current > 0 and symbols[current].kind.category is not Category.TYPE:
            current = symbols[current].parent
        return file.ids[current] if current > 0 else None

    def _instances(self, resolver: Resolving, file: FileIndex, type_name: str) -> list[Entity]:
        """The values of a declared type (fully qualified): instances of the project's classes of that name,
        else the outside class, named."""
        classes = [i for i in self._table.get(type_name.lower(), [])
                   if resolver.symbols[i].kind.category is Category.TYPE]
        return [Instance(i) for i in classes] if classes else [External(type_name, self._package_of(file, type_name))]

    def _results(
        self, resolver: Resolving, file: FileIndex, found: list[Entity], receiver: list[Entity]
    ) -> list[Entity]:
        """What the members in ``found`` hold (a property) or return (a method), by their declared types; a
        method returning ``static`` returns ``receiver``."""
        out: list[Entity] = []
        for entity in found:
            values: list[Entity] = [entity] if isinstance(entity, External) else [UNKNOWN]
            if isinstance(entity, Sym):
                declared = self._declared.get(entity.id, "")
                if declared == "static":
                    values = list(receiver)
                elif declared:
                    values = self._instances(resolver, resolver.files[entity.id.split("::", 1)[0]], declared)
            out += [v for v in values if v not in out]
        return out

    def _in_class(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        """``$this->m``, ``self::m``, ``static::m``, ``parent::m`` (``super.m``), ``new static``: the
        enclosing class's hierarchy decides. A member the project's part of it lacks comes from
        outside; when the class extends a class outside the project, the target is named through it."""
        head, _, member = ref.text.partition(".")  # ``$this.name``, ``self.$count``, ``super.run``
        symbols = file.extraction.symbols
        current = scope
        while current > 0 and symbols[current].kind.category is not Category.TYPE:
            current = symbols[current].parent
        if current <= 0:
            return [External(ref.text)]
        class_id = file.ids[current]
        if head == "super":
            if class_id not in self._extends:
                return [External(ref.text)]
            parent = resolver.bases.get(class_id, [])[:1]
            if not member:  # ``new parent``
                return [p if isinstance(p, Sym | External) else External(ref.text) for p in parent]
        elif not member:
            return [Sym(class_id)]
        found = _member(resolver, class_id, member, ref, skip_self=head == "super", instance=head == "$this")
        if found and not any(isinstance(f, Unknown) for f in found):
            return found
        outside = self._external_parent(resolver, class_id)
        return [External(f"{outside.name}.{member}", outside.package) if outside else External(ref.text)]

    def _external_parent(self, resolver: Resolving, class_id: str) -> External | None:
        """The first class outside the project up the ``extends`` chain, if there is one."""
        seen: set[str] = set()
        current = class_id
        while current in self._extends and current not in seen:
            seen.add(current)
            parent = resolver.bases.get(current, [])[:1]
            if not parent:
                return None
            if isinstance(parent[0], External):
                return parent[0]
            if not isinstance(parent[0], Sym):
                return None
            current = parent[0].id
        return None

    def _lookup(self, resolver: Resolving, name: str, ref: RawRef) -> list[Entity]:
        whole = self._table.get(name.lower(), [])
        if whole:
            wanted = [i for i in whole if _fits(resolver.symbols[i].kind, ref)]
            # constants are case-sensitive, classes and functions are not
            wanted = [
                i for i in wanted
                if resolver.symbols[i].kind is not SymbolKind.CONSTANT or resolver.symbols[i].qualname == name
            ]
            if wanted:
                return [Sym(i) for i in wanted]
        head, _, member = name.rpartition(".")
        if not head or ref.constructs:
            return []
        classes = [
            i for i in self._table.get(head.lower(), []) if resolver.symbols[i].kind.category is Category.TYPE
        ]
        out: list[Entity] = []
        for class_id in classes:
            found = _member(resolver, class_id, member, ref)
            if not found or any(isinstance(f, Unknown) for f in found):
                found = [External(name)]  # not in the project's part of the hierarchy
            for entity in found:
                if entity not in out:
                    out.append(entity)
        return out


_METHODS = frozenset({SymbolKind.METHOD, SymbolKind.CONSTRUCTOR})
_FIELDS = frozenset({SymbolKind.FIELD})
_CLASS_CONSTANTS = frozenset({SymbolKind.CONSTANT, SymbolKind.ENUM_MEMBER})


def _member(
    resolver: Resolving, class_id: str, member: str, ref: RawRef, *, skip_self: bool = False, instance: bool = False
) -> list[Entity]:
    """A member through the class hierarchy, in the right table: PHP keeps methods (``->m()``,
    ``::m()``, case-insensitive), properties (``->p``, ``::$p``) and class constants (``::C``) apart."""


    if ref.kind is EdgeKind.CALLS:
        kinds = _METHODS
    elif instance or member.startswith("$"):
        kinds = _FIELDS
    else:
        kinds = _CLASS_CONSTANTS
    name = member.lstrip("$")
    chain = resolver.mro(class_id)
    for ancestor in chain[1:] if skip_self else chain:
        members = resolver.members.get(ancestor, {})
        ids = members.get(name, [])
        if not ids and kinds is _METHODS:
            lowered = name.lower()
            ids = [i for key, found in members.items() if key.lower() == lowered for i in found]
        found = [i for i in ids if resolver.symbols[i].kind in kinds]
        if found:
            return [Sym(i) for i in found]
    if any(not isinstance(b, Sym) for a in chain for b in resolver.bases.get(a, [])):
        return [UNKNOWN]  # an ancestor outside the project may declare it
    return []


def _autoloaded(ids: list[str], name: str, mappings: list[tuple[str, str]], resolver: Resolving) -> list[str]:
    """The declarations of ``name`` in the file PSR-4 maps it to."""
    wanted: set[str] = set()
    for prefix, directory in mappings:
        if prefix and not name.startswith(prefix + "."):
            continue
        rest = name[len(prefix) + 1 :] if prefix else name
        wanted.add((posixpath.join(directory, *rest.split(".")) + ".php").lower())
    found = [i for i in ids if resolver.symbols[i].path.lower() in wanted]
    return found


def _fits(kind: SymbolKind, ref: RawRef) -> bool:
    """Can a declaration of ``kind`` be what this use names? (functions, classes and constants
    live in separate tables in PHP)"""
    if ref.role is Role.IMPORT:  # ``use Foo\\Bar``, ``use function …``, ``use const …``
        return True
    if ref.kind is EdgeKind.CALLS:
        return kind.category is Category.TYPE if ref.constructs else kind is SymbolKind.FUNCTION
    if ref.kind is EdgeKind.REFERENCES:
        return kind is not SymbolKind.FUNCTION
    return kind.category is Category.TYPE


RULES = PhpRules
