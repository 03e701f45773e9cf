"""The .skt writer and reader: every document the writer prints reads back equal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codeknit.skeleton import (
    EdgeLine,
    ErrorLine,
    FileSection,
    SktDocument,
    SktFormatError,
    SymbolLine,
    expand,
    read,
    read_chunks,
    to_text,
)
from codeknit.skeleton.document import quote, unquote

# -- strategies ---------------------------------------------------------------------------------

identifier = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
dotted = st.lists(identifier, min_size=1, max_size=3).map(".".join)
short = st.integers(1, 5000).map(lambda n: f"S{n}")
any_text = st.text(min_size=1, max_size=20)
# a path may hold spaces, unicode, quotes, ": " and even line breaks
path = st.one_of(
    st.lists(identifier, min_size=1, max_size=3).map(lambda p: "/".join(p) + ".py"),
    any_text.filter(lambda t: t.strip() == t and t != ""),
    any_text,
)
kind = st.sampled_from(["callable/function", "callable/method", "type/class", "value/field", "module/module"])
prop_item = st.one_of(
    st.sampled_from(["exported", "exported=false", "async", "static", "visibility=private"]),
    st.lists(dotted, min_size=1, max_size=3).map(lambda ds: f"decorators=[{', '.join(ds)}]"),
)
signature = st.one_of(
    dotted,
    st.builds(lambda n, ps, r: f"{n}({', '.join(ps)})" + (f" -> {r}" if r else ""),
              identifier, st.lists(identifier, max_size=3), st.one_of(st.none(), dotted)),
)


@st.composite
def symbol_lines(draw: st.DrawFn) -> SymbolLine:
    start = draw(st.integers(1, 10_000))
    return SymbolLine(
        short=draw(short),
        kind=draw(kind),
        start=start,
        end=start + draw(st.integers(0, 500)),
        signature=draw(signature),
        properties=draw(st.lists(prop_item, max_size=4)),
    )


target = st.one_of(short, dotted.filter(lambda d: not d.startswith("S") or not d[1:].isdigit()),
                   st.builds(lambda p, n: quote(f"{p}::{n}"), path, any_text))


@st.composite
def edge_lines(draw: st.DrawFn) -> EdgeLine:
    status = draw(st.sampled_from([None, "unresolved", "ambiguous"]))
    candidates = draw(st.lists(st.one_of(short, st.builds(lambda p: quote(p), any_text)), min_size=1, max_size=3)
                      ) if status == "ambiguous" else []
    source = draw(st.one_of(short, st.builds(lambda p: quote(p), any_text)))
    return EdgeLine(
        source=source,
        kind=draw(st.sampled_from(["calls", "contains", "references", "imports", "inherits"])),
        status=status,
        targets=draw(st.lists(target, min_size=1, max_size=4)),
        candidates=candidates,
    )


message = st.text(min_size=1, max_size=40).map(lambda m: " ".join(m.split())).filter(bool)


@st.composite
def documents(draw: st.DrawFn) -> SktDocument:
    files = draw(st.lists(st.builds(FileSection, path, st.lists(symbol_lines(), max_size=4)), max_size=4))
    edges = draw(st.lists(edge_lines(), max_size=6))
    return SktDocument(
        meta=[("format", "skt 0.5.0"), ("run", draw(st.from_regex(r"[0-9a-f]{16}", fullmatch=True)))],
        files=files,
        edges=edges,
        errors=draw(st.lists(st.builds(ErrorLine, path, message), max_size=3)),
        has_edges=bool(edges) or draw(st.booleans()),
    )


# -- properties ----------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(documents())
def test_write_then_read_gives_the_same_document(doc: SktDocument) -> None:
    text = to_text(doc)
    assert read(text) == doc
    assert to_text(read(text)) == text


def spec_coded(doc: SktDocument, dictionary: list[tuple[str, str]]) -> SktDocument:
    """The spec's own ``--minify`` form: ``dN`` codes for whole kinds, property items and edge kinds."""
    codes = {value: code for code, value in dictionary}
    return SktDocument(
        meta=list(doc.meta), dictionary=list(dictionary), has_symbols=doc.has_symbols, has_edges=doc.has_edges,
        errors=list(doc.errors),
        files=[FileSection(f.path, [SymbolLine(s.short, codes.get(s.kind, s.kind), s.start, s.end, s.signature,
                                                [codes.get(p, p) for p in s.properties]) for s in f.symbols])
               for f in doc.files],
        edges=[EdgeLine(e.source, codes.get(e.kind, e.kind), e.status, list(e.targets), list(e.candidates))
               for e in doc.edges],
    )


@settings(max_examples=100, deadline=None)
@given(documents(), st.lists(st.sampled_from(["callable/method", "exported", "calls", "type/class"]),
                             unique=True, max_size=4))
