"""The graph JSON document: schema validity, round trip, and clear errors for bad input."""

from __future__ import annotations

import io
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

import codeknit
from codeknit.graph import Graph, GraphFormatError, Resolution
from codeknit.graph.jsonio import read_graph, write_graph

GOLDEN = Path(__file__).parent.parent / "golden"
SCHEMA = json.loads(resources.files("codeknit.graph").joinpath("schema", "graph.schema.json").read_text())


def _json(graph: Graph) -> bytes:
    buffer = io.BytesIO()
    write_graph(graph, buffer)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def python_graph() -> Graph:
    return codeknit.index(GOLDEN / "python" / "input", collect_tests=True)


def test_document_validates_against_the_schema(python_graph: Graph) -> None:
    document = json.loads(_json(python_graph))
    jsonschema.validate(document, SCHEMA)
    assert document["nodes"] and document["relations"]


def test_schema_rejects_a_resolved_edge_with_candidates(python_graph: Graph) -> None:
    document = json.loads(_json(python_graph))
    relation = next(r for r in document["relations"] if r["resolution"] == "resolved")
    relation["candidates"] = ["x"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, SCHEMA)


def test_round_trip_is_byte_identical(python_graph: Graph) -> None:
    first = _json(python_graph)
    again = read_graph(first)
    assert _json(again) == first


def test_uncertain_edges_have_no_to_short(python_graph: Graph) -> None:
    document = json.loads(_json(python_graph))
    uncertain = [r for r in document["relations"] if r["resolution"] != "resolved"]
    assert uncertain
    assert all("to_short" not in r for r in uncertain)
    ambiguous = [r for r in uncertain if r["resolution"] == "ambiguous"]
    assert ambiguous and all(r["candidates"] for r in ambiguous)


def test_a_written_name_that_equals_a_real_id_is_not_an_incoming_edge(python_graph: Graph) -> None:
    # StripeGateway().charge(...) inside the function ``charge``: the written name is "charge",
    # the same as the function's own id, but the call is ambiguous between the two methods
    charge = python_graph.get("shop/payments/gateway.py::charge")
    assert charge is not None
    callers = python_graph.incoming(charge.id)
    assert all(r.resolution is Resolution.RESOLVED or charge.id in r.candidates for r in callers)
    assert not any(r.source == charge.id for r in callers)


@pytest.mark.parametrize(
    "payload, message",
    [
        (b"not json", "not JSON"),
        (b"[]", "not a codeknit graph document"),
        (b'{"schema": "other"}', "not a codeknit graph document"),
        (b'{"schema": "codeknit.graph/1", "files": []}', "malformed graph document"),
    ],
)
def test_bad_documents_get_a_clear_error(payload: bytes, message: str) -> None:
    with pytest.raises(GraphFormatError, match=message):
        read_graph(payload)


def test_unknown_kind_is_refused(python_graph: Graph) -> None:
    document = json.loads(_json(python_graph))
    document["nodes"][0]["kind"] = "spaceship"
    with pytest.raises(GraphFormatError, match="malformed"):
        read_graph(json.dumps(document).encode())


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.update(locals="x"), "malformed graph document"),  # (a traceback before)
        (lambda d: d["nodes"][1].update(id=12345), "a node's id is a string"),
        (lambda d: d["nodes"][1].update(span=[10**30, 0, 1, 5]), "a span holds"),
        (lambda d: d["nodes"][1].update(span=[1, 0, -7, 5]), "a span holds"),
        (lambda d: d["relations"][0].update(to="nope.py::ghost", resolution="resolved"), "no node of the graph"),
        (lambda d: d["relations"][0].update(spans=[[1, 2, 3, True]]), "a span holds"),
    ],
)
def test_a_document_the_schema_refuses_is_refused(python_graph: Graph, edit, message: str) -> None:
    """What the graph's own JSON Schema rejects is no graph to export from: a string where a list is, an id
    that is no string, positions out of range, a resolved relation to an id that is no node."""
    document = json.loads(_json(python_graph))
    edit(document)
    with pytest.raises(GraphFormatError, match=message):
        read_graph(json.dumps(document).encode())
