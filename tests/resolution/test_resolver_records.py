"""What the resolver shares with its inputs, and how it keeps ``contains`` relations.

The resolver keeps its memory down by sharing records with the extractions (a symbol's
properties are the extraction's dict, not a copy) and by keeping ``contains`` relations out
of its keyed relation map. The extractions must come out of a run as they went in: a
long-lived caller (the MCP server's live index) resolves the same records again.
"""

from __future__ import annotations

import copy
import gc
from pathlib import Path

import pytest

from codeknit.graph import EdgeKind
from codeknit.languages.records import Extraction
from codeknit.pipeline import extract_all
from codeknit.resolve.resolver import CarryOver, Resolver, build_graph
from codeknit.workspace import scan

HERE = Path(__file__).parent


def _extractions(root: Path) -> list[Extraction]:
    return extract_all(scan(root).files, workers=1)


def _relations(graph: object) -> list[tuple[object, ...]]:
    return [(*r.key, r.text, tuple(r.spans), r.package) for r in graph.relations]  # type: ignore[attr-defined]


def test_a_run_leaves_the_extractions_as_they_were_and_runs_again_alike() -> None:
    root = HERE / "c"  # its rules mark resolved includes in the symbols' properties
    extractions = _extractions(root)
    before = copy.deepcopy(extractions)
    first = build_graph(extractions, source_root=root)
    assert extractions == before
    marked = [s for s in first.symbols if s.properties.get("resolution") == "resolved"]
    assert marked, "the fixture has an include of a project header"
    second = build_graph(extractions, source_root=root)
    assert [(s.id, s.parent, s.properties) for s in first.symbols] == [
        (s.id, s.parent, s.properties) for s in second.symbols
    ]
    assert _relations(first) == _relations(second)


@pytest.mark.parametrize("language", [
    "python", "typescript", "go", "java", "csharp", "kotlin", "scala", "swift", "c", "cpp", "rust", "php", "ruby",
])
def test_a_run_that_consumes_its_extractions_frees_what_it_has_read_and_gives_the_same_graph(language: str) -> None:
    root = HERE / language
    kept = _extractions(root)
    consumed = copy.deepcopy(kept)
    assert any(len(e.values) for e in consumed), "the fixture has value uses"
    graph = build_graph(kept, source_root=root)
    alike = build_graph(consumed, source_root=root, consume=True)
    assert kept == copy.deepcopy(kept)  # (without ``consume``, the extractions stay as they were)
    assert any(len(e.values) for e in kept)
    assert not any(len(e.values) for e in consumed)
    # each file's declarations go once its locals are made, and its references but those read later
    # (inheritance; every one where the rules read them after the run: Python's points-to answers)
    # (a file none of whose locals any use asked for has none in the graph, and keeps them)
    with_locals = {x.path for x in alike.locals}
    assert any(e.declarations for e in kept if e.path in with_locals)
    assert not any(e.declarations for e in consumed if e.path in with_locals)
    later = {EdgeKind.INHERITS, EdgeKind.IMPLEMENTS}
    for before, after in zip(kept, consumed, strict=True):
        if language == "python" or not before.symbols:
            assert after.refs == before.refs
        else:
            assert after.refs == [r for r in before.refs if r.kind in later]
    assert _relations(graph) == _relations(alike)
    assert [(x.path, x.name, x.span, x.uses, x.roles) for x in graph.locals] == [
        (x.path, x.name, x.span, x.uses, x.roles) for x in alike.locals]
    # a caller that keeps the resolver for the next run keeps what it reads, whatever it asked
    again = copy.deepcopy(kept)
    build_graph(again, source_root=root, consume=True, carry=CarryOver(keep=True))
    assert again == kept


def test_a_consuming_run_releases_the_python_facts_once_the_compiled_solver_has_read_them() -> None:
    from codeknit.languages.python import facts
    from codeknit.languages.python.pyflow import solver_name

    if solver_name() != "compiled":
        pytest.skip("the compiled solver is not built (or CODEKNIT_PYFLOW=python)")
    root = HERE / "python"
    kept = _extractions(root)
    consumed = copy.deepcopy(kept)
    with_facts = {e.path for e in kept if facts.readable(e.flow)}
    assert with_facts, "the fixture has Python facts"
    graph = build_graph(kept, source_root=root)
    alike = build_graph(consumed, source_root=root, consume=True)
    assert _relations(graph) == _relations(alike)
    assert any(r.kind is EdgeKind.CALLS for r in alike.relations)
    assert all(facts.text(e.flow) for e in kept if e.path in with_facts)  # (kept by a run that keeps them)
    released = [e.flow for e in consumed if e.path in with_facts]
    assert all(facts.readable(flow) and not facts.text(flow) for flow in released)
    # a solve over released facts would find nothing: it refuses instead
    with pytest.raises(RuntimeError, match="released"):
        build_graph(consumed, source_root=root)


def test_contains_relations_are_one_per_nested_symbol_and_outside_the_keyed_map() -> None:
    root = HERE / "go"  # methods are attached to their receiver's type, across files
    resolver = Resolver(_extractions(root), source_root=root)
    relations = resolver.run()
    contains = sorted((r.source, r.target) for r in relations if r.kind is EdgeKind.CONTAINS)
    assert contains == sorted((s.parent, s.id) for s in resolver.symbols.values() if s.parent is not None)
    assert len(contains) == len(set(contains))
    assert all(key[1] is not EdgeKind.CONTAINS for key in resolver.relations)


