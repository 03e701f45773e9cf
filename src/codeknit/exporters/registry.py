"""The exporters by name: what each writes and who reads it (``codeknit formats`` prints this)."""

from __future__ import annotations

from dataclasses import dataclass

from codeknit.exporters import csv, cyclonedx, dot, json, lsif, mermaid, scip
from codeknit.exporters.base import Exporter


@dataclass(frozen=True, slots=True)
class Format:
    name: str
    output: str
    consumer: str
    export: Exporter
    binary: bool = False
    extension: str = ""


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("lsif", "LSIF 0.4.3, JSON Lines", "code navigation: GitLab and other LSIF consumers",
               lsif.export, extension=".lsif"),
        Format("scip", "SCIP, protobuf", "Sourcegraph and other SCIP consumers", scip.export, binary=True,
               extension=".scip"),
        Format("cyclonedx", "CycloneDX 1.5 JSON", "an SBOM of the declared dependencies", cyclonedx.export,
               extension=".cdx.json"),
        Format("csv-nodes", "CSV, a row per node", "spreadsheets, COPY into a database", csv.export_nodes,
               extension=".csv"),
        Format("csv-edges", "CSV, a row per relation, endpoints spelled out", "the same", csv.export_edges,
               extension=".csv"),
        Format("dot", "Graphviz", "looking at calls, inheritance and type use", dot.export, extension=".dot"),
        Format("mermaid", "Mermaid flowchart", "the same, in a Markdown page", mermaid.export, extension=".mmd"),
        Format("json", "the graph JSON document", "codeknit itself, and anything reading JSON", json.export,
               extension=".json"),
    )
}


def get_format(name: str) -> Format:
    """The format called ``name``; ``KeyError`` naming the known ones otherwise."""
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown format {name!r}; known: {', '.join(FORMATS)}") from None


__all__ = ["FORMATS", "Format", "get_format"]
