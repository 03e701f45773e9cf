"""Run one function over many items in worker processes, and stop cleanly whatever happens.

``multiprocessing.Pool`` was not enough. A worker that dies mid-task (Ctrl-C reaches the whole
process group, a grammar crashes, the kernel kills it for memory) leaves the pool waiting forever
for that task's result: Ctrl-C hung a parallel run. Here each worker has its own pipe, and the
parent waits on the pipes and the processes at once, so it sees a death as soon as it happens:

- a worker that dies loses only its item, which becomes ``lost(item, reason)`` (an error record),
  and a new worker takes the rest;
- workers ignore SIGINT: Ctrl-C is the parent's to handle. When the parent is interrupted
  (``KeyboardInterrupt``, or SIGTERM turned into an exception by the CLI), it kills every worker
  and waits for them before the exception goes on, so no process outlives the run.

Worker processes come from a fork server started with ``PYTHONSAFEPATH`` set: its ``python -c``
command line would otherwise put the working directory first on ``sys.path``, and a tree that
holds an ``enum.py`` or a ``pickle.py`` (a Python standard library, say) would be imported in
place of Python's own: the user's code would run, and records pickled by a foreign ``enum`` could
not be read back.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: seconds a worker gets to leave on its own after it is told to stop, before it is killed
_EXIT_GRACE = 1.0


def _serve(conn: Connection, work: Callable[[Any], Any]) -> None:
    """A worker's loop: receive an item, send ``(True, result)`` or ``(False, message)``; None ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the parent decides
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if item is None:
            return
        try:
            reply: tuple[bool, Any] = (True, work(item))
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which turns it into an error record
            reply = (False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except Exception as exc:  # noqa: BLE001 - an unpicklable result is this item's failure, not the run's
            conn.send((False, f"the result could not be sent: {type(exc).__name__}: {exc}"))


@dataclass(slots=True)
class _Worker(Generic[T]):
    process: Any  # multiprocessing.process.BaseProcess
    conn: Connection
    item: T | None = None
    busy: bool = False


@contextlib.contextmanager
def _safe_path() -> Iterator[None]:
    """While processes start: Python leaves the working directory off ``sys.path`` (see the module doc)."""
    before = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = before


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM until the block is done (a cleanup, a rename that must not be cut in
    two); they are delivered after it. Only the main thread receives them, so elsewhere this does
    nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    # handlers that only note the signal, not a blocked mask: a signal sent to the process may land on
    # any thread that does not block it, and Python runs its handler in the main thread all the same
    caught: list[int] = []

    def hold(signum: int, _frame: object) -> None:
        caught.append(signum)

    held = [signal.SIGINT, signal.SIGTERM]
    previous = {signum: signal.signal(signum, hold) for signum in held}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if caught:
            signal.raise_signal(caught[0])  # delivered now, to the handler the block found


def _context() -> Any:
    return multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")


def _helpers_running() -> tuple[bool, bool]:
    """Are multiprocessing's fork server and resource tracker (its two helper processes) running?"""
    from multiprocessing import forkserver, resource_tracker

    server = getattr(forkserver, "_forkserver", None)
    tracker = getattr(resource_tracker, "_resource_tracker", None)
    return (getattr(server, "_forkserver_pid", None) is not None,
            getattr(tracker, "_pid", None) is not None)


def _stop_helpers(before: tuple[bool, bool]) -> None:
    """Stop the fork server and the resource tracker if this run started them (``before``: whether they
    ran when it began). Left running, they hold 25 MB between them until the process exits, through
    the whole resolve stage that follows extraction, where a run's memory peaks; the next run that
    needs workers starts them again (multiprocessing does, in ``ensure_running``)."""
    from multiprocessing import forkserver, resource_tracker

    server_ran, tracker_ran = before
    server = getattr(forkserver, "_forkserver", None)
    tracker = getattr(resource_tracker, "_resource_tracker", None)
    with contextlib.suppress(Exception):  # (private interfaces: if one changes, the helpers just stay)
        if not server_ran and getattr(server, "_forkserver_pid", None) is not None:
            server._stop()  # type: ignore[union-attr]
        if not tracker_ran and getattr(tracker, "_pid", None) is not None and \
                getattr(server, "_forkserver_pid", None) is None:
            tracker._stop()  # type: ignore[union-attr]


@contextlib.contextmanager
def _environment(values: Mapping[str, str]) -> Iterator[None]:
    """``values`` in the environment while processes start."""
    before = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread while the block runs; one that arrived meanwhile is delivered after it.
    A process started meanwhile inherits the blocked mask: a fork server never unblocks it (it ignores
    SIGINT once it runs), so a Ctrl-C while it imports its preload cannot print a traceback."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _start_fork_server(context: Any, preload: Sequence[str], environment: Mapping[str, str]) -> None:
    """Start the fork server with ``preload`` imported before it forks (with ``environment`` set), so that
    every worker inherits those modules instead of importing them itself. Only a server this call
    starts gets them: one already running (an earlier run's, in a long-lived process) stays as it is."""
    from multiprocessing import forkserver, resource_tracker

    if not hasattr(context, "set_forkserver_preload"):
        return
    context.set_forkserver_preload(list(preload))
    with _safe_path():
        # (first, and on its own: it blocks SIGINT while it starts, then unblocks it, which inside the block
        # below would leave the fork server to start with SIGINT unblocked)
        resource_tracker.ensure_running()
        with _environment(environment), _sigint_blocked():
            forkserver.ensure_running()


def map_in_processes(work: Callable[[T], R], items: Sequence[T], processes: int,
                     lost: Callable[[T, str], R], *, preload: Sequence[str] = (),
                     environment: Mapping[str, str] | None = None) -> Generator[tuple[T, R], None, None]:
    """``(item, work(item))`` for every item, in the order they finish, from ``processes`` workers.

    Items are handed out one at a time in the given order. An item whose worker died, or whose
    ``work`` raised, gives ``lost(item, reason)`` instead. ``work`` must be picklable (a module-level
    function or a ``functools.partial`` of one). Closing the iterator early, or an exception in the
    caller (Ctrl-C), stops every worker before it returns. ``preload``: modules a fork server that this
    call starts imports before it forks the workers, with ``environment`` set (see ``pipeline/warm.py``).
    """
    context = _context()
    helpers = _helpers_running()
    pending: deque[T] = deque(items)
    workers: list[_Worker[T]] = []

    def start() -> _Worker[T]:
        parent_end, child_end = context.Pipe()
        process = context.Process(target=_serve, args=(child_end, work), daemon=True, name="codeknit-worker")
        # (Ctrl-C held until the worker is listed, where it is stopped: cut short, ``start`` would leave a worker
        # running that nothing stops, holding the fork server's liveness pipe, so that the fork server, and
        # this process waiting for it to end, never did. A fork server's first fork waits for its preload)
        with signals_deferred():
            with _safe_path():
                process.start()
            child_end.close()
            worker: _Worker[T] = _Worker(process, parent_end)
            workers.append(worker)
        return worker

    def hand_out(worker: _Worker[T]) -> None:
        if pending:
            worker.item, worker.busy = pending.popleft(), True
            worker.conn.send(worker.item)

    def retire(worker: _Worker[T]) -> None:
        workers.remove(worker)
        worker.conn.close()
        worker.process.join(_EXIT_GRACE)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()

    finished = False
    try:
        if not helpers[0] and pending:  # (inside: a Ctrl-C held while it starts arrives here, and it is stopped)
            _start_fork_server(context, preload, environment or {})
        for _ in range(min(processes, len(pending))):
            hand_out(start())
        while any(w.busy for w in workers):
            busy = [w for w in workers if w.busy]
            ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
            for worker in busy:
                if worker.conn not in ready and worker.process.sentinel not in ready:
                    continue
                item = worker.item
                assert item is not None
                reply: tuple[bool, Any] | None = None
                try:
                    if worker.conn.poll():
                        reply = worker.conn.recv()
                except (EOFError, OSError):
                    reply = None
                if reply is None:  # the worker died with the item
                    worker.process.join(_EXIT_GRACE)
                    code = worker.process.exitcode
                    reason = (f"killed by signal {-code}" if code is not None and code < 0
                              else f"exited with code {code}")
                    retire(worker)
                    yield item, lost(item, f"the worker process died ({reason})")
                    if pending:
                        hand_out(start())
                    continue
                worker.item, worker.busy = None, False
                ok, value = reply
                hand_out(worker)  # (first: the worker goes on while the caller reads this result)
                yield item, (value if ok else lost(item, str(value)))
        finished = True
    finally:
        with signals_deferred():
            _stop(workers, gently=finished)
            _stop_helpers(helpers)


def _stop(workers: list[_Worker[Any]], *, gently: bool) -> None:
    """End every worker: told to leave after a complete run; killed at once after an interruption."""
    for worker in workers:
        if gently:
            with contextlib.suppress(OSError, ValueError):
                worker.conn.send(None)
        elif worker.process.is_alive():
            worker.process.kill()
    for worker in workers:
        worker.process.join(_EXIT_GRACE if gently else None)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.conn.close()
    workers.clear()
