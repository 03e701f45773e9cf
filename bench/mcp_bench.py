"""Latency of ``codeknit serve`` as a client sees it, over stdio with the official SDK client.

Usage::

    .venv/bin/python bench/mcp_bench.py /tmp/corpus/Django-5.1.4/django [--calls 200] [--json out.json] \
        [--server-arg=--workers=2 …]

The tree is copied to a temporary folder first (the edit measurement writes to it). Reported:

* **cold start**: from spawning the server to the first successful answer (``find_symbol``),
  which includes importing, loading the tokenizer and building the whole index;
* **warm start**: the same with a second server on the same files, which loads the persistent index
  the first one stored (the servers use a private cache folder inside the temporary folder);
* **priming**: the measuring server starts warm, and prepares its incremental state in the
  background (``index_status``'s ``priming``) while it answers; how long after its first answer that
  ended. Everything below is measured after it, so no figure falls in that window;
* **latency** p50/p95/max of ``neighbors`` (depth 1), ``skeleton`` (one file) and ``find_symbol``
  over N calls each, on symbols and files drawn with a fixed seed, one call at a time;
* **edit to visible**: a comment line is appended to a file (its interface is unchanged, so only
  that file is resolved again), then ``index_status`` is called until a new snapshot is out; then a
  new function is appended (an interface change: the project is resolved again) and ``find_symbol``
  is called until an answer contains it: each time from the write to that answer;
* **peak RSS**: the server's high-water mark (``VmHWM``) and the largest sum of the resident sizes
  of the server and its extraction workers, sampled every 50 ms.

Client-side costs are kept out of the latencies: the SDK validates ``structuredContent`` with
``jsonschema``, whose first import takes seconds, so it is imported before timing starts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import jsonschema  # noqa: F401 - imported up front: the client's first validation would import it
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


def codeknit_command() -> list[str]:
    script = Path(sys.executable).parent / "codeknit"
    return [str(script)] if script.exists() else [sys.executable, "-m", "codeknit"]


def process_tree(root_pid: int) -> list[int]:
    """``root_pid`` and its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except OSError:
            continue
    found, todo = [], [root_pid]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def status_kib(pid: int, key: str) -> int:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def find_server(command_word: str = "serve") -> int | None:
    """The pid of our server: a child of this process whose command line has ``serve``."""
    for pid in process_tree(os.getpid())[1:]:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if command_word.encode() in cmdline.read().split(b"\0"):
                    return pid
        except OSError:
            continue
    return None


class RssSampler:
    """Samples the summed RSS of the server's process tree in a thread."""

    def __init__(self) -> None:
        self.peak_tree_kib = 0
        self.server_pid: int | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.05):
            if self.server_pid is None:
                self.server_pid = find_server()
                continue
            total = sum(status_kib(pid, "VmRSS") for pid in process_tree(self.server_pid))
            self.peak_tree_kib = max(self.peak_tree_kib, total)

    def stop(self) -> int:
        """Stop sampling; the server's own high-water mark (KiB)."""
        hwm = status_kib(self.server_pid, "VmHWM") if self.server_pid else 0
        self._stop.set()
        self._thread.join()
        return hwm


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    return {"p50_ms": round(pick(0.50) * 1000, 1), "p95_ms": round(pick(0.95) * 1000, 1),
            "max_ms": round(ordered[-1] * 1000, 1), "mean_ms": round(statistics.fmean(ordered) * 1000, 1)}


async def start_and_first_answer(root: Path, args: list[str]) -> dict[str, Any]:
    """A fresh server: time to initialize and to the first answer; then it is shut down."""
    started = time.perf_counter()
    params = StdioServerParameters(command=codeknit_command()[0],
                                   args=[*codeknit_command()[1:], "serve", str(root), *args], env=dict(os.environ))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            initialized = time.perf_counter() - started
            result = await session.call_tool("find_symbol", {"query": "Model"}, read_timeout_seconds=900)
            answered = time.perf_counter() - started
            assert not result.is_error, result.content
    return {"initialize_s": round(initialized, 2), "first_answer_s": round(answered, 2)}


