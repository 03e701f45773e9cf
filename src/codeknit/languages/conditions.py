"""Where a test is known to hold: the walk up from a test through the expressions that carry its truth, for
adapters that record narrowing (``Extraction.narrowed``: Python's ``isinstance``, TypeScript's
``instanceof``). Each language names its grammar's node types and operators; what the walk ends at (an
``if``, a conditional expression, an ``assert``) the adapter reads itself. (Not a language module:
``codeknit.languages.<language>`` discovery never looks at it.)
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node


@dataclass(frozen=True, slots=True)
class ConditionSyntax:
    """A grammar's spelling of the expressions a test's truth passes through."""

    #: a parenthesized expression
    parentheses: str
    #: a negation, and the operator (its ``operator`` field) that makes that node type one; None: every
    #: node of the type is a negation (Python's ``not_operator``)
    negation: str
    negation_operator: str | None
    #: a binary boolean operator (fields ``operator`` and ``right``), and its operators for "and" and "or"
    boolean: str
    conjunction: str
    disjunction: str


def carried(test: Node, syntax: ConditionSyntax, holds: bool = True) -> tuple[Node, bool, list[Node]]:
    """Walk up from ``test`` through the parentheses, negations and boolean operators that carry its truth.

    Returns the outermost such expression, whether its being true says that the test held (a negation turns
    it round; ``and`` carries a true value up, ``or`` a false one: both sides had it), and the right operands
    that run only where the test held (``test and x``, ``not test or x``), in order from the test out. With
    ``holds`` False, what is followed is the test's being false (a test that says what is wanted when false)."""
    rights: list[Node] = []
    node = test
    while (parent := node.parent) is not None:
        kind = parent.type
        if kind == syntax.parentheses:
            node = parent
        elif kind == syntax.negation:
            if syntax.negation_operator is not None:
                operator = parent.child_by_field_name("operator")
                if operator is None or operator.type != syntax.negation_operator:
                    break
            node, holds = parent, not holds
        elif kind == syntax.boolean:
            operator, right = parent.child_by_field_name("operator"), parent.child_by_field_name("right")
            if operator is None or right is None or \
                    operator.type != (syntax.conjunction if holds else syntax.disjunction):
                break
            if node.end_byte <= right.start_byte:  # (the right side runs only where the left says so)
                rights.append(right)
            node = parent
        else:
            break
    return node, holds, rights
