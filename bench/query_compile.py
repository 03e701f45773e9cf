"""CPU time of compiling each grammar's tree-sitter queries: what ``Adapter.warm(grammar)`` compiles.

    PYTHONPATH=CHECKOUT/src .venv/bin/python bench/query_compile.py [--repeat 8] [--detail] [GRAMMAR ...]

Per grammar (``language:grammar``, every supported one unless named: ``python``, ``tsx``), the least of
``--repeat`` runs of ``adapter_for(language).warm(grammar)`` in CPU milliseconds (``time.process_time``),
every cache of ``codeknit.languages`` cleared before each run but the grammars' own (``_language``: loading
a grammar's library is not compiling) and the adapters; and the least of compiling the query file alone
(``Query(language, load_query_text(name))``, all its patterns at once: the figure of older measurements).
``--detail`` also prints each ``Query`` that one warm-up compiles (least of the runs, its pattern count,
and ``twice`` where the same text is compiled again in the same process).

The host may be noisy (others' processes): the least of many runs is the figure to compare, and a
difference under a tenth is noise unless it holds over several runs. Exact counts come from callgrind
(``bench/extract_cost.py``'s docstring).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import pkgutil
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import tree_sitter

import codeknit.languages
from codeknit.languages import engine
from codeknit.languages.adapters import adapter_for, supported_languages

#: caches kept between runs: loading a grammar and making an adapter are not what is measured
_KEPT = {"_language", "adapter_for", "supported_languages", "load_query_text"}


def _caches() -> list[Callable[..., Any]]:
    """Every ``functools.cache`` function of ``codeknit.languages``'s modules (imported first) but :data:`_KEPT`."""
    for module in pkgutil.walk_packages(codeknit.languages.__path__, "codeknit.languages."):
        if module.name.rsplit(".", 1)[-1] in ("adapter", "narrowing", "branches", "flow", "engine"):
            importlib.import_module(module.name)
    found: dict[int, Callable[..., Any]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("codeknit.languages") or module is None:
            continue
        for attribute, value in vars(module).items():
            if attribute not in _KEPT and callable(getattr(value, "cache_clear", None)):
                found[id(value)] = value
    return list(found.values())


def _pairs() -> Iterator[tuple[str, str]]:
    for language in supported_languages():
        adapter = adapter_for(language)
        yield from ((language, grammar) for grammar in dict.fromkeys(adapter.grammars.values()))


class _Recorder:
    """Stands for ``tree_sitter.Query`` while a warm-up runs: times each compile, keyed by its text."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.patterns: dict[str, int] = {}
        self.runs: list[list[str]] = []
        self.original = tree_sitter.Query

    def __call__(self, language: tree_sitter.Language, source: str) -> tree_sitter.Query:
        started = time.process_time()
        query = self.original(language, source)
        self.times[source].append(time.process_time() - started)
        self.patterns[source] = query.pattern_count
        self.runs[-1].append(source)
        return query


def measure(language: str, grammar: str, repeat: int, detail: bool) -> None:
    adapter = adapter_for(language)
    caches = _caches()
    engine._language(grammar)
    recorder = _Recorder()
    warm: list[float] = []
    for _ in range(repeat):
        for cache in caches:
            cache.cache_clear()
        recorder.runs.append([])
        tree_sitter.Query = recorder  # type: ignore[misc]
        gc.collect()
        started = time.process_time()
        try:
            adapter.warm(grammar)
        finally:
            warm.append(time.process_time() - started)
            tree_sitter.Query = recorder.original  # type: ignore[misc]
    text = engine.load_query_text(adapter.query_for(grammar))
    alone = []
    for _ in range(repeat):
        started = time.process_time()
        tree_sitter.Query(engine._language(grammar), text)
        alone.append(time.process_time() - started)
    compiled = recorder.runs[-1]
    print(f"{grammar:<20} warm {1000 * min(warm):7.1f} ms   query file alone {1000 * min(alone):7.1f} ms"
          f"   ({len(compiled)} queries compiled)", flush=True)
    if detail:
        for source in dict.fromkeys(compiled):
            twice = "  twice" if compiled.count(source) > 1 else ""
            first = " ".join(source.split())[:70]
            print(f"    {1000 * min(recorder.times[source]):7.1f} ms  {recorder.patterns[source]:4} patterns"
                  f"{twice}  {first}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("grammars", nargs="*", help="grammars to measure (default: all)")
    parser.add_argument("--repeat", type=int, default=8, help="runs per grammar (the least is printed)")
    parser.add_argument("--detail", action="store_true", help="each compiled query's own time")
    args = parser.parse_args()
    for language, grammar in _pairs():
        if not args.grammars or grammar in args.grammars or language in args.grammars:
            measure(language, grammar, args.repeat, args.detail)


if __name__ == "__main__":
    main()
