"""Project sub-roots and the dependencies their manifests declare.

A directory holding a manifest is a project (a *sub-root*). The manifests read:

======================  ==========================================================
``pyproject.toml``      ``[project]`` dependencies and optional-dependencies,
                        ``[dependency-groups]``, Poetry's dependency tables
``requirements*.txt``   one requirement a line (``-dev``/``-test`` files: dev)
``setup.cfg``           ``[options] install_requires`` and ``extras_require``
``package.json``        dependencies, devDependencies, optional/peerDependencies
``go.mod``              ``require`` lines and blocks
``Cargo.toml``          ``[dependencies]``, ``[dev-dependencies]``, ``[build-dependencies]``
``composer.json``       require, require-dev (``php`` and ``ext-*`` left out)
``pom.xml``             ``<dependency>`` groupId:artifactId
``*.csproj``            ``<PackageReference>``
``Gemfile``             ``gem`` lines, ``group :development, :test`` blocks
``build.sbt``           ``"org" %% "name" % "1.2.3"`` lines
======================  ==========================================================

A version is recorded only when the manifest pins exactly one: ``==1.2.3`` in
Python, a bare ``1.2.3`` in npm and Composer, every ``go.mod`` requirement,
``=1.2.3`` in Cargo (a bare Cargo version is a caret range), a literal Maven
or NuGet version, ``[1.2.3]`` in NuGet, a bare or ``= 1.2.3`` gem version.
Anything else keeps its text in ``constraint`` only. A manifest that cannot be
parsed is skipped; the scan never fails because of one.
"""

from __future__ import annotations

import configparser
import json
import os
import re
import tomllib
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codeknit.graph.model import Dependency, Project
from codeknit.workspace.ignore import IgnoreRules, is_default_excluded_dir

#: file names (and the ``*.csproj`` / ``requirements*.txt`` patterns) this module reads
MANIFEST_NAMES = frozenset(
    {"pyproject.toml", "setup.cfg", "package.json", "go.mod", "Cargo.toml", "composer.json", "pom.xml",
     "Gemfile", "build.sbt"}
)
#: which manifest names a project when several are present, best first
_NAMING_ORDER = ("pyproject.toml", "setup.cfg", "package.json", "go.mod", "Cargo.toml", "composer.json",
                 "pom.xml", ".csproj", "build.sbt")

_PEP508 = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$")
_EXACT_PY = re.compile(r"^={2,3}\s*([A-Za-z0-9][A-Za-z0-9.+!_-]*)$")
_EXACT_SEMVER = re.compile(r"^[=v]?(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?)$")
_GEM = re.compile(r"""^\s*gem\s*\(?\s*['"]([^'"]+)['"]((?:\s*,\s*['"][^'"]*['"])*)""")
_GEM_GROUP = re.compile(r"^\s*group\s+(.+?)\s+do\b")
_SBT_DEP = re.compile(r'"([^"]+)"\s*(%%?%?)\s*"([^"]+)"\s*%\s*"([^"]+)"(\s*%\s*"?(\w+)"?)?')
_SBT_NAME = re.compile(r'^\s*name\s*:=\s*"([^"]+)"', re.MULTILINE)


@dataclass(slots=True)
class ManifestScan:
    """What :func:`scan_manifests` found: the projects and their declared dependencies."""

    projects: list[Project] = field(default_factory=list)
    dependencies: list[Dependency] = field(default_factory=list)
    #: (path, content) of every manifest read, for the run fingerprint
    manifests: list[tuple[str, bytes]] = field(default_factory=list)


def is_manifest(name: str) -> bool:
    return (
        name in MANIFEST_NAMES
        or name.endswith(".csproj")
        or (name.startswith("requirements") and name.endswith(".txt"))
    )


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
        naming_rank = version_rank = len(_NAMING_ORDER)
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
            rank = next((i for i, key in enumerate(_NAMING_ORDER) if name == key or name.endswith(key)),
                        len(_NAMING_ORDER))
            if declared_name and rank < naming_rank:
                project_name, naming_rank = declared_name, rank
            own = declared_version(name, data)
            if own and rank < version_rank:
                project_version, version_rank = own, rank
            for dep in deps:
                result.dependencies.append(
                    Dependency(project=rel, name=dep.name, manifest=path, version=dep.version,
                               constraint=dep.constraint, scope=dep.scope)
                )
        if manifests:
            fallback = rel.rsplit("/", 1)[-1] if rel else (root_name or base.resolve().name)
            result.projects.append(Project(rel, project_name or fallback, tuple(manifests), project_version))
    return result


