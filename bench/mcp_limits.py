"""The MCP server's limits as a client sees them: reply sizes at the cap, tools/list, runaway work.

Usage::

    .venv/bin/python bench/mcp_limits.py sizes  ROOT [--json out.json]   # every tool at max_tokens 24000
    .venv/bin/python bench/mcp_limits.py list   [--json out.json]        # tools/list in tokens
    .venv/bin/python bench/mcp_limits.py regex  ROOT [--json out.json]   # a catastrophic pattern
    .venv/bin/python bench/mcp_limits.py orphan ROOT [--json out.json]   # stdin closed during a call

Tokens are o200k_base, counted exactly with codeknit's tokenizer:

* ``sizes``: for each tool, the call that gives its largest answer at ``max_tokens: 24000`` on ROOT
  (a Django tree, say): the tokens of the text, of ``structuredContent`` as compact JSON, their sum
  (what a model reads when the client passes both), and of the whole ``result`` object as JSON
  (what travels, with the text escaped).
* ``list``: the ``tools`` array of ``tools/list`` as compact JSON (what a client puts in every
  conversation), per tool and in all.
* ``regex``: ``find_symbol`` with ``match: regex`` and ``^(\\w+\\s?)*$`` on ROOT (asyncio in the
  issue), over HTTP. Reported: seconds to the answer (an error, or a result), the server's CPU
  seconds during the 10 s after it (work that goes on after its error burns them), and the
  latencies of ``find_symbol`` calls made every 0.5 s from a second session meanwhile.
* ``orphan``: a stdio server is sent a long call (``export scip``, and the regex), then its stdin is
  closed; seconds until the process has exited (the bench kills it after 60 s).

The server is ``.venv/bin/codeknit serve`` of this checkout with a private cache folder.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import jsonschema  # noqa: F401 - the client's first validation would import it inside a timing
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from codeknit.tokens import TokenCounter, get_tokenizer

CATASTROPHIC = r"^(\w+\s?)*$"
CAP = 24_000


def codeknit_command() -> list[str]:
    script = Path(sys.executable).parent / "codeknit"
    return [str(script)] if script.exists() else [sys.executable, "-m", "codeknit"]


def counter() -> TokenCounter:
    return TokenCounter(get_tokenizer("o200k_base"))


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU of ``pid`` and its reaped children (from /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


class HttpServer:
    def __init__(self, root: Path, cache: Path, *extra: str) -> None:
        import socket

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        env = {k: v for k, v in os.environ.items() if not k.startswith("CODEKNIT_")}
        env["CODEKNIT_CACHE_DIR"] = str(cache)
        self.process = subprocess.Popen(
            [*codeknit_command(), "serve", str(root), "--transport", "http", "--port", str(self.port),
             "--export-dir", str(cache / "exports"), *extra],
            env=env, stdout=subprocess.DEVNULL, stderr=open(cache / "server.log", "wb"))  # noqa: SIM115
        self.url = f"http://127.0.0.1:{self.port}/mcp"

    def wait(self) -> None:
        import socket

        for _ in range(600):
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start listening")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@asynccontextmanager
async def session(url: str):  # type: ignore[no-untyped-def]
    client = httpx2.AsyncClient(timeout=300)
    async with client, streamable_http_client(url, http_client=client) as (read, write), \
            ClientSession(read, write) as s:
        await s.initialize()
        yield s


async def call(s: ClientSession, tool: str, arguments: dict[str, Any]) -> Any:
    return await s.call_tool(tool, arguments, read_timeout_seconds=300)


def reply_sizes(result: Any, count: TokenCounter) -> dict[str, Any]:
    text = "".join(getattr(c, "text", "") for c in result.content)
    structured = result.structured_content
    wire = result.model_dump(by_alias=True, exclude_none=True, mode="json")
    text_tokens = count.count(text)
    structured_tokens = count.count(compact(structured)) if structured is not None else 0
    return {"text": text_tokens, "structured": structured_tokens, "sum": text_tokens + structured_tokens,
            "result_json": count.count(compact(wire)), "bytes": len(compact(wire).encode()),
            "error": bool(result.is_error)}


async def sizes(root: Path) -> dict[str, Any]:
    count = counter()
    with tempfile.TemporaryDirectory() as tmp:
        server = HttpServer(root, Path(tmp))
        try:
            server.wait()
            async with session(server.url) as s:
                await call(s, "find_symbol", {"query": "x"})  # waits for the first index
                status = (await call(s, "index_status", {})).structured_content
                # the symbol with the most edges: the best neighbourhood to overflow the cap
                hubs = ["Model", "QuerySet", "Field", "HttpResponse", "models", "Request"]
                focus = None
                for name in hubs:
                    found = await call(s, "find_symbol", {"query": name, "match": "exact", "limit": 1})
                    if not found.is_error and found.structured_content["symbols"]:
                        focus = found.structured_content["symbols"][0]["id"]
                        break
                source = await call(s, "find_symbol", {"query": "Model", "match": "exact",
                                                       "kinds": ["class"], "limit": 1})
                big = source.structured_content["symbols"][0]["id"] if source.structured_content["symbols"] else focus
                calls: list[tuple[str, dict[str, Any]]] = [
                    ("skeleton", {"path": ".", "edges": True, "max_tokens": CAP}),
                    ("neighbors", {"symbol": focus, "depth": 2, "max_tokens": CAP}),
                    ("find_symbol", {"query": "e", "match": "substring", "limit": 500, "max_tokens": CAP}),
                    ("symbol_source", {"symbol": big, "max_tokens": CAP}),
                    ("repo_map", {"max_tokens": CAP, "edges": True}),
                    ("chunks", {"max_tokens": 200}),
                    ("chunks", {"max_tokens": CAP, "edges": True}),
                    ("chunk", {"n": 1, "max_tokens": CAP, "edges": True}),
                    ("export", {"format": "mermaid", "inline": True, "symbol": focus, "max_tokens": CAP}),
                    ("index_status", {}),
                ]
                out: dict[str, Any] = {"root": str(root), "files": status["files"], "symbols": status["symbols"],
                                       "calls": []}
                for tool, arguments in calls:
                    started = time.perf_counter()
                    result = await call(s, tool, arguments)
                    entry = {"tool": tool, "arguments": arguments, **reply_sizes(result, count),
                             "seconds": round(time.perf_counter() - started, 2)}
                    if result.is_error:
                        entry["message"] = result.content[0].text[:200]
                    out["calls"].append(entry)
                    print(json.dumps(entry), flush=True)
                # resources and prompts
                read = await s.read_resource("skt://.")
                text = "".join(getattr(c, "text", "") for c in read.contents)
                out["resource_skt_root"] = {"tokens": count.count(text)}
                prompt = await s.get_prompt("review_change", {"diff": "+ x = {1: 2}\n" * 15_000})
                prompt_text = "".join(getattr(m.content, "text", "") for m in prompt.messages)
                out["prompt_review_change_200k"] = {"tokens": count.count(prompt_text)}
                print(json.dumps({k: out[k] for k in ("resource_skt_root", "prompt_review_change_200k")}))
                return out
        finally:
            server.stop()


async def tools_list() -> dict[str, Any]:
    count = counter()
    shop = Path(__file__).resolve().parent.parent / "examples" / "shop"
    with tempfile.TemporaryDirectory() as tmp:
        server = HttpServer(shop, Path(tmp))
        try:
            server.wait()
            async with session(server.url) as s:
                listed = await s.list_tools()
        finally:
            server.stop()
    tools = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed.tools]
    per_tool = {t["name"]: count.count(compact(t)) for t in tools}
    wire = {"jsonrpc": "2.0", "id": 1, "result": {"tools": tools}}
    return {"tools": len(tools), "tokens": count.count(compact(tools)), "per_tool": per_tool,
            "tokens_indented": count.count(json.dumps(wire, indent=2, ensure_ascii=False)),
            "tokens_spaced": count.count(json.dumps(wire, ensure_ascii=False)),
            "descriptions": sum(count.count(t.get("description", "")) for t in tools),
            "output_schemas": sum(count.count(compact(t.get("outputSchema", {}))) for t in tools),
            "input_schemas": sum(count.count(compact(t.get("inputSchema", {}))) for t in tools)}


async def regex(root: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        server = HttpServer(root, Path(tmp))
        try:
            server.wait()
            pid = server.process.pid
            async with session(server.url) as s, session(server.url) as other:
                await call(s, "find_symbol", {"query": "x"})
                await anyio.sleep(2)
                latencies: list[float] = []
                done = anyio.Event()
                outcome: dict[str, Any] = {}

                async def runaway() -> None:
                    started = time.perf_counter()
                    result = await call(s, "find_symbol", {"query": CATASTROPHIC, "match": "regex"})
                    outcome["seconds_to_answer"] = round(time.perf_counter() - started, 2)
                    outcome["is_error"] = bool(result.is_error)
                    outcome["answer"] = result.content[0].text[:300]
                    outcome["cpu_at_answer"] = cpu_seconds(pid)
                    done.set()

                async def probe() -> None:
                    while not done.is_set():
                        started = time.perf_counter()
                        await call(other, "find_symbol", {"query": "get_event_loop", "match": "exact"})
                        latencies.append(time.perf_counter() - started)
                        await anyio.sleep(0.5)

                async with anyio.create_task_group() as group:
                    group.start_soon(runaway)
                    group.start_soon(probe)
                await anyio.sleep(10)
                outcome["cpu_seconds_in_10s_after"] = round(cpu_seconds(pid) - outcome.pop("cpu_at_answer"), 2)
                ordered = sorted(latencies)
                outcome["parallel_calls"] = len(ordered)
                if ordered:
                    outcome["parallel_p50_ms"] = round(ordered[len(ordered) // 2] * 1000, 1)
                    outcome["parallel_max_ms"] = round(ordered[-1] * 1000, 1)
                return outcome
        finally:
            server.stop()


def orphan(root: Path) -> dict[str, Any]:
    """stdin closed while a long call runs: how long until the process is gone."""
    out: dict[str, Any] = {}
    calls = {
        "export_scip": {"name": "export", "arguments": {"format": "scip", "overwrite": True}},
        "regex": {"name": "find_symbol", "arguments": {"query": CATASTROPHIC, "match": "regex"}},
    }
    for label, params in calls.items():
        with tempfile.TemporaryDirectory() as tmp:
            env = {k: v for k, v in os.environ.items() if not k.startswith("CODEKNIT_")}
            env["CODEKNIT_CACHE_DIR"] = tmp
            process = subprocess.Popen([*codeknit_command(), "serve", str(root), "--export-dir", tmp + "/x"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                       env=env)
            assert process.stdin is not None and process.stdout is not None

            def send(message: dict[str, Any], stdin: Any = process.stdin) -> None:  # (this round's process)
                stdin.write((json.dumps(message) + "\n").encode())
                stdin.flush()

            send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "b", "version": "0"}}})
            process.stdout.readline()
            send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                  "params": {"name": "find_symbol", "arguments": {"query": "x"}}})
            process.stdout.readline()  # the index is ready
            send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": params})
            time.sleep(1.0)
            closed = time.perf_counter()
            process.stdin.close()
            try:
                process.wait(60)
                out[label] = {"seconds_to_exit": round(time.perf_counter() - closed, 2),
                              "returncode": process.returncode}
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                out[label] = {"seconds_to_exit": None, "note": "still running after 60 s; killed"}
            print(label, out[label], flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=["sizes", "list", "regex", "orphan"])
    parser.add_argument("root", nargs="?", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if args.what != "list" and args.root is None:
        parser.error(f"{args.what} needs ROOT")
    if args.what == "sizes":
        result = anyio.run(sizes, args.root)
    elif args.what == "list":
        result = anyio.run(tools_list)
    elif args.what == "regex":
        result = anyio.run(regex, args.root)
    else:
        result = orphan(args.root)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
