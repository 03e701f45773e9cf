"""JavaScript and TypeScript: where a module specifier points.

In the order TypeScript's ``moduleResolution: bundler``/``node`` tries them:

1. a relative specifier (``./x``, ``../y/index.js``), with extension and ``index`` probing and the
   ESM spelling ``./x.js`` for ``./x.ts``;
2. ``compilerOptions.paths`` of the nearest ``tsconfig.json`` (or ``jsconfig.json``) above the
   importing file, following ``extends`` between project files: the longest matching pattern, each of
   its substitutions in order;
3. ``compilerOptions.baseUrl``: a bare specifier as a path under it;
4. a package of the workspace by its ``package.json`` name (``@acme/util``, ``@acme/util/sub``), at
   the entry its manifest names (``source``, ``types``, ``module``, ``main``, ``exports``; a built
   file under ``dist/``, ``lib/`` or ``build/`` is looked for under ``src/``) or ``src/index``,
   ``index``;
5. otherwise the module is outside the project: its package is the specifier's npm package name.

Configuration files are read from the scanned directory on disk (``source_root``); without one
only relative specifiers resolve.
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from codeknit.graph.model import Category, EdgeKind, Role, SymbolKind
from codeknit.languages.records import Extraction, RawImport
from codeknit.resolve.api import Entity, LanguageRules, ModuleIndex, ModuleTarget, Sym, ancestor_directories

if TYPE_CHECKING:
    from collections.abc import Iterator

    from codeknit.resolve.api import Resolving

_JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
#: the TypeScript files a JavaScript extension in a specifier stands for, in the order TypeScript tries them; and
#: a TypeScript extension's (``'./x.ts'``, written where ``allowImportingTsExtensions`` or
#: ``rewriteRelativeImportExtensions`` is set, and kept so in the declaration files emitted: ``x.d.ts`` there)
_TS_FOR_JS = {".js": (".ts", ".tsx", ".d.ts"), ".jsx": (".tsx", ".d.ts"), ".mjs": (".mts", ".d.mts"),
              ".cjs": (".cts", ".d.cts"), ".ts": (".ts", ".d.ts"), ".tsx": (".tsx", ".d.ts"),
              ".mts": (".mts", ".d.mts"), ".cts": (".cts", ".d.cts")}
#: extensions stripped from a manifest's entry before probing (longest first)
_ENTRY_EXTENSIONS = (".d.mts", ".d.cts", ".d.ts", ".mts", ".cts", ".tsx", ".ts", ".mjs", ".cjs", ".jsx", ".js")
_CONFIG_NAMES = ("tsconfig.json", "jsconfig.json")
_BUILD_DIRS = ("dist/", "lib/", "build/", "out/", "esm/", "cjs/")
_ENTRY_FIELDS = ("source", "types", "typings", "module", "main")
_MAX_EXTENDS = 8
#: kinds that exist only as types: a call never means them when a value of the same name exists
_TYPE_ONLY = frozenset({SymbolKind.INTERFACE, SymbolKind.TYPE_ALIAS})
#: kinds whose declarations of one name in one scope (the global scope of scripts included) merge into one entity:
#: a use names the first declaration (by path, then position), the members are each declaration's
_MERGING = frozenset({SymbolKind.INTERFACE, SymbolKind.NAMESPACE})
#: kinds that hold no type a qualified type name can name (``X.Foo``): only a module, a namespace or an enum does
_HOLD_NO_TYPES = frozenset({SymbolKind.INTERFACE, SymbolKind.TYPE_ALIAS, SymbolKind.CLASS, SymbolKind.FUNCTION,
                            SymbolKind.VARIABLE, SymbolKind.CONSTANT})
_JSONC_TOKENS = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', re.DOTALL)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


@dataclass(slots=True)
class PathMapping:
    """What one ``tsconfig.json`` says about bare specifiers (directories relative to the scan root)."""

    base_url: str | None = None
    paths: list[tuple[str, list[str]]] = field(default_factory=list)
    paths_dir: str = ""  # where ``paths`` substitutions start when there is no baseUrl


def parse_jsonc(text: str) -> Any:
    """JSON with comments and trailing commas, as ``tsconfig.json`` allows."""
    stripped = _JSONC_TOKENS.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)
    previous = None
    while previous != stripped:  # a comma before a closing bracket, possibly nested
        previous, stripped = stripped, _TRAILING_COMMA.sub(r"\1", stripped)
    return json.loads(stripped)


def npm_package(spec: str) -> str:
    """The npm package a bare specifier names: ``@scope/pkg/sub`` → ``@scope/pkg``, ``lodash/fp`` → ``lodash``."""
    parts = spec.split("/")
    if spec.startswith("@") and len(parts) >= 2:
        return "/".join(parts[:2])
    return parts[0]


def _join(directory: str, relative: str) -> str:
    joined = posixpath.normpath(posixpath.join(directory, relative)) if directory else posixpath.normpath(relative)
    return "" if joined == "." else joined


class JavaScriptRules(LanguageRules):
    instance_names = frozenset({"this"})
    constructor_names = ("constructor",)
    exports_only = True
    class_body_binds_names = False
    declaration_spaces = True  # (TypeScript's type positions; JavaScript has none)
    members_outside_types_bind_names = False  # (a class expression's members: see ``LanguageRules``)
    class_prototypes = True
    #: ``Array.prototype``'s methods whose callback gets an element: ``(value, index, array)``, and
    #: ``(previous, value, …)`` for ``reduce``
    element_callbacks = MappingProxyType({
        "forEach": 0, "map": 0, "filter": 0, "find": 0, "findIndex": 0, "findLast": 0, "findLastIndex": 0,
        "some": 0, "every": 0, "flatMap": 0, "reduce": 1, "reduceRight": 1,
    })
    #: ``Array.prototype``'s methods whose arguments are elements: ``push(...items: T[])``, ``unshift``, the items
    #: ``splice(start, deleteCount, ...items)`` inserts, ``includes(searchElement: T)``, ``indexOf``, ``fill``
    element_arguments = MappingProxyType({
        "push": (0, None), "unshift": (0, None), "splice": (2, None), "includes": (0, 0), "indexOf": (0, 0),
        "lastIndexOf": (0, 0), "fill": (0, 0),
    })
    #: ``Array.prototype``'s methods that return an element (or undefined): ``find``, ``findLast``, ``at``, ``pop``,
    #: ``shift``
    element_returns = frozenset({"find", "findLast", "at", "pop", "shift"})
    #: ``Array.prototype``'s methods that return an array of its elements: ``filter``, ``slice``, ``concat`` (of the
    #: same type, as TypeScript types its arguments), ``sort``, ``reverse`` and their copying forms
    array_returns = frozenset({"filter", "slice", "concat", "sort", "reverse", "toSorted", "toReversed",
                               "toSpliced", "splice", "copyWithin", "fill"})
    generic_type_texts = True
    call_result_elements = True
    getter_reads_hold_values = True
    keyed_elements = True
    array_aliases = True
    implicit_types = MappingProxyType({"window": "Window"})  # (the DOM's, typed by the project's ``Window``)
    shared_scope_first = False  # (two global scripts' ``function main``: a use is ambiguous between them)

    def __init__(self, all_paths: set[str]) -> None:
        self._all_paths = all_paths
        self._mappings: dict[str, PathMapping | None] = {}  # directory → the mapping that governs it
        self._config_files: dict[str, PathMapping | None] = {}  # config path → what it says
        self._packages: dict[str, tuple[str, dict[str, Any]]] | None = None  # npm name → (directory, manifest)
        self._targets: dict[tuple[str, str, bool], str | None] = {}  # (importing directory, specifier, typed) → path
        self._mapped_missing: set[str] = set()  # specifiers a ``paths`` pattern maps to no project file
        #: TypeScript files that are scripts (no import, no export): their declarations are global
        self._global_declarations: set[str] = set()
        #: TypeScript modules that declare global names (``declare global { … }``): those names' symbols
        self._global_parts: dict[str, frozenset[int]] = {}

    def register(self, extraction: Extraction) -> list[str]:
        path = extraction.path
        # (a ``.mts`` or ``.cts`` file is a module whatever it holds)
        if extraction.language == "typescript" and not path.endswith((".mts", ".cts")) and not extraction.imports \
                and extraction.exports is None \
                and not any(symbol.parent == 0 and symbol.properties.get("exported") for symbol in extraction.symbols):
            self._global_declarations.add(path)
        elif extraction.language == "typescript":
            declared = frozenset(index for index, symbol in enumerate(extraction.symbols)
                                 if symbol.parent == 0 and symbol.properties.get("global") is True)
            if declared:  # (a module's ``declare global { … }``)
                self._global_parts[path] = declared
        return []

    def shared_scope(self, path: str, modules: ModuleIndex) -> list[str]:
        """The TypeScript files that are scripts (``global.d.ts``: ``declare const __DEV__: boolean``; a
        ``namespace App.Util { … }`` of a ``.ts`` file without imports or exports): a file without imports or
        exports declares its names in the global scope), and the modules that declare some in ``declare global { …
        }`` (:meth:`shared_part`)."""
        if not self._global_declarations and not self._global_parts:
            return []
        return sorted((self._global_declarations | self._global_parts.keys()) - {path})

    def shared_part(self, path: str) -> frozenset[int] | None:
        return self._global_parts.get(path)

    def shares_own_scope(self, path: str) -> bool:
        return path in self._global_declarations

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        spec = imp.module
        if not spec:
            return ModuleTarget(importer.path, "")
        directory = posixpath.dirname(importer.path)
        typed = importer.language != "javascript"  # (TypeScript's resolution: ``./x.js`` is ``x.ts`` first)
        if spec.startswith("."):
            base = _join(directory, spec)
            if base.startswith("../") or base == "..":
                return ModuleTarget(None, spec)
            return ModuleTarget(self._probe(base, modules, typed), spec)
        key = (directory, spec, typed)
        if key not in self._targets:
            self._targets[key] = self._bare_target(directory, spec, modules, typed)
        return ModuleTarget(self._targets[key], spec)

    def external_package(self, imp: RawImport, module_name: str) -> str | None:
        if not module_name or module_name.startswith((".", "/")) or module_name in self._mapped_missing:
            return None  # a relative or path-mapped module that is not in the project is missing, not a package
        return npm_package(module_name)

    def prefer_targets(self, resolver: Resolving, kind: EdgeKind, targets: list[str],
                       role: Role | None = None) -> list[str]:
        """TypeScript's merged declarations and overloads, as the use site means them.

        A name that is both a type and a value (``interface E`` plus ``const E``, a class merged
        with an interface) means the value when called or read as a value (``E.unit``, ``const c =
        E``, ``typeof E``: TypeScript's value declaration space) and the type in a type position. The
        signatures of an overloaded function or method (``declaration``) and its implementation are
        one callable: the implementation, or the first signature when there is no body.
        """
        symbols = resolver.symbols
        if role is Role.TYPE:
            # the name that qualifies a type name (``Box`` in ``Box.Options``) is the namespace that holds it, where
            # one of the targets is (a namespace merged with a class, a function or an interface)
            namespaces = [t for t in targets if symbols[t].kind is SymbolKind.NAMESPACE]
            targets = namespaces or targets
        # a namespace merged with a class, function or enum of its name adds members to that value: the name
        # is the class's (``new Box()``, a read of ``Box``, an import of it), the namespace's members its own
        # (``Box.make``)
        merged = {(symbols[t].path, symbols[t].parent, symbols[t].qualname) for t in targets
                  if symbols[t].kind is not SymbolKind.NAMESPACE and symbols[t].kind not in _TYPE_ONLY}
        if merged:
            targets = [t for t in targets if symbols[t].kind is not SymbolKind.NAMESPACE
                       or (symbols[t].path, symbols[t].parent, symbols[t].qualname) not in merged]
        if kind is EdgeKind.CALLS or role is Role.READ or role is Role.WRITE:
            values = [t for t in targets if symbols[t].kind not in _TYPE_ONLY]
            targets = values or targets
        elif kind is EdgeKind.REFERENCES or kind is EdgeKind.INHERITS or kind is EdgeKind.IMPLEMENTS:
            # (a base in ``extends`` or ``implements`` is a type: ``class E extends Err`` of ``interface Err`` and
            # ``declare var Err: ErrConstructor`` takes Err's members, the interface's)
            types = [t for t in targets if symbols[t].kind.category is Category.TYPE]
            targets = types or targets
            classes = {(symbols[t].path, symbols[t].parent, symbols[t].qualname) for t in targets
                       if symbols[t].kind is SymbolKind.CLASS}
            # a class merged with an interface of its name is one type: the class
            targets = [t for t in targets if symbols[t].kind is not SymbolKind.INTERFACE
                       or (symbols[t].path, symbols[t].parent, symbols[t].qualname) not in classes]
        groups: dict[tuple[str, str | None, str, SymbolKind], list[str]] = {}
        scripts = self._global_declarations
        for target in targets:
            symbol = symbols[target]
            if "." not in symbol.qualname and (symbol.path in scripts or symbol.properties.get("global") is True):
                # a global script's name (or a module's ``declare global``) is declared in the one global scope:
                # its bodiless declarations in two files (``declare function f`` in two ``.d.ts``) are one, with
                # the body of another
                groups.setdefault(("", None, symbol.qualname, symbol.kind), []).append(target)
                continue
            groups.setdefault((symbol.path, symbol.parent, symbol.qualname, symbol.kind), []).append(target)
        keep: set[str] = set()
        for group in groups.values():
            bodies = [t for t in group if symbols[t].properties.get("declaration") is not True]
            keep.update(group if len(group) == 1 else bodies or group[:1])
        return [t for t in targets if t in keep]

    def namespaces_among(self, resolver: Resolving, entities: list[Entity]) -> list[Entity]:
        """A name that qualifies a type name (``Schema`` in ``Schema.Any``, ``AST`` in ``AST.Node``) is read as a
        namespace: a module (``import * as AST``), a namespace or an enum, never an interface, a type alias, a
        class or a value of its name (``interface Schema`` merged with ``namespace Schema``: the namespace). Kept
        are the entities that may be one (an import's, one not known)."""
        symbols = resolver.symbols
        return [e for e in entities if type(e) is not Sym or symbols[e.id].kind not in _HOLD_NO_TYPES]

    def merged_targets(self, resolver: Resolving, targets: list[str]) -> list[str]:
        """Interfaces or namespaces of one name in one scope (one file's, a namespace's, or the global scope that
        scripts and ``declare global`` share) are one merged entity, as TypeScript reads them: a use names its
        first declaration, by path then position (two global scripts' ``interface Config``: the first path's).
        Its members are each declaration's (a value of the type reads them all)."""
        symbols = resolver.symbols
        scripts = self._global_declarations
        first: dict[tuple[str, str | None, str, SymbolKind], str] = {}
        for target in targets:
            symbol = symbols[target]
            if symbol.kind not in _MERGING:
                continue
            if "." not in symbol.qualname and (symbol.path in scripts or symbol.properties.get("global") is True):
                key: tuple[str, str | None, str, SymbolKind] = ("", None, symbol.qualname, symbol.kind)
            else:
                key = (symbol.path, symbol.parent, symbol.qualname, symbol.kind)
            held = first.get(key)
            if held is None or (symbol.path, symbol.name_span) < (symbols[held].path, symbols[held].name_span):
                first[key] = target
        if not first:
            return targets
        named = set(first.values())
        return [t for t in targets if symbols[t].kind not in _MERGING or t in named]

    # -- probing -----------------------------------------------------------------------------

    def _probe(self, base: str, modules: ModuleIndex, typed: bool = False) -> str | None:
        paths = modules.paths
        return next((candidate for candidate in self._candidates(base, typed) if candidate in paths), None)

    @staticmethod
    def _candidates(base: str, typed: bool = False) -> Iterator[str]:
        """The files ``base`` may name, in the order they are tried: one at a time, as the first one that
        exists ends the search (most imports: the first or second). The scan root itself (``'..'`` from a
        folder just below it, ``'.'`` from a file in it): its ``index`` file. A JavaScript file's ``'./x.js'``
        is ``x.js`` first; a TypeScript file's (``typed``) is ``x.ts``, ``x.tsx``, ``x.d.ts`` first, as
        TypeScript's module resolution maps it (a declaration file beside its ``.js`` twin describes it)."""
        if not base:
            for e in _JS_EXTENSIONS:
                yield f"index{e}"
            return
        stem, ext = posixpath.splitext(base)
        mapped = _TS_FOR_JS.get(ext, ())  # TS ESM style: './x.js' names './x.ts'
        if not typed:
            yield posixpath.normpath(base)
        for e in mapped:
            yield posixpath.normpath(stem + e)
        if typed:
            yield posixpath.normpath(base)
        for e in _JS_EXTENSIONS:
            yield posixpath.normpath(base + e)
        for e in _JS_EXTENSIONS:
            yield posixpath.normpath(f"{base}/index{e}")

    # -- bare specifiers -----------------------------------------------------------------------

    def _bare_target(self, directory: str, spec: str, modules: ModuleIndex, typed: bool = False) -> str | None:
        mapping = self._mapping_for(directory)
        if mapping is not None:
            found = self._through_paths(mapping, spec, modules, typed)
            if found is None and mapping.base_url is not None:
                found = self._probe(_join(mapping.base_url, spec), modules, typed)
            if found is not None:
                return found
        return self._workspace_package(spec, modules, typed)

    def _through_paths(self, mapping: PathMapping, spec: str, modules: ModuleIndex, typed: bool = False
                       ) -> str | None:
        best: tuple[int, list[str], str] | None = None
        for pattern, substitutions in mapping.paths:
            if "*" not in pattern:
                if pattern == spec:
                    best = (1 << 30, substitutions, "")
                    break
                continue
            prefix, _, suffix = pattern.partition("*")
            if spec.startswith(prefix) and spec.endswith(suffix) and len(spec) >= len(prefix) + len(suffix):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), substitutions, spec[len(prefix): len(spec) - len(suffix)])
        if best is None:
            return None
        start = mapping.base_url if mapping.base_url is not None else mapping.paths_dir
        for substitution in best[1]:
            found = self._probe(_join(start, substitution.replace("*", best[2], 1)), modules, typed)
            if found is not None:
                return found
        self._mapped_missing.add(spec)
        return None

    def _mapping_for(self, directory: str) -> PathMapping | None:
        """The mapping of the nearest ``tsconfig.json``/``jsconfig.json`` at or above ``directory``."""
        if directory in self._mappings:
            return self._mappings[directory]
        found: PathMapping | None = None
        for name in _CONFIG_NAMES:
            config = f"{directory}/{name}" if directory else name
            if self._is_file(config):
                found = self._read_config(config, 0)
                break
        if found is None and directory:
            found = self._mapping_for(posixpath.dirname(directory))
        self._mappings[directory] = found
        return found

    def _read_config(self, config: str, depth: int) -> PathMapping | None:
        if config in self._config_files:
            return self._config_files[config]
        self._config_files[config] = None  # cycle guard
        doc = self._read_json(config, jsonc=True)
        if not isinstance(doc, dict):
            return None
        mapping = PathMapping()
        directory = posixpath.dirname(config)
        extends = doc.get("extends")
        for parent in [extends] if isinstance(extends, str) else extends if isinstance(extends, list) else []:
            if not isinstance(parent, str) or not parent.startswith(".") or depth >= _MAX_EXTENDS:
                continue  # a shared config from a package (``@tsconfig/node18``) maps no project paths
            path = _join(directory, parent)
            if not path.endswith(".json") and not self._is_file(path):
                path += ".json"
            inherited = self._read_config(path, depth + 1)
            if inherited is not None:
                mapping = PathMapping(inherited.base_url, list(inherited.paths), inherited.paths_dir)
        options = doc.get("compilerOptions")
        if isinstance(options, dict):
            base_url = options.get("baseUrl")
            if isinstance(base_url, str):
                mapping.base_url = _join(directory, base_url)
            paths = options.get("paths")
            if isinstance(paths, dict):
                mapping.paths = [
                    (pattern, [s for s in subs if isinstance(s, str)])
                    for pattern, subs in paths.items() if isinstance(subs, list)
                ]
                mapping.paths_dir = directory
        self._config_files[config] = mapping
        return mapping

    # -- workspace packages ----------------------------------------------------------------------

    def _workspace_package(self, spec: str, modules: ModuleIndex, typed: bool = False) -> str | None:
        packages = self._workspace_packages()
        name = npm_package(spec)
        if name not in packages:
            return None
        directory, manifest = packages[name]
        subpath = spec[len(name):].lstrip("/")
        if subpath:
            bases = [_join(directory, subpath), _join(directory, f"src/{subpath}")]
        else:
            bases = []
            entries: list[Any] = [manifest.get(f) for f in _ENTRY_FIELDS]
            exports = manifest.get("exports")
            if isinstance(exports, dict):
                exports = exports.get(".", exports)
                if isinstance(exports, dict):
                    exports = exports.get("types") or exports.get("import") or exports.get("default")
            entries.insert(1, exports)
            for entry in entries:
                if not isinstance(entry, str) or not entry:
                    continue
                stem = _join(directory, entry)
                for extension in _ENTRY_EXTENSIONS:
                    if stem.endswith(extension):
                        stem = stem[: -len(extension)]
                        break
                bases.append(stem)
                inner = stem[len(directory) + 1:] if directory else stem
                for build in _BUILD_DIRS:
                    if inner.startswith(build):
                        bases.append(_join(directory, "src/" + inner[len(build):]))
            bases += [_join(directory, "src/index"), _join(directory, "index")]
        for base in bases:
            found = self._probe(base, modules, typed)
            if found is not None:
                return found
        return None

    def _workspace_packages(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """Every ``package.json`` with a name at or above a source file of the project, by that name."""
        if self._packages is None:
            self._packages = {}
            for directory in sorted(ancestor_directories(self._all_paths)):
                manifest = self._read_json(f"{directory}/package.json" if directory else "package.json")
                if isinstance(manifest, dict) and isinstance(manifest.get("name"), str):
                    self._packages.setdefault(manifest["name"], (directory, manifest))
        return self._packages

    # -- files on disk -----------------------------------------------------------------------------

    def _is_file(self, path: str) -> bool:
        if self.source_root is None or path.startswith("../"):
            return False
        try:
            return (self.source_root / path).is_file()
        except OSError:
            return False

    def _read_json(self, path: str, *, jsonc: bool = False) -> Any:
        if not self._is_file(path):
            return None
        assert self.source_root is not None
        try:
            text = (self.source_root / path).read_text("utf-8")
            return parse_jsonc(text) if jsonc else json.loads(text)
        except (OSError, UnicodeDecodeError, ValueError):
            return None


RULES = JavaScriptRules
