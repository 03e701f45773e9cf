"""``find_references`` over a real stdio session: every use of a symbol, at its token, with its line."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from conftest import stdio_session
from mcp import ClientSession
from mcp.types import CallToolResult

pytestmark = pytest.mark.anyio

PROJECT = {
    "shop/__init__.py": "",
    "shop/handlers.py": (
        "def on_key(event):\n"
        "    return event\n"
        "\n"
        "\n"
        "class Cart:\n"
        "    LIMIT = 3\n"
        "\n"
        "    def __init__(self):\n"
        "        self.items = []\n"
        "\n"
        "    def add(self, item):\n"
        "        if len(self.items) < Cart.LIMIT:\n"
        "            self.items.append(item)\n"
        "        self.items = list(self.items)\n"
    ),
    "shop/app.py": (
        "from shop.handlers import Cart, on_key\n"
        "\n"
        "TABLE = {'key': on_key}\n"
        "handler = on_key\n"
        "\n"
        "\n"
        "def register(callback):\n"
        "    return callback\n"
        "\n"
        "\n"
        "def main():\n"
        "    register(on_key)\n"
        "    on_key(None)\n"
        "    cart = Cart()\n"
        "    cart.add(1)\n"
        "    return cart.items\n"
    ),
    "shop/other.py": (
        "class Box:\n"
        "    def add(self, item):\n"
        "        return item\n"
        "\n"
        "\n"
        "def use(thing):\n"
        "    thing.add(2)\n"
    ),
    # many uses of one name, for paging
    "shop/many.py": "from shop.handlers import on_key\n\n\ndef calls():\n" + "".join(
        f"    on_key({n})\n" for n in range(120)),
}


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("refs") / "proj"
    for rel, text in PROJECT.items():
        path = base / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return base


@pytest.fixture(scope="module")
async def session(root: Path) -> AsyncIterator[ClientSession]:
    async with stdio_session(root, "--debounce", "0") as client:
        yield client


async def call(session: ClientSession, arguments: dict[str, Any]) -> CallToolResult:
    return await session.call_tool("find_references", arguments, read_timeout_seconds=120)


def sites(result: CallToolResult) -> set[tuple[str, int, int, str, str]]:
    assert not result.is_error, result.content
    structured = result.structured_content
    assert structured is not None
    return {(r["path"], r["line"], r["column"], r["role"], r["resolution"]) for r in structured["references"]}


async def test_a_function_is_found_where_its_value_is_used_not_only_called(session: ClientSession) -> None:
    result = await call(session, {"symbol": "shop/handlers.py::on_key"})
    assert {site for site in sites(result) if site[0] != "shop/many.py"} == {
        ("shop/app.py", 1, 33, "import", "resolved"),  # the name in the import statement
        ("shop/app.py", 3, 17, "read", "resolved"),  # a dict value
        ("shop/app.py", 4, 11, "read", "resolved"),  # assigned
        ("shop/app.py", 12, 14, "read", "resolved"),  # passed as a callback
        ("shop/app.py", 13, 5, "call", "resolved"),
    }
    text = result.content[0].text  # type: ignore[union-attr]
    assert "126 resolved in 2 files (121 call, 3 read, 2 import)" in text
    assert "12:14 read in" in text and "| register(on_key)" in text  # the source line comes with it


async def test_attribute_reads_and_writes_have_their_role(session: ClientSession) -> None:
    found = sites(await call(session, {"symbol": "shop/handlers.py::Cart.items"}))
    by_line = {(path, line, column): role for path, line, column, role, _ in found}
    assert ("shop/handlers.py", 9, 14) not in by_line  # its definition (the first assignment) is no reference
    assert by_line[("shop/handlers.py", 12, 21)] == "read"
    assert by_line[("shop/handlers.py", 14, 14)] == "write"
    assert by_line[("shop/handlers.py", 14, 32)] == "read"
    assert by_line[("shop/app.py", 16, 17)] == "read"  # through the inferred type of cart
    writes = sites(await call(session, {"symbol": "shop/handlers.py::Cart.items", "roles": ["write"]}))
    assert {(line, column) for _, line, column, _, _ in writes} == {(14, 14)}


async def test_ambiguous_uses_are_marked_and_can_be_left_out(session: ClientSession) -> None:
    everything = sites(await call(session, {"symbol": "shop/other.py::Box.add"}))
    assert ("shop/other.py", 7, 11, "call", "ambiguous") in everything
    assert all(resolution != "resolved" or line != 7 for _, line, _, _, resolution in everything)
    certain = await call(session, {"symbol": "shop/other.py::Box.add", "include_uncertain": False})
    assert all(resolution == "resolved" for *_, resolution in sites(certain))
    assert "1 ambiguous" in certain.content[0].text  # type: ignore[union-attr]  # counted either way


async def test_pages_cover_every_reference_once(session: ClientSession) -> None:
    whole = sites(await call(session, {"symbol": "shop/handlers.py::on_key"}))
    seen: list[tuple[str, int, int, str, str]] = []
    pages = []
    cursor = None
    for _ in range(20):
        arguments: dict[str, Any] = {"symbol": "shop/handlers.py::on_key", "max_tokens": 1200}
        if cursor:
            arguments["cursor"] = cursor
        result = await call(session, arguments)
        page = sites(result)
        assert page
        seen += sorted(page)
        pages.append(result)
        cursor = result.structured_content["cursor"]  # type: ignore[index]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) and set(seen) == whole
    assert len(pages) > 2  # a page is cut to the budget, and the cursor moves on


async def test_bad_arguments_say_what_to_fix(session: ClientSession) -> None:
    unknown = await call(session, {"symbol": "shop/app.py::nothing"})
    assert unknown.is_error and "symbol:" in unknown.content[0].text  # type: ignore[union-attr]
    role = await call(session, {"symbol": "shop/handlers.py::on_key", "roles": ["rename"]})
    assert role.is_error and "roles" in role.content[0].text  # type: ignore[union-attr]
