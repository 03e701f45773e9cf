"""The answers themselves: budgets kept exactly, cursors that cover everything once, honest counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import write_project
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codeknit.server.limits import Deadline, ToolFailure, ToolTimeout
from codeknit.server.live import Freshness, LiveIndex
from codeknit.server.paths import Confinement
from codeknit.server.tools.chunks import chunk, chunks, plan_budget
from codeknit.server.tools.export import export
from codeknit.server.tools.find_references import occurrences
from codeknit.server.tools.find_symbol import find_symbol
from codeknit.server.tools.neighbors import neighbors
from codeknit.server.tools.repo_map import map_budget, repo_map
from codeknit.server.tools.skeleton import skeleton
from codeknit.server.tools.symbol_source import symbol_source
from codeknit.server.view import Answer, GraphView
from codeknit.skeleton import expand, read
from codeknit.skeleton.budget import Measure, fit_prefix
from codeknit.tokens import TokenCounter, get_tokenizer

COUNTER = TokenCounter(get_tokenizer("o200k_base"))
FRESH = Freshness(1, (), False)


@pytest.fixture
def view(project: Path) -> GraphView:
    live = LiveIndex(project)
    snapshot = live.build_now()
    graph_view = GraphView(snapshot, live.short_ids, COUNTER)
    graph_view.warm()
    return graph_view


def deadline() -> Deadline:
    return Deadline(30, "test")


def exact_tokens(text: str) -> int:
    return get_tokenizer("o200k_base").count(text)


def reply_tokens(answer: Answer) -> int:
    """The whole reply as a client receives it: the SDK's result object as it serialises it, counted exactly."""
    from mcp.types import CallToolResult, TextContent

    result = CallToolResult(content=[TextContent(type="text", text=answer.text)],
                            structured_content=answer.structured, is_error=False)
    return exact_tokens(result.model_dump_json(by_alias=True, exclude_none=True))


def test_count_text_is_exact() -> None:
    for text in ["a\n", "x = 1\n\n\ny = 2\n", "no newline", "}\n\n// c\n"]:
        assert Measure(COUNTER).count_text(text) == exact_tokens(text)


def test_fit_finds_the_largest_prefix_under_the_budget() -> None:
    def build(k: int) -> str:
        return "".join(f"line number {n}\n" for n in range(k))

    for budget in (1, 7, 50, 333):
        fitted = fit_prefix(1000, build, Measure(COUNTER).count_text, budget, first=4)
        assert fitted.tokens <= budget or fitted.units == 0
        assert fitted.tokens == exact_tokens(fitted.value)
        if fitted.units < 1000:
            assert exact_tokens(build(fitted.units + 1)) > budget
        # anything with a size: a text with a structured part
        paired = fit_prefix(1000, lambda k: (build(k), {"n": k}), lambda p: exact_tokens(p[0]) + 2 * p[1]["n"],
                            budget, first=4)
        assert paired.tokens <= budget or paired.units == 0
        if paired.units < 1000:
            assert exact_tokens(build(paired.units + 1)) + 2 * (paired.units + 1) > budget


@pytest.mark.parametrize("max_tokens", [350, 1500, 24_000])
@pytest.mark.parametrize("minify", [True, False])
def test_skeleton_pages_keep_the_budget_and_cover_every_symbol_once(
        view: GraphView, project: Path, max_tokens: int, minify: bool) -> None:
    confinement = Confinement(project)
    seen: list[str] = []
    cursor = None
    for _ in range(500):
        answer = skeleton(view, FRESH, confinement, path=".", edges=True, minify=minify, max_tokens=max_tokens,
                          cursor=cursor, deadline=deadline())
        assert reply_tokens(answer) <= max_tokens
        assert answer.structured["tokens"] == exact_tokens(answer.text)
        doc = expand(read(answer.text))
        seen += [line.short for section in doc.files for line in section.symbols]
        cursor = answer.structured["cursor"]
        assert (cursor is not None) == answer.structured["truncated"] == (doc.meta_value("cursor") is not None)
        if cursor is None:
            break
    assert seen == [s.short for s in view.graph.symbols]


