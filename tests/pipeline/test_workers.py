"""Extraction workers: they never run the analysed tree's code, and a lost file is an error, not a lost run."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from codeknit.pipeline.extract import PARALLEL_THRESHOLD, _decode, extract_file
from codeknit.pipeline.workers import map_in_processes
from codeknit.store.codec import dump_extraction
from codeknit.workspace import scan

CODEKNIT = Path(sys.executable).parent / "codeknit"


def large_tree(root: Path) -> None:
    """Two comment-only Python files over the parallel threshold together (cheap to parse)."""
    root.mkdir(parents=True, exist_ok=True)
    line = "#" + "y" * 78 + "\n"
    half = PARALLEL_THRESHOLD // 2 + len(line)
    for name in ("big_a.py", "big_b.py"):
        (root / name).write_text(line * (half // len(line) + 1))
    (root / "app.py").write_text("import enum\n\n\nclass Color(enum.Enum):\n    RED = 1\n")


def test_workers_never_import_modules_from_the_working_directory(tmp_path: Path) -> None:
    # the bench ran codeknit inside a copy of Python's standard library: the fork server's
    # ``python -c`` put the working directory first on sys.path, the workers imported that
    # tree's enum.py, and their records could not be read back (and the tree's code ran)
    tree = tmp_path / "tree"
    large_tree(tree)
    marker = tmp_path / "user-code-ran"
    (tree / "enum.py").write_text(f"open({str(marker)!r}, 'w').close()\nraise SystemExit('user code ran')\n")
    result = subprocess.run([str(CODEKNIT), "parse", ".", str(tmp_path / "out"), "--workers", "2",
                             "--format", "json", "--edges"], cwd=tree, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert not marker.exists()
    assert "errors: 0" in result.stderr or " 0 errors" in result.stderr


def _work(item: int) -> int:
    if item == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    if item == 5:
        raise ValueError("five")
    return item * 10


def test_a_worker_that_dies_costs_only_its_item() -> None:
    lost = functools.partial(_lost)
    got = dict(map_in_processes(_work, list(range(8)), 2, lost))
    assert got[3].startswith("lost 3: the worker process died (killed by signal 9)")
    assert got[5] == "lost 5: ValueError: five"
    assert {k: v for k, v in got.items() if k not in (3, 5)} == {k: k * 10 for k in range(8) if k not in (3, 5)}


def _lost(item: int, reason: str) -> str:
    return f"lost {item}: {reason}"


def test_an_unreadable_record_is_an_error_entry_not_a_failed_run(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    pass\n")
    file = scan(tmp_path).files[0]
    data, digest = dump_extraction(extract_file(file))
    forged = data.replace(b"codeknit.graph.model", b"builtins\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
    extraction, _data, _digest = _decode(file, (file.path, forged, digest))
    assert extraction.path == "a.py"
    assert extraction.symbols == []
    assert extraction.errors and extraction.errors[0].startswith("internal error: the extraction could not be read")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_workers_are_gone_when_the_map_is_closed_early() -> None:
    results = map_in_processes(_slow, list(range(6)), 2, _lost)
    next(results)
    pids = [p.pid for p in __import__("multiprocessing").active_children() if p.name == "codeknit-worker"]
    results.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def _slow(item: int) -> int:
    if item:
        import time

        time.sleep(30)
    return item


_HELPERS = """
import os
from multiprocessing import forkserver, resource_tracker
from codeknit.pipeline.workers import map_in_processes

def lost(item, reason):
    return reason

server, tracker = forkserver._forkserver, resource_tracker._resource_tracker
for _ in range(2):  # (the second map starts them again)
    assert dict(map_in_processes(abs, [-1, -2, -3], 2, lost)) == {-1: 1, -2: 2, -3: 3}
    assert server._forkserver_pid is None and tracker._pid is None, "still running"
