"""The persistent index: cached runs give exactly the uncached graph, reuse what they can, and
never trust a damaged, foreign or tampered database."""

from __future__ import annotations

import io
import multiprocessing
import pickle
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import live_run, project_with_cache, write_tree

from codeknit.graph.jsonio import read_graph, write_graph
from codeknit.languages.records import declarations_of
from codeknit.pipeline import index
from codeknit.store import CorruptEntry, IndexStore, cache_root, clear_cache, codec, database_path

FILES = {
    "pkg/__init__.py": "from .models import Model\n",
    "pkg/models.py": (
        "class Model:\n"
        "    def save(self):\n"
        "        return self.validate()\n\n"
        "    def validate(self):\n"
        "        return True\n"
    ),
    "pkg/service.py": (
        "from .models import Model\n\n\n"
        "def run():\n"
        "    m = Model()\n"
        "    return m.save()\n"
    ),
    "web/util.ts": "export function fmt(x: number): string {\n  return String(x);\n}\n",
    "web/app.ts": (
        "import { fmt } from './util';\n\n"
        "export class App {\n  show(n: number) {\n    return fmt(n);\n  }\n}\n"
    ),
    # C: resolving an #include marks the include symbol resolved, a side effect incremental runs keep
    "native/util.h": "int twice(int x);\n",
    "native/main.c": '#include "util.h"\n\nint main(void) {\n  return twice(2);\n}\n',
}


def _json(root: Path, **kwargs: object) -> bytes:
    return _json_of(index(root, **kwargs))  # type: ignore[arg-type]


def _json_of(graph: object) -> bytes:
    out = io.BytesIO()
    write_graph(graph, out)  # type: ignore[arg-type]
    return out.getvalue()


class Counter:
    def __init__(self) -> None:
        self.paths: list[str] = []

    def __call__(self, done: int, total: int, path: str) -> None:
        self.paths.append(path)


@pytest.fixture()
def project(make_project: Callable[[dict[str, str]], Path]) -> Path:
    return make_project(FILES)


def test_cold_warm_and_edited_runs_match_uncached_and_reextract_only_changes(project: Path) -> None:
    reference = _json(project)
    cold = Counter()
    assert _json(project, cache=True, progress=cold) == reference
    assert sorted(cold.paths) == sorted(FILES)
    warm = Counter()
    assert _json(project, cache=True, progress=warm) == reference
    assert warm.paths == []  # nothing extracted again
    # a body edit, then an interface edit (a new method), then a new file and a removed one
    steps = [
        ("pkg/models.py", FILES["pkg/models.py"].replace("return True", "return 1 == 1")),
        ("pkg/models.py", FILES["pkg/models.py"] + "\n    def extra(self):\n        return self.save()\n"),
        ("web/app.ts", FILES["web/app.ts"].replace("fmt(n)", "fmt(n + 1)")),
        ("native/main.c", FILES["native/main.c"].replace("twice(2)", "twice(2) + 1")),
        ("web/new.ts", "import { App } from './app';\nnew App().show(1);\n"),
    ]
    for rel, text in steps:
        (project / rel).write_text(text)
        edited = Counter()
        assert _json(project, cache=True, progress=edited) == _json(project), rel
        assert edited.paths == [rel]
    (project / "pkg/service.py").unlink()
    assert _json(project, cache=True) == _json(project)


