"""``--minify``: lossless (the reader gives back the same symbols, edges, resolutions and
candidates), never larger than plain, and the same bytes under any hash seed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from graph_strategies import graphs
from hypothesis import HealthCheck, given, settings
from test_roundtrip import documents

import codeknit
from codeknit.graph import Graph
from codeknit.skeleton import (
    ErrorLine,
    FileSection,
    SktDocument,
    SktFormatError,
    SymbolLine,
    expand,
    minify,
    read,
    render,
    to_text,
)
from codeknit.skeleton.document import MINIFIED_FORMAT
from codeknit.skeleton.minify import apply_dictionary, choose_dictionary
from codeknit.tokens import TokenCounter, Tokenizer, get_tokenizer

ROOT = Path(__file__).parents[2]
GOLDEN_INPUTS = sorted(p for p in (ROOT / "tests" / "golden").glob("*/input") if p.is_dir())
EXAMPLE = ROOT / "examples" / "shop"
TOKENIZER = get_tokenizer("o200k_base")
COUNTER = TokenCounter(TOKENIZER, maxsize=1 << 16)


def facts(doc: SktDocument) -> tuple[object, ...]:
    """What a document says: its symbols, its edges (one fact per target), its errors, and its
    edge lines as sets of targets (a line groups a source, kind, resolution and candidate set)."""
    symbols = [(f.path, s.short, s.kind, s.start, s.end, s.signature, tuple(s.properties))
               for f in doc.files for s in f.symbols]
    edges = Counter((e.source, e.kind, e.status, t, tuple(e.candidates)) for e in doc.edges for t in e.targets)
    lines: dict[tuple[object, ...], Counter[str]] = {}
    for e in doc.edges:
        lines.setdefault((e.source, e.kind, e.status, tuple(e.candidates)), Counter()).update(e.targets)
    return symbols, edges, lines, [(e.path, " ".join(e.message.split())) for e in doc.errors]


def round_trip(plain: SktDocument) -> SktDocument:
    """The plain document in its minified form (whether or not it is smaller), printed and read back."""
    minified = apply_dictionary(plain, choose_dictionary(plain, COUNTER.count))
    text = to_text(minified)
    doc = read(text)
    minified.errors = [ErrorLine(e.path, " ".join(e.message.split())) for e in minified.errors]  # as written
    assert doc == minified, "the reader gives back what the writer printed"
    assert to_text(doc) == text
    assert doc.meta_value("format") == MINIFIED_FORMAT
    return expand(doc)


def check_graph(graph: Graph) -> None:
    plain = render(graph, edges=True)
    assert facts(round_trip(plain)) == facts(plain)
    chosen = minify(plain, COUNTER)
    assert TOKENIZER.count(to_text(chosen)) <= TOKENIZER.count(to_text(plain)), "minify never costs tokens"
    assert facts(expand(read(to_text(chosen)))) == facts(plain)
    without_edges = render(graph)
    assert facts(round_trip(without_edges)) == facts(without_edges)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs())
def test_random_graphs_read_back_exactly(graph: Graph) -> None:
    check_graph(graph)


@pytest.mark.parametrize("path", GOLDEN_INPUTS, ids=lambda p: p.parent.name)
def test_every_golden_reads_back_exactly(path: Path) -> None:
    check_graph(codeknit.index(path, collect_tests=True))


@settings(max_examples=300, deadline=None)
@given(documents())
def test_random_documents_read_back_exactly(doc: SktDocument) -> None:
    """Documents no renderer writes: sources without a symbol line, repeated ids, odd targets."""
    assert facts(round_trip(doc)) == facts(expand(doc))


def test_a_small_tree_is_never_larger_minified(tokenizer: Tokenizer = TOKENIZER) -> None:
    graph = codeknit.index(EXAMPLE)
    assert len(graph.files) == 5
    for edges in (False, True):
        plain = render(graph, edges=edges)
        assert tokenizer.count(to_text(minify(plain, COUNTER))) <= tokenizer.count(to_text(plain))


def test_minify_saves_on_a_real_module() -> None:
    """On the Python golden (one project of several files) the minified form is much smaller."""
    graph = codeknit.index(ROOT / "tests" / "golden" / "python" / "input", collect_tests=True)
    plain = render(graph, edges=True)
    minified = minify(plain, COUNTER)
    assert minified.minified
    assert TOKENIZER.count(to_text(minified)) < 0.8 * TOKENIZER.count(to_text(plain))


def test_targets_sharing_candidates_share_a_code_for_the_list() -> None:
    """Different targets with one long candidate list: the list gets one code, each target keeps
    its name, and the reader gives every target its candidates back."""
    from codeknit.skeleton.document import EdgeLine

    names = [f"obj{i}.send" for i in range(12)]
    candidates = ["S101", "S233", "S377", "S412", "S597", "?"]
    plain = SktDocument(meta=[("format", "skt 0.5.0")], has_edges=True, files=[FileSection("a.py", [
        SymbolLine(f"S{i + 1}", "callable/function", i + 1, i + 1, f"f{i}()") for i in range(12)])])
    plain.edges = [EdgeLine(f"S{i + 1}", "calls", "ambiguous", [name], list(candidates))
                   for i, name in enumerate(names)]
    dictionary = choose_dictionary(plain, COUNTER.count)
    assert dictionary.candidate_lists == {"S101,S233,S377,S412,S597,?": dictionary.candidate_lists[
        "S101,S233,S377,S412,S597,?"]}
    code = dictionary.candidate_lists["S101,S233,S377,S412,S597,?"]
    text = to_text(apply_dictionary(plain, dictionary))
    assert f" obj3.send={code}\n" in text
    assert facts(round_trip(plain)) == facts(plain)
    assert TOKENIZER.count(to_text(minify(plain, COUNTER))) < TOKENIZER.count(to_text(plain))


def documented_example() -> str:
    """The minified example of docs/skt-format.md."""
    page = (ROOT / "docs" / "skt-format.md").read_text()
    section = page[page.index("## Minified documents"):]
    return section[section.index("```text\n") + 8 : section.index("```\n", section.index("```text\n") + 8)]


def test_reads_the_documented_example() -> None:
    doc = expand(read(documented_example()))
    assert [f.path for f in doc.files] == ["shop/cart.py"]
    lines = [s for f in doc.files for s in f.symbols]
    assert (lines[0].kind, lines[0].start, lines[0].end) == ("module/module", 1, 20)
    assert (lines[2].kind, lines[2].properties, lines[2].signature) == (
        "callable/method", ["async"], "get(request, *args, **kwargs)")
    assert (lines[3].start, lines[3].end, lines[3].signature) == (7, 9, "put(x=…, y: str)")
    assert [(e.source, e.kind, e.status, e.targets, e.candidates) for e in doc.edges] == [
        ("S1", "contains", None, ["S2", "S3", "S4"], []),
        ("S1", "imports", "unresolved", ["os"], []),
        ("S3", "calls", "ambiguous", ["fut.done"], ["S434", "S1136"]),
        ("S3", "calls", "ambiguous", ["discount.apply"], ["S15", "S17"]),
        ("S3", "calls", "ambiguous", ['"cart.py::x y"'], ["S9"]),
        ("S9", "calls", None, ["S1", "S2"], []),
    ]


def test_a_signature_that_looks_like_properties_keeps_its_braces() -> None:
    plain = SktDocument(meta=[("format", "skt 0.5.0")], files=[FileSection("a.py", [
        SymbolLine("S1", "type/class", 1, 1, "T {x}"), SymbolLine("S2", "value/field", 2, 3, "{y}"),
        SymbolLine("S3", "value/field", 4, 4, "", ["exported"]), SymbolLine("S4", "value/field", 5, 5, "")])])
    text = to_text(apply_dictionary(plain, choose_dictionary(plain, COUNTER.count)))
    assert "S1 type/class L1 T {x} {}\n" in text
    assert facts(expand(read(text))) == facts(plain)


@pytest.mark.parametrize("text, message", [
    ("[meta]\n- format: skt 0.5.0 minified\n\n[symbols]\n## a.py\n S1\n", "edge line before any symbol"),
    ("[meta]\n- format: skt 0.5.0 minified\n\n[symbols]\n## a.py\nS1 q L1 x\n", "q is not defined"),
    ("[meta]\n- format: skt 0.5.0 minified\n\n[symbols]\n## a.py\nS1 type/class L1 x\n S2\n",
     "do not start with a head"),
    ("[meta]\n- format: skt 0.5.0 minified\n\n[symbols]\n## a.py\nS1 type/class L1 x\n --calls--> S9-S2\n",
     "bad run"),
    ("[meta]\n- format: skt 0.5.0 minified\n\n[symbols]\n## a.py\nS1 type/class L1 x\n --calls--> \"a\n",
     "unterminated"),
    ("[meta]\n- format: skt 0.5.0 minified\n\n[dict]\n- d0: x\n\n[symbols]\n", "bad dictionary code"),
    ("[meta]\n- format: skt 0.5.0 minified\n\n[edges]\nS1 --calls[maybe]--> x\n", "unknown status"),
])  # fmt: skip
def test_bad_minified_text_is_a_format_error(text: str, message: str) -> None:
    with pytest.raises(SktFormatError, match=message):
        expand(read(text))
