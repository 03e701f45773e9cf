"""``*.csproj``: each ``<PackageReference>`` (``[1.2.3]`` or a bare version pins it: NuGet restores
the lowest version a bare one allows); the project is named after the file."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from codeknit.languages.manifests import literal_version, xml_child_text, xml_local
from codeknit.languages.spec import Declared, ManifestReader


def read_csproj(name: str, data: bytes) -> tuple[str, list[Declared]]:
    root = ElementTree.fromstring(data)
    deps: list[Declared] = []
    for element in root.iter():
        if xml_local(element.tag) != "PackageReference":
            continue
        package = element.get("Include") or element.get("Update") or ""
        if not package:
            continue
        version = element.get("Version") or xml_child_text(element, "Version")
        pinned = re.fullmatch(r"\[\s*([^,\]\s]+)\s*\]", version)
        if pinned:
            literal: str | None = pinned.group(1)
        elif re.fullmatch(r"\d+(\.\d+){1,3}([-+][\w.-]*)?", version):
            literal = version  # NuGet restores the lowest version a bare one allows: that one
        else:
            literal = None
        assets = element.get("PrivateAssets") or xml_child_text(element, "PrivateAssets")
        deps.append(Declared(package, literal, version, "dev" if assets.lower() == "all" else "runtime"))
    return name[: -len(".csproj")], deps


def csproj_version(data: bytes) -> str | None:
    """A ``<Version>`` in a ``<PropertyGroup>``."""
    for group in ElementTree.fromstring(data):
        if xml_local(group.tag) == "PropertyGroup":
            found = literal_version(xml_child_text(group, "Version"))
            if found:
                return found
    return None


CSPROJ = ManifestReader(("*.csproj",), read_csproj, "nuget", naming_rank=80, version=csproj_version)

__all__ = ["CSPROJ"]
