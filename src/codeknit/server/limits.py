"""Limits every answer respects: a token budget, a time limit, and cursors to continue.

* **Tokens.** Every result is at most ``max_tokens`` tokens of the server's
  tokenizer (``o200k_base`` unless told otherwise), counted exactly on the
  final text. The default is :data:`DEFAULT_MAX_TOKENS`; a request above
  :data:`HARD_CAP_TOKENS` is refused, not silently clipped.
* **Truncation is explicit.** An answer that does not fit says so and carries
  a cursor; calling the same tool with the same arguments and that cursor
  returns the next part.
* **Time.** Work checks a :class:`Deadline` as it goes and stops with
  :class:`ToolTimeout` when it runs out.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from codeknit.tokens import TokenCounter

DEFAULT_MAX_TOKENS = 8_000
#: MCP clients cap tool results (Claude Code at about 25,000 tokens); stay below it with room to spare
HARD_CAP_TOKENS = 24_000
#: below this a useful answer (its header and one symbol) cannot fit
MIN_MAX_TOKENS = 200


class ToolFailure(Exception):
    """A request the server refuses or cannot answer; the message is for the model to read."""


class ToolTimeout(ToolFailure):
    """The time limit ran out."""


@dataclass(slots=True)
class Deadline:
    """A point in time after which work stops (checked cooperatively)."""

    seconds: float
    what: str
    _end: float = 0.0

    def __post_init__(self) -> None:
        self._end = time.monotonic() + self.seconds

    @property
    def remaining(self) -> float:
        return self._end - time.monotonic()

    def check(self) -> None:
        if time.monotonic() > self._end:
            raise ToolTimeout(timeout_message(self.what, self.seconds))


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
    part: int = 0  # relations of the unit at ``offset`` already shown (a unit split between parts)

    def encode(self) -> str:
        payload = {"t": self.tool, "r": self.request, "o": self.offset, "a": self.anchor, "v": self.version,
                   "p": self.part}
        return base64.urlsafe_b64encode(orjson.dumps(payload)).decode("ascii").rstrip("=")

    @classmethod
    def decode(cls, text: str, *, tool: str, request: str) -> Cursor:
        try:
            padded = text + "=" * (-len(text) % 4)
            payload = orjson.loads(base64.urlsafe_b64decode(padded.encode("ascii")))
            cursor = cls(str(payload["t"]), str(payload["r"]), int(payload["o"]), str(payload.get("a", "")),
                         int(payload.get("v", 0)), int(payload.get("p", 0)))
        except (ValueError, KeyError, TypeError, binascii.Error, orjson.JSONDecodeError, UnicodeEncodeError):
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


def request_digest(arguments: dict[str, Any]) -> str:
    """A short digest of the arguments a cursor is tied to."""
    return hashlib.sha256(orjson.dumps(arguments, option=orjson.OPT_SORT_KEYS)).hexdigest()[:12]


# -- fitting a budget ---------------------------------------------------------------------------


def count_text(counter: TokenCounter, text: str) -> int:
    """Exact tokens of ``text`` (cached line by line when it ends with a newline, so re-counting a
    longer version of the same answer is cheap)."""
    if text.endswith("\n"):
        return counter.count_lines(text[:-1].split("\n"))
    return counter.count(text)


@dataclass(frozen=True, slots=True)
class Fitted:
    units: int  # how many units made it into the text
    text: str
    tokens: int


def fit(total: int, build: Callable[[int], str], counter: TokenCounter, max_tokens: int,
        deadline: Deadline | None = None, *, first: int = 64) -> Fitted:
    """The largest ``k`` ≤ ``total`` whose ``build(k)`` has at most ``max_tokens`` tokens.

    ``build(k)`` renders the answer with its first ``k`` units (and, when
    ``k < total``, the truncation notice and cursor). Token counts grow with
    ``k``, so a galloping search (``first``, twice that, … then bisection)
    finds ``k`` with a few builds, none much larger than the answer. Every
    accepted text was counted exactly. When not even ``build(0)`` fits, that
    is returned anyway (it holds only the header and the notice) with its
    real count; callers keep headers far below :data:`MIN_MAX_TOKENS`.
    """
    def measure(k: int) -> tuple[str, int]:
        if deadline is not None:
            deadline.check()
        text = build(k)
        return text, count_text(counter, text)

    best: tuple[int, str, int] | None = None
    low, high = 0, total + 1  # every k ≤ low fits (when best is set); high does not
    probe = min(total, max(first, 1))
    while True:
        text, tokens = measure(probe)
        if tokens <= max_tokens:
            best, low = (probe, text, tokens), probe
            if probe == total:
                return Fitted(probe, text, tokens)
            probe = min(total, probe * 2)
        else:
            high = probe
            break
    while high - low > 1:
        middle = (low + high) // 2
        text, tokens = measure(middle)
        if tokens <= max_tokens:
            best, low = (middle, text, tokens), middle
        else:
            high = middle
    if best is None:
        text, tokens = measure(0)
        best = (0, text, tokens)
    return Fitted(*best)
