"""codeknit's benchmark harness: corpora from package registries, the tools measured on them, the report.

Run it with ``bench/run.py`` (see ``docs/performance.md``); it is never run by CI. Only the small
tests under ``tests/bench`` are.
"""
