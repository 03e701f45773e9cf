"""The live index: the same graph as codeknit.index(), changes picked up file by file, stable short ids."""

from __future__ import annotations

import io
import os
import threading
import time
from pathlib import Path

import pytest

from codeknit import index
from codeknit.graph import Graph
from codeknit.graph.jsonio import write_graph
from codeknit.server.live import LiveIndex, ShortIds, Snapshot


def graph_json(graph: object) -> bytes:
    out = io.BytesIO()
    write_graph(graph, out)  # type: ignore[arg-type]
    return out.getvalue()


def bump(path: Path, text: str) -> None:
    """Write and make sure the mtime moves even on coarse clocks."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text)
    if path.stat().st_mtime_ns == before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


def test_first_snapshot_is_the_graph_codeknit_index_builds(project: Path) -> None:
    live = LiveIndex(project)
    snapshot = live.build_now()
    assert graph_json(snapshot.graph) == graph_json(index(project))
    assert [d.name for d in snapshot.graph.dependencies] == ["requests"]
    assert snapshot.version == 1
    assert set(snapshot.files) == {f.path for f in snapshot.graph.files}


def test_an_edit_is_seen_after_check_and_only_that_file_is_extracted_again(project: Path) -> None:
    live = LiveIndex(project, debounce=0).start()
    try:
        assert live.wait_ready(60) is not None
        service = project / "pkg" / "service.py"
        bump(service, service.read_text() + "\n\ndef added_later() -> None:\n    persist(None)\n")
        assert live.check()
        freshness = live.wait_fresh(60)
        assert not freshness.stale
        snapshot = live.snapshot()
        assert snapshot is not None and snapshot.version == 2
        assert snapshot.reextracted == ("pkg/service.py",)
        assert snapshot.graph.get("pkg/service.py::added_later") is not None
        # the refreshed graph is the graph a fresh run builds, apart from the session's short ids
        fresh = index(project)
        assert [s.id for s in snapshot.graph.symbols] == [s.id for s in fresh.symbols]
        assert [r.key for r in snapshot.graph.relations] == [r.key for r in fresh.relations]
    finally:
        live.close()


def test_a_file_that_becomes_binary_or_too_large_is_what_a_scan_says(project: Path) -> None:
    """A refresh of known files reads them as a scan would: one that turned binary is skipped as binary (it
    was parsed as source: "syntax error at line 1", its module still indexed), one past the size limit too."""
    from codeknit.pipeline.options import IndexOptions

    live = LiveIndex(project, debounce=0, options=IndexOptions(max_file_size=4096)).start()
    try:
        assert live.wait_ready(60) is not None
        service = project / "pkg" / "service.py"
        before = service.stat().st_mtime_ns
        service.write_bytes(bytes(range(256)) * 4)
        os.utime(service, ns=(before + 1_000_000, before + 1_000_000))
        assert live.check()
        assert not live.wait_fresh(60).stale
        snapshot = live.snapshot()
        assert snapshot is not None
        assert "pkg/service.py" not in {f.path for f in snapshot.graph.files}
        assert ("pkg/service.py", "binary file") in {(s.path, s.reason) for s in snapshot.graph.skipped}
        fresh = index(project, max_file_size=4096)
        assert {(s.path, s.reason) for s in snapshot.graph.skipped} == {(s.path, s.reason) for s in fresh.skipped}
    finally:
        live.close()


def test_a_body_edit_keeps_the_module_name_a_fresh_run_gives(tmp_path: Path) -> None:
    """A module is named from its package root (``src/shop/cli.py`` is ``shop.cli``); a refresh that re-reads
    only the edited file keeps that name (it went back to the adapter's ``src.shop.cli``)."""
    (tmp_path / "src" / "shop").mkdir(parents=True)
    (tmp_path / "src" / "shop" / "__init__.py").write_text("")
    cli = tmp_path / "src" / "shop" / "cli.py"
    cli.write_text("def run():\n    return 1\n")
    live = LiveIndex(tmp_path, debounce=0).start()
    try:
        first = live.wait_ready(60)
        assert first is not None and first.graph.get("src/shop/cli.py").name == "shop.cli"  # type: ignore[union-attr]
        bump(cli, "def run():\n    return 2\n")
        assert live.check()
        assert not live.wait_fresh(60).stale
        snapshot = live.snapshot()
        assert snapshot is not None and snapshot.version == 2 and snapshot.reextracted == ("src/shop/cli.py",)
        module = snapshot.graph.get("src/shop/cli.py")
        assert module is not None and (module.name, module.qualname) == ("shop.cli", "shop.cli")
        assert graph_json(snapshot.graph) == graph_json(index(tmp_path))
    finally:
        live.close()


def test_a_restart_loads_the_persistent_index_and_extracts_only_what_changed(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "cache"))
    first = LiveIndex(project).build_now()
    assert len(first.reextracted) == len(first.graph.files)  # a cold start extracts everything
    again = LiveIndex(project).build_now()
    assert again.reextracted == ()
    assert graph_json(again.graph) == graph_json(first.graph)
    service = project / "pkg" / "service.py"
    bump(service, service.read_text().replace("persist(", "persist( ", 1))
    third = LiveIndex(project).build_now()
    assert third.reextracted == ("pkg/service.py",)
    assert graph_json(third.graph) == graph_json(index(project))
    # --no-cache: nothing is written, and the answer is the same
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "unused"))
    memory_only = LiveIndex(project, persistent=False).build_now()
    assert graph_json(memory_only.graph) == graph_json(third.graph)
    assert not (tmp_path / "unused").exists()


