"""``codeknit graph show``: one self-contained HTML file that draws the graph.

The file works from ``file://`` with no network, and needs nothing built or installed: the
data, the styles and the viewer's own scripts are inlined. The drawing is codeknit's own plain
JavaScript here, with no library: ``layout.js`` (a deterministic force layout: springs,
Barnes–Hut repulsion over a quadtree, centring, no overlaps) and ``viewer.js`` (SVG, zoom, pan,
drag, filters, search, focus, details).

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
import re
from collections import Counter
from importlib import resources
from typing import IO, Any

from codeknit.analysis.deps import dependency_view
from codeknit.graph import Graph, Resolution, Symbol

__all__ = ["DEFAULT_COLLAPSE_ABOVE", "build_viewer", "viewer_data"]

DEFAULT_COLLAPSE_ABOVE = 1500


def _json_for_script(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def viewer_data(graph: Graph, *, title: str, version: str, collapse_above: int) -> dict[str, Any]:
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
                 collapse_above: int = DEFAULT_COLLAPSE_ABOVE) -> dict[str, int]:
    """Write the HTML page to ``out``; returns what it holds (symbols, edges, uncertain, modules)."""
    package = resources.files("codeknit.analysis.viewer")
    template = (package / "template.html").read_text(encoding="utf-8")
    layout = (package / "layout.js").read_text(encoding="utf-8")
    script = (package / "viewer.js").read_text(encoding="utf-8")
    css = (package / "viewer.css").read_text(encoding="utf-8")
    data = viewer_data(graph, title=title, version=version, collapse_above=collapse_above)
    parts = {
        "__VERSION__": html.escape(version),
        "__TITLE__": html.escape(title),
        "__CSS__": css,
        "__DATA__": _json_for_script(data),
        "__LAYOUT__": layout.replace("</script", "<\\/script"),
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
