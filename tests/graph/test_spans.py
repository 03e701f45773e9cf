"""A relation's use sites (``Spans``): packed to save memory, they still read as what they were, a list of
spans, and survive every way a graph is stored, copied and read back."""

from __future__ import annotations

import copy
import io
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codeknit.graph.graph import Graph
from codeknit.graph.jsonio import read_graph, write_graph
from codeknit.graph.model import (
    EdgeKind,
    Local,
    LocalKind,
    Relation,
    Resolution,
    Role,
    Span,
    Spans,
    Symbol,
    SymbolKind,
    append_site,
    has_site,
    site_numbers,
    spans_of,
)
from codeknit.store import codec

_NUMBER = st.integers(min_value=0, max_value=(1 << 31) - 1)
_SPAN = st.tuples(_NUMBER, _NUMBER, _NUMBER, _NUMBER)
_SPANS = st.lists(_SPAN, max_size=12)


@given(spans=_SPANS, more=_SPAN)
def test_spans_read_as_the_list_they_hold(spans: list[Span], more: Span) -> None:
    packed = Spans.of(spans)
    assert len(packed) == len(spans) and bool(packed) == bool(spans)
    assert list(packed) == spans and packed == spans and tuple(packed) == tuple(spans)
    assert [packed[i] for i in range(len(spans))] == spans
    assert [packed[-i] for i in range(1, len(spans) + 1)] == [spans[-i] for i in range(1, len(spans) + 1)]
    assert packed[1:3] == spans[1:3]
    assert (more in packed) == (more in spans)
    assert all(span in packed for span in spans)
    packed.append(more)
    spans.append(more)
    assert packed == spans and packed.index(more) == spans.index(more)
    packed.remove(more)
    spans.remove(more)
    assert packed == spans
    with pytest.raises(IndexError):
        packed[len(spans)]
    with pytest.raises(ValueError, match="not among"):
        Spans.of([]).remove(more)


@given(spans=_SPANS)
def test_spans_copy_pickle_and_cache_as_themselves(spans: list[Span]) -> None:
    packed = Spans.of(spans)
    for again in (copy.copy(packed), copy.deepcopy(packed), pickle.loads(pickle.dumps(packed)),
                  codec.loads(*codec.dumps(packed))):
        assert type(again) is Spans and again == packed and again is not packed
    assert packed != [*spans, (1, 2, 3, 4)] and packed != "text"


@given(spans=_SPANS, more=st.lists(_SPAN, max_size=6))
def test_the_resolvers_site_functions_keep_a_list_of_distinct_spans(spans: list[Span], more: list[Span]) -> None:
    """What the resolver does per use site (``Emit.add_site``): a relation's first site, then each other
    one unless it is there already."""
    sites = spans_of() if not spans else spans_of(spans[0])
    kept = spans[:1]
    for span in [*spans[1:], *more, *spans]:
        assert has_site(sites, span) == (span in kept)
        if span not in kept:
            append_site(sites, span)
            kept.append(span)
    assert type(sites) is Spans and sites == kept and site_numbers(sites) == 4 * len(kept)


@given(spans=st.lists(_SPAN, min_size=1, max_size=6, unique=True), uses=_SPANS)
def test_a_graph_of_packed_spans_survives_json_and_the_cache(spans: list[Span],
                                                             uses: list[Span]) -> None:
    graph = Graph(root="r", symbols=[
        Symbol("a.py", "a", "a", SymbolKind.MODULE, "a.py", "python", (1, 0, 9, 0), (1, 0, 1, 0)),
        Symbol("a.py::f", "f", "f", SymbolKind.FUNCTION, "a.py", "python", (2, 0, 3, 0), (2, 4, 2, 5), parent="a.py"),
    ])
    graph.relations = [Relation("a.py", "a.py::f", EdgeKind.REFERENCES, Resolution.RESOLVED, (), "f", Spans.of(spans),
                                None, [Role.READ] * len(spans))]
    graph.locals = [Local("a.py", "a.py::f", "x", LocalKind.PARAMETER, (2, 6, 2, 7),
                          [n for use in uses for n in use])]
    graph.finalize()
    out = io.BytesIO()
    write_graph(graph, out)
    back = read_graph(out.getvalue())
    assert back.relations == graph.relations and back.locals == graph.locals
    assert type(back.relations[0].spans) is Spans
    cached = codec.loads(*codec.dumps((graph.relations, graph.locals)))
    assert cached == (graph.relations, graph.locals)
    assert back.locals[0].use_spans() == uses


def test_the_cache_still_refuses_what_is_not_a_record() -> None:
    """Spans are let through the cache's unpickler; a function is still refused."""
    with pytest.raises(codec.CorruptEntry, match="not a codeknit record"):
        codec.loads(*codec.dumps(copy.copy))
