"""``package.json``: dependencies, devDependencies, optional- and peerDependencies (a bare
``1.2.3`` pins a version). TypeScript reads the same manifest."""

from __future__ import annotations

import json
from typing import Any

from codeknit.languages.manifests import exact_semver, literal_version
from codeknit.languages.spec import Declared, ManifestReader


def read_package_json(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    doc: dict[str, Any] = json.loads(data.decode("utf-8-sig"))
    deps: list[Declared] = []
    for key, scope in (("dependencies", "runtime"), ("devDependencies", "dev"),
                       ("optionalDependencies", "optional"), ("peerDependencies", "optional")):
        for name, spec in (doc.get(key) or {}).items():
            text = str(spec)
            deps.append(Declared(name, exact_semver(text), text, scope))
    return str(doc.get("name") or ""), deps


def package_json_version(data: bytes) -> str | None:
    return literal_version(json.loads(data.decode("utf-8-sig")).get("version"))


PACKAGE_JSON = ManifestReader(("package.json",), read_package_json, "npm", naming_rank=30, version=package_json_version)

__all__ = ["PACKAGE_JSON"]
