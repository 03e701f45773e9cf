"""Gradle build scripts: ``build.gradle.kts`` (Kotlin DSL) and ``build.gradle`` (Groovy DSL).

A dependency is a configuration call with one ``"group:name:version"`` string:
``implementation("g:n:1.2.3")``, ``api 'g:n:1.2.3'``, ``testImplementation(…)`` (dev),
``compileOnly(…)`` (optional). A literal version pins it; ``+``, ranges and ``$var`` do not.
Project references (``project(":core")``), version catalogs (``libs.x.y``) and platforms are not
read. A build script names no project (``settings.gradle`` does): the directory's name is used;
its ``version = "1.2.3"`` is the project's version.
"""

from __future__ import annotations

import re

from codeknit.languages.manifests import literal_version
from codeknit.languages.spec import Declared, ManifestReader

_CONFIGURATIONS = {
    "implementation": "runtime", "api": "runtime", "runtimeOnly": "runtime", "compile": "runtime",
    "kapt": "dev", "ksp": "dev", "annotationProcessor": "dev",
    "compileOnly": "optional", "compileOnlyApi": "optional",
    "testImplementation": "dev", "testRuntimeOnly": "dev", "testCompileOnly": "dev",
    "androidTestImplementation": "dev", "debugImplementation": "dev",
}
_DEPENDENCY = re.compile(
    r"""^\s*(?P<configuration>[A-Za-z]+)\s*\(?\s*(?P<quote>["'])(?P<coordinates>[^"'$]+)(?P=quote)\s*\)?""",
    re.MULTILINE,
)
_LITERAL_VERSION = re.compile(r"[0-9][0-9A-Za-z.\-_]*")
_PROJECT_VERSION = re.compile(r"""^\s*version\s*=\s*["']([^"']+)["']""", re.MULTILINE)


def read_gradle(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    deps: list[Declared] = []
    for match in _DEPENDENCY.finditer(data.decode("utf-8-sig")):
        scope = _CONFIGURATIONS.get(match.group("configuration"))
        parts = match.group("coordinates").split(":")
        if scope is None or len(parts) < 2 or not all(parts[:2]):
            continue
        version = parts[2] if len(parts) > 2 else ""
        pinned = version if _LITERAL_VERSION.fullmatch(version) else None
        deps.append(Declared(f"{parts[0]}:{parts[1]}", pinned, version, scope))
    return "", deps


def gradle_version(data: bytes) -> str | None:
    match = _PROJECT_VERSION.search(data.decode("utf-8-sig"))
    return literal_version(match.group(1)) if match else None


GRADLE = ManifestReader(("build.gradle.kts", "build.gradle"), read_gradle, "maven", version=gradle_version)

__all__ = ["GRADLE"]
