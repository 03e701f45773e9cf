"""What a run is asked for: the options that change what the graph contains."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Progress = Callable[[int, int, str], None]


@dataclass(slots=True)
class IndexOptions:
    """Options that change what the graph contains (and so its fingerprint)."""

    exclude: Sequence[str] = ()
    collect_tests: bool = False
    max_file_size: int = 2 * 1024 * 1024
    languages: Sequence[str] | None = None
    resolve: bool = True
    #: Python's points-to analysis answers calls (off: the name rules answer every call, faster)
    points_to: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def fingerprint_fields(self) -> dict[str, Any]:
        return {
            "exclude": sorted(self.exclude),
            "collect_tests": self.collect_tests,
            "max_file_size": self.max_file_size,
            "languages": sorted(self.languages) if self.languages else None,
            "resolve": self.resolve,
            "points_to": self.points_to,
            **self.extra,
        }


#: the default limit on parsing one file, in seconds (``--parse-timeout``)
PARSE_TIME_LIMIT = 30.0


__all__ = ["PARSE_TIME_LIMIT", "IndexOptions", "Progress"]
