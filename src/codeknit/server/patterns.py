"""Patterns from a client (``find_symbol``'s regex, path globs) run on RE2: linear time, always.

Python's :mod:`re` backtracks, so a pattern such as ``^(\\w+\\s?)*$`` can take exponential time on
one name, inside one call that no deadline can interrupt. RE2 (the ``google-re2`` bindings)
matches in time linear in the text for every pattern it accepts, with bounded memory. It refuses
what it cannot run that way — backreferences (``\\1``) and lookaround (``(?=…)``, ``(?<!…)``) —
and a pattern whose automaton would need more than :data:`MAX_MEMORY` bytes; the refusal is an
error that names the argument and says why.

The syntax is Python's otherwise (``(?P<name>…)``, ``(?i)``, ``\\d``), except that ``\\w``, ``\\d``
and ``\\s`` are ASCII; ``\\pL`` is any letter.
"""

from __future__ import annotations

from typing import Any, Protocol

import re2

from codeknit.server.limits import ToolFailure

#: the most memory one compiled pattern may take (RE2's own bound; larger ones are refused)
MAX_MEMORY = 8 << 20

_OPTIONS: Any = re2.Options()
_OPTIONS.log_errors = False  # refusals are reported to the client, not logged on stderr
_OPTIONS.max_mem = MAX_MEMORY


class Pattern(Protocol):
    def search(self, text: str) -> Any: ...

    def fullmatch(self, text: str) -> Any: ...


def compile_pattern(pattern: str, *, argument: str = "query", what: str = "regular expression") -> Pattern:
    """``pattern`` compiled by RE2; :class:`ToolFailure` saying why when RE2 cannot run it."""
    try:
        return re2.compile(pattern, _OPTIONS)  # type: ignore[no-any-return]
    except re2.error as problem:
        reason = problem.args[0] if problem.args else "invalid"
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        hint = ""
        if "escape sequence" in reason and any(f"\\{d}" in pattern for d in "123456789"):
            hint = " (backreferences cannot be matched in linear time)"
        elif "perl operator" in reason and "(?" in pattern:
            hint = " (lookahead and lookbehind cannot be matched in linear time)"
        elif "too large" in reason or "repetition size" in reason:
            hint = " (the pattern is too large; simplify it)"
        raise ToolFailure(f"{argument}: not a {what} the server runs: {reason}{hint}. Patterns use RE2 syntax "
                          "(Python's, without backreferences or lookaround), which always runs in linear time"
                          ) from None
