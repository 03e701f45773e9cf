"""Ctrl-C and SIGTERM stop every command at once and cleanly (issue 23, item 2).

A parallel run used to hang on Ctrl-C: the workers died with tracebacks and the parent waited for
their results forever. Here a run over a tree large enough for worker processes is interrupted
at random moments, by SIGINT to the whole process group (as a terminal's Ctrl-C does) or by
SIGTERM to codeknit alone, and must end promptly with exit code 130 (SIGTERM too), without a
traceback, with the earlier output as it was, and without leaving a process behind.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from codeknit.pipeline import PARALLEL_THRESHOLD

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and process groups")

CODEKNIT = Path(sys.executable).parent / "codeknit"
#: a hang detector, not a performance bound: the run normally ends well within a second
PATIENCE = 15.0


def make_tree(root: Path) -> None:
    """Real Python code over the parallel threshold: extraction takes a few seconds with two workers."""
    body = "".join(f"def f{i}(x):\n    return g{i}(x) + {i}\n\n\ndef g{i}(y):\n    return [y, {i}]\n\n\n"
                   for i in range(600))
    root.mkdir()
    files = PARALLEL_THRESHOLD // len(body) + 4
    for n in range(files):
        (root / f"mod{n:03d}.py").write_text(f"from mod{(n + 1) % files:03d} import f1\n\n" + body)


def group_members(pgid: int) -> list[int]:
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(entry))
    return members


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float]:
    """The tree, and how long a cold run over it takes here."""
    root = tmp_path_factory.mktemp("interrupt") / "tree"
    make_tree(root)
    started = time.monotonic()
    subprocess.run([str(CODEKNIT), "parse", str(root), "-o", str(root.parent / "timing"), "--no-cache", "--workers",
                    "2", "-q"], check=True, timeout=600)
    return root, time.monotonic() - started


COMMANDS = [
    ["parse", "{tree}", "-o", "{out}", "--edges"],
    ["map", "{tree}", "--tokens", "2000", "-o", "{out}/map.skt"],
    ["chunks", "{tree}", "--tokens", "4000", "-o", "{out}"],
    ["export", "{tree}", "-f", "json", "-o", "{out}/graph.json"],
]


@pytest.mark.parametrize("seed", range(6))
def test_an_interrupted_run_stops_at_once_and_cleanly(tree: tuple[Path, float], tmp_path: Path, seed: int) -> None:
    root, whole = tree
    chance = random.Random(seed)
    command = COMMANDS[seed % len(COMMANDS)]
    out = tmp_path / "out"
    arguments = [str(CODEKNIT), *(part.format(tree=root, out=out) for part in command), "--workers", "2"]
    if command[0] != "parse" and command[0] != "chunks":
        out.mkdir()
    env = {**os.environ, "CODEKNIT_CACHE_DIR": str(root.parent / "cache")}
    subprocess.run(arguments, env=env, check=True, capture_output=True, timeout=600)  # the earlier output
    before = snapshot(out)

    terminate = seed % 3 == 2
    delay = chance.uniform(0.1, whole)
    # a cold run, with the persistent index (a fresh one: its writes may be cut too) or without
    cold = ["--no-cache"] if seed % 2 else []
    env["CODEKNIT_CACHE_DIR"] = str(tmp_path / "fresh-cache")
    process = subprocess.Popen([*arguments, *cold], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    time.sleep(delay)
    sent = time.monotonic()
    if terminate:
        process.send_signal(signal.SIGTERM)  # `kill PID`: codeknit alone
    else:
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the whole foreground process group
    try:
        _, stderr = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"{' '.join(command)} did not stop within {PATIENCE} s of the signal (sent after {delay:.2f} s)")
    stopped = time.monotonic() - sent
    text = stderr.decode(errors="replace")
    # the signal came too late to matter: the run finished (SIGTERM at the very end may still end
    # the process by the signal, after everything was written)
    finished = process.returncode in (0, -signal.SIGTERM)
    assert process.returncode in (0, 130) or finished, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    if not finished:
        assert "codeknit: " in text and "earlier output is unchanged" in text
    assert snapshot(out) == before, "the earlier output is intact (and a finished run writes the same bytes)"
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".out")] == [], "no staging folder left"
    deadline = time.monotonic() + 5
    while group_members(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert group_members(process.pid) == [], "no process outlives the run"
    print(f"{command[0]}: {'SIGTERM' if terminate else 'SIGINT'} after {delay:.2f} s of {whole:.2f} s, "
          f"stopped in {stopped:.2f} s, exit {process.returncode}")


def loading_native_module(pid: int, name: str) -> bool:
    """Has process ``pid`` mapped a native module whose file name starts with ``name``?"""
    try:
        maps = Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False
    return f"/{name}." in maps


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads /proc")
@pytest.mark.parametrize("after", [0.0, 0.005, 0.02, 0.05, 0.1, 0.2])
@pytest.mark.parametrize("how", ["command", "module"])
def test_a_ctrl_c_while_codeknit_starts_ends_it_without_a_traceback(tmp_path: Path, after: float, how: str) -> None:
    """The first tenths of a second load the command line; a Ctrl-C there used to print the import's
    traceback. Whenever it comes, the program ends with 130 (or 0: the run was done) and prints no traceback.

    The signal goes once the process is loading the command line (``_datetime``, which the interpreter's
    start and ``codeknit.__main__`` do not load, is mapped), and ``after`` seconds later: before codeknit
    runs a line, Python's own handler answers, which no program can change. Ended by the signal itself
    (-SIGINT) is accepted too, without a traceback (what a terminal shows for any program)."""
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.py").write_text("def f():\n    return g()\n\n\ndef g():\n    return 1\n")
    program = [str(CODEKNIT)] if how == "command" else [sys.executable, "-m", "codeknit"]
    env = {**os.environ, "CODEKNIT_CACHE_DIR": str(tmp_path / "cache")}
    process = subprocess.Popen([*program, "parse", str(tree), "-o", str(tmp_path / "out"), "-q"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + PATIENCE
    while not loading_native_module(process.pid, "_datetime") and process.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(after)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=PATIENCE)
    text = stderr.decode(errors="replace")
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert process.returncode in (0, 130, -signal.SIGINT), (process.returncode, text)
    if process.returncode == 130:
        assert "codeknit: interrupted" in text, text


def test_a_program_started_with_ctrl_c_ignored_keeps_ignoring_it_while_it_loads(tmp_path: Path) -> None:
    """``nohup`` and background jobs start a program with SIGINT ignored: codeknit's own handler for its first
    tenths of a second must not take that away (the run ends normally, with its output)."""
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.py").write_text("def f():\n    return 1\n")
    env = {**os.environ, "CODEKNIT_CACHE_DIR": str(tmp_path / "cache")}
    process = subprocess.Popen([str(CODEKNIT), "parse", str(tree), "-o", str(tmp_path / "out"), "-q"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    time.sleep(0.15)
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=PATIENCE)
    assert process.returncode == 0, stderr.decode(errors="replace")
    assert (tmp_path / "out").is_dir()


def test_a_ctrl_c_the_interpreter_would_ignore_is_delivered_again(capsys: pytest.CaptureFixture[str]) -> None:
    """A KeyboardInterrupt raised in a callback the interpreter runs on its own (a weak reference's while a
    module loads; here an object's ``__del__``) is not printed as ignored: it is raised again where the program
    can end on it. Other exceptions are reported as the interpreter reports them."""
    from codeknit.__main__ import _interrupt_again

    class Raises:
        def __init__(self, exc: BaseException) -> None:
            self.exc = exc

        def __del__(self) -> None:
            raise self.exc

    previous_hook, previous_handler = sys.unraisablehook, signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.unraisablehook = _interrupt_again
    try:
        with pytest.raises(KeyboardInterrupt):
            Raises(KeyboardInterrupt())  # (dropped at once: its ``__del__`` runs, and its exception is unraisable)
            deadline = time.monotonic() + PATIENCE  # (delivered from another thread, soon)
            while time.monotonic() < deadline:
                time.sleep(0.001)
        Raises(ValueError("kept"))
    finally:
        sys.unraisablehook = previous_hook
        signal.signal(signal.SIGINT, previous_handler)
    assert "ValueError: kept" in capsys.readouterr().err
