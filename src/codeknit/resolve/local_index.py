"""One file's locals for the resolver: where each parameter, local variable and type parameter is
visible, and the tokens that use it (see ``locals.py``)."""

from __future__ import annotations

import bisect
from array import array

from codeknit.graph.model import Local, LocalKind, Role, Span
from codeknit.resolve.api import FileIndex


class FileLocals:
    """One file's locals, and by name where each is visible."""

    __slots__ = ("_bounds", "by_name", "records")

    def __init__(self, file: FileIndex) -> None:
        ids = file.ids
        path = file.extraction.path
        self.records: list[Local] = []
        #: name → its locals, in order of region start (the region: where the declaration is visible)
        self.by_name: dict[str, list[Local]] = {}
        #: name → its locals' regions: every start, in the order of ``by_name``'s entries, then every
        #: end, each place as one integer (``line << 32 | column``, ordered as ``(line, column)`` is).
        #: One array, not each region's tuple: a run keeps every file's locals to its end, and the
        #: tuples (with the pairs that held them) were about 10 MB of effect's peak
        self._bounds: dict[str, array[int]] = {}
        regions: dict[str, list[Span]] = {}
        for raw in file.extraction.declarations:
            local = Local(path, ids[raw.scope], raw.name, raw.kind, raw.span)
            self.records.append(local)
            if raw.kind is LocalKind.PROPERTY:
                continue  # (an anonymous object's member: no name reaches it)
            self.by_name.setdefault(raw.name, []).append(local)
            regions.setdefault(raw.name, []).append(raw.region)
        for name, spans in regions.items():
            if len(spans) == 1:  # (most names)
                region = spans[0]
                self._bounds[name] = array("q", (region[0] << 32 | region[1], region[2] << 32 | region[3]))
                continue
            # in order of region start (a stable sort: equal starts keep their order)
            pairs = sorted(zip(spans, self.by_name[name], strict=True), key=_region_start)
            self.by_name[name] = [local for _region, local in pairs]
            self._bounds[name] = array("q", [*(region[0] << 32 | region[1] for region, _local in pairs),
                                             *(region[2] << 32 | region[3] for region, _local in pairs)])

    def at(self, name: str, span: Span) -> Local | None:
        """The local that ``name`` at ``span`` denotes, or None."""
        entries = self.by_name.get(name)
        if entries is None:
            return None
        bounds = self._bounds[name]
        position = span[0] << 32 | span[1]
        count = len(entries)
        if count == 1:  # (most names: one declaration, no search)
            return entries[0] if bounds[0] <= position < bounds[1] else None
        # the last region starting at or before the use that also ends after it (entries are in
        # order of region start)
        index = bisect.bisect_right(bounds, position, 0, count)
        while index > 0:
            index -= 1
            if position < bounds[count + index]:
                return entries[index]
        return None


def _region_start(entry: tuple[Span, Local]) -> int:
    """Where an entry's region starts, as ``FileLocals._bounds`` holds it."""
    return entry[0][0] << 32 | entry[0][1]


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