async def measure(root: Path, calls: int, args: list[str]) -> dict[str, Any]:
    results: dict[str, Any] = {"root": str(root), "calls": calls, "server_args": args}
    results["cold_start"] = await start_and_first_answer(root, args)
    results["warm_start"] = await start_and_first_answer(root, args)

    sampler = RssSampler()
    sampler.start()
    params = StdioServerParameters(command=codeknit_command()[0],
                                   args=[*codeknit_command()[1:], "serve", str(root), *args], env=dict(os.environ))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await session.list_tools()  # the client learns the output schemas it validates against
            status = await session.call_tool("index_status", {})
            first = await session.call_tool("find_symbol", {"query": "Model"}, read_timeout_seconds=900)
            assert not first.is_error
            answered = time.perf_counter()
            status = await session.call_tool("index_status", {})
            while status.structured_content["priming"]:  # type: ignore[index]
                if time.perf_counter() - answered > 300:
                    raise RuntimeError("the warm server never finished preparing its incremental state")
                await anyio.sleep(0.05)
                status = await session.call_tool("index_status", {})
            results["priming_after_first_answer_s"] = round(time.perf_counter() - answered, 2)
            results["index"] = {k: status.structured_content[k] for k in  # type: ignore[index]
                                ("files", "symbols", "relations", "last_refresh_seconds")}
            rng = random.Random(1234)
            paths = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.py")
                           if "/tests/" not in f"/{p.relative_to(root).as_posix()}")
            listing = await session.call_tool("find_symbol", {"query": "^[a-z_]+$", "match": "regex",
                                                              "kinds": ["callable"], "limit": 500})
            names = sorted({s["id"].rpartition("::")[2].rpartition(".")[2]  # the simple name
                            for s in listing.structured_content["symbols"]})  # type: ignore[index]
            ids = [s["id"] for s in listing.structured_content["symbols"]]  # type: ignore[index]
            plans: dict[str, Callable[[], tuple[str, dict[str, Any]]]] = {
                "neighbors": lambda: ("neighbors", {"symbol": rng.choice(ids)}),
                "skeleton": lambda: ("skeleton", {"path": rng.choice(paths)}),
                "find_symbol": lambda: ("find_symbol", {"query": rng.choice(names)}),
            }
            latency: dict[str, Any] = {}
            for label, plan in plans.items():
                samples: list[float] = []
                errors = 0
                for _ in range(calls):
                    tool, arguments = plan()
                    t0 = time.perf_counter()
                    answer = await session.call_tool(tool, arguments, read_timeout_seconds=120)
                    samples.append(time.perf_counter() - t0)
                    errors += bool(answer.is_error)
                latency[label] = {**percentiles(samples), "errors": errors}
            results["latency"] = latency

            target = root / (paths[len(paths) // 2])
            version = status.structured_content["snapshot_version"]  # type: ignore[index]
            t0 = time.perf_counter()
            with open(target, "a") as out:
                out.write("\n# a comment: the file's interface is unchanged\n")
            while True:
                await session.call_tool("find_symbol", {"query": "Model", "limit": 1})  # answers look for changes
                status = await session.call_tool("index_status", {})
                if status.structured_content["snapshot_version"] > version:  # type: ignore[index]
                    break
                if time.perf_counter() - t0 > 300:
                    raise RuntimeError("the comment edit never produced a snapshot")
                await anyio.sleep(0.02)
            results["comment_edit_to_snapshot"] = {
                "seconds": round(time.perf_counter() - t0, 2), "file": target.relative_to(root).as_posix(),
                "refresh_s": status.structured_content["last_refresh_seconds"],  # type: ignore[index]
                "reresolved": status.structured_content["reresolved"],  # type: ignore[index]
            }
            marker = f"bench_added_{int(time.time())}"
            t0 = time.perf_counter()
            with open(target, "a") as out:
                out.write(f"\n\ndef {marker}():\n    return 1\n")
            polls = 0
            while True:
                polls += 1
                answer = await session.call_tool("find_symbol", {"query": marker}, read_timeout_seconds=120)
                if answer.structured_content and answer.structured_content["total"] == 1:  # type: ignore[index]
                    break
                if time.perf_counter() - t0 > 300:
                    raise RuntimeError("the edit never became visible")
                await anyio.sleep(0.02)
            results["edit_to_visible"] = {"seconds": round(time.perf_counter() - t0, 2), "calls": polls,
                                          "file": target.relative_to(root).as_posix()}
            status = await session.call_tool("index_status", {})
            results["refresh_after_edit_s"] = status.structured_content["last_refresh_seconds"]  # type: ignore[index]
            hwm = sampler.stop()  # while the server still runs
    results["peak_rss"] = {"server_vmhwm_mib": round(hwm / 1024, 1),
                           "process_tree_max_mib": round(sampler.peak_tree_kib / 1024, 1)}
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, help="the source tree to serve (copied to a temporary folder)")
    parser.add_argument("--calls", type=int, default=200, help="calls per measured tool")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--server-arg", dest="server_args", action="append", default=[], metavar="ARG",
                        help="an extra argument for codeknit serve (repeatable)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mcp-bench-") as temporary:
        copy = Path(temporary) / options.root.resolve().name
        shutil.copytree(options.root, copy, symlinks=True)
        os.environ["CODEKNIT_CACHE_DIR"] = str(Path(temporary) / "cache")  # cold means an empty index
        results = anyio.run(measure, copy, options.calls, options.server_args)
    text = json.dumps(results, indent=2)
    print(text)
    if options.json:
        options.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
