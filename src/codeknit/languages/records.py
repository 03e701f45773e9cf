"""What extraction produces for one file: plain records, no tree-sitter objects.

An :class:`Extraction` holds a file's definitions (:class:`RawSymbol`), use sites
(:class:`RawRef`), imports (:class:`RawImport`), local names, variable types and
data-flow facts. It is small and picklable: worker processes return it, the
persistent index stores it, and the resolver reads it; none of them needs the
tree-sitter engine (``languages/engine.py``) that made it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from codeknit.graph.model import NUMBERS, Category, EdgeKind, LocalKind, PropertyValue, Role, Span, SymbolKind


@dataclass(slots=True)
class RawSymbol:
    """A definition found in one file. ``parent`` indexes ``Extraction.symbols``."""

    name: str
    kind: SymbolKind
    span: Span
    name_span: Span
    start_byte: int
    end_byte: int
    parent: int = -1
    signature: str = ""
    properties: dict[str, PropertyValue] = field(default_factory=dict)
    doc: str | None = None
    qualname: str = ""
    receiver: str | None = None  # the name a method's instance is bound to (``self``)
    bases: list[str] = field(default_factory=list)  # written base-class names, for enum detection etc.
    #: the type this symbol belongs to when written outside it (a Go method's receiver type, a Rust
    #: ``impl`` target, C++ ``A::f``): the resolver attaches it there, even across files
    owner: str | None = None
    #: the declared type as written, generic arguments stripped (``Foo``, ``pkg.Foo``): a variable's,
    #: field's or property's type, or a callable's return type; "" when none is written. A text
    #: ending in ``()`` means "the return type of the callable this names" (``make_foo()``).
    declared_type: str = ""
    #: where a definition nested in a block is visible, when that is less than its parent's whole scope (a
    #: JavaScript ``const``/``let``/``class``, or a strict-mode ``function``, declared inside an ``if`` or a
    #: loop's block): the block's span; None where the whole parent scope sees it
    region: Span | None = None
    #: the fewest and the most arguments a call of this callable may pass (the most ``-1``: no limit, a
    #: variadic parameter), where the language tells overloads apart by their count and the adapter records
    #: it (Java, C#, Kotlin, Scala, C++); None elsewhere. The resolver keeps, of several callables a call's
    #: text names, those that accept the call's :attr:`RawRef.arguments`
    arity: tuple[int, int] | None = None
    #: where the language's calls name their arguments by position and label (Swift): each parameter's label as a
    #: call writes it ("" for none, ``_``), followed by ``=`` when it has a default and ``...`` when variadic; the
    #: resolver then keeps the callables whose labels a call's :attr:`RawRef.labels` fit. None elsewhere
    labels: tuple[str, ...] | None = None


@dataclass(slots=True)
class RawRef:
    """A use of a name. ``scope`` indexes the innermost enclosing callable, type or module."""

    scope: int
    kind: EdgeKind
    #: dotted as written: "Base", "self.save", "os.path.join", "super().run"; a part ending in ``()``
    #: stands for what calling it returns ("make_foo().bar", "self.repo().save"), typed through the
    #: callee's ``declared_type`` (arguments are never written)
    text: str
    span: Span  # the last name of ``text`` at the use site
    head_known: bool = True  # False: the receiver is an arbitrary expression; ``text`` is the member
    constructs: bool = False  # ``new X()``: the call creates an instance
    #: fully qualified names ``text`` may denote, derived by the adapter from the syntax alone (a PHP
    #: name through its namespace and ``use`` imports), in the order the language tries them; rules
    #: that override ``resolve_ref`` may use them, the shared lookup ignores them
    qualified: tuple[str, ...] = ()
    #: for an ``inherits``/``implements`` reference written away from the type it is about (a Rust
    #: ``impl Trait for T`` in another module than ``T``): that type's name, found like a symbol's
    #: ``owner``; the relation then starts at the type, not at ``scope``
    owner: str | None = None
    #: a value use (an imported name's token, made by the resolver; the extraction keeps value uses in
    #: :class:`ValueUses`): how it uses what it names. None for the uses the captures find (calls,
    #: types, bases, decorators), which read it; see :class:`codeknit.graph.model.Role`. ``Role.TYPE`` on a
    #: reference the adapter makes: a name that qualifies a type name (TypeScript's ``ns`` in ``ns.Foo``), looked
    #: up as a value is (the rules prefer a namespace) and recorded as a type use (no role)
    role: Role | None = None
    #: a value use at a call's token (see :data:`CALLED`)
    called: bool = False
    #: the name is written after a tag keyword (C's ``struct S``, ``union U``, ``enum E``): it names a tag
    #: (a struct, union, enum or class), never a typedef, function or variable of the same name
    tagged: bool = False
    #: how many arguments a call passes, where the adapter counts them (Java, C#, Kotlin, Scala, C++, Swift); -1
    #: where it does not, or cannot (a method reference): see :attr:`RawSymbol.arity`
    arguments: int = -1
    #: each argument's label where the language writes them (Swift): "" for none, ``*`` for a trailing closure
    #: (which fits any parameter); None elsewhere. See :attr:`RawSymbol.labels`
    labels: tuple[str, ...] | None = None


#: ``ValueUses.rows`` roles
READ, WRITE = 1, 2
#: ``ValueUses.rows`` flags: the chain starts at a name (``head_known``); the token is also a call's
#: (``handler()``, ``self.factory()``: the call's own relation says what is called, so this use is kept
#: only where the name is a variable, field or property holding the callable)
HEAD_KNOWN, CALLED = 1, 2
#: ints per use in ``ValueUses.rows``
VALUE_FIELDS = 8
#: the most names a reference's text keeps (``a.b.c`` has three). Each token of a chain is a use whose text is
#: the chain up to it, so a chain's texts grow with the square of its length: a generated line of 20,000
#: members (40 kB of Go, Java or Rust) made 800 MB of graph JSON and a graph the index could not store. A
#: longer chain keeps its last names, its head unknown. Real code stays far below: the longest on Django and
#: go-stdlib has 7 names, on effect 15.
CHAIN_LIMIT = 64
#: the longest text that cannot have more than :data:`CHAIN_LIMIT` names (each is at least one character): a
#: caller asks :func:`capped_chain` only of longer ones
CHAIN_CHARS = 2 * CHAIN_LIMIT


def capped_chain(text: str) -> str | None:
    """``text`` cut to its last :data:`CHAIN_LIMIT` names when it has more (the head is then unknown), else None."""
    if len(text) <= CHAIN_CHARS or text.count(".") < CHAIN_LIMIT:
        return None
    return ".".join(text.rsplit(".", CHAIN_LIMIT)[1:])


#: the most steps (a member, a call, a wrapper) a chain reader follows from the outermost node down to its
#: head; past them the head is unknown. (Texts longer than :data:`CHAIN_LIMIT` names are cut where they are
#: recorded: :func:`capped_chain`.)
CHAIN_STEPS = 4 * CHAIN_LIMIT
#: a chain step: a member's name, or None for a call of what comes before (``f()``)
Step = str | None


def fold_chain(head: tuple[str, bool] | None, steps: list[Step], itself: str | None = None) -> tuple[str, bool] | None:
    """``(text, head_known)`` of a chain read from the outside in (``steps``: the outermost first) down to its
    ``head`` (None: no name). A member of what has no known head is the member's name alone, head unknown;
    a call of it is no name (its result could be anything's). A member named ``itself`` is what it is a
    member of (Swift's ``Point.self``)."""
    found = head
    for step in reversed(steps):
        if step is None:
            found = (f"{found[0]}()", True) if found is not None and found[1] else None
        elif step == itself and found is not None:
            continue
        else:
            found = (f"{found[0]}.{step}", True) if found is not None and found[1] else (step, False)
    return found


@dataclass(slots=True)
class ValueUses:
    """Every value use of one file: each name or member chain read or written as a value, once per
    token, in source order. Compact on purpose (a file has thousands): the texts once each, and per
    use eight integers in ``rows``: text index, scope index, role (:data:`READ`, :data:`WRITE`),
    flags (:data:`HEAD_KNOWN`, :data:`CALLED`) and the token's span (start line, start column, end
    line, end column). ``text`` is dotted as :attr:`RawRef.text` writes it; the span is its last name's.
    ``rows`` is an ``array('i')``: four bytes an integer, no Python object per integer (a list took
    about five times the memory on Django, and pickled slower).
    """

    texts: list[str] = field(default_factory=list)
    rows: array[int] = field(default_factory=lambda: array("i"))

    def __len__(self) -> int:
        return len(self.rows) // VALUE_FIELDS

    def entries(self) -> Iterator[tuple[str, int, int, int, Span]]:
        """Each use as ``(text, scope, role, flags, span)``, in order (for readers that want clarity,
        not speed: the resolver reads ``rows`` directly)."""
        rows, texts = self.rows, self.texts
        for i in range(0, len(rows), VALUE_FIELDS):
            yield texts[rows[i]], rows[i + 1], rows[i + 2], rows[i + 3], (rows[i + 4], rows[i + 5], rows[i + 6],
                                                                            rows[i + 7])


@dataclass(slots=True)
class RawLocal:
    """A parameter, local variable or type parameter (``@local.<kind>`` captures).

    ``scope`` indexes the symbol it is declared in; ``span`` is the declaring token. ``region`` is
    where the name means this declaration: the whole scope (a Python local, a parameter), the
    innermost block around it (``@scope`` captures), or from the declaration on (``@local.let``).
    Where several declarations of one name cover a use, the one whose region starts last wins.
    """

    scope: int
    name: str
    kind: LocalKind
    span: Span
    region: Span


#: the index in :attr:`RawImport.alias_spans` of the alias a whole module is bound to
MODULE_ALIAS = -1


@dataclass(slots=True)
class RawImport:
    """An import or re-export statement.

    ``names`` holds ``(imported, local)`` pairs; it is empty for a whole-module
    import, which binds ``alias`` (or the first component of ``module``).
    """

    scope: int
    module: str
    span: Span
    names: tuple[tuple[str, str], ...] = ()
    alias: str | None = None
    star: bool = False
    level: int = 0  # Python relative-import dots
    reexport: bool = False  # ``export … from`` / names re-exported by the module
    #: the token of each of ``names``' imported names, pairing with ``names`` (empty when the adapter
    #: did not record them): each is a use of what it imports
    name_spans: tuple[Span, ...] = ()
    #: ``(index in names, span)`` of each local alias written for an imported name (``b`` in TypeScript's
    #: ``import { a as b }``): a use of what the name imports too, as a TypeScript indexer has it; index
    #: :data:`MODULE_ALIAS` for the name a whole module is bound to (``m`` in ``import * as m``, ``export *
    #: as m``), where the ``imports`` relation sits too
    alias_spans: tuple[tuple[int, Span], ...] = ()
    #: the module's own token(s) (``.mod`` in ``from .mod import x``), where the ``imports`` relation
    #: sits; None: ``span`` (the statement, or what the adapter chose)
    module_span: Span | None = None


#: the name :attr:`Extraction.narrowed` gives the implicit receiver of a region (see there)
IMPLICIT_RECEIVER = "this"


@dataclass(slots=True)
class Extraction:
    """Everything one file contributes to the graph."""

    path: str
    language: str
    sha256: str
    size: int
    symbols: list[RawSymbol] = field(default_factory=list)
    refs: list[RawRef] = field(default_factory=list)
    imports: list[RawImport] = field(default_factory=list)
    locals: dict[int, frozenset[str]] = field(default_factory=dict)
    exports: tuple[str, ...] | None = None  # explicit export list (``__all__``), if any
    #: what a name bound inside a scope is known to hold, per scope index: name → type text, in the
    #: convention of :attr:`RawSymbol.declared_type` (from a parameter or variable annotation, a
    #: declaration ``Foo x``, a constructor call ``x = Foo()`` / ``new Foo()`` / ``&Foo{}``, or a call
    #: whose return type is declared: ``x = make_foo()`` → ``make_foo()``). The resolver uses it for
    #: calls on that name as a receiver; a name bound to several types is left out.
    var_types: dict[int, dict[str, str]] = field(default_factory=dict)
    #: the declared type of single parameters and variables, by their declaring token's start (line,
    #: column), where :attr:`var_types` has none for their name (the scope binds it to several types:
    #: TypeScript callbacks at a file's top level, each with its own typed ``column``)
    local_types: dict[tuple[int, int], str] = field(default_factory=dict)
    #: the declared types of a callable's parameters by position, by its name token's start (line, column):
    #: each in the convention of :attr:`RawSymbol.declared_type`, a function type as ``(A,B)=>`` (its own
    #: parameters' types); for the types of what a call passes it (TypeScript's contextual types: the
    #: parameters of a callback, the keys of an object argument)
    parameter_types: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    #: the types of what a call passes, by its reference's span (:attr:`RawRef.span`), where the syntax tells the
    #: adapter one or more (Java): each a type as the source writes it, without type arguments (``int``, ``String``,
    #: ``a.Foo``, ``int[]``), ``null`` for the null literal, "" for an argument it cannot tell.
    #: The resolver weighs them to choose among overloads that accept as many arguments (its ``Conversions``)
    argument_types: dict[Span, tuple[str, ...]] = field(default_factory=dict)
    #: narrowing (Python's ``isinstance(x, C)``): per scope, by the start (line, column) of its symbol's span,
    #: ``(name, region, type text)`` for each region of its code where a condition makes the local ``name``
    #: an instance of a class (``C``; ``=C`` for the class itself, ``issubclass``). The name
    #: :data:`IMPLICIT_RECEIVER` marks a region whose implicit receiver may be another (a Kotlin lambda with a
    #: receiver, ``with(x) { … }``), in the language's own notation: every name used there may mean another
    #: thing than elsewhere in the scope
    narrowed: dict[tuple[int, int], list[tuple[str, Span, str]]] = field(default_factory=dict)
    #: bases written with type arguments (TypeScript's ``class IntBox extends Box<Num>``): by the end (line, column)
    #: of the base's name, where its ``inherits``/``implements`` reference ends, the type text of each argument in
    #: the convention of :attr:`RawSymbol.declared_type`, read in the type's scope; ``$i`` for the type's own type
    #: parameter i, "" for one the adapter does not write. A member of the base declared with the base's type
    #: parameter i (``value: T``, its ``declared_type`` ``$i``) holds argument i where it is read through the type
    base_arguments: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    #: a member declared with a type parameter of its type that has a constraint, alone or in an intersection
    #: (``info: HandlerInfo & InternalInfo`` of ``class Handler<HandlerInfo extends Info>``): by the start (line,
    #: column) of the member's name, that type with the parameter as ``$i`` (``$0&InternalInfo``): what it holds
    #: read through a type whose base gives the parameter an argument (:attr:`base_arguments`); its
    #: ``declared_type`` keeps the constraint's text, what it holds elsewhere
    member_templates: dict[tuple[int, int], str] = field(default_factory=dict)
    #: parameters, local variables and type parameters, in source order (read them with
    #: :func:`declarations_of`: a run's decoded extraction may hold them packed until then)
    declarations: list[RawLocal] = field(default_factory=list)
    #: every name and member chain used as a value, compactly (see :class:`ValueUses`)
    values: ValueUses = field(default_factory=ValueUses)
    #: language-specific data-flow facts for whole-program analyses in the resolve stage (Python's
    #: points-to analysis, ``resolve/pyflow``): plain JSON-like data only (str, int, bool, None, lists,
    #: tuples, dicts with str keys), never tree-sitter objects; None when the language has none
    flow: list[Any] | None = None
    errors: list[str] = field(default_factory=list)
    #: :attr:`declarations` packed (:func:`pack_declarations`), where a run decoded the extraction so (the
    #: store's codec, ``share``): a file's declarations are read only at its own pass, and until then the
    #: records took several times the memory of their packed form (on Django 9 MB of the interpreter's,
    #: held while the points-to solve peaks); None where :attr:`declarations` holds them
    packed_declarations: tuple[str, bytes] | None = None


#: the fields of a packed declaration, as integers (:func:`pack_declarations`): scope, kind, span, region
PACKED_FIELDS = 10
#: the local kinds by their number in a packed declaration
_LOCAL_KINDS = tuple(LocalKind)
_LOCAL_KIND_NUMBER = {kind: number for number, kind in enumerate(_LOCAL_KINDS)}


def pack_declarations(declarations: list[RawLocal]) -> tuple[str, bytes] | None:
    """``declarations`` as their names (one string, joined by NUL characters) and their integers (scope,
    kind, span and region, as the bytes of one array); None for none, or for a name with a NUL in it (a
    key written as a string may hold any character: those stay unpacked). :func:`unpack_declarations`
    reads it back."""
    if not declarations or any("\0" in raw.name for raw in declarations):
        return None
    numbers = array("i")
    number_of = _LOCAL_KIND_NUMBER
    for raw in declarations:
        numbers.extend((raw.scope, number_of[raw.kind], *raw.span, *raw.region))
    return "\0".join([raw.name for raw in declarations]), numbers.tobytes()


def check_packed(packed: Any) -> None:
    """ValueError unless ``packed`` has the shape :func:`pack_declarations` gives: (names, bytes), as many
    declarations' numbers as names."""
    if not isinstance(packed, tuple) or len(packed) != 2:
        raise ValueError("packed declarations are not (names, bytes)")
    names_text, data = packed
    if not isinstance(names_text, str) or not isinstance(data, bytes) \
            or len(data) != (names_text.count("\0") + 1) * 4 * PACKED_FIELDS:
        raise ValueError("packed declarations are not (names, bytes) of one length")


def _packed_parts(packed: tuple[str, bytes]) -> tuple[list[str], array[int]]:
    """The names and the numbers of a pack (:func:`check_packed`'s ValueError for one that is not)."""
    check_packed(packed)
    numbers = array("i")
    numbers.frombytes(packed[1])
    return packed[0].split("\0"), numbers


def unpack_declarations(packed: tuple[str, bytes], share: Any = None) -> list[RawLocal]:
    """What :func:`pack_declarations` packed. ``share``: a ``setdefault`` that gives each line number as
    one object (``graph.model.NUMBERS``); ValueError for a pack that is not one."""
    names, numbers = _packed_parts(packed)
    kinds = _LOCAL_KINDS
    out = []
    fields = iter(numbers)
    for name, row in zip(names, zip(*[fields] * PACKED_FIELDS, strict=True), strict=True):
        scope, kind, line, column, end_line, end_column, r_line, r_column, r_end_line, r_end_column = row
        if share is not None:
            line, end_line = share(line, line), share(end_line, end_line)
            r_line, r_end_line = share(r_line, r_line), share(r_end_line, r_end_line)
        out.append(RawLocal(scope, name, kinds[kind], (line, column, end_line, end_column),
                            (r_line, r_column, r_end_line, r_end_column)))
    return out


def declarations_of(extraction: Extraction) -> list[RawLocal]:
    """The extraction's declarations, unpacked here where a run's decoding left them packed (then held
    unpacked, as :attr:`Extraction.declarations`)."""
    packed = extraction.packed_declarations
    if packed is not None:
        extraction.declarations = unpack_declarations(packed, NUMBERS)
        extraction.packed_declarations = None
    return extraction.declarations


def declared_names(extraction: Extraction) -> frozenset[str]:
    """The names of the extraction's declarations but the properties' (which no name reaches), read from
    the pack where they are packed (without unpacking them)."""
    packed = extraction.packed_declarations
    if packed is None:
        return frozenset(raw.name for raw in extraction.declarations if raw.kind is not LocalKind.PROPERTY)
    names, numbers = _packed_parts(packed)
    skipped = _LOCAL_KIND_NUMBER[LocalKind.PROPERTY]
    return frozenset(name for name, kind in zip(names, numbers[1::PACKED_FIELDS], strict=True) if kind != skipped)


def declares_any(extraction: Extraction) -> bool:
    """Has the extraction declarations (packed or not)?"""
    return bool(extraction.declarations) or extraction.packed_declarations is not None


SCOPE_CATEGORIES = frozenset({Category.CALLABLE, Category.TYPE, Category.MODULE})


#: the kinds of symbol that own references and children (a set of kinds: ``kind.category`` is a property call)
SCOPE_KINDS = frozenset(kind for kind in SymbolKind if kind.category in SCOPE_CATEGORIES) | {SymbolKind.PROPERTY}


def is_scope(symbol: RawSymbol) -> bool:
    """Can this symbol own references and children? (Callables, types, modules, properties.)"""
    return symbol.kind in SCOPE_KINDS


__all__ = ["CALLED", "CHAIN_CHARS", "CHAIN_LIMIT", "CHAIN_STEPS", "HEAD_KNOWN", "IMPLICIT_RECEIVER", "MODULE_ALIAS",
           "PACKED_FIELDS", "READ", "SCOPE_CATEGORIES", "SCOPE_KINDS", "VALUE_FIELDS", "WRITE", "Extraction",
           "RawImport", "RawLocal", "RawRef", "RawSymbol", "Step", "ValueUses", "capped_chain", "check_packed",
           "declarations_of", "declared_names", "declares_any", "fold_chain", "is_scope", "pack_declarations",
           "unpack_declarations"]
