"""Run the MCP conformance suite against ``codeknit serve`` over streamable HTTP.

Usage (after ``cd tools/conformance && npm ci``, which installs the suite and Node 22 from npm)::

    .venv/bin/python tools/conformance/run.py [--suite all|active|pending] [--out DIR] [--no-baseline] [--server CMD]

It starts ``codeknit serve examples/shop --transport http`` on a free port with a private cache
folder, runs ``conformance server --url … --suite all`` with ``expected-failures.yml`` (the
scenarios that need the suite's own fixture tools, resources and prompts, one reason each), and
prints the suite's summary. The exit code is the suite's: 0 when every scenario passes or is an
expected failure, 1 when one fails unexpectedly or an expected failure now passes (the list is
then stale). ``--no-baseline`` runs without the list (to see every result).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
SUITE = HERE / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
NODE = HERE / "node_modules" / ".bin" / "node"
BASELINE = HERE / "expected-failures.yml"


def codeknit() -> list[str]:
    script = Path(sys.executable).parent / "codeknit"
    return [str(script)] if script.exists() else [sys.executable, "-m", "codeknit"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def missing() -> str | None:
    """Why the suite cannot run here, or None."""
    if not SUITE.exists() or not NODE.exists():
        return f"the conformance suite is not installed: cd {HERE.relative_to(REPOSITORY)} && npm ci"
    return None


def run(suite: str = "all", out: Path | None = None, baseline: bool = True, root: Path | None = None,
        server_command: list[str] | None = None) -> int:
    problem = missing()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="codeknit-conformance-") as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("CODEKNIT_")}
        env["CODEKNIT_CACHE_DIR"] = str(Path(tmp) / "cache")
        served = root or REPOSITORY / "examples" / "shop"
        with open(Path(tmp) / "server.log", "wb") as log:
            server = subprocess.Popen(
                [*(server_command or codeknit()), "serve", str(served), "--transport", "http", "--port", str(port),
                 "--export-dir", str(Path(tmp) / "exports")],
                env=env, stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + 60
            while True:
                if server.poll() is not None:
                    print((Path(tmp) / "server.log").read_text(errors="replace"), file=sys.stderr)
                    raise SystemExit(f"codeknit serve exited with {server.returncode}")
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("codeknit serve did not start listening within 60 s") from None
                    time.sleep(0.1)
            results = out or Path(tmp) / "results"
            command = [str(NODE), str(SUITE), "server", "--url", f"http://127.0.0.1:{port}/mcp", "--suite", suite,
                       "-o", str(results)]
            if baseline:
                command += ["--expected-failures", str(BASELINE)]
            return subprocess.run(command, check=False, cwd=HERE).returncode
        finally:
            server.terminate()
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            if out is None:
                shutil.rmtree(Path(tmp) / "results", ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--suite", default="all", choices=["all", "active", "pending"])
    parser.add_argument("--out", type=Path, help="keep the per-scenario results (checks.json) here")
    parser.add_argument("--no-baseline", action="store_true", help="run without expected-failures.yml")
    parser.add_argument("--root", type=Path, help="the tree to serve (default: examples/shop)")
    parser.add_argument("--server", help="the command that starts codeknit (default: this Python's codeknit script), "
                                         "e.g. to measure another checkout")
    args = parser.parse_args()
    command = shlex.split(args.server) if args.server else None
    raise SystemExit(run(args.suite, args.out, not args.no_baseline, args.root, command))


if __name__ == "__main__":
    main()
