"""Real sessions with a real ``codeknit serve`` process over stdio, through the SDK's client."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import stdio_session, write_project
from mcp import ClientSession
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, PromptReference, ResourceTemplateReference

from codeknit.skeleton import expand, read, to_text

pytestmark = pytest.mark.anyio

READ_TOOLS = {"skeleton", "neighbors", "find_references", "find_symbol", "symbol_source", "repo_map", "chunks",
              "chunk", "export", "index_status"}


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = write_project(tmp_path_factory.mktemp("stdio") / "proj")
    outside = root.parent / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("TOKEN = 'do not read'\n")
    os.symlink(outside, root / "escape")
    return root


@pytest.fixture(scope="module")
async def session(served: Path) -> AsyncIterator[ClientSession]:
    async with stdio_session(served, "--debounce", "0", "--export-dir", str(served.parent / "exports")) as client:
        yield client


def text(result: CallToolResult) -> str:
    assert result.content and result.content[0].type == "text"
    return result.content[0].text  # type: ignore[union-attr]


async def call(session: ClientSession, tool: str, arguments: dict[str, Any]) -> CallToolResult:
    return await session.call_tool(tool, arguments, read_timeout_seconds=120)


async def test_tools_are_listed_with_schemas(session: ClientSession) -> None:
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert READ_TOOLS <= set(tools)
    # ``codeknit serve --help`` names every tool the server lists (it had left out find_references)
    from click.testing import CliRunner

    from codeknit.cli import main

    listed = CliRunner().invoke(main, ["serve", "--help"]).output.split("Tools:", 1)[1].split("See docs", 1)[0]
    assert {name.strip(" .\n") for name in listed.replace("\n", " ").split(",")} == set(tools)
    for tool in tools.values():
        assert tool.description and len(tool.description) > 80
        assert tool.input_schema["type"] == "object"
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
    neighbors = tools["neighbors"].input_schema
    assert neighbors["required"] == ["symbol"]
    assert neighbors["properties"]["direction"]["enum"] == ["in", "out", "both"]
    assert neighbors["properties"]["max_tokens"]["maximum"] < 25_000
    assert tools["index_status"].annotations is not None and tools["index_status"].annotations.read_only_hint
    # one vocabulary (issue 23): every tool that can minify has the CLI's default, off
    defaults = {name: tool.input_schema["properties"]["minify"].get("default")
                for name, tool in tools.items() if "minify" in tool.input_schema["properties"]}
    assert len(defaults) >= 4 and set(defaults.values()) == {False}, defaults


async def test_every_read_tool_answers(session: ClientSession) -> None:
    # the first call waits for the first index; index_status alone would answer at once, mid-index
    found = await call(session, "find_symbol", {"query": "rename"})
    assert not found.is_error and "pkg/models.py::User.rename" in text(found)
    short = found.structured_content["symbols"][0]["short"]  # type: ignore[index]

    status = await call(session, "index_status", {})
    assert not status.is_error
    assert status.structured_content is not None and status.structured_content["state"] == "ready"
    assert status.structured_content["files"] == 4
    metrics = status.structured_content["resolution"]
    assert metrics["queries"] == sum(metrics[k] for k in ("resolved", "ambiguous", "unresolved", "external")) > 0
    assert set(metrics["by_kind"]) <= {"calls", "references", "inherits", "implements", "decorates", "imports"}
    assert f"resolution: {metrics['queries']} use sites: {metrics['resolved']} resolved" in text(status)
    assert status.structured_content["points_to"] is True and "- calls: names and Python points-to" in text(status)

    skeleton = await call(session, "skeleton", {"path": "pkg/models.py", "edges": True})
    assert not skeleton.is_error
    plain = to_text(expand(read(text(skeleton))))  # minified by default, self-contained: it expands alone
    assert f"{short} callable/method L16-L18 rename(name: str) -> None" in plain
    assert "[edges]" in plain

    around = await call(session, "neighbors", {"symbol": short, "direction": "in"})
    assert not around.is_error
    assert f"--calls--> {short}" in to_text(expand(read(text(around))))  # ``user = User(name)`` types the receiver

    source = await call(session, "symbol_source", {"symbol": "pkg/models.py::User.rename"})
    assert not source.is_error and "17 |         self.name = name" in text(source)


async def test_ranked_tools_give_what_map_and_chunks_give(session: ClientSession, served: Path) -> None:
    from codeknit import index
    from codeknit.server.tools.chunks import plan_budget
    from codeknit.server.tools.repo_map import map_budget
    from codeknit.skeleton.rank import ranked_chunks, repo_map
    from codeknit.tokens import TokenCounter, get_tokenizer

    graph = index(served)
    counter = TokenCounter(get_tokenizer())
    answer = await call(session, "repo_map", {"max_tokens": 600, "focus": ["pkg/service.py"], "edges": True})
    assert not answer.is_error, text(answer)
    # the bytes codeknit map prints with the budget the rest of the reply leaves (the reply is at most 600)
    start = map_budget(counter, graph, 600, ("pkg/service.py",))
    assert text(answer) in [repo_map(graph, budget, counter, focus=["pkg/service.py"], edges=True).text
                            for budget in range(start, start - 100, -1)]
    manifest = await call(session, "chunks", {"max_tokens": 500, "minify": True})
    assert not manifest.is_error, text(manifest)
    budget = int(text(manifest).split(" chunks of at most ")[1].split(" tokens")[0])
    assert budget <= plan_budget(counter, graph, 500)
    expected = ranked_chunks(graph, budget, counter, minify=True)
    assert manifest.structured_content["count"] == len(expected.chunks)  # type: ignore[index]
    run = manifest.structured_content["run"]  # type: ignore[index]
    second = await call(session, "chunk", {"n": 2, "max_tokens": 500, "minify": True, "run": run})
    assert text(second) == expected.chunks[1].text
    assert not second.structured_content["run_changed"]  # type: ignore[index]


async def test_export_writes_under_the_export_folder_only(session: ClientSession, served: Path) -> None:
    folder = served.parent / "exports"
    written = await call(session, "export", {"format": "json", "name": "graph.json"})
    assert not written.is_error, text(written)
    assert written.structured_content["path"] == str(folder / "graph.json")  # type: ignore[index]
    assert json.loads((folder / "graph.json").read_text())["schema"] == "codeknit.graph/1"
    picture = await call(session, "export", {"format": "dot", "inline": True, "symbol": "User.rename"})
    assert not picture.is_error and text(picture).startswith("digraph")
    for name, reason in [("../escaped.json", "climbs out"), (str(served / "x.json"), "absolute path outside"),
                         ("graph.json", "already exists")]:
        refused = await call(session, "export", {"format": "json", "name": name})
        assert refused.is_error and reason in text(refused)
    assert not (served.parent / "escaped.json").exists() and not (served / "x.json").exists()


async def test_an_edit_is_visible_in_the_next_answer_and_short_ids_hold(session: ClientSession, served: Path) -> None:
    before = await call(session, "find_symbol", {"query": "User.rename", "match": "exact"})
    short = before.structured_content["symbols"][0]["short"]  # type: ignore[index]
    models = served / "pkg" / "models.py"
    original = models.read_text()
    try:
        models.write_text("def inserted_first() -> int:\n    return 1\n\n\n" + original)
        after = await call(session, "find_symbol", {"query": "inserted_first"})
        assert not after.is_error and after.structured_content["total"] == 1  # type: ignore[index]
        moved = await call(session, "find_symbol", {"query": "User.rename", "match": "exact"})
        symbol = moved.structured_content["symbols"][0]  # type: ignore[index]
        assert symbol["short"] == short and f"{short} callable/method L20-L22 rename" in text(moved)
        again = await call(session, "neighbors", {"symbol": short, "direction": "out"})
        assert again.structured_content["focus"]["id"] == "pkg/models.py::User.rename"  # type: ignore[index]
    finally:
        models.write_text(original)


async def test_fifty_concurrent_calls(session: ClientSession) -> None:
    results: list[CallToolResult] = []

    async def one(n: int) -> None:
        tool, arguments = [
            ("find_symbol", {"query": f"f{n}", "match": "exact"}),
            ("neighbors", {"symbol": f"pkg/big.py::f{n}", "depth": 2}),
            ("skeleton", {"path": "pkg/models.py"}),
            ("symbol_source", {"symbol": f"pkg/big.py::f{n}"}),
            ("index_status", {}),
        ][n % 5]
        results.append(await call(session, tool, arguments))

    async with anyio.create_task_group() as group:
        for n in range(50):
            group.start_soon(one, n)
    assert len(results) == 50
    assert not [text(r) for r in results if r.is_error]


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        ("skeleton", {"path": "../outside/secret.py"}, "path: '../outside/secret.py' climbs out of the served root"),
        ("skeleton", {"path": "/etc/passwd"}, "is an absolute path outside the served root"),
        ("skeleton", {"path": "escape/secret.py"}, "goes through the symlink 'escape', which points outside"),
        ("find_symbol", {"query": "TOKEN", "path": "escape"}, "points outside the served root"),
        ("skeleton", {"path": "pkg/../../outside"}, "climbs out of the served root"),
    ],
)
async def test_path_escapes_are_refused(session: ClientSession, tool: str, arguments: dict[str, Any],
                                        expected: str) -> None:
    result = await call(session, tool, arguments)
    assert result.is_error
    assert expected in text(result)
    assert "do not read" not in text(result)


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        ("skeleton", {"max_tokens": 30_000}, "max_tokens: 30000 is over the hard cap of 24000 tokens"),
        ("skeleton", {"max_tokens": 10}, "max_tokens: Input should be greater than or equal to 400"),
        ("neighbors", {"symbol": "f1", "depth": True}, "depth: Input should be a valid integer"),  # not 1
        ("skeleton", {"edges": 1}, "edges: Input should be a valid boolean"),
        ("find_symbol", {"query": "x" * 10_000}, "query: String should have at most 512 characters"),
        ("skeleton", {"path": "p/" * 1000}, "path: String should have at most 1024 characters"),
        ("neighbors", {"symbol": "f1", "depth": "deep"}, "depth: Input should be a valid integer"),
        ("neighbors", {"symbol": "f1", "direction": "up"}, "direction: Input should be 'in', 'out' or 'both'"),
        ("neighbors", {"symbol": "f1", "depht": 2}, "unknown argument(s) depht; neighbors takes"),
        ("neighbors", {}, "symbol: required"),
        ("find_symbol", {"query": "a", "limit": 0}, "limit: Input should be greater than or equal to 1"),
        ("neighbors", {"symbol": "save"}, "symbol: 'save' names 2 symbols; pass one of their ids"),
        ("skeleton", {"cursor": "not-a-cursor"}, "cursor: not a cursor this server handed out"),
    ],
)
async def test_bad_arguments_name_the_field(session: ClientSession, tool: str, arguments: dict[str, Any],
                                            expected: str) -> None:
    result = await call(session, tool, arguments)
    assert result.is_error
    assert expected in text(result)


async def test_an_unknown_tool_is_a_protocol_error(session: ClientSession) -> None:
    # the spec's own example of a protocol error: -32602, not a tool result
    with pytest.raises(MCPError, match="Unknown tool: 'rm_rf'") as raised:
        await call(session, "rm_rf", {})
    assert raised.value.error.code == INVALID_PARAMS


async def test_resources(session: ClientSession) -> None:
    listed = {str(r.uri) for r in (await session.list_resources()).resources}
    assert {"codeknit://status", "codeknit://schema/graph", "codeknit://guide/skt"} <= listed
    templates = [t.uri_template for t in (await session.list_resource_templates()).resource_templates]
    assert templates == ["skt://{+path}{?page}"]
    assert "skt://pkg/models.py" in listed  # every indexed file is a resource
    skeleton = (await session.read_resource("skt://pkg/models.py")).contents[0]
    assert skeleton.text.startswith("[meta]") and "## pkg/models.py" in skeleton.text  # type: ignore[union-attr]
    status = json.loads((await session.read_resource("codeknit://status")).contents[0].text)  # type: ignore[union-attr]
    assert status["state"] == "ready" and status["symbols"] > 300
    schema = json.loads((await session.read_resource("codeknit://schema/graph")).contents[0].text)  # type: ignore[union-attr]
    assert schema["$schema"].startswith("https://json-schema.org/")
    guide = (await session.read_resource("codeknit://guide/skt")).contents[0].text  # type: ignore[union-attr]
    assert "[ambiguous]" in guide and "[dict]" in guide
    with pytest.raises(Exception, match="climbs out of the served root"):
        await session.read_resource("skt://../outside/secret.py")


async def test_prompts_and_completion(session: ClientSession) -> None:
    prompts = {p.name: p for p in (await session.list_prompts()).prompts}
    assert set(prompts) == {"explore_repository", "assess_impact", "plan_refactor", "review_change"}
    assert [a.name for a in prompts["assess_impact"].arguments or [] if a.required] == ["symbol"]
    rendered = {
        "explore_repository": {"focus": "pkg"},
        "assess_impact": {"symbol": "User.rename", "change": "add a parameter"},
        "plan_refactor": {"goal": "split models", "scope": "pkg/models.py"},
        "review_change": {"diff": "--- a/pkg/models.py\n+++ b/pkg/models.py\n@@ {{focus}} @@\n"},
    }
    for name, arguments in rendered.items():
        result = await session.get_prompt(name, arguments)
        body = result.messages[0].content.text  # type: ignore[union-attr]
        assert "neighbors" in body and "[candidates=" in body and "[dict]" in body
        for value in arguments.values():
            assert value in body  # inserted as given, never interpreted
    with pytest.raises(Exception, match="symbol"):
        await session.get_prompt("assess_impact", {})
    with pytest.raises(Exception, match="diff or files"):
        await session.get_prompt("review_change", {})

    paths = await session.complete(ResourceTemplateReference(type="ref/resource", uri="skt://{+path}"),
                                   {"name": "path", "value": "pkg/m"})
    assert paths.completion.values == ["pkg/models.py"]
    symbols = await session.complete(PromptReference(type="ref/prompt", name="assess_impact"),
                                     {"name": "symbol", "value": "User.re"})
    assert symbols.completion.values == ["User.rename"]
