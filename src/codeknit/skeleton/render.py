"""Render a :class:`Graph` as a :class:`SktDocument` (or a part of one)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from codeknit.graph import EdgeKind, Graph, Relation, Resolution, Symbol, split_id
from codeknit.graph.model import PropertyValue, Role
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


#: a symbol line is one line, whatever a name holds (a module named after "a\nb.py")
_ONE_LINE = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): " "}


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
        self._type_refs: dict[str, list[tuple[str, str]]] = {}
        for relation in graph.relations:
            # (type names only: a value read of the same name, ``items_[N]``, says nothing of a signature)
            if relation.kind is EdgeKind.REFERENCES and relation.resolution is Resolution.RESOLVED \
                    and in_skeleton(relation):
                short = graph.short_of(relation.target)
                if short and relation.text:
                    self._type_refs.setdefault(relation.source, []).append((relation.text, short))
        #: each source's relations with their places in ``graph.relations`` (made when first needed)
        self._by_source: dict[str, list[tuple[int, Relation]]] | None = None

    def relations_of(self, symbols: Iterable[Symbol]) -> list[Relation]:
        """The relations whose source is one of ``symbols``, in the graph's order: the work is
        proportional to those relations, not to the graph's (a file split into many documents
        would otherwise scan every relation once per document)."""
        if self._by_source is None:
            self._by_source = {}
            for number, relation in enumerate(self.graph.relations):
                if not in_skeleton(relation):
                    continue
                self._by_source.setdefault(relation.source, []).append((number, relation))
        found = [item for symbol in symbols for item in self._by_source.get(symbol.id, ())]
        found.sort(key=lambda item: item[0])
        return [relation for _, relation in found]

    def signature(self, symbol: Symbol) -> str:
        """The signature with type names that resolve replaced by short ids."""
        signature = symbol.signature or symbol.name
        refs = self._type_refs.get(symbol.id)
        if not refs:
            return signature
        cut = len(symbol.name) if signature.startswith(symbol.name) else 0
        head, tail = signature[:cut], signature[cut:]
        for text, short in sorted(set(refs), key=lambda r: (-len(r[0]), r[0])):
            if text in tail:  # (a module's references are many, its signature short)
                tail = re.sub(rf"(?<![\w.$]){re.escape(text)}(?![\w$]|\.\w)", short, tail)
        return head + tail

    def symbol_line(self, symbol: Symbol) -> SymbolLine:
        return SymbolLine(
            short=symbol.short,
            kind=symbol.kind.label,
            start=symbol.span[0],
            end=symbol.span[2],
            signature=self.signature(symbol).translate(_ONE_LINE),
            properties=[item.translate(_ONE_LINE) for item in property_items(symbol.properties)],
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
        for relation in relations:
            if relation.resolution is not Resolution.RESOLVED and not self.options.include_uncertain:
                continue
            key = (relation.source, relation.kind, relation.resolution, relation.candidates)
            source_path = split_id(relation.source)[0]
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
            target = self._endpoint(relation.target, source_path, is_symbol=self.graph.is_endpoint(relation))
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
