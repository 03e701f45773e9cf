"""The tags of the Python data-flow facts: what ``python/flow.py`` writes and ``pyflow`` reads.

A fact or an expression is a list whose first item is its tag. Both sides name the tags through
these constants (plain strings, so that the facts stay compact JSON and comparing a tag costs what
comparing a string costs); mypy types each as its literal, and :data:`ExprTag` / :data:`FactTag` list
them. The Rust solver (``rust/pyflow/src/facts.rs``) reads the same strings into typed enums. The
layout of each fact and expression is in ``flow.py``'s module docstring.
"""

from __future__ import annotations

import json
from typing import Any, Final, Literal

import orjson

#: the facts' format: a cached extraction whose facts have another version is not read
FLOW_VERSION: Final = 5

# -- expressions ------------------------------------------------------------------------------
#: ``["n", name, scope]``: a read of a name (a version of it) bound in ``scope``
NAME: Final = "n"
#: ``["a", e, attr, line, col]``: an attribute load
ATTR: Final = "a"
#: ``["c", span, ref, f, args, kws, star, dstar, text]``: a call
CALL: Final = "c"
#: ``["k"]`` / ``["k", str]``: a constant (a string literal carries its value)
CONSTANT: Final = "k"
#: ``["?"]``: a value the analysis does not model
UNKNOWN: Final = "?"
#: ``["l", line, col, elems]``: a list, tuple or set display
LIST: Final = "l"
#: ``["d", line, col, [[key, e], …]]``: a dict display
DICT: Final = "d"
#: ``["s", e, key, span]``: a subscript load
SUBSCRIPT: Final = "s"
#: ``["f", index]``: the function, lambda or class defined at symbol ``index``
DEFINED: Final = "f"
#: ``["o", [e, …]]``: one of these values (conditional and boolean operators)
ONE_OF: Final = "o"
#: ``["b", dunder, left, right, span]``: a binary operator or comparison that may call ``dunder``
BINARY: Final = "b"
#: ``["u", dunder, e, span]``: a unary operator
UNARY: Final = "u"
#: ``["S", cls, self]``: ``super()``
SUPER: Final = "S"
#: ``["t", [targets], span]``: a tuple of assignment targets (unpacking iterates the value; ``span`` is the targets')
TUPLE: Final = "t"
#: ``["*", e]``: a splat, or a starred target
STAR: Final = "*"
#: ``["**", e]``: a ``**`` splat in a dict display
DOUBLE_STAR: Final = "**"

#: a name no program writes: in a generator, ``[NAME, SENT, scope]`` is the value of its ``yield``
#: expressions, what its ``send()`` calls pass
SENT: Final = "<sent>"

ExprTag = Literal["n", "a", "c", "k", "?", "l", "d", "s", "f", "o", "b", "u", "S", "t", "*", "**"]

#: expressions whose evaluation has no effect: no ``EVAL`` fact is written for one (nor evaluated)
INERT: Final = frozenset({NAME, CONSTANT, UNKNOWN, DEFINED})

# -- facts ------------------------------------------------------------------------------------
#: ``["=", scope, target, e]``
ASSIGN: Final = "="
#: ``["e", scope, e]``: an expression evaluated for its effects
EVAL: Final = "e"
#: ``["r", scope, e]``
RETURN: Final = "r"
#: ``["y", scope, e]``
YIELD: Final = "y"
#: ``["yf", scope, e, span]``: ``span`` is the operand's (which is iterated)
YIELD_FROM: Final = "yf"
#: ``["for", scope, target, e, span]``
FOR: Final = "for"
#: ``["with", scope, target | None, e, span]``
WITH: Final = "with"
#: ``["fn", scope, index, params, generator, returns]``
FUNCTION: Final = "fn"
#: ``["def", scope, index, [[decorator, span], …], version]``: binds the definition's name
DEF: Final = "def"
#: ``["raise", scope, e, span]``
RAISE: Final = "raise"
#: ``["exc", scope, target, e]``: ``except E as target``
EXCEPT: Final = "exc"
#: ``["ann", scope, target, [type, …]]``: a variable annotation
ANNOTATION: Final = "ann"
#: ``["phi", scope, version, [version, …]]``: where paths join
PHI: Final = "phi"
#: ``["imp", scope, [line, col], local, version]``: the version an import binds
IMPORT: Final = "imp"

FactTag = Literal["=", "e", "r", "y", "yf", "for", "with", "fn", "def", "raise", "exc", "ann", "phi", "imp"]


# -- the encoding -----------------------------------------------------------------------------
# A file's facts travel and rest as one compact JSON text under the format's version,
# ``Extraction.flow = [FLOW_VERSION, text]``: what a worker process sends, what the index database
# keeps inside the pickled record, and what both solvers read (the Rust one parses the text itself).
# One string is cheap to send and to cache, and invisible to the garbage collector (millions of small
# lists would be scanned at every full collection until resolution).


def encode(facts: list[Any]) -> list[Any]:
    """``[FLOW_VERSION, text]`` for a file's facts."""
    return [FLOW_VERSION, _dumps(facts)]


def _dumps(value: object) -> str:
    # orjson writes the text json.dumps(separators=(",", ":"), ensure_ascii=False) writes, 8x faster; but it
    # refuses lists nested more than 255 deep (an expression as deep: a generated literal, a chain of 300
    # members), where json's own encoder goes as deep as the extraction could (``nesting too deep`` beyond)
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def decode(flow: list[Any]) -> list[list[Any]]:
    """The facts of an encoded ``flow`` (or of one a caller built with the facts as lists)."""
    body = flow[1]
    return orjson.loads(body) if isinstance(body, str) else body  # type: ignore[no-any-return]


def text(flow: list[Any]) -> str:
    """The JSON text of an encoded ``flow`` (what the compiled solver parses)."""
    body = flow[1]
    return body if isinstance(body, str) else _dumps(body)


def released(flow: list[Any]) -> list[Any]:
    """``flow`` without its facts, once they have been read for the last time: still readable, and
    still there (a file with facts), but empty."""
    return [flow[0], ""]


def readable(flow: list[Any] | None) -> bool:
    """Are these facts in this format (not missing, not from another version)?"""
    return bool(flow) and flow[0] == FLOW_VERSION  # type: ignore[index]
