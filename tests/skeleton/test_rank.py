"""Ranking and the repository map: PageRank, boosts, focus, and maps that fit any budget exactly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import codeknit
from codeknit.graph import EdgeKind, FileRecord, Graph, Relation, Resolution, Symbol, SymbolKind
from codeknit.graph.jsonio import read_graph, write_graph
from codeknit.skeleton import read
from codeknit.skeleton.rank import FocusError, RankWeights, rank, ranked_chunks, repo_map, resolve_focus
from codeknit.tokens import TokenCounter, Tokenizer, get_tokenizer

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "shop"
GOLDEN_INPUTS = sorted(p for p in (ROOT / "tests" / "golden").glob("*/input") if p.is_dir())
BUDGETS = [256, 400, 512, 1000, 2048, 4096, 8192, 16_000, 32_000]


# -- a sizeable generated repository ------------------------------------------------------------


def generate_repo(root: Path, *, modules: int = 72, seed: int = 7) -> None:
    """Python modules that import and call each other, TypeScript files, an entry point, generated code."""
    rng = random.Random(seed)
    package = root / "app"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""The app."""\nfrom .mod_00 import Service00\n\n__all__ = ["Service00"]\n')
    for number in range(modules):
        lines = [f'"""Module {number}."""', "from __future__ import annotations", ""]
        imported = sorted(rng.sample(range(modules), k=min(3, modules)))
        lines += [f"from app.mod_{i:02d} import helper_{i:02d}_0, Service{i:02d}" for i in imported if i != number]
        lines += ["", f"LIMIT_{number} = {number}", f"_cache_{number}: dict[str, int] = {{}}", ""]
        for f in range(4):
            callee = rng.choice([i for i in imported if i != number] or [number])
            args = ", ".join(f"arg{a}: int" for a in range(rng.randint(0, 3)))
            lines += [f"def helper_{number:02d}_{f}({args}) -> int:",
                      f'    """Helper {f} of module {number}."""']
            lines += [f"    return helper_{callee:02d}_0() + {f}" if callee != number or f else "    return 0", "", ""]
        for c in range(3):
            name = f"Service{number:02d}" if c == 0 else f"Part{number:02d}_{c}"
            base = f"(Service{imported[0]:02d})" if c == 1 and imported[0] != number else ""
            lines += [f"class {name}{base}:", f'    """A {"service" if c == 0 else "part"}."""', ""]
            lines += ["    def __init__(self, size: int = 3) -> None:", "        self.size = size", ""]
            for m in range(rng.randint(2, 6)):
                prefix = "_" if m % 4 == 3 else ""
                lines += [f"    def {prefix}run_{m}(self, value: int, label: str = 'x') -> int:",
                          f"        return helper_{number:02d}_{m % 4}() + self.size", ""]
            lines.append("")
        (package / f"mod_{number:02d}.py").write_text("\n".join(lines) + "\n")
    (package / "__main__.py").write_text(
        "from app.mod_00 import Service00\n\n\ndef main() -> None:\n    Service00().run_0(1)\n\n\nmain()\n"
    )
    (package / "schema_pb2.py").write_text("".join(f"class Message{i}:\n    pass\n\n\n" for i in range(30)))
    web = root / "web"
    web.mkdir()
    for number in range(8):
        body = [f"import {{ render{(number + 1) % 8} }} from './view{(number + 1) % 8}';", ""]
        body += [f"export interface Props{number} {{", "  title: string;", "  count: number;", "}", ""]
        body += [f"export function render{number}(props: Props{number}): string {{",
                 f"  return render{(number + 1) % 8}(props as never) + props.title;", "}", ""]
        body += [f"export class Widget{number} {{", "  private items: string[] = [];",
                 "  add(item: string): void { this.items.push(item); }", "}", ""]
        (web / f"view{number}.ts").write_text("\n".join(body))


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    return get_tokenizer("o200k_base")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Graph:
    root = tmp_path_factory.mktemp("generated")
    generate_repo(root)
    return codeknit.index(root)


@pytest.fixture(scope="module")
def shop() -> Graph:
    return codeknit.index(EXAMPLE)


