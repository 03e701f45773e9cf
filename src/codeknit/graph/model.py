"""The graph model: symbols, relations, spans and ids.

This module is the bottom layer of codeknit. It imports nothing from the
rest of the package, so every stage above it (languages, resolver,
skeleton, exporters, server) shares one vocabulary.

Ids
---
* A file's module symbol has the file's path as its full id: ``pkg/mod.py``.
* Every other symbol is ``path::Qualified.name``, the qualified name being
  relative to the file (``Handler.handle``, ``outer.inner``).
* When one file defines the same qualified name more than once (a
  redefinition, an overload, a getter and setter pair), the first definition
  in source order keeps the plain id and the later ones get ``#2``, ``#3`` …
  appended, in source order.
* A name the resolver could not bind is spelled relative to the file it was
  written in: ``app.py::Helper``. Its relation says ``unresolved`` or
  ``ambiguous``, so such an id is never mistaken for a definition.

Spans
-----
``(start_line, start_col, end_line, end_col)``: lines count from 1 (as in
``.skt`` line ranges), columns are UTF-8 byte offsets from the start of the
line, counting from 0. The end is exclusive.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any, SupportsIndex, overload

Span = tuple[int, int, int, int]
PropertyValue = bool | str | tuple[str, ...]

#: one int object per number for the spans a process keeps: ``NUMBERS(n, n)`` is that object. Python
#: keeps one object only for -5..256; any other number read back from a pickle or an ``array`` is a
#: new 32-byte object, and a graph's spans hold millions of them (effect: about 15 MB of duplicates)
_NUMBERS: dict[int, int] = {}
NUMBERS = _NUMBERS.setdefault
#: the table itself, for compiled code that makes such numbers (``rust/pyflow/src/locals.rs``)
NUMBER_TABLE = _NUMBERS
#: numbers kept at most; past this the table starts again (a minified file's columns run to millions)
_NUMBERS_KEPT = 1 << 20


def shared_span(span: Span) -> Span:
    """``span`` made of the shared numbers (:data:`NUMBERS`)."""
    return (NUMBERS(span[0], span[0]), NUMBERS(span[1], span[1]), NUMBERS(span[2], span[2]),
            NUMBERS(span[3], span[3]))


def bound_numbers() -> None:
    """Start :data:`NUMBERS` again if it grew past its bound (between files, never within one)."""
    if len(_NUMBERS) > _NUMBERS_KEPT:
        _NUMBERS.clear()


class Spans(array):  # type: ignore[type-arg]
    """The use sites of a relation: spans, four numbers each, packed in one array of machine integers.

    A run keeps every relation's sites to its end, where its memory peaks: a list of span tuples cost
    about 140 bytes a site (a tuple, a list slot, numbers above 256 as objects of their own), this 16.
    It reads as a sequence of :data:`Span` tuples: ``len``, iteration, indexing, ``in``, ``index``,
    ``append`` and ``remove`` take and give spans, and it equals a list of the same spans. The array's own
    methods that take numbers (``extend``, ``insert``, slicing assignment) are not for its callers.

    It is made as an array is (``Spans("i", numbers)``: :func:`spans_of`), at C speed, and pickles as one
    (``array._array_reconstructor``, which the cache lets through); :meth:`of` makes one from spans."""

    __slots__ = ()

    @classmethod
    def of(cls, spans: Iterable[Span]) -> Spans:
        # (from a list of numbers the array is made at its size; grown by ``extend`` it would keep spare room)
        return spans_of([number for span in spans for number in span])

    def __copy__(self) -> Spans:
        return spans_of(self.tobytes())

    def __deepcopy__(self, memo: dict[int, Any]) -> Spans:
        return self.__copy__()

    def __len__(self) -> int:
        return array.__len__(self) >> 2

    def __iter__(self) -> Iterator[Span]:  # type: ignore[override]
        numbers = array.__iter__(self)
        return zip(numbers, numbers, numbers, numbers, strict=True)

    @overload  # type: ignore[override]
    def __getitem__(self, index: SupportsIndex) -> Span: ...
    @overload
    def __getitem__(self, index: slice) -> list[Span]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Span | list[Span]:
        if isinstance(index, slice):
            return list(self)[index]
        position = index.__index__()
        count = len(self)
        if position < 0:
            position += count
        if not 0 <= position < count:
            raise IndexError("span index out of range")
        return tuple(array.__getitem__(self, slice(4 * position, 4 * position + 4)))  # type: ignore[return-value]

    def __contains__(self, span: object) -> bool:
        return isinstance(span, (tuple, list)) and len(span) == 4 and has_site(self, tuple(span))  # type: ignore[arg-type]

    def index(self, span: Any, *_: Any) -> int:  # type: ignore[override]
        wanted = tuple(span)
        for position, site in enumerate(self):
            if site == wanted:
                return position
        raise ValueError(f"{span!r} is not among the spans")

    def append(self, span: Span) -> None:  # type: ignore[override]
        array.extend(self, span)

    def remove(self, span: Span) -> None:  # type: ignore[override]
        position = self.index(span)
        array.__delitem__(self, slice(4 * position, 4 * position + 4))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Spans):
            return array.__eq__(self, other)
        if isinstance(other, (list, tuple)):
            return len(other) == len(self) and all(
                isinstance(span, (tuple, list)) and tuple(span) == site for span, site in zip(other, self, strict=True))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Spans({list(self)!r})"

    def rows(self) -> list[Span]:
        """The spans as a list (for writing)."""
        return list(self.__iter__())


# What a run does for every use site, with the array's own methods, called as C functions (a method of
# ``Spans`` is a Python call). Even so, making the arrays costs the resolver 3.5% more instructions on
# effect than lists of tuples did (the array module parses each number it stores): docs/performance.md.
#: a relation's sites: ``spans_of()`` none yet, ``spans_of(span)`` the one (or the numbers of several)
spans_of: Callable[..., Spans] = partial(array.__new__, Spans, "i")  # type: ignore[assignment]
#: how many numbers a relation's sites are (four a site)
site_numbers: Callable[[Spans], int] = array.__len__
#: add ``span`` to a relation's sites
append_site: Callable[[Spans, Span], None] = array.extend  # type: ignore[assignment]
_packed = array.tobytes
#: a span as the bytes of its four numbers in a ``Spans`` (``pack_site(*span)``): ``spans_of(packed)`` makes
#: sites of them and ``append_packed`` adds them, as ``array.frombytes`` does, without parsing each number
#: (``array.extend`` takes about 400 instructions a number; a run adds a number four times a use site)
pack_site: Callable[..., bytes] = struct.Struct("@4i").pack
append_packed: Callable[[Spans, bytes], None] = array.frombytes  # type: ignore[assignment]


def has_site(spans: Spans, span: Span) -> bool:
    """Is ``span`` among ``spans`` (found in their bytes, at the start of a span's four numbers)?"""
    return has_packed(spans, pack_site(*span))


def has_packed(spans: Spans, probe: bytes) -> bool:
    """:func:`has_site` for a span given as :func:`pack_site` packs it."""
    data = _packed(spans)
    at = data.find(probe)
    while at & 15 and at != -1:
        at = data.find(probe, at + 1)
    return at != -1


class Category(StrEnum):
    CALLABLE = "callable"
    TYPE = "type"
    VALUE = "value"
    MODULE = "module"
    META = "meta"


class SymbolKind(StrEnum):
    # module
    MODULE = "module"
    PACKAGE = "package"
    NAMESPACE = "namespace"
    # type
    CLASS = "class"
    INTERFACE = "interface"
    STRUCT = "struct"
    ENUM = "enum"
    UNION = "union"
    TRAIT = "trait"
    RECORD = "record"
    ANNOTATION = "annotation"
    TYPE_ALIAS = "type_alias"
    # callable
    FUNCTION = "function"
    METHOD = "method"
    CONSTRUCTOR = "constructor"
    GETTER = "getter"
    SETTER = "setter"
    MACRO = "macro"
    # value
    VARIABLE = "variable"
    CONSTANT = "constant"
    FIELD = "field"
    PROPERTY = "property"
    ENUM_MEMBER = "enum_member"
    # meta
    TYPE_PARAMETER = "type_parameter"
    FILE = "file"
    INCLUDE = "include"

    @property
    def category(self) -> Category:
        return _CATEGORY[self]

    @property
    def label(self) -> str:
        """``category/kind``, as ``.skt`` writes it."""
        return _LABEL[self]

    @classmethod
    def from_label(cls, label: str) -> SymbolKind:
        category, _, kind = label.partition("/")
        member = cls(kind)
        if member.category != category:
            raise ValueError(f"kind {kind!r} belongs to {member.category}, not {category!r}")
        return member


_CATEGORY: dict[SymbolKind, Category] = {
    **dict.fromkeys(
        (SymbolKind.MODULE, SymbolKind.PACKAGE, SymbolKind.NAMESPACE), Category.MODULE
    ),
    **dict.fromkeys(
        (
            SymbolKind.CLASS,
            SymbolKind.INTERFACE,
            SymbolKind.STRUCT,
            SymbolKind.ENUM,
            SymbolKind.UNION,
            SymbolKind.TRAIT,
            SymbolKind.RECORD,
            SymbolKind.ANNOTATION,
            SymbolKind.TYPE_ALIAS,
        ),
        Category.TYPE,
    ),
    **dict.fromkeys(
        (
            SymbolKind.FUNCTION,
            SymbolKind.METHOD,
            SymbolKind.CONSTRUCTOR,
            SymbolKind.GETTER,
            SymbolKind.SETTER,
            SymbolKind.MACRO,
        ),
        Category.CALLABLE,
    ),
    **dict.fromkeys(
        (
            SymbolKind.VARIABLE,
            SymbolKind.CONSTANT,
            SymbolKind.FIELD,
            SymbolKind.PROPERTY,
            SymbolKind.ENUM_MEMBER,
        ),
        Category.VALUE,
    ),
    **dict.fromkeys(
        (SymbolKind.TYPE_PARAMETER, SymbolKind.FILE, SymbolKind.INCLUDE), Category.META
    ),
}

#: each kind's ``category/kind`` (``SymbolKind.label``: one string each, asked for every line of a skeleton)
_LABEL: dict[SymbolKind, str] = {kind: f"{category}/{kind.value}" for kind, category in _CATEGORY.items()}


class EdgeKind(StrEnum):
    CONTAINS = "contains"
    INHERITS = "inherits"
    IMPLEMENTS = "implements"
    OVERRIDES = "overrides"
    DECORATES = "decorates"
    IMPORTS = "imports"
    CALLS = "calls"
    REFERENCES = "references"


EDGE_KIND_ORDER: dict[EdgeKind, int] = {kind: i for i, kind in enumerate(EdgeKind)}


class Resolution(StrEnum):
    RESOLVED = "resolved"
    AMBIGUOUS = "ambiguous"
    UNRESOLVED = "unresolved"


RESOLUTION_ORDER: dict[Resolution, int] = {r: i for i, r in enumerate(Resolution)}


class Role(StrEnum):
    """How an occurrence uses what it names: reads it, assigns it, or imports it; ``type``: a use that
    is no value use (a type annotation), in a relation that also holds value uses."""

    READ = "read"
    WRITE = "write"
    IMPORT = "import"
    TYPE = "type"


class LocalKind(StrEnum):
    """What a :class:`Local` declares."""

    PARAMETER = "parameter"
    VARIABLE = "variable"
    TYPE_PARAMETER = "type_parameter"
    #: a member of an anonymous object or object type (an object literal's key, a type literal's
    #: property): declared at its token, reached by no name
    PROPERTY = "property"


@dataclass(slots=True)
class Symbol:
    """One definition in the source tree."""

    id: str
    name: str
    qualname: str
    kind: SymbolKind
    path: str
    language: str
    span: Span
    name_span: Span
    parent: str | None = None
    signature: str = ""
    properties: dict[str, PropertyValue] = field(default_factory=dict)
    doc: str | None = None
    short: str = ""


@dataclass(slots=True)
class Relation:
    """A directed relationship between a symbol and a target.

    ``target`` is a symbol id when ``resolution`` is ``resolved``; otherwise it
    is the written name spelled relative to the source file, and
    ``candidates`` holds the ids of the definitions it may denote (only for
    ``ambiguous``). ``text`` is the name as written at the first use site and
    ``spans`` lists every use site (empty for structural edges such as
    ``contains``). ``package`` is set on an unresolved relation whose target
    an import names from outside the project (``react`` for ``react.useState``,
    ``os.path`` for ``os.path.join``): the target is *external*, not missing.

    ``roles`` says how each use site of ``spans`` uses the target (its entries pair with the
    spans'): ``read``, ``write`` (an assignment) or ``import`` (an import statement's name). It is
    there when a value use is among the sites (a name read or written as a value, an imported name);
    None when every site is a call, a type, a base, a decorator or an import of a module.
    """

    source: str
    target: str
    kind: EdgeKind
    resolution: Resolution = Resolution.RESOLVED
    candidates: tuple[str, ...] = ()
    text: str = ""
    spans: Spans = field(default_factory=spans_of)
    package: str | None = None
    roles: list[Role] | None = None

    @property
    def key(self) -> tuple[str, EdgeKind, str, Resolution, tuple[str, ...]]:
        return (self.source, self.kind, self.target, self.resolution, self.candidates)


@dataclass(slots=True)
class Local:
    """A parameter, local variable or type parameter: a name declared inside a callable (or a type,
    for its type parameters) and visible only there, so not a :class:`Symbol` of the skeleton.

    ``span`` is its declaring token; ``uses`` are the other tokens that name it, as flat integers
    (four per span: start line, start column, end line, end column), with ``roles`` pairing with
    them as in :attr:`Relation.roles` (None: every use reads it). ``scope`` is the id of the symbol
    it is declared in.
    """

    path: str
    scope: str
    name: str
    kind: LocalKind
    span: Span
    uses: list[int] = field(default_factory=list)
    roles: list[Role] | None = None

    def use_spans(self) -> list[Span]:
        uses = self.uses
        return [(uses[i], uses[i + 1], uses[i + 2], uses[i + 3]) for i in range(0, len(uses), 4)]


#: relation kinds whose spans are sites where a written name was resolved
USE_KINDS = frozenset(
    {EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES,
     EdgeKind.IMPORTS}
)


def carried_uses(relations: Sequence[Relation]) -> set[int]:
    """The relations of the use kinds without a site whose use another relation's site carries, by ``id``.

    A base written in another file than the type it is about (Swift's ``extension Shared: Tagged`` away from
    ``Shared``, Rust's ``impl Close for User`` away from ``User``) makes two relations of one written name: the
    type's ``implements`` (no site: a relation's sites are in its source's file) and a ``references`` use of the
    base where it is written, with the site. Counted as a use each, the one token would be two sites, and the
    base two users. A relation without a site counts (as one use) only where no relation with a site names the
    same target, resolved the same way, with the same text: where nothing else carries its use.
    """
    siteless: list[Relation] = []
    wanted: set[tuple[str, Resolution, tuple[str, ...], str]] = set()
    numbers = site_numbers
    for relation in relations:
        spans = relation.spans
        if relation.kind in USE_KINDS and not (numbers(spans) if type(spans) is Spans else len(spans)):
            siteless.append(relation)
            wanted.add((relation.target, relation.resolution, relation.candidates, relation.text))
    if not siteless:
        return set()
    carried: set[tuple[str, Resolution, tuple[str, ...], str]] = set()
    for relation in relations:
        if relation.kind in USE_KINDS and relation.spans:
            key = (relation.target, relation.resolution, relation.candidates, relation.text)
            if key in wanted:
                carried.add(key)
    return {id(r) for r in siteless if (r.target, r.resolution, r.candidates, r.text) in carried}


@dataclass(slots=True, frozen=True)
class ResolutionCounts:
    """How the names written at use sites were resolved (each use site counts once).

    ``queries`` is every site; it splits into ``resolved``, ``ambiguous``,
    ``unresolved`` (nothing in the project matches, and no import says where it
    comes from) and ``external`` (unresolved, but imported from outside the
    project: a relation with a ``package``).
    """

    queries: int = 0
    resolved: int = 0
    ambiguous: int = 0
    unresolved: int = 0
    external: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"queries": self.queries, "resolved": self.resolved, "ambiguous": self.ambiguous,
                "unresolved": self.unresolved, "external": self.external}


