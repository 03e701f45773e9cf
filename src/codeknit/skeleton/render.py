"""Render a :class:`Graph` as a :class:`SktDocument` (or a part of one)."""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from codeknit.graph import EdgeKind, Graph, Relation, Resolution, Symbol, split_id
from codeknit.graph.model import Category, PropertyValue, Role
from codeknit.languages import registry
from codeknit.skeleton.document import (
    SKT_VERSION,
    EdgeLine,
    ErrorLine,
    FileSection,
    SktDocument,
    SymbolLine,
    name_token,
    quote,
)

#: a relation's place in the graph's list, in :meth:`Renderer.relations_of`'s pairs
_PLACE = operator.itemgetter(0)

#: among an ambiguous edge's candidates: the name may also denote something codeknit cannot see
UNSEEN = "?"


@dataclass(frozen=True, slots=True)
class RenderOptions:
    edges: bool = False
    #: uncertain edges are kept in parse output (the spec); a view may leave them out
    include_uncertain: bool = True


def in_skeleton(relation: Relation) -> bool:
    """Whether a relation is one of a skeleton's edges: a call, a type use, a base, a decorator, an
    import of a module, an override, a containment.

    A relation that only holds value uses (a name read, written or imported: ``roles`` without a
    ``type`` site) is left out: who reads a constant or passes a callback is in the graph JSON, the
    exports, ``find_references`` and ``neighbors``. In a skeleton such uses would cost many tokens
    (asyncio with ``--edges``: +13% with every resolved value use, +4% with those of top-level
    definitions alone) and the dependencies a skeleton shows stay those of earlier versions."""
    roles = relation.roles
    return roles is None or Role.TYPE in roles


def _string_end(text: str, start: int) -> int:
    """Where the string or character literal that opens at ``start`` ends (the index after its closing
    quote), or -1: no quote closes it, so it is no literal (C++'s ``1'000``, Scala's ``'sym``)."""
    quote = text[start]
    closer = quote * 3 if text.startswith(quote * 3, start) else quote
    index = start + len(closer)
    while True:  # (from closer to closer: a backslash before one escapes what follows it)
        close = text.find(closer, index)
        if close < 0:
            return -1
        escape = text.find("\\", index, close)
        if escape < 0:
            return close + len(closer)
        index = escape + 2


#: the subscripts whose strings are values, not forward references: all of ``Literal[…]``, and
#: ``Annotated[T, …]`` after its first item
_VALUE_SUBSCRIPTS = frozenset({"Literal", "Annotated"})


def code_ranges(text: str, quotes: str, annotation_strings: bool, *,
                expression: bool = False) -> list[tuple[int, int]]:
    """The parts of a signature (from its parameter list on) that are code: everything outside its
    string and character literals, and, where ``annotation_strings`` (Python), the code inside a string
    written where a type is expected (``x: "Console"``, ``-> "list[Node]"``), which is a forward
    reference; in ``Literal[…]``, ``Annotated[T, …]``'s metadata and default values a string is a value.
    ``expression``: ``text`` is such a string's content, an annotation from its start."""
    if not annotation_strings:  # (then only the literals count: jump from quote to quote)
        return _outside_literals(text, quotes)
    ranges: list[tuple[int, int]] = []
    # the open brackets: (closing character, the subscript's name, whether an annotation held it, items)
    stack: list[list[object]] = []
    annotation = expression
    in_default = False
    start = index = 0
    while index < len(text):
        char = text[index]
        if char in quotes:
            end = _string_end(text, index)
            if end < 0:
                index += 1
                continue
            if start < index:
                ranges.append((start, index))
            if annotation_strings and annotation and not any(
                    name == "Literal" or (name == "Annotated" and items) for _, name, _, items in stack):
                width = 3 if end - index >= 6 and text.startswith(char * 3, index) else 1
                ranges.extend((index + width + a, index + width + b) for a, b in code_ranges(
                    text[index + width:end - width], quotes, True, expression=True))
            start = index = end
            continue
        if not annotation_strings:
            index += 1
            continue
        # (a parameter's annotation and default, or a variable's: ``name: T = value``)
        parameters = not expression and (not stack or len(stack) == 1 and stack[0][0] == ")")
        if char in "([{":
            head = text[:index].rstrip()
            name = head[len(head.rstrip("_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")):]
            opens_parameters = not expression and not stack and char == "("
            stack.append([")]}"["([{".index(char)], name if char == "[" and name in _VALUE_SUBSCRIPTS else "",
                          annotation, 0])
            if opens_parameters:
                annotation = in_default = False
        elif stack and char == stack[-1][0]:
            annotation = bool(stack.pop()[2])
        elif char == ",":
            if parameters:
                annotation = in_default = False
            elif stack:
                stack[-1][3] = 1
        elif char == ":" and parameters and not in_default:
            annotation = True
        elif char == "=" and parameters and text[index + 1:index + 2] != "=" and text[index - 1:index] not in "!<>=:":
            annotation, in_default = False, True
        elif text.startswith("->", index) and not stack and not expression:
            annotation = True
        index += 1
    if start < len(text):
        ranges.append((start, len(text)))
    return ranges


