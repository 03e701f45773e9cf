"""Recording what a local name holds (``Extraction.var_types``), for adapters that know it.

A name bound to two different types in one scope is left out: the resolver then
treats it as unknown, as it would any untyped local. (Not a language module:
``codeknit.languages.<language>`` discovery never looks at it.)
"""

from __future__ import annotations

from codeknit.languages.engine import Context

_CONFLICTS = "var_type_conflicts"


def note_var_type(ctx: Context, scope: int, name: str, type_text: str) -> None:
    """``name`` holds a ``type_text`` in ``scope`` (a symbol index before the engine reorders symbols)."""
    if scope <= 0 or not name or not type_text:
        return
    conflicts = ctx.state.setdefault(_CONFLICTS, set())
    assert isinstance(conflicts, set)
    if (scope, name) in conflicts:
        return
    types = ctx.extraction.var_types.setdefault(scope, {})
    known = types.get(name)
    if known is not None and known != type_text:
        del types[name]
        conflicts.add((scope, name))
        return
    types[name] = type_text


def note_unknown(ctx: Context, scope: int, name: str) -> None:
    """``name`` is also bound, in ``scope``, to something of unknown type: it is left out."""
    if scope <= 0 or not name:
        return
    conflicts = ctx.state.setdefault(_CONFLICTS, set())
    assert isinstance(conflicts, set)
    conflicts.add((scope, name))
    types = ctx.extraction.var_types.get(scope)
    if types is not None:
        types.pop(name, None)


def note_narrowing(ctx: Context, scope: int, name: str, region: tuple[int, int, int, int], type_text: str) -> None:
    """In ``region`` (a span inside the callable ``scope``), the local ``name`` holds a ``type_text``: a test holds
    there (``isinstance``, ``instanceof``, ``is``), or a loop, a lambda or a pattern binds it to an element
    (``Extraction.narrowed``, keyed by the scope's span, as the resolver's ``narrowing_at`` reads it)."""
    if scope <= 0 or not name or not type_text:
        return
    ctx.extraction.narrowed.setdefault(ctx.extraction.symbols[scope].span[:2], []).append((name, region, type_text))
