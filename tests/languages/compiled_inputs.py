"""The real sources the compiled parts of the extraction are held to their Python against: every golden
input, language fixture and resolution case, as ``(language, path, file)`` (``test_compiled_values.py``,
``test_compiled_declarations.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from codeknit.workspace import scan

TESTS = Path(__file__).resolve().parents[1]


def _sources() -> Iterator[tuple[str, str, Path]]:
    for root in sorted([*(TESTS / "golden").glob("*/input"), TESTS / "languages" / "fixtures",
                        TESTS / "resolution"]):
        for file in scan(root, collect_tests=True).files:
            yield file.language, file.path, root / file.path


SOURCES = sorted(_sources())
