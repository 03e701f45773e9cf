"""The stdio server survives malformed JSON-RPC: raw bytes written straight to the process."""

from __future__ import annotations

import json
import selectors
import subprocess
import time
from pathlib import Path
from typing import IO, Any

from conftest import CODEKNIT, server_env


class RawClient:
    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process = process
        self.stdin: IO[bytes] = process.stdin
        self.stdout: IO[bytes] = process.stdout
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.received: list[dict[str, Any]] = []

    def send(self, line: bytes | str | dict[str, Any]) -> None:
        data = json.dumps(line).encode() if isinstance(line, dict) else line.encode() if isinstance(line, str) else line
        self.stdin.write(data + b"\n")
        self.stdin.flush()

    def read(self) -> None:
        if self.selector.select(timeout=0.5):
            chunk = self.stdout.read1(65536)  # type: ignore[attr-defined]
            if not chunk:
                raise AssertionError(f"the server closed stdout (exit {self.process.poll()})")
            self.buffer += chunk
            *lines, self.buffer = self.buffer.split(b"\n")
            self.received += [json.loads(line) for line in lines if line.strip()]

    def response(self, request_id: int, timeout: float = 120.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.received:
                if message.get("id") == request_id and ("result" in message or "error" in message):
                    return message
            self.read()
        raise AssertionError(f"no response to request {request_id}; got {self.received}")

    def errors(self, count: int, timeout: float = 30.0) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [m for m in self.received if "error" in m]
            if len(found) >= count:
                return found
            self.read()
        raise AssertionError(f"expected {count} errors; got {self.received}")


def test_garbage_on_stdin_does_not_kill_the_server(project: Path) -> None:
    process = subprocess.Popen([*CODEKNIT, "serve", str(project)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=server_env())
    client = RawClient(process)
    try:
        client.send("this is not json")
        client.send('{"jsonrpc": "2.0", "id": 1, "method": "initialize"')  # cut off
        client.send(b"\xff\xfe\x00 binary")
        client.send("[]")
        client.send('{"id": 7}')
        client.send("42")
        client.send({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}})
        initialized = client.response(2)
        assert initialized["result"]["serverInfo"]["name"] == "codeknit"
        # every malformed line was answered, in order, with the JSON-RPC error it deserves
        errors = client.errors(6)
        assert [(m["id"], m["error"]["code"]) for m in errors] == [
            (None, -32700), (None, -32700), (None, -32700), (None, -32600), (7, -32600), (None, -32600)]
        client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        client.send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": ["not", "an", "object"]})
        assert client.response(3)["error"] == {"code": -32600, "message": "Invalid Request: params: Input should be "
                                                                         "an object"}
        client.send({"jsonrpc": "2.0", "id": 4, "method": "no/such/method", "params": {}})
        assert client.response(4)["error"]["code"] == -32601
        client.send({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                     "params": {"name": "find_symbol", "arguments": {"query": 12}}})
        bad = client.response(5)["result"]
        assert bad["isError"] and "query: Input should be a valid string" in bad["content"][0]["text"]
        client.send("{{{{ still not json")
        client.send({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
                     "params": {"name": "find_symbol", "arguments": {"query": "rename"}}})
        good = client.response(6)["result"]
        assert not good["isError"] and good["structuredContent"]["total"] == 1
        assert process.poll() is None
        process.stdin.close()  # type: ignore[union-attr]
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_request_whose_id_is_not_a_string_or_an_integer_is_answered(project: Path) -> None:
    # JSON-RPC ids are strings or integers (MCP: never null); the SDK would take these for notifications
    process = subprocess.Popen([*CODEKNIT, "serve", str(project)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=server_env())
    client = RawClient(process)
    try:
        client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}})
        client.response(1)
        client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        for bad in [{"an": "object"}, 1.5, None, False]:
            client.send({"jsonrpc": "2.0", "id": bad, "method": "ping"})
        errors = client.errors(4)
        assert [(m["id"], m["error"]["code"], m["error"]["message"].rpartition("(")[2]) for m in errors] == [
            (None, -32600, "got object)"), (None, -32600, "got float)"), (None, -32600, "got null)"),
            (None, -32600, "got bool)")]
        client.send({"jsonrpc": "2.0", "id": 2, "method": "ping"})
        assert client.response(2)["result"] == {}
    finally:
        process.kill()
        process.wait()


def test_the_server_exits_when_stdin_closes_during_a_long_call(tmp_path: Path) -> None:
    """A client that goes away mid-call: the call is stopped, and the process exits without waiting
    for the background work the call was waiting for (planning 400-token chunks of 40,000 symbols
    with their edges takes minutes)."""
    root = tmp_path / "proj"
    root.mkdir()
    lines = []
    for n in range(20_000):
        lines += [f"def f{n}(value: int) -> int:", f"    return f{n - 1}(value) + {n}" if n else "    return 1", ""]
    for part in range(2):
        (root / f"m{part}.py").write_text("\n".join(lines))
    process = subprocess.Popen([*CODEKNIT, "serve", str(root), "--no-cache", "--tool-timeout", "900"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env=server_env())
    client = RawClient(process)
    try:
        client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}})
        client.response(1)
        client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        client.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",  # waits for the first index
                     "params": {"name": "find_symbol", "arguments": {"query": "f1"}}})
        client.response(2, timeout=300)
        client.send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "chunks", "arguments": {"max_tokens": 400, "edges": True}, "_meta": {"progressToken": "p"}}})
        deadline = time.monotonic() + 120
        while not any(m.get("method") == "notifications/progress" and "chunk set" in m["params"].get("message", "")
                      for m in client.received):  # the planning is under way
            assert time.monotonic() < deadline, client.received
            client.read()
        assert not any(m.get("id") == 3 for m in client.received)
        process.stdin.close()  # type: ignore[union-attr]
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
