"""Resolution fixtures with in-source assertions, in the style of stack-graphs.

Each folder under ``tests/resolution/<case>/`` is a small project. A comment line
whose text starts with ``^`` asserts something about the reference written
above the caret, on the nearest preceding line that is not itself an assertion:

    x = helper(1)
    #   ^ defined: util.py:3          resolved to the symbol whose name is at util.py line 3
    y = Tool()
    #   ^ defined: util.py::Tool.__init__   … or to the symbol with this full id
    obj.save()
    #   ^ ambiguous: a.py:3, b.py:7   ambiguous, with exactly these candidates
    len(x)
    # ^ unresolved                    no definition in the project
    local()
    # ^ none                          no relation at all at this site
    os.path.join("a")
    #       ^ unresolved: os.path.join   unresolved, and named so (an external's canonical name)
    requests.get("u")
    #        ^ unresolved: requests.get from requests   … and external, from this package
    missing_thing()
    # ^ unresolved: missing_thing from -   … and missing: no import names a package for it
    def save(self):
    #   ^ overrides: base.py:4        the definition named at the caret overrides exactly this

``//`` starts the comment in C-like languages. Every assertion is checked
against the relations whose use-site span covers the caret's column (for
``overrides``, against the ``overrides`` relations of the symbol whose name the
caret points at).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import codeknit
from codeknit.graph import EdgeKind, Graph, Relation, Resolution

HERE = Path(__file__).parent
CASES = sorted(p.name for p in HERE.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
_ASSERTION = re.compile(r"^(?P<indent>\s*)(?:#|//)(?P<pad>\s*)\^\s*"
                        r"(?P<what>defined|ambiguous|unresolved|none|overrides)(?::\s*(?P<where>.*?))?\s*$")
_SITE_KINDS = {EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES,
               EdgeKind.IMPORTS}


@dataclass(frozen=True)
class Assertion:
    path: str
    line: int  # of the assertion itself
    target_line: int  # the code line it points at (1-based)
    column: int  # UTF-8 byte column of the caret
    what: str
    where: tuple[tuple[str, int | str], ...]

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


def _locations(text: str | None) -> tuple[tuple[str, int], ...]:
    if not text:
        return ()
    out: list[tuple[str, int | str]] = []
    for item in text.split(","):
        item = item.strip()
        if "::" in item:
            path, _, qualname = item.partition("::")
            out.append((path, qualname))
        else:
            path, _, line = item.rpartition(":")
            out.append((path, int(line)))
    return tuple(sorted(out, key=str))


def _unresolved(text: str | None) -> tuple[tuple[str, int | str], ...]:
    """``name`` or ``name from package`` (``-``: no package) as ``(("", name), ("from", package))``."""
    if not text:
        return ()
    name, _, package = text.partition(" from ")
    return (("", name.strip()), ("from", package.strip())) if package else (("", name.strip()),)


def collect(root: Path) -> list[Assertion]:
    found: list[Assertion] = []
    for file in sorted(root.rglob("*")):
        if not file.is_file():
            continue
        rel = file.relative_to(root).as_posix()
        lines = file.read_text(encoding="utf-8").split("\n")
        code_line = 0
        for number, line in enumerate(lines, start=1):
            match = _ASSERTION.match(line)
            if match is None:
                code_line = number
                continue
            caret = line.index("^")
            column = len(line[:caret].encode("utf-8"))
            what, where = match["what"], match["where"]
            located = _unresolved(where) if what == "unresolved" else _locations(where)
            found.append(Assertion(rel, number, code_line, column, what, located))
    return found


def _site_relations(graph: Graph, assertion: Assertion) -> list[Relation]:
    out = []
    for relation in graph.relations:
        if relation.kind not in _SITE_KINDS or not relation.source.startswith(assertion.path):
            continue
        if relation.source.split("::")[0] != assertion.path:
            continue
        for start_line, start_col, end_line, end_col in relation.spans:
            if start_line == end_line == assertion.target_line and start_col <= assertion.column < end_col:
                out.append(relation)
                break
    return out


def _matches(graph: Graph, ids: list[str] | tuple[str, ...], expected: tuple[tuple[str, int | str], ...]) -> bool:
    """Do these symbol ids denote exactly the expected places (``path:line`` or ``path::qualname``)?"""
    found: set[tuple[str, int | str]] = set()
    for symbol_id in ids:
        symbol = graph.get(symbol_id)
        if symbol is None:
            return False
        wanted_kinds = {type(where) for _, where in expected}
        if str in wanted_kinds:
            found.add((symbol.path, symbol.id.partition("::")[2]))
        if int in wanted_kinds:
            found.add((symbol.path, symbol.name_span[0]))
    return found == set(expected) and len(set(ids)) == len(expected)


def check(graph: Graph, assertion: Assertion) -> str | None:
    """None when the assertion holds, else what was found instead."""
    if assertion.what == "overrides":
        return _check_overrides(graph, assertion)
    relations = _site_relations(graph, assertion)
    shown = [
        f"{r.kind}:{r.resolution}:{r.target}" + (f"{list(r.candidates)}" if r.candidates else "") for r in relations
    ]
    if assertion.what == "none":
        return None if not relations else f"expected no relation, found {shown}"
    if not relations:
        return "no relation at this site"
    if assertion.what == "defined":
        resolved = [r for r in relations if r.resolution is Resolution.RESOLVED]
        if len(resolved) == len(relations) and _matches(graph, [r.target for r in resolved], assertion.where):
            return None
        return f"expected defined at {list(assertion.where)}, found {shown}"
    if assertion.what == "ambiguous":
        for relation in relations:
            if relation.resolution is Resolution.AMBIGUOUS and _matches(graph, relation.candidates, assertion.where):
                return None
        return f"expected ambiguous among {list(assertion.where)}, found {shown}"
    if all(r.resolution is Resolution.UNRESOLVED for r in relations):
        names = {r.target.partition("::")[2] for r in relations}
        packages = {r.package or "-" for r in relations}
        wanted = dict(assertion.where)
        if (not wanted or names == {wanted[""]}) and ("from" not in wanted or packages == {wanted["from"]}):
            return None
        shown = [f"{item} (package {r.package or '-'})" for item, r in zip(shown, relations, strict=True)]
    expected = " ".join(f"{'as' if key == '' else key} {value}" for key, value in assertion.where)
    return f"expected unresolved{f' {expected}' if expected else ''}, found {shown}"


def _check_overrides(graph: Graph, assertion: Assertion) -> str | None:
    sources = [
        s for s in graph.symbols
        if s.path == assertion.path and s.name_span[0] == assertion.target_line
        and s.name_span[1] <= assertion.column < s.name_span[3]
    ]
    if len(sources) != 1:
        return f"expected one definition named at the caret, found {[s.id for s in sources]}"
    targets = [
        r.target for r in graph.relations
        if r.kind is EdgeKind.OVERRIDES and r.source == sources[0].id and r.resolution is Resolution.RESOLVED
    ]
    if targets and _matches(graph, targets, assertion.where):
        return None
    return f"expected {sources[0].id} to override {list(assertion.where)}, found {targets}"


@pytest.fixture(scope="module", params=CASES)
def case(request: pytest.FixtureRequest) -> tuple[str, Graph, list[Assertion]]:
    root = HERE / request.param
    return request.param, codeknit.index(root, collect_tests=True), collect(root)


def test_assertions(case: tuple[str, Graph, list[Assertion]]) -> None:
    name, graph, assertions = case
    assert assertions, f"{name} has no assertions"
    failures = [f"{a}: {message}" for a in assertions if (message := check(graph, a)) is not None]
    assert not failures, f"{len(failures)} of {len(assertions)} assertions failed:\n" + "\n".join(failures)
