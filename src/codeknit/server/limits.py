"""Limits every answer respects: a token budget, a time limit, and cursors to continue.

* **Tokens.** Every result is at most ``max_tokens`` tokens of the server's
  tokenizer (``o200k_base`` unless told otherwise), counted exactly on the
  final text. The default is :data:`DEFAULT_MAX_TOKENS`; a request above
  :data:`HARD_CAP_TOKENS` is refused, not silently clipped.
* **Truncation is explicit.** An answer that does not fit says so and carries
  a cursor; calling the same tool with the same arguments and that cursor
  returns the next part.
* **Time.** Work checks a :class:`Deadline` as it goes and stops with
  :class:`ToolTimeout` when it runs out, or :class:`ToolCancelled` when the call was cancelled
  or its client went away. Nothing a client sends can run long between two checks: patterns
  run on RE2 (:mod:`codeknit.server.patterns`), exporters are stopped at their next write.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

import orjson

DEFAULT_MAX_TOKENS = 8_000
#: MCP clients cap tool results (Claude Code at about 25,000 tokens); stay below it with room to spare
HARD_CAP_TOKENS = 24_000
#: below this a useful answer cannot fit: its header, its structured part and one symbol
MIN_MAX_TOKENS = 400


class ToolFailure(Exception):
    """A request the server refuses or cannot answer; the message is for the model to read."""


class ToolTimeout(ToolFailure):
    """The time limit ran out."""


class ToolCancelled(ToolFailure):
    """The call was cancelled, or its client went away; nobody reads the answer."""


class Deadline:
    """The time limit of one call, checked cooperatively by the work (:meth:`check`), and the
    call's progress, which the work reports (:meth:`report`) and the server sends as MCP progress
    notifications.

    The work runs in a worker thread; :meth:`cancel` (the client cancelled the call, or went away)
    makes the next :meth:`check` stop it as well.
    """

    def __init__(self, seconds: float, what: str) -> None:
        self.seconds = seconds
        self.what = what
        self._end = time.monotonic() + seconds
        self._cancelled: str | None = None
        #: the last progress reported: (done, total, message); a new tuple each time
        self.progress: tuple[float, float | None, str | None] | None = None

    @property
    def remaining(self) -> float:
        return self._end - time.monotonic()

    def cancel(self, reason: str = "the call was cancelled") -> None:
        self._cancelled = reason

    @property
    def cancelled(self) -> bool:
        return self._cancelled is not None

    def check(self) -> None:
        if self._cancelled is not None:
            raise ToolCancelled(f"{self.what}: {self._cancelled}")
        if time.monotonic() > self._end:
            raise ToolTimeout(timeout_message(self.what, self.seconds))

    def report(self, done: float | None = None, total: float | None = None, message: str | None = None) -> None:
        """Record progress: ``done`` of ``total`` (either may be unknown), and what is being done."""
        last = self.progress
        if done is None:
            done = last[0] + 1 if last is not None else 0
        self.progress = (done, total, message)


def timeout_message(what: str, seconds: float) -> str:
    return (
        f"{what} ran out of its time limit ({seconds:g} s) and was stopped. Ask for less (a narrower path, "
        "a smaller depth, fewer edge kinds, a simpler pattern) or start the server with a larger --tool-timeout."
    )


def check_max_tokens(value: int, argument: str = "max_tokens") -> int:
    if value > HARD_CAP_TOKENS:
        raise ToolFailure(
            f"{argument}: {value} is over the hard cap of {HARD_CAP_TOKENS} tokens (MCP clients truncate or refuse "
            f"larger results); ask for at most {HARD_CAP_TOKENS} and continue with the cursor"
        )
    if value < MIN_MAX_TOKENS:
        raise ToolFailure(f"{argument}: {value} is too small; ask for at least {MIN_MAX_TOKENS} tokens")
    return value


# -- cursors ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cursor:
    """Where the next part of a truncated answer starts.

    ``offset`` counts the units (symbols, lines) already returned; ``anchor``
    names the first unit of the next part (a full id), so a continuation can
    find its place even after the index changed under it.
    """

    tool: str
    request: str  # digest of the arguments that shape the answer
    offset: int
    anchor: str = ""
    version: int = 0
    part: int = 0  # edge targets of the unit at ``offset`` already shown (a unit cut between pages)

    def encode(self) -> str:
        """``c1|tool|request|offset|version|part|anchor``: plain text, which costs a model far fewer
        tokens than base64 (it is in the text and the structured part of every cut answer)."""
        return f"{_CURSOR_FORMAT}|{self.tool}|{self.request}|{self.offset}|{self.version}|{self.part}|{self.anchor}"

    @classmethod
    def decode(cls, text: str, *, tool: str, request: str) -> Cursor:
        try:
            form, name, digest, offset, version, part, anchor = text.split("|", 6)
            if form != _CURSOR_FORMAT:
                raise ValueError(form)
            cursor = cls(name, digest, int(offset), anchor, int(version), int(part))
        except ValueError:
            raise ToolFailure("cursor: not a cursor this server handed out; pass the cursor from the previous "
                              "answer unchanged") from None
        if cursor.tool != tool:
            raise ToolFailure(f"cursor: it continues a {cursor.tool} answer, not {tool}")
        if cursor.request != request:
            raise ToolFailure("cursor: it belongs to a call with different arguments; repeat the arguments of the "
                              "call that returned it")
        if cursor.offset < 0 or cursor.part < 0:
            raise ToolFailure("cursor: bad offset")
        return cursor


_CURSOR_FORMAT = "c1"


def request_digest(arguments: dict[str, Any]) -> str:
    """A short digest of the arguments a cursor is tied to."""
    return hashlib.sha256(orjson.dumps(arguments, option=orjson.OPT_SORT_KEYS)).hexdigest()[:12]