def test_a_manifest_edit_is_picked_up(project: Path) -> None:
    live = LiveIndex(project, debounce=0).start()
    try:
        assert live.wait_ready(60) is not None
        manifest = project / "pyproject.toml"
        bump(manifest, manifest.read_text().replace('"requests>=2.31"', '"requests>=2.31", "rich"'))
        assert live.check()
        assert not live.wait_fresh(60).stale
        snapshot = live.snapshot()
        assert snapshot is not None and snapshot.version == 2
        assert [d.name for d in snapshot.graph.dependencies] == ["requests", "rich"]
        assert graph_json(snapshot.graph) == graph_json(index(project))
    finally:
        live.close()


def test_a_touch_without_a_change_builds_no_new_snapshot(project: Path) -> None:
    live = LiveIndex(project, debounce=0).start()
    try:
        assert live.wait_ready(60) is not None
        models = project / "pkg" / "models.py"
        stat = models.stat()
        os.utime(models, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000))
        assert live.check()
        assert not live.wait_fresh(60).stale
        snapshot = live.snapshot()
        assert snapshot is not None and snapshot.version == 1
        assert not live.check()  # the new mtime was recorded
    finally:
        live.close()


def test_new_and_deleted_files_are_found(project: Path) -> None:
    live = LiveIndex(project, debounce=0).start()
    try:
        assert live.wait_ready(60) is not None
        (project / "pkg" / "extra.py").write_text("def extra() -> int:\n    return 1\n")
        (project / "pkg" / "big.py").unlink()
        live.check()
        assert not live.wait_fresh(60).stale
        snapshot = live.snapshot()
        assert snapshot is not None
        paths = {f.path for f in snapshot.graph.files}
        assert "pkg/extra.py" in paths and "pkg/big.py" not in paths
        assert snapshot.graph.get("pkg/extra.py::extra") is not None
    finally:
        live.close()


