"""No command ever loses a file codeknit did not write (issue 23, item 1).

Codeknit writes into a folder only what its record there says it wrote, replaces that without
being asked, and refuses an output that is the input, contains it, or holds anything else.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codeknit.cli import main
from codeknit.cli.safe_output import RECORD, OutputError, write_file, write_folder

SOURCE = "def helper(x):\n    return x\n\n\ndef main():\n    return helper(1)\n"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stderr


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# -- the cases ----------------------------------------------------------------------------------


@pytest.fixture
def world(tmp_path: Path) -> Path:
    (tmp_path / "acopy" / "pkg").mkdir(parents=True)
    (tmp_path / "acopy" / "pkg" / "app.py").write_text(SOURCE)
    (tmp_path / "acopy" / "pkg" / "util.py").write_text(SOURCE)
    (tmp_path / "proj" / "src").mkdir(parents=True)
    (tmp_path / "proj" / "src" / "app.py").write_text(SOURCE)
    (tmp_path / "proj" / "README.md").write_text("readme")
    (tmp_path / "thesis").mkdir()
    (tmp_path / "thesis" / "thesis.docx").write_bytes(b"\x00years of work")
    (tmp_path / "notes" / "sub").mkdir(parents=True)
    (tmp_path / "notes" / "notes.txt").write_text("notes")
    (tmp_path / "notes" / "sub" / "keep.md").write_text("keep")
    return tmp_path


@pytest.mark.parametrize("command", [
    ["parse", "acopy", "acopy", "--clean"],
    ["parse", "acopy", "-o", "acopy", "--clean"],
    ["parse", "proj/src", "proj", "--clean"],
    ["chunks", "acopy", "acopy", "--tokens", "4000", "--clean"],
    ["parse", "acopy", "-o", "thesis", "--clean"],
    ["parse", "acopy", "-o", "notes", "--clean"],
    ["chunks", "acopy", "-o", "notes", "--tokens", "4000"],
    ["parse", "acopy/pkg/app.py", "-o", "acopy/pkg"],
    ["map", "acopy", "--tokens", "500", "-o", "proj/README.md"],
    ["export", "acopy", "-f", "json", "-o", "thesis/thesis.docx"],
    ["graph", "analyze", "acopy", "-o", "acopy/pkg/app.py"],
])
def test_the_reported_deletions_are_refused_and_nothing_is_lost(world: Path, command: list[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(world)
    before = snapshot(world)
    code, err = run(*command, "--no-cache")
    assert code == 1, err
    assert "--clean" not in err and "Traceback" not in err
    assert snapshot(world) == before


def test_a_second_run_replaces_its_own_output_without_clean(world: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(world)
    for _ in range(2):
        assert run("parse", "acopy", "--no-cache", "-q") == (0, "")
        assert run("map", "acopy", "--tokens", "300", "-o", "map.skt", "--no-cache", "-q") == (0, "")
        assert run("graph", "show", "acopy", "--no-cache", "-q")[0] in (0, 1)  # 1 only without the viewer
    assert sorted(p.name for p in (world / "skeleton").iterdir()) == [RECORD, "map_001.skt"]


def test_an_output_folder_inside_the_input_is_not_analysed(world: Path) -> None:
    out = world / "acopy" / "skeleton"
    assert run("parse", str(world / "acopy"), "-o", str(out), "--format", "json", "--no-cache", "-q")[0] == 0
    (out / "graph.json").read_text()
    code, err = run("parse", str(world / "acopy"), "-o", str(out), "--format", "json", "--no-cache")
    assert code == 0, err
    assert "2 files" in err, "the earlier output is not read as source"


@pytest.mark.parametrize("content", [b"", b"my own notes", b'{"files": {}}', b"[1, 2]"])
def test_a_file_by_the_record_name_that_is_no_record_is_someone_elses(world: Path, content: bytes,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder holding only a file named like codeknit's record, which is not one (an empty file, or
    text of the user's), is refused: that file is not codeknit's to replace."""
    monkeypatch.chdir(world)
    (world / "out").mkdir()
    (world / "out" / RECORD).write_bytes(content)
    before = snapshot(world)
    code, err = run("parse", "acopy", "-o", "out", "--no-cache")
    assert code == 1, err
    assert RECORD in err and "did not write" in err
    assert snapshot(world) == before


@pytest.mark.parametrize("name", ["{victim}", "../victim.txt", "../../victim.txt", "sub/../../victim.txt", "./x",
                                  "a//b", ""])
def test_a_record_that_names_a_file_outside_its_folder_deletes_nothing(tmp_path: Path, name: str) -> None:
    """A record edited (or committed) to name a file outside the folder is no record of codeknit's: the folder
    is refused, and the file it names stays. Its deletion of the old output deletes only files inside the
    folder whose content is what the record says."""
    import json

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    write_folder(iter([("map.skt", b"x")]), out)
    record = json.loads((out / RECORD).read_text())
    record["files"][name.format(victim=victim)] = record["files"]["map.skt"]
    (out / RECORD).write_text(json.dumps(record))
    with pytest.raises(OutputError, match="did not write"):
        write_folder(iter([("map.skt", b"y")]), out)
    assert victim.read_text() == "precious" and (out / "map.skt").read_bytes() == b"x"


