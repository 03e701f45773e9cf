"""LSIF: the structural check on every fixture, positions, results, hovers, monikers and warnings."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from exporter_helpers import FIXTURES, GOLDEN_INPUTS, graph_of

import codeknit
from codeknit.exporters import lsif

ALL_FIXTURES = sorted(p for p in GOLDEN_INPUTS.glob("*/input") if p.is_dir()) + [FIXTURES / "polyglot"]


def dump(root: Path, **options: Any) -> tuple[list[dict[str, Any]], list[str]]:
    out = io.BytesIO()
    warnings = lsif.export(graph_of(root), out, **options)
    return [json.loads(line) for line in out.getvalue().splitlines()], [w.code for w in warnings]


@pytest.mark.parametrize("root", ALL_FIXTURES, ids=lambda p: p.parent.name if p.name == "input" else p.name)
def test_every_fixture_passes_the_structural_check(root: Path) -> None:
    out = io.BytesIO()
    lsif.export(graph_of(root), out, source_root=root)
    assert lsif.check(io.BytesIO(out.getvalue())) == []
    assert out.getvalue().count(b"\n") > 10


def test_check_finds_what_breaks_the_rules() -> None:
    lines = [
        {"id": 1, "type": "vertex", "label": "document", "uri": "file:///a", "languageId": "python"},
        {"id": 2, "type": "vertex", "label": "range", "start": {}, "end": {}},
        {"id": 3, "type": "vertex", "label": "document", "uri": "file:///b", "languageId": "python"},
        {"id": 4, "type": "edge", "label": "contains", "outV": 1, "inVs": [2]},
        {"id": 5, "type": "vertex", "label": "definitionResult"},
        {"id": 6, "type": "edge", "label": "item", "outV": 5, "inVs": [2], "document": 3},
        {"id": 7, "type": "edge", "label": "next", "outV": 2, "inV": 9},
        {"id": 7, "type": "vertex", "label": "resultSet"},
    ]
    problems = lsif.check(json.dumps(line) for line in lines)
    assert any("outside document 3" in p for p in problems)
    assert any("points at 9" in p for p in problems)
    assert any("does not ascend" in p for p in problems)
    assert lsif.check(json.dumps(line) for line in lines[:2] + lines[3:4]) == []


def test_columns_are_utf16_with_sources_and_bytes_without() -> None:
    root = FIXTURES / "polyglot"
    line = (root / "py/app/core.py").read_text().splitlines()[16]
    byte_col = line.encode().index(b"format_label")
    utf16_col = len(line[: line.index("format_label")].encode("utf-16-le")) // 2
    assert byte_col != utf16_col
    exact, warnings = dump(root, source_root=root)
    assert "no-sources" not in warnings
    starts = {(e["start"]["line"], e["start"]["character"]) for e in exact if e.get("label") == "range"}
    assert (16, utf16_col) in starts and (16, byte_col) not in starts
    raw, warnings = dump(root)
    assert "no-sources" in warnings
    starts = {(e["start"]["line"], e["start"]["character"]) for e in raw if e.get("label") == "range"}
    assert (16, byte_col) in starts


def test_changed_sources_fall_back_to_bytes_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("x = 'é'; y = len(x)\n")
    graph = codeknit.index(tmp_path)
    (tmp_path / "m.py").write_text("x = 'é'; y = len(x)  # edited\n")
    warnings = lsif.export(graph, io.BytesIO(), source_root=tmp_path)
    assert "source-changed" in [w.code for w in warnings]


def _by_id(elements: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {e["id"]: e for e in elements}


def test_module_definition_at_zero_and_references_reach_definitions() -> None:
    root = GOLDEN_INPUTS / "python" / "input"
    elements, _ = dump(root, source_root=root)
    by_id = _by_id(elements)
    documents = {e["id"]: e["uri"].rsplit("/input/", 1)[1] for e in elements if e["label"] == "document"}
    contains = {v: e["outV"] for e in elements if e["label"] == "contains" for v in e.get("inVs", [])
                if e["outV"] in documents}
    nexts = {e["outV"]: e["inV"] for e in elements if e["label"] == "next"}
    hovers = {e["outV"]: by_id[e["inV"]]["result"]["contents"] for e in elements if e["label"] == "textDocument/hover"}
    # the empty shop/payments/__init__.py still has a document and a definition at 0:0, zero-width
    empty_doc = next(d for d, path in documents.items() if path == "shop/payments/__init__.py")
    ranges = [r for r, d in contains.items() if d == empty_doc]
    assert [(by_id[r]["start"], by_id[r]["end"]) for r in ranges] == [({"line": 0, "character": 0},) * 2]
    # the call charge(...) in service.py (line 24, 0-based 23) goes to gateway.charge, documented
    service = next(d for d, path in documents.items() if path == "shop/service.py")
    call = next(r for r, d in contains.items() if d == service and by_id[r]["start"] == {"line": 23, "character": 4})
    contents = hovers[nexts[call]]
    assert contents[0]["value"] == "(function) shop.payments.gateway.charge"
    assert "Charge with the default gateway." in contents
    # an import of an external module has a hover and an import moniker
    monikers = [e for e in elements if e["label"] == "moniker" and e["type"] == "vertex"]
    logging_info = next(m for m in monikers if m["identifier"] == "logging.info")
    # the standard library: the language's own scheme, not its package manager's
    assert (logging_info["kind"], logging_info["scheme"]) == ("import", "python")
    external_hover = next(c for c in hovers.values() if c[0]["value"] == "logging.info")
    assert external_hover[1] == "(external, stdlib)"


def test_declarations_are_references_of_their_definition_and_includes_navigate() -> None:
    root = GOLDEN_INPUTS / "c" / "input"
    if not root.is_dir():
        pytest.skip("no C golden fixture")
    elements, warnings = dump(root, source_root=root)
    assert "degraded-language" in warnings
    by_id = _by_id(elements)
    documents = {e["id"]: e["uri"].rsplit("/input/", 1)[1] for e in elements if e["label"] == "document"}
    contains = {v: e["outV"] for e in elements if e["label"] == "contains" for v in e.get("inVs", [])
                if e["outV"] in documents}
    nexts = {e["outV"]: e["inV"] for e in elements if e["label"] == "next"}
    header = next(d for d, p in documents.items() if p == "include/shapes.h")
    main = next(d for d, p in documents.items() if p == "src/main.c")
    # the prototype of shape_area in the header (line 40) and the definition in shapes.c share a result set
    def at(document: int, line: int, character: int) -> int:
        return next(r for r, d in contains.items()
                    if d == document and by_id[r]["start"] == {"line": line, "character": character})

    shapes_c = next(d for d, p in documents.items() if p == "src/shapes.c")
    assert nexts[at(header, 39, 7)] == nexts[at(shapes_c, 12, 7)]
    # #include "../include/shapes.h" navigates to the header's first position
    assert nexts[at(main, 0, 9)] == nexts[at(header, 0, 0)]


def test_warnings_of_the_spec() -> None:
    root = FIXTURES / "polyglot"
    _, warnings = dump(root, source_root=root)
    assert "one-project-per-language" in warnings and "hover-undocumented" in warnings
    unresolved = codeknit.index(GOLDEN_INPUTS / "python" / "input", resolve=False)
    warnings_list = lsif.export(unresolved, io.BytesIO())
    assert "no-references" in [w.code for w in warnings_list]
    one_language, warnings = dump(root, source_root=root, languages=["go"])
    assert "one-project-per-language" not in warnings
    assert [e["kind"] for e in one_language if e["label"] == "project"] == ["go"]


def test_a_parameter_has_its_definition_and_references_in_its_document(tmp_path: Path) -> None:
    """Locals are LSIF symbols too: go to definition on a use of ``amount`` lands on the parameter,
    find references lists every use, and nothing about it leaves the document (no moniker)."""
    (tmp_path / "calc.py").write_text("def double(amount):\n    total = amount + amount\n    return total\n")
    elements, _warnings = dump(tmp_path, source_root=tmp_path)
    assert lsif.check(json.dumps(e) for e in elements) == []
    by_id = {e["id"]: e for e in elements}
    ranges = {(e["start"]["line"], e["start"]["character"]): e["id"] for e in elements if e.get("label") == "range"}
    following = {e["outV"]: e["inV"] for e in elements if e.get("label") == "next"}
    out_edges: dict[tuple[int, str], int] = {(e["outV"], e["label"]): e["inV"] for e in elements
                                             if e["type"] == "edge" and "inV" in e}
    items: dict[int, list[tuple[list[int], str | None]]] = {}
    for e in elements:
        if e.get("label") == "item":
            items.setdefault(e["outV"], []).append((e["inVs"], e.get("property")))
    declared, first_use, second_use = ranges[(0, 11)], ranges[(1, 12)], ranges[(1, 21)]
    result_set = following[first_use]
    assert following[second_use] == result_set == following[declared]
    definitions = out_edges[(result_set, "textDocument/definition")]
    assert items[definitions] == [([declared], None)]
    references = out_edges[(result_set, "textDocument/references")]
    assert sorted(items[references], key=lambda item: item[1] or "") == [
        ([declared], "definitions"), ([first_use, second_use], "references")]
    hover = by_id[out_edges[(result_set, "textDocument/hover")]]
    assert hover["result"]["contents"][0]["value"] == "(parameter) amount"
    assert not any(e.get("label") == "moniker" and e["outV"] == result_set for e in elements
                   if e["type"] == "edge")
