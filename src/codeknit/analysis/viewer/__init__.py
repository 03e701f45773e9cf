"""``codeknit graph show``: one self-contained HTML file that draws the graph with D3.

The file works from ``file://`` with no network: the data, the script, the styles and D3
itself are inlined. D3 comes from the npm registry at build time, never at run time:
``tools/viewer/build.mjs`` (run by ``cd tools/viewer && npm ci && npm run build``, and by
``.ci/run``) copies ``d3.min.js`` with its version and licences into ``vendor/`` here, which
git ignores. :func:`build_viewer` reads it from there (or from ``$CODEKNIT_D3``) and raises
:class:`ViewerAssetMissing`, saying how to build it, when it is absent.

What the page holds: every symbol except metadata (``meta/*``), the resolved dependency
relations between them (as :mod:`codeknit.analysis.deps` counts them) and containment; per
symbol, the number of uncertain relations that leave it and that name it as a candidate; and
the total of uncertain relations by kind. Uncertain relations are never drawn. Above
``collapse_above`` visible symbols the overview shows modules (files) instead, and a module
opens into its symbols on demand, so the page stays usable on large projects.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import IO, Any

from codeknit.analysis.deps import dependency_view
from codeknit.graph import Graph, Resolution, Symbol

__all__ = ["DEFAULT_COLLAPSE_ABOVE", "BUILD_COMMAND", "D3Asset", "ViewerAssetMissing", "build_viewer", "load_d3"]

DEFAULT_COLLAPSE_ABOVE = 1500
BUILD_COMMAND = "cd tools/viewer && npm ci && npm run build"


class ViewerAssetMissing(Exception):
    """D3 has not been built into the package (see :data:`BUILD_COMMAND`)."""


@dataclass(frozen=True, slots=True)
class D3Asset:
    script: str
    version: str
    license: str


def _vendor_dir() -> Path:
    return Path(str(resources.files("codeknit.analysis.viewer"))) / "vendor"


def load_d3() -> D3Asset:
    """D3's bundle and its recorded version and licence; ``$CODEKNIT_D3`` may point at another ``d3.min.js``."""
    override = os.environ.get("CODEKNIT_D3")
    script_path = Path(override) if override else _vendor_dir() / "d3.min.js"
    if not script_path.is_file():
        where = f"$CODEKNIT_D3 points at {script_path}, which does not exist" if override else (
            f"{script_path} is missing")
        raise ViewerAssetMissing(
            f"the viewer's drawing library (D3) is not built: {where}. Build it from the npm registry "
            f"with `{BUILD_COMMAND}` in a codeknit checkout (this needs node and npm), or set "
            f"CODEKNIT_D3 to a d3.min.js (v7)."
        )
    meta_path = script_path.with_name("d3.json")
    version, licence = "unknown", "ISC"
    if meta_path.is_file():
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        version, licence = str(meta.get("version", version)), str(meta.get("license", licence))
    script = script_path.read_text(encoding="utf-8")
    return D3Asset(script.replace("</script", "<\\/script"), version, licence)


def _json_for_script(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def viewer_data(graph: Graph, *, title: str, version: str, d3: D3Asset, collapse_above: int) -> dict[str, Any]:
    """The JSON the page reads: compact arrays, in the graph's order."""
    view = dependency_view(graph)
    files = sorted({f.path for f in graph.files} | {s.path for s in view.nodes})
    file_index = {path: i for i, path in enumerate(files)}
    file_language = {f.path: f.language for f in graph.files}
    languages = sorted({file_language.get(s.path, s.language) for s in view.nodes} | set(file_language.values()))
    language_index = {language: i for i, language in enumerate(languages)}
    kinds = sorted({s.kind.label for s in view.nodes})
    kind_index = {kind: i for i, kind in enumerate(kinds)}
    uncertain_out: Counter[int] = Counter()
    uncertain_in: Counter[int] = Counter()
    by_kind: dict[str, dict[str, int]] = {}
    total = 0
    for relation in graph.relations:
        if relation.resolution is Resolution.RESOLVED:
            continue
        total += 1
        counts = by_kind.setdefault(relation.kind.value, {})
        counts[relation.resolution.value] = counts.get(relation.resolution.value, 0) + 1
        source = view.index.get(relation.source)
        if source is not None:
            uncertain_out[source] += 1
        for candidate in relation.candidates:
            target = view.index.get(candidate)
            if target is not None:
                uncertain_in[target] += 1
    nodes = []
    for i, symbol in enumerate(view.nodes):
        parent = view.index.get(symbol.parent, -1) if symbol.parent else -1
        qualname = symbol.id[len(symbol.path) + 2:] if symbol.id.startswith(symbol.path + "::") else ""
        nodes.append([file_index[symbol.path], qualname, symbol.name, kind_index[symbol.kind.label], parent,
                      symbol.span[0], uncertain_out[i], uncertain_in[i]])
    edge_kinds = sorted({r.kind.value for r in view.evidence.values()})
    edge_index = {kind: i for i, kind in enumerate(edge_kinds)}
    edges = [[s, t, edge_index[r.kind.value]] for (s, t), r in sorted(view.evidence.items())]
    order = {kind: i for i, kind in enumerate(("contains", "inherits", "implements", "overrides", "decorates",
                                                "imports", "calls", "references"))}
    return {
        "title": title,
        "version": version,
        "d3": {"version": d3.version, "license": d3.license},
        "collapseAbove": collapse_above,
        "files": files,
        "fileLanguages": [language_index[file_language.get(p, _language_of(view.nodes, p))] for p in files],
        "languages": languages,
        "kinds": kinds,
        "edgeKinds": edge_kinds,
        "nodes": nodes,
        "edges": edges,
        "uncertain": {"total": total,
                      "byKind": {k: by_kind[k] for k in sorted(by_kind, key=lambda k: order.get(k, 99))}},
    }


def _language_of(nodes: list[Symbol], path: str) -> str:
    return next((s.language for s in nodes if s.path == path), "")


def build_viewer(graph: Graph, out: IO[str], *, title: str, version: str,
                 collapse_above: int = DEFAULT_COLLAPSE_ABOVE, d3: D3Asset | None = None) -> dict[str, int]:
    """Write the HTML page to ``out``; returns what it holds (symbols, edges, uncertain, modules)."""
    asset = d3 or load_d3()
    package = resources.files("codeknit.analysis.viewer")
    template = (package / "template.html").read_text(encoding="utf-8")
    script = (package / "viewer.js").read_text(encoding="utf-8")
    css = (package / "viewer.css").read_text(encoding="utf-8")
    data = viewer_data(graph, title=title, version=version, d3=asset, collapse_above=collapse_above)
    parts = {
        "__VERSION__": html.escape(version),
        "__TITLE__": html.escape(title),
        "__CSS__": css,
        "__DATA__": _json_for_script(data),
        "__D3_VERSION__": asset.version,
        "__D3_LICENSE__": asset.license,
        "__D3__": asset.script,
        "__JS__": script.replace("</script", "<\\/script"),
    }
    position = 0
    # one pass over the template, so a placeholder spelled inside inlined data is never replaced
    pattern = re.compile("|".join(re.escape(k) for k in parts))
    for match in pattern.finditer(template):
        out.write(template[position:match.start()])
        out.write(parts[match.group(0)])
        position = match.end()
    out.write(template[position:])
    return {"symbols": len(data["nodes"]), "edges": len(data["edges"]), "modules": len(data["files"]),
            "uncertain": data["uncertain"]["total"]}