def _outside_literals(text: str, quotes: str) -> list[tuple[int, int]]:
    """:func:`code_ranges` of a language whose strings are all values: the parts outside its literals. A
    signature is mostly code, so the quotes are searched for, not each character tested (on effect's
    skeletons a character loop took about a second)."""
    ranges: list[tuple[int, int]] = []
    search = _quote_search(quotes)
    start = index = 0
    while search is not None and (found := search(text, index)) is not None:
        index = found.start()
        end = _string_end(text, index)
        if end < 0:  # (no literal: the quote is code)
            index += 1
            continue
        if start < index:
            ranges.append((start, index))
        start = index = end
    if start < len(text):
        ranges.append((start, len(text)))
    return ranges


@functools.cache
def _quote_search(quotes: str) -> Callable[[str, int], re.Match[str] | None] | None:
    """The search for the next of ``quotes`` in a text from a position (None: the language has none)."""
    return re.compile(f"[{re.escape(quotes)}]").search if quotes else None


def replace_name(code: str, name: str, short: str) -> str:
    """``code`` with each ``name`` written there as a whole name replaced by ``short``: not after a name's
    character, ``.`` or ``$`` (a member, another name's tail), not before a name's character or ``$``, and not
    before ``.`` and a name's character (the qualifier of a longer name). A name's character is what
    ``str.isalnum`` takes, and ``_``: the regular expression ``\\w``. Searched for, not matched by an
    expression made for each name: a run's skeletons hold thousands of names, which no cache of compiled
    expressions keeps (on effect compiling them took about a second)."""
    width = len(name)
    parts: list[str] = []
    done = 0
    at = code.find(name)
    while at != -1:
        end = at + width
        before = code[at - 1] if at else ""
        after = code[end:end + 1]
        whole = not (before and (before.isalnum() or before in "_.$")) and not (after and (
            after.isalnum() or after in "_$" or (after == "." and _name_char(code[end + 1:end + 2]))))
        if whole:
            parts.append(code[done:at])
            parts.append(short)
            done = end
            at = code.find(name, end)
        else:
            at = code.find(name, at + 1)
    if not parts:
        return code
    parts.append(code[done:])
    return "".join(parts)


def _name_char(char: str) -> bool:
    return bool(char) and (char.isalnum() or char == "_")


#: a symbol line is one line, whatever a name holds (a module named after "a\nb.py")
_ONE_LINE = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): " "}


def one_line(text: str) -> str:
    """``text`` on one line: a line break written as its escape, a tab as a space. Asked first whether it has
    any (``str.translate`` looks each character up in the table: on effect's skeletons 0.3 s, for the few
    signatures that hold one)."""
    if "\n" in text or "\r" in text or "\t" in text:
        return text.translate(_ONE_LINE)
    return text


