"""The compiled writer of relations and locals (``rust/pyflow/src/graphjson.rs``) writes the bytes the
Python writer writes, and hands back what it does not expect."""

from __future__ import annotations

import io
import os
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import codeknit
from codeknit.graph import jsonio
from codeknit.graph.model import EdgeKind, Local, LocalKind, Relation, Resolution, Role, Spans, spans_of

GOLDEN = Path(__file__).parent.parent / "golden"
SEPARATOR = b",\n    "


@pytest.fixture(scope="module")
def compiled() -> object:
    if jsonio._compiled is None:
        if os.environ.get("CODEKNIT_REQUIRE_COMPILED"):
            pytest.fail("the compiled extension (codeknit._pyflow) is not built, and CODEKNIT_REQUIRE_COMPILED is set")
        pytest.skip("the compiled extension (codeknit._pyflow) is not built")
    return jsonio._compiled


# text of every kind the graph may hold: quotes, backslashes, every control character, non-ASCII, astral
_TEXT = st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=12) | st.sampled_from(
    ["", '"', "\\", "\x00\x1f\x7f", "\b\f\n\r\t", "a/b", "\u2028", "ü€𝄞", "x::y#2"]) | st.text(
    # (longer text, mostly plain, for the writer's eight-bytes-at-a-time scan: an escape at any offset of a word)
    alphabet=st.sampled_from(["a", "/", ":", " ", "~", "\x7f", '"', "\\", "\x00", "\n", "\x1f", "ü", "𝄞"]),
    min_size=7, max_size=40)
_INT = st.integers(min_value=-(2**31), max_value=2**31 - 1)
_SPAN = st.tuples(_INT, _INT, _INT, _INT)


@st.composite
def _relation(draw: st.DrawFn) -> Relation:
    spans = draw(st.lists(_SPAN, max_size=4))
    roles = draw(st.none() | st.lists(st.sampled_from(list(Role)), min_size=len(spans), max_size=len(spans)))
    return Relation(
        source=draw(_TEXT), target=draw(_TEXT), kind=draw(st.sampled_from(list(EdgeKind))),
        resolution=draw(st.sampled_from(list(Resolution))),
        candidates=tuple(draw(st.lists(_TEXT, max_size=3))), text=draw(_TEXT),
        spans=spans_of([number for span in spans for number in span]),
        package=draw(st.none() | _TEXT), roles=roles)


@st.composite
def _local(draw: st.DrawFn) -> Local:
    uses = draw(st.lists(_SPAN, max_size=4))
    return Local(path=draw(_TEXT), scope=draw(_TEXT), name=draw(_TEXT), kind=draw(st.sampled_from(list(LocalKind))),
                 span=draw(_SPAN), uses=[number for span in uses for number in span],
                 roles=draw(st.none() | st.lists(st.sampled_from(list(Role)), min_size=len(uses), max_size=len(uses))))


def _python_relations(relations: list[Relation], shorts: dict[str, str]) -> bytes:
    graph = codeknit.Graph(root=".")
    write = jsonio._relation_writer(graph, shorts)
    return SEPARATOR.join(orjson.dumps(write(relation)) for relation in relations)


@settings(max_examples=300, deadline=None)
@given(relations=st.lists(_relation(), min_size=1, max_size=6), data=st.data())
def test_relations_are_written_as_the_python_writer_writes_them(compiled: object, relations: list[Relation],
                                                                 data: st.DataObject) -> None:
    # some sources and targets have a short id, some have an empty one (written as none)
    names = [r.source for r in relations] + [r.target for r in relations]
    short = st.sampled_from(["", "S1", "S22", "\u00e9"])
    shorts = {name: data.draw(short) for name in names if data.draw(st.booleans())}
    written = compiled.relations_json(relations, shorts, Resolution.RESOLVED, Spans)  # type: ignore[attr-defined]
    assert written == _python_relations(relations, shorts)


@settings(max_examples=300, deadline=None)
@given(locals_=st.lists(_local(), min_size=1, max_size=6))
def test_locals_are_written_as_the_python_writer_writes_them(compiled: object, locals_: list[Local]) -> None:
    written = compiled.locals_json(locals_)  # type: ignore[attr-defined]
    assert written == SEPARATOR.join(orjson.dumps(jsonio.local_to_dict(local)) for local in locals_)


def _relation_with(**changes: object) -> Relation:
    relation = Relation(source="a.py", target="a.py::f", kind=EdgeKind.CALLS, text="f", spans=spans_of([1, 0, 1, 1]))
    for name, value in changes.items():
        setattr(relation, name, value)
    return relation


@pytest.mark.parametrize("changes", [
    {"spans": [(1, 0, 1, 1)]},  # (sites as a list of tuples: not the packed array)
    {"text": "lone \ud800 surrogate"},
    {"candidates": ("a", 1)},
    {"package": 3},
], ids=["spans-list", "surrogate", "candidate-int", "package-int"])
def test_an_unexpected_relation_is_handed_back(compiled: object, changes: dict[str, object]) -> None:
    relations = [_relation_with(), _relation_with(**changes)]
    assert compiled.relations_json(relations, {}, Resolution.RESOLVED, Spans) is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("changes", [
    {"span": (1, 0, True, 1)},  # (a bool is an int to Python, but orjson writes ``true``)
    {"uses": [1, 0, 1, 2**70, 0, 0, 0, 0]},
    {"uses": [1, 0, 1]},
    {"name": "\udfff"},
], ids=["bool", "huge", "not-quads", "surrogate"])
def test_an_unexpected_local_is_handed_back(compiled: object, changes: dict[str, object]) -> None:
    local = Local(path="a.py", scope="a.py::f", name="x", kind=LocalKind.VARIABLE, span=(1, 0, 1, 1))
    for name, value in changes.items():
        setattr(local, name, value)
    assert compiled.locals_json([local]) is None  # type: ignore[attr-defined]


def test_a_whole_document_is_the_same_from_either_writer(compiled: object, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = codeknit.index(GOLDEN / "python" / "input", collect_tests=True)
    assert graph.relations and graph.locals
    # a batch the compiled writer hands back is written the Python way, in its place
    graph.relations[len(graph.relations) // 2].spans = list(graph.relations[len(graph.relations) // 2].spans)
    monkeypatch.setattr(jsonio, "_COMPILED_BATCH", 7)
    outputs = []
    for writer in (compiled, None):
        monkeypatch.setattr(jsonio, "_compiled", writer)
        buffer = io.BytesIO()
        jsonio.write_graph(graph, buffer)
        outputs.append(buffer.getvalue())
    assert outputs[0] == outputs[1]
    assert b'"relations": [\n    {' in outputs[0]


def test_a_lone_surrogate_fails_as_orjson_fails(compiled: object) -> None:
    graph = codeknit.Graph(root=".")
    graph.relations.append(_relation_with(text="\ud800"))
    with pytest.raises(orjson.JSONEncodeError):
        jsonio.write_graph(graph, io.BytesIO())
