"""Python: where ``isinstance(x, C)`` narrows a local ``x`` to a ``C`` (``Extraction.narrowed``).

The tests are found by their calls' references; the regions where one holds are read off the
statements around it (``if``, ``assert``, ``and``, ``… if … else …``), up to where the function assigns
the name again (:func:`_rebinding_query`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Span
from codeknit.languages.conditions import ConditionSyntax, carried
from codeknit.languages.engine import CALLABLE_KINDS, Context, ScopeIndex, grammar_language, node_span
from codeknit.languages.python.names import dotted
from codeknit.languages.records import RawSymbol

if TYPE_CHECKING:
    from tree_sitter import Node, Query


def narrowing(ctx: Context, scopes: ScopeIndex) -> None:
    """``Extraction.narrowed``: where ``isinstance(x, C)`` holds, a type checker reads the local ``x`` as
    a ``C`` (``issubclass(x, C)``: as the class ``C``): in the body of ``if isinstance(x, C):``, on the
    right of ``isinstance(x, C) and …``, in the ``else`` of ``if not isinstance(x, C):`` and after it when
    its body leaves the block (``return``, ``raise``, ``continue``, ``break``), after ``assert
    isinstance(x, C)``. A region ends where the function assigns the name again."""
    root = ctx.root
    calls = [ref.span for ref in ctx.extraction.refs if ref.text in _TESTS and ref.kind is EdgeKind.CALLS]
    if not calls or root is None:
        return
    # (the calls' own references say where they are: a pattern of the query would cost more, compiled and
    # run on every call, than finding these few)
    # (the test, whether the test holding says the narrowing holds, the test's name, the name tested, the class)
    sites: list[tuple[Node, bool, Node, Node, Node]] = []
    for line, column, end_line, end_column in calls:
        function = root.named_descendant_for_point_range((line - 1, column), (end_line - 1, end_column))
        call = function.parent if function is not None else None
        if call is None or call.type != "call" or function.type != "identifier":  # type: ignore[union-attr]
            continue
        arguments = call.child_by_field_name("arguments")
        parts = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
        if ctx.text(function) == "type":  # type: ignore[arg-type]
            compared = _type_compared(ctx, call, parts)
            if compared is not None:
                test, holds, class_node = compared
                sites.append((test, holds, function, parts[0], class_node))  # type: ignore[arg-type]
        elif len(parts) == 2 and parts[0].type in ("identifier", "attribute") and \
                parts[1].type in ("identifier", "attribute", "tuple", "call"):
            sites.append((call, True, function, parts[0], parts[1]))  # type: ignore[arg-type]
    if not sites:
        return
    symbols = ctx.extraction.symbols
    found: list[tuple[int, str, list[tuple[int, int, Span, Node]], str]] = []
    for call, polarity, function, name_node, class_node in sites:
        scope = scopes.enclosing(call.start_byte, call.end_byte)
        if scope <= 0 or symbols[scope].kind not in CALLABLE_KINDS:
            continue
        classes = _narrowing_classes(ctx, class_node, symbols, scope)
        if classes is None:
            continue
        if name_node.type == "attribute":  # ``isinstance(ctx.command, Group)``: a member chain of a name
            chain = dotted(name_node, ctx)
            if chain is None or not chain[1] or "(" in chain[0]:
                continue
        regions = _narrowed_regions(call, polarity)
        if regions:
            name = ctx.text(name_node).replace(" ", "")
            mark = "=" if ctx.text(function) == "issubclass" else ""
            found.append((scope, name, regions, "|".join(mark + c for c in classes)))
    if not found:
        return
    from tree_sitter import QueryCursor

    narrowed = ctx.extraction.narrowed
    rebinding = QueryCursor(_rebinding_query())
    # (the names bound in a region's code, per node: several tests narrow in the same block, ``_rest_of_block``)
    bound_in: dict[int, tuple[list[Node], list[Node]]] = {}
    for scope, name, regions, to in found:
        head = name.partition(".")[0]
        # (a chain's narrowing ends where the chain or a part of it is assigned: ``ctx = …``, ``ctx.command = …``)
        members = {name[:cut] for cut in range(len(name) + 1) if cut == len(name) or name[cut] == "."} \
            if head != name else set()
        for start, end, span, node in regions:
            # (where the name is assigned again, in the region's code)
            bound = bound_in.get(node.id)
            if bound is None:
                bound = bound_in[node.id] = _bindings(rebinding.captures(node))
            cut = min((_bound_at(w) for w in bound[0]
                       if start <= w.start_byte < end and ctx.text(w) == head), default=None)
            if members:
                cut = min([c for c in [cut] if c is not None] + [
                    _bound_at(w) for w in bound[1]
                    if start <= w.start_byte < end and ctx.text(w).replace(" ", "") in members], default=None)
            if cut is not None and cut[0] < end:
                if cut[0] <= start:
                    continue
                span = (span[0], span[1], cut[1][0] + 1, cut[1][1])
            narrowed.setdefault(symbols[scope].span[:2], []).append((name, span, to))


#: the nodes between an assignment's target name and the assignment (``a, b = …``, ``[a, *b] = …``)
_TARGET_PARTS = frozenset({"pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern"})
#: the expressions and statements that bind their target once their value is computed
_ASSIGNING = frozenset({"assignment", "augmented_assignment", "named_expression"})


def _bound_at(target: Node) -> tuple[int, tuple[int, int]]:
    """``(byte, point)`` where the name or member ``target`` holds its new value: after the whole assignment
    (``x = x.value`` reads the old ``x`` on its right), else at the target (a loop's, a definition's)."""
    node = target.parent
    while node is not None and node.type in _TARGET_PARTS:
        node = node.parent
    if node is not None and node.type in _ASSIGNING:
        return node.end_byte, (node.end_point[0], node.end_point[1])
    return target.start_byte, (target.start_point[0], target.start_point[1])


#: the calls that narrow their first argument to their second (``type``: ``type(x) is C``, below)
_TESTS = frozenset({"isinstance", "issubclass", "type"})
#: the comparisons of ``type(x)`` with a class that say ``x`` is an instance of it (True) or is not (False)
_TYPE_COMPARISONS = {"is": True, "==": True, "is not": False, "!=": False}


def _type_compared(ctx: Context, call: Node, arguments: list[Node]) -> tuple[Node, bool, Node] | None:
    """``type(x) is C`` (``==``; ``is not``, ``!=``): the comparison, whether its holding says ``x`` is a ``C``,
    and the class's node, where ``x`` is a name or a member chain and ``C`` a name, a dotted name or
    ``type(self)`` (pyright narrows ``x`` to ``C`` there, as ``isinstance`` does)."""
    comparison = call.parent
    if len(arguments) != 1 or arguments[0].type not in ("identifier", "attribute") or comparison is None or \
            comparison.type != "comparison_operator" or comparison.named_child_count != 2:
        return None
    left, right = comparison.named_children
    if left.byte_range != call.byte_range or right.type not in ("identifier", "attribute", "call"):
        return None
    operator = " ".join(ctx.text_at(left.end_byte, right.start_byte).split())
    polarity = _TYPE_COMPARISONS.get(operator)
    return None if polarity is None else (comparison, polarity, right)
#: how a condition's truth passes up to the statement that reads it (``_narrowed_regions``)
_CONDITIONS = ConditionSyntax(parentheses="parenthesized_expression", negation="not_operator",
                              negation_operator=None, boolean="boolean_operator", conjunction="and",
                              disjunction="or")
#: statements after which a block goes no further
_LEAVING = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})


def _narrowed_regions(call: Node, polarity: bool = True) -> list[tuple[int, int, Span, Node]]:
    """Where the condition ``call`` (an ``isinstance`` test) is known to hold: ``(start byte, end byte, span,
    node around it)`` of each region (see ``narrowing``): the right operands its truth reaches
    (``carried``), and what the statement or expression around the condition runs where it held. With
    ``polarity`` False, the narrowing holds where the test does not (``type(x) is not C``)."""
    node, holds, rights = carried(call, _CONDITIONS, polarity)
    out = [_region(right) for right in rights]
    parent = node.parent
    kind = None if parent is None else parent.type
    if parent is None:
        pass
    elif kind in ("if_statement", "elif_clause"):
        condition = parent.child_by_field_name("condition")
        consequence = parent.child_by_field_name("consequence")
        if condition is None or condition.byte_range != node.byte_range or consequence is None:
            return out
        if holds:
            out.append(_region(consequence))
        elif kind == "if_statement":
            alternatives = parent.children_by_field_name("alternative")
            if not any(a.type == "elif_clause" for a in alternatives):
                for alternative in alternatives:
                    body = alternative.child_by_field_name("body")
                    if body is not None:
                        out.append(_region(body))
                if _leaves(consequence):
                    out += _rest_of_block(parent)
    elif kind == "conditional_expression":  # ``a if test else b``
        parts = parent.named_children
        if len(parts) == 3 and parts[1].byte_range == node.byte_range:
            out.append(_region(parts[0] if holds else parts[2]))
    elif kind == "assert_statement":
        if holds and parent.named_children and parent.named_children[0].byte_range == node.byte_range:
            out += _rest_of_block(parent)
    return out


def _narrowing_classes(ctx: Context, node: Node, symbols: list[RawSymbol], scope: int) -> list[str] | None:
    """The classes the second argument of ``isinstance(x, …)`` names, as dotted names: ``C``, a tuple of
    them (``(A, B)``: ``x`` is an ``A`` or a ``B``), ``type(self)`` / ``self.__class__`` in a method of a
    class of the module's top level (that class); else None."""
    if node.type == "tuple":
        found = [dotted(part, ctx) for part in node.named_children]
        names = [f[0] for f in found if f is not None and f[1] and "(" not in f[0]]
        return names if names and len(names) == len(found) else None
    receiver = symbols[scope].receiver
    if node.type == "call":  # ``type(self)``
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        if function is None or ctx.text(function) != "type" or arguments is None or receiver is None or \
                [ctx.text(a) for a in arguments.named_children] != [receiver]:
            return None
    elif receiver is not None and ctx.text(node) == f"{receiver}.__class__":
        pass
    else:
        chain = dotted(node, ctx)
        return [chain[0]] if chain is not None and chain[1] and "(" not in chain[0] else None
    owner = symbols[scope].parent  # (the method's class, named where the module can name it)
    if owner <= 0 or symbols[owner].kind.category is not Category.TYPE or symbols[owner].parent != 0 or \
            "static" in symbols[scope].properties or "classmethod" in symbols[scope].properties:
        return None
    return [symbols[owner].name]


