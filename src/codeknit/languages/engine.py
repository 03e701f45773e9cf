"""The shared extraction engine: runs a language's query over a file and hands captures to its adapter.

A language is mostly data: a tree-sitter query (``<language>/queries.scm``)
whose captures name definitions, references, imports and local bindings. The
engine runs that query once per file and hands each capture to the
language's :class:`Adapter`, which turns it into compact records: the
signature, the properties, the import details that a query cannot express.

Capture names understood by the engine:

``@definition.<kind>``  the whole definition; ``@name`` in the same match is its name (``<kind>`` is a
                        ``SymbolKind`` value, or a finer kind of the adapter's: JavaScript's ``bound_function``;
                        ``@name.each``: one of the names of a statement that defines several, ``a, b = 1, 2``;
                        each is a symbol of its own, the first holding the statement's bytes, the others
                        their name's)
``@reference.<edge>``   a use site: ``call``, ``type``, ``inherits``, ``implements``, ``decorates`` (or a finer
                        kind of the adapter's: JavaScript's ``construct``, a ``new C()``)
``@import``             an import or re-export statement
``@reference.value``    a name (or member chain: ``a.b.c``) used as a value: read where it stands
``@reference.write``    an assignment target: the name or member written
``@reference.member``   a member used at a token that means something else too: a destructured key (``const
                        { a } = obj`` reads ``obj.a`` and declares ``a``), a shorthand key of a typed object
                        (``{ a }`` reads the local ``a`` and sets the member ``a``); the adapter's
                        :meth:`Adapter.member_chain` says which member of what; ``@reference.member.write``
                        sets it. Kept beside whatever else the token holds
``@local``              an identifier bound inside a callable (parameter, local variable);
                        ``@local.parameter``, ``@local.variable``, ``@local.type_parameter`` say which,
                        ``@local.let`` is a variable that exists from its declaration on (``let x``),
                        ``@local.assigned`` one that an assignment declares unless a local of that name
                        is in effect there (then the assignment writes that one: Ruby's ``x = 1``),
                        ``@local.signature`` a parameter of a signature or a function type (no body): in
                        effect only inside its own ``@scope`` block, it hides no name elsewhere in the
                        callable around it; ``@local.property`` a member of an anonymous object or object
                        type (an object literal's key): declared at its token, in effect nowhere; a value
                        use at the same token stays (a shorthand key ``{ a }`` reads ``a`` too)
``@scope``              a block that holds the locals declared in it (a ``{ … }``, a ``for``, a ``catch``;
                        a lambda: its parameters too)
``@scope.body``         a ``@scope`` that is also where the parameters of the callable around it are in effect,
                        though declared before it (Python reads annotations and defaults outside the function)
``@binding``            a declaration statement: a ``@local.let`` inside it exists from the statement's end
                        on, so its initialiser still reads the outer name (Rust's ``let x = x + 1``, Go's
                        ``x := x``)
``@nonuse``             a name that is no use of anything in scope (a keyword argument's name): no
                        ``@reference.value`` there
``@global``             a ``global``/``nonlocal`` declaration (cancels ``@local``)
``@adapter.<what>``     anything else the adapter reads off the tree (``Context.matches``; the byte ranges
                        of one capture: :func:`captured`), found in
                        the same pass; the other captures of such a pattern are read as usual (a local's
                        ``@local.let`` beside the ``@adapter.type`` it is declared with)

The result, :class:`Extraction` (``records.py``), holds no tree-sitter objects: it is small,
picklable and can be cached or sent between processes.
"""

from __future__ import annotations

import bisect
import functools
import gc
import hashlib
import importlib
import itertools
import operator
import re
import signal
import struct
import threading
import time
from array import array
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from codeknit.graph.model import Category, EdgeKind, LocalKind, PropertyValue, Role, Span, SymbolKind
from codeknit.languages.records import (
    CALLED,
    CHAIN_CHARS,
    CHAIN_LIMIT,
    HEAD_KNOWN,
    READ,
    SCOPE_KINDS,
    VALUE_FIELDS,
    WRITE,
    Extraction,
    RawImport,
    RawLocal,
    RawRef,
    RawSymbol,
    capped_chain,
)
from codeknit.native import extension, tree_walker
from codeknit.workspace.vendored import is_vendored

# The bulk value loop (:meth:`Adapter._values`), the value table and the locals' declarations run compiled where
# the extension is built (``rust/pyflow/src/values.rs``, ``declare.rs``), and in Python where it is not: the same
# records either way. (Version 2: ``value_uses`` takes the chain limit; 3: the reads the compiled walk found.)
_compiled: Any = extension("value_uses", "value_table", "declare_locals", version=3)


def value_loop_name() -> str:
    """Which loop reads the value captures (:meth:`Adapter._values`): "compiled" or "python"."""
    return "python" if _compiled is None else "compiled"


#: the sets of start bytes a ``special_values`` answer may be for the compiled loop (or a :class:`ByteRanges`)
_OFFSETS = (set, frozenset)


@functools.cache
def _value_walk() -> Any | None:
    """The compiled walk that finds a file's plain value reads (``codeknit._pywalk.kind_nodes``) in place of the
    value query's patterns ``(kind) @reference.value``: the nodes those patterns capture are every named node of
    those kinds, and a walk of the tree finds them at about half a query's cost (the query engine's state
    machine runs at every node, whatever the patterns; on the Go standard library the value query was most of
    what issue 19 added to extraction). The module links a tree-sitter runtime of its own, so it is used only
    where py-tree-sitter's minor version is the one it was built for and its walk of a sample tree finds what a
    walk in Python finds; else None, and the value query runs (also with ``CODEKNIT_VALUE_WALK=query``)."""
    walk = tree_walker("kind_nodes", version=3, switched_off=("CODEKNIT_VALUE_WALK", "query"))
    if walk is None:
        return None
    try:
        tree = _parser("python").parse(b"def f(a, *b):\n    return a.b(c)[d] + (lambda e: e)(f)\nclass C(D): x = y\n")
        language = _language("python")
        kinds = [kind for kind in range(language.node_kind_count)
                 if language.node_kind_is_named(kind) and language.node_kind_for_id(kind) in ("identifier", "call")]
        expected: list[int] = []
        cursor = tree.walk()
        while True:
            node = cursor.node
            assert node is not None
            if node.is_named and node.kind_id in kinds:
                expected += (node.start_byte, node.end_byte, node.kind_id)
            if cursor.goto_first_child():
                continue
            while not cursor.goto_next_sibling():
                if not cursor.goto_parent():
                    break
            else:
                continue
            break
        if [array("I", found).tolist() for found in walk.kind_nodes(tree.root_node, [kinds, kinds[:1]])] != \
                [expected, [number for at in range(0, len(expected), 3) if expected[at + 2] == kinds[0]
                            for number in expected[at:at + 3]]]:
            return None
    except Exception:  # noqa: BLE001 - whatever fails here, the value query runs
        return None
    return walk


def value_walk_name() -> str:
    """What finds the plain value reads: "compiled" (the walk) or "query" (the value query)."""
    return "query" if _value_walk() is None else "compiled"


if TYPE_CHECKING:
    from types import FrameType

    from tree_sitter import Language, Node, Parser, Query, Tree


#: the marks of a generated file, near its top: Go's convention (``// Code generated … DO NOT EDIT.``)
#: and ``@generated`` (Meta's, also used by other generators)
_GENERATED = re.compile(rb"^[ \t]*(?://|#|/?\*)[ \t]*(?:Code generated\b[^\n]*DO NOT EDIT|@generated\b)", re.MULTILINE)

#: the comment lines (and blank lines) a file starts with
_LEADING_COMMENTS = re.compile(rb"(?:[ \t]*(?:(?://|#|/?\*)[^\n]*)?\n)*")


def _is_generated(source: bytes) -> bool:
    """Whether the comments a file starts with (before its first line of code) mark it generated."""
    head = _LEADING_COMMENTS.match(source, 0, 8192)
    return head is not None and _GENERATED.search(source, 0, head.end()) is not None


#: a member chain written plainly, read off its text (:attr:`Adapter.plain_chain_types`)
_PLAIN_CHAIN = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)+")


def node_span(node: Node) -> Span:
    start, end = node.start_point, node.end_point
    return (start[0] + 1, start[1], end[0] + 1, end[1])


def file_symbol(ctx: Context, root: Node, name: str, *, kind: SymbolKind = SymbolKind.MODULE,
                doc: str | None = None, properties: dict[str, PropertyValue] | None = None) -> RawSymbol:
    """The symbol of a whole file (a module): it spans every byte, and is named at its first position."""
    return RawSymbol(
        name=name,
        kind=kind,
        span=(1, 0, root.end_point[0] + 1, root.end_point[1]),
        name_span=(1, 0, 1, 0),
        start_byte=0,
        end_byte=max(root.end_byte, len(ctx.source)),
        signature=name,
        properties=properties if properties is not None else {},
        doc=doc,
    )


def node_symbol(ctx: Context, kind: SymbolKind, node: Node, name: Node, text: str | None = None) -> RawSymbol:
    """The symbol ``node`` defines (its bytes), named at the node ``name`` (``text``, else the name's text)."""
    return RawSymbol(name=ctx.text(name) if text is None else text, kind=kind, span=node_span(node),
                     name_span=node_span(name), start_byte=node.start_byte, end_byte=node.end_byte)


#: a query file's line that stands for another query file of the package
#: (``; @include typescript/queries.scm``)
_INCLUDE = re.compile(r"^; @include ([a-z_]+/[a-z_]+\.scm)\n?", re.MULTILINE)


@functools.cache
def load_query_text(name: str) -> str:
    """The query file ``name`` (``<language>/queries.scm``, relative to ``codeknit/languages``), with
    each ``; @include <language>/<file>.scm`` line replaced by that query."""
    folder, _, file_name = name.partition("/")
    text = resources.files("codeknit.languages").joinpath(folder, file_name).read_text("utf-8")
    return _INCLUDE.sub(lambda found: load_query_text(found.group(1)), text)


#: a grammar name with this prefix names a per-language wheel's module (``tree_sitter_scala``), not a grammar of
#: the pack: where the pack's grammar is too old, the official wheel of that grammar installs offline too
_WHEEL_PREFIX = "tree_sitter_"


@functools.cache
def _parser(grammar: str) -> Parser:
    from tree_sitter import Parser

    return Parser(_language(grammar))


@functools.cache
def _language(grammar: str) -> Language:
    """The tree-sitter language of ``grammar``: a per-language wheel's (``tree_sitter_scala``: its module's
    ``language()``), or else the language pack's grammar of that name (``python``)."""
    if grammar.startswith(_WHEEL_PREFIX):
        from tree_sitter import Language

        return Language(importlib.import_module(grammar).language())
    from tree_sitter_language_pack import get_language

    return get_language(grammar)  # type: ignore[arg-type]


def grammar_language(grammar: str) -> Language:
    """The tree-sitter language of ``grammar`` (cached): what an adapter compiles its own small queries
    against, or reads node kinds and field ids of."""
    return _language(grammar)


@functools.cache
def _query(grammar: str, query_name: str) -> Query:
    """The whole query file, as one query (what an adapter without :meth:`Adapter.chain` reads)."""
    from tree_sitter import Query

    return Query(_language(grammar), load_query_text(query_name))


#: captures of the value query: every name read or written, and the names that are no use
_VALUE_CAPTURES = frozenset({"reference.value", "reference.write", "nonuse"})
_CAPTURE_IN_PATTERN = re.compile(r"@([\w.]+)")


