"""The state one server process shares between its sessions, and the path of every tool call.

A tool call goes: wait for the first index if there is none yet (sending
progress notifications), look for changed files (:meth:`LiveIndex.check`),
wait a bounded time for a refresh under way, then compute the answer from
one snapshot in a worker thread, under the token budget and the time limit,
sending the progress the work reports when the client asked for progress.
A call that runs out of time, is cancelled, or whose client went away
(:meth:`Workspace.cancel_all`) is stopped at the work's next deadline check.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from collections.abc import Callable
from concurrent.futures import Executor, Future
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import anyio
import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent

from codeknit.server.config import ServerConfig
from codeknit.server.limits import Deadline, ToolFailure, check_max_tokens, timeout_message
from codeknit.server.live import Freshness, LiveIndex, ShortIds, Snapshot
from codeknit.server.paths import Confinement
from codeknit.server.view import Answer, GraphView
from codeknit.tokens import TokenCounter, get_tokenizer

log = logging.getLogger(__name__)

Compute = Callable[[GraphView, Freshness, Deadline], Answer]


class BackgroundWork(Executor):
    """At most ``workers`` tasks at a time, each on a daemon thread.

    A ranking or a chunk set goes on when the call that asked for it gives up (the next call finds it
    done), but nothing waits for it when the server exits: a ``ThreadPoolExecutor``'s threads are
    joined at exit, so an orphaned server would keep planning chunks nobody will read.
    """

    def __init__(self, workers: int) -> None:
        self._slots = threading.BoundedSemaphore(workers)
        self._pending: set[Future[Any]] = set()
        self._lock = threading.Lock()
        self._shut = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._shut:
                raise RuntimeError("the background work has been shut down")
            self._pending.add(future)

        def run() -> None:
            with self._slots:
                with self._lock:
                    self._pending.discard(future)
                if not future.set_running_or_notify_cancel():
                    return
                try:
                    future.set_result(fn(*args, **kwargs))
                except BaseException as problem:  # noqa: BLE001 - handed to whoever waits on the future
                    future.set_exception(problem)

        threading.Thread(target=run, name="codeknit-ranking", daemon=True).start()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._shut = True
            pending = list(self._pending) if cancel_futures else []
        for future in pending:
            future.cancel()


class Workspace:
    """The live index, the short ids and the tokenizer of one server process."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.short_ids = ShortIds()
        self.counter = TokenCounter(get_tokenizer(config.tokenizer))
        self.roots_declared: list[str] = []
        #: why the root served is not the client's (its roots name no folder here), or ""
        self.root_note = ""
        self._live: LiveIndex | None = None
        self._confinement: Confinement | None = None
        self._views: dict[int, GraphView] = {}
        #: background work of the views (rankings, chunk sets) that may outlive one call
        self.executor = BackgroundWork(2)
        self._lock = threading.Lock()
        self._root_lock = anyio.Lock()
        #: the deadlines of the calls being computed now (cancelled when the client goes away)
        self._running: set[Deadline] = set()
        #: called with each new snapshot, after readers can see it (resource notifications)
        self.on_snapshot: list[Callable[[Snapshot, Snapshot | None], None]] = []
        self._published: Snapshot | None = None

    # -- the index ----------------------------------------------------------------------

    def start(self) -> None:
        """Start indexing now when the root is known (it is unless the client's roots are awaited)."""
        if self.config.root is not None:
            self._open(self.config.root)

    def close(self, *, flush_timeout: float = 60.0) -> None:
        """Stop: running calls are stopped at their next check, the live index is closed (a graph not
        yet written to the persistent index is waited for up to ``flush_timeout`` seconds)."""
        self.cancel_all("the server is shutting down")
        if self._live is not None:
            self._live.close(flush_timeout=flush_timeout)
        self.executor.shutdown(wait=False, cancel_futures=True)

    def cancel_all(self, reason: str) -> None:
        """Stop every call being computed at its next deadline check."""
        with self._lock:
            running = list(self._running)
        for deadline in running:
            deadline.cancel(reason)

    @property
    def live(self) -> LiveIndex | None:
        return self._live

    @property
    def confinement(self) -> Confinement:
        if self._confinement is None:
            raise ToolFailure("no root is being served yet")
        return self._confinement

    def _open(self, root: Path) -> LiveIndex:
        with self._lock:
            if self._live is None:
                root = root.absolute()
                self._confinement = Confinement(root)
                self._live = LiveIndex(
                    root, self.config.index, debounce=self.config.debounce,
                    rescan_interval=self.config.rescan_interval, workers=self.config.workers,
                    short_ids=self.short_ids, prepare=self._prepare, persistent=self.config.cache,
                    parse_timeout=self.config.parse_timeout,
                ).start()
            return self._live

    async def ensure_index(self, ctx: Context[Any, Any] | None) -> LiveIndex:
        """The live index; without a root given at start-up, from the client's first declared root."""
        if self._live is not None:
            return self._live
        async with self._root_lock:
            if self._live is None:
                root = await self._client_root(ctx) or Path(os.getcwd())
                self._open(root)
        assert self._live is not None
        return self._live

    async def _client_root(self, ctx: Context[Any, Any] | None) -> Path | None:
        if ctx is None:
            return None
        try:
            capabilities = ctx.session.client_capabilities
            if capabilities is None or capabilities.roots is None:
                return None
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                result = await ctx.session.list_roots()
        except Exception:  # noqa: BLE001 - no roots is not an error: fall back to the working directory
            log.info("the client declared roots but listing them failed", exc_info=True)
            return None
        self.roots_declared = [str(root.uri) for root in result.roots]
        for root in result.roots:
            parsed = urlparse(str(root.uri))
            if parsed.scheme == "file" and os.path.isdir(unquote(parsed.path)):
                return Path(unquote(parsed.path))
        if self.roots_declared:  # (said in index_status and the log: an empty index with no reason misleads)
            self.root_note = (f"none of the client's roots is a folder here ({', '.join(self.roots_declared[:5])}): "
                              "serving the working directory; start codeknit serve with PATH to choose")
            log.warning("%s", self.root_note)
        return None

    def _prepare(self, snapshot: Snapshot) -> None:
        view = GraphView(snapshot, self.short_ids, self.counter, self.executor)
        view.warm()
        view.ranking()  # started now, in the background: the map and the chunks need it
        with self._lock:
            self._views[snapshot.version] = view
            for version in sorted(self._views)[:-2]:
                del self._views[version]
            previous, self._published = self._published, snapshot
        for listener in list(self.on_snapshot):
            try:
                listener(snapshot, previous)
            except Exception:  # noqa: BLE001 - a listener must not stop the index
                log.exception("a snapshot listener failed")

    def view_of(self, snapshot: Snapshot) -> GraphView:
        with self._lock:
            view = self._views.get(snapshot.version)
            if view is None:
                view = self._views[snapshot.version] = GraphView(snapshot, self.short_ids, self.counter,
                                                                 self.executor)
            return view

    async def current(self, ctx: Context[Any, Any] | None) -> tuple[GraphView, Freshness]:
        """A view of the freshest snapshot available within the waits the configuration allows."""
        live = await self.ensure_index(ctx)
        snapshot = live.snapshot()
        if snapshot is None:
            snapshot = await self._wait_first(live, ctx)
        await anyio.to_thread.run_sync(live.check)
        freshness = await anyio.to_thread.run_sync(live.wait_fresh, self.config.refresh_wait, abandon_on_cancel=True)
        snapshot = live.snapshot() or snapshot
        return self.view_of(snapshot), freshness

    async def _wait_first(self, live: LiveIndex, ctx: Context[Any, Any] | None) -> Snapshot:
        waited = 0.0
        step = 0.5
        while waited < self.config.startup_wait:
            snapshot = await anyio.to_thread.run_sync(live.wait_ready, step, abandon_on_cancel=True)
            if snapshot is not None:
                return snapshot
            if live.error is not None:
                raise ToolFailure(f"the index could not be built: {live.error}")
            waited += step
            progress = live.progress()
            if ctx is not None:
                message = f"indexing {live.root.name}: {progress.phase} {progress.done}/{progress.total}"
                try:
                    await ctx.report_progress(progress.done, progress.total or None, message)
                except Exception:  # noqa: BLE001 - progress is best effort
                    log.debug("progress notification failed", exc_info=True)
        progress = live.progress()
        raise ToolFailure(
            f"the first index of {live.root} is still being built ({progress.phase}, {progress.done}/"
            f"{progress.total} files); call again in a little while"
        )

    # -- answering ------------------------------------------------------------------------

    async def answer(self, ctx: Context[Any, Any] | None, tool: str, compute: Compute, *,
                     max_tokens: int | None = None) -> CallToolResult:
        """Run one tool call: budget check, fresh view, computation under the time limit."""
        try:
            if max_tokens is not None:
                check_max_tokens(max_tokens)
            view, freshness = await self.current(ctx)
            deadline = Deadline(self.config.tool_timeout, tool)
            with self._lock:
                self._running.add(deadline)
            try:
                result = await self._compute(ctx, compute, view, freshness, deadline)
            finally:
                with self._lock:
                    self._running.discard(deadline)
        except ToolFailure as failure:
            raise ToolError(str(failure)) from None
        return CallToolResult(content=[TextContent(type="text", text=result.text)],
                              structured_content=result.structured)

    async def _compute(self, ctx: Context[Any, Any] | None, compute: Compute, view: GraphView,
                       freshness: Freshness, deadline: Deadline) -> Answer:
        """``compute`` in a worker thread; its progress is sent meanwhile. When the call is cancelled or
        runs out of time, the work is told to stop (it checks the deadline as it goes)."""
        failure: Exception | None = None
        answer: Answer | None = None
        progress = _Progress(ctx, deadline)
        async with anyio.create_task_group() as group:
            if ctx is not None:
                group.start_soon(progress.run)
            try:
                with anyio.fail_after(self.config.tool_timeout + 1.0):
                    answer = await anyio.to_thread.run_sync(partial(compute, view, freshness, deadline),
                                                            abandon_on_cancel=True)
            except TimeoutError:
                deadline.cancel("out of time")
                failure = ToolFailure(timeout_message(deadline.what, self.config.tool_timeout))
            except Exception as problem:  # noqa: BLE001 - raised below, outside the task group
                failure = problem
            except BaseException:
                deadline.cancel("the call was cancelled")
                raise
            finally:
                group.cancel_scope.cancel()
        if failure is not None:
            raise failure
        assert answer is not None
        await progress.send()  # the last state the work reported, before the answer
        return answer


class _Progress:
    """Progress notifications from what the work of one call reports (:meth:`Deadline.report`): at
    most one per :attr:`every` seconds while it runs, and its last state before the answer. The SDK
    sends them only when the client's request carried a progress token."""

    every = 0.5

    def __init__(self, ctx: Context[Any, Any] | None, deadline: Deadline) -> None:
        self.ctx = ctx
        self.deadline = deadline
        self.sent: tuple[float, float | None, str | None] | None = None

    async def run(self) -> None:
        while True:
            await anyio.sleep(self.every)
            await self.send()

    async def send(self) -> None:
        progress = self.deadline.progress
        if self.ctx is None or progress is None or progress is self.sent:
            return
        self.sent = progress
        try:
            await self.ctx.report_progress(*progress)
        except Exception:  # noqa: BLE001 - progress is best effort
            log.debug("progress notification failed", exc_info=True)