def test_readers_get_the_old_snapshot_while_a_refresh_runs(project: Path) -> None:
    live = LiveIndex(project, debounce=0)
    live.build_now()
    first = live.snapshot()
    started = []
    original = live._update

    def slow_update(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(time.monotonic())
        time.sleep(0.5)
        return original(*args, **kwargs)

    live._update = slow_update  # type: ignore[method-assign]
    live.start()
    try:
        bump(project / "pkg" / "models.py", (project / "pkg" / "models.py").read_text() + "\nX = 1\n")
        assert live.check()
        freshness = live.wait_fresh(0.05)
        assert freshness.stale and freshness.refreshing
        assert "pkg/models.py" in freshness.stale_paths
        assert live.snapshot() is first  # never blocked, never half-built
        assert not live.wait_fresh(60).stale
        assert live.snapshot() is not first
    finally:
        live.close()


def test_short_ids_keep_their_meaning_across_snapshots(project: Path) -> None:
    ids = ShortIds()
    live = LiveIndex(project, debounce=0, short_ids=ids).start()
    try:
        first = live.wait_ready(60)
        assert first is not None
        before = {s.id: s.short for s in first.graph.symbols}
        models = project / "pkg" / "models.py"
        # a new symbol early in the first file shifts the graph's own numbering of everything after it
        bump(models, "def very_first() -> None:\n    pass\n\n\n" + models.read_text())
        live.check()
        live.wait_fresh(60)
        second = live.snapshot()
        assert second is not None and second.version == 2
        after = {s.id: s.short for s in second.graph.symbols}
        for full_id, short in before.items():
            if full_id in after:
                assert after[full_id] == short
        new = after["pkg/models.py::very_first"]
        assert new not in before.values()
        assert second.graph.get(new).id == "pkg/models.py::very_first"  # type: ignore[union-attr]
        assert len(set(after.values())) == len(after)
        # deleting a symbol retires its number: it is never handed to another symbol
        bump(models, models.read_text().replace("def very_first() -> None:\n    pass\n", ""))
        live.check()
        live.wait_fresh(60)
        third = live.snapshot()
        assert third is not None
        assert new not in {s.short for s in third.graph.symbols}
        assert ids.full_id(new) == "pkg/models.py::very_first"
    finally:
        live.close()


def test_a_failed_first_build_is_reported(tmp_path: Path) -> None:
    root = tmp_path / "gone"
    root.mkdir()
    live = LiveIndex(root)
    root.rmdir()
    live.start()
    try:
        assert live.wait_ready(30) is None
        assert live.error is not None and "does not exist" in live.error
        assert live.progress().phase == "failed"
    finally:
        live.close()


class SolverRuns:
    """Counts the runs of the points-to solver (``run`` of either solver) while installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from codeknit.languages.python.pyflow import CompiledFlowAnalysis, FlowAnalysis

        self.count = 0
        self._monkeypatch = monkeypatch
        self._originals = [(solver, solver.run) for solver in (FlowAnalysis, CompiledFlowAnalysis)]
        for solver, original in self._originals:

            def counting_run(analysis: object, original: object = original) -> None:
                self.count += 1
                original(analysis)  # type: ignore[operator]

            monkeypatch.setattr(solver, "run", counting_run)

    def stop(self) -> None:
        for solver, original in self._originals:
            self._monkeypatch.setattr(solver, "run", original)


def append_comment_and_refresh(live: LiveIndex, project: Path) -> Snapshot:
    """Append a comment to pkg/service.py (its interface stays as it was) and wait for the new snapshot."""
    service = project / "pkg" / "service.py"
    bump(service, service.read_text() + "\n# a note at the end: the file's interface is unchanged\n")
    assert live.check()
    assert not live.wait_fresh(60).stale
    snapshot = live.snapshot()
    assert snapshot is not None and snapshot.reresolved == ("pkg/service.py",)
    return snapshot


def same_relations(graph: Graph, other: Graph) -> bool:
    return [(r.key, r.spans) for r in graph.relations] == [(r.key, r.spans) for r in other.relations]


def test_a_body_edit_keeps_the_points_to_solution_and_matches_a_fresh_run(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "cache"))
    runs = SolverRuns(monkeypatch)
    live = LiveIndex(project, debounce=0).start()
    try:
        assert live.wait_ready(60) is not None
        assert runs.count == 1
        snapshot = append_comment_and_refresh(live, project)
        assert snapshot.version == 2
        assert runs.count == 1  # the solution was carried over, not computed again
        runs.stop()
        assert same_relations(snapshot.graph, index(project))
    finally:
        live.close()


def test_closing_right_after_the_first_answer_still_stores_the_graph(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A graph is published before it is written; closing waits for the write, so a server stopped
    just after answering (a client that asked one thing and quit) leaves its index stored."""
    from codeknit.store import IndexStore

    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "cache"))
    original = IndexStore.save_graph

    def slow_save(self: IndexStore, *args: object, **kwargs: object) -> None:
        time.sleep(1.0)
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(IndexStore, "save_graph", slow_save)
    live = LiveIndex(project).start()
    assert live.wait_ready(60) is not None  # served: the write is still under way
    live.close()
    monkeypatch.setattr(IndexStore, "save_graph", original)
    again = LiveIndex(project).build_now()
    assert again.reextracted == () and again.reresolved == ()  # the stored graph itself, loaded


def test_a_warm_start_primes_the_points_to_solution_for_the_first_edit(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "cache"))
    LiveIndex(project).build_now()  # fills the persistent index
    runs = SolverRuns(monkeypatch)
    live = LiveIndex(project, debounce=0)
    warm = live.build_now()
    assert warm.reextracted == () and warm.reresolved == ()  # served from the store at once
    assert runs.count == 1  # then primed in the builder, once
    live.start()
    try:
        snapshot = append_comment_and_refresh(live, project)
        assert runs.count == 1
        runs.stop()
        assert same_relations(snapshot.graph, index(project))
    finally:
        live.close()


def test_a_warm_start_says_while_it_prepares_fast_refreshes(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from codeknit.pipeline import IndexRun

    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "cache"))
    cold = LiveIndex(project)
    cold.build_now()
    assert not cold.priming()  # a cold build resolved everything itself: nothing to prepare
    entered, release = threading.Event(), threading.Event()
    original = IndexRun.prime

    def held(self: IndexRun, store: object) -> None:
        entered.set()
        assert release.wait(60)
        original(self, store)  # type: ignore[arg-type]

    monkeypatch.setattr(IndexRun, "prime", held)
    live = LiveIndex(project, debounce=0).start()
    try:
        assert live.wait_ready(60) is not None
        assert entered.wait(60)
        assert live.priming()  # the snapshot is served while the incremental state is prepared
        release.set()
        deadline = time.monotonic() + 60
        while live.priming() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not live.priming()
    finally:
        release.set()
        live.close()
