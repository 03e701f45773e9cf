"""Check ``codeknit serve`` with the MCP Inspector's CLI (npm ``@modelcontextprotocol/inspector``).

Usage::

    npm install --prefix /tmp/inspector @modelcontextprotocol/inspector@0.17.2
    python tests/server/inspector_check.py /tmp/inspector/node_modules/.bin/mcp-inspector [ROOT]

The inspector exits with 0 even when a call fails, so every answer's JSON is read and its
``isError`` checked. ROOT defaults to the repository's ``examples/shop``. The pytest wrapper
``test_server_inspector.py`` runs this when ``CODEKNIT_INSPECTOR`` names the binary (or
``mcp-inspector`` is on PATH) and is skipped otherwise.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
DEFAULT_ROOT = HERE.parents[2] / "examples" / "shop"
TOOLS = {"skeleton", "neighbors", "find_references", "find_symbol", "symbol_source", "repo_map", "chunks", "chunk",
         "export", "index_status"}


def codeknit_command() -> list[str]:
    script = Path(sys.executable).parent / "codeknit"
    return [str(script)] if script.exists() else [sys.executable, "-m", "codeknit"]


def inspect(inspector: str, root: Path, *arguments: str) -> dict[str, Any]:
    """One inspector CLI run against a fresh server process; its JSON answer."""
    command = [inspector, "--cli", *codeknit_command(), "serve", str(root), *arguments]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(arguments)}: exit {done.returncode}: {done.stderr.strip()[-500:]}")
    try:
        return dict(json.loads(done.stdout))
    except json.JSONDecodeError:
        raise AssertionError(f"{' '.join(arguments)}: not JSON: {done.stdout[:500]!r} {done.stderr[-500:]!r}") from None


def call(inspector: str, root: Path, tool: str, **arguments: str) -> dict[str, Any]:
    flags = [f"--tool-arg={name}={value}" for name, value in arguments.items()]
    return inspect(inspector, root, "--method", "tools/call", "--tool-name", tool, *flags)


def run_checks(inspector: str, root: Path = DEFAULT_ROOT) -> list[str]:
    """Every check; returns what was checked (raises AssertionError on the first failure)."""
    done: list[str] = []
    listed = inspect(inspector, root, "--method", "tools/list")
    names = {tool["name"] for tool in listed["tools"]}
    assert names == TOOLS, f"tools/list: {sorted(names)}"
    assert all(tool.get("outputSchema") for tool in listed["tools"]), "every tool has an output schema"
    done.append("tools/list: 9 tools, each with an output schema")

    found = call(inspector, root, "find_symbol", query="price_of")
    assert not found.get("isError"), found
    assert found["structuredContent"]["total"] == 1, found
    done.append("tools/call find_symbol: structuredContent validated by the client")

    status = call(inspector, root, "index_status")
    assert not status.get("isError"), status
    done.append("tools/call index_status")

    refused = call(inspector, root, "skeleton", path="../outside")
    assert refused.get("isError") is True, refused
    assert "climbs out of the served root" in refused["content"][0]["text"], refused
    done.append("tools/call skeleton ../outside: isError true, reason given (the exit code was 0)")

    oversized = call(inspector, root, "skeleton", max_tokens="99999")
    assert oversized.get("isError") is True and "max_tokens" in oversized["content"][0]["text"], oversized
    done.append("tools/call skeleton max_tokens=99999: isError true naming max_tokens")

    resource = inspect(inspector, root, "--method", "resources/read", "--uri", "skt://shop/cart.py")
    assert resource["contents"][0]["text"].startswith("[meta]"), resource
    done.append("resources/read skt://shop/cart.py")

    templates = inspect(inspector, root, "--method", "resources/templates/list")
    assert [t["uriTemplate"] for t in templates["resourceTemplates"]] == ["skt://{+path}{?page}"], templates
    done.append("resources/templates/list")

    prompt = inspect(inspector, root, "--method", "prompts/get", "--prompt-name", "assess_impact",
                     "--prompt-args", "symbol=price_of")
    assert "neighbors" in prompt["messages"][0]["content"]["text"], prompt
    done.append("prompts/get assess_impact")
    return done


def main() -> int:
    if len(sys.argv) < 2:
        found = shutil.which("mcp-inspector")
        if found is None:
            print(__doc__)
            return 2
        inspector = found
    else:
        inspector = sys.argv[1]
    root = Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_ROOT
    for line in run_checks(inspector, root):
        print(f"ok  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
