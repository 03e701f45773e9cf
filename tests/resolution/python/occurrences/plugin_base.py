"""The base of ``plugins.py``: methods whose parameters are annotated (or not)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from occurrences.plugin_host import Host


class Plugin:
    def install(self, host: Host, order: int = 0) -> None:
        pass

    def remove(self, host) -> None:
        pass

    def swap(self, order: int, host: Host) -> None:
        pass
