"""Python's manifests: ``pyproject.toml``, ``requirements*.txt`` and ``setup.cfg``.

``pyproject.toml``: ``[project]`` dependencies and optional-dependencies, ``[dependency-groups]``,
Poetry's dependency tables. ``requirements*.txt``: one requirement a line (``-dev``/``-test``
files: dev). ``setup.cfg``: ``[options] install_requires`` and ``extras_require``. A version is
recorded only when the requirement pins exactly one (``==1.2.3``).
"""

from __future__ import annotations

import configparser
import re
import tomllib
from collections.abc import Iterator
from typing import Any

from codeknit.languages.manifests import literal_version
from codeknit.languages.spec import Declared, ManifestReader

_PEP508 = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$")
_EXACT_PY = re.compile(r"^={2,3}\s*([A-Za-z0-9][A-Za-z0-9.+!_-]*)$")


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


def read_pyproject(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    doc: dict[str, Any] = tomllib.loads(data.decode("utf-8-sig"))
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


def read_requirements(name: str, data: bytes) -> tuple[str, list[Declared]]:
    scope = "dev" if re.search(r"dev|test|lint|doc", name) else "runtime"
    return "", [d for line in _requirement_lines(data.decode("utf-8-sig")) if (d := _pep508(line, scope))]


def read_setup_cfg(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(data.decode("utf-8-sig"))
    deps: list[Declared] = []
    if parser.has_option("options", "install_requires"):
        deps += [d for line in _requirement_lines(parser.get("options", "install_requires"))
                 if (d := _pep508(line, "runtime"))]
    if parser.has_section("options.extras_require"):
        for _, value in parser.items("options.extras_require"):
            deps += [d for line in _requirement_lines(value) if (d := _pep508(line, "optional"))]
    name = parser.get("metadata", "name", fallback="")
    return name, deps


def pyproject_version(data: bytes) -> str | None:
    """``[project] version``, or Poetry's ``[tool.poetry] version`` (a ``dynamic`` one is not stated)."""
    doc = tomllib.loads(data.decode("utf-8-sig"))
    found = doc.get("project", {}).get("version") or doc.get("tool", {}).get("poetry", {}).get("version")
    return literal_version(found)


def setup_cfg_version(data: bytes) -> str | None:
    """``[metadata] version``, unless computed at build time (``attr:``, ``file:``)."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(data.decode("utf-8-sig"))
    found = parser.get("metadata", "version", fallback=None)
    return None if found is None or found.strip().startswith(("attr:", "file:")) else literal_version(found)


PYPROJECT = ManifestReader(("pyproject.toml",), read_pyproject, "pypi", naming_rank=10, version=pyproject_version)
SETUP_CFG = ManifestReader(("setup.cfg",), read_setup_cfg, "pypi", naming_rank=20, version=setup_cfg_version)
REQUIREMENTS = ManifestReader(("requirements*.txt",), read_requirements, "pypi")

__all__ = ["PYPROJECT", "REQUIREMENTS", "SETUP_CFG"]
