"""The graph JSON document: schema validity, round trip, and clear errors for bad input."""

from __future__ import annotations

import io
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import codeknit
from codeknit.graph import Graph, GraphFormatError, Resolution, jsonio
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
        (lambda d: d["relations"][0].update(spans=[[1.0, 2, 3, 4]]), "a span holds"),
        (lambda d: d["relations"][0].update(spans=[[1, 2, 3]]), "malformed"),
    ],
)
def test_a_document_the_schema_refuses_is_refused(python_graph: Graph, edit, message: str) -> None:
    """What the graph's own JSON Schema rejects is no graph to export from: a string where a list is, an id
    that is no string, positions out of range, a resolved relation to an id that is no node."""
    document = json.loads(_json(python_graph))
    edit(document)
    with pytest.raises(GraphFormatError, match=message):
        read_graph(json.dumps(document).encode())


# -- reading a written document a line at a time ------------------------------------------------------------


class _Pipe(io.BytesIO):
    """A stream that cannot seek (standard input from a pipe)."""

    def seekable(self) -> bool:
        return False


def _read_only_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def whole(raw: bytes) -> Graph:
        raise AssertionError("read whole, not a line at a time")

    monkeypatch.setattr(jsonio, "_read_whole", whole)


def test_a_written_document_is_read_a_line_at_a_time(python_graph: Graph, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer's layout (one item per line) is read item by item, never as one document of Python objects:
    from bytes, from a file, from a pipe; the graph is the same."""
    written = _json(python_graph)
    path = tmp_path / "graph.json"
    path.write_bytes(written)
    _read_only_by_line(monkeypatch)
    assert _json(read_graph(written)) == written
    with path.open("rb") as stream:
        assert _json(read_graph(stream)) == written
    assert _json(read_graph(_Pipe(written))) == written


def _layouts(document: dict[str, object]) -> list[bytes]:
    reordered = {"schema": document["schema"], "relations": document["relations"],
                 **{k: v for k, v in document.items() if k not in ("schema", "relations")}}
    pretty = json.dumps(document, indent=2).encode()
    return [json.dumps(document).encode(), pretty, pretty.replace(b"\n", b"\r\n"),
            json.dumps(reordered, indent=None, separators=(",", ":")).encode()]


def test_any_other_layout_reads_the_same(python_graph: Graph, tmp_path: Path) -> None:
    written = _json(python_graph)
    for number, layout in enumerate(_layouts(json.loads(written))):
        assert _json(read_graph(layout)) == written
        path = tmp_path / f"graph{number}.json"
        path.write_bytes(layout)
        with path.open("rb") as stream:
            assert _json(read_graph(stream)) == written
        assert _json(read_graph(_Pipe(layout))) == written


def _line_of(lines: list[bytes], key: str, index: int) -> int:
    """The number of the line holding item ``index`` of the array ``key`` in the writer's layout."""
    return lines.index(b'  "' + key.encode() + b'": [') + 1 + index


@pytest.mark.parametrize(
    "key, index, edit, message",
    [
        ("nodes", 1, lambda n: n.update(id=12345), "a node's id is a string"),
        ("nodes", 1, lambda n: n.update(span=[1, 0, -7, 5]), "a span holds"),
        ("nodes", 0, lambda n: n.update(kind="spaceship"), "malformed"),
        ("relations", 0, lambda r: r.update(to="nope.py::ghost", resolution="resolved"), "no node of the graph"),
        ("relations", 3, lambda r: r.update(spans=[[1, 2, 3, True]]), "a span holds"),
        ("locals", 0, lambda r: r.pop("path"), "malformed graph document"),
    ],
)
def test_a_fault_in_a_written_document_is_named(python_graph: Graph, tmp_path: Path, key: str, index: int,
                                                edit, message: str) -> None:
    """A fault on one line of the writer's layout is reported as the whole-document reader reports it, from
    bytes, a file and a pipe."""
    lines = _json(python_graph).split(b"\n")
    number = _line_of(lines, key, index)
    item = json.loads(lines[number].rstrip(b","))
    edit(item)
    lines[number] = json.dumps(item).encode() + (b"," if lines[number].endswith(b",") else b"")
    broken = b"\n".join(lines)
    path = tmp_path / "graph.json"
    path.write_bytes(broken)
    for source in (broken, path.open("rb"), _Pipe(broken)):
        with pytest.raises(GraphFormatError, match=message):
            read_graph(source)  # type: ignore[arg-type]


_MUTATIONS = st.sampled_from(["drop", "double", "swap", "cut", "blank", "comma"])


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_reading_by_line_agrees_with_reading_whole(python_graph: Graph, data: st.DataObject) -> None:
    """Whatever is done to the lines of a written document, the reader gives what reading it whole gives:
    the same graph, or the same error."""
    lines = _json(python_graph).split(b"\n")
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        mutation = data.draw(_MUTATIONS)
        if mutation == "drop":
            del lines[at]
        elif mutation == "double":
            lines.insert(at, lines[at])
        elif mutation == "swap" and at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
        elif mutation == "cut":
            lines[at] = lines[at][: data.draw(st.integers(0, max(0, len(lines[at]) - 1)))]
        elif mutation == "blank":
            lines.insert(at, b"")
        elif mutation == "comma":
            lines[at] = lines[at][:-1] if lines[at].endswith(b",") else lines[at] + b","
    document = b"\n".join(lines)

    def outcome(read: object) -> bytes | str:
        try:
            return _json(read())  # type: ignore[operator]
        except GraphFormatError as exc:
            return str(exc)

    assert outcome(lambda: read_graph(document)) == outcome(lambda: jsonio._read_whole(document))
