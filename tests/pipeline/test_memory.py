"""What a run does to keep its peak memory down: freed C heap pages given back, and the resolver's
per-file caches dropped after each file's pass, without changing what the run gives."""

from __future__ import annotations

import sys

import pytest

from codeknit.graph.model import EdgeKind
from codeknit.languages.adapters import extract
from codeknit.pipeline import assemble
from codeknit.resolve.resolver import Resolver


def test_returning_freed_memory_is_harmless_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    assemble.return_freed_memory()  # (glibc: malloc_trim; it only gives free pages back)
    assemble._malloc_trim.cache_clear()
    monkeypatch.setattr(sys, "platform", "darwin")
    try:
        assert assemble._malloc_trim() is None  # no glibc: nothing to call
        assemble.return_freed_memory()
    finally:
        assemble._malloc_trim.cache_clear()


def test_a_relation_with_many_sites_takes_no_duplicate_after_its_files_pass() -> None:
    source = "def helper():\n    pass\n\n\ndef main():\n" + "".join("    helper()\n" for _ in range(20))
    resolver = Resolver([extract("app.py", "python", source.encode())], points_to=False)
    relations = [r for r in resolver.run() if r.kind is EdgeKind.CALLS and r.target == "app.py::helper"]
    assert len(relations) == 1
    relation = relations[0]
    assert len(relation.spans) == 20
    assert not resolver._span_sets  # (dropped after the file's pass)
    key = (relation.source, relation.kind, relation.target, relation.resolution, relation.candidates)
    resolver.add_site(key, relation, relation.spans[3], None)  # a site it has: its set is made again
    assert len(relation.spans) == 20
    resolver.add_site(key, relation, (40, 4, 40, 10), None)
    resolver.add_site(key, relation, (40, 4, 40, 10), None)
    assert len(relation.spans) == 21
