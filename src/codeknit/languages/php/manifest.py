"""``composer.json``: require and require-dev (``php``, ``ext-*`` and ``lib-*`` left out; a bare
``1.2.3`` pins a version)."""

from __future__ import annotations

import json
from typing import Any

from codeknit.languages.manifests import exact_semver, literal_version
from codeknit.languages.spec import Declared, ManifestReader


def read_composer(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    doc: dict[str, Any] = json.loads(data.decode("utf-8-sig"))
    deps: list[Declared] = []
    for key, scope in (("require", "runtime"), ("require-dev", "dev")):
        for name, spec in (doc.get(key) or {}).items():
            if name == "php" or name.startswith(("ext-", "lib-")) or "/" not in name:
                continue
            text = str(spec)
            deps.append(Declared(name, exact_semver(text), text, scope))
    return str(doc.get("name") or ""), deps


def composer_version(data: bytes) -> str | None:
    return literal_version(json.loads(data.decode("utf-8-sig")).get("version"))


COMPOSER_JSON = ManifestReader(("composer.json",), read_composer, "composer", naming_rank=60,
                               version=composer_version)

__all__ = ["COMPOSER_JSON"]