@pytest.fixture(scope="module")
def fixture_graphs(shop: Graph) -> list[Graph]:
    return [shop, *(codeknit.index(path) for path in GOLDEN_INPUTS)]


_FULL: dict[tuple[int, str], int] = {}


def full_tokens(graph: Graph, tokenizer: Tokenizer, **options: object) -> int:
    """Tokens of the map with everything in it (remembered per graph and options)."""
    key = (id(graph), repr(sorted(options.items())))
    if key not in _FULL:
        result = repo_map(graph, 10**9, TokenCounter(tokenizer), **options)  # type: ignore[arg-type]
        assert result.complete
        _FULL[key] = result.tokens
    return _FULL[key]


def check_map(graph: Graph, budget: int, tokenizer: Tokenizer, full: int, **options: object) -> None:
    result = repo_map(graph, budget, TokenCounter(tokenizer), **options)  # type: ignore[arg-type]
    assert result.tokens == tokenizer.count(result.text) <= budget, "never over"
    if full > budget:
        assert result.tokens >= 0.98 * budget, f"{result.tokens} of {budget}: not within 2%"
    else:
        assert result.complete and result.tokens == full
    shown = {s.id for s in result.symbols}
    for symbol in result.symbols:
        assert symbol.parent is None or symbol.parent in shown, "containing class and module lines are kept"
    if options.get("fmt", "skt") == "skt":
        doc = read(result.text)
        assert [line.short for f in doc.files for line in f.symbols] == [s.short for s in result.symbols]
        assert doc.meta_value("run") == (graph.fingerprint or "-")
        if options.get("edges") and not options.get("minify"):
            # a container's contains line lists the symbols it contains on the map, and no others
            on_map: dict[str, set[str]] = {}
            for symbol in result.symbols:
                parent = graph.get(symbol.parent) if symbol.parent else None
                if parent is not None:
                    on_map.setdefault(parent.short, set()).add(symbol.short)
            lines = {edge.source: edge.targets for edge in doc.edges if edge.kind == "contains"}
            assert {source: set(targets) for source, targets in lines.items()} == on_map


# -- PageRank ------------------------------------------------------------------------------------


def small_graph() -> Graph:
    """``a.py``: f calls g; g and h are both candidates of an ambiguous call from f; i is only named."""
    graph = Graph(root="r", fingerprint="f00")
    graph.files.append(FileRecord("a.py", "python", 1, "0" * 64))

    def add(name: str, kind: SymbolKind = SymbolKind.FUNCTION, parent: str | None = "a.py",
            **properties: bool | str) -> None:
        sid = f"a.py::{name}" if name else "a.py"
        graph.symbols.append(Symbol(sid, name or "a", name, kind, "a.py", "python", (1, 0, 2, 0), (1, 0, 1, 1),
                                    parent=parent, properties=dict(properties)))

    add("", SymbolKind.MODULE, None)
    for name in ("f", "g", "h", "i", "j"):
        add(name, exported=name != "j")
    add("T", SymbolKind.TYPE_PARAMETER)
    graph.relations += [
        Relation("a.py::f", "a.py::g", EdgeKind.CALLS),
        Relation("a.py::f", "a.py::helper", EdgeKind.CALLS, Resolution.AMBIGUOUS, ("a.py::g", "a.py::h")),
        Relation("a.py::j", "a.py::other", EdgeKind.CALLS, Resolution.AMBIGUOUS, ("a.py::h", "a.py::i")),
        Relation("a.py::f", "a.py::nowhere", EdgeKind.CALLS, Resolution.UNRESOLVED),
        Relation("a.py::f", "a.py::T", EdgeKind.REFERENCES),
        Relation("a.py", "a.py::f", EdgeKind.CONTAINS),
    ]
    return graph.finalize()


