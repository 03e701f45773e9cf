"""The base of per-language resolution rules, and the module index they consult."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from codeknit.graph.model import EdgeKind
from codeknit.languages.records import Extraction, RawImport, RawRef

if TYPE_CHECKING:
    from codeknit.resolve.resolver import Entity, FileIndex, Resolver


@dataclass(frozen=True, slots=True)
class ModuleTarget:
    """Where an import points: a project module (by path) or an external name."""

    path: str | None  # the project file, when the module is in the project
    name: str  # the module name as the import spells it (canonical for externals)


class LanguageRules:
    """Defaults shared by languages; subclasses override what differs."""

    #: names that denote the current instance inside a method
    instance_names: frozenset[str] = frozenset()
    #: a bare name inside a method body can see class members (Java, C#); Python and JS cannot
    class_scope_visible_from_methods: bool = False
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

    def register(self, extraction: Extraction) -> list[str]:
        """Module keys under which this file can be imported."""
        return []

    def import_target(self, importer: Extraction, imp: RawImport, modules: ModuleIndex) -> ModuleTarget:
        raise NotImplementedError

    def prefer_targets(self, resolver: Resolver, kind: EdgeKind, targets: list[str]) -> list[str]:
        """Narrow several definitions a name reaches to those the language means at such a use.

        Called when more than one remains (TypeScript: the implementation of an overloaded
        function, the value of a merged interface-and-const for a call). The default keeps all.
        """
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

    def shared_scope(self, path: str, modules: ModuleIndex) -> list[str]:
        """Other files whose top-level names ``path`` sees without an import (a Go package's files)."""
        return []

    def extra_relations(self, resolver: Resolver, file: FileIndex) -> None:
        """Language-specific relations the shared passes cannot derive (called after them)."""

    def carry_over(self, previous: LanguageRules, resolver: Resolver) -> None:
        """An incremental run starts: ``previous`` are this language's rules from the run whose
        relations it keeps, and every changed file's interface is as it was then. Rules may adopt
        whole-program results whose inputs are all interface (called after :meth:`prepare`)."""

    def answers(self, resolver: Resolver) -> object | None:
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

    def prepare(self, resolver: Resolver) -> None:
        """Called once per resolving run, after every file is indexed and before any reference is resolved."""

    def release(self) -> None:
        """Drop what this run computed and refers back to the resolver (nothing will ask again)."""

    def resolve_ref(self, resolver: Resolver, file: FileIndex, scope: int, ref: RawRef) -> list[Entity] | None:
        """What ``ref`` denotes when the language decides it itself; None leaves it to the shared lookup."""
        return None


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