#: a query file's tokens that matter for where its top-level patterns start: a string (escapes
#: included), a comment, a capture name, an opening or closing bracket, or the first character of
#: a wildcard or a name
_QUERY_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|;[^\n]*|@[^\s()\[\]"]*|[(\[]|[)\]]|\w+')


def _pattern_starts(source: bytes) -> list[int]:
    """The byte offset of each top-level pattern of a query file, as tree-sitter numbers them: a
    string, bracket or name at the top level opens a pattern; captures and quantifiers after one
    are its own (checked against tree-sitter's ``start_byte_for_pattern`` by the tests)."""
    starts: list[int] = []
    depth = 0
    for found in _QUERY_TOKEN.finditer(source):
        first = source[found.start()]
        if first in b";@":
            continue
        if first in b")]":
            depth -= 1
            continue
        if depth == 0:
            starts.append(found.start())
        if first in b"([":
            depth += 1
    return starts


@functools.cache
def _split_queries(grammar: str, query_name: str) -> tuple[Query, Query | None]:
    """The query file as two queries: its patterns but the value patterns (those whose captures are
    all value captures: ``@reference.value``, ``@reference.write``, ``@nonuse``), whose matches the
    engine reads one by one, and the value patterns alone (None: none), whose captures it gathers in
    bulk (most identifiers of a file are such a capture). Two walks of the tree cost less than one:
    ``matches()`` builds a dict and lists for every match, ``captures()`` one dict for the file, and
    the value patterns make most of a file's matches (go-stdlib: 1.2 of 1.9 million; the one pass
    took about twice the CPU of the two). A file whose value uses are not recorded (generated,
    vendored) is matched with the first query alone.

    Each is compiled from its patterns' own text, cut where :func:`_pattern_starts` says (each
    pattern runs to the next one, its comments with it): compiling the whole file, then the value
    patterns again, cost a tenth (Python) to a fifth (TypeScript, Ruby) more, once per run (the fork
    server compiles them before the workers fork)."""
    from tree_sitter import Query

    bulk = _split_texts(query_name)[1]
    return _main_query(grammar, query_name), Query(_language(grammar), "\n".join(bulk)) if bulk else None


def _pattern_texts(query_name: str) -> list[str]:
    """The text of each of the query file's patterns, cut where :func:`_pattern_starts` says (each pattern runs to
    the next one, its comments with it)."""
    source = load_query_text(query_name).encode("utf-8")
    starts = _pattern_starts(source)
    return [source[start:end].decode("utf-8") for start, end in zip(starts, [*starts[1:], len(source)], strict=True)]


@functools.cache
def _split_texts(query_name: str) -> tuple[list[str], list[str]]:
    """The texts of the query file's patterns (cut where :func:`_pattern_starts` says), as the main ones and the
    value patterns (:func:`_split_queries`)."""
    main: list[str] = []
    bulk: list[str] = []
    for pattern_text in _pattern_texts(query_name):
        captures = set(_CAPTURE_IN_PATTERN.findall(pattern_text))
        (bulk if captures and captures <= _VALUE_CAPTURES else main).append(pattern_text)
    return main, bulk


@functools.cache
def _main_query(grammar: str, query_name: str) -> Query:
    """The first of :func:`_split_queries`, compiled alone: what a file whose value uses are not recorded is matched
    with where the compiled walk finds the others' value reads (no value query is compiled for it)."""
    from tree_sitter import Query

    return Query(_language(grammar), "\n".join(_split_texts(query_name)[0]))


#: a value pattern that captures every node of one kind as a read: ``(identifier) @reference.value``
_KIND_READ = re.compile(r"\(\s*([a-z_]\w*)\s*\)\s*@reference\.value\s*")
#: a pattern that captures every node of some kinds as a block: ``[(block) (for_statement)] @scope``
_KIND_SCOPE = re.compile(r"(\(\s*[a-z_]\w*\s*\)|\[\s*(?:\(\s*[a-z_]\w*\s*\)\s*)+\])\s*@scope\s*")
_QUERY_COMMENT = re.compile(r";[^\n]*")
_KIND_NAME = re.compile(r"\(\s*([a-z_]\w*)\s*\)")


@dataclass(frozen=True, slots=True)
class WalkedQuery:
    """A query file as the compiled walk reads it (:func:`_walked_queries`)."""

    #: the main query of :func:`_split_queries` but the patterns the walk answers, then the value patterns that
    #: are not a kind's reads (writes, names that are no use, reads in a context): their captures are gathered
    #: as the value query's were
    query: Query
    #: the index of the first of those value patterns in ``query`` (beyond its last pattern: none)
    first_value_pattern: int
    #: the kind ids of the value patterns ``(kind) @reference.value``, which the walk finds
    read_kinds: tuple[int, ...]
    #: the kind ids of the patterns ``[(kind) …] @scope``, whose blocks the walk finds (only their bytes are read)
    scope_kinds: tuple[int, ...]


@functools.cache
def _walked_queries(grammar: str, query_name: str) -> WalkedQuery | None:
    """The query file for the compiled walk (:func:`_value_walk`), which finds the nodes of the patterns that
    capture every node of some kinds: the value reads, and the blocks of ``@scope`` patterns (where no kind is
    both). None where the value patterns have no such read (the value query runs)."""
    from tree_sitter import Query

    main: list[str] = []
    contextual: list[str] = []
    scoping: list[tuple[str, list[str]]] = []  # (a pattern's text, its kinds)
    reads: set[str] = set()
    for pattern_text in _pattern_texts(query_name):
        captures = set(_CAPTURE_IN_PATTERN.findall(pattern_text))
        bare = _QUERY_COMMENT.sub("", pattern_text).strip() + " "
        if captures == {"scope"} and (block := _KIND_SCOPE.fullmatch(bare)) is not None:
            scoping.append((pattern_text, _KIND_NAME.findall(block.group(1))))
        elif not captures or not captures <= _VALUE_CAPTURES:
            main.append(pattern_text)
        elif (read := _KIND_READ.fullmatch(bare)) is not None:
            reads.add(read.group(1))
        else:
            contextual.append(pattern_text)
    if not reads:
        return None
    blocks = {kind for _text, kinds in scoping for kind in kinds}
    if blocks & reads:  # (a node both a read and a block: the query keeps the blocks)
        main += [text for text, _kinds in scoping]
        blocks = set()
    language = _language(grammar)

    def ids(names: set[str]) -> tuple[int, ...]:
        return tuple(kind for kind in range(language.node_kind_count)
                     if language.node_kind_is_named(kind) and language.node_kind_for_id(kind) in names)

    if {language.node_kind_for_id(kind) for kind in language.supertypes} & (reads | blocks):
        return None  # (a supertype, ``(expression)``, matches nodes of its subtypes' kinds: the query runs)
    query = Query(language, "\n".join(main + contextual))
    if query.pattern_count != len(main) + len(contextual):  # (one text per pattern, as :func:`_pattern_starts` cuts)
        return None
    return WalkedQuery(query, len(main) if contextual else 1 << 30, ids(reads), ids(blocks))


class _WalkedNodes:
    """The nodes of a file's value captures, by their index in :meth:`Adapter._values`: the first ones the compiled
    walk found (as byte ranges and kinds: the node is looked up when the adapter is handed one), then the nodes the
    patterns captured."""

    def __init__(self, root: Node, found: array[int], captured: list[Node]) -> None:
        self._root, self._found, self._captured = root, found, captured

    def __getitem__(self, index: int) -> Node:
        walked = len(self._found) // 3
        if index >= walked:
            return self._captured[index - walked]
        start, end, kind = self._found[3 * index:3 * index + 3]
        node: Node | None = self._root.named_descendant_for_byte_range(start, end)
        while node is not None and node.start_byte == start and node.end_byte == end:
            if node.kind_id == kind:
                return node
            node = node.parent
        cursor = self._root.walk()  # (a zero-width node the smallest one around its offset is not: rare)
        while True:
            found = cursor.node
            assert found is not None
            if found.kind_id == kind and found.start_byte == start and found.end_byte == end:
                return found
            if found.start_byte <= start <= found.end_byte and cursor.goto_first_child():
                continue
            while not cursor.goto_next_sibling():
                if not cursor.goto_parent():
                    raise LookupError(f"no node of kind {kind} at bytes {start}-{end}")
            continue


def parse_fragment(grammar: str, source: bytes) -> Tree:
    """Parse a small piece of source on its own (a Python string annotation's text)."""
    return _parser(grammar).parse(source)


class ParseTimeout(Exception):
    """Parsing one file took longer than its time limit."""


#: a source this long or shorter parses without the time limit (too quickly to need it)
_READ_CHUNK = 16 * 1024
#: bytes handed to the parser per read: the granularity of the time limit
_PARSE_CHUNK = 1024
#: bytes handed to a node's ``text`` after the parse, per read (most texts are names)
_TEXT_CHUNK = 256


class _Reader:
    """The read callback of a time-limited parse (see :func:`parse_within`), and afterwards of every
    ``node.text`` of its tree. It never raises: the bindings treat a callback's exception as the end of the
    input and go on parsing (reading again with the exception still set: the next read's first call then
    fails with a ``SystemError``, and the exception's type is lost), and a ``node.text`` whose read raised
    is undefined. At its deadline it ends the input instead (``None``) and says so (``timed_out``); a signal
    handler that would raise here defers (:func:`defer_in_read`)."""

    __slots__ = ("chunk", "deadline", "interrupted", "parsed", "size", "source", "timed_out", "view")

    def __init__(self, source: bytes, deadline: float) -> None:
        self.source = source
        # Some lexers go back for every token, and each going back is a read (the language pack's Scala scanner
        # read 12,000 times in a 46 kB file, 188,000 times in cats-core's 0.9 MB; the wheel's, which codeknit now
        # uses, reads a chunk at a time), and the bindings never let go of an object a read returns (tree-sitter
        # 0.25 and 0.26): a new slice per read (16 kB copies) held 2 GB at the end of
        # cats-core's extraction. So every read but the last of the source returns the same buffer, refilled (the
        # parser reads a chunk only until it asks for the next), and the last ones views of the source. A node's
        # ``text`` needs bytes (tree-sitter 0.25 refuses a buffer there).
        self.view = memoryview(source)
        self.size = len(source)
        self.chunk = bytearray(_PARSE_CHUNK)
        self.deadline = deadline
        self.parsed = False
        self.timed_out = False
        self.interrupted = False  # (a signal's handler deferred: see ``defer_in_read``)

    def __call__(self, offset: int, _point: tuple[int, int]) -> bytes | bytearray | memoryview | None:
        if self.parsed:  # a node's ``text`` (see ``parse_within``)
            return self.source[offset : offset + _TEXT_CHUNK]
        if self.interrupted:
            return None  # (the end of the input: the parser finishes at once, and the tree is dropped)
        if time.monotonic() > self.deadline:
            self.timed_out = True
            return None
        end = offset + _PARSE_CHUNK
        if end <= self.size:
            self.chunk[:] = self.view[offset:end]
            return self.chunk
        return self.view[offset:]


_READ_CODE = _Reader.__call__.__code__
#: the signals :func:`defer_in_read` is about to send again
_RESENDING: set[int] = set()


def defer_in_read(signum: int, frame: FrameType | None, again: Callable[[], object] | None = None) -> bool:
    """For a signal handler that raises (Ctrl-C, SIGTERM, an alarm), called with the frame it interrupted:
    is a parse's read callback on the stack, where its exception would be lost (see :class:`_Reader`)? Then a
    parse in progress ends at its next read and waits for the signal (:func:`parse_within`), the signal comes
    again (``again``, which re-arms it; by default it is sent again a millisecond later from a timer thread,
    if the same handler still holds it), and the handler should return without raising."""
    while frame is not None and frame.f_code is not _READ_CODE:
        frame = frame.f_back
    if frame is None:
        return False
    reader = frame.f_locals.get("self")
    if isinstance(reader, _Reader) and not reader.parsed:
        reader.interrupted = True
    if again is not None:
        again()
    elif signum not in _RESENDING:
        _RESENDING.add(signum)
        handler = signal.getsignal(signum)
        target = threading.get_ident()

        def resend() -> None:
            _RESENDING.discard(signum)
            if signal.getsignal(signum) is handler:
                signal.pthread_kill(target, signum)

        timer = threading.Timer(0.001, resend)
        timer.daemon = True
        timer.start()
    return True


def parse_within(grammar: str, source: bytes, time_limit: float = 0.0, old_tree: Tree | None = None) -> Tree:
    """Parse ``source``; with ``time_limit`` > 0, give up after that many seconds.

    The parser reads its input through a callback; the callback checks the clock and
    ends the input at the deadline, so a pathological file (macro-heavy C, huge generated code) costs
    at most about the limit. ``old_tree``: an earlier tree of the text, edited to match
    ``source`` (the parser reuses its unchanged parts).
    """
    parser = _parser(grammar)
    if time_limit <= 0 or len(source) <= _READ_CHUNK:
        return parser.parse(source) if old_tree is None else parser.parse(source, old_tree)
    read = _Reader(source, time.monotonic() + time_limit)
    try:
        tree = parser.parse(read) if old_tree is None else parser.parse(read, old_tree)
        if read.interrupted:  # (the tree is cut short: the signal's handler raises while this waits)
            waited = time.monotonic() + 1.0
            while time.monotonic() < waited:
                time.sleep(0.002)
            raise ParseTimeout("parsing was interrupted")
        if read.timed_out:
            raise ParseTimeout(f"parsing took longer than the limit of {time_limit:g} s")
    except BaseException:  # our timeout, or the caller's alarm: never leave a half-done parse behind
        parser.reset()
        raise
    # the tree keeps the callback, and each ``node.text`` reads its bytes through it, chunk by chunk: a node's
    # text cost about 45 µs with the parse's 16 kB chunks, 1.6 µs with these (on effect, 20,000 texts of its
    # large files, about 0.9 s of extraction; on an object literal of 100,000 keys, 2.7 of 3.9 s)
    read.parsed = True
    return tree


@dataclass(frozen=True, slots=True)
class GrammarGap:
    """Syntax the grammar does not know yet (data: each adapter lists its language's).

    The newest grammars that install offline lag the languages: tree-sitter-typescript has no
    variance annotations (``interface Box<out T>``, TypeScript 4.7) and no ``export type *``
    (5.0); tree-sitter-javascript refuses a reserved word as an export name (``export { _null as
    null }``). Such a file would get a false ``syntax error`` and a damaged tree. When a file's
    first parse has errors, the engine parses it again with the bytes each gap's ``mask`` group
    matches overwritten by ``fill`` (or, with ``within``, only the parts of the group that it
    matches: the escapes in a template literal type); line breaks are never overwritten, so every
    position (byte, line and column) stays. The repaired parse reuses the first tree around the
    masks (an incremental parse), and its tree is kept when it has fewer errors. Texts are always
    read from the real source, so a masked name keeps its spelling. A mask is kept only where the
    repaired tree puts it inside a node of one of the types ``inside`` (a variance keyword inside
    ``type_parameters``), so text that merely looks like a gap cannot hide a real error. A gap
    with ``fill`` None cannot be repaired that way: an error that starts inside one of its matches
    is known to be the grammar's and is not reported.

    A gap with ``mask_first`` is masked before the first parse: a file with a match of one is parsed masked
    first, and that tree is kept when it has no error and every mask holds; any other outcome parses the file
    as above. That saves the first parse's error recovery, which costs more than the parse: effect 4.1.0 has
    such gaps in 212 of its 572 files, and parsing all its files took 3.6 s of CPU, not 5.3 s.
    The flag is right for a gap whose held mask covers syntax the grammar has no rule for (a variance
    annotation, ``export type *``: the unmasked text is an error, so the repair would end with the same
    tree), or changes nothing the grammar reads (a ``;`` where the grammar ends an interface's member at
    the line break anyway: the same named nodes). It is wrong for one whose text the grammar reads another
    way without an error (a tagged template's ``sql<{ id: number }>`` as comparisons): such a mask waits
    for an error. It is right, too, for a gap whose unmasked text the grammar misreads without an error
    (C++'s ``struct LEVELDB_EXPORT Options { Options(); };`` as a function ``Options``): where the file has
    another error, the repaired parse is kept at as many errors as the first, when a mask of such a gap holds.
    """

    what: str
    pattern: re.Pattern[bytes]
    fill: bytes | None = b" "
    inside: tuple[str, ...] = ()
    within: re.Pattern[bytes] | None = None
    mask_first: bool = False
    #: the blank's innermost node must be of one of the types ``inside`` (a node of them around it is not enough:
    #: C++'s ``void f() REQUIRES(mu);`` is blanked inside a ``field_declaration``, ``if (x) CHECK(y);`` not)
    directly: bool = False


def _masks(source: bytes, gaps: Iterable[GrammarGap],
           found: dict[int, list[tuple[int, int, GrammarGap]]] | None = None) -> list[tuple[int, int, GrammarGap]]:
    """The masks of ``gaps`` in ``source``, gap by gap (``found``: the masks of some of them, by position, already
    searched for)."""
    masks: list[tuple[int, int, GrammarGap]] = []
    for index, gap in enumerate(gaps):
        if found is not None and index in found:
            masks += found[index]
        else:
            masks += _gap_masks(source, gap)
    return masks


def _gap_masks(source: bytes, gap: GrammarGap) -> list[tuple[int, int, GrammarGap]]:
    """The masks of one gap in ``source`` (none for a gap with no ``fill``)."""
    masks: list[tuple[int, int, GrammarGap]] = []
    if gap.fill is None:
        return masks
    for found in gap.pattern.finditer(source):
        start, end = found.span("mask")
        if gap.within is None:
            masks.append((start, end, gap))
        else:
            masks.extend((*part.span(), gap) for part in gap.within.finditer(source, start, end))
    return masks


def _masked(source: bytes, masks: Iterable[tuple[int, int, GrammarGap]]) -> bytes:
    buffer = bytearray(source)
    for start, end, gap in masks:
        assert gap.fill is not None
        part = source[start:end]
        if b"\n" in part:  # (a line break stays: every line and column of the tree stays)
            buffer[start:end] = bytes(10 if byte == 10 else gap.fill[0] for byte in part)
        else:
            buffer[start:end] = gap.fill * (end - start)
    return bytes(buffer)


def _edited(tree: Tree, source: bytes, masks: Iterable[tuple[int, int, GrammarGap]]) -> Tree:
    """A copy of ``tree`` told of the masks' edits (each the same length, its line breaks kept: no
    position moves), for an incremental parse of the masked text."""
    edited = tree.copy()
    row, counted = 0, 0  # (the line of byte ``counted``: the masks in order, the source counted once)
    for start, end, _gap in sorted(masks, key=operator.itemgetter(0)):
        row = row + source.count(b"\n", counted, start) if start >= counted else source.count(b"\n", 0, start)
        end_row = row + source.count(b"\n", start, end)
        counted = end
        column = start - source.rfind(b"\n", 0, start) - 1
        end_column = end - source.rfind(b"\n", 0, end) - 1
        edited.edit(start, end, end, (row, column), (end_row, end_column), (end_row, end_column))
        row = end_row
    return edited


def _mask_holds(root: Node, start: int, end: int, gap: GrammarGap) -> bool:
    """Does the repaired tree put the masked bytes inside a node of a type the gap expects?"""
    if not gap.inside:
        return True
    node: Node | None = root.descendant_for_byte_range(start, end)
    if gap.directly:
        return node is not None and node.type in gap.inside
    while node is not None:
        if node.type in gap.inside:
            return True
        node = node.parent
    return False


def _error_nodes(root: Node) -> Iterator[Node]:
    """ERROR and MISSING nodes, in source order (only subtrees that have errors are walked)."""
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if node.is_missing or node.type == "ERROR":
            yield node
            continue
        if node.has_error:
            stack.extend(reversed(node.children))


def _parse_around_gaps(grammar: str, source: bytes, time_limit: float, gaps: tuple[GrammarGap, ...]
                       ) -> tuple[Tree, str | None, bytes]:
    """The file's tree, repaired around known grammar gaps, its syntax error (None: none, or only
    known gaps) and the bytes the tree was parsed from (``source``, or it masked: the same length)."""
    # (the gaps masked first are searched for first: the others' masks are wanted only where one of those is found
    # or the plain parse has errors, which most files have not)
    first = {index: _gap_masks(source, gap) for index, gap in enumerate(gaps) if gap.mask_first}
    masks = _masks(source, gaps, first) if any(first.values()) else None
    if masks is not None:  # (masked first: see ``GrammarGap``)
        masked = _masked(source, masks)
        tree = parse_within(grammar, masked, time_limit)
        root = tree.root_node
        if not root.has_error:
            held = [(start, end, gap) for start, end, gap in masks if _mask_holds(root, start, end, gap)]
            if len(held) == len(masks):
                return tree, None, masked
            if any(gap.mask_first for _start, _end, gap in held):
                # (some text only looked like a gap, ``if (x) CHECK(y);``: the others masked alone, if they hold)
                masked = _masked(source, held)
                tree = parse_within(grammar, masked, time_limit)
                root = tree.root_node
                if not root.has_error and all(_mask_holds(root, start, end, gap) for start, end, gap in held):
                    return tree, None, masked
    tree = parse_within(grammar, source, time_limit)
    root = tree.root_node
    if not root.has_error:
        return tree, None, source
    parsed = source
    if gaps:
        if masks is None:
            masks = _masks(source, gaps, first)
        retried = _masked(source, masks) if masks else source
        retry = parse_within(grammar, retried, time_limit, _edited(tree, source, masks)) if masks else None
        held = masks
        if retry is not None:
            held = [(start, end, gap) for start, end, gap in masks if _mask_holds(retry.root_node, start, end, gap)]
            if len(held) < len(masks):  # some text only looked like a gap: parse without those masks
                retried = _masked(source, held) if held else source
                retry = parse_within(grammar, retried, time_limit, _edited(tree, source, held)) if held else None
        if retry is not None:
            # (fewer errors; or as many, where a held mask is of a gap masked first: the grammar reads its
            # unmasked text wrongly, an error or not, so the masked tree is the better one at equal errors)
            errors, retry_errors = sum(1 for _ in _error_nodes(root)), sum(1 for _ in _error_nodes(retry.root_node))
            if retry_errors < errors or (retry_errors == errors and any(gap.mask_first for _s, _e, gap in held)):
                tree, root, parsed = retry, retry.root_node, retried
        if not root.has_error:
            return tree, None, parsed
        known = [found.span() for gap in gaps if gap.fill is None for found in gap.pattern.finditer(source)]
        unknown = [node for node in _error_nodes(root)
                   if not any(start <= node.start_byte < end for start, end in known)]
        if not unknown:
            return tree, None, parsed
        return tree, _describe(unknown[0]), parsed
    return tree, describe_syntax_error(root), parsed


class Context:
    """Per-file state shared by the engine and an adapter."""

    def __init__(self, extraction: Extraction, source: bytes, parsed: bytes | None = None) -> None:
        self.extraction = extraction
        self.source = source
        self.root: Node | None = None
        #: per-file scratch space for an adapter (cleared with the context)
        self.state: dict[str, object] = {}
        self._local_names: dict[int, set[str]] = {}
        self._globals: dict[int, set[str]] = {}
        #: value uses by token: span → (text, scope, role, head_known); see :meth:`add_value`
        self.values: dict[Span, tuple[str, int, Role, bool]] = {}
        #: member uses by token (``@reference.member``): span → (text, scope, role, head_known), beside
        #: :attr:`values` and the declarations at the same token
        self.members: dict[Span, tuple[str, int, Role, bool]] = {}
        #: the query's matches holding ``@adapter.*`` captures, in the order the query found them
        self.matches: list[dict[str, list[Node]]] = []
        #: the ``@local`` captures in callables and blocks, ``(scope, name, kind, name's node, "let"/…)``,
        #: in the order the query found them (read by :meth:`Adapter.finish`: a local's type)
        self.declared: list[tuple[int, str, LocalKind, Node, str]] = []
        #: where each of :attr:`declared` is, ``(start byte, end byte, span)``, when the engine appended it
        self._declared_at: list[tuple[int, int, Span]] = []
        #: ``span_at(start, end)``: the span of the bytes ``start..end``, as :func:`node_span` gives it for
        #: a node there (read off the file's line table: no node, no property reads)
        #: the byte offset of each line's start, then one past any offset (``bisect_right(line_starts, offset)``
        #: is the 1-based line of a byte; a masked parse keeps every line break: the same lines)
        self.line_starts = _line_starts(source)
        self.span_at: Callable[[int, int], Span] = _span_function(self.line_starts)
        #: ``text(node)`` ("" for None) and ``text_at(start, end)``: the source text of a node or between
        #: two byte offsets, decoded as UTF-8 with invalid bytes replaced. An ASCII file is decoded once
        #: and sliced (its byte offsets are character offsets); any other file decodes each slice.
        self.text: Callable[[Node | None], str]
        self.text_at: Callable[[int, int], str]
        #: an ASCII file's text, decoded once (its byte offsets are character offsets: ``ascii_text[start:end]``
        #: is ``text_at(start, end)`` without a call); None for any other file
        self.ascii_text: str | None = source.decode("ascii") if source.isascii() else None
        self.text, self.text_at = _text_functions(source, self.ascii_text)

    def squeezed(self, node: Node | None) -> str:
        """Node text with runs of whitespace collapsed to one space."""
        return " ".join(self.text(node).split())

    def add_symbol(self, symbol: RawSymbol) -> int:
        self.extraction.symbols.append(symbol)
        return len(self.extraction.symbols) - 1

    def add_ref(
        self,
        scope: int,
        kind: EdgeKind,
        text: str,
        span: Span,
        *,
        head_known: bool = True,
        constructs: bool = False,
        tagged: bool = False,
        role: Role | None = None,
        arguments: int = -1,
        labels: tuple[str, ...] | None = None,
    ) -> None:
        """A use of ``text`` at ``span``. ``role`` is :data:`Role.TYPE` for a name that qualifies a type name
        (TypeScript's ``ns`` in ``ns.Foo``): looked up as what holds the type (a namespace, a module), recorded
        as the type name's own use is (no value use). ``arguments``: how many a call passes, where counted, and
        ``labels`` their labels, where written (see ``RawRef``)."""
        if text:
            if len(text) > CHAIN_CHARS and (capped := capped_chain(text)) is not None:
                text, head_known = capped, False
            ref = RawRef(scope, kind, text, span, head_known, constructs)
            if tagged:
                ref.tagged = True
            if role is not None:
                ref.role = role
            if arguments >= 0:
                ref.arguments = arguments
                ref.labels = labels
            self.extraction.refs.append(ref)

    def add_value(self, scope: int, text: str, span: Span, role: Role, head_known: bool = True) -> None:
        """A value use of ``text`` (dotted as :attr:`RawRef.text`) at ``span``, its last name's token.
        One per token: the longer chain wins (``a.b`` over the ``b`` alone), and a write over a read."""
        if not text:
            return
        if len(text) > CHAIN_CHARS and (capped := capped_chain(text)) is not None:
            text, head_known = capped, False
        other = self.values.get(span)
        if other is None or len(text) > len(other[0]) or (len(text) == len(other[0]) and role is _WRITE):
            self.values[span] = (text, scope, role, head_known)

    def add_local(self, scope: int, name: str) -> None:
        self._local_names.setdefault(scope, set()).add(name)

    def add_global(self, scope: int, name: str) -> None:
        self._globals.setdefault(scope, set()).add(name)

    def is_global(self, scope: int, name: str) -> bool:
        """Whether a ``global``/``nonlocal`` declaration in ``scope`` names ``name`` (no local there)."""
        return name in self._globals.get(scope, ())

    def finish_locals(self) -> None:
        for scope, names in self._local_names.items():
            names -= self._globals.get(scope, set())
            if names:
                self.extraction.locals[scope] = frozenset(names)


def captured(ctx: Context, capture: str) -> set[tuple[int, int]]:
    """The byte ranges of the query's ``@<capture>`` captures in the file, an ``@adapter.*`` one (Java's and
    Scala's type names that are no type use of their own), read off :attr:`Context.matches` once per file."""
    key = f"captured.{capture}"
    found = ctx.state.get(key)
    if not isinstance(found, set):
        found = ctx.state[key] = {node.byte_range for captures in ctx.matches for node in captures.get(capture, ())}
    return found


def siblings(ctx: Context, node: Node, parent: Node | None = None) -> tuple[list[Node], int]:
    """The children of ``node``'s parent (``[node]`` at the root) and ``node``'s position among them, each
    parent's children listed once per file (in :attr:`Context.state`, by node id). tree-sitter's
    ``prev_sibling`` / ``next_sibling`` (and the named ones) each walk down from the root and along the
    parent's children: asked for every declaration or token of a file, they are quadratic in the file's
    size (Go's doc comments were a sixth of go-stdlib's extraction). A caller that holds the parent gives
    it (``node.parent`` walks down from the root too)."""
    if parent is None:
        parent = node.parent
    if parent is None:
        return [node], 0
    listed = ctx.state.setdefault("engine.siblings", {})
    assert isinstance(listed, dict)
    found = listed.get(parent.id)
    if found is None:
        children = parent.children
        found = listed[parent.id] = (children, {child.id: index for index, child in enumerate(children)})
    return found[0], found[1][node.id]


def _line_starts(source: bytes) -> list[int]:
    """The byte offset of each line's start, then one past any offset (each ``bisect`` finds a line)."""
    starts = [0]
    # (each line's length and its break summed up: about a third cheaper than adding the line's index to the sums)
    starts += itertools.accumulate(map(_PLUS_ONE, map(len, source.split(b"\n")[:-1])))
    starts.append(1 << 62)
    return starts


_PLUS_ONE = (1).__add__


def _span_function(starts: list[int]) -> Callable[[int, int], Span]:
    """``span_at(start, end)`` for one file's line starts (:func:`_line_starts`): tree-sitter's rows end at each
    ``\\n`` and its columns count bytes, so a node's points follow from its byte offsets and the lines' starts."""
    bisect_right = bisect.bisect_right

    def span_at(start: int, end: int) -> Span:
        line = bisect_right(starts, start)  # (1-based: the index of the next line's start)
        first = starts[line - 1]
        if end < starts[line]:
            return (line, start - first, line, end - first)
        end_line = bisect_right(starts, end, line)
        return (line, start - first, end_line, end - starts[end_line - 1])

    return span_at


def _text_functions(source: bytes, decoded: str | None) -> tuple[Callable[[Node | None], str],
                                                                 Callable[[int, int], str]]:
    """``(text(node), text_at(start, end))`` for one file's bytes, equal to decoding each slice (``decoded``:
    the file's text if it is ASCII, else None)."""
    if decoded is not None:

        def text(node: Node | None) -> str:
            return "" if node is None else decoded[node.start_byte : node.end_byte]

        def text_at(start: int, end: int) -> str:
            return decoded[start:end]

    else:

        def text(node: Node | None) -> str:
            return "" if node is None else source[node.start_byte : node.end_byte].decode("utf-8", "replace")

        def text_at(start: int, end: int) -> str:
            return source[start:end].decode("utf-8", "replace")

    return text, text_at


class ScopeIndex:
    """Finds the innermost definition that encloses a byte offset."""

    def __init__(self, symbols: list[RawSymbol], allowed: Callable[[RawSymbol], bool] | None = None, *,
                 kinds: Container[SymbolKind] | None = None) -> None:
        """The index of ``symbols``, or of those ``allowed`` says, or of those of one of ``kinds`` (read in
        bulk: no Python call per symbol)."""
        self._symbols = symbols
        # (the columns read once, in C: no Python call per symbol)
        starts, ends = list(map(_START_BYTE, symbols)), list(map(_END_BYTE, symbols))
        keys = list(zip(starts, map(operator.neg, ends), strict=True))
        order = sorted(range(len(symbols)), key=keys.__getitem__)
        if allowed is not None:
            order = list(itertools.compress(order, map(allowed, map(symbols.__getitem__, order))))
        if kinds is not None:
            held = list(map(kinds.__contains__, map(_KIND, symbols)))
            order = list(itertools.compress(order, map(held.__getitem__, order)))
        self._order = order
        self._starts = list(map(starts.__getitem__, order))
        # per symbol index: its bytes, and its parent in containment order (computed with a stack)
        self._start_of = dict(zip(order, self._starts, strict=True))
        self._end_of = dict(zip(order, map(ends.__getitem__, order), strict=True))
        self._up: dict[int, int] = {}
        up = self._up  # (a local in the loop: no attribute read per symbol)
        stack: list[int] = []
        for i in order:
            end = ends[i]
            while stack and ends[stack[-1]] < end:
                stack.pop()
            up[i] = stack[-1] if stack else -1
            stack.append(i)

    def sweep(self) -> Callable[[int, int], int]:
        """:meth:`enclosing` for ranges asked mostly in ascending order of start (syntax nodes, which nest
        with the symbols): the last answer holds for a range that starts at or after the last one, before
        the next symbol's start, and inside the answer, unless a symbol inside the answer starts where the
        last range did (that range held it: the next one may be inside it). So most calls cost a few
        comparisons instead of a search; any other range (one asked out of order, an empty one) is searched."""
        starts, order, enclosing = self._starts, self._order, self.enclosing
        end_of = self._end_of
        count = len(starts)
        current, last, high, limit = 0, 1 << 62, -1, -1

        def scope(start: int, end: int) -> int:
            nonlocal current, last, high, limit
            if last <= start < limit and end <= high and start < end:  # (the last range's start is in the answer)
                return current
            current = enclosing(start, end)
            position = bisect.bisect_right(starts, start)
            limit = starts[position] if position < count else 1 << 62
            if position and starts[position - 1] == start and order[position - 1] != current:
                limit = -1  # (a symbol starts here inside the answer)
            last = start
            high = end_of.get(current, 1 << 62)
            return current

        return scope

    def columns(self) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
        """The index as lists, for the compiled value loop (``rust/pyflow/src/values.rs``, which finds
        :meth:`enclosing`'s answer from them): the starts in order, the symbols in that order, then per
        symbol index its start, end and parent in containment order (-1 for a symbol not indexed)."""
        count = len(self._symbols)
        start_of, end_of, up = [-1] * count, [-1] * count, [-1] * count
        for index in self._order:
            start_of[index], end_of[index], up[index] = self._start_of[index], self._end_of[index], self._up[index]
        return self._starts, self._order, start_of, end_of, up

    def enclosing(self, start: int, end: int, default: int = 0, exclude: int = -1) -> int:
        """The innermost symbol whose bytes contain ``start..end`` (never ``exclude``)."""
        position = bisect.bisect_right(self._starts, start) - 1
        if position < 0:
            return default
        candidate = self._order[position]
        start_of, end_of, up = self._start_of, self._end_of, self._up
        while candidate != -1:
            if candidate != exclude and start_of[candidate] <= start and end <= end_of[candidate]:
                return candidate
            candidate = up[candidate]
        return default


class Adapter:
    """A language's code half: what its query cannot say.

    Subclasses set ``language`` and ``grammars`` and override the hooks they need.
    """

    language: ClassVar[str]
    #: grammar name per file suffix; "" is the default
    grammars: ClassVar[dict[str, str]]
    #: the query file, relative to ``codeknit/languages`` (defaults to ``<language>/queries.scm``)
    query_name: ClassVar[str] = ""
    #: a query file per grammar, where one language spans grammars with different node types (TS/TSX)
    query_names: ClassVar[dict[str, str]] = {}
    #: syntax of the language that its grammar does not parse yet (see :class:`GrammarGap`)
    grammar_gaps: ClassVar[tuple[GrammarGap, ...]] = ()
    #: a ``@local.let`` of a name already declared in the same block (or as a parameter of the same
    #: callable) declares nothing new: it assigns that variable (Go's ``a, err := f()`` after ``err``)
    lets_redeclare: ClassVar[bool] = False

    def query_for(self, grammar: str) -> str:
        """The query file (relative to ``codeknit/languages``) for files parsed with ``grammar``."""
        return self.query_names.get(grammar) or self.query_name or f"{self.language}/queries.scm"

    def grammar_for(self, path: str) -> str:
        lowered = path.lower()
        for suffix, grammar in self.grammars.items():
            if suffix and lowered.endswith(suffix):
                return grammar
        return self.grammars[""]

    def warm(self, grammar: str) -> None:
        """Compile what extracting a file of ``grammar`` needs once per process: its parser and queries (a
        process that forks the workers does it once for all of them: ``codeknit.pipeline.warm``)."""
        query_name = self.query_for(grammar)
        split = type(self).chain is not Adapter.chain
        walked = split and self._walk_for(grammar, query_name) is not None
        _parser(grammar)
        if walked:
            _walked_queries(grammar, query_name)
        elif split:
            _split_queries(grammar, query_name)
        else:
            _query(grammar, query_name)
        _capture_roles(grammar, query_name, split, walked)
        _later_roles(grammar, query_name, split, walked)

    # -- hooks ------------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        raise NotImplementedError

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        raise NotImplementedError

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        raise NotImplementedError

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        raise NotImplementedError

    #: node types of value captures whose use is their own text (``identifier``): the engine records
    #: them itself, without :meth:`chain` (only for an adapter that does not override
    #: :meth:`value_reference`); :meth:`special_values` names the exceptions
    plain_value_types: ClassVar[frozenset[str]] = frozenset()
    #: node types of member chains whose use, when written plainly (``a.b.c``: names and dots, no
    #: spaces, calls or subscripts), is their text at their last name, as :meth:`chain` reads them
    plain_chain_types: ClassVar[frozenset[str]] = frozenset()

    def special_values(self, ctx: Context) -> Container[int]:
        """Start bytes of captures of a :attr:`plain_value_types` type that :meth:`chain` must read
        after all (a struct literal's key naming a field), found from the query's ``@adapter`` captures."""
        return frozenset()

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        """A name or member chain as the resolver reads it: ``(text, head_known, last name's node)``
        (``"self.repo.save"``; ``head_known`` False when the chain starts at an expression that is
        not a name, ``text`` then being the member alone); None when ``node`` names nothing."""
        return None

    def member_chain(self, ctx: Context, node: Node, role: Role) -> tuple[str, bool, Node] | None:
        """A ``@reference.member`` capture (``role`` READ; ``@reference.member.write``: WRITE): the member it
        uses, as :meth:`chain` says (``"obj.a"`` for the key ``a`` of ``const { a } = obj``); None when it names
        nothing known."""
        return None

    def value_scope(self, ctx: Context, scope_of: Callable[[int, int], int]) -> Callable[[int, int], int]:
        """Which symbol a value use at ``(start, end)`` belongs to, given ``scope_of`` (the innermost
        scope): the default is that scope; a language may give a use in a field's initialiser to the field."""
        return scope_of

    def value_reference(self, ctx: Context, node: Node, scope: int, role: Role) -> None:
        """A ``@reference.value`` or ``@reference.write`` capture: a use of what ``node`` names.

        An adapter without :meth:`chain` reads the capture in :meth:`reference` as before (kind
        ``"value"`` or ``"write"``), which records plain references."""
        if type(self).chain is Adapter.chain:
            self.reference(ctx, "value" if role is _READ else "write", node, scope)
            return
        found = self.chain(ctx, node)
        if found is not None:
            ctx.add_value(scope, found[0], node_span(found[2]), role, found[1])

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        """Called after all captures: computed fields, export lists, etc."""

    def block_regions(self, ctx: Context, blocks: Blocks) -> None:
        """Called after :meth:`finish` with the file's ``@scope`` blocks: set :attr:`RawSymbol.region` of the
        definitions a block hides from the rest of their parent (none by default)."""

    def finish_ordered(self, ctx: Context) -> None:
        """Called last, when symbols have their final order and indices (data-flow facts)."""

    # -- the engine ------------------------------------------------------------

    def _walk_for(self, grammar: str, query_name: str) -> WalkedQuery | None:
        """:func:`_walked_queries` where the compiled walk may find this adapter's value reads: it is built, and
        the bulk loop reads the captures' kinds (:attr:`plain_value_types` or :attr:`plain_chain_types`, and no
        :meth:`value_reference` of the adapter's own, which would be handed each node); else None."""
        if _value_walk() is None or type(self).value_reference is not Adapter.value_reference or not (
                self.plain_value_types or self.plain_chain_types):
            return None
        return _walked_queries(grammar, query_name)

    def _values(self, ctx: Context, captures: dict[str, list[Node]],
                definitions: list[tuple[str, Node, Node | None]], local_ranges: list[tuple[int, int]],
                scopes: ScopeIndex, nonuse: set[Span], walked: bytes | None = None) -> None:
        """The value captures, read in bulk: each name or chain used as a value, once per token.

        Skipped before the adapter reads them (most identifiers of a file are such): a capture that
        a larger one ending at the same byte covers (``attr`` in ``obj.attr``), a definition's name,
        a local's declaring token (``local_ranges``), a ``@nonuse`` name, and a read of a token that
        is written there. The per-capture reads are done in bulk (``map`` over the nodes), the loop
        below only does what each kept capture needs. Where the compiled extension is built, it runs that
        loop (``rust/pyflow/src/values.rs``), to the same uses: :func:`_merge_compiled`."""
        reads = captures.get("reference.value", [])
        writes = captures.get("reference.write", [])
        nonuse_nodes = captures.get("nonuse", ())
        nonuse.update(map(node_span, nonuse_nodes))
        captured = reads + writes
        nodes: list[Node] | _WalkedNodes = captured
        ranges = list(map(_BYTE_RANGE, captured))
        found = array("I", walked or b"")  # (the reads the compiled walk found come first: start, end, kind, …)
        if found:
            assert ctx.root is not None  # (set by the engine before any capture is read)
            nodes = _WalkedNodes(ctx.root, found, captured)  # (their nodes looked up when the adapter needs one)
        read_count = len(found) // 3 + len(reads)
        skip = {name.byte_range for _kind, _node, name in definitions if name is not None}
        skip.update(local_ranges)
        skip.update(map(_BYTE_RANGE, nonuse_nodes))
        skip.update(ranges[len(reads):])  # (a token read and written is a write)
        value_reference = self.value_reference
        roles = (Role.READ, Role.WRITE)
        # names whose use is their own text, recorded here without a call into the adapter (most
        # captures are such: the per-capture cost is what value uses cost)
        overridden = type(self).value_reference is not Adapter.value_reference
        plain, chains = (frozenset(), frozenset()) if overridden else _kind_ids(
            self.grammar_for(ctx.extraction.path), self.plain_value_types, self.plain_chain_types)
        special = self.special_values(ctx) if plain or chains else frozenset()
        kinds = list(map(_KIND_ID, captured)) if plain or chains else []
        sweep = scopes.sweep()
        scope_of = self.value_scope(ctx, sweep)
        # (what the compiled loop reads: a set of start bytes, or a ``ByteRanges``'s ranges; any other
        # container is asked in Python)
        specials = special.ranges if type(special) is ByteRanges else special if type(special) in _OFFSETS else None
        if _compiled is not None and (plain or chains) and (kinds or found) and specials is not None:
            _merge_compiled(ctx, _compiled.value_uses(
                ranges, read_count, kinds, list(plain), list(chains), specials, skip, ctx.source, ctx.text_at,
                ctx.line_starts, scopes.columns() if scope_of is sweep else scope_of, roles, _PLAIN_CHAIN.fullmatch,
                CHAIN_LIMIT, walked or None,
            ), nodes, read_count, self.value_reference)
            return
        if found:  # (the Python loop reads them as lists)
            ranges = list(zip(found[0::3], found[1::3], strict=True)) + ranges
            kinds = (found[2::3].tolist() + kinds) if plain or chains else []
        # (start, -end, role, index) per capture, in source order (an outer capture before the ones inside)
        items = sorted(zip(map(_FIRST, ranges), map(operator.neg, map(_SECOND, ranges)),
                           itertools.chain(itertools.repeat(0, read_count), itertools.repeat(1, len(writes))),
                           itertools.count()))
        # -end → the smallest start byte of a value capture ending there (the last one in reverse order)
        widest = dict(zip(map(_SECOND, reversed(items)), map(_FIRST, reversed(items)), strict=True))
        # (an ASCII file's text is sliced, any other's decoded per slice)
        text_at, decoded, values = ctx.text_at, ctx.ascii_text, ctx.values
        # a plain name's line (1-based), found by bisection of the line starts
        line_starts, bisect_right = ctx.line_starts, bisect.bisect_right
        for start, negative_end, role, index in items:  # (source order: a relation's spans, a local's uses)
            if widest[negative_end] != start or (not role and ranges[index] in skip):
                continue
            end = -negative_end
            # (a zero-width name is the parser's stand-in for a missing one: no use, as chain() says)
            kind = kinds[index] if kinds and start not in special and end > start else -1
            if kind in plain or kind in chains:
                text = decoded[start:end] if decoded is not None else text_at(start, end)
                known = True
                if kind not in plain and end - start > CHAIN_CHARS and (capped := capped_chain(text)) is not None:
                    text, known = capped, False  # (its last names: ``CHAIN_LIMIT``)
                if kind in plain:
                    line = bisect_right(line_starts, start)
                    line_start = line_starts[line - 1]
                    span = (line, start - line_start, line, end - line_start)  # (a name is on one line)
                elif _PLAIN_CHAIN.fullmatch(text):
                    # ``a.b.c`` written plainly: the use's token is its last name, on the same line
                    line = bisect_right(line_starts, start)
                    line_start = line_starts[line - 1]
                    last = len(text[text.rfind(".") + 1:].encode())
                    span = (line, end - last - line_start, line, end - line_start)
                else:
                    value_reference(ctx, nodes[index], scope_of(start, end), roles[role])
                    continue
                other = values.get(span)  # (as Context.add_value: one use per token, the longer text wins)
                if other is None or len(text) > len(other[0]) or (len(text) == len(other[0]) and role):
                    values[span] = (text, scope_of(start, end), roles[role], known)
                continue
            value_reference(ctx, nodes[index], scope_of(start, end), roles[role])

    def extract(self, path: str, source: bytes, time_limit: float = 0.0) -> Extraction:
        """The file's extraction; :class:`ParseTimeout` when parsing takes over ``time_limit`` s (0: none).

        The cyclic garbage collector is paused meanwhile: a file's extraction allocates hundreds of
        thousands of short-lived containers (matches, nodes, spans) that hold no cycles, and each
        collection they triggered walked them all again (a sixth of the instructions of issue 19's
        extraction cost on go-stdlib). Whatever cycles there are get collected after, as usual."""
        if not gc.isenabled():
            return self._extract(path, source, time_limit)
        gc.disable()
        try:
            return self._extract(path, source, time_limit)
        finally:
            gc.enable()

    def _extract(self, path: str, source: bytes, time_limit: float) -> Extraction:
        extraction = Extraction(
            path=path,
            language=self.language,
            sha256=hashlib.sha256(source).hexdigest(),
            size=len(source),
        )
        grammar = self.grammar_for(path)
        tree, syntax_error, parsed = _parse_around_gaps(grammar, source, time_limit, self.grammar_gaps)
        root = tree.root_node
        ctx = Context(extraction, source, parsed)
        ctx.root = root
        if syntax_error is not None:
            extraction.errors.append(syntax_error)
        module = self.module_symbol(ctx, root)
        ctx.add_symbol(module)

        from tree_sitter import QueryCursor

        query_name = self.query_for(grammar)
        split = type(self).chain is not Adapter.chain
        # a generated or vendored file (``// Code generated … DO NOT EDIT.``, ``@generated``, ``*.min.js``,
        # ``vendor/``) records its calls, types and imports, not each value use: such files are large and
        # rarely read (a quarter of Go's standard library, Django's copies of jQuery and select2); it is matched
        # with the main query alone (its ``@scope`` patterns too: a walk for its blocks would cost more)
        record_values = not (is_vendored(path) or _is_generated(source))
        walk = self._walk_for(grammar, query_name) if split and record_values else None
        roles = _capture_roles(grammar, query_name, split, walk is not None)
        definitions: list[tuple[str, Node, Node | None]] = []
        several: set[int] = set()  # (the start bytes of ``@name.each`` captures)
        deferred: list[tuple[tuple[int, str], Node]] = []
        append_deferred = deferred.append
        scope_nodes: list[Node] = []
        body_nodes: list[Node] = []  # (``@scope.body``: where a callable's parameters are in effect)
        binding_nodes: list[Node] = []
        matches = ctx.matches
        value_captures: dict[str, list[Node]] = {}
        walked: bytes | None = None  # (the value reads the compiled walk found: start, end, kind, …)
        walked_blocks = b""  # (and the ``@scope`` blocks)
        first_value_pattern = 1 << 30  # (the walk's query: the patterns from here on are value patterns)
        if not split:  # value captures read by ``reference``, match by match
            query = _query(grammar, query_name)
        elif walk is not None:
            query, first_value_pattern = walk.query, walk.first_value_pattern
            walked, walked_blocks = _value_walk().kind_nodes(  # type: ignore[union-attr]  # (``walk``: it is built)
                root, [walk.read_kinds, walk.scope_kinds])
            value_captures = {"reference.value": [], "reference.write": [], "nonuse": []}
        elif not record_values:
            query = _main_query(grammar, query_name)
        else:
            query, values_query = _split_queries(grammar, query_name)
            if values_query is not None:
                value_captures = QueryCursor(values_query).captures(root)  # (gathered for :meth:`_values`)
        later = _later_roles(grammar, query_name, split, walk is not None)  # (most captures: one look-up says what)
        for pattern, captures in QueryCursor(query).matches(root):
            if pattern >= first_value_pattern:  # (a value pattern in the walk's query: gathered as the value query's)
                if value_captures:
                    for capture, nodes in captures.items():
                        value_captures[capture] += nodes
                continue
            for capture, nodes in captures.items():
                role = later.get(capture)
                if role is not None:  # (read once the definitions are known)
                    if len(nodes) == 1:
                        append_deferred((role, nodes[0]))
                    else:
                        deferred.extend((role, node) for node in nodes)
                    continue
                role = roles.get(capture)
                if role is None:
                    continue
                action = role[0]
                if action == _ADAPTER:  # (once per match; its other captures are read as usual)
                    if not matches or matches[-1] is not captures:
                        matches.append(captures)
                elif action == _DEFINITION:
                    name_nodes = captures.get("name")
                    if name_nodes is None and (name_nodes := captures.get("name.each")):
                        several.add(name_nodes[0].start_byte)
                    definitions.append((role[1], nodes[0], name_nodes[0] if name_nodes else None))
                elif action == _SCOPE:  # (blocks and statements are only looked up: no order, no dispatch)
                    scope_nodes += nodes
                    if role[1]:
                        body_nodes += nodes
                else:  # (``_BINDING``)
                    binding_nodes += nodes

        definitions.sort(key=_definition_order)
        seen: set[tuple[int, int, str, int]] = set()
        held: set[tuple[int, int, str]] = set()  # (the nodes a symbol of one of their ``@name.each`` holds)
        for kind, node, name_node in definitions:
            each = name_node.start_byte if several and name_node is not None and name_node.start_byte in several else -1
            key = (node.start_byte, node.end_byte, kind, each)
            if key in seen:
                continue
            seen.add(key)
            symbol = self.definition(ctx, kind, node, name_node)
            if symbol is None:
                continue
            if name_node is not None and each != -1:
                # the first symbol holds the node's bytes, the others their name's: no two cover the same
                if key[:3] in held:
                    symbol.start_byte, symbol.end_byte = name_node.start_byte, name_node.end_byte
                held.add(key[:3])
            ctx.add_symbol(symbol)

        symbols = extraction.symbols
        containers = ScopeIndex(symbols)
        for index, symbol in enumerate(symbols):
            if index and symbol.parent == -1:
                symbol.parent = containers.enclosing(symbol.start_byte, symbol.end_byte, exclude=index)
        _fix_parents(symbols)

        scopes = ScopeIndex(symbols, kinds=SCOPE_KINDS)
        # which scopes own local bindings: callables and properties
        owns_locals = list(map(_OWNER_KINDS.__contains__, map(_KIND, symbols)))
        # (the captures come in about source order: most lookups are the last one's answer)
        scope_of = scopes.sweep()
        container_of = containers.sweep()
        text = ctx.text
        local_names = ctx._local_names
        blocks = Blocks(scope_nodes, array("I", walked_blocks))
        statements = Blocks(binding_nodes)
        declared, declared_at = ctx.declared, ctx._declared_at
        local_ranges: list[tuple[int, int]] = []  # (every @local capture's bytes: no value use there)
        span_at, text_at = ctx.span_at, ctx.text_at
        nonuse: set[Span] = set()
        value_scope_of: Callable[[int, int], int] | None = None
        for (action, argument), node in deferred:
            if action == _LOCAL:
                start, end = node.byte_range
                if argument != "property":  # (a shorthand key, ``{ a }``, declares the member and reads ``a``)
                    local_ranges.append((start, end))
                scope = scope_of(start, end)
                span = span_at(start, end)
                if symbols[scope].name_span == span:
                    continue  # the name of the symbol itself (a property's, where a pattern binds locals too)
                kind = _LOCAL_KINDS[argument]
                if kind is _PROPERTY:
                    name = text_at(start, end)
                    if len(name) > 1 and name[0] in "'\"" and name[-1] == name[0]:
                        name = name[1:-1]  # a key written as a string (``'Mod-Enter': …``): its text
                    declared.append((scope, name, kind, node, argument))
                elif owns_locals[scope] and argument != "signature":
                    name = text_at(start, end)
                    names = local_names.get(scope)
                    if names is None:
                        names = local_names[scope] = set()
                    names.add(name)
                    declared.append((scope, name, kind, node, argument))
                elif (kind is _TYPE_PARAMETER and scope > 0) or blocks.innermost(
                        start, end, (symbols[scope].start_byte, symbols[scope].end_byte)):
                    declared.append((scope, text_at(start, end), kind, node, argument))
                else:
                    continue
                declared_at.append((start, end, span))
            elif action == _VALUE:  # (a value capture in a pattern with other captures)
                if argument.startswith("member"):
                    member = self.member_chain(ctx, node, _ROLES[argument])
                    if member is not None:
                        ctx.members[node_span(member[2])] = (
                            member[0], scope_of(node.start_byte, node.end_byte), _ROLES[argument], member[1])
                    continue
                if value_scope_of is None:  # (owned as the bulk captures are: :meth:`value_scope`)
                    value_scope_of = self.value_scope(ctx, scope_of)
                self.value_reference(ctx, node, value_scope_of(node.start_byte, node.end_byte), _ROLES[argument])
            elif action == _NONUSE:
                nonuse.add(node_span(node))
            elif action == _REFERENCE:
                self.reference(ctx, argument, node, scope_of(node.start_byte, node.end_byte))
            elif action == _OWNED_REFERENCE:
                # a type in a field's annotation, or a decorator on a field, belongs to that value
                self.reference(ctx, argument, node, container_of(node.start_byte, node.end_byte))
            elif action == _IMPORT:
                self.import_statement(ctx, node, scope_of(node.start_byte, node.end_byte))
            else:
                ctx.add_global(scope_of(node.start_byte, node.end_byte), text(node))
        if walked or any(value_captures.values()):
            self._values(ctx, value_captures, definitions, local_ranges, scopes, nonuse, walked)
        self.finish(ctx, scopes)
        self.block_regions(ctx, blocks)
        ctx.finish_locals()
        _declare_locals(extraction, declared, declared_at, blocks, ctx._globals, statements, span_at,
                        redeclare=self.lets_redeclare, bodies=Blocks(body_nodes) if body_nodes else None,
                        line_starts=ctx.line_starts)
        _dedupe_refs(extraction)
        _value_table(extraction, ctx.values, nonuse, ctx.members)
        _order_symbols(extraction)
        self.finish_ordered(ctx)
        return extraction


#: what the engine does with a capture (:func:`_capture_roles`)
(_DEFINITION, _REFERENCE, _OWNED_REFERENCE, _IMPORT, _LOCAL, _GLOBAL, _ADAPTER, _VALUE, _SCOPE, _NONUSE,
 _BINDING) = range(11)
#: ``@local.<what>`` → the kind it declares ("" is a plain ``@local``; ``let`` is a variable from its declaration on)
_LOCAL_KINDS = {"": LocalKind.VARIABLE, "variable": LocalKind.VARIABLE, "let": LocalKind.VARIABLE,
                "assigned": LocalKind.VARIABLE,
                "parameter": LocalKind.PARAMETER, "signature": LocalKind.PARAMETER,
                "type_parameter": LocalKind.TYPE_PARAMETER, "property": LocalKind.PROPERTY}
#: the definitions whose name an assignment in the callable around them may rebind
_NESTING = (Category.CALLABLE, Category.TYPE)
#: the kinds of the symbols that own local bindings (callables and properties), of callables, and of
#: :data:`_NESTING`'s: a symbol's kind looked up in a set, not its category read through the enum's property
#: per symbol (scopes: ``records.SCOPE_KINDS``)
CALLABLE_KINDS = frozenset(kind for kind in SymbolKind if kind.category is Category.CALLABLE)
_OWNER_KINDS = CALLABLE_KINDS | {SymbolKind.PROPERTY}
_NESTING_KINDS = frozenset(kind for kind in SymbolKind if kind.category in _NESTING)
#: enum members read in per-capture and per-local loops, held here: a read off the enum's class goes through
#: its metaclass (about 900 instructions in Python 3.11, against a global's few)
_PROPERTY, _PARAMETER, _VARIABLE, _TYPE_PARAMETER = (LocalKind.PROPERTY, LocalKind.PARAMETER, LocalKind.VARIABLE,
                                                      LocalKind.TYPE_PARAMETER)
#: the kinds the compiled ``declare_locals`` tells apart (by identity, as the Python compares them), and the
#: kinds of :data:`_NESTING_KINDS` and :data:`CALLABLE_KINDS`
_DECLARED_KINDS = (_PROPERTY, _PARAMETER, _VARIABLE)
_DEFINED_KINDS = (list(_NESTING_KINDS), list(CALLABLE_KINDS))
_READ, _WRITE, _CALLS = Role.READ, Role.WRITE, EdgeKind.CALLS
_ROLES = {"value": Role.READ, "write": Role.WRITE, "member": Role.READ, "member.write": Role.WRITE}
_BYTE_RANGE = operator.attrgetter("byte_range")
_KIND_ID = operator.attrgetter("kind_id")
_FIRST, _SECOND, _THIRD, _FOURTH = map(operator.itemgetter, range(4))


@functools.cache
def _kind_ids(grammar: str, *type_sets: frozenset[str]) -> tuple[frozenset[int], ...]:
    """Each set of node types as the set of the grammar's node kind ids with those names (a name may
    have several ids: ``node.kind_id in ids`` says what ``node.type in types`` says, without a string)."""
    language = _language(grammar)
    names = [language.node_kind_for_id(kind) for kind in range(language.node_kind_count)]
    return tuple(frozenset(kind for kind, name in enumerate(names) if name in types) for types in type_sets)


class Blocks:
    """The ``@scope`` blocks of a file (or any syntax nodes): the innermost one around a node, by byte offsets."""

    def __init__(self, nodes: list[Node], walked: array[int] | None = None) -> None:
        # (sorted as ``(start, -end)`` pairs, then turned back: no key function called per block)
        pairs = set(zip(map(_START_BYTE, nodes), map(operator.neg, map(_END_BYTE, nodes)), strict=True))
        if walked:  # (blocks the compiled walk found: start, end, kind, …)
            pairs.update(zip(walked[0::3], map(operator.neg, walked[1::3]), strict=True))
        flipped = sorted(pairs)
        self._starts = list(map(_FIRST, flipped))
        self._ranges = list(zip(self._starts, map(operator.neg, map(_SECOND, flipped)), strict=True))
        # each block's enclosing block (blocks are syntax nodes, so they nest): a search walks up from
        # the last block starting before a node, never across the blocks beside it (a bundle's IIFE
        # holds thousands: a scan back over them made one large file quadratic)
        ends = list(map(operator.neg, map(_SECOND, flipped)))
        self._up: list[int] = []
        up = self._up  # (a local in the loop: no attribute read per block)
        stack: list[int] = []
        for index, end in enumerate(ends):
            while stack and ends[stack[-1]] < end:
                stack.pop()
            up.append(stack[-1] if stack else -1)
            stack.append(index)

    def following(self, position: int, within: tuple[int, int]) -> tuple[int, int] | None:
        """The bytes of the first block starting at or after ``position`` that lies inside ``within``."""
        index = bisect.bisect_left(self._starts, position)
        if index < len(self._ranges) and self._ranges[index][1] <= within[1]:
            return self._ranges[index]
        return None

    def enclosing(self, block: tuple[int, int]) -> tuple[int, int] | None:
        """The bytes of the innermost block around ``block`` (one of this index's blocks), or None."""
        position = bisect.bisect_left(self._starts, block[0])
        while position < len(self._ranges) and self._ranges[position] != block:
            position += 1
        if position == len(self._ranges):
            return None
        up = self._up[position]
        return self._ranges[up] if up >= 0 else None

    def innermost(self, start: int, end: int, within: tuple[int, int]) -> tuple[int, int] | None:
        """The bytes of the innermost block containing ``start..end`` that lies inside ``within`` (a
        scope's bytes)."""
        position = bisect.bisect_right(self._starts, start) - 1
        ranges, up = self._ranges, self._up
        while position >= 0:
            block = ranges[position]
            if block[0] < within[0]:
                return None
            if block[1] >= end and block[1] <= within[1]:
                return block
            position = up[position]
        return None


@functools.cache
def _capture_roles(grammar: str, query_name: str, split: bool = False,
                   walked: bool = False) -> dict[str, tuple[int, str]]:
    """Capture name → ``(role, argument)`` for the captures the engine handles (others are absent).

    The argument is a definition's kind or a reference's edge name. A ``type`` or ``decorates``
    reference is *owned*: it belongs to the innermost symbol around it, even a plain value (a type
    in a field's annotation, a decorator on a field), not to the innermost scope.
    """
    # (the query the file is matched with: compiling the whole file once more costs as much as a small file's run)
    walk = _walked_queries(grammar, query_name) if walked else None
    query = walk.query if walk is not None else _main_query(grammar, query_name) if split else \
        _query(grammar, query_name)
    roles: dict[str, tuple[int, str]] = {}
    for index in range(query.capture_count):
        capture = query.capture_name(index)
        if capture.startswith("definition."):
            roles[capture] = (_DEFINITION, capture[11:])
        elif capture in ("reference.value", "reference.write", "reference.member", "reference.member.write"):
            roles[capture] = (_VALUE, capture[10:])
        elif capture.startswith("reference."):
            edge = capture[10:]
            roles[capture] = (_OWNED_REFERENCE if edge in ("type", "decorates") else _REFERENCE, edge)
        elif capture == "import":
            roles[capture] = (_IMPORT, "")
        elif capture == "local" or capture.startswith("local."):
            kind = capture[6:]
            if kind not in _LOCAL_KINDS:
                raise ValueError(f"{query_name}: unknown capture @{capture}")
            roles[capture] = (_LOCAL, kind)
        elif capture == "scope":
            roles[capture] = (_SCOPE, "")
        elif capture == "scope.body":
            roles[capture] = (_SCOPE, "body")
        elif capture == "binding":
            roles[capture] = (_BINDING, "")
        elif capture == "nonuse":
            roles[capture] = (_NONUSE, "")
        elif capture == "global":
            roles[capture] = (_GLOBAL, "")
        elif capture.startswith("adapter."):
            roles[capture] = (_ADAPTER, "")
    return roles


#: the roles of the captures the engine reads after the definitions, in the order found (the others
#: make definitions, blocks, statements, or are the adapter's)
_READ_AT_ONCE = frozenset({_ADAPTER, _DEFINITION, _SCOPE, _BINDING})


@functools.cache
def _later_roles(grammar: str, query_name: str, split: bool = False,
                 walked: bool = False) -> dict[str, tuple[int, str]]:
    """:func:`_capture_roles` but the roles in :data:`_READ_AT_ONCE`."""
    return {capture: role for capture, role in _capture_roles(grammar, query_name, split, walked).items()
            if role[0] not in _READ_AT_ONCE}


def _definition_order(definition: tuple[str, Node, Node | None]) -> tuple[int, int]:
    node = definition[1]
    return node.start_byte, -node.end_byte


def _fix_parents(symbols: list[RawSymbol]) -> None:
    """Plain values own no children: hoist anything nested in one to the value's parent."""
    for symbol in symbols:
        while symbol.parent > 0 and symbols[symbol.parent].kind not in SCOPE_KINDS:
            symbol.parent = symbols[symbol.parent].parent


def _declare_locals(extraction: Extraction, declared: list[tuple[int, str, LocalKind, Node, str]],
                    declared_at: list[tuple[int, int, Span]], blocks: Blocks, globals_: dict[int, set[str]],
                    statements: Blocks | None, span_at: Callable[[int, int], Span], *,
                    redeclare: bool = False, bodies: Blocks | None = None,
                    line_starts: list[int] | None = None) -> None:
    """One :class:`RawLocal` per name and region, at its first declaration in source order; a later
    assignment to the same name in the same region is a use of it (``@reference.write``).

    A ``@local.let`` exists from the end of the ``@binding`` statement around it (else from its own
    token) to the end of its region; a later ``let`` of the name shadows it, or with ``redeclare``
    (Go's ``:=``) assigns it when the block is the same.

    A local's region is the innermost ``@scope`` block around its declaration inside its owner (a
    parameter of an anonymous callback: the callback), else the whole owner; a parameter's, where the
    owner has a ``@scope.body`` after it (``bodies``), that body. A token that names a
    definition (a namespace's ``const``) declares that definition, not a local (a parameter that is also
    a field, TypeScript's ``constructor(private x: X)``, is both).

    ``declared_at`` holds each declaration's ``(start byte, end byte, span)`` (recomputed from the nodes
    when an adapter added declarations of its own). Given the file's ``line_starts`` (those ``span_at`` is
    of), the compiled extension makes the records where it is built (``declare.rs``), the same as the
    Python below."""
    if not declared:
        return
    if len(declared_at) != len(declared):
        declared_at[:] = [(*d[3].byte_range, node_span(d[3])) for d in declared]
    if _compiled is not None and line_starts is not None:
        order = _compiled.declare_locals(
            declared, declared_at, extraction.symbols, blocks, statements, bodies, globals_, line_starts, redeclare,
            RawLocal, extraction.declarations, _DECLARED_KINDS, _DEFINED_KINDS)
        declared[:] = map(declared.__getitem__, order)
        declared_at[:] = map(declared_at.__getitem__, order)
        return
    symbols = extraction.symbols
    # (a token two patterns capture is declared once, as a parameter if one of them says so)
    keys = [at[0] * 2 + (d[2] is not _PARAMETER) for d, at in zip(declared, declared_at, strict=True)]
    order = sorted(range(len(declared)), key=keys.__getitem__)
    declared[:] = [declared[i] for i in order]
    declared_at[:] = [declared_at[i] for i in order]
    seen: set[tuple[int, str, Span]] = set()
    first_of_scope: dict[int, int] = {}  # scope → the position in ``out`` of its first local
    tokens: set[int] = set()
    defined = {symbol.name_span for symbol in symbols}
    # the functions and classes defined inside a callable, by (scope, name): an assignment to one of their names
    # after them in the block around them writes that definition (``def view(): …`` then ``view = wrap(view)``),
    # as at a module's top level; it declares no local of its own (one before them is the name's declaration)
    nested: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for symbol in symbols:
        if symbol.parent > 0 and symbol.kind in _NESTING_KINDS and symbols[symbol.parent].kind in CALLABLE_KINDS:
            nested.setdefault((symbol.parent, symbol.name), []).append((symbol.start_byte, symbol.end_byte))
    block_spans: dict[tuple[int, int], Span] = {}
    out = extraction.declarations
    for (scope, name, kind, node, sequential), (start, end, span) in zip(declared, declared_at, strict=True):
        if name in globals_.get(scope, ()) or start in tokens:
            continue
        tokens.add(start)
        if span in defined and kind is not _PARAMETER:  # (a parameter property is both)
            continue
        owner = symbols[scope]
        # (a property's region is its token: no block)
        block = None if kind is _PROPERTY else blocks.innermost(start, end, (owner.start_byte, owner.end_byte))
        if kind is _PARAMETER and bodies is not None:
            block = bodies.following(end, (owner.start_byte, owner.end_byte)) or block
        if nested and kind is _VARIABLE and sequential != "let" and any(
                d_end <= start and (block is None or (block[0] <= d_start and d_end <= block[1]))
                for d_start, d_end in nested.get((scope, name), ())) and (
                node.parent is None or node.parent.child_by_field_name("type") is None):
            continue  # (a write of the nested definition; one with a type of its own, ``f: Callable = …``, declares)
        if kind is _PROPERTY:
            region = span  # (no name reaches it)
        elif block is None:  # (a parameter in a block is a closure's: ``x -> …`` where the block is the lambda)
            region = owner.span
        else:
            region = block_spans.get(block) or block_spans.setdefault(block, span_at(*block))
        if sequential == "assigned" and _visible(out, scope, name, span, first_of_scope.get(scope, len(out))):
            continue  # a write of the local already in effect there
        key = (scope, name, region)
        if sequential in ("let", "assigned"):
            within = (owner.start_byte, owner.end_byte) if block is None else block
            # (a statement around the local's own block, ``let r = match x { n => n }``, does not delay it)
            statement = statements.innermost(start, end, within) if statements is not None else None
            begin = span if statement is None else span_at(statement[1], statement[1])
            region = (begin[0], begin[1], region[2], region[3])
            if not redeclare:
                key = (scope, name, region)
        if key in seen:
            continue
        seen.add(key)
        first_of_scope.setdefault(scope, len(out))
        out.append(RawLocal(scope, name, kind, span, region))


def _visible(out: list[RawLocal], scope: int, name: str, span: Span, first: int) -> bool:
    """Is a local ``name`` of ``scope`` declared so far (``out[first:]``) in effect at ``span``?"""
    position = span[:2]
    return any(local.scope == scope and local.name == name and local.region[:2] <= position < local.region[2:]
               for local in out[first:])


def _dedupe_refs(extraction: Extraction) -> None:
    """The first of the references with the same scope, kind, text and span, in order (and each text no longer
    than :data:`CHAIN_LIMIT` names, for the references an adapter made without ``Context.add_ref``)."""
    refs = extraction.refs
    if refs and max(map(len, map(_TEXT, refs))) > CHAIN_CHARS:
        for ref in refs:
            capped = capped_chain(ref.text)
            if capped is not None:
                ref.text, ref.head_known = capped, False
    # each key's first position (read backwards: the first is written last), without a Python loop per reference
    first = dict(zip(map(_REF_KEY, reversed(refs)), range(len(refs) - 1, -1, -1), strict=True))
    if len(first) < len(refs):
        extraction.refs = list(map(refs.__getitem__, sorted(first.values())))


_REF_KEY = operator.attrgetter("scope", "kind", "text", "span")
_TEXT = operator.attrgetter("text")


_ROLE_CODES = {Role.READ: READ, Role.WRITE: WRITE}
_SCOPE_OF = operator.attrgetter("scope")
_START_BYTE, _END_BYTE = operator.attrgetter("start_byte"), operator.attrgetter("end_byte")
_NAME_SPAN, _SPAN = operator.attrgetter("name_span"), operator.attrgetter("span")
_NAME, _KIND = operator.attrgetter("name"), operator.attrgetter("kind")
_PARENT = operator.attrgetter("parent")


def _value_table(extraction: Extraction, values: dict[Span, tuple[str, int, Role, bool]], nonuse: set[Span],
                 members: dict[Span, tuple[str, int, Role, bool]] | None = None) -> None:
    """The file's value uses as :class:`ValueUses`, in source order, but for tokens another record
    says more about: a type, base or decorator reference there (that one is the use; at a call's
    token the value use stays, marked :data:`CALLED`: the name may be a variable holding the
    callable), a definition's or a local's own declaring token, or a ``@nonuse`` name; then at the same
    token, a ``@reference.member`` use (whatever else is there). The compiled extension builds the rows
    where it is built (``value_table``), the same rows as the Python below."""
    if not values and not members:
        return
    calls = {ref.span for ref in extraction.refs if ref.kind is _CALLS}
    taken = {ref.span for ref in extraction.refs if ref.kind is not _CALLS}
    taken.update(nonuse)
    taken.update(map(_NAME_SPAN, extraction.symbols))
    taken.update(d.span for d in extraction.declarations if d.kind is not _PROPERTY)
    texts, rows = extraction.values.texts, extraction.values.rows
    if _compiled is not None and rows.typecode == "i":  # (the same rows, built compiled: ``values.rs``)
        new, packed = _compiled.value_table(values, members or None, taken, calls, len(texts), _READ, _WRITE)
        texts += new
        rows.frombytes(packed)
        return
    uses = list(itertools.compress(values.items(), map(operator.not_, map(taken.__contains__, values))))
    if members:
        uses += members.items()
    uses.sort(key=_FIRST)  # (stable: at one token the value use, then the member use)
    # the rows built column by column (``map`` over the uses: no Python loop per use)
    spans = list(map(_FIRST, uses))
    records = list(map(_SECOND, uses))
    written = list(map(_FIRST, records))
    # each text once, numbered in the order it first comes
    text_ids = dict(zip(dict.fromkeys(written), itertools.count(len(texts))))
    texts += text_ids
    head_known = map(operator.mul, map(operator.truth, map(_FOURTH, records)), itertools.repeat(HEAD_KNOWN))
    flags = map(operator.or_, head_known, map(operator.mul, map(calls.__contains__, spans), itertools.repeat(CALLED)))
    columns = zip(map(text_ids.__getitem__, written), map(_SECOND, records),
                  map(_ROLE_CODES.__getitem__, map(_THIRD, records)), flags, strict=True)
    # (packed to bytes in one call: ``array.extend`` converts each integer through ``PyArg_Parse``, about
    # 400 instructions an integer: 2.2% of go-stdlib's extraction)
    flat = list(itertools.chain.from_iterable(map(operator.add, columns, spans)))
    rows.frombytes(struct.pack(f"{len(flat)}{rows.typecode}", *flat))


def _order_symbols(extraction: Extraction) -> None:
    """Put symbols in pre-order (parents first, then source order) and compute qualified names."""
    symbols = extraction.symbols
    count = len(symbols)
    parents = list(map(_PARENT, symbols))
    # each symbol's children in order (sorted among their siblings by start, then end backwards, then name, then
    # index), as one sort of the symbols by their parent then that key, made in bulk: no Python call per symbol
    keys = list(zip(parents, map(_START_BYTE, symbols), map(operator.neg, map(_END_BYTE, symbols)),
                    map(_NAME, symbols), strict=True))
    ordered = sorted(range(1, count), key=keys.__getitem__)
    children = {parent: list(kids) for parent, kids in itertools.groupby(ordered, key=parents.__getitem__)}
    order: list[int] = []
    stack = [0]
    while stack:  # (pre-order: a symbol, then its children's trees in order)
        current = stack.pop()
        order.append(current)
        kids = children.get(current)
        if kids:
            stack += reversed(kids)
    if len(order) != count:  # orphans (should not happen): keep them, in source order
        placed = set(order)
        order += [i for i in range(count) if i not in placed]
    remap = dict(zip(order, range(count), strict=True))
    reordered = list(map(symbols.__getitem__, order))
    # (each symbol's parent in the new order, -1 for none: ``remap`` holds no negative index)
    new_parents = list(map(remap.get, map(parents.__getitem__, order), itertools.repeat(-1)))
    for symbol, parent_index in zip(reordered, new_parents, strict=True):
        symbol.parent = parent_index
        parent = reordered[parent_index] if parent_index > 0 else None
        if symbol.owner is not None:
            # an item written outside its type (Rust's ``impl A``, Go's method): named by the type wherever it is
            # written (``string.A.new`` for an ``impl A`` in ``mod string``, never ``string.new``)
            symbol.qualname = f"{parent.qualname}.{symbol.owner}.{symbol.name}" if parent else \
                f"{symbol.owner}.{symbol.name}"
        else:
            symbol.qualname = f"{parent.qualname}.{symbol.name}" if parent else symbol.name
    extraction.symbols = reordered
    # (symbols defined in source order are in pre-order already: where the order stands, a scope that
    # is a symbol's index stays; only one that is none becomes 0)
    count = len(order)
    kept = order == list(range(count))
    records: list[RawRef] | list[RawImport] | list[RawLocal]
    for records in (extraction.refs, extraction.imports, extraction.declarations):
        if records and not (kept and 0 <= min(map(_SCOPE_OF, records)) and max(map(_SCOPE_OF, records)) < count):
            for record in records:
                record.scope = remap.get(record.scope, 0)
    extraction.locals = {remap[k]: v for k, v in extraction.locals.items() if k in remap}
    rows = extraction.values.rows
    if rows:  # (each use's scope, the second of its fields: one column, remapped in bulk)
        column = rows[1::VALUE_FIELDS]
        if not (kept and 0 <= min(column) and max(column) < count):
            rows[1::VALUE_FIELDS] = array(rows.typecode, map(remap.get, column, itertools.repeat(0)))
    extraction.var_types = {remap[k]: v for k, v in extraction.var_types.items() if k in remap}


def describe_syntax_error(root: Node) -> str:
    """``syntax error at line N`` for the first ERROR or MISSING node."""
    for node in _error_nodes(root):
        return _describe(node)
    return "syntax error"


def _describe(node: Node) -> str:
    if node.is_missing:
        return f"syntax error at line {node.start_point[0] + 1}: missing {node.type}"
    return f"syntax error at line {node.start_point[0] + 1}"


def block_comment_lines(body: str) -> list[str]:
    """The lines of a block comment's body (its ``/*`` and ``*/`` cut off), stripped, each without the
    ``*`` it may start with."""
    return [line[1:].strip() if line.startswith("*") else line for line in map(str.strip, body.splitlines())]


def _merge_compiled(ctx: Context, segments: list[tuple[dict[Span, tuple[str, int, Role, bool]], int, int]],
                    nodes: list[Node] | _WalkedNodes, reads: int,
                    value_reference: Callable[[Context, Node, int, Role], None]) -> None:
    """The compiled value loop's answer (``value_uses``) put into ``ctx.values`` in the Python loop's order:
    each segment's uses, one per token as :meth:`Context.add_value` keeps them (over what is there already),
    then the capture it ends at given to the adapter."""
    values = ctx.values
    for uses, index, scope in segments:
        if uses:
            if values:
                for span in uses.keys() & values.keys():
                    other, new = values[span], uses[span]
                    if not (len(new[0]) > len(other[0]) or (len(new[0]) == len(other[0]) and new[2] is _WRITE)):
                        uses[span] = other
            values.update(uses)
        if index >= 0:
            value_reference(ctx, nodes[index], scope, _WRITE if index >= reads else _READ)


class ByteRanges(Container[int]):
    """Byte offsets inside the last of some ranges that starts at or before them (``merge``: inside any),
    for an adapter's ``@adapter`` captures: ``offset in ranges`` is a bisection, no walk up the tree."""

    def __init__(self, ranges: list[tuple[int, int]], merge: bool = False) -> None:
        ranges.sort()
        if merge:
            merged: list[tuple[int, int]] = []
            for start, end in ranges:
                if merged and start <= merged[-1][1]:
                    merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
                else:
                    merged.append((start, end))
            ranges = merged
        self._starts, self.ranges = [r[0] for r in ranges], ranges

    def __contains__(self, offset: object) -> bool:
        position = bisect.bisect_right(self._starts, offset) - 1  # type: ignore[call-overload]  # (an int)
        return position >= 0 and offset < self.ranges[position][1]


def iter_named(node: Node, types: Iterable[str]) -> Iterator[Node]:
    wanted = set(types)
    for child in node.named_children:
        if child.type in wanted:
            yield child