def _region(node: Node) -> tuple[int, int, Span, Node]:
    return node.start_byte, node.end_byte, node_span(node), node


def _leaves(block: Node) -> bool:
    """Does the block end in a statement that leaves it (``return``, ``raise``, …)?"""
    for child in reversed(block.named_children):
        if child.type != "comment":
            return child.type in _LEAVING
    return False


def _rest_of_block(statement: Node) -> list[tuple[int, int, Span, Node]]:
    """The rest of the function block a statement is in, after it."""
    block = statement.parent
    if block is None or block.type != "block":
        return []
    end, start = block.end_point, statement.end_point
    if statement.end_byte >= block.end_byte:
        return []
    return [(statement.end_byte, block.end_byte, (start[0] + 1, start[1], end[0] + 1, end[1]), block)]


def warm() -> None:
    """Compile this module's query now (``PythonAdapter.warm``)."""
    _rebinding_query()


@functools.cache
def _rebinding_query() -> Query:
    """The names a statement or expression binds (``@name``; assignment and loop targets are read by :func:`_bindings`),
    ``:=``, ``as``, and the members ``del`` unbinds (``@member``)."""
    from tree_sitter import Query

    # (an assignment's, a loop's or an augmented assignment's target is read by ``_bindings``: a pattern of the
    # names in a tuple target, per statement, cost about 100 M instructions more to compile)
    return Query(grammar_language("python"), """
        (assignment left: (_) @assigned)
        (augmented_assignment left: (_) @augmented)
        (for_statement left: (_) @looped)
        (for_in_clause left: (_) @looped)
        (named_expression name: (identifier) @name)
        (as_pattern_target (identifier) @name)
        (function_definition name: (identifier) @name)
        (class_definition name: (identifier) @name)
        (lambda_parameters (identifier) @name)
        (delete_statement (attribute) @member)
    """)