def test_pagerank_basics() -> None:
    graph = small_graph()
    ranking = rank(graph)
    assert sum(ranking.pagerank) == pytest.approx(1.0)
    by_name = {s.qualname: ranking.pagerank[i] for i, s in enumerate(graph.symbols)}
    # f passes its whole share to g (its resolved call); the ambiguous calls of f and j count for
    # nothing (uncertain relations are kept out of dependency metrics), so h, i, f and j are equal.
    assert by_name["g"] > by_name["h"]
    assert by_name["h"] == pytest.approx(by_name["i"]) == pytest.approx(by_name["f"]) == pytest.approx(by_name["j"])
    assert by_name["T"] == 0.0, "metadata is not ranked"
    assert ranking.order[-1] == [s.qualname for s in graph.symbols].index("T")
    assert ranking.factors[[s.qualname for s in graph.symbols].index("j")] == 1.0
    assert ranking.factors[[s.qualname for s in graph.symbols].index("f")] == RankWeights().public_api


def test_unresolved_relations_do_not_count() -> None:
    graph = small_graph()
    before = rank(graph).pagerank
    graph.relations.append(Relation("a.py::g", "a.py::f", EdgeKind.CALLS, Resolution.UNRESOLVED))
    graph.finalize()
    assert rank(graph).pagerank == before


def test_boosts_and_penalties(generated: Graph) -> None:
    ranking = rank(generated)
    weights = RankWeights()
    factor = {s.id: ranking.factors[i] for i, s in enumerate(generated.symbols)}
    assert factor["app/__main__.py"] == weights.entry_point
    assert factor["app/__main__.py::main"] == weights.entry_point * weights.public_api
    assert factor["app/schema_pb2.py::Message0"] == weights.generated * weights.public_api
    # app/__init__.py imports mod_00 only: the package's surface is those two files
    assert factor["app/mod_00.py::Service00"] == weights.public_api * weights.package_api
    assert factor["app/mod_00.py::Service00.run_0"] == weights.public_api, "a member: public, not package API"
    assert factor["app/mod_01.py::Service01.run_0"] == weights.public_api * weights.internal, \
        "member of an exported class, in an internal module"
    hidden = [s.id for s in generated.symbols if s.properties.get("visibility") == "protected"]
    assert hidden and all(factor[sid] in (1.0, weights.internal) for sid in hidden), "protected members get no boost"
    assert factor["app/mod_01.py::_cache_1"] == weights.internal


def test_test_files_are_penalised(tmp_path: Path) -> None:
    (tmp_path / "lib.py").write_text("def work():\n    return 1\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_lib.py").write_text("from lib import work\n\n\ndef test_work():\n    work()\n")
    graph = codeknit.index(tmp_path, collect_tests=True)
    ranking = rank(graph)
    factor = {s.id: ranking.factors[i] for i, s in enumerate(graph.symbols)}
    assert factor["tests/test_lib.py::test_work"] == pytest.approx(RankWeights().test * RankWeights().public_api)
    assert ranking.score("lib.py::work") > ranking.score("tests/test_lib.py::test_work")


def test_focus_personalises(generated: Graph) -> None:
    plain = rank(generated)
    focused = rank(generated, ["app/mod_31.py::Part31_2"])
    target = [s.id for s in generated.symbols].index("app/mod_31.py::Part31_2")
    assert focused.order[0] == target and focused.focus == [target]
    near = {generated.symbols[i].id for i in focused.order[:15]}
    assert {"app/mod_31.py::Part31_2.__init__", "app/mod_31.py::Part31_2.run_0"} <= near, "its members are near"
    tiers = [generated.symbols[i].id in near or i in focused.focus for i in focused.order[:15]]
    assert all(tiers)
    assert focused.order != plain.order
    file_focus = rank(generated, ["mod_31.py"])
    assert {generated.symbols[i].path for i in file_focus.order[:5]} == {"app/mod_31.py"}


def test_resolve_focus(shop: Graph) -> None:
    ids = [s.id for s in shop.symbols]
    assert resolve_focus(shop, ["shop/cart.py"]) == [i for i, s in enumerate(shop.symbols) if s.path == "shop/cart.py"]
    assert resolve_focus(shop, ["cart.py"]) == resolve_focus(shop, ["./shop/cart.py"])
    assert resolve_focus(shop, ["S4"]) == [ids.index("shop/cart.py::Cart")]
    assert resolve_focus(shop, ["Cart.total"]) == [ids.index("shop/cart.py::Cart.total")]
    assert len(resolve_focus(shop, ["apply"])) == 2
    with pytest.raises(FocusError, match="no file or symbol"):
        resolve_focus(shop, ["nothing_like_this"])


