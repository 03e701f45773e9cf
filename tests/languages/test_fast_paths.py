"""The extraction engine's shortcuts give the answers of the slow ways they replace.

Each shortcut (decoding a file once, finding enclosing definitions and type-parameter scopes by
byte ranges instead of walking up a node's parents) is checked against the straightforward version
on hand-written sources, generated sources and the repository's own golden inputs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tree_sitter import Query, QueryCursor

from codeknit.languages.adapters import adapter_for, extract, supported_languages
from codeknit.languages.engine import (
    ByteRanges,
    Context,
    _language,
    _parser,
    _pattern_starts,
    _query,
    load_query_text,
    parse_within,
)
from codeknit.languages.go import adapter as go
from codeknit.languages.javascript.types import in_type_parameter_scope, not_type_uses
from codeknit.languages.python import adapter as python
from codeknit.languages.records import Extraction

if TYPE_CHECKING:
    from tree_sitter import Node

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


# -- Context.text --------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200), st.data())
def test_text_at_equals_decoding_each_slice(source: bytes, data: st.DataObject) -> None:
    ctx = Context(Extraction("f.py", "python", "", len(source)), source)
    start = data.draw(st.integers(0, len(source)))
    end = data.draw(st.integers(start, len(source)))
    assert ctx.text_at(start, end) == source[start:end].decode("utf-8", "replace")


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab_ =(1)é€\n#'\"\\x"), max_size=80))
def test_text_of_nodes_equals_decoding_each_node(code: str) -> None:
    source = code.encode("utf-8")
    root = _parser("python").parse(source).root_node
    ctx = Context(Extraction("f.py", "python", "", len(source)), source)
    stack = [root]
    while stack:
        node = stack.pop()
        assert ctx.text(node) == source[node.start_byte : node.end_byte].decode("utf-8", "replace")
        stack.extend(node.children)
    assert ctx.text(None) == ""


# -- the query files cut into patterns without compiling them ---------------------------------------


def _query_files() -> list[tuple[str, str]]:
    files = []
    for language in supported_languages():
        adapter = adapter_for(language)
        files += [(grammar, adapter.query_for(grammar)) for grammar in sorted(set(adapter.grammars.values()))]
    return files


@pytest.mark.parametrize(("grammar", "query_name"), _query_files())
def test_pattern_starts_are_tree_sitters(grammar: str, query_name: str) -> None:
    text = load_query_text(query_name)
    whole = Query(_language(grammar), text)
    starts = [whole.start_byte_for_pattern(pattern) for pattern in range(whole.pattern_count)]
    assert _pattern_starts(text.encode("utf-8")) == starts


def test_pattern_starts_skip_strings_comments_captures_and_quantifiers() -> None:
    source = b'; (a comment)\n(call) @c\n["(" ")"]* @p ; "x"\n((name) @n (#eq? @n "a\\"(")) _ @w\n'
    assert _pattern_starts(source) == [source.index(b"(call)"), source.index(b'["'), source.index(b"((name)"),
                                       source.index(b"_ @w")]


# -- Python: calls in a definition's header --------------------------------------------------------

PYTHON_HEADERS = '''
import functools

@decorate(make())
@functools.wraps(other(1))
def f(a=default(), *, b: int = typed(), c=lambda x=inner(): body()) -> ret():
    nested(call())

    @deco(arg())
    class K(Base(), metaclass=meta()):
        attr = value()

        def m(self, x=param()):
            return g(lambda: h())

    def g(y=z()):
        pass

    return lambda q=w(): e()

class Top(mixin(), other.thing()):
    @property
    def p(self):
        return calc()

    @p.setter
    def p(self, value=dflt()):
        store(value)

value = [lambda: a()(b()) for _ in range(3)]
type Alias = list[int]
'''


def _python_sources() -> list[tuple[str, bytes]]:
    sources = [("headers.py", PYTHON_HEADERS.encode())]
    for path in sorted((GOLDEN / "python").rglob("*.py")):
        sources.append((path.name, path.read_bytes()))
    return sources


def _ids(value: object) -> str:
    return value if isinstance(value, str) else ""


def _in_header_by_parents(node: Node) -> bool:
    """Whether ``node`` is in the decorators, parameters or base classes of its innermost definition,
    by walking up its parents (what the Python adapter's ``_in_header`` answers by byte ranges)."""
    child, current = node, node.parent
    while current is not None:
        kind = current.type
        if kind == "decorated_definition":
            return True
        if kind in ("function_definition", "class_definition"):
            return child.type in ("parameters", "argument_list")
        if kind == "lambda":
            return child.type == "lambda_parameters"
        child, current = current, current.parent
    return False


@pytest.mark.parametrize(("name", "source"), _python_sources(), ids=_ids)
def test_python_header_calls_match_the_parent_walk(
    name: str, source: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a call is in its scope's header (decorators, parameters, bases) by byte ranges, as by its parents."""
    fast = python._in_header
    answers: list[bool] = []

    def checked(ctx: Context, node: Node, scope: int) -> bool:
        answer = fast(ctx, node, scope)
        assert answer == _in_header_by_parents(node), (name, ctx.text(node), node.start_point)
        answers.append(answer)
        return answer

    monkeypatch.setattr(python, "_in_header", checked)
    extract(name, "python", source)
    if name == "headers.py":
        assert answers.count(True) >= 10 and answers.count(False) >= 10


_DEFINITIONS = ("function_definition", "class_definition", "lambda", "decorated_definition")


def _scope_by_parents(extraction: Extraction, node: Node) -> int:
    """The scope a value use at ``node`` belongs to, by walking up its parents: its innermost function,
    class or lambda, or the one around that when the use is in its header (decorators, parameters, bases)."""
    current = node.parent
    while current is not None and current.type not in _DEFINITIONS:
        current = current.parent
    if current is None:
        return 0
    outer = current.parent if current.parent is not None and current.parent.type == "decorated_definition" \
        else current  # (a decorated definition's symbol starts at its first decorator)
    found = [index for index, symbol in enumerate(extraction.symbols)
             if index and (symbol.start_byte, symbol.end_byte) == (outer.start_byte, outer.end_byte)]
    assert len(found) == 1, ("no single symbol", outer.start_point)
    return extraction.symbols[found[0]].parent if _in_header_by_parents(node) else found[0]


@pytest.mark.parametrize(("name", "source"), _python_sources(), ids=_ids)
def test_python_value_scopes_match_the_parent_walk(name: str, source: bytes) -> None:
    """A value use in a definition's header belongs to the scope around the definition (the engine's bulk
    path, then the Python adapter's ``_header_values``), as walking up its parents says."""
    extraction = extract(name, "python", source)
    root = _parser("python").parse(source).root_node
    lines = source.split(b"\n")
    moved = 0
    for text, scope, _role, _flags, span in extraction.values.entries():
        line = lines[span[0] - 1]
        point = (span[0] - 1, span[1])  # (columns are bytes, as tree-sitter's)
        node = root.descendant_for_point_range(point, (span[2] - 1, span[3]))
        assert node is not None and node.type == "identifier", (text, span, line)
        expected = _scope_by_parents(extraction, node)
        assert scope == expected, (name, text, span)
        moved += _in_header_by_parents(node)
    if name == "headers.py":
        assert moved >= 10


def test_a_name_the_parser_made_up_is_no_value_use() -> None:
    """Where a name is missing (``a if else b``), the parser puts an empty identifier: the engine's bulk
    path records no use of it, as :meth:`Context.add_value` does for the adapters' uses."""
    extraction = extract("m.py", "python", b"x = a if else b\n")
    assert sorted(text for text, *_rest in extraction.values.entries()) == ["a", "b"]


# -- TypeScript: type parameters in scope ------------------------------------------------------------

TYPESCRIPT_TYPES = """
type Unwrap<T> = T extends Promise<infer U> ? U : T extends Array<infer U> ? U[] : never;
type Keys<T> = { [K in keyof T]: T[K] extends Function ? K : never }[keyof T];
type Outer<A> = A extends (infer B extends string) ? B | C : A;
interface Box<V, W = V> { value: V; other: W; map<R>(f: (v: V) => R): Box<R>; }
class Store<T extends Record<string, T>> implements Box<T> {
  value!: T;
  other!: T;
  get<K extends keyof T>(key: K): T[K] { return this.value[key]; }
  map<R>(f: (v: T) => R): Box<R> { const g = <Q,>(q: Q): Q => q; return new Store<R>() as any; }
}
function pick<T, K extends keyof T>(obj: T, ...keys: K[]): Pick<T, K> { return obj; }
const arrow = <X,>(x: X): X => x;
type Fn = <P>(p: P) => P;
type NotInScope = T | U | K | R | V;
interface Child extends Parent<T>, ns.Other, Third {}
class Impl extends Base<Child> implements Box<Impl>, ns.Face<Q>, Plain { x: ns.inner.Deep<A.B> }
type Infer<F> = F extends (infer P extends Lower)[] ? P : never;
type Mapped = { [Key in Names]: Key };
declare function overload<S>(s: S): S;
"""


#: nodes whose ``name`` field declares a type name (not a use of one)
_TYPE_DECLARATIONS = frozenset(
    {
        "class_declaration", "abstract_class_declaration", "class", "interface_declaration",
        "type_alias_declaration", "type_parameter", "mapped_type_clause",
    }
)


def _not_a_type_use_by_parents(node: Node) -> bool:
    """func:`_not_type_uses` by looking at the parents (the reference for tests)."""
    parent = node.parent
    if parent is None:
        return True
    parent_type = parent.type
    if parent_type == "nested_type_identifier" or (
            parent_type == "infer_type" and parent.named_children[0].start_byte == node.start_byte):
        return True  # part of a longer name (captured itself), or the name ``infer`` declares (not its constraint)
    if parent_type in _TYPE_DECLARATIONS:
        declared = parent.child_by_field_name("name")
        if declared is not None and declared.start_byte == node.start_byte:
            return True  # the name a declaration introduces
    holder: Node | None = parent
    if parent_type == "generic_type" and parent.start_byte == node.start_byte:
        holder = parent.parent  # ``Base<T>``: where the generic type itself stands
    return holder is not None and holder.type in ("implements_clause", "extends_type_clause")


def _declared_type_parameter(node: Node, name: str, ctx: Context) -> bool:
    """func:`_in_type_parameter_scope` by walking up the parents (the reference for tests)."""
    current = node.parent
    while current is not None:
        parameters = current.child_by_field_name("type_parameters")
        if parameters is not None:
            for parameter in parameters.named_children:
                declared = parameter.child_by_field_name("name")
                if declared is not None and ctx.text(declared) == name:
                    return True
        kind = current.type
        if kind == "conditional_type":
            right = current.child_by_field_name("right")
            if right is not None and _infers(right, name, ctx):
                return True
        elif kind == "index_signature":
            for clause in current.named_children:
                if clause.type == "mapped_type_clause":
                    declared = clause.child_by_field_name("name")
                    if declared is not None and ctx.text(declared) == name:
                        return True
        current = current.parent
    return False


def _infers(node: Node, name: str, ctx: Context) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "infer_type":
            declared = current.named_children[0] if current.named_children else None
            if declared is not None and ctx.text(declared) == name:
                return True
        stack.extend(current.named_children)
    return False


def _typescript_sources() -> list[tuple[str, bytes]]:
    sources = [("types.ts", TYPESCRIPT_TYPES.encode())]
    for path in sorted((GOLDEN / "typescript").rglob("*.ts*")) + sorted((FIXTURES / "js").glob("*.ts*")):
        sources.append((path.name, path.read_bytes()))
    return sources


@pytest.mark.parametrize(("name", "source"), _typescript_sources(), ids=_ids)
def test_type_names_and_type_parameter_scopes_match_the_parent_walk(name: str, source: bytes) -> None:
    grammar = "tsx" if name.endswith(".tsx") else "typescript"
    tree = parse_within(grammar, source)
    ctx = Context(Extraction(name, "typescript", "", len(source)), source)
    ctx.root = tree.root_node
    query = _query(grammar, "typescript/tsx.scm" if grammar == "tsx" else "typescript/queries.scm")
    for _pattern, captures in QueryCursor(query).matches(tree.root_node):
        if any(capture.startswith("adapter.") for capture in captures):
            ctx.matches.append(captures)  # as the engine does
    answers = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type not in ("type_identifier", "nested_type_identifier"):
            continue
        skipped = (node.start_byte, node.end_byte) in not_type_uses(ctx)
        assert skipped == _not_a_type_use_by_parents(node), (name, ctx.text(node), node.start_point)
        if node.type != "type_identifier":
            continue
        text = ctx.text(node)
        expected = _declared_type_parameter(node, text, ctx)
        assert in_type_parameter_scope(ctx, node, text) == expected, (name, text, node.start_point)
        answers.append(expected)
    if name == "types.ts":
        assert True in answers and False in answers


# -- JavaScript / TypeScript: value uses read off their text -------------------------------------------

JAVASCRIPT_VALUES = """
const meta = import.meta.url; const target = new.target?.name; null.x; undefined.y.z; true.valueOf;
this.a.b = other.c; super.m; x.#p; a?.b.c; (a).b; a.b().c; a
  .b; a. /* c */ b; $x.y; obj.prop_1.ümlaut; ({ shorthand, key: value });
let b: typeof T.prototype.create; type L = typeof McpSchema.GetPrompt.payloadSchema.Type["arguments"];
x = y; x.y += 1; x.y++; for (k of ks) {}
if (missing ==) {}
"""


def _javascript_sources() -> list[tuple[str, str, bytes]]:
    sources = [(f"values.{suffix}", language, JAVASCRIPT_VALUES.encode())
               for suffix, language in (("ts", "typescript"), ("tsx", "typescript"), ("js", "javascript"))]
    for language, pattern in (("typescript", "*.ts*"), ("javascript", "*.js*")):
        for path in sorted((GOLDEN / language).rglob(pattern)) + sorted((FIXTURES / "js").glob(pattern)):
            sources.append((path.name, language, path.read_bytes()))
    return sources


@pytest.mark.parametrize(("name", "language", "source"), _javascript_sources(), ids=_ids)
def test_javascript_plain_values_match_the_adapters_chain(
    name: str, language: str, source: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's plain path (a name, a chain written ``a.b.c``) records what the adapter's ``chain`` does."""
    from codeknit.languages.javascript.adapter import JavaScriptAdapter

    fast = extract(name, language, source)
    monkeypatch.setattr(JavaScriptAdapter, "plain_value_types", frozenset())
    monkeypatch.setattr(JavaScriptAdapter, "plain_chain_types", frozenset())
    slow = extract(name, language, source)
    assert list(fast.values.entries()) == list(slow.values.entries())
    assert fast == slow
    if name.startswith("values."):
        texts = {use[0] for use in fast.values.entries()}
        assert {"url", "name", "x", "y.z", "this.a.b", "T.prototype.create", "McpSchema.GetPrompt.payloadSchema.Type",
                "other.c", "shorthand", "obj.prop_1.ümlaut"} <= texts
        assert not {"", "import.meta.url", "null.x", "undefined.y.z", "T.prototype.prototype"} & texts


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["export", "as", "type", "default", "function", "null", "x", "$", "_", "1",
                                 " ", "\n", "*", "(", ",", "}", "{"]), max_size=30)
       .map(lambda words: "".join(words).encode()))
def test_javascript_gap_patterns_match_as_their_word_boundary_forms(source: bytes) -> None:
    """A gap pattern written ``word(?<!\\wword)`` (searched for fast) matches where ``\\bword`` does."""
    import re

    from codeknit.languages.javascript.adapter import _RESERVED_NAMES, JAVASCRIPT_GAPS
    from codeknit.languages.typescript.adapter import TYPESCRIPT_GAPS

    plain = {
        rb"\bas\s+(?P<mask>" + _RESERVED_NAMES.encode() + rb")(?=\s*[,}])",
        rb"\bexport\s+(?P<mask>type)\s+\*",
        rb"\bexport\s+default\s+function\s*\(",
    }
    rewritten = [gap.pattern for gap in JAVASCRIPT_GAPS + TYPESCRIPT_GAPS if b"(?<!\\w" in gap.pattern.pattern]
    assert len(rewritten) == len(plain)
    for pattern in rewritten:
        word = pattern.pattern.split(b"(?<!\\w", 1)[0]
        original = re.compile(rb"\b" + word + pattern.pattern.split(b"(?<!\\w" + word + b")", 1)[1])
        assert original.pattern in plain
        assert [m.span() for m in pattern.finditer(source)] == [m.span() for m in original.finditer(source)]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["<", ",", ">", "in", "out", "const", "T", "x", "extends", "=", "(", ":", ";", "}",
                                 ")", "instanceof", "/* c */", "/** a\n * b */", "/* * / */", "// c\n", "*/",
                                 "/*", " ", "\t", "\n", "\n  "]), max_size=30)
       .map(lambda words: "".join(words).encode()))
def test_typescript_gap_patterns_match_as_their_plain_forms(source: bytes) -> None:
    """The variance gap's lookahead after ``[<,]`` and the member line-end gap's atomic comments (searched
    for fast) find the masks the patterns without them find."""
    import re

    from codeknit.languages.typescript.adapter import _BLOCK_COMMENT, _MEMBER_LINE_END, TYPESCRIPT_GAPS

    variance = re.compile(rb"[<,](?:\s|" + _BLOCK_COMMENT + rb"|//[^\n]*\n)*(?:const\s+)?(?P<mask>(?:in\s+)?out|in)\s+"
                          rb"(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))")
    member = re.compile(_MEMBER_LINE_END + rb"(?:[ \t\n]|//[^\n]*\n|" + _BLOCK_COMMENT + rb")*?"
                        rb"(?P<mask>[ \t])(?=[<(]|in(?:stanceof)?\b)")
    for fast, plain in ((TYPESCRIPT_GAPS[0].pattern, variance), (TYPESCRIPT_GAPS[2].pattern, member)):
        assert [(m.span(), m.span("mask")) for m in fast.finditer(source)] == \
            [(m.span(), m.span("mask")) for m in plain.finditer(source)]


def test_typescript_signature_parameters_are_only_those_of_signatures() -> None:
    """``@local.signature`` takes the parameters of function types and signatures, not of functions with a body."""
    source = b"function k(w: W) {}\nconst f = (v: V) => v;\ntype F = (z: Z) => Y;\ninterface I { m(y: Y): void }\n"
    query = _query("typescript", "typescript/queries.scm")
    captures = QueryCursor(query).captures(_parser("typescript").parse(source).root_node)
    assert sorted(node.text for node in captures.get("local.signature", [])) == [b"y", b"z"]


# -- ByteRanges, and Go's type names that are no type use -------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 20)), max_size=12), st.booleans())
def test_byte_ranges_answer_as_their_definition(pairs: list[tuple[int, int]], merge: bool) -> None:
    ranges = [(start, start + length) for start, length in pairs]
    found = ByteRanges(list(ranges), merge=merge)
    for offset in range(-1, 85):
        if merge:
            expected = any(start <= offset < end for start, end in ranges)
        else:
            last = max((r for r in ranges if r[0] <= offset), default=None)
            expected = last is not None and offset < last[1]
        assert (offset in found) == expected, (ranges, offset)


GO_TYPES = """package p
type S struct { Base; *pkg.T; List[int]; Named struct{ Inner; X Outer }; F func(a Param) Result }
type I interface { Other; ~int; int | float64; pkg.Face; M(x Arg) Ret; Gen[Elem] }
func (l *List[T]) M(a T) Out { var v Local; return v }
func (Plain) N() {}
func f[T any, U Bound](t T) U { x := F[int](y); z := pkg.G[Pair](y); w := Conv(y); return H[T, U](x) }
"""


def _go_not_a_type_use_by_parents(node: Node) -> bool:
    """The walk ``@adapter.not_type`` replaced: is this type name an embedding, a receiver or a generic call?"""
    child, current = node, node.parent
    while current is not None and current.type not in ("source_file", "block", "statement_list"):
        kind = current.type
        if kind == "field_declaration":
            return current.child_by_field_name("name") is None
        if kind == "type_elem":
            parent = current.parent
            if parent is not None and parent.type == "interface_type" and current.named_child_count == 1:
                return True
        if kind == "parameter_list":
            parent = current.parent
            return parent is not None and parent.type == "method_declaration" and \
                parent.child_by_field_name("receiver") == current
        if kind == "type_conversion_expression":
            return child.type == "generic_type" and current.child_by_field_name("type") == child and \
                child.child_by_field_name("type") in (node, node.parent)
        if kind in ("function_declaration", "method_declaration", "type_spec", "type_alias"):
            return False
        child, current = current, current.parent
    return False


def _go_sources() -> list[tuple[str, bytes]]:
    sources = [("types.go", GO_TYPES.encode())]
    tests = Path(__file__).resolve().parents[1]
    sources += [(path.name, path.read_bytes()) for path in sorted(tests.rglob("*.go"))]
    return sources


@pytest.mark.parametrize(("name", "source"), _go_sources(), ids=_ids)
def test_go_type_names_that_are_no_type_use_match_the_parent_walk(name: str, source: bytes) -> None:
    tree = parse_within("go", source)
    ctx = Context(Extraction(name, "go", "", len(source)), source)
    ctx.root = tree.root_node
    names: list[Node] = []
    for _pattern, captures in QueryCursor(_query("go", "go/queries.scm")).matches(tree.root_node):
        if any(capture.startswith("adapter.") for capture in captures):
            ctx.matches.append(captures)  # as the engine does
        names += captures.get("reference.type", [])
    answers = {(node.start_byte in go._marks(ctx).not_type) for node in names}
    for node in names:
        assert (node.start_byte in go._marks(ctx).not_type) == _go_not_a_type_use_by_parents(node), (
            name, ctx.text(node), node.start_point)
    if name == "types.go":
        assert answers == {True, False}
