"""Serialising extraction records and graphs for the index database.

Records are pickled (the fastest exact round trip for these slotted
dataclasses), but they are read back through an unpickler that only admits
codeknit's own record classes and enums: a tampered or foreign cache file can
fail to load, never run code. Every blob carries a SHA-256 digest (its first
128 bits), checked on read; a mismatch or a refused class raises
:class:`CorruptEntry` and the caller rebuilds instead of trusting the entry.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import io
import operator
import pickle
from array import array
from typing import Any

from codeknit.graph.model import NUMBERS, Spans, bound_numbers

#: modules whose dataclasses and enums may appear in a cache entry
_TRUSTED_MODULES = frozenset({
    "codeknit.languages.records",
    "codeknit.graph.model",
    "codeknit.graph.graph",
})


class CorruptEntry(ValueError):
    """A cache entry that fails its digest or holds something other than codeknit records."""


class _RecordUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("array", "_array_reconstructor"):  # (how an array pickles: a relation's ``Spans``)
            return super().find_class(module, name)
        if module in _TRUSTED_MODULES:
            found = super().find_class(module, name)
            if isinstance(found, type) and (dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)
                                            or found is Spans):
                return found
        raise CorruptEntry(f"cache entry refers to {module}.{name}, which is not a codeknit record")


def digest(data: bytes) -> str:
    """A blob's digest: the first 128 bits of its SHA-256. Graph parts are stored by it, so it must not
    collide; of the strong hashes, SHA-256 is the one processors compute in hardware (SHA extensions
    on x86 and ARMv8): on the development machine 2.3 times as fast as BLAKE2b, which CPython 3.11
    builds from its portable reference code. Every file's blob is digested once per cold run (on
    Django 22 MB)."""
    return hashlib.sha256(data).hexdigest()[:32]


def dumps(value: object) -> tuple[bytes, str]:
    """The blob and its digest."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return data, digest(data)


def loads(data: bytes, expected_digest: str | None) -> Any:
    """The value of a blob, after its digest is checked (None: a blob this run encoded a moment ago and
    handed over in memory or through a pipe, not read back from the database: nothing to check)."""
    if expected_digest is not None and digest(data) != expected_digest:
        raise CorruptEntry("cache entry does not match its digest")
    try:
        return _RecordUnpickler(io.BytesIO(data)).load()
    except CorruptEntry:
        raise
    except Exception as exc:  # noqa: BLE001 - any unreadable blob is corruption, whatever the error
        raise CorruptEntry(f"cache entry cannot be read: {type(exc).__name__}: {exc}") from exc


# -- extraction records as flat tuples --------------------------------------------------------------
#
# An Extraction holds thousands of small records; pickled one object at a time they cost several
# times more than the same values as tuples. The layout follows the dataclasses' fields, so a new
# field needs no change here (and changes codeknit's code digest, which retires old caches).

def _layout() -> tuple[Any, ...]:
    from codeknit.languages.records import Extraction, RawImport, RawRef, RawSymbol, ValueUses

    # (the declarations are packed: ``records.pack_declarations``)
    records = {"symbols": RawSymbol, "refs": RawRef, "imports": RawImport}
    names = [f.name for f in dataclasses.fields(Extraction)]
    getters = {key: operator.attrgetter(*(f.name for f in dataclasses.fields(cls))) for key, cls in records.items()}
    # per record kind, its fields that hold one span (or None) and a tuple of spans
    spans = {key: ([f.name for f in dataclasses.fields(cls) if f.type in ("Span", "Span | None")],
                   [f.name for f in dataclasses.fields(cls) if f.type == "tuple[Span, ...]"])
             for key, cls in records.items()}
    return Extraction, names, records, getters, ValueUses, spans