def test_ranking_is_deterministic(generated: Graph) -> None:
    first = rank(generated)
    again = rank(read_graph(graph_json(generated)))
    assert first.order == again.order and first.scores == again.scores


def graph_json(graph: Graph) -> bytes:
    import io

    buffer = io.BytesIO()
    write_graph(graph, buffer)
    return buffer.getvalue()


# -- the map ------------------------------------------------------------------------------------


def test_generated_repo_is_sizeable(generated: Graph, tokenizer: Tokenizer) -> None:
    assert len(generated.files) > 50 and len(generated.symbols) > 1000
    assert full_tokens(generated, tokenizer) > full_tokens(generated, tokenizer, fmt="text") > 32_000


@pytest.mark.parametrize("budget", BUDGETS)
def test_map_on_the_generated_repo(generated: Graph, tokenizer: Tokenizer, budget: int) -> None:
    check_map(generated, budget, tokenizer, full_tokens(generated, tokenizer))


@pytest.mark.parametrize("budget", [256, 1000, 4096, 16_000])
@pytest.mark.parametrize("options", [{"fmt": "text"}, {"edges": True}, {"minify": True}, {"edges": True,
                                                                                            "minify": True}])
def test_map_variants(generated: Graph, tokenizer: Tokenizer, budget: int, options: dict[str, object]) -> None:
    check_map(generated, budget, tokenizer, full_tokens(generated, tokenizer, **options), **options)


def test_map_on_fixtures(fixture_graphs: list[Graph], tokenizer: Tokenizer) -> None:
    for graph in fixture_graphs:
        full = full_tokens(graph, tokenizer)
        for budget in BUDGETS:
            check_map(graph, budget, tokenizer, full)
        check_map(graph, 256, tokenizer, full_tokens(graph, tokenizer, fmt="text"), fmt="text")


@given(budget=st.integers(256, 32_000), fmt=st.sampled_from(["skt", "text", "skt with edges"]))
@settings(max_examples=30, deadline=None)
def test_map_any_budget(generated: Graph, tokenizer: Tokenizer, budget: int, fmt: str) -> None:
    options: dict[str, object] = {"fmt": "skt", "edges": True} if fmt == "skt with edges" else {"fmt": fmt}
    check_map(generated, budget, tokenizer, full_tokens(generated, tokenizer, **options), **options)


def test_map_shows_the_best_ranked_first(generated: Graph, tokenizer: Tokenizer) -> None:
    ranking = rank(generated)
    result = repo_map(generated, 2000, TokenCounter(tokenizer), ranking=ranking)
    shown = {s.id for s in result.symbols}
    assert all(generated.symbols[i].id in shown for i in ranking.order[:10])


def test_map_is_deterministic(generated: Graph, tokenizer: Tokenizer) -> None:
    first = repo_map(generated, 3000, TokenCounter(tokenizer), focus=["Service05"])
    again = repo_map(read_graph(graph_json(generated)), 3000, TokenCounter(tokenizer), focus=["Service05"])
    assert first.text == again.text


def test_map_errors(shop: Graph, tokenizer: Tokenizer) -> None:
    from codeknit.skeleton.budget import TokenBudgetError

    with pytest.raises(TokenBudgetError, match="too small for the map's header"):
        repo_map(shop, 5, TokenCounter(tokenizer))
    with pytest.raises(ValueError, match="text format"):
        repo_map(shop, 500, TokenCounter(tokenizer), fmt="text", edges=True)
    with pytest.raises(ValueError, match="unknown map format"):
        repo_map(shop, 500, TokenCounter(tokenizer), fmt="json")


def test_text_map_reads_like_an_outline(shop: Graph, tokenizer: Tokenizer) -> None:
    text = repo_map(shop, 10_000, TokenCounter(tokenizer), fmt="text").text
    assert "shop/cart.py:\n  class Cart  L5-20\n    method __init__() -> None  L8-9\n" in text


