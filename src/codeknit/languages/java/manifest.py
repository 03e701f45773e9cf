"""``pom.xml``: each ``<dependency>`` as ``groupId:artifactId`` (a literal version pins it; test
scope is dev, provided or optional is optional)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from codeknit.languages.manifests import literal_version, xml_child_text, xml_local
from codeknit.languages.spec import Declared, ManifestReader


def read_pom(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    root = ElementTree.fromstring(data)
    deps: list[Declared] = []
    for element in root.iter():
        if xml_local(element.tag) != "dependency":
            continue
        group, artifact = xml_child_text(element, "groupId"), xml_child_text(element, "artifactId")
        if not artifact:
            continue
        version = xml_child_text(element, "version")
        scope = xml_child_text(element, "scope")
        optional = xml_child_text(element, "optional") == "true"
        literal = version if version and not version.startswith(("${", "[", "(")) else None
        kind = "dev" if scope == "test" else "optional" if optional or scope == "provided" else "runtime"
        deps.append(Declared(f"{group}:{artifact}" if group else artifact, literal, version, kind))
    group, artifact = xml_child_text(root, "groupId"), xml_child_text(root, "artifactId")
    return (f"{group}:{artifact}" if group and artifact else artifact), deps


def pom_version(data: bytes) -> str | None:
    """The project's ``<version>``, when written out (not ``${revision}``)."""
    return literal_version(xml_child_text(ElementTree.fromstring(data), "version"))


POM_XML = ManifestReader(("pom.xml",), read_pom, "maven", naming_rank=70, version=pom_version)

__all__ = ["POM_XML"]
