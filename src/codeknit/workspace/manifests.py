"""Project sub-roots and the dependencies their manifests declare.

A directory holding a manifest is a project (a *sub-root*). Which files are manifests, and how each
is read, every language's spec says (``ManifestReader``; see ``docs/languages.md`` for the list):
``pyproject.toml``, ``package.json``, ``go.mod``, ``Cargo.toml``, ``pom.xml``, ``*.csproj`` …

A version is recorded only when the manifest pins exactly one; anything else keeps its text in
``constraint`` only. A manifest that cannot be parsed is skipped; the scan never fails because of
one. The records here are the workspace's own; the pipeline turns them into the graph's
``Project`` and ``Dependency``.
"""

from __future__ import annotations

import configparser
import functools
import os
import tomllib
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codeknit.languages import registry
from codeknit.languages.spec import Declared
from codeknit.workspace.ignore import IgnoreRules, is_default_excluded_dir

#: a reader's rank when it never names a project (and the start of the search for the best name)
_NO_RANK = 1 << 30


@dataclass(slots=True, frozen=True)
class FoundProject:
    """A directory holding a manifest: ``path`` relative to the root (``""``: the root), ``name`` as
    the manifest gives it (the directory's name when none does), and the manifests read there."""

    path: str
    name: str
    manifests: tuple[str, ...] = ()
    #: the project's own version as its manifest states it (None: none states one)
    version: str | None = None


@dataclass(slots=True, frozen=True)
class FoundDependency:
    """A dependency the manifest ``manifest`` of the project at ``project`` declares."""

    project: str
    name: str
    manifest: str
    version: str | None = None
    constraint: str = ""
    scope: str = "runtime"


@dataclass(slots=True)
class ManifestScan:
    """What :func:`scan_manifests` found: the projects and their declared dependencies."""

    projects: list[FoundProject] = field(default_factory=list)
    dependencies: list[FoundDependency] = field(default_factory=list)
    #: (path, content) of every manifest read, for the run fingerprint
    manifests: list[tuple[str, bytes]] = field(default_factory=list)


@functools.cache
def _manifest_names() -> tuple[frozenset[str], tuple[tuple[str, str], ...]]:
    """(exact manifest file names, (prefix, suffix) of the patterns with a ``*``) of every reader."""
    exact: set[str] = set()
    patterns: list[tuple[str, str]] = []
    for reader in registry.manifest_readers():
        for name in reader.names:
            if "*" in name:
                prefix, _, suffix = name.partition("*")
                patterns.append((prefix, suffix))
            else:
                exact.add(name)
    return frozenset(exact), tuple(patterns)


def is_manifest(name: str) -> bool:
    exact, patterns = _manifest_names()
    if name in exact:
        return True
    return any(name.startswith(prefix) and name.endswith(suffix) and len(name) >= len(prefix) + len(suffix)
               for prefix, suffix in patterns)


def _walk(root: Path, exclude: Sequence[str]) -> Iterator[tuple[str, list[str]]]:
    """(relative directory, manifest names in it), directories sorted, excluded ones pruned."""
    rules = IgnoreRules.create(exclude)
    for current, dirs, files in os.walk(root):
        rel = os.path.relpath(current, root).replace(os.sep, "/")
        rel = "" if rel == "." else rel
        if "pyvenv.cfg" in files:
            dirs[:] = []
            continue
        dirs[:] = sorted(
            d for d in dirs
            if not is_default_excluded_dir(d) and not rules.is_ignored(f"{rel}/{d}" if rel else d, True)
        )
        names = sorted(
            f for f in files if is_manifest(f) and not rules.is_ignored(f"{rel}/{f}" if rel else f, False)
        )
        if names:
            yield rel, names


def _grouped(paths: Sequence[str]) -> Iterator[tuple[str, list[str]]]:
    """(relative directory, manifest names in it) from manifest paths, directories in path order."""
    by_dir: dict[str, list[str]] = {}
    for path in paths:
        directory, _, name = path.rpartition("/")
        by_dir.setdefault(directory, []).append(name)
    for directory in sorted(by_dir):
        yield directory, sorted(by_dir[directory])


def scan_manifests(root: str | Path, *, exclude: Sequence[str] = (), root_name: str = "",
                   found: Sequence[str] | None = None) -> ManifestScan:
    """Find every project sub-root under ``root`` and the dependencies its manifests declare.

    ``found``: the manifests' paths as the source scan already listed them
    (:attr:`codeknit.workspace.ScanResult.manifests`), so the tree is not walked a second time;
    without it, the tree is walked here, pruned by ``exclude`` and the default-excluded folders.
    """
    base = Path(root)
    result = ManifestScan()
    if not base.is_dir():
        return result
    for rel, names in (_walk(base, exclude) if found is None else _grouped(found)):
        project_name = ""
        naming_rank = version_rank = _NO_RANK
        project_version: str | None = None
        manifests: list[str] = []
        for name in names:
            path = f"{rel}/{name}" if rel else name
            try:
                data = (base / path).read_bytes()
            except OSError:
                continue
            try:
                declared_name, deps = parse_manifest(name, data)
            except (ValueError, KeyError, TypeError, AttributeError, ElementTree.ParseError,
                    configparser.Error, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue  # an unreadable manifest declares nothing we can trust
            manifests.append(path)
            result.manifests.append((path, data))
            reader = registry.manifest_reader(name)
            rank = reader.naming_rank if reader is not None else _NO_RANK
            if declared_name and rank < naming_rank:
                project_name, naming_rank = declared_name, rank
            own = _own_version(reader, data) if rank < version_rank else None
            if own:
                project_version, version_rank = own, rank
            for dep in deps:
                result.dependencies.append(
                    FoundDependency(project=rel, name=dep.name, manifest=path, version=dep.version,
                                    constraint=dep.constraint, scope=dep.scope)
                )
        if manifests:
            fallback = rel.rsplit("/", 1)[-1] if rel else (root_name or base.resolve().name)
            result.projects.append(FoundProject(rel, project_name or fallback, tuple(manifests), project_version))
    return result


def _own_version(reader: Any, data: bytes) -> str | None:
    """The project's version as this manifest states it, if its reader reads one."""
    if reader is None or reader.version is None:
        return None
    try:
        return reader.version(data)
    except (ValueError, KeyError, TypeError, AttributeError, ElementTree.ParseError, configparser.Error,
            UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None


def parse_manifest(name: str, data: bytes) -> tuple[str, list[Declared]]:
    """(the project name the manifest declares or ``""``, its dependencies)."""
    data.decode("utf-8-sig")  # a manifest that is not UTF-8 is not read (UnicodeDecodeError)
    reader = registry.manifest_reader(name)
    return reader.read(name, data) if reader is not None else ("", [])


__all__ = ["FoundDependency", "FoundProject", "ManifestScan", "is_manifest", "parse_manifest", "scan_manifests"]