@dataclass(slots=True, frozen=True)
class ResolutionMetrics:
    """Per-run resolution metrics: all use sites, and per relation kind (only the kinds that occur)."""

    total: ResolutionCounts = field(default_factory=ResolutionCounts)
    by_kind: dict[str, ResolutionCounts] = field(default_factory=dict)

    @staticmethod
    def of(relations: list[Relation]) -> ResolutionMetrics:
        # (counted by the kind itself, its name read once at the end: an enum member's ``.value`` is a
        # descriptor call, and a graph has hundreds of thousands of relations)
        counts: dict[EdgeKind, list[int]] = {}
        use_kinds, resolved, ambiguous = USE_KINDS, Resolution.RESOLVED, Resolution.AMBIGUOUS
        numbers = site_numbers
        carried: set[int] | None = None
        for relation in relations:
            kind = relation.kind
            if kind not in use_kinds:
                continue
            row = counts.get(kind)
            if row is None:
                row = counts[kind] = [0, 0, 0, 0, 0]
            spans = relation.spans
            # (packed sites counted by the array's own length: ``Spans.__len__`` is a Python call a relation)
            sites = numbers(spans) >> 2 if type(spans) is Spans else len(spans)
            if not sites:  # one use, unless another relation's site carries it (``carried_uses``)
                if carried is None:
                    carried = carried_uses(relations)
                if id(relation) in carried:
                    continue
                sites = 1
            row[0] += sites
            resolution = relation.resolution
            if resolution is resolved:
                row[1] += sites
            elif resolution is ambiguous:
                row[2] += sites
            elif relation.package is None:
                row[3] += sites
            else:
                row[4] += sites
        ordered = sorted(counts, key=EDGE_KIND_ORDER.__getitem__)
        by_kind = {kind.value: ResolutionCounts(*counts[kind]) for kind in ordered}
        total = ResolutionCounts(*(sum(row[i] for row in counts.values()) for i in range(5)))
        return ResolutionMetrics(total, by_kind)

    def as_dict(self) -> dict[str, object]:
        return {**self.total.as_dict(), "by_kind": {k: v.as_dict() for k, v in self.by_kind.items()}}