def test_only_gives_the_contains_relations_of_the_files_named() -> None:
    root = HERE / "go"
    extractions = _extractions(root)
    whole = Resolver(extractions, source_root=root).run()
    path = sorted(e.path for e in extractions)[0]
    resolver = Resolver(extractions, source_root=root)
    part = resolver.run(only=[path])
    expected = [r for r in whole if resolver.symbols[r.source].path == path]
    assert sorted((r.kind, r.source, r.target) for r in part) == sorted((r.kind, r.source, r.target) for r in expected)


@pytest.mark.parametrize("language", ["python", "go", "java", "typescript", "c"])
def test_a_one_shot_run_leaves_no_reference_cycles(language: str) -> None:
    """The resolver, its rules and Python's points-to analysis point at each other; a run that
    keeps nothing releases them, so they go by reference counting and no collection has to find
    them (on Django, that collection took 2 s)."""
    extractions = _extractions(HERE / language)
    build_graph(extractions, source_root=HERE / language)  # (imports the rules: import-time garbage)
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        graph = build_graph(extractions, source_root=HERE / language)
        assert graph.relations
        del graph
        assert gc.collect() == 0
        kept = CarryOver()  # a long-lived caller keeps the resolver: nothing is released
        build_graph(extractions, source_root=HERE / language, carry=kept)
        assert kept.resolver is not None and kept.resolver.files and kept.rules
    finally:
        if was_enabled:
            gc.enable()


def test_a_shed_files_locals_stay_and_every_lookup_of_them_raises() -> None:
    from array import array

    from codeknit.graph.model import Local, LocalKind
    from codeknit.resolve.local_index import FileLocals

    found = FileLocals.__new__(FileLocals)
    local = Local("a.ts", "a.ts::f", "x", LocalKind.VARIABLE, (1, 6, 1, 7), [])
    found.records, found.by_name, found._properties = [local], {"x": [local]}, None
    found.bounds = {"x": array("q", (1 << 32 | 6, 9 << 32))}  # (visible from its token to line 9)
    assert found.at("x", (2, 0, 2, 1)) is local
    found.shed()
    assert found.records == [local]  # (the locals are output: they stay)
    with pytest.raises(RuntimeError, match="pass is over"):
        found.at("x", (2, 0, 2, 1))
    with pytest.raises(RuntimeError, match="pass is over"):
        _ = "x" in found.by_name
    with pytest.raises(RuntimeError, match="pass is over"):
        found.property_at(1, 6)
    with pytest.raises(RuntimeError, match="pass is over"):  # (and nothing goes into the object they share)
        found.by_name["y"] = []


@pytest.mark.parametrize(("language", "sheds"), [
    ("typescript", True), ("go", True), ("php", True), ("ruby", True),
    # (a reference that waits for the points-to solve, or rules that add relations after the pass, may read
    # the file's locals then)
    ("python", False), ("c", False), ("cpp", False), ("rust", False), ("java", False), ("kotlin", False),
    ("swift", False),
])
def test_a_consuming_run_lets_go_of_the_locals_lookups_only_where_nothing_reads_them_after_the_pass(
        language: str, sheds: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from codeknit.resolve.local_index import FileLocals

    shed: list[str] = []
    original = FileLocals.shed

    def spy(self: FileLocals) -> None:
        shed.extend({local.path for local in self.records})
        original(self)

    monkeypatch.setattr(FileLocals, "shed", spy)
    root = HERE / language
    graph = build_graph(_extractions(root), source_root=root, consume=True)
    with_locals = {x.path for x in graph.locals}
    assert with_locals, "the fixture has locals"
    assert set(shed) == (with_locals if sheds else set())


@pytest.mark.parametrize("language", [
    "python", "typescript", "go", "java", "csharp", "kotlin", "scala", "swift", "c", "cpp", "rust", "php", "ruby",
])
def test_no_contains_relation_gets_a_site_so_the_one_empty_array_they_share_stays_empty(language: str) -> None:
    from codeknit.resolve.resolver import NO_SITES

    root = HERE / language
    carry = CarryOver(keep=True)
    graph = build_graph(_extractions(root), source_root=root, carry=carry)
    contains = [r for r in graph.relations if r.kind is EdgeKind.CONTAINS]
    assert contains and all(r.spans is NO_SITES for r in contains)
    resolver = carry.resolver
    assert resolver is not None
    # an edit of one file, as the live index takes it (the same text again: its interface is unchanged); where
    # the rules' extra relations reach beyond a file (``can_update``), the live index runs the language whole
    again = next((e for e in _extractions(root) if e.symbols and resolver.can_update([e.path])), None)
    assert again is not None or language not in ("python", "typescript", "go")  # (updated alone there)
    if again is not None:
        _symbols, relations, _locals = resolver.update([again])
        updated = [r for r in relations if r.kind is EdgeKind.CONTAINS]
        assert updated and all(r.spans is NO_SITES for r in updated)
    assert len(NO_SITES) == 0, "a site was added to the contains relations' shared array"
