"""Tokens of ``codeknit parse`` output, plain and ``--minify``, with and without edges, per output mode.

    python bench/skt_tokens.py [--corpus NAME=DIR ...] [--modes inline,directory-tree,directory-flat]
                               [--chunks 4000,16000] [--tokenizer o200k_base] [--repomix PATH]
                               [--ctags PATH] [--json FILE]

Runs ``python -m codeknit parse`` (the codeknit this interpreter imports: set ``PYTHONPATH`` to
measure another checkout, e.g. ``PYTHONPATH=/work/main/src`` for the code before a change) on
each corpus and counts every ``.skt`` file it writes (``dict.skt`` included) with the exact
tokenizer. Prints a Markdown table per output mode, minified rows with their saving, and the CPU
time (user + system) of each run. ``--chunks`` adds ``parse --edges --tokens N`` without a
dictionary, with per-chunk dictionaries and with a shared one (from ``chunks.json``). Optional
baselines: Repomix ``--compress --remove-comments``
(``--repomix`` names its executable) and a universal-ctags listing of names, kinds and lines
(``ctags -R -f - --excmd=number --fields=+Kn``; on by default when ``ctags`` is installed).

The default corpora are the bench's (``bench/run.py`` fetches them): CPython 3.11's asyncio and
Django 5.1.4's ``django/`` package.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CORPORA = Path.home() / ".cache" / "codeknit-bench" / "corpora"
DEFAULT_CORPORA = {
    "asyncio": CORPORA / "python-stdlib" / "usr" / "lib" / "python3.11" / "asyncio",
    "Django": CORPORA / "django" / "Django-5.1.4" / "django",
}
MODES = ("inline", "directory-tree", "directory-flat")
VARIANTS = (("", ()), (", `--minify`", ("--minify",)))


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(args: list[str], env: dict[str, str]) -> tuple[bytes, float]:
    before = _cpu()
    result = subprocess.run(args, env=env, capture_output=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{result.stderr.decode(errors='replace')}")
    return result.stdout, _cpu() - before


def parse_tokens(corpus: Path, mode: str, flags: tuple[str, ...], count, env: dict[str, str]) -> tuple[int, float]:
    command = [sys.executable, "-m", "codeknit", "parse", str(corpus), "--output-mode", mode, *flags, "-q"]
    if mode == "inline":
        stdout, cpu = run(command, env)
        return count(stdout.decode("utf-8", "surrogateescape")), cpu
    with tempfile.TemporaryDirectory(prefix="skt-tokens-") as folder:
        out = Path(folder) / "out"
        _, cpu = run([*command, "-o", str(out)], env)
        return sum(count(p.read_text("utf-8", "surrogateescape")) for p in sorted(out.rglob("*.skt"))), cpu


def chunk_manifest(corpus: Path, budget: int, flags: tuple[str, ...], env: dict[str, str]) -> tuple[dict, float]:
    with tempfile.TemporaryDirectory(prefix="skt-tokens-") as folder:
        out = Path(folder) / "out"
        _, cpu = run([sys.executable, "-m", "codeknit", "parse", str(corpus), "-o", str(out), "--edges", "--tokens",
                      str(budget), *flags, "-q"], env)
        return json.loads((out / "chunks.json").read_text()), cpu


def baseline(args: list[str], count, cwd: Path) -> int | None:
    try:
        result = subprocess.run(args, capture_output=True, check=True, cwd=cwd)
    except (OSError, subprocess.CalledProcessError):
        return None
    return count(result.stdout.decode("utf-8", "replace"))


def repomix_tokens(executable: str, corpus: Path, count) -> int | None:
    with tempfile.TemporaryDirectory(prefix="skt-tokens-") as folder:
        out = Path(folder) / "repomix.xml"
        try:
            subprocess.run([executable, str(corpus), "--compress", "--remove-comments", "-o", str(out), "--quiet"],
                           capture_output=True, check=True)
        except (OSError, subprocess.CalledProcessError):
            return None
        return count(out.read_text("utf-8", "replace"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", default=[], metavar="NAME=DIR",
                        help="a tree to measure (default: asyncio and Django from the bench cache)")
    parser.add_argument("--modes", default=",".join(MODES), help="output modes, comma-separated")
    parser.add_argument("--chunks", default="", help="budgets for parse --edges --tokens, comma-separated")
    parser.add_argument("--tokenizer", default="o200k_base")
    parser.add_argument("--repomix", help="the repomix executable, for its --compress --remove-comments baseline")
    parser.add_argument("--ctags", default=shutil.which("ctags"), help="universal-ctags, for a listing baseline")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    options = parser.parse_args()

    from codeknit.tokens import get_tokenizer

    count = get_tokenizer(options.tokenizer).count
    corpora = dict(item.split("=", 1) for item in options.corpus) if options.corpus else DEFAULT_CORPORA
    corpora = {name: Path(path) for name, path in corpora.items()}
    for name, path in corpora.items():
        if not path.is_dir():
            raise SystemExit(f"{name}: {path} is not a directory (bench/run.py fetches the corpora)")
    env = {**os.environ, "CODEKNIT_CACHE_DIR": os.environ.get("CODEKNIT_CACHE_DIR", tempfile.mkdtemp())}
    modes = [m for m in options.modes.split(",") if m]
    figures: dict[str, dict[str, dict[str, float]]] = {}
    names = list(corpora)
    print(f"codeknit from {_where(env)}, tokens counted with {options.tokenizer}\n")
    for mode in modes:
        print(f"### `--output-mode {mode}`\n")
        print("| output | " + " | ".join(names) + " |")
        print("|---|" + "--:|" * len(names))
        for edges in ((), ("--edges",)):
            plain_tokens: dict[str, int] = {}
            for label, flags in VARIANTS:
                cells = []
                for name, path in corpora.items():
                    tokens, cpu = parse_tokens(path, mode, (*edges, *flags), count, env)
                    key = f"{mode} {' '.join((*edges, *flags)) or 'plain'}"
                    figures.setdefault(name, {})[key] = {"tokens": tokens, "cpu_seconds": round(cpu, 2)}
                    if not flags:
                        plain_tokens[name] = tokens
                        cells.append(f"{tokens:,}")
                    else:
                        saved = 1 - tokens / plain_tokens[name]
                        cells.append(f"{tokens:,} ({-saved:+.1%})".replace("-", "−"))
                what = "`.skt --edges`" if edges else "`.skt` without edges"
                print(f"| {what}{label} | " + " | ".join(cells) + " |")
        print()
    budgets = [int(b) for b in options.chunks.split(",") if b]
    if budgets:
        print("### `parse --edges --tokens N`: chunks, total tokens (of which in `[dict]` / `dict.skt`)\n")
        print("| corpus, N | no dictionary | per-chunk | shared |")
        print("|---|---|---|---|")
        for name, path in corpora.items():
            for budget in budgets:
                cells = []
                for flags in ((), ("--minify",), ("--minify", "--dict", "shared")):
                    manifest, cpu = chunk_manifest(path, budget, flags, env)
                    in_dict = (sum(c["dict_tokens"] for c in manifest["chunks"]) if "shared" not in flags
                               else manifest["dict_tokens"])
                    cells.append(f"{len(manifest['chunks'])} chunks, {manifest['total_tokens']:,}"
                                 + (f" ({in_dict:,})" if flags else ""))
                    figures.setdefault(name, {})[f"chunks {budget} {' '.join(flags) or 'plain'}"] = {
                        "chunks": len(manifest["chunks"]), "tokens": manifest["total_tokens"], "dict": in_dict,
                        "cpu_seconds": round(cpu, 2)}
                print(f"| {name}, {budget:,} | " + " | ".join(cells) + " |")
        print()
    extra: list[tuple[str, dict[str, int | None]]] = []
    if options.repomix:
        extra.append(("Repomix `--compress --remove-comments` (signatures, no graph)",
                      {name: repomix_tokens(options.repomix, path, count) for name, path in corpora.items()}))
    if options.ctags:
        extra.append(("a ctags listing (names, kinds, lines)", {
            name: baseline([options.ctags, "-R", "-f", "-", "--excmd=number", "--fields=+Kn", "."], count, path)
            for name, path in corpora.items()}))
    if extra:
        print("### Baselines\n")
        print("| output | " + " | ".join(names) + " |")
        print("|---|" + "--:|" * len(names))
        for label, values in extra:
            print(f"| {label} | " + " | ".join("-" if v is None else f"{v:,}" for v in values.values()) + " |")
            for name, value in values.items():
                figures.setdefault(name, {})[label] = {"tokens": value or 0}
        print()
    print("CPU seconds (user + system) of each parse run, in the same order:\n")
    for name in names:
        print(f"- {name}: " + ", ".join(f"{key} {v['cpu_seconds']}" for key, v in figures[name].items()
                                        if "cpu_seconds" in v))
    if options.json:
        options.json.write_text(json.dumps(figures, indent=2) + "\n")


def _where(env: dict[str, str]) -> str:
    result = subprocess.run([sys.executable, "-c", "import codeknit, os; print(os.path.dirname(codeknit.__file__))"],
                            env=env, capture_output=True, check=False)
    return result.stdout.decode().strip() or "?"


if __name__ == "__main__":
    main()
