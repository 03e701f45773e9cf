"""Fixtures for the MCP server tests: a small project, and real server processes with real clients."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

# the console script, not ``python -m codeknit``: extraction workers re-import the main module
_SCRIPT = Path(sys.executable).parent / "codeknit"
CODEKNIT = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "codeknit"]

PROJECT: dict[str, str] = {
    "pkg/__init__.py": '"""A small package for the server tests."""\nfrom pkg.models import Base, User\n\n'
                       '__all__ = ["Base", "User"]\n',
    "pkg/models.py": (
        "class Base:\n"
        "    def save(self) -> None:\n"
        '        """Store the object."""\n'
        "\n"
        "    def describe(self) -> str:\n"
        "        return type(self).__name__\n"
        "\n"
        "\n"
        "class User(Base):\n"
        "    def __init__(self, name: str) -> None:\n"
        "        self.name = name\n"
        "\n"
        "    def save(self) -> None:\n"
        "        super().save()\n"
        "\n"
        "    def rename(self, name: str) -> None:\n"
        "        self.name = name\n"
        "        self.save()\n"
    ),
    "pkg/service.py": (
        "import os\n"
        "\n"
        "from pkg.models import Base, User\n"
        "\n"
        "\n"
        "def create(name: str) -> User:\n"
        "    user = User(name)\n"
        "    user.rename(name)\n"
        "    return user\n"
        "\n"
        "\n"
        "def persist(item: Base) -> None:\n"
        "    item.save()\n"
        "\n"
        "\n"
        "def anything(obj) -> None:\n"
        "    obj.save()\n"
        "    os.save(obj)\n"
    ),
    "README.md": "# not source\n",
    "pyproject.toml": '[project]\nname = "pkg"\nversion = "1.0"\ndependencies = ["requests>=2.31"]\n',
}


def big_module(functions: int = 300) -> str:
    """A module long enough to need several pages under a small budget."""
    lines = ["def f0(value: int) -> int:", "    return value", ""]
    for n in range(1, functions):
        lines += [f"def f{n}(value: int, *, scale: float = 1.0) -> int:", f"    return f{n - 1}(value) + {n}", ""]
    return "\n".join(lines)


def write_project(root: Path, *, big: bool = True) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for rel, text in PROJECT.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    if big:
        (root / "pkg" / "big.py").write_text(big_module())
    return root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path / "proj")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def server_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CODEKNIT_")}
    env.update(extra)
    return env


@asynccontextmanager
async def stdio_session(root: Path | None, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
                        **client: Any) -> AsyncIterator[ClientSession]:
    """A real ``codeknit serve`` process over stdio, with the SDK's client session.

    ``root`` None starts the server without a ROOT (it then asks the client for its roots).
    """
    served = [str(root)] if root is not None else []
    params = StdioServerParameters(command=CODEKNIT[0], args=[*CODEKNIT[1:], "serve", *served, *args],
                                   env=env or server_env(), cwd=str(cwd or root))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write, **client) as session:
            await session.initialize()
            yield session


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the HTTP server did not start listening")


class HttpServer:
    def __init__(self, process: subprocess.Popen[bytes], port: int, root: Path, token: str, log: Path) -> None:
        self.process = process
        self.port = port
        self.root = root
        self.token = token
        self.log = log
        self.url = f"http://127.0.0.1:{port}/mcp"


@pytest.fixture(scope="module")
def http_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    """``codeknit serve --transport http`` on a free port, with a bearer token required."""
    root = write_project(tmp_path_factory.mktemp("http") / "proj")
    port = free_port()
    token = "test-token-1234"
    export_dir = root.parent / "exports"
    log = root.parent / "server.log"
    with open(log, "wb") as stderr:
        process = subprocess.Popen(
            [*CODEKNIT, "serve", str(root), "--transport", "http", "--port", str(port), "--debounce", "0",
             "--export-dir", str(export_dir), "--log-level", "INFO"],
            env=server_env(CODEKNIT_MCP_TOKEN=token), stdout=subprocess.DEVNULL, stderr=stderr,
        )
    try:
        wait_for_port(port, process)
        yield HttpServer(process, port, root, token, log)
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(export_dir, ignore_errors=True)
