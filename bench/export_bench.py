"""Benchmark the exporters on a real tree: size, time, peak RSS and warnings per format.

    python bench/export_bench.py TREE [--out DIR] [--formats lsif,scip,…] [--markdown FILE]

The tree is analysed once (``codeknit export TREE -f json``: the row ``(index → json)``);
then every format is exported from that saved graph, with ``--source-root TREE``, each in
a fresh process so its peak RSS is its own. The row ``(load graph)`` is a process that only
reads the graph JSON: an exporter that streams stays near it. Each process reports its own
peak RSS (``VmHWM``, see ``_WRAPPER``) through a small wrapper.

Corpora used for docs/exporters.md (fetched from package registries, never at run time):

* Django 5.1.4: ``pip download --no-deps --no-binary :all: Django==5.1.4``, unpacked; TREE is
  ``Django-5.1.4/django``.
* The Go standard library: ``apt-get download golang-1.19-src && dpkg-deb -x golang-1.19-src_*.deb x``;
  TREE is ``x/usr/share/go-1.19/src``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: runs the codeknit CLI (or only loads a graph) and reports the process's peak RSS in KiB on a pipe: its
#: ``VmHWM``, the peak of the program it runs. Not ``ru_maxrss``, which Linux carries over ``execve`` from the
#: process that forked it (this script, which holds a whole graph document once: every row read 250 MiB then)
_WRAPPER = r"""
import os, resource, sys
def peak():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
def report():
    with os.fdopen(int(os.environ["CODEKNIT_BENCH_FD"]), "w") as out:
        out.write(str(peak()))
if sys.argv[1] == "--load-only":
    from codeknit.graph import read_graph
    with open(sys.argv[2], "rb") as stream:
        graph = read_graph(stream)
    report()
else:
    from codeknit.cli import main
    try:
        main(sys.argv[1:], standalone_mode=False)
    except SystemExit:
        pass
    report()
"""

_WARNING = re.compile(r"^warning\[([\w-]+)\]: .*?(?: \((\d+)×\))?$")


def run(args: list[str]) -> tuple[float, int, str]:
    """(seconds, peak RSS in MiB, stderr) of one wrapped process."""
    read_end, write_end = os.pipe()
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", _WRAPPER, *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, pass_fds=(write_end,), text=True,
                               env={**os.environ, "CODEKNIT_BENCH_FD": str(write_end)})
    os.close(write_end)
    _, stderr = process.communicate()
    elapsed = time.perf_counter() - started
    with open(read_end, closefd=True) as report:
        rss_kib = int(report.read() or 0)
    if process.returncode not in (0, 3):
        raise SystemExit(f"{' '.join(args)} failed ({process.returncode}):\n{stderr}")
    return elapsed, rss_kib // 1024, stderr


def warning_counts(stderr: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in stderr.splitlines():
        match = _WARNING.match(line.strip())
        if match:
            counts[match.group(1)] = int(match.group(2) or 1)
    return counts


def human(size: int) -> str:
    value = float(size)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return str(size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", type=Path)
    parser.add_argument("--out", type=Path, default=None, help="where the outputs go (default: a temporary dir)")
    parser.add_argument("--formats", default="lsif,scip,cyclonedx,csv-nodes,csv-edges,dot,mermaid,json")
    parser.add_argument("--markdown", type=Path, default=None, help="also write the table to this file")
    options = parser.parse_args()
    out = options.out or Path(tempfile.mkdtemp(prefix="codeknit-export-bench-"))
    out.mkdir(parents=True, exist_ok=True)
    tree = options.tree.resolve()
    graph = out / "graph.json"
    rows: list[dict[str, object]] = []

    seconds, rss, stderr = run(["export", str(tree), "-f", "json", "-o", str(graph)])
    document = json.loads(graph.read_bytes())
    languages = sorted({f["language"] for f in document["files"]})
    summary = (f"{len(document['files'])} files ({', '.join(languages)}), {len(document['nodes'])} nodes, "
               f"{len(document['relations'])} relations, {len(document.get('dependencies', []))} declared dependencies")
    del document
    rows.append({"format": "(index → json)", "size": graph.stat().st_size, "seconds": seconds, "rss": rss,
                 "warnings": warning_counts(stderr)})
    seconds, rss, _ = run(["--load-only", str(graph)])
    rows.append({"format": "(load graph)", "size": graph.stat().st_size, "seconds": seconds, "rss": rss,
                 "warnings": {}})
    for fmt in options.formats.split(","):
        target = out / f"export.{fmt}"
        seconds, rss, stderr = run(["export", str(graph), "-f", fmt, "-o", str(target), "--source-root", str(tree)])
        rows.append({"format": fmt, "size": target.stat().st_size, "seconds": seconds, "rss": rss,
                     "warnings": warning_counts(stderr)})

    lines = [f"Tree: `{tree}` — {summary}", "",
             "| format | size | time | peak RSS | warnings |", "|---|---:|---:|---:|---|"]
    for row in rows:
        warnings = row["warnings"]
        assert isinstance(warnings, dict)
        listed = ", ".join(f"{code} {count}" for code, count in warnings.items()) or "—"
        lines.append(f"| {row['format']} | {human(int(row['size']))} | {float(row['seconds']):.1f} s "  # type: ignore[arg-type]
                     f"| {row['rss']} MiB | {listed} |")
    table = "\n".join(lines)
    print(table)
    (out / "bench.json").write_text(json.dumps({"tree": str(tree), "summary": summary, "rows": rows}, indent=1))
    if options.markdown:
        options.markdown.write_text(table + "\n")


if __name__ == "__main__":
    main()