def test_skeleton_of_a_file_a_directory_and_a_glob(view: GraphView, project: Path) -> None:
    confinement = Confinement(project)

    def files(path: str) -> list[str]:
        answer = skeleton(view, FRESH, confinement, path=path, edges=False, minify=True, max_tokens=24_000,
                          cursor=None, deadline=deadline())
        assert not answer.structured["truncated"]  # so the page shows every file selected
        return list(answer.structured["files"])

    assert files("pkg/models.py") == ["pkg/models.py"]
    assert files("pkg") == ["pkg/__init__.py", "pkg/big.py", "pkg/models.py", "pkg/service.py"]
    assert files("**/s*.py") == ["pkg/service.py"]
    with pytest.raises(ToolFailure, match="not an indexed source file"):
        files("README.md")
    with pytest.raises(ToolFailure, match="does not exist"):
        files("pkg/nothing.py")
    with pytest.raises(ToolFailure, match="climbs out"):
        files("../..")


def test_a_cursor_belongs_to_its_request(view: GraphView, project: Path) -> None:
    confinement = Confinement(project)
    first = skeleton(view, FRESH, confinement, path=".", edges=True, minify=True, max_tokens=300, cursor=None,
                     deadline=deadline())
    cursor = first.structured["cursor"]
    with pytest.raises(ToolFailure, match="different arguments"):
        skeleton(view, FRESH, confinement, path=".", edges=False, minify=True, max_tokens=300, cursor=cursor,
                 deadline=deadline())
    with pytest.raises(ToolFailure, match="not a cursor"):
        skeleton(view, FRESH, confinement, path=".", edges=True, minify=True, max_tokens=300, cursor="garbage!",
                 deadline=deadline())


def test_symbol_references_in_every_form(view: GraphView) -> None:
    save = view.graph.get("pkg/models.py::Base.save")
    assert save is not None
    assert view.resolve(save.short) is save
    assert view.resolve("pkg/models.py::Base.save") is save
    assert view.resolve("Base.save") is save
    assert view.resolve("pkg.models.Base.save") is save
    assert view.resolve("pkg/models.py:3") is save
    with pytest.raises(ToolFailure, match=r"'save' names 2 symbols; pass one of their ids"):
        view.resolve("save")
    with pytest.raises(ToolFailure, match="similar names: Base.save"):
        view.resolve("Base.sav")
    with pytest.raises(ToolFailure, match="no symbol has the short id S99999"):
        view.resolve("S99999")


def test_a_dispatched_call_is_a_certain_call_of_the_declared_method(view: GraphView) -> None:
    """``item.save()`` with ``item: Base`` may run ``User.save``: an ambiguous call, and a resolved read of
    ``Base.save`` at the same token; find-references lists it once, as a resolved call."""
    save = view.resolve("pkg/models.py::Base.save")
    for uncertain in (True, False):
        found = [o for o in occurrences(view, save, uncertain=uncertain) if o.path == "pkg/service.py"]
        persist = [o for o in found if o.source == "pkg/service.py::persist"]
        assert [(o.role, o.resolution.value) for o in persist] == [("call", "resolved")]
    override = view.resolve("pkg/models.py::User.save")
    uncertain = [o for o in occurrences(view, override, uncertain=True) if o.source == "pkg/service.py::persist"]
    assert [(o.role, o.resolution.value) for o in uncertain] == [("call", "ambiguous")]


