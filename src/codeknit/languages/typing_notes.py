"""Recording what a local name holds (``Extraction.var_types``), for adapters that know it.

A name bound to two different types in one scope is left out: the resolver then
treats it as unknown, as it would any untyped local. (Not a language module:
``codeknit.languages.<language>`` discovery never looks at it.)
"""

from __future__ import annotations

from codeknit.languages.engine import Context
from codeknit.languages.java.adapter import state_of

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


def keep_typed_member_reads(ctx: Context) -> None:
    """``c.area`` on a local whose type is known reads a member of that type: not a local read to forget.

    For adapters built on the Java helpers (``state_of(ctx).value_refs``, dropped by ``drop_local_value_refs``):
    call it before that."""
    state = state_of(ctx)
    if not state.value_refs or not ctx.extraction.var_types:
        return
    symbols = ctx.extraction.symbols
    keep: set[int] = set()
    for ref in state.value_refs:
        head, dot, _ = ref.text.partition(".")
        if not dot:
            continue
        current = ref.scope
        while current > 0:
            if head in ctx.extraction.var_types.get(current, {}):
                keep.add(id(ref))
                break
            if head in state.locals.get(current, ()):
                break
            current = symbols[current].parent
    if keep:
        state.value_refs = [r for r in state.value_refs if id(r) not in keep]
