"""Rendered outputs kept beside the index: an unchanged tree gets the same bytes without its graph."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codeknit.cli import main
from codeknit.pipeline import index, index_or_reuse
from codeknit.pipeline.index import _INDEX_DEFAULTS
from codeknit.store import IndexStore, clear_cache, database_path
from codeknit.store.db import IndexStore as StoreClass
from codeknit.store.outputs import OutputCache, OutputCorrupt, output_key, outputs_folder

FILES = {
    "pkg/__init__.py": "from .models import Model\n",
    "pkg/models.py": (
        "class Model:\n    def save(self):\n        return self.check()\n\n    def check(self):\n        return 1\n"
    ),
    "pkg/run.py": "from .models import Model\n\n\ndef run():\n    return Model().save()\n",
    "web/app.ts": "export function fmt(x: number): string {\n  return String(x);\n}\n",
    "broken.py": "def broken(:\n    pass\n",
}

RENDERINGS = [
    ["--edges"],
    ["--edges", "--format", "json"],
    ["--output-mode", "directory-tree"],
    ["--edges", "--minify", "--max-lines", "3"],
    ["--edges", "--max-tokens", "200"],
]


@pytest.fixture()
def project(make_project: Callable[[dict[str, str]], Path]) -> Path:
    return make_project(FILES)


def _parse(root: Path, out: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["parse", str(root), str(out), "--clean", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stderr


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _no_graph_load(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("the graph was loaded")

    monkeypatch.setattr(StoreClass, "load_graph", refuse)


def _entries(root: Path) -> list[Path]:
    folder = outputs_folder(database_path(root))
    return sorted(p for p in folder.iterdir() if not p.name.startswith(".")) if folder.is_dir() else []


@pytest.mark.parametrize("rendering", RENDERINGS, ids=lambda r: " ".join(r))
def test_an_unchanged_tree_copies_its_output_without_loading_the_graph(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rendering: list[str]
) -> None:
    uncached = tmp_path / "uncached"
    _parse(project, uncached, "--no-cache", *rendering)
    first = _parse(project, tmp_path / "first", *rendering)
    assert len(_entries(project)) == 1
    with monkeypatch.context() as patched:
        _no_graph_load(patched)
        again = _parse(project, tmp_path / "again", *rendering)
    assert again == first.replace("first", "again")  # the same closing lines, from the manifest
    assert "1 errors" in again
    assert _tree(tmp_path / "again") == _tree(tmp_path / "first") == _tree(uncached)


def test_other_options_or_an_edit_are_not_served_a_stale_output(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _parse(project, tmp_path / "json", "--edges", "--format", "json")
    with monkeypatch.context() as patched:
        _no_graph_load(patched)
        with pytest.raises(AssertionError, match="graph was loaded"):
            _parse(project, tmp_path / "skt", "--edges")  # another rendering of the same graph
    _parse(project, tmp_path / "skt", "--edges")
    assert len(_entries(project)) == 2
    (project / "pkg/run.py").write_text("from .models import Model\n\n\ndef go():\n    return Model().check()\n")
    _parse(project, tmp_path / "edited", "--edges", "--format", "json")
    _parse(project, tmp_path / "expected", "--edges", "--format", "json", "--no-cache")
    assert _tree(tmp_path / "edited") == _tree(tmp_path / "expected")
    assert b'"go"' in (tmp_path / "edited" / "graph.json").read_bytes()
    assert len(_entries(project)) == 2  # the oldest entry made room


def test_verbose_and_inline_runs_render_afresh(project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _parse(project, tmp_path / "first", "--edges")
    with monkeypatch.context() as patched:
        _no_graph_load(patched)
        with pytest.raises(AssertionError, match="graph was loaded"):
            _parse(project, tmp_path / "verbose", "--edges", "--verbose")  # it lists every error: it needs them
    errors = _parse(project, tmp_path / "verbose", "--edges", "--verbose")
    assert "error: broken.py" in errors


@pytest.mark.parametrize("damage", ["flip", "truncate", "delete", "manifest"])
def test_a_damaged_output_is_rendered_afresh_and_replaced(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    _parse(project, tmp_path / "first", "--edges", "--format", "json")
    (entry,) = _entries(project)
    stored = entry / "files" / "graph.json"
    data = stored.read_bytes()
    if damage in ("flip", "truncate"):  # (the entry's file is a second link to the first output: damage it alone)
        stored.unlink()
    if damage == "flip":
        stored.write_bytes(data[:100] + bytes([data[100] ^ 1]) + data[101:])
    elif damage == "truncate":
        stored.write_bytes(data[:-1])
    elif damage == "delete":
        stored.unlink()
    else:
        (entry / "manifest.json").write_text('{"files": [["../../x", 1, "0"]], "summary": {}}')
    _parse(project, tmp_path / "again", "--edges", "--format", "json")
    assert _tree(tmp_path / "again") == _tree(tmp_path / "first")
    with monkeypatch.context() as patched:  # the entry was saved again, whole
        _no_graph_load(patched)
        _parse(project, tmp_path / "third", "--edges", "--format", "json")
    assert _tree(tmp_path / "third") == _tree(tmp_path / "first")


def test_a_refused_output_folder_is_reported_as_without_the_cache(project: Path, tmp_path: Path) -> None:
    _parse(project, tmp_path / "first", "--edges")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("mine")
    result = CliRunner().invoke(main, ["parse", str(project), str(tmp_path / "full"), "--edges"])
    assert result.exit_code == 1
    assert "codeknit did not write (keep.txt)" in result.stderr
    assert (tmp_path / "full" / "keep.txt").read_text() == "mine"


def test_clearing_or_rebuilding_the_index_drops_its_outputs(project: Path, tmp_path: Path) -> None:
    _parse(project, tmp_path / "first", "--edges")
    folder = outputs_folder(database_path(project))
    assert folder.is_dir()
    clear_cache(project)
    assert not folder.exists()
    _parse(project, tmp_path / "first", "--edges")
    assert folder.is_dir()
    with IndexStore.for_root(project) as store:
        store.reset()  # as after a corrupt entry or another codeknit version
    assert not folder.exists()
    _parse(project, tmp_path / "first", "--edges")
    assert folder.is_dir()
    mine = database_path(project).parent / "notes.sqlite"  # (a file of the user's in the folder)
    mine.write_bytes(b"user data")
    clear_cache()  # every index
    assert not folder.exists() and not database_path(project).exists()
    assert mine.read_bytes() == b"user data"


def test_index_or_reuse_takes_the_settings_of_index(project: Path) -> None:
    defaults = {name: p.default for name, p in inspect.signature(index).parameters.items() if name != "path"}
    assert defaults == _INDEX_DEFAULTS
    asked: list[str] = []

    def decline(outputs: OutputCache, key: str) -> bool:
        asked.append(key)
        return False

    first = index_or_reuse(project, decline, cache=True)
    assert first.graph is not None and first.key and not asked  # cold: nothing to reuse yet
    second = index_or_reuse(project, decline, cache=True)
    assert asked == [first.key] and second.key == first.key
    taken = index_or_reuse(project, lambda outputs, key: True, cache=True)
    assert taken.graph is None and taken.key == first.key
    assert index_or_reuse(project, decline).graph is not None  # without the cache, nothing is asked
    assert len(asked) == 1
    with pytest.raises(TypeError, match="collect_test"):
        index_or_reuse(project, decline, collect_test=True)


def test_output_keys_separate_graphs_options_and_code() -> None:
    base = output_key("g", {"format": "skt", "edges": True}, "c")
    assert base == output_key("g", {"edges": True, "format": "skt"}, "c")
    assert len({base, output_key("h", {"format": "skt", "edges": True}, "c"),
                output_key("g", {"format": "skt", "edges": False}, "c"),
                output_key("g", {"format": "skt", "edges": True}, "d")}) == 4


names = st.lists(st.from_regex(r"[a-z]{1,8}(/[a-z]{1,8}){0,2}\.(skt|json)", fullmatch=True), min_size=1, max_size=4,
                 unique=True).filter(lambda ns: not any(a != b and b.startswith(a[:-4] + "/") for a in ns for b in ns))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=names, data=st.data())
def test_stored_files_round_trip_and_any_damage_is_caught(
    tmp_path: Path, names: list[str], data: st.DataObject
) -> None:
    import io
    import shutil

    folder = tmp_path / "round"
    shutil.rmtree(folder, ignore_errors=True)
    written = tmp_path / "written"
    shutil.rmtree(written, ignore_errors=True)
    contents = {name: data.draw(st.binary(min_size=1, max_size=3000)) for name in names}
    for name, content in contents.items():
        (written / name).parent.mkdir(parents=True, exist_ok=True)
        (written / name).write_bytes(content)
    cache = OutputCache(folder)
    assert cache.save("k", [(name, written / name) for name in names], {"files": 1})
    stored = cache.find("k")
    assert stored is not None and [n for n, _s, _h in stored.files] == names and stored.summary == {"files": 1}
    for name, content in contents.items():
        out = io.BytesIO()
        cache.writer(stored, name)(out)
        assert out.getvalue() == content
    victim = data.draw(st.sampled_from(names))
    path = folder / "k" / "files" / victim
    original = path.read_bytes()
    position = data.draw(st.integers(0, len(original) - 1))
    path.write_bytes(original[:position] + bytes([original[position] ^ data.draw(st.integers(1, 255))])
                     + original[position + 1:])
    with pytest.raises(OutputCorrupt):
        cache.writer(stored, victim)(io.BytesIO())


def test_only_the_outputs_used_last_are_kept(tmp_path: Path) -> None:
    import os

    source = tmp_path / "a.skt"
    source.write_bytes(b"x")
    cache = OutputCache(tmp_path / "outputs", keep=2)
    for number, key in enumerate(["one", "two", "three"]):
        assert cache.save(key, [("a.skt", source)], {})
        os.utime(tmp_path / "outputs" / key, ns=(number * 10**9, number * 10**9))
    cache.save("two", [("a.skt", source)], {})  # saved again: the newest
    assert cache.find("one") is None and cache.find("two") is not None and cache.find("three") is not None
    assert cache.save("four", [("a.skt", tmp_path / "missing.skt")], {}) is False  # a failed save fails quietly
    assert sorted(p.name for p in (tmp_path / "outputs").iterdir()) == ["three", "two"]


def test_a_saved_digest_is_trusted_only_as_far_as_the_bytes_match_it(tmp_path: Path) -> None:
    """With the digests the writer took (``save(..., digests)``), a file is copied without being hashed
    again; a file that changed after it was hashed is an entry that does not match, caught when read."""
    import hashlib
    import io

    written = tmp_path / "written"
    written.mkdir()
    (written / "graph.json").write_bytes(b'{"nodes": []}')
    (written / "map_001.skt").write_bytes(b"# map\n")
    digests = {name: hashlib.sha256((written / name).read_bytes()).hexdigest()
               for name in ("graph.json", "map_001.skt")}
    cache = OutputCache(tmp_path / "outputs")
    files = [("graph.json", written / "graph.json"), ("map_001.skt", written / "map_001.skt")]
    assert cache.save("k", files, {"files": 2}, digests)
    stored = cache.find("k")
    assert stored is not None
    assert [(name, size, sha) for name, size, sha in stored.files] == [
        ("graph.json", 13, digests["graph.json"]), ("map_001.skt", 6, digests["map_001.skt"])]
    out = io.BytesIO()
    cache.writer(stored, "graph.json")(out)
    assert out.getvalue() == b'{"nodes": []}'
    # the entry holds the written file itself (a second link): codeknit replacing its output (a new file
    # renamed over it) leaves the entry whole ...
    kept = tmp_path / "outputs" / "k" / "files" / "graph.json"
    assert kept.stat().st_ino == (written / "graph.json").stat().st_ino
    (written / "next.json").write_bytes(b'{"nodes": [2]}')
    (written / "next.json").replace(written / "graph.json")
    out = io.BytesIO()
    cache.writer(stored, "graph.json")(out)
    assert out.getvalue() == b'{"nodes": []}'
    # ... and an edit in place of the output it kept is caught when read: never served as the old bytes
    (written / "map_001.skt").write_bytes(b"# map, edited\n")
    with pytest.raises(OutputCorrupt):
        cache.writer(stored, "map_001.skt")(io.BytesIO())
    # a file that changed between its hashing and the save: the entry is caught as damaged when read
    assert cache.save("changed", [("graph.json", written / "graph.json")], {}, {"graph.json": digests["graph.json"]})
    changed = cache.find("changed")
    assert changed is not None
    with pytest.raises(OutputCorrupt):
        cache.writer(changed, "graph.json")(io.BytesIO())


def test_where_no_link_can_be_made_the_entry_is_a_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a file system that refuses the link (another device), the entry is a copy of its own: the written
    file changing later leaves it whole."""
    import hashlib
    import io
    import os

    def refuse(_source: object, _target: object) -> None:
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", refuse)
    written = tmp_path / "graph.json"
    written.write_bytes(b'{"nodes": []}')
    cache = OutputCache(tmp_path / "outputs")
    digest = hashlib.sha256(written.read_bytes()).hexdigest()
    assert cache.save("k", [("graph.json", written)], {}, {"graph.json": digest})
    written.write_bytes(b'{"nodes": [1]}')
    stored = cache.find("k")
    assert stored is not None
    out = io.BytesIO()
    cache.writer(stored, "graph.json")(out)
    assert out.getvalue() == b'{"nodes": []}'
