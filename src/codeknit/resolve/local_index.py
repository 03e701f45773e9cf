"""One file's locals for the resolver: where each parameter, local variable and type parameter is
visible, and the tokens that use it (see ``locals.py``)."""

from __future__ import annotations

import bisect

from codeknit.graph.model import Local, LocalKind, Role, Span
from codeknit.resolve.api import FileIndex


class FileLocals:
    """One file's locals, and by name where each is visible."""

    __slots__ = ("_regions", "by_name", "records")

    def __init__(self, file: FileIndex) -> None:
        ids = file.ids
        path = file.extraction.path
        self.records: list[Local] = []
        #: name → (region, local), in order of region start (the region: the declaration's own tuple)
        self.by_name: dict[str, list[tuple[Span, Local]]] = {}
        for raw in file.extraction.declarations:
            local = Local(path, ids[raw.scope], raw.name, raw.kind, raw.span)
            self.records.append(local)
            if raw.kind is LocalKind.PROPERTY:
                continue  # (an anonymous object's member: no name reaches it)
            self.by_name.setdefault(raw.name, []).append((raw.region, local))
        #: for a name declared more than once: its entries' regions, in the same order (searched
        #: without a key function, which would run per comparison)
        self._regions: dict[str, list[Span]] = {}
        for name, entries in self.by_name.items():
            if len(entries) > 1:
                entries.sort(key=_region_start)
                self._regions[name] = [region for region, _local in entries]

    def at(self, name: str, span: Span) -> Local | None:
        """The local that ``name`` at ``span`` denotes, or None."""
        entries = self.by_name.get(name)
        if entries is None:
            return None
        line, column = span[0], span[1]
        if len(entries) == 1:  # (most names: one declaration, no search)
            region, local = entries[0]
            if (region[0], region[1]) <= (line, column) and (
                    line < region[2] or (line == region[2] and column < region[3])):
                return local
            return None
        # the last region starting at or before the use that also ends after it (a region starting
        # there compares below the probe whatever its end; entries are in order of region start)
        index = bisect.bisect_right(self._regions[name], (line, column, _END, _END))
        while index > 0:
            index -= 1
            region, local = entries[index]
            if line < region[2] or (line == region[2] and column < region[3]):
                return local
        return None


_END = 1 << 62


def _region_start(entry: tuple[Span, Local]) -> tuple[int, int]:
    return entry[0][0], entry[0][1]


def add_use(local: Local, span: Span, role: Role | None) -> None:
    """Record ``span`` as a use of ``local`` (a declaring token is never its own use)."""
    if span == local.span:
        return
    uses = local.uses
    for i in range(0, len(uses), 4):  # (few uses per local: a scan beats a set per local)
        if uses[i] == span[0] and uses[i + 1] == span[1]:
            return
    count = len(uses) // 4
    uses.extend(span)
    if role is not None and role is not Role.READ:
        if local.roles is None:
            local.roles = [Role.READ] * count
        local.roles.append(role)
    elif local.roles is not None:
        local.roles.append(Role.READ)


__all__ = ["FileLocals", "add_use"]