def property_items(properties: dict[str, PropertyValue]) -> list[str]:
    items: list[str] = []
    for key, value in properties.items():
        if value is True:
            items.append(key)
        elif value is False:
            items.append(f"{key}=false")
        elif isinstance(value, tuple):
            items.append(f"{key}=[{', '.join(value)}]")
        else:
            items.append(f"{key}={value}")
    return items


class Renderer:
    """Turns graph parts into document lines; shared by every output mode."""

    def __init__(self, graph: Graph, options: RenderOptions | None = None) -> None:
        self.graph = graph
        self.options = options or RenderOptions()
        #: by source, each type name's target. Where one name has several targets (TypeScript's interface
        #: ``Struct`` and the namespace merged with it, which qualifies ``Struct.Fields``), a target that is no
        #: module or namespace: a name is replaced only where it stands alone, never as a qualifier; among such
        #: targets the first relation's in the graph's order, so that no hash seed picks one
        self._type_refs: dict[str, dict[str, Symbol]] = {}
        for relation in graph.relations:
            # (type names only: a value read of the same name, ``items_[N]``, says nothing of a signature)
            if relation.kind is EdgeKind.REFERENCES and relation.resolution is Resolution.RESOLVED \
                    and in_skeleton(relation) and relation.text:
                target = graph.get(relation.target)
                if target is None or not target.short:
                    continue
                named = self._type_refs.setdefault(relation.source, {})
                known = named.get(relation.text)
                if known is None or (known.kind.category is Category.MODULE
                                     and target.kind.category is not Category.MODULE):
                    named[relation.text] = target
        #: each source's relations with their places in ``graph.relations`` (made when first needed)
        self._by_source: dict[str, list[tuple[int, Relation]]] | None = None

    def relations_of(self, symbols: Iterable[Symbol]) -> list[Relation]:
        """The relations whose source is one of ``symbols``, in the graph's order: the work is
        proportional to those relations, not to the graph's (a file split into many documents
        would otherwise scan every relation once per document)."""
        by_source = self._sources()
        found = [item for symbol in symbols for item in by_source.get(symbol.id, ())]
        found.sort(key=_PLACE)
        return [relation for _, relation in found]

    def edge_count(self, symbol: Symbol) -> int:
        """How many edge lines the relations of ``symbol`` make (``len(self.edge_lines(self.relations_of([symbol])))``)
        without writing them: one a kind, resolution and candidates. A directory's chunks are planned by every
        symbol's count (on effect, writing each symbol's lines to count them took about half of writing its
        skeletons with ``--edges``)."""
        items = self._sources().get(symbol.id)
        if not items:
            return 0
        if self.options.include_uncertain:
            return len({(r.kind, r.resolution, r.candidates) for _, r in items})
        return len({(r.kind, r.resolution, r.candidates) for _, r in items if r.resolution is Resolution.RESOLVED})

    def _sources(self) -> dict[str, list[tuple[int, Relation]]]:
        if self._by_source is None:
            self._by_source = {}
            for number, relation in enumerate(self.graph.relations):
                if not in_skeleton(relation):
                    continue
                self._by_source.setdefault(relation.source, []).append((number, relation))
        return self._by_source

    def signature(self, symbol: Symbol) -> str:
        """The signature with type names that resolve replaced by short ids."""
        signature = symbol.signature or symbol.name
        refs = self._type_refs.get(symbol.id)
        if not refs:
            return signature
        cut = len(symbol.name) if signature.startswith(symbol.name) else 0
        head, tail = signature[:cut], signature[cut:]
        present = sorted(((text, target.short) for text, target in refs.items() if text in tail),
                         key=lambda ref: (-len(ref[0]), ref[0]))
        if not present:  # (a module's references are many, its signature short)
            return signature
        spec = registry.get(symbol.language)
        ranges = code_ranges(tail, spec.quotes, spec.annotation_strings) if spec is not None \
            else [(0, len(tail))]
        # (a name inside a string literal is text: ``Literal["red"]`` is no use of a class ``red``)
        parts: list[str] = []
        done = 0
        for start, end in ranges:
            parts.append(tail[done:start])
            code = tail[start:end]
            for text, short in present:
                if text in code:
                    code = replace_name(code, text, short)
            parts.append(code)
            done = end
        parts.append(tail[done:])
        return head + "".join(parts)

    def symbol_line(self, symbol: Symbol) -> SymbolLine:
        return SymbolLine(
            short=symbol.short,
            kind=symbol.kind.label,
            start=symbol.span[0],
            end=symbol.span[2],
            signature=one_line(self.signature(symbol)),
            properties=[one_line(item) for item in property_items(symbol.properties)],
        )

    def file_sections(self, symbols: Iterable[Symbol]) -> list[FileSection]:
        sections: list[FileSection] = []
        for symbol in symbols:
            if not sections or sections[-1].path != symbol.path:
                sections.append(FileSection(symbol.path))
            sections[-1].symbols.append(self.symbol_line(symbol))
        return sections

    def _endpoint(self, full_id: str, source_path: str, *, is_symbol: bool = True) -> str:
        short = self.graph.short_of(full_id) if is_symbol else None
        if short:
            return short
        path, name = split_id(full_id)
        if path == source_path and name:
            return name_token(name, source_path)
        return quote(full_id)

    def edge_lines(self, relations: Iterable[Relation]) -> list[EdgeLine]:
        """Group relations that share source, kind, resolution and candidates, keeping order."""
        groups: dict[tuple[str, EdgeKind, Resolution, tuple[str, ...]], EdgeLine] = {}
        targets: dict[tuple[str, EdgeKind, Resolution, tuple[str, ...]], set[str]] = {}
        include_uncertain, endpoint = self.options.include_uncertain, self.graph.endpoint
        last_source, source_path = None, ""
        for relation in relations:
            if relation.resolution is not Resolution.RESOLVED and not include_uncertain:
                continue
            key = (relation.source, relation.kind, relation.resolution, relation.candidates)
            if relation.source is not last_source:  # (a source's relations come together)
                last_source = relation.source
                source_path = split_id(last_source)[0]
            line = groups.get(key)
            if line is None:
                source = self.graph.short_of(relation.source) or quote(relation.source)
                status = None if relation.resolution is Resolution.RESOLVED else relation.resolution.value
                candidates = [self._endpoint(c, source_path) for c in relation.candidates]
                if relation.resolution is Resolution.AMBIGUOUS and len(candidates) == 1:
                    # one definition is left, and something codeknit cannot see (a value of unknown
                    # type, a definition outside the project): say so, or it reads as a fact
                    candidates.append(UNSEEN)
                line = groups[key] = EdgeLine(source, relation.kind.value, status, [], candidates)
                targets[key] = set()
            found = endpoint(relation)  # (the graph asked once for both: is it a symbol, and its short id)
            target = (found.short if found is not None else "") or \
                self._endpoint(relation.target, source_path, is_symbol=False)
            seen = targets[key]
            if target not in seen:  # (a set: a module may call thousands of targets)
                seen.add(target)
                line.targets.append(target)
        return list(groups.values())

    def meta(self, chunk: tuple[int, int] | None = None) -> list[tuple[str, str]]:
        meta = [("format", f"skt {SKT_VERSION}"), ("run", self.graph.fingerprint or "-")]
        if chunk is not None:
            meta.append(("chunk", f"{chunk[0]}/{chunk[1]}"))
        return meta

    def document(
        self,
        symbols: Iterable[Symbol] | None = None,
        *,
        errors: bool = True,
        chunk: tuple[int, int] | None = None,
    ) -> SktDocument:
        chosen = list(self.graph.symbols if symbols is None else symbols)
        doc = SktDocument(meta=self.meta(chunk), files=self.file_sections(chosen))
        if self.options.edges:
            doc.has_edges = True
            doc.edges = self.edge_lines(self.relations_of(chosen))
        if errors:
            doc.errors = [ErrorLine(e.path, e.message) for e in self.graph.errors]
        return doc


def render(graph: Graph, *, edges: bool = False) -> SktDocument:
    """The whole graph as one document."""
    return Renderer(graph, RenderOptions(edges=edges)).document()