def dump_extraction(extraction: Any) -> tuple[bytes, str]:
    """An :class:`~codeknit.languages.records.Extraction` as a blob and its digest."""
    from codeknit.languages.records import pack_declarations

    _cls, names, records, getters, _values, _spans = _LAYOUT()
    row = [
        [getters[name](item) for item in getattr(extraction, name)] if name in records
        # (the declarations packed, as a run's decoding keeps them until the file's pass; a name with a NUL
        # in it leaves them as a list of their fields)
        else (extraction.packed_declarations or pack_declarations(extraction.declarations)
              or [dataclasses.astuple(raw) for raw in extraction.declarations]) if name == "declarations"
        else None if name == "packed_declarations"
        # (value uses: their integers as the array's bytes, one object however many uses)
        else (extraction.values.texts, extraction.values.rows.tobytes()) if name == "values"
        # (a set pickles in its iteration order, which the hash seed decides, and so does which of several equal
        # strings it holds, which the pickle may share with another field: sorted and joined into one new
        # string, a file's blob is the same bytes in every process, so the same digest)
        else {scope: "\n".join(sorted(names)) for scope, names in extraction.locals.items()} if name == "locals"
        else getattr(extraction, name)
        for name in names
    ]
    return dumps(row)


def _value_uses(cls: Any, value: Any) -> Any:
    texts, data = value
    if not isinstance(texts, list) or not isinstance(data, bytes) or len(data) % 4:
        raise ValueError("value uses are not (texts, bytes)")
    rows = array("i")
    rows.frombytes(data)
    return cls(texts, rows)


def _records(cls: Any, items: list[Any], single: list[str], many: list[str]) -> list[Any]:
    """The records of one kind, the line numbers of the spans of their fields ``single`` (a span or
    None) and ``many`` (a tuple of spans) the shared ones (:data:`NUMBERS`; a column above 256 is rare)."""
    out = [cls(*item) for item in items]
    n = NUMBERS
    for name in single:
        for record, span in zip(out, map(operator.attrgetter(name), out), strict=True):
            if span is not None:
                line = n(span[0], span[0])
                setattr(record, name, (line, span[1], line if span[2] == line else n(span[2], span[2]), span[3]))
    for name in many:
        for record, spans in zip(out, map(operator.attrgetter(name), out), strict=True):
            if spans:
                setattr(record, name, tuple([(n(span[0], span[0]), span[1], n(span[2], span[2]), span[3])
                                             for span in spans]))
    return out


def load_extraction(data: bytes, expected_digest: str | None, *, share: bool = False) -> Any:
    """An extraction from its blob (``expected_digest`` as :func:`loads` reads it). ``share``: its spans' line
    numbers are the process's shared ones (:data:`NUMBERS`), for a run that keeps most of its spans to its end
    (a number above 256 that the unpickler reads is a new object each time); it costs about a quarter more
    time than decoding alone. With ``share`` the declarations stay packed (``Extraction.packed_declarations``,
    checked for shape here) until ``records.declarations_of`` reads them; without it they are unpacked here."""
    from codeknit.languages.records import RawLocal, check_packed, unpack_declarations

    cls, names, records, _getters, value_uses, spans = _LAYOUT()
    row = loads(data, expected_digest)
    if share:
        bound_numbers()
    try:
        values = {
            name: (_records(records[name], value, *spans[name]) if share else [records[name](*item) for item in value])
            if name in records
            else _value_uses(value_uses, value) if name == "values"
            else {scope: frozenset(names.split("\n") if names else ()) for scope, names in value.items()}
            if name == "locals"
            else value
            for name, value in zip(names, row, strict=True)
        }
        declared: Any = values["declarations"]
        if isinstance(declared, list):
            values["declarations"] = [RawLocal(*item) for item in declared]
        elif share:  # (kept packed until the file's pass reads them: ``records.declarations_of``)
            check_packed(declared)
            values["declarations"], values["packed_declarations"] = [], declared
        else:
            values["declarations"] = unpack_declarations(declared)
        return cls(**values)
    except (TypeError, ValueError, IndexError) as exc:
        raise CorruptEntry(f"cached extraction has an unexpected shape: {exc}") from exc


_LAYOUT = functools.cache(_layout)
