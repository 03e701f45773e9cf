"""Python: the branches a type checker decides without running the code (property ``when``).

``if TYPE_CHECKING:`` and ``if sys.version_info >= (3, 8):`` (and their ``else``) define names a checker
reads under that condition; the resolver prefers among such definitions (``PythonRules.prefer_targets``).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from codeknit.languages.engine import Context, grammar_language
from codeknit.languages.records import RawSymbol

if TYPE_CHECKING:
    from tree_sitter import Node, Query


def static_branches(ctx: Context, symbols: list[RawSymbol]) -> None:
    """Property ``when``: the conditions a type checker decides without running the code
    (``TYPE_CHECKING``, ``sys.version_info`` against a version) under which the branch that defines a
    symbol is taken (``if sys.version_info < (3, 8): def get_origin …``: ``when=[python<3.8]``; its
    ``else:``, ``python>=3.8``; ``not TYPE_CHECKING``). The resolver reads them where a scope defines
    a name in several such branches (``PythonRules.prefer_targets``); the version is a setting there."""
    regions = branch_regions(ctx)
    if not regions:
        return
    for symbol in symbols:
        found = [held for start, end, held in regions if start <= symbol.start_byte < end]
        if found:
            symbol.properties["when"] = tuple(dict.fromkeys(found))


def conditions_at(ctx: Context, byte: int) -> tuple[str, ...]:
    """The conditions a type checker decides under which the code at ``byte`` runs (``static_branches``'s
    ``when`` of a symbol starting there); () outside every such branch."""
    return tuple(dict.fromkeys(held for start, end, held in branch_regions(ctx) if start <= byte < end))


def branch_regions(ctx: Context) -> list[tuple[int, int, str]]:
    """``(start byte, end byte, condition)`` of each block a statically decided condition guards, for the
    file (found once: the adapter asks while it makes the symbols, ``static_branches`` after)."""
    found = ctx.state.get("python.branch regions")
    if isinstance(found, list):
        return found
    regions: list[tuple[int, int, str]] = []
    ctx.state["python.branch regions"] = regions
    source, root = ctx.source, ctx.root
    if root is None or (b"TYPE_CHECKING" not in source and b"version_info" not in source):
        return regions
    from tree_sitter import QueryCursor

    for statement in QueryCursor(_if_query()).captures(root).get("if", ()):
        earlier: list[str] = []  # (the negations of the conditions before, where each is decided)
        clauses = [statement, *statement.children_by_field_name("alternative")]
        for clause in clauses:
            body = clause.child_by_field_name("consequence" if clause.type != "else_clause" else "body")
            condition = clause.child_by_field_name("condition") if clause.type != "else_clause" else None
            atom = _static_condition(ctx, condition) if condition is not None else None
            holds = [*earlier, atom] if atom is not None else earlier
            if body is not None and holds:
                regions += [(body.start_byte, body.end_byte, held) for held in holds]
            if condition is None:
                break
            if atom is not None:
                earlier = [*earlier, _negated(atom)]
    return regions


def warm() -> None:
    """Compile this module's query now (``PythonAdapter.warm``)."""
    _if_query()


@functools.cache
def _if_query() -> Query:
    """Every ``if`` statement (``static_branches``)."""
    from tree_sitter import Query

    return Query(grammar_language("python"), "(if_statement) @if")


#: a comparison's operator, and the one that says its negation
_NEGATED = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}


def _static_condition(ctx: Context, node: Node) -> str | None:
    """What a condition says in terms a type checker evaluates statically: ``TYPE_CHECKING`` (or
    ``typing.TYPE_CHECKING``), ``python<op><version>`` for ``sys.version_info <op> (3, 8)`` (or
    ``sys.version_info[:2] == (3, 8)``), ``not`` of either; else None."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    kind = node.type
    if kind == "not_operator":
        inner = node.child_by_field_name("argument")
        found = _static_condition(ctx, inner) if inner is not None else None
        return _negated(found) if found is not None else None
    if kind in ("identifier", "attribute"):
        text = ctx.text(node)
        return "TYPE_CHECKING" if text == "TYPE_CHECKING" or text.endswith(".TYPE_CHECKING") else None
    if kind != "comparison_operator" or node.named_child_count != 2:
        return None
    left, right = node.named_children
    operator = ctx.text_at(left.end_byte, right.start_byte).strip()
    if operator not in _NEGATED or right.type != "tuple":
        return None
    subject = ctx.text(left).replace(" ", "")
    sliced = subject.endswith(f"[:{right.named_child_count}]")
    if subject.removesuffix(f"[:{right.named_child_count}]") not in ("sys.version_info", "version_info"):
        return None
    parts = right.named_children
    if not parts or len(parts) > 3 or any(p.type != "integer" or not ctx.text(p).isdigit() for p in parts):
        return None
    if operator in ("==", "!=") and not sliced:  # (the whole version_info is a tuple of five: never equal)
        return None
    return f"python{operator}{'.'.join(ctx.text(p) for p in parts)}"


def _negated(condition: str) -> str:
    if condition == "TYPE_CHECKING":
        return "not TYPE_CHECKING"
    if condition == "not TYPE_CHECKING":
        return "TYPE_CHECKING"
    operator = condition[6:8] if condition[7] in "=" else condition[6]
    return f"python{_NEGATED[operator]}{condition[6 + len(operator):]}"
