"""One file's locals for the resolver: where each parameter, local variable and type parameter is
visible, and the tokens that use it (see ``locals.py``)."""

from __future__ import annotations

import bisect
import sys
from array import array
from typing import NoReturn

from codeknit.graph.model import Local, LocalKind, Role, Span
from codeknit.languages.records import declarations_of
from codeknit.resolve.api import FileIndex

_READ, _PROPERTY = Role.READ, LocalKind.PROPERTY  # (enum members read once: these are read per use)
#: the uses of a local no token has used yet: one empty list for all of them, which :func:`add_use` replaces
#: (never extends). On effect 49,000 of 122,000 locals are never used (members of object types, parameters);
#: a list each, and lists grown four numbers at a time, held about 3 MB (the peak RSS fell about 2 MB)
_NO_USES: list[int] = []


class FileLocals:
    """One file's locals, and by name where each is visible."""

    __slots__ = ("_properties", "bounds", "by_name", "records")

    def __init__(self, file: FileIndex) -> None:
        ids = file.ids
        path = file.extraction.path
        self.records: list[Local] = []
        #: name → its locals, in order of region start (the region: where the declaration is visible)
        self.by_name: dict[str, list[Local]] = {}
        #: name → its locals' regions: every start, in the order of ``by_name``'s entries, then every
        #: end, each place as one integer (``line << 32 | column``, ordered as ``(line, column)`` is).
        #: One array, not each region's tuple: a run keeps every file's locals to its end, and the
        #: tuples (with the pairs that held them) were about 10 MB of effect's peak. (The compiled loop over
        #: a file's value uses reads it too: ``rust/pyflow/src/locals.rs``.)
        self.bounds: dict[str, array[int]] = {}
        #: the ``property`` locals by their token's start (line, column), made when first asked
        self._properties: dict[tuple[int, int], Local] | None = None
        regions: dict[str, list[Span]] = {}
        records, by_name = self.records, self.by_name
        # (each name one string object for the run: a file's names are read back as a new object per
        # declaration, and a run keeps every local to its end; the same few names recur everywhere)
        intern = sys.intern
        for raw in declarations_of(file.extraction):
            name, kind = intern(raw.name), raw.kind
            local = Local(path, ids[raw.scope], name, kind, raw.span, _NO_USES)
            records.append(local)
            if kind is _PROPERTY:
                continue  # (an anonymous object's member: no name reaches it)
            found = by_name.get(name)
            if found is None:
                by_name[name] = [local]
                regions[name] = [raw.region]
            else:
                found.append(local)
                regions[name].append(raw.region)
        bounds = self.bounds
        for name, spans in regions.items():
            if len(spans) == 1:  # (most names)
                region = spans[0]
                bounds[name] = array("q", (region[0] << 32 | region[1], region[2] << 32 | region[3]))
                continue
            # in order of region start (a stable sort: equal starts keep their order)
            starts = [region[0] << 32 | region[1] for region in spans]
            order = sorted(range(len(spans)), key=starts.__getitem__)
            declared = by_name[name]
            by_name[name] = [declared[i] for i in order]
            bounds[name] = array("q", [starts[i] for i in order] + [spans[i][2] << 32 | spans[i][3] for i in order])

    def at(self, name: str, span: Span) -> Local | None:
        """The local that ``name`` at ``span`` denotes, or None."""
        entries = self.by_name.get(name)
        if entries is None:
            return None
        bounds = self.bounds[name]
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

    def shed(self) -> None:
        """Let go of the look-ups by name and place, keeping the locals (``records``): for a file whose pass is
        over when nothing reads its locals again (``Resolver._consumed``). On effect these were 8.3 MB of what
        is alive at the end of the pass, where a run peaks. A look-up after this raises (:class:`_Shed`), never answers
        "no local" wrongly."""
        self.by_name = self.bounds = _SHED  # type: ignore[assignment]
        self._properties = _SHED  # type: ignore[assignment]

    def property_at(self, line: int, column: int) -> Local | None:
        """The ``property`` local (a member of an anonymous object or object type) declared at this token."""
        if self._properties is None:
            self._properties = {(local.span[0], local.span[1]): local for local in self.records
                                if local.kind is _PROPERTY}
        return self._properties.get((line, column))


class _Shed(dict):  # type: ignore[type-arg]
    """The look-ups of a :meth:`FileLocals.shed` file: every look-up in them, or entry made, is a defect, and says
    so (one object serves every such file: nothing may be put in it)."""

    __slots__ = ()

    def _refuse(self, *_args: object) -> NoReturn:
        raise RuntimeError("the locals of a file whose pass is over were looked up: FileLocals.shed came too early")

    get = __getitem__ = __contains__ = __setitem__ = setdefault = _refuse


_SHED = _Shed()


def add_use(local: Local, span: Span, role: Role | None) -> None:
    """Record ``span`` as a use of ``local`` (a declaring token is never its own use)."""
    if span == local.span:
        return
    uses = local.uses
    if not uses:  # the first use: a list of the local's own, just long enough (see ``_NO_USES``)
        local.uses = list(span)
        if role is not None and role is not _READ:
            local.roles = [role]
        return
    line = span[0]
    if line in uses:  # (a number of a use so far: maybe the same token again; few uses per local, a scan
        column = span[1]  # beats a set per local)
        for i in range(0, len(uses), 4):
            if uses[i] == line and uses[i + 1] == column:
                return
    count = len(uses) // 4
    uses.extend(span)
    if role is not None and role is not _READ:
        if local.roles is None:
            local.roles = [_READ] * count
        local.roles.append(role)
    elif local.roles is not None:
        local.roles.append(_READ)


__all__ = ["FileLocals", "add_use"]
