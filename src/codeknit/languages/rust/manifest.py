"""``Cargo.toml``: ``[dependencies]``, ``[dev-dependencies]``, ``[build-dependencies]`` and their
``[target.*]`` forms (``=1.2.3`` pins a version; a bare one is a caret range)."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from codeknit.languages.manifests import literal_version
from codeknit.languages.spec import Declared, ManifestReader


def read_cargo(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    doc: dict[str, Any] = tomllib.loads(data.decode("utf-8-sig"))
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


def cargo_version(data: bytes) -> str | None:
    """``[package] version`` (a table when inherited from the workspace: not stated here)."""
    return literal_version(tomllib.loads(data.decode("utf-8-sig")).get("package", {}).get("version"))


CARGO_TOML = ManifestReader(("Cargo.toml",), read_cargo, "cargo", naming_rank=50, version=cargo_version)

__all__ = ["CARGO_TOML"]
