"""Resolution metrics: what they count, and how they travel in the JSON document."""

from __future__ import annotations

import io
import json
from importlib import resources
from pathlib import Path

import jsonschema

import codeknit
from codeknit.graph import EdgeKind, FileRecord, Graph, Relation, Resolution, ResolutionCounts, Symbol, SymbolKind
from codeknit.graph.jsonio import read_graph, write_graph

SCHEMA = json.loads(resources.files("codeknit.graph").joinpath("schema", "graph.schema.json").read_text())
RESOLUTION = Path(__file__).parent.parent / "resolution"


def small_graph() -> Graph:
    graph = Graph(root="r")
    graph.files.append(FileRecord("a.ts", "typescript", 1, "0" * 64))
    for name in ("", "f", "g"):
        sid = f"a.ts::{name}" if name else "a.ts"
        graph.symbols.append(Symbol(sid, name or "a", name, SymbolKind.FUNCTION if name else SymbolKind.MODULE,
                                    "a.ts", "typescript", (1, 0, 2, 0), (1, 0, 1, 1),
                                    parent="a.ts" if name else None))
    site = (3, 0, 3, 1)
    graph.relations += [
        Relation("a.ts", "a.ts::f", EdgeKind.CONTAINS),  # structure: not a use site
        Relation("a.ts::f", "a.ts::g", EdgeKind.CALLS, spans=[site, (4, 0, 4, 1)]),  # two sites
        Relation("a.ts::f", "a.ts::x.run", EdgeKind.CALLS, Resolution.AMBIGUOUS, ("a.ts::g",), spans=[site]),
        Relation("a.ts::f", "a.ts::len", EdgeKind.CALLS, Resolution.UNRESOLVED, spans=[site]),
        Relation("a.ts::f", "a.ts::react.useState", EdgeKind.CALLS, Resolution.UNRESOLVED, spans=[site],
                 package="react"),
        Relation("a.ts", "a.ts::react", EdgeKind.IMPORTS, Resolution.UNRESOLVED, spans=[site], package="react"),
        Relation("a.ts::g", "a.ts::f", EdgeKind.OVERRIDES),  # structure: not a use site
    ]
    return graph.finalize()


def test_metrics_count_use_sites_by_outcome() -> None:
    metrics = small_graph().metrics
    assert metrics.total == ResolutionCounts(queries=6, resolved=2, ambiguous=1, unresolved=1, external=2)
    assert list(metrics.by_kind) == ["imports", "calls"]  # edge-kind order, only the kinds that occur
    assert metrics.by_kind["calls"] == ResolutionCounts(5, 2, 1, 1, 1)
    assert metrics.by_kind["imports"] == ResolutionCounts(1, 0, 0, 0, 1)


def test_metrics_and_packages_travel_in_the_json_document() -> None:
    graph = small_graph()
    buffer = io.BytesIO()
    write_graph(graph, buffer)
    document = json.loads(buffer.getvalue())
    jsonschema.validate(document, SCHEMA)
    assert document["metrics"]["queries"] == 6 and document["metrics"]["by_kind"]["calls"]["external"] == 1
    packages = [r.get("package") for r in document["relations"]]
    assert packages.count("react") == 2 and all(p in (None, "react") for p in packages)
    again = read_graph(buffer.getvalue())
    assert again.metrics == graph.metrics
    assert [r.package for r in again.relations] == [r.package for r in graph.relations]


def test_a_real_run_counts_externals_with_their_package() -> None:
    graph = codeknit.index(RESOLUTION / "typescript", collect_tests=True)
    total = graph.metrics.total
    assert total.queries == total.resolved + total.ambiguous + total.unresolved + total.external
    external = {r.package for r in graph.relations if r.package is not None}
    assert {"react", "node:path", "fs", "@acme/tools", "lodash", "express", "legacy-lib"} <= external
    assert all(r.resolution is Resolution.UNRESOLVED for r in graph.relations if r.package is not None)


def _conformance_elsewhere(tmp_path: Path) -> Graph:
    """``impl Close for User`` written in another file than ``User``: the type's ``implements`` has no site,
    and the token is a ``references`` use of ``Close`` in the file that writes it (one written use)."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text("pub mod model;\npub mod close;\npub mod tcp;\n")
    (tmp_path / "src" / "model.rs").write_text("pub struct User {}\n")
    (tmp_path / "src" / "close.rs").write_text("pub trait Close {\n    fn close(&self);\n}\n")
    (tmp_path / "src" / "tcp.rs").write_text(
        "use crate::close::Close;\nuse crate::model::User;\n\n"
        "impl Close for User {\n    fn close(&self) {}\n}\n")
    return codeknit.index(tmp_path)


def test_a_use_without_a_site_that_another_relation_carries_counts_once(tmp_path: Path) -> None:
    from codeknit.analysis.deps import dependency_view
    from codeknit.skeleton.rank import DEFAULT_WEIGHTS, _edges

    graph = _conformance_elsewhere(tmp_path)
    trait = "src/close.rs::Close"
    uses = [r for r in graph.relations if r.target == trait and r.kind in (EdgeKind.IMPLEMENTS, EdgeKind.REFERENCES)]
    sites = sorted((r.kind.value, r.source, len(r.spans)) for r in uses if r.resolution is Resolution.RESOLVED)
    # the import's name, the impl's token (a use in tcp.rs), and User's relation without a site
    assert sites == [("implements", "src/model.rs::User", 0), ("references", "src/tcp.rs", 2)]
    # each written token is one use site: the siteless twin adds none
    written = sum(len(r.spans) for r in graph.relations if r.kind in (EdgeKind.IMPLEMENTS, EdgeKind.REFERENCES,
                                                                    EdgeKind.CALLS, EdgeKind.IMPORTS))
    assert graph.metrics.total.queries == written
    # fan-in: tcp.rs, where the conformance is written, uses the trait; User's file does not name it
    view = dependency_view(graph)
    users = {view.nodes[i].id for i in view.into[view.index[trait]]}
    assert users == {"src/tcp.rs"}
    position = {s.id: i for i, s in enumerate(graph.symbols)}
    edges = _edges(graph, DEFAULT_WEIGHTS, position, [True] * len(graph.symbols))
    assert (position["src/tcp.rs"], position[trait]) in edges
    assert (position["src/model.rs::User"], position[trait]) not in edges


def test_a_use_without_a_site_that_nothing_carries_counts_as_one() -> None:
    graph = Graph(root="r")
    graph.files.append(FileRecord("a.ts", "typescript", 1, "0" * 64))
    graph.relations.append(Relation("a.ts", "a.ts::f", EdgeKind.IMPLEMENTS))
    assert graph.finalize().metrics.total == ResolutionCounts(queries=1, resolved=1)
