"""Go: packages are directories, imports are paths under the module path of ``go.mod``.

* A package is the set of files of one directory that share a package clause;
  ``foo_test`` (external test) files form their own package. Every file sees
  the top-level names of the other files of its package (``shared_scope``),
  and ``pkg.Name`` looks in all of them.
* An import path maps to a project directory through the ``go.mod`` files: the
  ones inside the project and the nearest one above the scan root (when the
  resolver knows the root on disk). The standard library's module ``std`` maps
  paths without a prefix (``net/http`` → ``net/http/``). A module's
  ``vendor/`` directory is tried first. Without any ``go.mod``, an import path
  must equal a directory path relative to the root (a GOPATH ``src`` layout).
* An import of a directory resolves to one file of the package
  (``<package>.go``, else ``doc.go``, else the first by path): its module
  symbol stands for the package in ``imports`` edges.
* Anything else (the standard library when it is not the project, third-party
  modules) stays unresolved under its import path: ``fmt.Println``.
* Build constraints (``rules/go_build.py``): a name a package defines in several
  files (one per platform or build tag) denotes all the definitions whose file
  can be built together with the file of the use — ``ambiguous`` when several
  remain, never the first one found — and a method defined per platform
  (``fd_unix.go``, ``fd_windows.go``) is narrowed the same way.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import TYPE_CHECKING

from codeknit.graph.model import EdgeKind
from codeknit.languages.go.build import BuildConstraints
from codeknit.languages.records import Extraction, RawImport, RawRef
from codeknit.resolve.api import (
    LanguageRules,
    ModuleIndex,
    ModuleTarget,
    Sym,  # (at module level: it is read on every reference)
)

if TYPE_CHECKING:
    from codeknit.resolve.api import Entity, FileIndex, Resolving


def read_module_path(go_mod: Path) -> str | None:
    """The ``module`` directive of a ``go.mod`` file, or None."""
    try:
        text = go_mod.read_text("utf-8", "replace")
    except OSError:
        return None
    for line in text.splitlines():
        line = line.split("//", 1)[0].strip()
        if line.startswith("module") and line[6:7] in (" ", "\t", '"'):
            value = line[6:].strip().strip('"`')
            return value or None
    return None


class GoRules(LanguageRules):
    #: each method names its receiver (``func (s *Store) Save()``): ``s.x`` resolves through the type
    receiver_is_first_parameter = True
    #: ``pkg.Name`` looks in every file of the package, not only the one that stands for it
    package_spans_shared_scope = True
    #: a struct's or interface's body binds no names: a field's type ``inner Base`` names the package's type
    #: ``Base``, never the struct's embedded field ``Base`` (which made the field's type, and every call through
    #: the field, unknown)
    class_body_binds_names = False
    #: ``type spans []span``: an element of a ``spans`` (``s[i]``) is a ``span`` (the alias's declared type
    #: ``span[]``; of a map type, ``V[:]``)
    array_aliases = True

    def __init__(self, all_paths: set[str]) -> None:
        self._all_paths = all_paths
        self._packages: dict[str, dict[str, str]] = {}  # directory → {path: package name}
        self._main_package: dict[str, str] = {}
        self._mounts: list[tuple[str, str]] | None = None  # (import path prefix, directory), longest first
        self._shared: dict[str, list[str]] = {}
        self._targets: dict[tuple[str, str], ModuleTarget] = {}  # (import path, importer directory)
        self._build: BuildConstraints | None = None
        self._alternatives_of: dict[str, list[Entity]] = {}  # top-level symbol → the package's same-named ones
        self._by_build_path = ""  # the file whose answers ``_by_build_memo`` holds
        self._by_build_memo: dict[str, list[Entity]] = {}  # definition found → what the build keeps
        self._builds_with: dict[str, bool] = {}  # other file → can it be built with that file
        self._inner = False  # resolving through the shared lookup, from ``resolve_ref``

    # -- packages ----------------------------------------------------------------------

    def register(self, extraction: Extraction) -> list[str]:
        package = extraction.symbols[0].name if extraction.symbols else ""
        self._packages.setdefault(posixpath.dirname(extraction.path), {})[extraction.path] = package
        self._main_package.clear()
        self._shared.clear()
        self._targets.clear()
        return []

    def _package_of_directory(self, directory: str) -> str | None:
        """The directory's importable package name: the most common clause that is not ``*_test``."""
        if directory in self._main_package:
            return self._main_package[directory]
        files = self._packages.get(directory, {})
        counts: dict[str, int] = {}
        for path, package in files.items():
            if not package.endswith("_test") and not path.endswith("_test.go"):
                counts[package] = counts.get(package, 0) + 1
        if not counts:  # only test files: the in-package tests still form the package
            for package in files.values():
                if not package.endswith("_test"):
                    counts[package] = counts.get(package, 0) + 1
        chosen = min(counts, key=lambda p: (-counts[p], p)) if counts else None
        self._main_package[directory] = chosen or ""
        return chosen

    def shared_scope(self, path: str, modules: ModuleIndex) -> list[str]:
        found = self._shared.get(path)
        if found is None:
            files = self._packages.get(posixpath.dirname(path), {})
            package = files.get(path)
            found = [] if package is None else sorted(p for p, name in files.items() if name == package and p != path)
            self._shared[path] = found
        return found

    def prepare(self, resolver: Resolving) -> None:
        detach_owned_names(self, resolver)
        root = self.source_root
        if root is not None and root.is_file():
            root = root.parent
        self._build = BuildConstraints(root if root is not None and root.is_dir() else None)
        self._alternatives_of.clear()
        self._by_build_path = ""
        self._by_build_memo.clear()
        self._builds_with.clear()

    # -- build constraints ----------------------------------------------------------------

    def resolve_ref(self, resolver: Resolving, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        """The shared lookup, then every same-named definition of the package that the build allows."""
        if self._inner or ref.kind is EdgeKind.IMPORTS:
            return None
        self._inner = True
        try:
            found = resolver.resolve_text(file, scope, ref)
        finally:
            self._inner = False
        return self.by_build(resolver, file.extraction.path, found)

    def by_text(self, ref: RawRef) -> bool:
        return True  # (the shared lookup's answer, widened by the file's build: no position is read)

    def lexical_lookup(self) -> bool:
        return True  # (the same: the build widens by the file's path alone)

    def by_build(self, resolver: Resolving, path: str, found: list[Entity]) -> list[Entity]:
        """Widen a top-level definition to its package's other definitions of the name, then keep those
        whose file can be built with ``path`` (all of them, if none can)."""
        if len(found) == 1:  # the common case, one entity found: a definition's answer in this file is kept
            first = found[0]
            if not isinstance(first, Sym):
                return found
            if path != self._by_build_path:
                self._start_file(path)
            known = self._by_build_memo.get(first.id)
            if known is None:
                known = self._by_build_memo[first.id] = self._by_build(resolver, path, found)
            return list(known)
        if not any(isinstance(e, Sym) for e in found):
            return found
        if path != self._by_build_path:
            self._start_file(path)
        return self._by_build(resolver, path, found)

    def _start_file(self, path: str) -> None:
        """References are resolved file by file: the memos hold one file's answers at a time."""
        self._by_build_path = path
        self._by_build_memo.clear()
        self._builds_with.clear()

    def _by_build(self, resolver: Resolving, path: str, found: list[Entity]) -> list[Entity]:
        build = self._build
        first = found[0] if len(found) == 1 else None
        if isinstance(first, Sym):  # (one definition, ``by_build``'s common case: most names have no alternatives)
            alternatives = self._alternatives(resolver, path, first.id)
            if len(alternatives) < 2 or build is None:
                return list(alternatives)
            out = dict.fromkeys(alternatives)
            definitions: list[Entity] = list(out)
        else:
            out = {}  # ordered, and a set for the membership tests
            for entity in found:
                if isinstance(entity, Sym):
                    out.update(dict.fromkeys(self._alternatives(resolver, path, entity.id)))
                else:
                    out[entity] = None
            definitions = [e for e in out if isinstance(e, Sym)]
        if build is None or len(definitions) < 2:
            return list(out)  # one definition is kept whether or not its file builds with ``path``
        symbols = resolver.symbols
        builds_with = self._builds_with
        kept = []
        for entity in out:
            if isinstance(entity, Sym):
                other = symbols[entity.id].path
                compatible = builds_with.get(other)
                if compatible is None:
                    compatible = builds_with[other] = build.compatible(path, other)
                if not compatible:
                    continue
            kept.append(entity)
        return kept if any(isinstance(e, Sym) for e in kept) else list(out)

    def _alternatives(self, resolver: Resolving, path: str, symbol_id: str) -> list[Entity]:
        symbol = resolver.symbols[symbol_id]
        if symbol.path == path or symbol.parent != symbol.path:
            return [Sym(symbol_id)]  # the file's own definition, or a member
        known = self._alternatives_of.get(symbol_id)
        if known is None:
            known = self._alternatives_of[symbol_id] = self._package_alternatives(resolver, symbol_id)
        return known

    def _package_alternatives(self, resolver: Resolving, symbol_id: str) -> list[Entity]:
        symbol = resolver.symbols[symbol_id]
        names = self._names_of_package(resolver, symbol.path)
        paths = names.get(symbol.name, ())
        if len(paths) < 2:
            return [Sym(symbol_id)]
        out: list[Entity] = []
        for other in paths:
            indexed = resolver.files.get(other)
            if indexed is not None:
                out += [Sym(indexed.ids[i]) for i in indexed.children.get(0, {}).get(symbol.name, [])]
        return out or [Sym(symbol_id)]

    def _names_of_package(self, resolver: Resolving, path: str) -> dict[str, list[str]]:
        """Top-level name → the files of ``path``'s package that define it (the resolver's index of the
        package's shared scope: one per package, not a copy here)."""
        return resolver.shared_names(resolver.files[path])

    # -- imports -----------------------------------------------------------------------

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        key = (imp.module, posixpath.dirname(importer.path))
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = self._import_target(imp.module, key[1])
        return found

    def _import_target(self, import_path: str, importer_directory: str) -> ModuleTarget:
        directory = self._directory_for(import_path, importer_directory)
        if directory is None:
            return ModuleTarget(None, import_path)
        package = self._package_of_directory(directory)
        files = sorted(
            p for p, name in self._packages.get(directory, {}).items()
            if name == package and not p.endswith("_test.go")
        ) or sorted(p for p, name in self._packages.get(directory, {}).items() if name == package)
        if not files:
            return ModuleTarget(None, import_path)
        # the file that stands for the package: ``<package>.go``, else ``doc.go``, else the first
        by_name = {posixpath.basename(p): p for p in files}
        chosen = by_name.get(f"{package}.go") or by_name.get("doc.go") or files[0]
        return ModuleTarget(chosen, import_path)

    def _directory_for(self, import_path: str, importer_directory: str) -> str | None:
        mounts = self._module_mounts()
        # the importer's module (the deepest go.mod above it) may vendor the path
        homes = [directory for _, directory in mounts if _under(importer_directory, directory)]
        if homes:
            home = max(homes, key=len)
            vendored = posixpath.join(home, "vendor", import_path) if home else posixpath.join("vendor", import_path)
            if vendored in self._packages:
                return vendored
        for prefix, directory in mounts:
            if prefix == "":
                rest = import_path
            elif import_path == prefix:
                rest = ""
            elif import_path.startswith(prefix + "/"):
                rest = import_path[len(prefix) + 1 :]
            else:
                continue
            candidate = posixpath.join(directory, rest) if directory else rest
            candidate = candidate.rstrip("/")
            if candidate in self._packages:
                return candidate
            if prefix:
                return None  # inside this module's path but not in the project
        return None

    def _module_mounts(self) -> list[tuple[str, str]]:
        """``(import path prefix, project directory)`` pairs read from the ``go.mod`` files."""
        if self._mounts is not None:
            return self._mounts
        mounts: list[tuple[str, str]] = []
        root = self.source_root
        if root is not None and root.is_file():  # a single-file scan: paths are relative to its directory
            root = root.parent
        if root is not None and root.is_dir():
            directories: set[str] = set()
            for path in self._all_paths:
                directory = posixpath.dirname(path)
                while directory and directory not in directories:
                    directories.add(directory)
                    directory = posixpath.dirname(directory)
            for directory in sorted(directories):
                module = read_module_path(root / directory / "go.mod")
                if module is not None:
                    mounts.append(("" if module == "std" else module, directory))
            above = self._module_above(root)
            if above is not None:
                mounts.append(above)
        if not mounts:
            mounts.append(("", ""))  # no go.mod: import paths are directories under the root
        # longest prefix first; the unprefixed standard library last
        mounts.sort(key=lambda m: (m[0] == "", -len(m[0]), m[1]))
        self._mounts = mounts
        return mounts

    @staticmethod
    def _module_above(root: Path) -> tuple[str, str] | None:
        """The module that contains the scan root, from the nearest ``go.mod`` at or above it."""
        current = root.resolve()
        relative: list[str] = []
        while True:
            module = read_module_path(current / "go.mod")
            if module is not None:
                inner = "/".join(reversed(relative))
                if module == "std":
                    return (inner, "")
                return (f"{module}/{inner}" if inner else module, "")
            if current.parent == current:
                return None
            relative.append(current.name)
            current = current.parent


def detach_owned_names(rules: LanguageRules, resolver: Resolving) -> None:
    """Methods written at file level (with an ``owner``) are no names of their module.

    The shared index lists every symbol under the scope it was written in; a Go
    method or a Rust ``impl`` item is reached through its type (``s.Save()``,
    ``Store::new()``), never by its bare name, so it is taken out of its
    module's names before any reference is resolved.
    """
    for file in resolver.files.values():
        if file.rules is not rules:
            continue
        for index, raw in enumerate(file.extraction.symbols):
            if raw.owner is None or index == 0:
                continue
            names = file.children.get(raw.parent, {})
            if index in names.get(raw.name, ()):
                names[raw.name].remove(index)
                if not names[raw.name]:
                    del names[raw.name]
            written_in = file.ids[raw.parent]
            scope_names = resolver.scope_members.get(written_in, {})
            if file.ids[index] in scope_names.get(raw.name, ()):
                scope_names[raw.name].remove(file.ids[index])
                if not scope_names[raw.name]:
                    del scope_names[raw.name]
    resolver.forget_module_members()


def _under(path: str, directory: str) -> bool:
    return not directory or path == directory or path.startswith(directory + "/")


RULES = GoRules