# -- ranked chunks -------------------------------------------------------------------------------


def test_ranked_chunks_start_with_the_best(generated: Graph, tokenizer: Tokenizer) -> None:
    ranking = rank(generated)
    chunk_set = ranked_chunks(generated, 4096, TokenCounter(tokenizer), ranking=ranking)
    first = {s.id for s in chunk_set.chunks[0].symbols}
    assert all(generated.symbols[i].id in first for i in ranking.order[:10])
    assert sum(len(c.symbols) for c in chunk_set.chunks) == len(generated.symbols)
    assert all(c.tokens <= 4096 for c in chunk_set.chunks)
    for number, chunk in enumerate(chunk_set.chunks):
        earlier = {s.id for c in chunk_set.chunks[: number + 1] for s in c.symbols}
        assert all(s.parent is None or s.parent in earlier for s in chunk.symbols), "containers come first"
    fill = [c.tokens / 4096 for c in chunk_set.chunks[:-1]]
    assert min(fill) > 0.95


def test_a_map_shows_the_package_api_before_busy_internals(tmp_path: Path) -> None:
    # issue 23: asyncio's map left out runners.run, gather, create_task and wait_for, and showed
    # trsock and windows_utils, internal modules that the package's own code uses a lot
    package = tmp_path / "aio"
    package.mkdir()
    (package / "__init__.py").write_text("from .runners import *\nfrom .tasks import *\n")
    (package / "runners.py").write_text("__all__ = ['run']\n\n\ndef run(main):\n    return main\n")
    (package / "tasks.py").write_text(
        "__all__ = ['gather', 'create_task', 'wait_for']\n\n\ndef gather(*fs):\n    return fs\n\n\n"
        "def create_task(coro):\n    return coro\n\n\ndef wait_for(fut, timeout):\n    return fut\n")
    internals = "".join(f"def user{i}(sock):\n    return TransportSocket(sock).fileno()\n\n\n" for i in range(12))
    (package / "trsock.py").write_text("class TransportSocket:\n    def __init__(self, sock):\n"
                                       "        self.sock = sock\n\n    def fileno(self):\n        return 0\n\n\n"
                                       + internals)
    graph = codeknit.index(package)
    order = [graph.symbols[i].id for i in rank(graph).order]
    first_internal = min(order.index(s.id) for s in graph.symbols if s.path == "trsock.py" and s.id != s.path)
    assert order[first_internal] == "trsock.py::TransportSocket.__init__"  # what every internal user calls
    for name in ("runners.py::run", "tasks.py::gather", "tasks.py::create_task", "tasks.py::wait_for"):
        assert order.index(name) < first_internal, name


@pytest.fixture(scope="module")
def big_module(tmp_path_factory: pytest.TempPathFactory) -> Graph:
    """A module of 400 functions, and a module that uses one of them."""
    root = tmp_path_factory.mktemp("big")
    (root / "big.py").write_text("".join(f"def function_number_{i}(value: int) -> int:\n    return value + {i}\n\n\n"
                                         for i in range(400)))
    (root / "other.py").write_text("from big import function_number_1\n\n\ndef use() -> int:\n"
                                   "    return function_number_1(2)\n")
    return codeknit.index(root)


@pytest.mark.parametrize("budget", [300, 1000, 4096])
@pytest.mark.parametrize("focus", [(), ("big.py",)])
def test_a_map_with_edges_fills_its_budget_beside_a_module_of_many_children(
        big_module: Graph, tokenizer: Tokenizer, budget: int, focus: tuple[str, ...]) -> None:
    """A module's contains line lists the functions the map shows: it is not charged 400 targets for each
    function it can fit (the map held 2 symbols at 100 of 1000 tokens)."""
    check_map(big_module, budget, tokenizer, full_tokens(big_module, tokenizer, edges=True), edges=True, focus=focus)
    result = repo_map(big_module, 1000, TokenCounter(tokenizer), edges=True, focus=focus)
    assert len(result.symbols) > 20
