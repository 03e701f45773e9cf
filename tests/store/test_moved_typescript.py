"""TypeScript edits that only move code keep the file's interface, anonymous object types included.

An anonymous object type (``opts: { depth: number }``) is written into the type texts as its members
with their positions (``{depth@3:12}``): a use of ``opts.depth`` in the same file is a use of the
``property`` local declared there. No other file records anything at those positions (a use of such
a member elsewhere is no local of its file), so they are not interface: a line inserted above them
must re-resolve the edited file alone, and give exactly the graph of an uncached run, both in a new
process and in the live index that keeps its resolver.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import check_inserted_lines, live_run, project_with_cache

from codeknit.graph.jsonio import write_graph
from codeknit.languages.adapters import extract
from codeknit.pipeline import IndexOptions, IndexRun, RunMemory, index
from codeknit.resolve.interface import interface_digest
from codeknit.store import IndexStore

SHAPES = """export interface Box {
  opts: { depth: number; label?: string };
}

export const defaults: { depth: number; grow: (by: number) => number } = {
  depth: 1,
  grow: (by) => by + 1,
};

export function deeper(box: Box): number {
  const { depth } = box.opts;
  return defaults.grow(box.opts.depth + depth);
}
"""

USE = """import { Box, defaults, deeper } from "./shapes";

export function run(box: Box): number {
  return deeper(box) + defaults.depth + box.opts.depth;
}
"""

FILES = {"src/shapes.ts": SHAPES, "src/use.ts": USE, "package.json": '{"name": "shapes-demo"}'}


def _json(graph: object) -> bytes:
    out = io.BytesIO()
    write_graph(graph, out)  # type: ignore[arg-type]
    return out.getvalue()


def _new_process_run(root: Path) -> object:
    """A run as ``codeknit parse`` makes it in a new process: the persistent index, nothing kept."""
    from codeknit.graph import SkippedFile
    from codeknit.workspace import scan
    from codeknit.workspace.manifests import scan_manifests

    result = scan(root)
    manifests = scan_manifests(result.root, root_name=result.root.name, found=result.manifests)
    run = IndexRun(result.root, list(result.files), [SkippedFile(s.path, s.reason) for s in result.skipped],
                   manifests, IndexOptions())
    return run.cached(IndexStore.for_root(result.root))  # type: ignore[attr-defined]


@pytest.fixture()
def project(make_project: Callable[[dict[str, str]], Path]) -> Path:
    return make_project(FILES)


def test_the_anonymous_types_positions_are_no_part_of_the_interface(project: Path) -> None:
    path = project / "src/shapes.ts"
    before = extract("src/shapes.ts", "typescript", path.read_bytes())
    moved = extract("src/shapes.ts", "typescript", b"// moved\n\n" + path.read_bytes())
    texts = [s.declared_type for s in before.symbols if s.declared_type and "@" in s.declared_type]
    assert texts, "the fixture no longer writes anonymous object types with positions"
    assert texts != [s.declared_type for s in moved.symbols if s.declared_type and "@" in s.declared_type]
    assert interface_digest(before) == interface_digest(moved)
    # a member added to an anonymous type is interface: other files may name it
    grown_source = path.read_bytes().replace(b"label?: string", b"label?: string; x: 1")
    grown = extract("src/shapes.ts", "typescript", grown_source)
    assert interface_digest(before) != interface_digest(grown)


def test_a_move_re_resolves_the_edited_file_alone(project: Path) -> None:
    first = _new_process_run(project)
    assert first.resolved is None  # type: ignore[attr-defined]
    shapes = project / "src/shapes.ts"
    shapes.write_text("// moved down\n\n" + shapes.read_text())
    outcome = _new_process_run(project)
    assert outcome.resolved == ["src/shapes.ts"]  # type: ignore[attr-defined]
    graph = _json(outcome.graph)  # type: ignore[attr-defined]
    assert graph == _json(index(project))
    # the uses of the anonymous members in the moved file follow them
    # the uses of the anonymous members in the moved file follow them (Box.opts's depth, two lines down)
    assert b'"name":"depth","kind":"property","span":[4,10,4,15],"uses":[[13,10,13,15],[14,32,14,37]]' in graph


def test_the_live_index_follows_anonymous_types_moved_again_and_again(project: Path) -> None:
    store = IndexStore.in_memory()
    memory = RunMemory()
    live_run(project, memory, store)
    shapes = project / "src/shapes.ts"
    for round_ in range(3):
        shapes.write_text(f"// round {round_}\n" + shapes.read_text())
        outcome = live_run(project, memory, store)
        assert outcome.resolved == ["src/shapes.ts"], round_  # type: ignore[attr-defined]
        assert _json(outcome.graph) == _json(index(project)), round_  # type: ignore[attr-defined]


LINES = st.lists(st.tuples(st.integers(min_value=0, max_value=40), st.sampled_from(["// c", "", "  /* c */"])),
                 min_size=1, max_size=3)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(inserts=LINES)
def test_lines_inserted_anywhere_give_the_uncached_graph(tmp_path_factory: pytest.TempPathFactory,
                                                         inserts: list[tuple[int, str]]) -> None:
    with project_with_cache(tmp_path_factory.mktemp("ts-moves"), FILES) as root:
        check_inserted_lines(root, "src/shapes.ts", inserts)