def test_neighbors_never_hide_uncertain_callers(view: GraphView) -> None:
    answer = neighbors(view, FRESH, symbol="Base.save", depth=1, direction="in", kinds=None,
                       include_uncertain=True, minify=False, max_tokens=8000, cursor=None, deadline=deadline())
    counts = answer.structured["counts"]["in"]
    # Base contains it, User.save overrides it and calls it through super(); persist calls it on its declared
    # type (item: Base), which admits the subclass User and its override: ambiguous, while the text it writes
    # names Base.save (a resolved read at the same token); anything may call it on an untyped obj; os.save
    # is a use of the name nothing resolves
    assert counts == {"resolved": 4, "ambiguous": 2, "unresolved": 1}
    text = answer.text
    assert "S315 --calls[ambiguous]--> item.save [candidates=S306, S311]\nS315 --references--> S306\n" in text
    assert "--calls[ambiguous]--> obj.save [candidates=" in text
    assert "--calls[unresolved]--> os.save" in text
    assert "1 unresolved uses of the name 'save'" in text
    assert read(text).meta_value("focus") == f"{view.graph.get('pkg/models.py::Base.save').short} " \
        "pkg/models.py::Base.save"  # type: ignore[union-attr]

    strict = neighbors(view, FRESH, symbol="Base.save", depth=1, direction="in", kinds=["calls"],
                       include_uncertain=False, minify=False, max_tokens=8000, cursor=None, deadline=deadline())
    assert "[ambiguous]" not in strict.text.split("[edges]")[-1]
    assert strict.structured["counts"]["in"] == {"resolved": 1, "ambiguous": 2, "unresolved": 1}
    assert "uncertain ones not listed" in strict.text


def test_neighbors_depth_and_direction(view: GraphView) -> None:
    out = neighbors(view, FRESH, symbol="pkg/service.py::create", depth=2, direction="out", kinds=["calls"],
                    include_uncertain=True, minify=True, max_tokens=8000, cursor=None, deadline=deadline())
    distances = {s["id"]: s["distance"] for s in out.structured["symbols"]}
    assert distances["pkg/service.py::create"] == 0
    assert distances["pkg/models.py::User.__init__"] == 1
    assert distances["pkg/models.py::User.rename"] == 1  # an ambiguous candidate is shown, not walked
    with pytest.raises(ToolFailure, match="kinds: unknown edge kind 'callz'"):
        neighbors(view, FRESH, symbol="create", depth=1, direction="out", kinds=["callz"], include_uncertain=True,
                  minify=True, max_tokens=8000, cursor=None, deadline=deadline())


