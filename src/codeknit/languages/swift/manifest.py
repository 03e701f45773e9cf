"""Swift's manifests: ``Package.swift`` (Swift Package Manager) and ``*.podspec`` (CocoaPods).

``Package.swift``: the package's ``name:`` and each ``.package(url: "…/name.git", …)`` (or
``.package(path: …)``) dependency; ``exact: "1.2.3"`` (or ``.exact("1.2.3")``) pins a version,
``from:`` and ranges keep their text. ``*.podspec``: ``s.name`` and each ``s.dependency 'Name',
'~> 1.0'`` (a bare ``1.2.3`` pins it), and ``s.version`` when it is a literal (a podspec that reads it
from package.json states none). The files are read as text, never run.
"""

from __future__ import annotations

import re

from codeknit.languages.manifests import literal_version
from codeknit.languages.spec import Declared, ManifestReader

_PACKAGE_NAME = re.compile(r"Package\s*\(\s*name\s*:\s*\"([^\"]+)\"")
_PACKAGE_DEPENDENCY = re.compile(
    r"\.package\s*\(\s*(?:name\s*:\s*\"[^\"]*\"\s*,\s*)?(?:url|path)\s*:\s*\"([^\"]+)\"([^)]*)\)"
)
_REQUIREMENT = re.compile(
    r"(exact|from|branch|revision)\s*[:(]\s*\"([^\"]+)\"|\"([^\"]+)\"\s*(\.\.[.<])\s*\"([^\"]+)\""
)
_POD_NAME = re.compile(r"^\s*\w+\.name\s*=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
_POD_DEPENDENCY = re.compile(r"^\s*\w+\.dependency\s*\(?\s*['\"]([^'\"]+)['\"]((?:\s*,\s*['\"][^'\"]*['\"])*)",
                             re.MULTILINE)
_POD_VERSION = re.compile(r"^\s*\w+\.version\s*=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
_SEMVER = re.compile(r"=?\s*(\d+(?:\.\d+)*)")


def read_package_swift(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    text = data.decode("utf-8-sig")
    name = _PACKAGE_NAME.search(text)
    deps: list[Declared] = []
    for match in _PACKAGE_DEPENDENCY.finditer(text):
        location, rest = match.group(1), match.group(2)
        package = location.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
        requirement = _REQUIREMENT.search(rest)
        version: str | None = None
        constraint = ""
        if requirement is not None:
            if requirement.group(1):
                constraint = f"{requirement.group(1)} {requirement.group(2)}"
                version = requirement.group(2) if requirement.group(1) == "exact" else None
            else:
                constraint = f"{requirement.group(3)}{requirement.group(4)}{requirement.group(5)}"
        deps.append(Declared(package, version, constraint, "runtime"))
    return (name.group(1) if name else ""), deps


def read_podspec(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    text = data.decode("utf-8-sig")
    name = _POD_NAME.search(text)
    deps: list[Declared] = []
    for match in _POD_DEPENDENCY.finditer(text):
        requirements = re.findall(r"['\"]([^'\"]*)['\"]", match.group(2))
        exact = _SEMVER.fullmatch(requirements[0].strip()) if len(requirements) == 1 else None
        deps.append(Declared(match.group(1), exact.group(1) if exact else None, ", ".join(requirements), "runtime"))
    return (name.group(1) if name else ""), deps


def podspec_version(data: bytes) -> str | None:
    match = _POD_VERSION.search(data.decode("utf-8-sig"))
    return literal_version(match.group(1)) if match else None


PACKAGE_SWIFT = ManifestReader(("Package.swift",), read_package_swift, "swift", naming_rank=95)
PODSPEC = ManifestReader(("*.podspec",), read_podspec, "cocoapods", naming_rank=96, version=podspec_version)

__all__ = ["PACKAGE_SWIFT", "PODSPEC"]
