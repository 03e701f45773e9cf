"""Deep syntax: a member chain's texts stay bounded however deep the chain is (``records.CHAIN_LIMIT``), and
Python's flow facts are written however deeply an expression nests.

Each token of ``a.b.c`` is a use whose text is the chain up to it, so a chain's texts grow with the square
of its depth: before the cap, one generated line of 20,000 members (40 kB of Go) made 800 MB of graph JSON,
and a tree with three such files failed as a whole when the index refused the graph. A longer chain keeps
its last names, its head unknown: every token still has its use.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codeknit.graph.jsonio import write_graph
from codeknit.languages import engine
from codeknit.languages.adapters import extract
from codeknit.languages.python import facts
from codeknit.languages.records import CHAIN_LIMIT, HEAD_KNOWN, VALUE_FIELDS, Extraction, capped_chain
from codeknit.pipeline import index

NAME = st.from_regex(r"[a-z_][a-z0-9_]{0,3}|[a-z]\(\)", fullmatch=True)


@given(st.lists(NAME, min_size=1, max_size=3 * CHAIN_LIMIT))
def test_a_chain_keeps_its_last_names_past_the_limit(names: list[str]) -> None:
    text = ".".join(names)
    capped = capped_chain(text)
    if len(names) <= CHAIN_LIMIT:
        assert capped is None
    else:
        assert capped == ".".join(names[-CHAIN_LIMIT:])
        assert text.endswith("." + capped)


#: a file of each language whose one statement reads the chain ``a.b.b…`` (``{}``), and how deep it may be
#: (Ruby has no such chain: ``a.b`` calls ``b``, whose text is its name alone):
#: the adapters that build a chain's text by recursion stop at the interpreter's limit (the file is then an
#: error record, ``nesting too deep to analyse``), so those are checked below it
DEEP = {
    "go": ("p.go", "package p\n\nvar x = a{}\n", 20_000),
    "java": ("A.java", "class A {{ Object x = a{}; }}\n", 20_000),
    "rust": ("main.rs", "fn main() {{ let x = a{}; }}\n", 20_000),
    "csharp": ("A.cs", "class A {{ object x = a{}; }}\n", 600),
    "kotlin": ("A.kt", "val x = a{}\n", 600),
    "scala": ("A.scala", "object O {{ val x = a{} }}\n", 600),
    "swift": ("a.swift", "let x = a{}\n", 600),
    "cpp": ("a.cpp", "int f() {{ return a{}; }}\n", 600),
    "c": ("a.c", "int f(void) {{ return a{}; }}\n", 600),
    "python": ("a.py", "x = a{}\n", 600),
    "javascript": ("a.js", "export const x = a{};\n", 600),
    "typescript": ("a.ts", "export const x: unknown = a{};\n", 600),
}


def _chain(language: str, depth: int) -> tuple[str, bytes]:
    path, template, _most = DEEP[language]
    return path, template.format(".b" * depth).encode()


def _names(text: str) -> int:
    return text.count(".") + 1


@pytest.mark.parametrize("language", sorted(DEEP))
def test_no_text_of_a_deep_chain_has_more_names_than_the_limit(language: str) -> None:
    depth = DEEP[language][2]
    path, source = _chain(language, depth)
    found = extract(path, language, source)
    assert not found.errors
    assert all(_names(text) <= CHAIN_LIMIT for text in found.values.texts)
    assert all(_names(ref.text) <= CHAIN_LIMIT for ref in found.refs)
    # every token past the limit still has its use, written with its last names (some adapters keep fewer:
    # Kotlin's and Swift's the member alone) and its head unknown
    rows, texts = found.values.rows, found.values.texts
    uses = [(texts[rows[i]], rows[i + 3]) for i in range(0, len(rows), VALUE_FIELDS)]
    deep = [text for text, flags in uses if not flags & HEAD_KNOWN and text.startswith("b")]
    assert len(deep) >= depth - CHAIN_LIMIT
    assert all(text.startswith(("a", "b")) for text, _flags in uses if text != "x")


#: a chain of calls on a receiver (a fluent builder), generated thousands long: every chain reader follows
#: calls without recursion, or with a bounded one (``records.CHAIN_STEPS``), so the file keeps its symbols and
#: its calls.
CALLS = {
    "go": ("q.go", "package q\n\ntype Q struct{{}}\n\nfunc (q *Q) A() *Q {{ return q }}\n\nfunc Run(q *Q) {{ q{} }}\n"),
    "java": ("A.java", "class A {{ A a() {{ return this; }} void run(A x) {{ x{}; }} }}\n"),
    "rust": ("a.rs", "pub struct Q {{}}\nimpl Q {{ pub fn a(self) -> Q {{ self }} }}\npub fn run(q: Q) {{ q{}; }}\n"),
    "csharp": ("A.cs", "class A {{ A a() {{ return this; }} void Run(A x) {{ x{}; }} }}\n"),
    "kotlin": ("A.kt", "class A {{ fun a(): A = this }}\nfun run(x: A) = x{}\n"),
    "scala": ("A.scala", "class A {{ def a(): A = this }}\nobject R {{ def run(x: A) = x{} }}\n"),
    "swift": ("a.swift", "class A {{ func a() -> A {{ return self }} }}\nfunc run(x: A) {{ _ = x{} }}\n"),
    "cpp": ("a.cpp", "class A {{ public: A& a() {{ return *this; }} }};\nvoid run(A x) {{ x{}; }}\n"),
    "php": ("a.php", "<?php\nclass A {{ function a(): A {{ return $this; }} }}\nfunction run($x) {{ return $x{}; }}\n"),
    "ruby": ("a.rb", "class A\n  def a; self; end\nend\ndef run(x)\n  x{}\nend\n"),
    "python": ("a.py", "class A:\n    def a(self):\n        return self\n\ndef run(x: A):\n    return x{}\n"),
    "javascript": ("a.js", "class A {{ a() {{ return this; }} }}\nfunction run(x) {{ return x{}; }}\n"),
    "typescript": ("a.ts", "class A {{ a(): A {{ return this; }} }}\nfunction run(x: A) {{ return x{}; }}\n"),
}


@pytest.mark.parametrize("language", sorted(CALLS))
def test_a_chain_of_thousands_of_calls_keeps_its_file(language: str) -> None:
    path, template = CALLS[language]
    call = {"php": "->a()", "ruby": ".a", "go": ".A()"}.get(language, ".a()")
    found = extract(path, language, template.format(call * 1500).encode())
    assert not [e for e in found.errors if "nesting" in e]
    assert "run" in {s.name for s in found.symbols} or "Run" in {s.name for s in found.symbols}
    calls = [r for r in found.refs if r.kind.value == "calls" and r.text.rsplit(".", 1)[-1] in ("a", "A")]
    assert len(calls) >= 1500 - CHAIN_LIMIT  # (a call per token)
    assert all(_names(ref.text) <= CHAIN_LIMIT for ref in found.refs)


@pytest.mark.parametrize("language", ["go", "java", "rust"])
def test_the_compiled_and_the_python_value_loop_cap_a_chain_alike(
        language: str, require_compiled: Callable[[object], None], monkeypatch: pytest.MonkeyPatch) -> None:
    require_compiled(engine._compiled)
    path, source = _chain(language, 3 * CHAIN_LIMIT)
    fast = extract(path, language, source)
    with monkeypatch.context() as patch:
        patch.setattr(engine, "_compiled", None)
        slow: Extraction = extract(path, language, source)
    assert fast == slow
    assert any(_names(text) == CHAIN_LIMIT for text in fast.values.texts)


def test_a_generated_chain_leaves_the_rest_of_the_tree_whole(tmp_path: Path) -> None:
    """Three 40 kB chains beside an ordinary file: the run ends, the ordinary file's symbols are there, and
    the graph stays small (it was 2.4 GB of JSON, and the index refused it)."""
    for language in ("go", "java", "rust"):
        path, source = _chain(language, 20_000)
        (tmp_path / path).write_bytes(source)
    (tmp_path / "util.go").write_text("package p\n\nfunc Helper() int {\n\treturn 1\n}\n")
    graph = index(tmp_path, cache=True)
    assert "util.go::Helper" in {symbol.id for symbol in graph.symbols}
    out = io.BytesIO()
    write_graph(graph, out)
    assert len(out.getvalue()) < 2_000_000


def test_a_python_expression_nested_past_orjsons_limit_keeps_its_file() -> None:
    """orjson refuses lists nested more than 255 deep; a literal (or chain) as deep made its file an
    "internal error while extracting". The standard encoder writes those facts now."""
    source = b"x = " + b"[" * 300 + b"]" * 300 + b"\ny = x\n"
    found = extract("data.py", "python", source)
    assert not found.errors
    assert [symbol.name for symbol in found.symbols[1:]] == ["x", "y"]
    assert found.flow is not None
    assert facts.decode(found.flow) == json.loads(found.flow[1])


JSONISH = st.recursive(st.integers() | st.text() | st.booleans() | st.none(), st.lists, max_leaves=30)


@given(JSONISH, st.integers(min_value=0, max_value=400))
def test_the_facts_text_is_the_standard_encoders_at_any_depth(value: object, depth: int) -> None:
    for _ in range(depth):
        value = [value]
    assert facts._dumps(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