def test_the_old_output_goes_only_where_its_content_is_as_recorded(tmp_path: Path) -> None:
    import json

    from codeknit.cli.safe_output import _remove_recorded, file_sha256

    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "kept.skt").write_text("changed after the record")
    (folder / "gone.skt").write_text("as written")
    outside = tmp_path / "outside.skt"
    outside.write_text("as written")
    (folder / "link.skt").symlink_to(outside)
    digest = file_sha256(folder / "gone.skt")
    files = {"kept.skt": digest, "gone.skt": digest, "link.skt": digest}
    (folder / RECORD).write_text(json.dumps({"codeknit": "1", "files": files}))
    _remove_recorded(folder)
    assert not (folder / "gone.skt").exists()
    assert (folder / "kept.skt").exists() and (folder / "link.skt").is_symlink() and outside.exists()


@pytest.mark.parametrize("names", [["b.py.skt", "b.py.skt/c.py.skt"], ["b.py.skt/c.py.skt", "b.py.skt"]])
def test_a_file_and_a_folder_of_one_name_are_refused_with_both_names(tmp_path: Path, names: list[str]) -> None:
    """``--output-mode directory-tree`` over a file ``b.py`` beside a folder ``b.py.skt``: both want
    ``b.py.skt``. A clear error that names them (a traceback before), and nothing written."""
    with pytest.raises(OutputError, match="two output files would have one name: .*b.py.skt"):
        write_folder(iter([(name, b"x") for name in names]), tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_an_output_folder_has_the_mode_the_umask_gives(tmp_path: Path) -> None:
    """Like any folder ``mkdir`` makes (it was 0700, a temporary folder's, and a rerun made a 0755 folder 0700)."""
    previous = os.umask(0o022)
    try:
        out = tmp_path / "out"
        write_folder(iter([("sub/a.skt", b"x")]), out)
        assert stat.S_IMODE(out.stat().st_mode) == 0o755
        out.chmod(0o755)
        write_folder(iter([("sub/a.skt", b"y")]), out)
        assert stat.S_IMODE(out.stat().st_mode) == 0o755
        assert stat.S_IMODE((out / "sub").stat().st_mode) == 0o755
    finally:
        os.umask(previous)


def test_a_changed_output_file_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "report.skt"
    write_file(target, b"first")
    write_file(target, b"second")
    target.write_bytes(b"edited by hand")
    with pytest.raises(OutputError, match="changed since codeknit wrote it"):
        write_file(target, b"third")
    assert target.read_bytes() == b"edited by hand"


@pytest.mark.skipif(not os.path.exists(os.devnull) or not stat.S_ISCHR(os.stat(os.devnull).st_mode),
                    reason="this machine's /dev/null is not a device")
def test_a_device_is_written_to_never_replaced() -> None:
    write_file(Path(os.devnull), b"data")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_an_interrupted_folder_write_leaves_no_trace(tmp_path: Path) -> None:
    write_folder(iter([("a.skt", b"a")]), tmp_path / "out")

    def files():  # type: ignore[no-untyped-def]
        yield "a.skt", b"new"
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_folder(files(), tmp_path / "out")
    assert snapshot(tmp_path) == {"out/a.skt": b"a", f"out/{RECORD}": (tmp_path / "out" / RECORD).read_bytes()}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


# -- the property: output placed anywhere ---------------------------------------------------------------

NAMES = st.sampled_from(["a", "b", "src", "out", "skeleton", "docs", "x"])
FILE_NAMES = st.sampled_from(["app.py", "util.py", "notes.txt", "map_001.skt", "graph.json", "chunks.json",
                              "README.md", "thesis.docx", ".codeknit-output"])
RELPATH = st.lists(NAMES, min_size=0, max_size=2).map(lambda parts: "/".join(parts))


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[dict[str, str], str, str, list[str]]:
    """(files of the world, the input folder, the output place, the command) for one run."""
    files = draw(st.dictionaries(st.tuples(RELPATH, FILE_NAMES).map(lambda t: f"{t[0]}/{t[1]}".lstrip("/")),
                                 st.text(max_size=20), max_size=8))
    source_dir = draw(RELPATH)
    files[f"{source_dir}/mod.py".lstrip("/")] = SOURCE  # the input holds at least one source file
    # drop files whose path is a folder of another one (a world must be buildable)
    folders = {"/".join(p.split("/")[:i]) for p in files for i in range(1, p.count("/") + 1)}
    files = {p: t for p, t in files.items() if p not in folders}
    if any(p == source_dir or source_dir.startswith(p + "/") for p in files):
        source_dir = ""
    where = draw(st.sampled_from(["input", "ancestor", "inside", "beside", "anywhere"]))
    if where == "input":
        output = source_dir
    elif where == "ancestor":
        parts = source_dir.split("/") if source_dir else []
        output = "/".join(parts[: draw(st.integers(0, max(len(parts) - 1, 0)))])
    elif where == "inside":
        output = f"{source_dir}/{draw(NAMES)}".lstrip("/")
    elif where == "beside":
        output = f"{source_dir}-{draw(NAMES)}" if source_dir else draw(NAMES)
    else:
        output = draw(RELPATH)
    command = draw(st.sampled_from([
        ["parse", "{input}", "-o", "{output}"],
        ["parse", "{input}", "{output}", "--clean"],
        ["parse", "{input}", "-o", "{output}", "--output-mode", "directory-tree"],
        ["parse", "{input}", "-o", "{output}", "--format", "json"],
        ["chunks", "{input}", "-o", "{output}", "--tokens", "400"],
        ["map", "{input}", "--tokens", "300", "-o", "{output}/map.skt"],
        ["map", "{input}", "--tokens", "300", "-o", "{output}/notes.txt"],
        ["export", "{input}", "-f", "csv-nodes", "-o", "{output}/graph.json"],
        ["graph", "analyze", "{input}", "-o", "{output}/README.md"],
    ]))
    return files, source_dir, output, command


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_nothing_codeknit_did_not_write_ever_disappears(scenario: tuple[dict[str, str], str, str, list[str]]
                                                        ) -> None:
    files, source_dir, output, command = scenario
    with tempfile.TemporaryDirectory() as temporary:
        world = Path(temporary) / "world"
        world.mkdir()
        for relpath, text in files.items():
            (world / relpath).parent.mkdir(parents=True, exist_ok=True)
            (world / relpath).write_text(text)
        before = snapshot(world)
        arguments = [part.format(input=str(world / source_dir), output=str(world / output)) for part in command]
        results = []
        for _ in range(2):  # the second run meets the first one's output
            code, err = run(*arguments, "--no-cache", "-q")
            assert code in (0, 1), err
            assert "Traceback" not in err
            results.append(code)
            after = snapshot(world)
            lost = {path for path, content in before.items() if after.get(path) != content}
            assert not lost, f"{' '.join(arguments)} lost {sorted(lost)}: {err}"
        if results[0] == 0:
            assert results[1] == 0, "codeknit's own earlier output is replaced without --clean"


def test_a_signal_while_the_old_output_is_removed_waits_for_the_removal(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after the swap, while the old output's files are deleted from its hidden folder, is held until the
    folder is gone: cut short, the removal left ``.out.codeknit-old-*`` beside the new output (the interrupt test
    met it once in a few CI runs)."""
    import signal
    import time

    from codeknit.cli import safe_output

    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, \
        f"an earlier test left SIGINT's handler as {signal.getsignal(signal.SIGINT)!r}"
    out = tmp_path / "out"
    write_folder(iter([("a.skt", b"old"), ("b.skt", b"old")]), out)
    real_remove = safe_output._remove_recorded

    def remove(folder: Path) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # (the moment the removal starts)
        time.sleep(0.2)  # (room for the signal to be handled here, were it not held)
        real_remove(folder)

    monkeypatch.setattr(safe_output, "_remove_recorded", remove)
    with pytest.raises(KeyboardInterrupt):
        write_folder(iter([("a.skt", b"new")]), out)
        time.sleep(1)  # (as above: reached only if the signal was not delivered at the end of the block)
    assert (out / "a.skt").read_bytes() == b"new" and not (out / "b.skt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("fail_swap", [False, True])
def test_a_signal_during_the_swap_leaves_one_output_and_no_backup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  fail_swap: bool) -> None:
    """Ctrl-C while the old output is moved aside and the new one moved in is deferred to the end of
    the swap: then the new output is in place and the old one is gone, with no ``.out.codeknit-old-*``
    left beside it. A swap that fails halfway puts the old output back. (The signal is sent to the
    process, so any thread may take it: the deferral must hold whichever does.)"""
    import signal
    import time

    from codeknit.cli import safe_output

    # (what the test takes for granted, said where it fails: a flaky "DID NOT RAISE" named no cause at stop 58)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, \
        f"an earlier test left SIGINT's handler as {signal.getsignal(signal.SIGINT)!r}"
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, []), "an earlier test left SIGINT blocked"
    assert not signal.sigpending(), f"signals pending from an earlier test: {signal.sigpending()}"
    out = tmp_path / "out"
    write_folder(iter([("a.skt", b"old")]), out)
    real_replace = os.replace
    calls = []

    def replace(source: os.PathLike[str] | str, target: os.PathLike[str] | str) -> None:
        calls.append(source)
        if len(calls) == 1:
            os.kill(os.getpid(), signal.SIGINT)  # arrives between the two moves: deferred
        elif fail_swap and len(calls) == 2:
            raise OSError("disk full")
        real_replace(source, target)

    monkeypatch.setattr(safe_output.os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):  # (the signal is delivered once the swap is over, failed or not)
        write_folder(iter([("a.skt", b"new")]), out)
        # (reached only if it did not raise: a signal another thread took reaches Python's handler a moment
        # later, after the swap, which is all the deferral promises)
        time.sleep(1)
    monkeypatch.setattr(safe_output.os, "replace", real_replace)
    assert (out / "a.skt").read_bytes() == (b"old" if fail_swap else b"new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
