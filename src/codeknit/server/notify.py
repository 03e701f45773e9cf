"""What the server tells its clients unasked: log messages, resource updates, list changes.

* **Logging.** ``logging/setLevel`` sets, per connection, the least severe level of the log
  notifications (``notifications/message``) it is sent; until a client sets one it gets warnings
  and worse. The messages are the server's own log records (logger ``codeknit``): a new snapshot
  and what it changed (info), a refresh that failed (error), and so on.
* **Subscriptions.** ``resources/subscribe`` to ``skt://<file or directory>`` (any page) sends
  ``notifications/resources/updated`` when a new snapshot re-extracted a file under it or resolved
  its references again; ``codeknit://status`` is updated by every snapshot. URIs of other schemes
  are refused: nothing would ever update them.
* **List changes.** ``notifications/resources/list_changed`` goes to every connection when the
  set of indexed files (each a ``skt://`` resource) changes.
* Clients of the 2026-07-28 protocol, which ``subscriptions/listen`` instead, get the same events
  through the SDK's subscription bus (``skt://<file>`` of each changed file, ``codeknit://status``).

Snapshots are published, and log records emitted, in other threads; they are handed to the event
loop (:meth:`Notifier.run`) and sent from there on each connection's own channel (stdout on stdio,
the standalone GET stream over HTTP). Connections are tracked weakly: one that closed is forgotten.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any
from urllib.parse import unquote

from mcp.server.connection import Connection, allowed_log_levels
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import ResourcesListChanged, ResourceUpdated
from mcp.types import (
    INVALID_PARAMS,
    EmptyResult,
    SetLevelRequestParams,
    SubscribeRequestParams,
    UnsubscribeRequestParams,
)

from codeknit.server.live import Snapshot
from codeknit.server.paths import PathRefused

log = logging.getLogger(__name__)  # about sending: never forwarded (a failed send must not send more)
#: what happened to the index: forwarded like every other ``codeknit`` logger
index_log = logging.getLogger("codeknit.server.index")

#: MCP log levels, least severe first, with the :mod:`logging` level each starts at
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "notice": logging.INFO + 5, "warning": logging.WARNING,
          "error": logging.ERROR, "critical": logging.CRITICAL, "alert": logging.CRITICAL + 5,
          "emergency": logging.CRITICAL + 10}
#: what a connection is sent before it sets a level
DEFAULT_LEVEL = "warning"
#: notifications waiting to be sent at most (more are dropped: a client that reads nothing must not fill memory)
QUEUE_SIZE = 1_000
#: the loggers whose records are forwarded
FORWARDED = "codeknit"


def mcp_level(levelno: int) -> str:
    """The MCP level of a :mod:`logging` level."""
    chosen = "debug"
    for name, number in LEVELS.items():
        if levelno >= number:
            chosen = name
    return chosen


def connection_of(ctx: ServerRequestContext[Any, Any]) -> Connection | None:
    """The connection a request came on (the SDK keeps it on the request's session)."""
    connection = getattr(ctx.session, "_connection", None)
    return connection if isinstance(connection, Connection) else None


class Notifier:
    """Connections, their log levels and subscriptions, and the queue notifications go out from."""

    def __init__(self, workspace: Any, bus: Any = None) -> None:
        self.workspace = workspace
        #: the SDK's ``subscriptions/listen`` bus (protocol 2026-07-28 clients), told the same things
        self.bus = bus
        self._connections: weakref.WeakSet[Connection] = weakref.WeakSet()
        self._levels: weakref.WeakKeyDictionary[Connection, int] = weakref.WeakKeyDictionary()
        self._subscriptions: weakref.WeakKeyDictionary[Connection, set[str]] = weakref.WeakKeyDictionary()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[tuple[str, Any]] | None = None
        self.handler = _ForwardingHandler(self)
        workspace.on_snapshot.append(self.snapshot_published)

    # -- the connections (called in the event loop) ------------------------------------------

    def seen(self, connection: Connection) -> None:
        self._connections.add(connection)

    def level_of(self, connection: Connection) -> int:
        return self._levels.get(connection, LEVELS[DEFAULT_LEVEL])

    def set_level(self, connection: Connection, level: str) -> None:
        self._levels[connection] = LEVELS[level]
        self._update_logger_level()

    def subscribe(self, connection: Connection, uri: str) -> None:
        self._subscriptions.setdefault(connection, set()).add(uri)

    def unsubscribe(self, connection: Connection, uri: str) -> None:
        self._subscriptions.get(connection, set()).discard(uri)

    def subscriptions(self, connection: Connection) -> set[str]:
        return set(self._subscriptions.get(connection, ()))

    def _update_logger_level(self) -> None:
        """Let the records the most talkative connection wants through to the handler."""
        wanted = min([*self._levels.values(), LEVELS[DEFAULT_LEVEL]])
        logging.getLogger(FORWARDED).setLevel(min(wanted, logging.getLogger().getEffectiveLevel()))

    # -- from any thread ----------------------------------------------------------------------

    def post(self, kind: str, payload: Any) -> None:
        loop, queue = self._loop, self._queue
        if loop is None or queue is None or loop.is_closed():
            return

        def put() -> None:
            if queue.qsize() < QUEUE_SIZE:
                queue.put_nowait((kind, payload))

        try:
            loop.call_soon_threadsafe(put)
        except RuntimeError:  # the loop is closing
            pass

    def snapshot_published(self, snapshot: Snapshot, previous: Snapshot | None) -> None:
        self.post("snapshot", (snapshot, previous))

    # -- in the event loop ---------------------------------------------------------------------

    async def run(self) -> None:
        """Send what is posted, until cancelled."""
        self._loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue()
        root = logging.getLogger(FORWARDED)
        root.addHandler(self.handler)
        try:
            while True:
                kind, payload = await self._queue.get()
                try:
                    if kind == "snapshot":
                        await self._snapshot(*payload)
                    else:
                        await self._log(payload)
                except Exception:  # noqa: BLE001 - one failed notification must not stop the others
                    log.debug("sending a notification failed", exc_info=True)
        finally:
            root.removeHandler(self.handler)
            self._loop = self._queue = None

    async def _log(self, record: logging.LogRecord) -> None:
        params = {"level": mcp_level(record.levelno), "logger": record.name, "data": record.getMessage()}
        for connection in list(self._connections):
            if record.levelno >= self.level_of(connection) and _logs_allowed(connection):
                await connection.notify("notifications/message", params)

    async def _snapshot(self, snapshot: Snapshot, previous: Snapshot | None) -> None:
        # the snapshot is handed over while it is being prepared; tell clients once they can read it
        live = self.workspace.live
        for _ in range(500):
            current = live.snapshot() if live is not None else None
            if current is not None and current.version >= snapshot.version:
                break
            await asyncio.sleep(0.01)
        new_paths = set(snapshot.files)
        old_paths = set(previous.files) if previous is not None else set()
        changed = set(snapshot.reextracted) | (new_paths ^ old_paths)
        everything = snapshot.reresolved is None or previous is None
        changed |= set(snapshot.reresolved or ())
        index_log.info("index snapshot %d: %d files, %d extracted again, %s resolved again, %.2f s", snapshot.version,
                 len(snapshot.files), len(snapshot.reextracted),
                 "all files" if snapshot.reresolved is None else f"{len(snapshot.reresolved)} files",
                 snapshot.build_seconds)
        for connection in list(self._connections):
            for uri in sorted(self._subscriptions.get(connection, ())):
                if uri == "codeknit://status" or _touches(uri, changed, everything):
                    await connection.send_resource_updated(uri)
            if new_paths != old_paths:
                await connection.send_resource_list_changed()
        if self.bus is not None:  # listeners filter on exact URIs: each changed file's, and the status
            await self.bus.publish(ResourceUpdated(uri="codeknit://status"))
            for path in sorted(new_paths if everything else changed & (new_paths | old_paths)):
                await self.bus.publish(ResourceUpdated(uri=f"skt://{path}"))
            if new_paths != old_paths:
                await self.bus.publish(ResourcesListChanged())


def _logs_allowed(connection: Connection) -> bool:
    return bool(allowed_log_levels(connection.protocol_version, None))


def skeleton_path(uri: str) -> str | None:
    """The path of a ``skt://`` URI (without its page), or None for another scheme."""
    if not uri.startswith("skt://"):
        return None
    return unquote(uri[len("skt://"):].split("?", 1)[0])


def _touches(uri: str, changed: set[str], everything: bool) -> bool:
    path = skeleton_path(uri)
    if path is None:
        return False
    if everything:
        return True
    path = path.strip("/")
    if path in ("", "."):
        return bool(changed)
    return any(p == path or p.startswith(path + "/") for p in changed)


class _ForwardingHandler(logging.Handler):
    """Hands the server's log records to the notifier (a record about sending is not sent)."""

    def __init__(self, notifier: Notifier) -> None:
        super().__init__(logging.DEBUG)
        self.notifier = notifier

    def emit(self, record: logging.LogRecord) -> None:
        if record.name != __name__:
            self.notifier.post("log", record)


# -- the protocol's handlers -----------------------------------------------------------------------


def register_notifications(server: Any, notifier: Notifier) -> None:
    """``logging/setLevel``, ``resources/subscribe`` and ``resources/unsubscribe``, and a middleware
    that notes every connection that makes a request (list changes go to all of them)."""
    lowlevel = getattr(server, "_lowlevel_server", None)
    if lowlevel is None:  # pragma: no cover - an SDK without the attribute: no notifications
        return
    workspace = server.workspace

    async def set_level(ctx: ServerRequestContext[Any, Any], params: SetLevelRequestParams) -> EmptyResult:
        connection = connection_of(ctx)
        if connection is not None:
            notifier.set_level(connection, params.level)
        return EmptyResult()

    def checked(uri: str) -> str:
        if uri in ("codeknit://status", "codeknit://schema/graph", "codeknit://guide/skt"):
            return uri
        path = skeleton_path(uri)
        if path is None:
            raise MCPError(code=INVALID_PARAMS, message=f"uri: {uri!r} is not a resource of this server; it serves "
                                                        "skt://<path> and codeknit://status, schema/graph, guide/skt")
        try:
            workspace.confinement.relative(path.strip("/") or ".", argument="uri", allow_glob=True)
        except PathRefused as refused:
            raise MCPError(code=INVALID_PARAMS, message=str(refused)) from None
        except Exception:  # noqa: BLE001 - no root yet: the path is checked when it is read
            pass
        return uri

    async def subscribe(ctx: ServerRequestContext[Any, Any], params: SubscribeRequestParams) -> EmptyResult:
        connection = connection_of(ctx)
        if connection is not None:
            notifier.subscribe(connection, checked(params.uri))
        return EmptyResult()

    async def unsubscribe(ctx: ServerRequestContext[Any, Any], params: UnsubscribeRequestParams) -> EmptyResult:
        connection = connection_of(ctx)
        if connection is not None:
            notifier.unsubscribe(connection, params.uri)
        return EmptyResult()

    class Track:
        async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: Any) -> Any:
            connection = connection_of(ctx)
            if connection is not None:
                notifier.seen(connection)
            return await call_next(ctx)

    lowlevel.add_request_handler("logging/setLevel", SetLevelRequestParams, set_level)
    lowlevel.add_request_handler("resources/subscribe", SubscribeRequestParams, subscribe)
    lowlevel.add_request_handler("resources/unsubscribe", UnsubscribeRequestParams, unsubscribe)
    lowlevel.middleware.append(Track())


__all__ = ["LEVELS", "Notifier", "connection_of", "mcp_level", "register_notifications", "skeleton_path"]
