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

Every use of a name is an occurrence (issue 19); these say which:

    handler = on_key
    #         ^ value: app.py:12      a value read of the symbol named at app.py line 12 (or path::qualname)
    self.count = 0
    #    ^ write: app.py::Box.count   an assignment to it
    from util import helper
    #                ^ import: util.py:3   an imported name, at its own token
    total = x + 1
    #       ^ local: 4                a use of the parameter or local declared on line 4 of this file
    def f(x):
    #     ^ declares: parameter       declares a local (parameter, variable or type_parameter)
    let x: ns.Foo;
    //     ^ type: ns.ts:1            a type use (no value use) of the symbol at ns.ts line 1

``//`` starts the comment in C-like languages. Every assertion is checked
against the relations whose use-site span covers the caret's column (for
``overrides``, against the ``overrides`` relations of the symbol whose name the
caret points at). ``defined``, ``ambiguous`` and ``unresolved`` look at the call, type,
base, decorator and import relations there when the site has one, else at its value
use; ``value``, ``write`` and ``import`` at the value use (the relation's role); ``type`` holds where
the one relation there is a type use (no role, or ``type`` among value uses) and no value use is;
``none`` holds where no relation names the site and no local is used there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import codeknit
from codeknit.graph import EdgeKind, Graph, Relation, Resolution
from codeknit.graph.model import Local, Role

HERE = Path(__file__).parent
CASES = sorted(p.name for p in HERE.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
_ASSERTION = re.compile(r"^(?P<indent>\s*)(?:#|//)(?P<pad>\s*)\^\s*"
                        r"(?P<what>defined|ambiguous|unresolved|none|overrides|value|write|import|type|local|declares)"
                        r"(?::\s*(?P<where>.*?))?\s*$")
_LOOKS_LIKE_ASSERTION = re.compile(r"^\s*(?:#|//)\s*\^\s*[a-z]+:")
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
                # (an assertion of a kind the harness does not know would pass unchecked)
                assert not _LOOKS_LIKE_ASSERTION.match(line), f"{rel}:{number}: unknown assertion kind: {line.strip()}"
                code_line = number
                continue
            caret = line.index("^")
            column = len(line[:caret].encode("utf-8"))
            what, where = match["what"], match["where"]
            if what in ("local", "declares"):
                located: tuple[tuple[str, int | str], ...] = (("", (where or "").strip()),)
            else:
                located = _unresolved(where) if what == "unresolved" else _locations(where)
            found.append(Assertion(rel, number, code_line, column, what, located))
    return found


def _site_relations(graph: Graph, assertion: Assertion) -> list[tuple[Relation, Role | None]]:
    """The relations with a use site under the caret, each with that site's role (None: not a value use)."""
    out = []
    for relation in graph.relations:
        if relation.kind not in _SITE_KINDS or not relation.source.startswith(assertion.path):
            continue
        if relation.source.split("::")[0] != assertion.path:
            continue
        for position, (start_line, start_col, end_line, end_col) in enumerate(relation.spans):
            if start_line == end_line == assertion.target_line and start_col <= assertion.column < end_col:
                out.append((relation, None if relation.roles is None else relation.roles[position]))
                break
    return out


def _site_locals(graph: Graph, assertion: Assertion) -> tuple[list[Local], list[Local]]:
    """(locals used under the caret, locals declared under the caret)."""
    used, declared = [], []

    def covers(span: tuple[int, int, int, int]) -> bool:
        return span[0] == span[2] == assertion.target_line and span[1] <= assertion.column < span[3]

    for local in graph.locals:
        if local.path != assertion.path:
            continue
        if covers(local.span):
            declared.append(local)
        if any(covers(span) for span in local.use_spans()):
            used.append(local)
    return used, declared


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


_VALUE_ROLES = {"value": Role.READ, "write": Role.WRITE, "import": Role.IMPORT}


def check(graph: Graph, assertion: Assertion) -> str | None:
    """None when the assertion holds, else what was found instead."""
    if assertion.what == "overrides":
        return _check_overrides(graph, assertion)
    sites = _site_relations(graph, assertion)
    used, declared = _site_locals(graph, assertion)
    if assertion.what in ("local", "declares"):
        wanted = assertion.where[0][1]
        if assertion.what == "declares":
            kinds = [local.kind.value for local in declared]
            return None if kinds == [wanted] else f"expected a {wanted} declared here, found {kinds}"
        lines = [str(local.span[0]) for local in used]
        found = [f"{r.kind}:{r.resolution}:{r.target}" for r, role in sites if role is not None]
        if lines == [wanted] and not found:
            return None
        return f"expected a use of the local declared on line {wanted}, found locals {lines}, relations {found}"
    if assertion.what in _VALUE_ROLES:
        uses = [r for r, role in sites if role is _VALUE_ROLES[assertion.what]]
        if len(uses) == 1 and uses[0].resolution is Resolution.RESOLVED and _matches(graph, [uses[0].target],
                                                                                    assertion.where):
            return None
        shown_uses = [f"{r.kind}:{r.resolution}:{r.target}:{role}" for r, role in sites]
        return f"expected a {assertion.what} of {list(assertion.where)}, found {shown_uses}"
    if assertion.what == "type":
        types = [r for r, role in sites if role is None or role is Role.TYPE]
        if len(types) == len(sites) == 1 and types[0].resolution is Resolution.RESOLVED and _matches(
                graph, [types[0].target], assertion.where):
            return None
        shown_uses = [f"{r.kind}:{r.resolution}:{r.target}:{role}" for r, role in sites]
        return f"expected a type use of {list(assertion.where)}, found {shown_uses}"
    classic = [r for r, role in sites if role is None]
    relations = classic or [r for r, _role in sites]
    shown = [
        f"{r.kind}:{r.resolution}:{r.target}" + (f"{list(r.candidates)}" if r.candidates else "") for r in relations
    ]
    if assertion.what == "none":
        if used:
            shown += [f"local:{local.name}@{local.span[0]}" for local in used]
        return None if not shown else f"expected no relation, found {shown}"
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