def test_a_body_edit_resolves_only_the_edited_file(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from codeknit.resolve.resolver import Resolver

    _json(project, cache=True)
    seen: list[object] = []
    original = Resolver.run

    def spy(self: Resolver, **kwargs: object) -> object:
        seen.append(kwargs.get("only"))
        return original(self, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Resolver, "run", spy)
    app = project / "web/app.ts"
    app.write_text(app.read_text().replace("fmt(n)", "fmt(n * 2)"))
    assert _json(project, cache=True) == _json(project)
    assert seen[0] == ["web/app.ts"]  # the cached run re-resolved one file; the reference run all
    assert seen[1] is None
    app.write_text(app.read_text() + "export function more() { return 2; }\n")  # the interface changes
    seen.clear()
    _json(project, cache=True)
    assert seen == [None]


def test_touch_without_change_reextracts_nothing(project: Path) -> None:
    _json(project, cache=True)
    target = project / "pkg/models.py"
    target.write_text(target.read_text())  # new mtime, same content
    again = Counter()
    _json(project, cache=True, progress=again)
    assert again.paths == []


EDITS = st.lists(
    st.tuples(
        st.sampled_from(sorted(FILES)),
        st.sampled_from(["body", "comment", "tail", "newdef", "call", "break", "restore"]),
    ),
    min_size=1, max_size=5,
)


def _edited(rel: str, text: str, how: str) -> str:
    comment = "#" if rel.endswith(".py") else "//"
    if how == "body":
        return text.replace("return", "return  ", 1)
    if how == "comment":
        return f"{comment} a comment\n{text}"
    if how == "tail":  # a comment at the end of the first line: no position in the file moves
        first, _, rest = text.partition("\n")
        return f"{first}  {comment} note\n{rest}"
    if how == "newdef":
        added = {".ts": "\nexport function added() { return 1; }\n", ".py": "\ndef added():\n    return 1\n"}
        return text + added.get(Path(rel).suffix, "\nint added(void) { return 1; }\n")
    if how == "call":
        call = {".ts": "\nfmt(2);\n", ".py": "\nModel().save()\n"}
        return text + call.get(Path(rel).suffix, "\nint again(void) { return twice(3); }\n")
    if how == "break":
        return text + "\n)))(((\n"
    return FILES[rel]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=EDITS)
def test_any_sequence_of_edits_gives_the_uncached_graph(tmp_path_factory: pytest.TempPathFactory,
                                                        edits: list[tuple[str, str]]) -> None:
    with project_with_cache(tmp_path_factory.mktemp("seq"), FILES) as root:
        _json(root, cache=True)
        for rel, how in edits:
            path = root / rel
            path.write_text(_edited(rel, path.read_text(), how))
            assert _json(root, cache=True) == _json(root), (rel, how)


def test_a_garbage_database_is_rebuilt(project: Path) -> None:
    reference = _json(project, cache=True)
    db = database_path(project)
    db.write_bytes(b"this is not a database" * 100)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    assert _json(project, cache=True) == reference
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM files").fetchone()[0] == len(FILES)


def test_a_damaged_entry_is_never_trusted(project: Path) -> None:
    reference = _json(project, cache=True)
    (project / "pkg/service.py").write_text(FILES["pkg/service.py"] + "\n# changed\n")
    with sqlite3.connect(database_path(project)) as conn:
        conn.execute("UPDATE files SET data = substr(data, 1, length(data) - 3) || X'000000'")
        conn.execute("UPDATE graphs SET data = X'00'")
    assert _json(project, cache=True) == _json(project)
    del reference


def test_a_database_of_another_version_is_rebuilt(project: Path) -> None:
    _json(project, cache=True)
    with sqlite3.connect(database_path(project)) as conn:
        conn.execute("UPDATE meta SET value = '0.0.1' WHERE key = 'codeknit'")
    with IndexStore.for_root(project) as store:
        assert store.rebuilt
    with IndexStore.for_root(project) as store:
        assert not store.rebuilt


class _Boom:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        import os

        return (os.system, ("echo should-not-run",))


def test_a_tampered_blob_cannot_run_code() -> None:
    data = pickle.dumps([_Boom()])
    with pytest.raises(CorruptEntry, match="not a codeknit record"):
        codec.loads(data, codec.digest(data))
    with pytest.raises(CorruptEntry, match="digest"):
        codec.loads(data, "0" * 32)


def _index_in_child(root: str) -> bytes:
    return _json(Path(root), cache=True)