forkserver.ensure_running()  # one that ran before the map is left running
pid = server._forkserver_pid
assert dict(map_in_processes(abs, [-1, -2], 2, lost)) == {-1: 1, -2: 2}
assert server._forkserver_pid == pid and tracker._pid is not None
os.kill(pid, 0)
print("ok")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the fork server is POSIX only")
def test_the_fork_server_and_resource_tracker_a_map_started_stop_when_it_ends() -> None:
    # (in a process of its own: the test process's helpers may already run). They hold 25 MB
    # through the resolve stage that follows extraction, where a run's memory peaks
    done = subprocess.run([sys.executable, "-c", _HELPERS], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


_WARMED = """
import sys
from codeknit.pipeline.workers import map_in_processes

def lost(item, reason):
    return reason

ENGINE = "__import__('codeknit.languages.engine', fromlist=['engine'])"
asks = ["'codeknit.pipeline.warm' in __import__('sys').modules",  # (eval is a builtin: it pickles)
        ENGINE + "._parser.cache_info().currsize",
        # (the value walk's split where the walk is built, the value query's where it is not)
        ENGINE + "._split_queries.cache_info().currsize + " + ENGINE + "._query.cache_info().currsize + "
        + ENGINE + "._walked_queries.cache_info().currsize",
        "__import__('signal').SIGINT in __import__('signal').pthread_sigmask(__import__('signal').SIG_BLOCK, [])",
        # (Python's own passes: narrowing's and static branches' queries)
        "__import__('codeknit.languages.python.narrowing', fromlist=['n'])._rebinding_query.cache_info().currsize"
        " + __import__('codeknit.languages.python.branches', fromlist=['b'])._if_query.cache_info().currsize"]
if sys.argv[1] == "warm":
    got = dict(map_in_processes(eval, asks, 1, lost, preload=("codeknit.pipeline.warm",),
                                environment={"CODEKNIT_WARM": "python:python,typescript:typescript,nothing:at-all"}))
else:
    got = dict(map_in_processes(eval, asks, 1, lost))
print([got[ask] for ask in asks])
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the fork server is POSIX only")
@pytest.mark.parametrize(("mode", "expected"), [("warm", "[True, 2, 2, True, 2]"), ("cold", "[False, 0, 0, True, 0]")])
def test_a_warmed_fork_server_hands_its_workers_the_compiled_grammars(mode: str, expected: str) -> None:
    """The workers' fork server imports ``codeknit.pipeline.warm`` before it forks: each worker starts with the
    parsers and queries of the run's grammars compiled (Python's own passes' too; an unknown language is passed
    over), and with SIGINT
    blocked, as the fork server started (its Ctrl-C is the parent's). Without the preload they start empty."""
    done = subprocess.run([sys.executable, "-c", _WARMED, mode], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == expected


_CUT_WHILE_STARTING = """
import os, signal, sys, time
from multiprocessing import forkserver
from codeknit.pipeline.workers import map_in_processes

def lost(item, reason):
    return reason

# Ctrl-C 0.5 s in, while the first worker's start waits for the fork server, which spends 2 s importing
# its preload before it forks anything
signal.setitimer(signal.ITIMER_REAL, 0.5)
signal.signal(signal.SIGALRM, lambda *_: os.kill(os.getpid(), signal.SIGINT))
started = time.monotonic()
try:
    dict(map_in_processes(abs, [-1, -2, -3], 2, lost, preload=("slow_preload",),
                          environment={"PYTHONPATH": sys.argv[1]}))
    print("not interrupted")
except KeyboardInterrupt:
    print("interrupted", forkserver._forkserver._forkserver_pid is None, round(time.monotonic() - started) < 8)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the fork server is POSIX only")
def test_a_ctrl_c_while_a_worker_starts_stops_the_map(tmp_path: Path) -> None:
    """A Ctrl-C while a worker is being started (the fork server still imports its preload) used to leave that
    worker running unlisted: it held the fork server's liveness pipe, so the fork server never ended, and the
    map waited for it forever. Now the interrupt waits until the worker is listed, and every process ends."""
    (tmp_path / "slow_preload.py").write_text("import time\ntime.sleep(2)\n")
    process = subprocess.Popen([sys.executable, "-c", _CUT_WHILE_STARTING, str(tmp_path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # (the hang: its fork server and worker too)
        process.communicate()
        pytest.fail("the interrupted map did not end")
    assert process.returncode == 0, err
    assert out.strip() == "interrupted True True"
