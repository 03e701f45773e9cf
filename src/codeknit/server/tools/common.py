"""What the tool modules share: argument types, the structured form of a symbol, annotations.

Argument types live at module level: the SDK reads each tool function's signature at run time
(so the tool modules do not use ``from __future__ import annotations``), builds the input schema
from it and validates arguments with it. Integers are strict (``true`` is not 1).
"""

from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Annotated, Any

from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from codeknit.server.limits import HARD_CAP_TOKENS, MIN_MAX_TOKENS, Deadline, ToolFailure
from codeknit.server.paths import MAX_PATH_LENGTH, Confinement
from codeknit.skeleton.budget import TokenBudgetError
from codeknit.skeleton.rank import FocusError

#: destructiveHint and idempotentHint mean something only when readOnlyHint is false (the spec), so they are left out
READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)

MaxTokens = Annotated[int, Field(
    strict=True, ge=MIN_MAX_TOKENS, le=HARD_CAP_TOKENS,
    description="Reply cap in tokens (text + structured).")]
CursorArg = Annotated[str | None, Field(
    max_length=4096, description="A cut answer's cursor, for its next part (same other arguments).")]
SymbolRef = Annotated[str, Field(
    min_length=1, max_length=2048,
    description="Full id (a.py::C.m), short id (S12), name (C.m, pkg.a.C.m) or path:line.")]
PathArg = Annotated[str, Field(
    max_length=MAX_PATH_LENGTH,
    description="File, directory or glob from the root ('.': all; ** crosses directories).")]
Minify = Annotated[bool, Field(strict=True, description="The minified .skt layout (edges under each symbol, "
                                                      "[dict] codes): about half the tokens with edges.")]
Focus = Annotated[list[str] | None, Field(
    max_length=32, description="Files or symbols to rank first (their neighbours next).")]
ChunkBudget = Annotated[int, Field(
    strict=True, ge=MIN_MAX_TOKENS, le=HARD_CAP_TOKENS,
    description="Tokens per chunk (and per reply).")]
Edges = Annotated[bool, Field(strict=True, description="Include [edges].")]
Flag = Annotated[bool, Field(strict=True)]


class SymbolRefOut(BaseModel):
    """A symbol in a structured list: the text has its line; this gives its ids."""

    id: str
    short: str


class SymbolInfo(SymbolRefOut):
    kind: str
    path: str
    start_line: int
    end_line: int
    signature: str


def compact_schema(schema: dict[str, Any], *, output: bool = False) -> dict[str, Any]:
    """A JSON schema without what only costs tokens in ``tools/list``: pydantic's ``title`` of
    every property and model, ``anyOf [X, null]`` spelled out (``type: [X, "null"]``), a ``null``
    default, the length limits of strings and lists (the server still enforces them, and its
    error says so); in an output schema also ``required`` (every field is always sent)."""

    def walk(node: Any, *, properties: bool = False) -> Any:
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        if properties:  # names → schemas: the names are not keywords
            return {name: walk(value) for name, value in node.items()}
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("title", "maxLength", "maxItems") or (output and key == "required"):
                continue
            out[key] = walk(value, properties=key in ("properties", "$defs"))
        options = out.get("anyOf")
        if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
            other = next(o for o in options if o != {"type": "null"})
            if isinstance(other.get("type"), str) and not set(other) & set(out):
                del out["anyOf"]
                out.update(other)
                out["type"] = [other["type"], "null"]
        if "default" in out and out["default"] is None:
            del out["default"]
        return out

    return walk(schema)  # type: ignore[no-any-return]


def wait_for(future: Future[Any], deadline: Deadline, what: str) -> Any:
    """The result of background work (a ranking, a chunk set), waiting no longer than the deadline
    allows; the work goes on when the call gives up, and the next call finds it done."""
    while True:
        deadline.check()
        try:
            return future.result(timeout=min(max(deadline.remaining, 0.0), 0.25))
        except FutureTimeout:
            if deadline.remaining <= 0:
                raise ToolFailure(f"{what} is still being computed; it goes on in the background, so call again "
                                  "in a little while with the same arguments") from None
            deadline.report(message=f"waiting for {what}")
        except (FocusError, TokenBudgetError) as problem:
            if isinstance(problem, FocusError):
                raise ToolFailure(f"focus: {str(problem).removeprefix('--focus ')}") from None
            raise ToolFailure(f"max_tokens: {problem}; ask for more tokens") from None


def focus_values(confinement: Confinement, focus: Sequence[str] | None) -> tuple[str, ...]:
    """Focus values as the ranking reads them; a path-like value must stay inside the root."""
    chosen: list[str] = []
    for value in focus or ():
        text = value.strip()
        if "/" in text or text.startswith("."):
            relative = confinement.relative(text, argument="focus")
            text = relative or text
        chosen.append(text)
    return tuple(chosen)