def test_neighbors_pages_through_a_large_neighbourhood(view: GraphView) -> None:
    seen: list[str] = []
    cursor = None
    while True:
        answer = neighbors(view, FRESH, symbol="pkg/big.py", depth=1, direction="out", kinds=["contains"],
                           include_uncertain=True, minify=True, max_tokens=400, cursor=cursor, deadline=deadline())
        assert reply_tokens(answer) <= 400
        seen += [s["id"] for s in answer.structured["symbols"]]
        cursor = answer.structured["cursor"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == 301


def test_find_symbol_modes_and_filters(view: GraphView, project: Path) -> None:
    confinement = Confinement(project)

    def ids(**kwargs: object) -> list[str]:
        arguments: dict[str, object] = {"match": "auto", "kinds": None, "path": None, "limit": 50,
                                        "max_tokens": 8000}
        arguments.update(kwargs)
        answer = find_symbol(view, FRESH, confinement, deadline=deadline(), **arguments)  # type: ignore[arg-type]
        return [s["id"] for s in answer.structured["symbols"]]

    assert ids(query="save") == ["pkg/models.py::Base.save", "pkg/models.py::User.save"]
    assert ids(query="rena") == ["pkg/models.py::User.rename"]
    assert ids(query="f1[0-9]$", match="regex", limit=3) == ["pkg/big.py::f10", "pkg/big.py::f11",
                                                               "pkg/big.py::f12"]
    assert ids(query="save", kinds=["class"]) == []
    assert ids(query="e", kinds=["type"], path="pkg/models.py") == ["pkg/models.py::Base", "pkg/models.py::User"]
    with pytest.raises(ToolFailure, match="query: not a regular expression the server runs: missing"):
        ids(query="(", match="regex")
    with pytest.raises(ToolFailure, match="kinds: unknown symbol kind 'klass'"):
        ids(query="x", kinds=["klass"])


def test_symbol_source_with_line_numbers_and_pages(view: GraphView, project: Path) -> None:
    confinement = Confinement(project)
    answer = symbol_source(view, FRESH, confinement, symbol="User.rename", context=0, max_tokens=8000,
                           cursor=None, deadline=deadline())
    assert "16 |     def rename(self, name: str) -> None:" in answer.text
    assert "18 |         self.save()" in answer.text
    lines: list[str] = []
    cursor = None
    while True:
        page = symbol_source(view, FRESH, confinement, symbol="pkg/big.py", context=0, max_tokens=250,
                             cursor=cursor, deadline=deadline())
        assert reply_tokens(page) <= 250
        lines += [line for line in page.text.splitlines() if " | " in line]
        cursor = page.structured["cursor"]
        if cursor is None:
            break
    assert len(lines) == len((project / "pkg" / "big.py").read_text().split("\n"))


def test_a_line_longer_than_the_budget_is_cut_and_the_cursor_moves_on(tmp_path: Path) -> None:
    """One source line longer than ``max_tokens``: its start, cut and said so, and the cursor goes past it
    (the page held no line and the same cursor each time: a client that followed it looped for ever)."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "long.py").write_text(
        "def target(a):\n    return a\n\nx = [" + ",".join(f"target({i})" for i in range(3000)) + "]\ny = 1\n")
    live = LiveIndex(tmp_path)
    long_view = GraphView(live.build_now(), live.short_ids, COUNTER)
    confinement = Confinement(tmp_path)
    seen: list[str] = []
    cursor = None
    for _ in range(10):
        page = symbol_source(long_view, FRESH, confinement, symbol="pkg/long.py", context=0, max_tokens=300,
                             cursor=cursor, deadline=deadline())
        assert reply_tokens(page) <= 300
        seen += [line.split(" | ", 1)[0].strip() for line in page.text.splitlines() if " | " in line]
        assert cursor is None or page.structured["cursor"] != cursor
        cursor = page.structured["cursor"]
        if cursor is None:
            break
    assert cursor is None and seen == ["1", "2", "3", "4", "5", "6"]
    cut = symbol_source(long_view, FRESH, confinement, symbol="pkg/long.py::x", context=0, max_tokens=300,
                        cursor=None, deadline=deadline())
    assert "4 | x = [target(0),target(1)," in cut.text and "# line 4 cut after" in cut.text


def test_a_symbol_larger_than_any_page_is_skipped_with_a_short_note_and_cursor(tmp_path: Path) -> None:
    """A function named with 100,000 characters: the skeleton of the tree pages past it with a note (every
    page failed, "24000 is too small … ask for more", at the cap: the cursor carried its id whole)."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "longname.py").write_text("def " + "n" * 100_000 + "():\n    pass\n\ndef fine():\n    pass\n")
    (tmp_path / "p" / "other.py").write_text("def other():\n    return 1\n")
    live = LiveIndex(tmp_path)
    long_view = GraphView(live.build_now(), live.short_ids, COUNTER)
    confinement = Confinement(tmp_path)
    text, cursor = "", None
    for _ in range(20):
        page = skeleton(long_view, FRESH, confinement, path=".", edges=False, minify=False, max_tokens=24_000,
                        cursor=cursor, deadline=deadline())
        assert reply_tokens(page) <= 24_000 and len(page.structured["cursor"] or "") < 300
        text += page.text
        cursor = page.structured["cursor"]
        if cursor is None:
            break
    assert cursor is None
    assert " fine()" in text and " other()" in text and "n" * 1000 not in text
    assert "alone is larger than max_tokens and was skipped" in text


def test_a_symbol_line_that_fills_a_page_alone_moves_the_cursor_on(tmp_path: Path) -> None:
    """A function whose line fills a small page and whose edges do not fit beside it: the page holds the line
    alone. Its cursor said "none of its edges shown", which also meant "its line not shown": the next page was
    the same page, with the same cursor, for ever (an agent following cursors never ended)."""
    (tmp_path / "p").mkdir()
    long = "_".join(f"w{i}" for i in range(60))
    parameters = ", ".join(f"p{i}: int" for i in range(20))
    (tmp_path / "p" / "m.py").write_text(f"def target({parameters}):\n    {long}()\n    other_{long}()\n")
    live = LiveIndex(tmp_path)
    small = GraphView(live.build_now(), live.short_ids, COUNTER)
    confinement = Confinement(tmp_path)
    text, cursor, cursors = "", None, []
    for _ in range(10):
        page = skeleton(small, FRESH, confinement, path=".", edges=True, minify=False, max_tokens=400,
                        cursor=cursor, deadline=deadline())
        assert reply_tokens(page) <= 400
        text += page.text
        cursor = page.structured["cursor"]
        if cursor is None:
            break
        assert cursor not in cursors
        cursors.append(cursor)
    assert cursor is None
    assert text.count(" target(p0: int") == 1
    assert f"--> {long}\n" in text and f"--> other_{long}\n" in text


def test_work_stops_when_the_deadline_passes(view: GraphView, project: Path) -> None:
    with pytest.raises(ToolTimeout, match="ran out of its time limit"):
        skeleton(view, FRESH, Confinement(project), path=".", edges=True, minify=True, max_tokens=8000,
                 cursor=None, deadline=Deadline(-1, "skeleton"))


def test_stale_answers_say_so(view: GraphView, project: Path) -> None:
    stale = Freshness(1, ("pkg/models.py",), True)
    answer = skeleton(view, stale, Confinement(project), path="pkg/models.py", edges=False, minify=True,
                      max_tokens=8000, cursor=None, deadline=deadline())
    assert "not yet reflected: pkg/models.py" in (read(answer.text).meta_value("stale") or "")
    assert answer.structured["stale"] == ["pkg/models.py"]


def test_export_writes_only_under_its_folder(view: GraphView, project: Path, tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()

    def run(**kwargs: object) -> dict[str, object]:
        arguments: dict[str, object] = {"name": None, "inline": False, "symbol": None, "languages": None,
                                        "overwrite": False, "max_tokens": 8000}
        arguments.update(kwargs)
        return export(view, FRESH, export_dir=folder, source_root=project, deadline=deadline(),
                      **arguments).structured  # type: ignore[arg-type]

    written = run(fmt="csv-nodes", name="graph/nodes.csv")
    assert written["path"] == str(folder / "graph" / "nodes.csv")
    assert (folder / "graph" / "nodes.csv").read_text().startswith("id,short,name")
    with pytest.raises(ToolFailure, match="already exists"):
        run(fmt="csv-nodes", name="graph/nodes.csv")
    assert run(fmt="csv-nodes", name="graph/nodes.csv", overwrite=True)["bytes"] == written["bytes"]
    assert run(fmt="lsif")["path"] == str(folder / "proj.lsif")
    for escape, reason in [("../out.csv", "climbs out"), ("/tmp/out.csv", "absolute path outside")]:
        with pytest.raises(ToolFailure, match=reason):
            run(fmt="csv-edges", name=escape)
    # the language names the CLI takes; an unknown one is an error that lists the known (it wrote an empty graph)
    with pytest.raises(ToolFailure, match="languages: unknown language.*klingon.*known: .*python"):
        run(fmt="csv-nodes", name="k.csv", languages=["klingon"])
    short = run(fmt="csv-nodes", name="py.csv", languages=["py"])
    assert short["bytes"] == run(fmt="csv-nodes", name="python.csv", languages=["python"])["bytes"]
    assert (folder / "py.csv").read_text().count("\n") > 1
    with pytest.raises(ToolFailure, match="name: .*choose a shorter name"):  # (only "Error executing tool" before)
        run(fmt="csv-nodes", name="x" * 300 + ".csv")
    assert run(fmt="csv-nodes", name="y" * 250 + ".csv")["bytes"] == written["bytes"]  # (its temporary is short)
    assert sorted(p.name for p in folder.rglob("*")) == sorted(
        ["graph", "nodes.csv", "proj.lsif", "py.csv", "python.csv", "y" * 250 + ".csv"])


def test_export_inline_pictures(view: GraphView, project: Path, tmp_path: Path) -> None:
    tmp_path = tmp_path / "exports"
    tmp_path.mkdir()
    answer = export(view, FRESH, export_dir=tmp_path, source_root=project, fmt="mermaid", name=None, inline=True,
                    symbol="Base.save", languages=None, overwrite=False, max_tokens=8000, deadline=deadline())
    save = view.graph.get("pkg/models.py::Base.save")
    override = view.graph.get("pkg/models.py::User.save")
    assert save is not None and override is not None
    assert "flowchart" in answer.text and f"edges touching Base.save ({save.short})" in answer.text
    assert f"{override.short} -->|calls| {save.short}" in answer.text  # the session's short ids
    assert answer.structured["path"] is None and answer.structured["tokens"] <= 8000
    with pytest.raises(ToolFailure, match="inline: only dot and mermaid"):
        export(view, FRESH, export_dir=tmp_path, source_root=project, fmt="scip", name=None, inline=True,
               symbol=None, languages=None, overwrite=False, max_tokens=8000, deadline=deadline())
    with pytest.raises(ToolFailure, match="format: unknown format 'png'"):
        export(view, FRESH, export_dir=tmp_path, source_root=project, fmt="png", name=None, inline=False,
               symbol=None, languages=None, overwrite=False, max_tokens=8000, deadline=deadline())
    assert list(tmp_path.iterdir()) == []


def test_repo_map_is_the_cli_map(view: GraphView, project: Path) -> None:
    from codeknit.skeleton.rank import repo_map as cli_map

    answer = repo_map(view, FRESH, Confinement(project), max_tokens=600, focus=["pkg/models.py"], fmt="skt",
                      edges=True, minify=True, deadline=deadline())
    # the bytes codeknit map prints with the budget the rest of the reply leaves (at most the structured part's)
    start = map_budget(COUNTER, view.graph, 600, ("pkg/models.py",))
    assert 500 < start < 600
    maps = [cli_map(view.graph, budget, COUNTER, focus=["pkg/models.py"], edges=True, minify=True)
            for budget in range(start, start - 100, -1)]
    assert answer.text in [m.text for m in maps]
    assert reply_tokens(answer) <= 600 < reply_tokens(answer) + 40  # the map fills what is left
    assert answer.structured["tokens"] == exact_tokens(answer.text)
    with pytest.raises(ToolFailure, match="focus: 'nowhere' matches no file or symbol"):
        repo_map(view, FRESH, Confinement(project), max_tokens=600, focus=["nowhere"], fmt="skt", edges=False,
                 minify=False, deadline=deadline())
    with pytest.raises(ToolFailure, match="focus: '../x' climbs out"):
        repo_map(view, FRESH, Confinement(project), max_tokens=600, focus=["../x"], fmt="skt", edges=False,
                 minify=False, deadline=deadline())


def test_chunks_manifest_and_chunk_agree_with_the_cli_order(view: GraphView, project: Path) -> None:
    from codeknit.skeleton.rank import ranked_chunks

    confinement = Confinement(project)
    options = {"path": ".", "max_tokens": 500, "focus": None, "edges": True, "minify": True}
    manifest = chunks(view, FRESH, confinement, cursor=None, deadline=deadline(), **options)  # type: ignore[arg-type]
    budget = int(manifest.text.split(" chunks of at most ")[1].split(" tokens")[0])
    assert plan_budget(COUNTER, view.graph, 500) - 60 < budget <= plan_budget(COUNTER, view.graph, 500)
    expected = ranked_chunks(view.graph, budget, COUNTER, edges=True, minify=True)
    assert manifest.structured["count"] == len(expected.chunks) > 1
    assert reply_tokens(manifest) <= 500
    seen: list[str] = []
    for n in range(1, manifest.structured["count"] + 1):
        part = chunk(view, FRESH, confinement, n=n, run=manifest.structured["run"], deadline=deadline(),
                     **options)  # type: ignore[arg-type]
        assert part.text == expected.chunks[n - 1].text
        assert reply_tokens(part) <= 500 and not part.structured["run_changed"]
        seen += [line.short for section in read(part.text).files for line in section.symbols]
    assert sorted(seen) == sorted(s.short for s in view.graph.symbols)
    with pytest.raises(ToolFailure, match="n: there are"):
        chunk(view, FRESH, confinement, n=999, run=None, deadline=deadline(), **options)  # type: ignore[arg-type]


def test_chunks_of_a_directory_keep_the_session_short_ids(view: GraphView, project: Path) -> None:
    confinement = Confinement(project)
    options = {"path": "pkg/models.py", "max_tokens": 8000, "focus": None, "edges": True, "minify": False}
    manifest = chunks(view, FRESH, confinement, cursor=None, deadline=deadline(), **options)  # type: ignore[arg-type]
    assert manifest.structured["count"] == 1 and manifest.structured["files"] == 1
    text = chunk(view, FRESH, confinement, n=1, run=None, deadline=deadline(), **options).text  # type: ignore[arg-type]
    save = view.graph.get("pkg/models.py::User.save")
    assert save is not None and f"{save.short} callable/method L13-L14 save() -> None" in text


@pytest.fixture(scope="module")
def shared_view(tmp_path_factory: pytest.TempPathFactory) -> tuple[GraphView, Path]:
    root = write_project(tmp_path_factory.mktemp("pages") / "proj")
    live = LiveIndex(root)
    graph_view = GraphView(live.build_now(), live.short_ids, COUNTER)
    graph_view.warm()
    return graph_view, root


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(max_tokens=st.integers(min_value=400, max_value=4000), minify=st.booleans(), edges=st.booleans())
def test_any_budget_pages_every_symbol_and_edge_exactly_once(shared_view: tuple[GraphView, Path], max_tokens: int,
                                                             minify: bool, edges: bool) -> None:
    view, root = shared_view
    symbols: list[str] = []
    targets: list[tuple[str, str, str, str]] = []
    cursor = None
    for _ in range(2000):
        answer = skeleton(view, FRESH, Confinement(root), path=".", edges=edges, minify=minify,
                          max_tokens=max_tokens, cursor=cursor, deadline=deadline())
        assert reply_tokens(answer) <= max_tokens
        doc = expand(read(answer.text))
        symbols += [line.short for section in doc.files for line in section.symbols]
        targets += [(e.source, e.kind, e.status or "", t) for e in doc.edges for t in e.targets]
        cursor = answer.structured["cursor"]
        if cursor is None:
            break
    assert symbols == [s.short for s in view.graph.symbols]
    if edges:  # every edge target once, whichever page it fell on, a long edge line cut between pages
        whole = expand(read(skeleton(view, FRESH, Confinement(root), path=".", edges=True, minify=False,
                                     max_tokens=24_000, cursor=None, deadline=deadline()).text))
        expected = [(e.source, e.kind, e.status or "", t) for e in whole.edges for t in e.targets]
        assert sorted(targets) == sorted(expected) and len(targets) == len(set(targets))
