"""A Java method's parameter count and types are part of its file's interface: calls in other files choose
among overloads by their arguments (``RawSymbol.arity``, the signature's types), so an edit that changes them
re-resolves them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from store_helpers import graph_json, live_run

from codeknit.graph import EdgeKind, Resolution
from codeknit.languages.adapters import extract
from codeknit.pipeline import RunMemory, index
from codeknit.resolve.interface import interface_digest
from codeknit.store import IndexStore

TOOLS = """package demo;

class Tools {
    static int pick(int a) { return a; }
    static int pick(String s, int b) { return b; }
}
"""

USE = """package demo;

class Use {
    int run() { return Tools.pick(1); }
}
"""

TYPED = """package demo;

class Typed {
    static int show(int n) { return n; }
    static int show(String s) { return 0; }
}
"""

TYPED_USE = """package demo;

class Shown {
    int run() { return Typed.show(1); }
}
"""

#: (the callee's file, its text, the caller's file, its text, the caller, the callee first chosen, an edit of the
#: callee's file: (old, new), what the edit leaves out of the callee's body)
CASES = {
    # the one-argument overload takes two now: the call's count fits neither, so both stay candidates
    "count": ("Tools.java", TOOLS, "Use.java", USE, "Use.java::Use.run", "Tools.java::Tools.pick",
              ("pick(int a)", "pick(int a, int c)"), ("return a;", "return a + 1;")),
    # ``show(1)`` cannot pass an int to a boolean: the String overload cannot take it either, so both stay
    "types": ("Typed.java", TYPED, "Shown.java", TYPED_USE, "Shown.java::Shown.run", "Typed.java::Typed.show",
              ("show(int n)", "show(boolean n)"), ("return n;", "return n + 1;")),
}


def _call_from(graph: object, source: str) -> tuple[Resolution, str]:
    found = [(r.resolution, r.target) for r in graph.relations  # type: ignore[attr-defined]
             if r.kind is EdgeKind.CALLS and r.source == source]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_parameters_are_interface_the_body_is_not(case: str) -> None:
    """Calls choose among overloads by their arguments' count and types (``resolve/overloads.py``)."""
    path, text, _, _, _, _, (old, new), (body, changed_body) = CASES[case]
    before = extract(path, "java", text.encode())
    body_only = extract(path, "java", text.replace(body, changed_body).encode())
    edited = extract(path, "java", text.replace(old, new).encode())
    assert interface_digest(before) == interface_digest(body_only)
    assert interface_digest(before) != interface_digest(edited)


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_edit_of_the_parameters_re_resolves_the_callers(
        case: str, make_project: Callable[[dict[str, str]], Path]) -> None:
    path, text, caller_path, caller, source, chosen, (old, new), _ = CASES[case]
    root = make_project({path: text, caller_path: caller})
    memory, store = RunMemory(), IndexStore.in_memory()
    first = live_run(root, memory, store).graph  # type: ignore[attr-defined]
    assert _call_from(first, source) == (Resolution.RESOLVED, chosen)
    (root / path).write_text(text.replace(old, new))
    second = live_run(root, memory, store).graph  # type: ignore[attr-defined]
    assert _call_from(second, source)[0] is Resolution.AMBIGUOUS
    assert graph_json(second) == graph_json(index(root))
