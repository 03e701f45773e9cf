"""The compiled uses of locals (``rust/pyflow/src/locals.rs``) give the resolver's Python loop's graph.

``Resolver.resolve_values`` records the value uses that name a local on that local; where the extension is
built, that part runs compiled and the loop decides only the rest. The graph must be the same either way:
its locals with their uses and roles in order, and its relations with their sites. Checked on every
golden input and resolution project of every language, and on generated Python and TypeScript (locals
used many times, written, shadowed, declared in blocks, called, after their uses as calls). Where the
extension is not built these tests skip, unless ``CODEKNIT_REQUIRE_COMPILED`` is set (``.ci/run``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codeknit.graph.graph import Graph
from codeknit.graph.model import NUMBER_TABLE
from codeknit.languages.adapters import extract
from codeknit.languages.records import Extraction
from codeknit.pipeline import extract_all
from codeknit.resolve import resolver
from codeknit.resolve.resolver import build_graph
from codeknit.workspace import scan

TESTS = Path(__file__).resolve().parents[1]
PROJECTS = sorted([*(TESTS / "golden").glob("*/input"), *(p for p in (TESTS / "resolution").iterdir() if p.is_dir())])


@pytest.fixture(autouse=True)
def _compiled_built(require_compiled: Callable[[object], None]) -> None:
    require_compiled(resolver._compiled)


def _records(graph: Graph) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    locals_ = [(local.path, local.scope, local.name, local.kind, local.span, list(local.uses), local.roles)
               for local in graph.locals]
    relations = [(*relation.key, relation.text, tuple(relation.spans), relation.roles, relation.package)
                 for relation in graph.relations]
    return locals_, relations


def _both(extractions: list[Extraction], root: Path | None, monkeypatch: pytest.MonkeyPatch) -> tuple[
        Graph, Graph]:
    """The graph with the compiled uses of locals (the module's default here), then with the Python loop."""
    fast = build_graph(extractions, source_root=root)
    with monkeypatch.context() as patch:
        patch.setattr(resolver, "_compiled", None)
        slow = build_graph(extractions, source_root=root)
    return fast, slow


@pytest.mark.parametrize("root", PROJECTS, ids=[f"{p.parent.name}/{p.name}" for p in PROJECTS])
def test_compiled_local_uses_give_the_python_loops_graph(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    extractions = extract_all(scan(root, collect_tests=True).files, workers=1)
    fast, slow = _both(extractions, root, monkeypatch)
    assert _records(fast) == _records(slow)


def test_the_projects_have_locals_with_uses_and_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above sees what the compiled loop does: locals with uses, written ones, and uses
    of locals that also have uses from their file's references (a local called and read)."""
    calls: list[int] = []
    merged: list[object] = []  # (the locals with uses already: their new ones go through ``add_use``)
    real = resolver._compiled

    class Counting:
        def local_uses(self, *arguments: object) -> tuple[bytes, list[tuple[Any, list[int], object]]]:
            calls.append(1)
            rest, groups = real.local_uses(*arguments)
            merged.extend(local for local, _uses, _roles in groups if local.uses)
            return rest, groups

    monkeypatch.setattr(resolver, "_compiled", Counting())
    root = TESTS / "resolution" / "python"
    graph = build_graph(extract_all(scan(root, collect_tests=True).files, workers=1), source_root=root)
    assert calls
    assert merged
    assert any(local.uses for local in graph.locals)
    assert any(local.roles is not None for local in graph.locals)


def test_numbers_of_uses_past_256_are_the_shared_objects() -> None:
    lines = "\n" * 300
    source = f"def f(value):\n{lines}    return value + value\n".encode()
    graph = build_graph([extract("m.py", "python", source)])
    (local,) = [local for local in graph.locals if local.name == "value"]
    assert local.uses[0] == 302
    assert local.uses[0] is NUMBER_TABLE[302]
    assert local.uses[4] is local.uses[0]


_NAMES = st.sampled_from(["a", "b", "item", "é", "total"])


def _program(head: str, statements: list[str], tail: str) -> st.SearchStrategy[str]:
    """Sources of ``head``, then 1–12 of ``statements`` (templates of ``{name}`` and ``{other}``), then ``tail``."""
    statement = st.tuples(st.sampled_from(statements), _NAMES, _NAMES).map(
        lambda drawn: drawn[0].format(name=drawn[1], other=drawn[2]))
    return st.lists(statement, min_size=1, max_size=12).map(lambda body: "\n".join([head, *body, tail]))


_PYTHON = _program("def run(a, b):", [
    "    {name} = {other}",
    "    {name} += {other}",
    "    {name}({other})",
    "    print({name}, {other}.x)",
    "    for {name} in {other}:\n        {other} = {name}",
    "    def inner({name}):\n        return {name} + {other}",
    "    if {other}:\n        {name} = lambda {other}: {other}",
    "    {name}.{other} = {other}",
], "")
_TYPESCRIPT = _program("interface Item { size: number }\nexport function run(a: number, b: Item) {", [
    "  let {name} = {other};",
    "  {name} = {other} + {name};",
    "  {name}({other});",
    "  {{ const {name} = {other}; use({name}); }}",
    "  for (const {name} of {other}) {{ {other}.next({name}); }}",
    "  const f = ({name}: Item) => {name}.size + {other};",
    "  {other}.size = {name};",
], "}\n")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(python=_PYTHON, typescript=_TYPESCRIPT)
def test_generated_sources_give_the_same_graph(python: str, typescript: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    extractions = [extract("m.py", "python", python.encode()), extract("m.ts", "typescript", typescript.encode())]
    fast, slow = _both(extractions, None, monkeypatch)
    assert _records(fast) == _records(slow)
