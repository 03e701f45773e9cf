"""Every fact and expression the Python fact builder writes carries a tag that ``python/facts.py`` names
(the tags' one list, which the solvers read by name)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

from codeknit.languages.adapters import extract
from codeknit.languages.python import facts

EXPR_TAGS = frozenset(get_args(facts.ExprTag))
FACT_TAGS = frozenset(get_args(facts.FactTag))
CALLGRAPH_CASES = Path(__file__).resolve().parent.parent / "callgraph" / "cases"


def _named_constants() -> set[str]:
    # (``SENT`` is a reserved name, no tag)
    return {value for name, value in vars(facts).items() if name.isupper() and isinstance(value, str)
            and name != "SENT"}


def _expression_tags(e: Any, out: set[str]) -> None:
    """The tags of an expression and of every expression nested in it (lists whose first item is a
    known tag; anything else is data: names, spans, keys)."""
    if isinstance(e, list):
        if e and isinstance(e[0], str) and e[0] in EXPR_TAGS:
            out.add(e[0])
        for item in e[1:] if e and isinstance(e[0], str) else e:
            _expression_tags(item, out)


def test_the_tag_lists_and_the_named_constants_are_the_same_strings() -> None:
    assert not EXPR_TAGS & FACT_TAGS
    assert _named_constants() == EXPR_TAGS | FACT_TAGS  # every constant is a listed tag, and back
    assert facts.INERT <= EXPR_TAGS


def test_every_fact_of_the_call_graph_programs_has_a_named_tag() -> None:
    seen_facts: set[str] = set()
    seen_expressions: set[str] = set()
    for path in sorted(CALLGRAPH_CASES.glob("*/*.py")):
        extraction = extract(path.name, "python", path.read_bytes())
        assert facts.readable(extraction.flow), path
        for fact in facts.decode(extraction.flow):  # type: ignore[arg-type]
            assert fact[0] in FACT_TAGS, (path, fact[0])
            seen_facts.add(fact[0])
            _expression_tags(fact[2:], seen_expressions)
    # the programs exercise most of the format: a tag no builder writes any more would show here
    assert FACT_TAGS - seen_facts <= {"yf"}, FACT_TAGS - seen_facts
    assert len(seen_expressions) >= len(EXPR_TAGS) - 2, EXPR_TAGS - seen_expressions
