"""A Java method's parameter count and types are part of its file's interface: calls in other files choose
among overloads by their arguments (``RawSymbol.arity``, the signature's types), so an edit that changes them
re-resolves them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

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


def _pick_call(graph: object) -> tuple[Resolution, str]:
    found = [(r.resolution, r.target) for r in graph.relations  # type: ignore[attr-defined]
             if r.kind is EdgeKind.CALLS and r.source == "Use.java::Use.run"]
    assert len(found) == 1, found
    return found[0]


def test_the_parameter_count_is_interface() -> None:
    before = extract("Tools.java", "java", TOOLS.encode())
    body_only = extract("Tools.java", "java", TOOLS.replace("return a;", "return a + 1;").encode())
    grown = extract("Tools.java", "java", TOOLS.replace("pick(int a)", "pick(int a, int c)").encode())
    assert interface_digest(before) == interface_digest(body_only)
    assert interface_digest(before) != interface_digest(grown)


def test_an_edit_of_the_parameter_count_re_resolves_the_callers(
        make_project: Callable[[dict[str, str]], Path]) -> None:
    root = make_project({"Tools.java": TOOLS, "Use.java": USE})
    memory, store = RunMemory(), IndexStore.in_memory()
    first = live_run(root, memory, store).graph  # type: ignore[attr-defined]
    assert _pick_call(first) == (Resolution.RESOLVED, "Tools.java::Tools.pick")
    # the one-argument overload takes two now: the call's count fits neither, so both stay candidates
    (root / "Tools.java").write_text(TOOLS.replace("pick(int a)", "pick(int a, int c)"))
    second = live_run(root, memory, store).graph  # type: ignore[attr-defined]
    assert _pick_call(second)[0] is Resolution.AMBIGUOUS
    assert graph_json(second) == graph_json(index(root))


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


def _show_call(graph: object) -> tuple[Resolution, str]:
    found = [(r.resolution, r.target) for r in graph.relations  # type: ignore[attr-defined]
             if r.kind is EdgeKind.CALLS and r.source == "Shown.java::Shown.run"]
    assert len(found) == 1, found
    return found[0]


def test_the_parameter_types_are_interface() -> None:
    """Calls choose among overloads that accept as many arguments by their types (``resolve/overloads.py``): a
    callable's parameter types are interface too, its body is not."""
    before = extract("Typed.java", "java", TYPED.encode())
    body_only = extract("Typed.java", "java", TYPED.replace("return n;", "return n + 1;").encode())
    retyped = extract("Typed.java", "java", TYPED.replace("show(int n)", "show(long n)").encode())
    assert interface_digest(before) == interface_digest(body_only)
    assert interface_digest(before) != interface_digest(retyped)


def test_an_edit_of_a_parameter_type_re_resolves_the_callers(
        make_project: Callable[[dict[str, str]], Path]) -> None:
    root = make_project({"Typed.java": TYPED, "Shown.java": TYPED_USE})
    memory, store = RunMemory(), IndexStore.in_memory()
    first = live_run(root, memory, store).graph  # type: ignore[attr-defined]
    assert _show_call(first) == (Resolution.RESOLVED, "Typed.java::Typed.show")
    # ``show(1)`` cannot pass an int to a boolean: the String overload cannot take it either, so both stay
    (root / "Typed.java").write_text(TYPED.replace("show(int n)", "show(boolean n)"))
    second = live_run(root, memory, store).graph  # type: ignore[attr-defined]
    assert _show_call(second)[0] is Resolution.AMBIGUOUS
    assert graph_json(second) == graph_json(index(root))