def _bindings(captured: dict[str, list[Node]]) -> tuple[list[Node], list[Node]]:
    """The names and the members the statements of :func:`_rebinding_query`'s captures bind: a target name, the
    names of a tuple target (``a, b = …``, ``for a, (b, c) in …``: those of its own, and in a ``*rest`` of a
    ``pattern_list``), an assigned member (``x.a = …``, ``x.a, y = …``), a name or a member ``+=`` assigns, and the
    names and members the other patterns capture."""
    names = list(captured.get("name", ()))
    members = list(captured.get("member", ()))
    for target in captured.get("augmented", ()):
        if target.type == "identifier":
            names.append(target)
        elif target.type == "attribute":
            members.append(target)
    for key in ("assigned", "looped"):
        assigned = key == "assigned"
        for target in captured.get(key, ()):
            kind = target.type
            if kind == "identifier":
                names.append(target)
            elif kind == "attribute" and assigned:
                members.append(target)
            elif kind in _TARGET_PARTS:
                for child in target.named_children:
                    if child.type == "identifier":
                        names.append(child)
                    elif kind == "pattern_list" and child.type == "list_splat_pattern":
                        names += [name for name in child.named_children if name.type == "identifier"]
                    elif kind == "pattern_list" and assigned and child.type == "attribute":
                        members.append(child)
    return names, members