@dataclass(slots=True, frozen=True)
class FileRecord:
    """A source file that was analysed."""

    path: str
    language: str
    size: int
    sha256: str


@dataclass(slots=True, frozen=True)
class FileError:
    """A file that could not be parsed completely, or not at all."""

    path: str
    message: str


@dataclass(slots=True, frozen=True)
class SkippedFile:
    """A file the scan left out, with the reason."""

    path: str
    reason: str


@dataclass(slots=True, frozen=True)
class Project:
    """A sub-root of the tree: a directory holding a manifest (``pyproject.toml``, ``go.mod`` …).

    ``path`` is relative to the analysed root (``""`` for the root itself);
    ``name`` is the name the manifest gives (the Go module path, the npm
    package name …), or the directory name when it gives none; ``version`` is
    the project's own version as its manifest states it, None when none does.
    """

    path: str
    name: str
    manifests: tuple[str, ...] = ()
    version: str | None = None

    def contains(self, path: str) -> bool:
        return not self.path or path == self.path or path.startswith(self.path + "/")


@dataclass(slots=True, frozen=True)
class Dependency:
    """A dependency a project's manifest declares.

    ``version`` is set only when the manifest pins one exact version
    (``==1.2.3``, ``"1.2.3"``, a ``go.mod`` require); ``constraint`` keeps the
    requirement as written (``>=8,<9``; empty when there is none). ``scope`` is
    ``runtime``, ``optional`` (extras, optional and peer dependencies) or ``dev``.
    """

    project: str
    name: str
    manifest: str
    version: str | None = None
    constraint: str = ""
    scope: str = "runtime"


def module_id(path: str) -> str:
    return path


def symbol_id(path: str, qualname: str) -> str:
    return f"{path}::{qualname}" if qualname else path


def split_id(full_id: str) -> tuple[str, str]:
    """``("path", "Qualified.name")`` for a full id; the name is empty for a module."""
    path, sep, qualname = full_id.partition("::")
    return (path, qualname) if sep else (full_id, "")
