"""Every language in one tree: names never resolve across languages."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph import EdgeKind, Resolution
from codeknit.workspace import LANGUAGES

INPUT = Path(__file__).parent / "input"


def test_every_language_is_analysed_and_nothing_resolves_across_languages() -> None:
    graph = codeknit.index(INPUT)
    assert {f.language for f in graph.files} == set(LANGUAGES)
    assert not graph.errors, graph.errors
    language = {s.id: s.language for s in graph.symbols}
    for relation in graph.relations:
        if relation.resolution is Resolution.RESOLVED and relation.target in language:
            assert language[relation.source] == language[relation.target], relation
        for candidate in relation.candidates:
            assert language[relation.source] == language[candidate], relation
    # ``only_here`` is defined in Python alone: every other language's call stays unresolved
    calls = [r for r in graph.relations if r.kind is EdgeKind.CALLS and r.text.endswith("only_here")]
    by_language = {language[r.source]: r.resolution for r in calls}
    assert by_language.pop("python") is Resolution.RESOLVED
    assert set(by_language) == set(LANGUAGES) - {"python"}
    assert set(by_language.values()) == {Resolution.UNRESOLVED}
