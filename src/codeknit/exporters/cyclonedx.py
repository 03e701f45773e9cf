"""CycloneDX 1.5 JSON: an SBOM of the dependencies the project's manifests declare.

Each declared dependency is a ``library`` component; each project (a sub-root
holding a manifest) an ``application`` component that depends on them; the
analysed root is the BOM's subject. The package-URL type comes from the
language of the source files when they are all of one ecosystem (``pypi``,
``npm``, ``golang``, ``cargo``, ``composer``, ``maven``, ``nuget``, ``gem``); a
tree mixing languages, or a manifest of another ecosystem than the tree's,
gets ``pkg:generic`` with a warning. A component has a version only when its
manifest pins exactly one; the others are counted in a warning. This is a
faithful inventory of what is declared, not a scanner's input on its own:
point the scanner at the lockfile for that.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote

import orjson

from codeknit.exporters.base import GraphSource, load_graph
from codeknit.exporters.warnings import ExportWarning, Warnings
from codeknit.graph import Dependency, Graph
from codeknit.languages import registry
from codeknit.version import __version__


def manifest_purl_type(manifest: str) -> str:
    """The ecosystem a manifest file belongs to (its reader's, from the languages' specs)."""
    reader = registry.manifest_reader(manifest.rsplit("/", 1)[-1])
    return reader.ecosystem if reader is not None else "generic"


def _segment(text: str) -> str:
    return quote(text, safe="")


def purl(kind: str, name: str, version: str | None) -> str:
    """A package URL (``pkg:type/namespace/name@version``) with each part percent-encoded."""
    namespace = ""
    if kind == "pypi":
        name = name.lower().replace("_", "-")
    elif kind in ("npm", "composer", "golang") and "/" in name:
        namespace, _, name = name.rpartition("/")
    elif kind == "maven" and ":" in name:
        namespace, _, name = name.partition(":")
    path = "/".join(_segment(part) for part in namespace.split("/")) + "/" if namespace else ""
    text = f"pkg:{kind}/{path}{_segment(name)}"
    return f"{text}@{_segment(version)}" if version else text


@dataclass(slots=True)
class _Component:
    purl: str
    name: str
    version: str | None
    declared: list[Dependency] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        component: dict[str, Any] = {"type": "library", "bom-ref": self.purl, "name": self.name}
        if self.version:
            component["version"] = self.version
        component["purl"] = self.purl
        runtime = any(d.scope == "runtime" for d in self.declared)
        component["scope"] = "required" if runtime else "optional"
        properties = []
        for dep in self.declared:
            properties.append({"name": "codeknit:manifest", "value": dep.manifest})
            if dep.constraint:
                properties.append({"name": "codeknit:constraint", "value": dep.constraint})
            properties.append({"name": "codeknit:scope", "value": dep.scope})
        component["properties"] = properties
        return component


def _project_ref(path: str) -> str:
    return f"project:{path or '.'}"


def _tree_purl_type(graph: Graph) -> str | None:
    kinds = {registry.purl_type(f.language) for f in graph.files}
    return kinds.pop() if len(kinds) == 1 and "" not in kinds else None


def export(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the CycloneDX 1.5 JSON SBOM of the declared dependencies; return the warnings."""
    graph = load_graph(source, languages)
    warnings = Warnings()
    if symbol is not None:
        warnings.add("symbol-ignored", "--symbol applies to dot, mermaid and csv; the SBOM holds every dependency")
    tree_type = _tree_purl_type(graph)
    languages_present = sorted({f.language for f in graph.files})
    components: dict[str, _Component] = {}
    needs: dict[str, list[str]] = {}
    for project in graph.projects:
        needs[project.path] = []
    # the tree's own projects by ecosystem and name: a dependency on one (npm's ``"@x/core": "workspace:*"``) is on
    # that project, as imports of it resolve into the tree, not on an outside library of its name
    in_tree = {(manifest_purl_type(manifest), project.name): project.path
               for project in graph.projects for manifest in project.manifests}
    for dep in graph.dependencies:
        ecosystem = manifest_purl_type(dep.manifest)
        project_path = in_tree.get((ecosystem, dep.name))
        if project_path is not None and project_path != dep.project:
            wanted = needs.setdefault(dep.project, [])
            if _project_ref(project_path) not in wanted:
                wanted.append(_project_ref(project_path))
            continue
        if tree_type is not None and ecosystem == tree_type:
            kind = tree_type
        else:
            kind = "generic"
            if tree_type is None:
                warnings.add("mixed-languages", "the tree mixes languages "
                             f"({', '.join(languages_present) or 'none'}), so the ecosystem of a dependency is "
                             "not known: written as pkg:generic")
            else:
                warnings.add("foreign-manifest", f"a dependency declared in a manifest of another ecosystem than "
                             f"the tree's ({tree_type}): written as pkg:generic")
        ref = purl(kind, dep.name, dep.version)
        component = components.get(ref)
        if component is None:
            component = components[ref] = _Component(ref, dep.name, dep.version)
        component.declared.append(dep)
        wanted = needs.setdefault(dep.project, [])
        if ref not in wanted:
            wanted.append(ref)
    unversioned = sum(1 for c in components.values() if not c.version)
    if unversioned:
        warnings.add("no-version", "components without a version: the manifests give a range, not one exact "
                     "version (point a scanner at the lockfile for resolved versions)", unversioned)
    if not graph.projects:
        warnings.add("no-manifests", "the graph records no project manifests: the SBOM lists no dependencies")

    root_project = next((p for p in graph.projects if p.path == ""), None)
    serial = uuid.uuid5(uuid.NAMESPACE_URL, f"codeknit:{graph.root}:{graph.fingerprint}")
    subject: dict[str, Any] = {"type": "application", "bom-ref": _project_ref(""),
                               "name": root_project.name if root_project else (graph.root or "root")}
    if root_project is not None and root_project.version:
        subject["version"] = root_project.version  # the project's own, from its manifest
    header = {
        "$schema": "http://cyclonedx.org/schema/bom-1.5.schema.json",
        "bomFormat": "CycloneDX",
        "specVersion": "1.5",
        "serialNumber": serial.urn,
        "version": 1,
        "metadata": {
            "tools": {"components": [{"type": "application", "name": "codeknit", "version": __version__}]},
            "component": subject,
        },
    }
    out.write(orjson.dumps(header)[:-1] + b',\n"components":[')
    first = True

    def item(value: dict[str, Any]) -> None:
        nonlocal first
        out.write((b"\n" if first else b",\n") + orjson.dumps(value))
        first = False

    for project in graph.projects:
        if project.path:
            sub: dict[str, Any] = {"type": "application", "bom-ref": _project_ref(project.path), "name": project.name}
            if project.version:
                sub["version"] = project.version
            sub["properties"] = ([{"name": "codeknit:path", "value": project.path}]
                                 + [{"name": "codeknit:manifest", "value": m} for m in project.manifests])
            item(sub)
    for component in components.values():
        item(component.to_json())
    out.write(b'\n],\n"dependencies":[')
    first = True
    sub_projects = [_project_ref(p.path) for p in graph.projects if p.path]
    item({"ref": _project_ref(""), "dependsOn": sub_projects + needs.get("", [])})
    for project in graph.projects:
        if project.path:
            item({"ref": _project_ref(project.path), "dependsOn": needs.get(project.path, [])})
    for component in components.values():
        item({"ref": component.purl, "dependsOn": []})
    out.write(b"\n]}\n")
    return warnings.list()


__all__ = ["export", "manifest_purl_type", "purl"]
