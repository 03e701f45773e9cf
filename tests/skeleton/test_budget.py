"""Token-budgeted chunks: exact accounting, no chunk over budget, nothing lost or duplicated."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from graph_strategies import graphs
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import codeknit
from codeknit.graph import EdgeKind, FileError, FileRecord, Graph, Relation, Resolution, Symbol, SymbolKind
from codeknit.skeleton import (
    EdgeLine,
    Renderer,
    RenderOptions,
    SktDocument,
    SktFormatError,
    expand,
    read,
    read_chunks,
    render,
    to_text,
)
from codeknit.skeleton.budget import (
    Catalog,
    ChunkSet,
    Measure,
    Tally,
    TokenBudgetError,
    budgeted_chunks,
    chunk_catalog,
    error_text,
)
from codeknit.skeleton.rank import ranked_chunks
from codeknit.tokens import TokenCounter, Tokenizer, get_tokenizer

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "shop"
GOLDEN_INPUTS = sorted(p for p in (ROOT / "tests" / "golden").glob("*/input") if p.is_dir())


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    return get_tokenizer("o200k_base")


@pytest.fixture(scope="module")
def shop() -> Graph:
    return codeknit.index(EXAMPLE)


@pytest.fixture(scope="module")
def goldens() -> list[Graph]:
    return [codeknit.index(path) for path in GOLDEN_INPUTS]


def counter(tokenizer: Tokenizer) -> TokenCounter:
    return TokenCounter(tokenizer)


# -- checking a chunk set ---------------------------------------------------------------------


def symbol_lines(doc: SktDocument) -> list[object]:
    return [line for section in doc.files for line in section.symbols]


def edge_facts(edges: list[EdgeLine]) -> list[tuple[str, str, str | None, str, tuple[str, ...]]]:
    """One fact per target: an edge line cut in two (a symbol too large for a chunk) says the same."""
    return [(e.source, e.kind, e.status, target, tuple(e.candidates)) for e in edges for target in e.targets]


def edge_key(e: EdgeLine) -> tuple[str, str, str | None, tuple[str, ...], tuple[str, ...]]:
    return (e.source, e.kind, e.status, tuple(e.targets), tuple(e.candidates))


def check_chunk_set(graph: Graph, chunk_set: ChunkSet, tokenizer: Tokenizer, *, edges: bool) -> None:
    """Every invariant a chunk set promises, against the whole document rendered in one piece."""
    budget = chunk_set.max_tokens - chunk_set.dictionary_tokens
    full = read(to_text(render(graph, edges=edges)))  # as a reader sees it
    shared = read(chunk_set.dictionary_text).dictionary if chunk_set.dictionary is not None else None
    if chunk_set.dictionary is not None:
        assert chunk_set.dictionary_tokens == tokenizer.count(chunk_set.dictionary_text)
    total = len(chunk_set.chunks)
    docs = read_chunks(c.text for c in chunk_set.chunks)
    seen_symbols: list[object] = []
    seen_edges: list[EdgeLine] = []
    shown: set[str] = set()
    seen_errors: list[object] = []
    minified = False
    for number, (chunk, doc) in enumerate(zip(chunk_set.chunks, docs, strict=True), start=1):
        assert chunk.number == number
        assert chunk.tokens == tokenizer.count(chunk.text) <= budget, "never over budget"
        assert chunk.text.endswith("\n") and to_text(doc) == chunk.text, "whole lines, read back unchanged"
        assert doc.meta_value("run") == (graph.fingerprint or "-")
        assert doc.meta_value("chunk") == f"{number}/{total}"
        plain = expand(doc, shared) if shared is not None else expand(doc)
        minified = minified or doc.minified
        if doc.minified:
            assert not doc.edges and all(row.source in shown for row in doc.source_edges)
        own = {line.short for line in symbol_lines(plain)}  # type: ignore[attr-defined]
        continued = {s.short for s in chunk.continued}
        assert continued <= shown, "a symbol's edges continue only after its line"
        assert all(edge.source in own | continued for edge in plain.edges), "edges sit with their source symbol"
        shown |= own
        assert [s.short for s in chunk.symbols] == [line.short for line in symbol_lines(plain)]  # type: ignore[attr-defined]
        if chunk.dict_tokens:
            assert doc.dictionary and chunk_set.dictionary is None
        seen_symbols += symbol_lines(plain)
        seen_edges += plain.edges
        seen_errors += plain.errors
        entry = chunk_set.manifest()["chunks"][number - 1]
        assert entry["tokens"] == chunk.tokens and entry["symbols"] == len(chunk.symbols)
        assert entry["edges"] == len(plain.edges) and entry["errors"] == len(doc.errors)
        assert entry["continued"] == [s.short for s in chunk.continued]
        assert [f["path"] for f in entry["files"]] == [section.path for section in plain.files]
        for section, listed in zip(plain.files, entry["files"], strict=True):
            expected: list[str] = []
            for line in section.symbols:
                n = int(line.short[1:])
                if expected and int(expected[-1].rpartition("S")[2]) == n - 1:
                    expected[-1] = f"{expected[-1].partition('-')[0]}-S{n}"
                else:
                    expected.append(line.short)
            assert listed["symbols"] == expected
    full_symbols = symbol_lines(full)
    if chunk_set.order == "source" and not minified:
        assert seen_symbols == full_symbols
        assert edge_facts(seen_edges) == edge_facts(full.edges)
        if not any(c.continued for c in chunk_set.chunks):
            assert seen_edges == full.edges, "whole edge lines, in order"
    elif chunk_set.order == "source":  # a minified edge line lists each head once: the lines' order may differ
        assert seen_symbols == full_symbols
        assert Counter(edge_facts(seen_edges)) == Counter(edge_facts(full.edges))
        if not any(c.continued for c in chunk_set.chunks):
            assert Counter(map(edge_key, seen_edges)) == Counter(map(edge_key, full.edges)), "whole edge lines"
    else:
        order = {line.short: i for i, line in enumerate(full_symbols)}  # type: ignore[attr-defined]
        assert sorted(seen_symbols, key=lambda line: order[line.short]) == full_symbols  # type: ignore[attr-defined]
        assert Counter(edge_facts(seen_edges)) == Counter(edge_facts(full.edges))
    assert seen_errors == full.errors
    manifest = chunk_set.manifest()
    assert manifest["total_tokens"] == sum(c.tokens for c in chunk_set.chunks) + chunk_set.dictionary_tokens
    assert manifest["max_tokens"] == chunk_set.max_tokens and manifest["run"] == (graph.fingerprint or "-")


# -- the accounting is exact --------------------------------------------------------------------


@pytest.mark.parametrize("edges", [False, True])
@pytest.mark.parametrize("minify", [False, True])
def test_tally_matches_the_final_text(shop: Graph, tokenizer: Tokenizer, edges: bool, minify: bool) -> None:
    """Adding symbols one by one, the tally always equals the token count of the text it describes."""
    catalog = chunk_catalog(shop, counter(tokenizer), edges=edges, minify=minify)
    tally = Tally(catalog, catalog.renderer.meta((3, 12)), own_dictionary=minify)
    errors = [FileError("shop/broken.py", "syntax error at line 5"), FileError("odd: path.py", "x\n y")]
    for index in range(len(catalog)):
        predicted = tally.evaluate([index])
        tally.add([index])
        own = tally._evaluate([], [])
        assert own == tokenizer.count(to_text(tally.document())), f"after symbol #{index}"
        assert predicted == tally.total() <= own
    predicted = tally.evaluate(errors=errors)
    tally.add_errors(errors)
    assert predicted == tally.total() == tokenizer.count(to_text(tally.document()))
    if tally.alternative is not None:
        assert tally.alternative.total() == tokenizer.count(to_text(tally.alternative.document()))
    for index in (5, 0, len(catalog) - 1):  # removing (as the map's swaps do) keeps it exact
        tally.remove(index)
        assert tally._evaluate([], []) == tokenizer.count(to_text(tally.document()))


def test_text_layout_tally_is_exact(shop: Graph, tokenizer: Tokenizer) -> None:
    catalog = Catalog(shop, Measure(counter(tokenizer)), layout="text")
    tally = Tally(catalog)
    for index in reversed(range(len(catalog))):
        tally.add([index])
        assert tally.total() == tokenizer.count(tally.text())
    assert tally.text().startswith("shop/__init__.py:\n  variable __all__")


def test_approx_tokenizer_is_fitted_in_exact_weight_units(shop: Graph) -> None:
    approx = get_tokenizer("approx")
    chunk_set = budgeted_chunks(shop, 200, TokenCounter(approx), edges=True)
    assert not chunk_set.exact and chunk_set.tokenizer == "approx"
    assert all(c.tokens == approx.count(c.text) <= 200 for c in chunk_set.chunks)
    catalog = Catalog(shop, Measure(TokenCounter(approx)), edges=True)
    tally = Tally(catalog, [("format", "skt 0.5.0")])
    tally.add(range(len(catalog)))
    assert catalog.measure.tokens(tally.total()) == approx.count(to_text(tally.document()))


def test_error_lines_are_written_as_the_writer_does() -> None:
    doc = SktDocument(errors=[], has_symbols=False)
    error = FileError("a: b.py", "bad\n  thing")
    from codeknit.skeleton.document import ErrorLine

    doc.errors = [ErrorLine(error.path, error.message)]
    assert to_text(doc).splitlines()[-1] == error_text(error)


# -- parse --max-tokens: source order ----------------------------------------------------------


@pytest.mark.parametrize("budget", [120, 200, 256, 400, 1000, 4000])
@pytest.mark.parametrize(("edges", "minify", "mode"), [
    (False, False, "per-chunk"), (True, False, "per-chunk"), (True, True, "per-chunk"), (True, True, "shared"),
])  # fmt: skip
def test_source_chunks_on_the_example(shop: Graph, tokenizer: Tokenizer, budget: int, edges: bool, minify: bool,
                                      mode: str) -> None:
    try:
        chunk_set = budgeted_chunks(shop, budget, counter(tokenizer), edges=edges, minify=minify, dict_mode=mode)
    except TokenBudgetError as exc:
        assert budget <= 200 and "too small" in str(exc)
        return
    check_chunk_set(shop, chunk_set, tokenizer, edges=edges)
    assert chunk_set.order == "source"
    shared = minify and mode == "shared"
    assert (chunk_set.dictionary is not None) == (shared and any(c.codes for c in chunk_set.chunks))


def test_golden_fixtures_chunk_cleanly(goldens: list[Graph], tokenizer: Tokenizer) -> None:
    for graph in goldens:
        for budget in (300, 1000, 32000):
            try:
                chunk_set = budgeted_chunks(graph, budget, counter(tokenizer), edges=True, minify=True)
            except TokenBudgetError:
                assert budget == 300
                continue
            check_chunk_set(graph, chunk_set, tokenizer, edges=True)


def test_files_are_not_split_when_they_fit_a_chunk_of_their_own(shop: Graph, tokenizer: Tokenizer) -> None:
    chunk_set = budgeted_chunks(shop, 400, counter(tokenizer))
    whole = {path: tokenizer.count(to_text(render_file(shop, path))) for path in {s.path for s in shop.symbols}}
    for path, tokens in whole.items():
        holding = [c.number for c in chunk_set.chunks if path in c.files]
        if tokens + 30 < 400:  # fits with room for the [meta] lines
            assert len(holding) == 1, path


def render_file(graph: Graph, path: str) -> SktDocument:
    from codeknit.skeleton import Renderer

    return Renderer(graph).document([s for s in graph.symbols if s.path == path], errors=False, chunk=(1, 9))


def test_a_large_file_is_split_between_symbols_with_its_header_repeated(shop: Graph, tokenizer: Tokenizer) -> None:
    chunk_set = budgeted_chunks(shop, 130, counter(tokenizer))
    paths = [p for c in chunk_set.chunks for p in c.files]
    repeated = [p for p, n in Counter(paths).items() if n > 1]
    assert repeated, "some file must span two chunks at this budget"
    for chunk in chunk_set.chunks:
        doc = read(chunk.text)
        assert all(section.symbols for section in doc.files)


def test_too_small_a_budget_names_the_symbol(shop: Graph, tokenizer: Tokenizer) -> None:
    with pytest.raises(TokenBudgetError, match=r"too small for the line of S1 \(shop/__init__.py\)"):
        budgeted_chunks(shop, 60, counter(tokenizer), edges=True)
    with pytest.raises(TokenBudgetError, match="shared dictionary alone"):
        budgeted_chunks(shop, 20, counter(tokenizer), minify=True, dict_mode="shared")
    with pytest.raises(TokenBudgetError):
        budgeted_chunks(shop, 0, counter(tokenizer))


def test_a_symbol_too_large_for_a_chunk_is_cut_between_edge_lines(shop: Graph, tokenizer: Tokenizer) -> None:
    """Its line and first edges in one chunk, the rest of its edges in the next ones: nothing lost."""
    cut = 0
    for budget in range(80, 200, 8):
        for plan in (budgeted_chunks, ranked_chunks):
            try:
                chunk_set = plan(shop, budget, counter(tokenizer), edges=True, minify=True)  # type: ignore[operator]
            except TokenBudgetError as exc:
                assert "too small for the line of" in str(exc)
                continue
            check_chunk_set(shop, chunk_set, tokenizer, edges=True)
            cut += sum(len(c.continued) for c in chunk_set.chunks)
    assert cut, "some budget in the range must cut a symbol's edges"


def test_an_edge_line_too_long_for_any_chunk_is_cut_between_targets(tokenizer: Tokenizer) -> None:
    graph = Graph(root="r", fingerprint="abc")
    graph.files.append(FileRecord("big.js", "javascript", 1, "0" * 64))
    graph.symbols.append(Symbol("big.js", "big", "", SymbolKind.MODULE, "big.js", "javascript", (1, 0, 1, 0),
                                (1, 0, 1, 0)))
    graph.relations = [Relation("big.js", f"big.js::name{n}", EdgeKind.CALLS, Resolution.UNRESOLVED,
                                spans=[(1, 0, 1, 1)]) for n in range(400)]
    graph.finalize()
    chunk_set = budgeted_chunks(graph, 300, counter(tokenizer), edges=True)
    assert len(chunk_set.chunks) > 3
    check_chunk_set(graph, chunk_set, tokenizer, edges=True)
    assert all(len(read(c.text).edges) == 1 for c in chunk_set.chunks), "one long line, cut"
    assert all(c.tokens > 290 for c in chunk_set.chunks[:-1]), "each cut fills its chunk"
    assert [bool(c.continued) for c in chunk_set.chunks] == [False] + [True] * (len(chunk_set.chunks) - 1)


def test_per_chunk_dictionary_is_never_worse_than_none(shop: Graph, tokenizer: Tokenizer) -> None:
    for budget in (200, 500, 2000):
        plain = budgeted_chunks(shop, budget, counter(tokenizer), edges=True)
        coded = budgeted_chunks(shop, budget, counter(tokenizer), edges=True, minify=True)
        assert len(coded.chunks) <= len(plain.chunks)
        for chunk in coded.chunks:
            doc = read(chunk.text)
            whole = expand(doc)
            for code, _ in doc.dictionary:  # a chunk carries only codes it uses: without one, it reads otherwise
                try:
                    assert expand(doc, [entry for entry in doc.dictionary if entry[0] != code]) != whole, code
                except SktFormatError:
                    pass
        if any(chunk.continued for chunk in coded.chunks):
            continue
        renderer = Renderer(shop, RenderOptions(edges=True))
        for number, chunk in enumerate(coded.chunks, start=1):  # never larger than its plain form
            same = renderer.document(chunk.symbols, errors=bool(chunk.errors), chunk=(number, len(coded.chunks)))
            assert chunk.tokens <= tokenizer.count(to_text(same))


def test_manifest_and_files(shop: Graph, tokenizer: Tokenizer) -> None:
    chunk_set = budgeted_chunks(shop, 2000, counter(tokenizer), edges=True, minify=True, dict_mode="shared")
    names = [name for name, _ in chunk_set.files("map")]
    assert names[0] == "dict.skt" and names[-1] == "chunks.json"
    assert names[1:-1] == [f"map_{n:03d}.skt" for n in range(1, len(chunk_set.chunks) + 1)]
    import json

    manifest = json.loads(dict(chunk_set.files("map"))["chunks.json"])
    assert manifest["dict"] == "shared" and manifest["dict_file"] == "dict.skt"
    assert manifest["dict_tokens"] == chunk_set.dictionary_tokens > 0
    assert manifest["chunks"][0]["files"][0] == {"path": "shop/__init__.py", "symbols": ["S1-S2"]}


# -- random graphs -----------------------------------------------------------------------------

@given(graph=graphs(), budget=st.integers(60, 2500), edges=st.booleans(),
       dictionary=st.sampled_from([None, "per-chunk", "shared"]), ranked=st.booleans())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_graphs_and_budgets(tokenizer: Tokenizer, graph: Graph, budget: int, edges: bool,
                                   dictionary: str | None, ranked: bool) -> None:
    options = {"edges": edges, "minify": dictionary is not None, "dict_mode": dictionary or "per-chunk"}
    if not edges:
        graph.relations = []
    plan = ranked_chunks if ranked else budgeted_chunks
    try:
        chunk_set = plan(graph, budget, TokenCounter(tokenizer), **options)  # type: ignore[operator]
    except TokenBudgetError as exc:
        assert "too small" in str(exc) or "dictionary alone" in str(exc)
        assume(False)
        return
    check_chunk_set(graph, chunk_set, tokenizer, edges=edges)


@given(budget=st.integers(256, 32_000))
@settings(max_examples=25, deadline=None)
def test_any_budget_on_the_example(shop: Graph, tokenizer: Tokenizer, budget: int) -> None:
    for plan in (budgeted_chunks, ranked_chunks):
        chunk_set = plan(shop, budget, TokenCounter(tokenizer), edges=True, minify=True)  # type: ignore[operator]
        check_chunk_set(shop, chunk_set, tokenizer, edges=True)


@given(graph=graphs(), budget=st.integers(40, 1500), fmt=st.sampled_from(["skt", "text"]))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_graph_maps_fit(tokenizer: Tokenizer, graph: Graph, budget: int, fmt: str) -> None:
    """Odd paths and names, any budget: the map's accounting matches its final text."""
    from codeknit.skeleton.rank import repo_map

    try:
        result = repo_map(graph, budget, TokenCounter(tokenizer), fmt=fmt, edges=fmt == "skt")
    except TokenBudgetError:
        assume(False)
        return
    assert result.tokens == tokenizer.count(result.text) <= budget
