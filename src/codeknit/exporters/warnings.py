"""Export warnings: what a target format could not carry, or a reason to doubt the result.

Every exporter returns a list of :class:`ExportWarning`. A warning is about the
whole export, not one line of it, so repeated causes are counted, not repeated:
``Warnings.add("unnamed-external", …)`` twice gives one warning with ``count=2``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class ExportWarning:
    """One kind of problem an export met.

    ``code`` is a stable short name (``no-sources``, ``one-project-per-language`` …)
    that scripts can match; ``message`` says what it means for the output;
    ``count`` says how many times it occurred (sites, edges, components …).
    """

    code: str
    message: str
    count: int = 1

    def __str__(self) -> str:
        suffix = f" ({self.count}×)" if self.count > 1 else ""
        return f"warning[{self.code}]: {self.message}{suffix}"


class Warnings:
    """Collects warnings in first-seen order, counting repeats of the same code."""

    def __init__(self) -> None:
        self._items: dict[str, ExportWarning] = {}

    def add(self, code: str, message: str, count: int = 1) -> None:
        if count <= 0:
            return
        existing = self._items.get(code)
        if existing is None:
            self._items[code] = ExportWarning(code, message, count)
        else:
            existing.count += count

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, code: object) -> bool:
        return code in self._items

    def list(self) -> list[ExportWarning]:
        return list(self._items.values())