def test_concurrent_runs_share_one_database(project: Path) -> None:
    reference = _json(project)
    context = multiprocessing.get_context("spawn")
    with context.Pool(3) as pool:
        results = pool.map(_index_in_child, [str(project)] * 3)
    assert results == [reference] * 3


def test_cache_location_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(tmp_path / "explicit"))
    assert cache_root() == tmp_path / "explicit"
    monkeypatch.delenv("CODEKNIT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "codeknit"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_root() == tmp_path / "home" / ".cache" / "codeknit"
    # two checkouts of the same name get separate databases, both outside the tree
    a, b = tmp_path / "one" / "repo", tmp_path / "two" / "repo"
    assert database_path(a) != database_path(b)
    assert not database_path(a).is_relative_to(a)


def test_clear_removes_the_database(project: Path) -> None:
    _json(project, cache=True)
    assert database_path(project).exists()
    assert clear_cache(project) == [database_path(project)]
    assert not database_path(project).exists()
    assert clear_cache(project) == []


def test_parse_time_limit_gives_an_error_entry_and_keeps_the_rest(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    write_tree(root, FILES)
    big = "".join(f"def f{i}(a, b):\n    return a + b * {i}\n\n" for i in range(3000))
    (root / "pkg/generated.py").write_text(big)
    graph = index(root, parse_timeout=1e-9)
    errors = {e.path: e.message for e in graph.errors}
    assert errors == {"pkg/generated.py": errors["pkg/generated.py"]}
    assert "parsing took longer than the limit" in errors["pkg/generated.py"]
    assert graph.get("pkg/models.py::Model.save") is not None
    assert not any(s.path == "pkg/generated.py" and s.name.startswith("f") for s in graph.symbols)
    # without the limit, the same file is analysed
    assert index(root).get("pkg/generated.py::f2999") is not None


def test_extraction_time_limit_covers_the_adapter_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from codeknit.languages.adapters import adapter_for
    from codeknit.languages.engine import Context

    root = tmp_path / "proj"
    write_tree(root, FILES)
    adapter = type(adapter_for("python"))
    original = adapter.finish

    def stuck(self: object, ctx: Context, scopes: object) -> None:  # a pathological walk in one file
        if ctx.extraction.path == "pkg/service.py":
            time.sleep(30)
        original(self, ctx, scopes)  # type: ignore[arg-type]

    monkeypatch.setattr(adapter, "finish", stuck)
    started = time.monotonic()
    graph = index(root, parse_timeout=0.5, workers=1)  # parsing 0.5 s, the whole extraction 2 s
    assert time.monotonic() - started < 20  # the stuck file was given up on, not waited for
    errors = {e.path: e.message for e in graph.errors}
    assert errors == {"pkg/service.py": "not analysed: extraction took longer than the limit of 2 s"}
    assert graph.get("pkg/models.py::Model.save") is not None


def test_unwritable_cache_folder_falls_back_with_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CODEKNIT_CACHE_DIR", str(blocker / "sub"))
    root = tmp_path / "proj"
    write_tree(root, FILES)
    with pytest.warns(RuntimeWarning, match="without the persistent index"):
        assert _json(root, cache=True) == _json(root)
    shutil.rmtree(root)


# -- a long-lived caller (the MCP server's live index): the last run's resolver is kept ----------


def _relation_keys(relations: list[object]) -> list[tuple[object, ...]]:
    return [(r.source, r.kind, r.target, r.resolution, r.candidates, tuple(r.spans)) for r in relations]  # type: ignore[attr-defined]


def _assert_same_lookups(graph: object, reference: bytes) -> None:
    """The patched graph's relation lookups are those a fresh graph builds."""

    fresh = read_graph(reference)
    for symbol in fresh.symbols:
        assert _relation_keys(graph.outgoing(symbol.id)) == _relation_keys(fresh.outgoing(symbol.id))  # type: ignore[attr-defined]
        assert _relation_keys(graph.incoming(symbol.id)) == _relation_keys(fresh.incoming(symbol.id))  # type: ignore[attr-defined]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=EDITS)
def test_a_kept_resolver_gives_the_uncached_graph_after_any_edits(tmp_path_factory: pytest.TempPathFactory,
                                                                 edits: list[tuple[str, str]]) -> None:
    from codeknit.pipeline import RunMemory

    base = tmp_path_factory.mktemp("live")
    root = base / "proj"
    write_tree(root, FILES)
    store = IndexStore.in_memory()
    memory = RunMemory()
    outcome = live_run(root, memory, store)
    outcome.graph.outgoing("")  # type: ignore[attr-defined]  # lookups built, as the server does: they are patched
    for rel, how in edits:
        path = root / rel
        path.write_text(_edited(rel, path.read_text(), how))
        outcome = live_run(root, memory, store)
        reference = _json(root)
        assert _json_of(outcome.graph) == reference, (rel, how)  # type: ignore[attr-defined]
        _assert_same_lookups(outcome.graph, reference)  # type: ignore[attr-defined]


def test_a_body_edit_updates_the_kept_resolver_instead_of_running_again(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from codeknit.pipeline import RunMemory
    from codeknit.resolve.resolver import Resolver

    store = IndexStore.in_memory()
    memory = RunMemory()
    first = live_run(project, memory, store)
    first.graph.outgoing("")  # type: ignore[attr-defined]
    before = _json_of(first.graph)  # type: ignore[attr-defined]
    runs: list[object] = []
    updates: list[list[str]] = []
    original_run, original_update = Resolver.run, Resolver.update

    def spy_run(self: Resolver, **kwargs: object) -> object:
        runs.append(kwargs.get("only"))
        return original_run(self, **kwargs)  # type: ignore[arg-type]

    def spy_update(self: Resolver, extractions: list[object]) -> object:
        updates.append([e.path for e in extractions])  # type: ignore[attr-defined]
        return original_update(self, extractions)  # type: ignore[arg-type]

    monkeypatch.setattr(Resolver, "run", spy_run)
    monkeypatch.setattr(Resolver, "update", spy_update)
    service = project / "pkg/service.py"
    # a comment at the end of a line: nothing the points-to facts record moves, so the interface is as it was
    service.write_text(service.read_text().replace("    m = Model()\n", "    m = Model()  # the model\n"))
    edited = live_run(project, memory, store)
    assert updates == [["pkg/service.py"]] and runs == []
    app = project / "web/app.ts"
    app.write_text(app.read_text().replace("fmt(n)", "fmt(n * 2)"))  # TypeScript records no flow facts
    live_run(project, memory, store)
    assert updates[-1] == ["web/app.ts"] and runs == []
    assert edited.graph is not first.graph  # type: ignore[attr-defined]
    assert edited.resolved == ["pkg/service.py"]  # type: ignore[attr-defined]
    latest = live_run(project, memory, store)
    monkeypatch.undo()
    assert _json_of(latest.graph) == _json(project)  # type: ignore[attr-defined]
    # the earlier graph, which readers may still hold, is untouched
    assert _json_of(first.graph) == before  # type: ignore[attr-defined]


def test_a_new_process_reuses_the_stored_points_to_answers(project: Path, solves: list[int]) -> None:
    """An edit that leaves the interface alone, run by a new process (the CLI): the points-to answers
    stored with the last graph stand in for solving the whole program again."""
    _json(project, cache=True)
    solves.clear()
    service = project / "pkg/service.py"
    service.write_text(service.read_text().replace("    m = Model()\n", "    m = Model()  # the model\n"))
    edited = _json(project, cache=True)
    assert solves == []
    assert edited == _json(project)  # (this uncached run solves)
    assert solves == [1]
    assert b'"to":"pkg/models.py::Model.save"' in edited
    # a second interface-preserving edit still finds them: the run that adopted them stored them again
    service.write_text(service.read_text().replace("return m.save()", "return m.save()  # saved"))
    solves.clear()
    assert _json(project, cache=True) == _json(project)
    assert solves == [1]



@pytest.mark.parametrize("part", [1, 2, 3, 20_000])
def test_a_stored_graph_in_parts_loads_as_it_was(project: Path, monkeypatch: pytest.MonkeyPatch, part: int) -> None:
    from codeknit.store import CachedGraph
    from codeknit.store import db as store_db

    monkeypatch.setattr(store_db, "_PART", part)  # parts end at file ends: small ones cross many boundaries
    graph = index(project)
    store = IndexStore.in_memory()
    store.save_graph("k", "context", CachedGraph(graph, {"a": "b"}))
    loaded = store.load_graph("k")
    assert loaded is not None and loaded.hashes == {"a": "b"}
    assert _json_of(loaded.graph) == _json_of(graph)
    # a relation's source is its symbol's id string itself, as in a graph built in memory
    assert all(r.source is loaded.graph.get(r.source).id for r in loaded.graph.relations)  # type: ignore[union-attr]
    count = store._db.execute("SELECT count(*) FROM graph_parts WHERE key = 'k'").fetchone()[0]
    files = len({s.path for s in graph.symbols})
    if part == 1:
        assert count == files  # a part holds at least one file, whole
    elif part >= len(graph.symbols):
        assert count == 1
    else:
        assert 1 < count < files


def test_a_patched_graph_stores_only_the_parts_of_changed_files(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from codeknit.store import db as store_db

    monkeypatch.setattr(store_db, "_PART", 1)  # one part per file
    _json(project, cache=True)
    made: list[object] = []
    original = store_db._rows

    def spy(symbols: list[object], relations: list[object], locals_: list[object]) -> object:
        made.append({s.path for s in symbols})  # type: ignore[attr-defined]
        return original(symbols, relations, locals_)  # type: ignore[arg-type]

    monkeypatch.setattr(store_db, "_rows", spy)
    app = project / "web/app.ts"
    app.write_text(app.read_text().replace("fmt(n)", "fmt(n * 3)"))  # a body edit: the graph is patched
    assert _json(project, cache=True) == _json(project)
    assert made == [{"web/app.ts"}], "only the edited file's part was made again"
    made.clear()
    monkeypatch.setattr(store_db, "_PART", 20_000)
    app.write_text(app.read_text().replace("fmt(n * 3)", "fmt(n * 4)"))
    assert _json(project, cache=True) == _json(project)  # other boundaries: nothing to share, all made
    assert len(made) == 1 and len(made[0]) > 1  # type: ignore[arg-type]
    with IndexStore.for_root(project) as store:
        graphs = store._db.execute("SELECT count(*) FROM graphs").fetchone()[0]
        referenced = store._db.execute("SELECT count(DISTINCT digest) FROM graph_parts").fetchone()[0]
        stored = store._db.execute("SELECT count(*) FROM parts").fetchone()[0]
        assert graphs == 3 and stored == referenced  # parts no graph lists are deleted
        # the graph that was patched loads back as the uncached graph of what it was built from
        app.write_text(app.read_text().replace("fmt(n * 4)", "fmt(n * 3)"))
    assert _json(project, cache=True) == _json(project)


def test_extractions_from_the_workers_share_their_line_numbers() -> None:
    """An extraction decoded as it arrives from a worker takes its spans' line numbers from one table
    for the process (a graph keeps most spans; each number read back is otherwise a new object); the
    records are unchanged, and one loaded from the store without it is too."""
    from codeknit.languages.adapters import extract

    source = "\n" * 999 + "def f(x):\n    return g(x)\n\n\ndef g(y):\n    return y\n"
    made = extract("m.py", "python", source.encode(), 10.0)
    data, digest = codec.dump_extraction(made)
    shared = codec.load_extraction(data, digest, share=True)
    again = codec.load_extraction(data, digest, share=True)
    plain = codec.load_extraction(data, digest)
    # a run's decoding keeps the declarations packed until the file's pass asks for them
    assert shared.declarations == [] and shared.packed_declarations is not None and made.declarations
    assert plain.packed_declarations is None and plain.declarations == made.declarations
    assert declarations_of(shared) == made.declarations and shared.packed_declarations is None
    assert shared == made == plain
    x, = (d for d in shared.declarations if d.name == "x")  # (its line numbers the shared ones too)
    assert x.span[0] is next(s for s in again.symbols if s.name == "f").span[0]
    f, = (s for s in shared.symbols if s.name == "f")
    call, = (r for r in shared.refs if r.text == "g")
    assert f.span[0] == 1000 and call.span[0] == 1001
    assert f.name_span[0] is f.span[0] is next(s for s in again.symbols if s.name == "f").span[0]
    assert call.span[0] is call.span[2]
    plain_f, = (s for s in plain.symbols if s.name == "f")
    assert plain_f.name_span[0] is not plain_f.span[0]  # (what sharing saves: without it, one int a use)


def test_a_stored_graph_is_not_reused_under_another_python_version(
        make_project: Callable[[dict[str, str]], Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python version setting decides which ``sys.version_info`` branch a use names: a graph stored under
    one value is resolved again under another (the setting is part of the run's context), not served."""
    from codeknit.languages.python import rules

    root = make_project({"m.py": (
        "import sys\n\nif sys.version_info >= (3, 12):\n    def helper():\n        return 1\n"
        "else:\n    def helper():\n        return 2\n\n\ndef use():\n    return helper()\n")})

    def calls() -> set[str]:
        graph = read_graph(_json(root, cache=True))
        return {f"{r.target}@{graph.get(r.target).span[0] if graph.get(r.target) else 0}"
                for r in graph.relations if r.kind.value == "calls" and r.source == "m.py::use"}

    monkeypatch.delenv("CODEKNIT_PYTHON_VERSION", raising=False)
    rules.python_version.cache_clear()
    newest = calls()
    monkeypatch.setenv("CODEKNIT_PYTHON_VERSION", "3.8")
    rules.python_version.cache_clear()
    try:
        older = calls()
        assert older != newest, "the graph stored under the default version was served under 3.8"
        assert _json(root, cache=True) == _json(root)
    finally:
        monkeypatch.delenv("CODEKNIT_PYTHON_VERSION")
        rules.python_version.cache_clear()
    assert calls() == newest


def _with_length_limit(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Every index connection refuses a string or blob over ``limit`` bytes (SQLite's own limit, lowered: the
    default is 1 GB, which one graph of generated code once went over)."""
    connect = IndexStore._connect

    def limited(self: IndexStore) -> sqlite3.Connection:
        db = connect(self)
        db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, limit)
        return db

    monkeypatch.setattr(IndexStore, "_connect", limited)


def test_a_record_the_index_refuses_costs_only_its_own_caching(make_project: Callable[[dict[str, str]], Path],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A run whose extraction or graph SQLite will not store still gives its whole graph, and says so; the
    records it could store are reused by the next run, which extracts again only the refused one."""
    big = "".join(f"def f{i}(x):\n    return g{i}(x) + h{i}(x)\n\n" for i in range(400))
    project = make_project({**FILES, "pkg/big.py": big})
    reference = _json(project)
    _with_length_limit(monkeypatch, 16_000)
    cold = Counter()
    with pytest.warns(RuntimeWarning, match="could not store") as caught:
        assert _json(project, cache=True, progress=cold) == reference
    assert sorted(cold.paths) == sorted([*FILES, "pkg/big.py"])
    said = " ".join(str(warning.message) for warning in caught)
    assert "the extraction of pkg/big.py" in said
    assert "the graph" in said  # (its parts are over the limit too)
    again = Counter()
    with pytest.warns(RuntimeWarning, match="could not store"):
        assert _json(project, cache=True, progress=again) == reference
    assert again.paths == ["pkg/big.py"]