def test_spec_coded_documents_expand_back(doc: SktDocument, values: list[str]) -> None:
    dictionary = [(f"d{i}", v) for i, v in enumerate(values)]
    coded = spec_coded(doc, dictionary)
    text = to_text(coded)
    parsed = read(text)
    assert parsed.dictionary == dictionary
    restored = expand(parsed)
    assert to_text(restored) == to_text(doc)


@given(st.text(max_size=200))
def test_reader_never_crashes_on_minified_text(text: str) -> None:
    try:
        expand(read("[meta]\n- format: skt 0.5.0 minified\n\n[dict]\n- a: --calls-->\n- b: x=S1\n- ^c: (y)\n\n"
                    "[symbols]\n## a.py\nS1 type/class L1 x^c\n " + text))
    except SktFormatError:
        pass


@given(st.text())
def test_quote_round_trip(text: str) -> None:
    quoted = quote(text)
    assert "\n" not in quoted
    assert unquote(quoted) == text


@given(st.text(max_size=200))
def test_reader_never_crashes_with_anything_but_a_format_error(text: str) -> None:
    try:
        read(text)
    except SktFormatError:
        pass


# -- the spec's own examples -----------------------------------------------------------------------

SPEC_EXAMPLE = """[dict]
- d0: exported
- d1: callable/function

[symbols]
## main.go
S1 module/package L1-L1 main {}
S2 type/struct L5-L8 Server {d0}
S3 d1 L10-L12 NewServer(addr: string) -> *S2 {d0}
S4 callable/method L14-L20 Serve() {d0, receiver=*Server}
S5 callable/function L22-L25 handleError(err: error) -> bool {}

[edges]
S2 --contains--> S4
S4 --calls--> S5
S3 --references--> S2
S5 --calls[ambiguous]--> Helper [candidates=S8, S9]
S6 --references[unresolved]--> "app.go::S2"
S1 --d2[unresolved]--> S3

[errors]
- utils/broken.go: syntax error at line 5
"""


def test_reads_the_spec_example() -> None:
    doc = read(SPEC_EXAMPLE)
    assert doc.dictionary == [("d0", "exported"), ("d1", "callable/function")]
    assert [s.short for s in doc.files[0].symbols] == ["S1", "S2", "S3", "S4", "S5"]
    assert doc.files[0].symbols[3].properties == ["d0", "receiver=*Server"]
    assert doc.edges[3] == EdgeLine("S5", "calls", "ambiguous", ["Helper"], ["S8", "S9"])
    assert doc.edges[4].targets == ['"app.go::S2"']
    assert doc.errors == [ErrorLine("utils/broken.go", "syntax error at line 5")]
    expanded = expand(SktDocument(dictionary=[("d0", "exported"), ("d1", "callable/function"),
                                              ("d2", "references")], files=doc.files, edges=doc.edges))
    assert expanded.files[0].symbols[2].kind == "callable/function"
    assert expanded.edges[5].kind == "references" and expanded.edges[5].status == "unresolved"


def test_symbol_lines_without_braces_are_accepted() -> None:
    doc = read("[symbols]\n## src/main.c\nS1 meta/file L1-L3 main.c\nS2 meta/include L1-L1 \"config.h\" "
               "{resolution=unresolved}\n")
    assert doc.files[0].symbols[0].signature == "main.c"
    assert doc.files[0].symbols[0].braces is False
    assert doc.files[0].symbols[1].properties == ["resolution=unresolved"]


@pytest.mark.parametrize(
    "text, where",
    [
        ("S1 callable/function L1-L2 f() {}\n", "line 1: text before the first section"),
        ("[symbols]\nS1 type/class L1-L2 A {}\n", "line 2: symbol before any"),
        ("[symbols]\n## a.py\nS1 L1-L2 A {}\n", "line 3: not a symbol line"),
        ("[edges]\nS1 -calls-> S2\n", "line 2: not an edge line"),
        ("[edges]\nS1 --calls[maybe]--> S2\n", "line 2: unknown status"),
        ("[edges]\nS1 --calls--> \"unterminated\n", "line 2: unterminated"),
        ("[errors]\nno dash\n", "line 2: expected"),
    ],
)
def test_bad_text_names_the_line(text: str, where: str) -> None:
    with pytest.raises(SktFormatError, match=where.replace("[", r"\[")):
        read(text)


def test_undefined_dictionary_code_is_an_error() -> None:
    doc = read("[symbols]\n## a.py\nS1 d7 L1-L1 x {}\n")
    with pytest.raises(SktFormatError, match="d7 is not defined"):
        expand(doc)


def test_chunks_from_different_runs_are_refused() -> None:
    a = "[meta]\n- format: skt 0.5.0\n- run: aaaa\n- chunk: 1/2\n\n[symbols]\n"
    b = "[meta]\n- format: skt 0.5.0\n- run: bbbb\n- chunk: 2/2\n\n[symbols]\n"
    assert len(read_chunks([a, a.replace("1/2", "2/2")])) == 2
    with pytest.raises(SktFormatError, match="different runs"):
        read_chunks([a, b])
