"""Adapter helpers shared by the languages that :class:`~codeknit.resolve.scoped.ScopedRules` resolves
(Java, C#, Scala, Kotlin, Swift): per-file state, "which symbol encloses this node", locals bound per
callable, value uses owned by the field they initialise, and doc comments.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, Role, Span, SymbolKind
from codeknit.languages.engine import Context, ScopeIndex, node_span, siblings
from codeknit.languages.records import RawRef, RawSymbol

if TYPE_CHECKING:
    from tree_sitter import Node

MAX_DOC = 1000


@dataclass(slots=True)
class FileState:
    """Per-file adapter state, kept on the engine's :class:`Context`."""

    #: every symbol, for "which definition encloses this node" questions (built on first use)
    index: ScopeIndex | None = None
    #: anonymous-class counters, per enclosing type (by the type node's start byte)
    anonymous: dict[int, int] = field(default_factory=dict)
    #: local names bound per symbol index (callables and values with initialisers)
    locals: dict[int, set[str]] = field(default_factory=dict)
    #: calls of a bare name: dropped in ``finish`` when it is a local (``drop_local_value_refs``)
    value_refs: list[RawRef] = field(default_factory=list)
    #: implicit bases to record once symbol indexes are known: (start byte, base name, span)
    implicit_bases: list[tuple[int, str, tuple[int, int, int, int]]] = field(default_factory=list)
    #: symbol start byte → index (built on first use)
    by_start: dict[int, list[int]] | None = None
    #: names bound implicitly in a callable (a compact constructor's parameters), by its start byte
    implicit_locals: list[tuple[int, list[tuple[str, Span]]]] = field(default_factory=list)


def state_of(ctx: Context) -> FileState:
    state = ctx.state.get("scoped")
    if not isinstance(state, FileState):
        state = ctx.state["scoped"] = FileState()
    return state


def innermost(ctx: Context, node: Node) -> int:
    """The index of the innermost symbol (of any kind) whose bytes contain ``node``."""
    state = state_of(ctx)
    if state.index is None:
        state.index = ScopeIndex(ctx.extraction.symbols)
    return state.index.enclosing(node.start_byte, node.end_byte)


def symbol_at(ctx: Context, start_byte: int, kinds: frozenset[SymbolKind] | None = None) -> int:
    """The index of a symbol that starts at ``start_byte`` (optionally of some kinds), or -1."""
    state = state_of(ctx)
    if state.by_start is None:
        state.by_start = {}
        for index, symbol in enumerate(ctx.extraction.symbols):
            state.by_start.setdefault(symbol.start_byte, []).append(index)
    for index in state.by_start.get(start_byte, ()):
        if index and (kinds is None or ctx.extraction.symbols[index].kind in kinds):
            return index
    return -1


def anonymous_class(ctx: Context, node: Node, enclosing: int, base: str, name_node: Node) -> RawSymbol:
    """The anonymous class ``node`` (``new Base() {…}``): ``$1``, ``$2`` … in source order within the type
    that starts at byte ``enclosing`` (as ``javac`` numbers them), a subtype of ``base`` written at
    ``name_node``."""
    anonymous = state_of(ctx).anonymous
    number = anonymous[enclosing] = anonymous.get(enclosing, 0) + 1
    name = f"${number}"
    return RawSymbol(name=name, kind=SymbolKind.CLASS, span=node_span(node), name_span=node_span(name_node),
                     start_byte=node.start_byte, end_byte=node.end_byte,
                     signature=f"{name}: {base}" if base else name, properties={"anonymous": True})


def add_local(ctx: Context, owner: int, name: str) -> None:
    """Bind ``name`` locally in symbol ``owner`` (a callable, or a value's initialiser)."""
    if owner <= 0 or not name:
        return
    state_of(ctx).locals.setdefault(owner, set()).add(name)
    ctx.add_local(owner, name)


def value_owner(ctx: Context, node: Node, scope: int) -> int:
    """Where a use inside ``scope`` belongs: the value it initialises (a field, an enum constant), else ``scope``."""
    if ctx.extraction.symbols[scope].kind.category is not Category.TYPE:
        return scope  # inside a callable no value symbol can sit between the use and its scope
    inner = innermost(ctx, node)
    if inner > 0 and inner != scope and ctx.extraction.symbols[inner].kind.category is Category.VALUE:
        return inner
    return scope


def owned_scope(ctx: Context, scope_of: Callable[[int, int], int]) -> Callable[[int, int], int]:
    """:func:`value_owner` by byte offsets, for :meth:`~codeknit.languages.engine.Adapter.value_scope`: a
    value use in a field's initialiser is the field's."""
    state, symbols = state_of(ctx), ctx.extraction.symbols
    if state.index is None:
        state.index = ScopeIndex(symbols)
    enclosing = state.index.enclosing
    in_type = [symbol.kind.category is Category.TYPE for symbol in symbols]
    is_value = [symbol.kind.category is Category.VALUE for symbol in symbols]

    def scope(start: int, end: int) -> int:
        found = scope_of(start, end)
        if not in_type[found]:
            return found  # inside a callable no value symbol can sit between the use and its scope
        inner = enclosing(start, end)
        return inner if inner > 0 and inner != found and is_value[inner] else found

    return scope


def scoped_value(ctx: Context, found: tuple[str, bool, Node] | None, node: Node, scope: int, role: Role) -> None:
    """A value use (an adapter's :meth:`~Adapter.chain` of ``node``), owned as :func:`value_owner` says: a
    use in a field's initialiser is the field's."""
    if found is not None:
        ctx.add_value(value_owner(ctx, node, scope), found[0], node_span(found[2]), role, found[1])


