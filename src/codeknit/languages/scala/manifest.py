"""``build.sbt``: the ``name := "…"`` setting and ``"org" %% "name" % "1.2.3"`` lines (test or it
configurations are dev, provided is optional)."""

from __future__ import annotations

import re

from codeknit.languages.manifests import literal_version
from codeknit.languages.spec import Declared, ManifestReader

_SBT_DEP = re.compile(r'"([^"]+)"\s*(%%?%?)\s*"([^"]+)"\s*%\s*"([^"]+)"(\s*%\s*"?(\w+)"?)?')
_SBT_NAME = re.compile(r'^\s*name\s*:=\s*"([^"]+)"', re.MULTILINE)


def read_sbt(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    text = data.decode("utf-8-sig")
    deps: list[Declared] = []
    for match in _SBT_DEP.finditer(text):
        organization, _, artifact, version = match.group(1), match.group(2), match.group(3), match.group(4)
        config = (match.group(6) or "").lower()
        scope = "dev" if config in ("test", "it") else "optional" if config == "provided" else "runtime"
        deps.append(Declared(f"{organization}:{artifact}", version, version, scope))
    name = _SBT_NAME.search(text)
    return (name.group(1) if name else ""), deps


_SBT_VERSION = re.compile(r'^\s*(?:ThisBuild\s*/\s*)?version\s*:=\s*"([^"]+)"', re.MULTILINE)


def sbt_version(data: bytes) -> str | None:
    match = _SBT_VERSION.search(data.decode("utf-8-sig"))
    return literal_version(match.group(1)) if match else None


BUILD_SBT = ManifestReader(("build.sbt",), read_sbt, "maven", naming_rank=90, version=sbt_version)

__all__ = ["BUILD_SBT"]
