"""The canonical order of relations, sorted group by group as ``Graph.finalize`` does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from codeknit.graph import EdgeKind, Relation, Resolution
from codeknit.graph.graph import _sort_relations, relation_order

IDS = ["a.py::f", "a.py::g", "b.py::C", "b.py::C.m", "c.py"]
NAMES = IDS + ["missing.py::x", "os.path.join", "zz"]

relations = st.lists(
    st.builds(
        Relation,
        source=st.sampled_from(NAMES),
        target=st.sampled_from(NAMES),
        kind=st.sampled_from(list(EdgeKind)),
        resolution=st.sampled_from(list(Resolution)),
        candidates=st.lists(st.sampled_from(IDS), max_size=2).map(tuple),
        text=st.text(max_size=3),
        spans=st.just([]),
        package=st.none(),
    ),
    max_size=60,
)


@given(relations, st.permutations(IDS))
def test_grouped_sort_gives_the_order_of_one_sort_by_the_whole_key(found: list[Relation], ids: list[str]) -> None:
    order = {symbol_id: position for position, symbol_id in enumerate(ids)}
    expected = sorted(found, key=relation_order(order))  # stable, as the grouped sort must be
    grouped = list(found)
    _sort_relations(grouped, order)
    assert [id(r) for r in grouped] == [id(r) for r in expected]