def drop_local_value_refs(ctx: Context) -> None:
    """Forget calls of a bare name that is a local of an enclosing callable or initialiser (``f(x)`` of a
    C# delegate or a Scala function value: no method ``f``); the name's token is a read of the local.

    A member of a type between the use and the local's owner shadows the local
    (an anonymous class's field), so the walk stops at a type that declares the name.
    """
    state = state_of(ctx)
    if not state.value_refs:
        return
    symbols = ctx.extraction.symbols
    member_names: dict[int, set[str]] = {}
    for symbol in symbols[1:]:
        if symbol.parent > 0 and symbols[symbol.parent].kind.category is Category.TYPE:
            member_names.setdefault(symbol.parent, set()).add(symbol.name)
    drop: set[int] = set()
    for ref in state.value_refs:
        head = ref.text.split(".", 1)[0]
        if head in ("this", "super", "base"):
            continue
        current = ref.scope
        while current > 0:
            if head in state.locals.get(current, ()):
                drop.add(id(ref))
                break
            if head in member_names.get(current, ()):
                break
            current = symbols[current].parent
    if drop:
        for ref in state.value_refs:
            if id(ref) in drop and "." not in ref.text:
                ctx.add_value(ref.scope, ref.text, ref.span, Role.READ)
        ctx.extraction.refs = [r for r in ctx.extraction.refs if id(r) not in drop]


def clean_comment(text: str) -> str | None:
    """A comment's text without its markers: ``/** … */``, ``/* … */``, ``//``, ``///``."""
    text = text.strip()
    lines: list[str] = []
    if text.startswith("/*"):
        body = text[2:-2] if text.endswith("*/") else text[2:]
        body = body.lstrip("*!")
        for line in body.splitlines():
            line = line.strip()
            if line.startswith("*"):
                line = line[1:].strip()
            lines.append(line)
    else:
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("//"):
                line = line[2:].lstrip("/!").strip()
            lines.append(line)
    cleaned = "\n".join(lines).strip()
    while "\n\n\n" in cleaned:
        cleaned = cleaned.replace("\n\n\n", "\n\n")
    return cleaned[:MAX_DOC] or None


#: how far back :func:`comment_may_end_above` looks for the start of a line
_WINDOW = 512
#: the blanks a comment and a declaration may have between them, a line break aside (as byte values)
_BLANKS = frozenset(b" \t\r\x0b\x0c")


def comment_may_end_above(source: bytes, start: int) -> bool:
    """May a ``//`` or ``/* */`` comment end right above the byte ``start``, with blanks and at most one line
    break between? False only when that is certain: the last line before ``start``, blanks aside, holds no
    ``//`` nor ``*/`` (nor a backslash or a non-ASCII byte, which a grammar may take for a blank), and the
    line above it ends in no backslash (C's ``// …\\`` goes on). A few bytes read in place, before the
    siblings are listed: most declarations have no comment above them."""
    position, breaks = start, 0
    while position:
        byte = source[position - 1]
        if byte == 10:
            breaks += 1
            if breaks > 1:
                return False  # (a blank line between)
        elif byte not in _BLANKS:
            break
        position -= 1
    else:
        return False  # (nothing above: the file's start)
    line = source.rfind(b"\n", max(0, position - _WINDOW), position) + 1
    if not line and position > _WINDOW:
        return True  # (a line longer than the window)
    above = line - 2  # (the end of the line above, ``\r`` aside)
    while above >= 0 and source[above] == 13:
        above -= 1
    if above >= 0 and line and source[above] == 92:
        return True  # (a line continued from the one above)
    # (``find``, not ``in``: bytes' ``in`` tries its operand as an int first, an exception raised and cleared)
    text = source[line:position]
    return text.find(b"//") >= 0 or text.find(b"*/") >= 0 or text.find(b"\\") >= 0 or not text.isascii()


def leading_comment(
    ctx: Context, node: Node, comment_types: frozenset[str], *, javadoc_only: bool = False,
    clean: Callable[[str], str | None] | None = None, parent: Node | None = None,
) -> str | None:
    """The comment block right above ``node`` (no blank line between): one block comment or a run of ``//``,
    cleaned by ``clean`` (:func:`clean_comment` unless given: C# reads its XML doc comments).

    The siblings are read off the parent's children, listed once per parent (``engine.siblings``; ``parent``
    where the caller holds it), not through ``prev_sibling``, which walks down from the root each time
    (quadratic in a class's members)."""
    clean = clean or clean_comment
    if not comment_may_end_above(ctx.source, node.start_byte):
        return None
    children, position = siblings(ctx, node, parent)
    position -= 1
    if position < 0 or children[position].type not in comment_types:
        return None
    previous = children[position]
    if node.start_point[0] - previous.end_point[0] > 1:
        return None
    text = ctx.text(previous)
    if javadoc_only and not text.startswith("/**"):
        return None
    if text.startswith("/*"):
        return clean(text)
    parts = [text]
    first_line = previous.start_point[0]
    while position > 0:
        position -= 1
        current = children[position]
        if current.type not in comment_types or first_line - current.end_point[0] > 1 \
                or not ctx.text(current).startswith("//"):
            break
        parts.append(ctx.text(current))
        first_line = current.start_point[0]
    return clean("\n".join(reversed(parts)))


def module_name(package: str, path: str) -> str:
    stem = posixpath.splitext(posixpath.basename(path))[0]
    return f"{package}.{stem}" if package else stem


__all__ = [
    "FileState",
    "add_local",
    "anonymous_class",
    "clean_comment",
    "comment_may_end_above",
    "drop_local_value_refs",
    "innermost",
    "leading_comment",
    "module_name",
    "owned_scope",
    "scoped_value",
    "state_of",
    "symbol_at",
    "value_owner",
]