_SBT_VERSION = re.compile(r'^\s*(?:ThisBuild\s*/\s*)?version\s*:=\s*"([^"]+)"', re.MULTILINE)
_XML_VERSION = re.compile(r"^[^$@{}\s]+$")  # a literal, not a property reference such as ${revision}


def declared_version(name: str, data: bytes) -> str | None:
    """The project's own version as the manifest ``name`` states it (``[project] version``, a
    package.json ``version`` …); None when it states none, or only a reference or a dynamic one."""
    try:
        text = data.decode("utf-8-sig")
        found: Any = None
        if name == "pyproject.toml":
            doc = tomllib.loads(text)
            found = doc.get("project", {}).get("version") or doc.get("tool", {}).get("poetry", {}).get("version")
        elif name == "setup.cfg":
            parser = configparser.ConfigParser(interpolation=None)
            parser.read_string(text)
            found = parser.get("metadata", "version", fallback=None)
            if found and found.strip().startswith(("attr:", "file:")):
                found = None  # computed at build time
        elif name in ("package.json", "composer.json"):
            found = json.loads(text).get("version")
        elif name == "Cargo.toml":
            found = tomllib.loads(text).get("package", {}).get("version")  # a table when inherited: not ours
        elif name == "pom.xml":
            root = ElementTree.fromstring(data)
            namespace = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
            element = root.find(f"{namespace}version")
            found = element.text.strip() if element is not None and element.text else None
        elif name.endswith(".csproj"):
            root = ElementTree.fromstring(data)
            element = root.find(".//Version")
            found = element.text.strip() if element is not None and element.text else None
        elif name == "build.sbt":
            match = _SBT_VERSION.search(text)
            found = match.group(1) if match else None
    except (ValueError, KeyError, TypeError, AttributeError, ElementTree.ParseError, configparser.Error,
            UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if not isinstance(found, str) or not found.strip() or not _XML_VERSION.match(found.strip()):
        return None
    return found.strip()


@dataclass(slots=True, frozen=True)
class Declared:
    """One dependency as a manifest declares it."""

    name: str
    version: str | None = None
    constraint: str = ""
    scope: str = "runtime"


def parse_manifest(name: str, data: bytes) -> tuple[str, list[Declared]]:
    """(the project name the manifest declares or ``""``, its dependencies)."""
    text = data.decode("utf-8-sig")
    if name == "pyproject.toml":
        return _pyproject(tomllib.loads(text))
    if name.startswith("requirements") and name.endswith(".txt"):
        scope = "dev" if re.search(r"dev|test|lint|doc", name) else "runtime"
        return "", [d for line in _requirement_lines(text) if (d := _pep508(line, scope))]
    if name == "setup.cfg":
        return _setup_cfg(text)
    if name == "package.json":
        return _package_json(json.loads(text))
    if name == "go.mod":
        return _go_mod(text)
    if name == "Cargo.toml":
        return _cargo(tomllib.loads(text))
    if name == "composer.json":
        return _composer(json.loads(text))
    if name == "pom.xml":
        return _pom(ElementTree.fromstring(data))
    if name.endswith(".csproj"):
        return name[: -len(".csproj")], _csproj(ElementTree.fromstring(data))
    if name == "Gemfile":
        return "", _gemfile(text)
    if name == "build.sbt":
        match = _SBT_NAME.search(text)
        return (match.group(1) if match else ""), _sbt(text)
    return "", []


# -- Python -----------------------------------------------------------------------


def _pep508(requirement: str, scope: str) -> Declared | None:
    match = _PEP508.match(requirement)
    if match is None:
        return None
    spec = match.group(3).split(";", 1)[0].strip()
    if spec.startswith("@"):  # a direct URL reference: no version to speak of
        return Declared(match.group(1), None, spec, scope)
    spec = spec.strip("()").strip()
    exact = _EXACT_PY.match(spec.replace(" ", ""))
    version = exact.group(1) if exact and "*" not in spec else None
    return Declared(match.group(1), version, spec, scope)


def _requirement_lines(text: str) -> Iterator[str]:
    for raw in text.splitlines():
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith(("#", "-", "git+", "http:", "https:", "file:", ".", "/")):
            continue
        yield line


def _pyproject(doc: dict[str, Any]) -> tuple[str, list[Declared]]:
    deps: list[Declared] = []
    project = doc.get("project") or {}
    for requirement in project.get("dependencies") or ():
        if (dep := _pep508(str(requirement), "runtime")) is not None:
            deps.append(dep)
    for requirements in (project.get("optional-dependencies") or {}).values():
        deps += [d for r in requirements if (d := _pep508(str(r), "optional"))]
    for requirements in (doc.get("dependency-groups") or {}).values():
        deps += [d for r in requirements if isinstance(r, str) and (d := _pep508(r, "dev"))]
    poetry = (doc.get("tool") or {}).get("poetry") or {}
    deps += _poetry_table(poetry.get("dependencies") or {}, "runtime")
    deps += _poetry_table(poetry.get("dev-dependencies") or {}, "dev")
    for group in (poetry.get("group") or {}).values():
        deps += _poetry_table((group or {}).get("dependencies") or {}, "dev")
    return str(project.get("name") or poetry.get("name") or ""), deps


def _poetry_table(table: dict[str, Any], scope: str) -> list[Declared]:
    deps = []
    for name, spec in table.items():
        if name.lower() == "python":
            continue
        if isinstance(spec, dict):
            optional = bool(spec.get("optional"))
            spec = spec.get("version", "")
            scope_here = "optional" if optional else scope
        else:
            scope_here = scope
        text = str(spec)
        exact = re.fullmatch(r"=?=?\s*(\d[\w.+!-]*)", text.strip())
        deps.append(Declared(name, exact.group(1) if exact else None, text, scope_here))
    return deps


def _setup_cfg(text: str) -> tuple[str, list[Declared]]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(text)
    deps: list[Declared] = []
    if parser.has_option("options", "install_requires"):
        deps += [d for line in _requirement_lines(parser.get("options", "install_requires"))
                 if (d := _pep508(line, "runtime"))]
    if parser.has_section("options.extras_require"):
        for _, value in parser.items("options.extras_require"):
            deps += [d for line in _requirement_lines(value) if (d := _pep508(line, "optional"))]
    name = parser.get("metadata", "name", fallback="")
    return name, deps


# -- JavaScript, PHP ------------------------------------------------------------------


def _exact_semver(spec: str) -> str | None:
    match = _EXACT_SEMVER.match(spec.strip())
    return match.group(1) if match else None


def _package_json(doc: dict[str, Any]) -> tuple[str, list[Declared]]:
    deps: list[Declared] = []
    for key, scope in (("dependencies", "runtime"), ("devDependencies", "dev"),
                       ("optionalDependencies", "optional"), ("peerDependencies", "optional")):
        for name, spec in (doc.get(key) or {}).items():
            text = str(spec)
            deps.append(Declared(name, _exact_semver(text), text, scope))
    return str(doc.get("name") or ""), deps


def _composer(doc: dict[str, Any]) -> tuple[str, list[Declared]]:
    deps: list[Declared] = []
    for key, scope in (("require", "runtime"), ("require-dev", "dev")):
        for name, spec in (doc.get(key) or {}).items():
            if name == "php" or name.startswith(("ext-", "lib-")) or "/" not in name:
                continue
            text = str(spec)
            deps.append(Declared(name, _exact_semver(text), text, scope))
    return str(doc.get("name") or ""), deps


# -- Go, Rust -------------------------------------------------------------------------


def _go_mod(text: str) -> tuple[str, list[Declared]]:
    module = ""
    deps: list[Declared] = []
    in_block = False
    for raw in text.splitlines():
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line.startswith("module "):
            module = line.split(None, 1)[1].strip().strip('"')
            continue
        if in_block:
            if line == ")":
                in_block = False
                continue
            parts = line.split()
        elif line.startswith("require"):
            rest = line[len("require"):].strip()
            if rest == "(":
                in_block = True
                continue
            parts = rest.split()
        else:
            continue
        if len(parts) >= 2:
            deps.append(Declared(parts[0].strip('"'), parts[1], parts[1], "runtime"))
    return module, deps


def _cargo(doc: dict[str, Any]) -> tuple[str, list[Declared]]:
    deps: list[Declared] = []
    tables = [(doc, "dependencies", "runtime"), (doc, "dev-dependencies", "dev"), (doc, "build-dependencies", "dev")]
    for target in (doc.get("target") or {}).values():
        tables += [(target, "dependencies", "runtime"), (target, "dev-dependencies", "dev")]
    for owner, key, scope in tables:
        for name, spec in (owner.get(key) or {}).items():
            optional = False
            if isinstance(spec, dict):
                optional = bool(spec.get("optional"))
                name = str(spec.get("package") or name)
                spec = spec.get("version", "")
            text = str(spec)
            exact = re.fullmatch(r"=\s*(\d+\.\d+\.\d+[\w.+-]*)", text.strip())
            deps.append(Declared(name, exact.group(1) if exact else None, text, "optional" if optional else scope))
    package = doc.get("package") or {}
    return str(package.get("name") or ""), deps


# -- JVM, .NET, Ruby --------------------------------------------------------------------


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _child_text(element: ElementTree.Element, name: str) -> str:
    for child in element:
        if _local(child.tag) == name:
            return (child.text or "").strip()
    return ""


def _pom(root: ElementTree.Element) -> tuple[str, list[Declared]]:
    deps: list[Declared] = []
    for element in root.iter():
        if _local(element.tag) != "dependency":
            continue
        group, artifact = _child_text(element, "groupId"), _child_text(element, "artifactId")
        if not artifact:
            continue
        version = _child_text(element, "version")
        scope = _child_text(element, "scope")
        optional = _child_text(element, "optional") == "true"
        literal = version if version and not version.startswith(("${", "[", "(")) else None
        kind = "dev" if scope == "test" else "optional" if optional or scope == "provided" else "runtime"
        deps.append(Declared(f"{group}:{artifact}" if group else artifact, literal, version, kind))
    group, artifact = _child_text(root, "groupId"), _child_text(root, "artifactId")
    return (f"{group}:{artifact}" if group and artifact else artifact), deps


def _csproj(root: ElementTree.Element) -> list[Declared]:
    deps: list[Declared] = []
    for element in root.iter():
        if _local(element.tag) != "PackageReference":
            continue
        name = element.get("Include") or element.get("Update") or ""
        if not name:
            continue
        version = element.get("Version") or _child_text(element, "Version")
        pinned = re.fullmatch(r"\[\s*([^,\]\s]+)\s*\]", version)
        if pinned:
            literal: str | None = pinned.group(1)
        elif re.fullmatch(r"\d+(\.\d+){1,3}([-+][\w.-]*)?", version):
            literal = version  # NuGet restores the lowest version a bare one allows: that one
        else:
            literal = None
        assets = element.get("PrivateAssets") or _child_text(element, "PrivateAssets")
        deps.append(Declared(name, literal, version, "dev" if assets.lower() == "all" else "runtime"))
    return deps


def _gemfile(text: str) -> list[Declared]:
    deps: list[Declared] = []
    group_stack: list[bool] = []  # one entry per open ``do`` block: is it a dev/test group
    for raw in text.splitlines():
        line = raw.split("#", 1)[0]
        group = _GEM_GROUP.match(line)
        if group:
            group_stack.append(bool(re.search(r"development|test", group.group(1))))
            continue
        if re.match(r"^\s*end\b", line) and group_stack:
            group_stack.pop()
            continue
        if re.search(r"\bdo\s*(\|[^|]*\|)?\s*$", line):
            group_stack.append(False)
        match = _GEM.match(line)
        if not match:
            continue
        specs = re.findall(r"""['"]([^'"]*)['"]""", match.group(2))
        exact = re.fullmatch(r"=?\s*(\d[\w.]*)", specs[0].strip()) if len(specs) == 1 else None
        dev = any(group_stack) or bool(re.search(r"group:\s*\[?\s*:(development|test)", line))
        deps.append(Declared(match.group(1), exact.group(1) if exact else None, ", ".join(specs),
                             "dev" if dev else "runtime"))
    return deps


def _sbt(text: str) -> list[Declared]:
    deps: list[Declared] = []
    for match in _SBT_DEP.finditer(text):
        organization, _, artifact, version = match.group(1), match.group(2), match.group(3), match.group(4)
        config = (match.group(6) or "").lower()
        scope = "dev" if config in ("test", "it") else "optional" if config == "provided" else "runtime"
        deps.append(Declared(f"{organization}:{artifact}", version, version, scope))
    return deps


__all__ = ["ManifestScan", "is_manifest", "parse_manifest", "scan_manifests"]
