"""SSE resumability over streamable HTTP: the events of each stream, kept for a while in memory.

With an event store the SDK opens every SSE stream with a *priming* event (an id, empty data,
and the ``retry`` interval the server suggests) and numbers every event after it. A client whose
stream broke reconnects with ``Last-Event-ID`` and gets the events it missed, so a long call's
answer is not lost with the connection. The store is bounded: the oldest events go first once
:data:`MAX_EVENTS` events or :data:`MAX_BYTES` bytes are kept; a client that comes back for a
forgotten event is told nothing can be replayed (the SDK answers as for an unknown id).
"""

from __future__ import annotations

import itertools
from collections import OrderedDict

from mcp.server.streamable_http import EventCallback, EventId, EventMessage, EventStore, StreamId
from mcp.types import JSONRPCMessage

#: events kept at most, over all streams
MAX_EVENTS = 2_000
#: bytes of JSON kept at most, over all streams (a large answer is about 100 KB)
MAX_BYTES = 32 * 1024 * 1024
#: what the priming event tells clients to wait before reconnecting, in milliseconds
RETRY_MS = 1_000


class MemoryEventStore(EventStore):
    """Events in arrival order, each with its stream; bounded by count and by size."""

    def __init__(self, max_events: int = MAX_EVENTS, max_bytes: int = MAX_BYTES) -> None:
        self.max_events = max_events
        self.max_bytes = max_bytes
        self._events: OrderedDict[EventId, tuple[StreamId, JSONRPCMessage | None, int]] = OrderedDict()
        self._bytes = 0
        self._numbers = itertools.count(1)

    async def store_event(self, stream_id: StreamId, message: JSONRPCMessage | None) -> EventId:
        event_id = str(next(self._numbers))
        size = len(message.model_dump_json(by_alias=True, exclude_none=True)) if message is not None else 0
        self._events[event_id] = (stream_id, message, size)
        self._bytes += size
        while len(self._events) > self.max_events or (self._bytes > self.max_bytes and len(self._events) > 1):
            _, (_, _, dropped) = self._events.popitem(last=False)
            self._bytes -= dropped
        return event_id

    async def replay_events_after(self, last_event_id: EventId, send_callback: EventCallback) -> StreamId | None:
        found = self._events.get(last_event_id)
        if found is None:
            return None
        stream_id = found[0]
        after = False
        for event_id, (stream, message, _) in list(self._events.items()):
            if after and stream == stream_id and message is not None:
                await send_callback(EventMessage(message, event_id))
            elif event_id == last_event_id:
                after = True
        return stream_id
