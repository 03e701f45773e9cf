"""SCIP, the protobuf successor of LSIF: one ``Document`` per file, streamed one at a time.

Each definition is an occurrence with its name range and its enclosing range
(role Definition); each use an occurrence at its token with the ReadAccess role,
or WriteAccess where it is assigned (plus Import at an import site); each C/C++
declaration site of a definition an occurrence with the ForwardDefinition role
(0x40). An ambiguous use is one occurrence per candidate, each carrying an
Information diagnostic with the code ``ambiguous``: no candidate is claimed as
the answer. Parameters, locals and type parameters are ``local N`` symbols of
their document (a definition occurrence and one per use). Every symbol defined
in a file has a ``SymbolInformation`` there; external symbols with an identity
are listed once, in ``external_symbols``. Positions are 0-based lines and UTF-8
byte offsets, which are the graph's own columns: no source file is needed.

Symbols read ``codeknit . <project> . <descriptor>``: scheme ``codeknit``, an
empty manager (``.``), the project (the sub-root the definition belongs to)
as the package name, an empty version (``.``), then the qualified name as one
backtick-escaped descriptor with its suffix: ``#`` for a type, ``().`` for a
callable, ``(`…`)`` for a (type) parameter, ``.`` for everything else. When two
definitions of different kinds would share a symbol, the primary kind (the
first in :class:`~codeknit.graph.SymbolKind` order: a class before a type
alias) keeps it and the others are written under a ``<kind>/`` namespace.
See ``docs/exporters.md`` for the qualified names per language.

The Index is written field by field: the metadata, then each document as soon
as it is encoded, then the external symbols, so only one document is ever in
memory.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from codeknit.exporters.base import GraphSource, load_graph
from codeknit.exporters.lsif import moniker_scheme
from codeknit.exporters.navigation import (
    FORWARD,
    IMPORT,
    WRITE,
    Ambiguous,
    Anonymous,
    External,
    FileIndex,
    Navigation,
    naming_of,
)
from codeknit.exporters.protobuf import Message, length_delimited_field, length_delimited_header
from codeknit.exporters.warnings import ExportWarning, Warnings
from codeknit.graph import Category, EdgeKind, Graph, Span, Symbol, SymbolKind
from codeknit.graph.model import LocalKind, Role
from codeknit.languages import registry
from codeknit.version import __version__

# SymbolRole
DEFINITION, IMPORT_ROLE, WRITE_ACCESS, READ_ACCESS, FORWARD_DEFINITION = 0x1, 0x2, 0x4, 0x8, 0x40
UTF8_CODE_UNIT_OFFSET_FROM_LINE_START = 1
TEXT_ENCODING_UTF8 = 1

#: SymbolInformation.Kind numbers of the public SCIP schema
SCIP_KINDS: dict[SymbolKind, int] = {
    SymbolKind.MODULE: 29, SymbolKind.PACKAGE: 35, SymbolKind.NAMESPACE: 30,
    SymbolKind.CLASS: 7, SymbolKind.INTERFACE: 21, SymbolKind.STRUCT: 49, SymbolKind.ENUM: 11,
    SymbolKind.UNION: 59, SymbolKind.TRAIT: 53, SymbolKind.RECORD: 7, SymbolKind.ANNOTATION: 4,
    SymbolKind.TYPE_ALIAS: 55, SymbolKind.FUNCTION: 17, SymbolKind.METHOD: 26, SymbolKind.CONSTRUCTOR: 9,
    SymbolKind.GETTER: 18, SymbolKind.SETTER: 45, SymbolKind.MACRO: 25, SymbolKind.VARIABLE: 61,
    SymbolKind.CONSTANT: 8, SymbolKind.FIELD: 15, SymbolKind.PROPERTY: 41, SymbolKind.ENUM_MEMBER: 12,
    SymbolKind.TYPE_PARAMETER: 58, SymbolKind.FILE: 16,
}
_EXTERNAL_KINDS = {"callable": 17, "type": 54, "term": 0}
#: SymbolInformation.Kind of a local symbol, by what it declares
_LOCAL_KINDS = {LocalKind.PARAMETER: 37, LocalKind.VARIABLE: 61, LocalKind.TYPE_PARAMETER: 58,
                LocalKind.PROPERTY: 41}
#: Diagnostic.Severity Information
_INFORMATION = 3

_KIND_ORDER = {kind: i for i, kind in enumerate(SymbolKind)}


def scip_language(language: str) -> str:
    """``Document.language``: the name of SCIP's ``Language`` enum value (from the language's spec)."""
    spec = registry.get(language)
    return (spec.scip_name if spec is not None else "") or language


def escape_name(name: str) -> str:
    """A descriptor name, always backtick-escaped (a backtick inside is doubled)."""
    return "`" + name.replace("`", "``") + "`"


def escape_package(part: str) -> str:
    """A scheme, manager, package name or version: spaces doubled, ``.`` when empty."""
    return part.replace(" ", "  ") if part else "."


def suffixed(kind: SymbolKind, qualified: str) -> str:
    name = escape_name(qualified)
    if kind is SymbolKind.TYPE_PARAMETER:
        return f"({name})"
    if kind.category is Category.TYPE:
        return name + "#"
    if kind.category is Category.CALLABLE:
        return name + "()."
    return name + "."


def external_symbol(external: External) -> str:
    suffix = {"callable": "().", "type": "#"}.get(external.role, ".")
    scheme = moniker_scheme(external.language, stdlib=external.stdlib)
    return (f"codeknit {escape_package(scheme)} {escape_package(external.package)} "
            f". {escape_name(external.name)}{suffix}")


class SymbolNames:
    """The SCIP symbol of every definition of the graph (see the module docstring)."""

    def __init__(self, graph: Graph, nav: Navigation) -> None:
        self.graph = graph
        self.nav = nav
        self.module_names = {s.path: s.name for s in graph.symbols if s.parent is None}
        self.default_project = graph.projects[0].name if graph.projects else (graph.root or "root")
        self._symbols: dict[str, str] = {}
        groups: dict[tuple[str, str], list[Symbol]] = defaultdict(list)
        for symbol in graph.symbols:
            if nav.is_definition(symbol):
                groups[(self.project(symbol), suffixed(symbol.kind, self.qualified_name(symbol)))].append(symbol)
        for (project, descriptor), members in groups.items():
            primary = min((s.kind for s in members), key=_KIND_ORDER.__getitem__)
            for symbol in members:
                namespace = "" if symbol.kind is primary else f"{symbol.kind.value}/"
                self._symbols[symbol.id] = f"codeknit . {escape_package(project)} . {namespace}{descriptor}"

    def project(self, symbol: Symbol) -> str:
        project = self.graph.project_of(symbol.path)
        return project.name if project is not None else self.default_project

    def qualified_name(self, symbol: Symbol) -> str:
        """The name that identifies ``symbol`` within its project."""
        qualname = symbol.qualname
        naming = naming_of(symbol.language)
        top_level = symbol.parent is None
        if naming.scheme == "package":
            package = self.nav.package_paths.get(self.nav.canonical_id(symbol.id))
            if top_level and symbol.kind is SymbolKind.PACKAGE:
                return package or symbol.name
            return f"{self._package_of(symbol)}.{qualname}"
        if naming.scheme == "module":
            if top_level:
                return symbol.name
            return f"{self.module_names.get(symbol.path, symbol.path)}.{qualname}"
        if top_level and symbol.kind.category in (Category.MODULE, Category.META):
            return symbol.path
        if naming.scheme == "file":
            return f"{symbol.path}::{qualname}"
        if naming.file_local_static and symbol.properties.get("static") is True and symbol.parent == symbol.path:
            return f"{symbol.path}::{qualname}"
        return qualname

    def _package_of(self, symbol: Symbol) -> str:
        top = self.graph.get(symbol.path)
        if top is not None:
            package = self.nav.package_paths.get(self.nav.canonical_id(top.id))
            if package:
                return package
        return symbol.path.rsplit("/", 1)[0] if "/" in symbol.path else "."

    def of(self, symbol_id: str) -> str | None:
        return self._symbols.get(symbol_id)


def _range(span: Span) -> list[int]:
    start_line, start_col, end_line, end_col = span
    if start_line == end_line:
        return [start_line - 1, start_col, end_col]
    return [start_line - 1, start_col, end_line - 1, end_col]


#: how many of a document's fields go to one write (each a few dozen bytes: one write each would cost more than
#: the encoding)
_FIELDS_PER_WRITE = 4096


def _occurrence_field(occurrence: Message) -> bytes:
    """An ``Occurrence`` as its ``Document`` holds it: field 2, encoded."""
    return length_delimited_field(2, occurrence.serialize())


def _occurrence_order(item: tuple[Span, int, bytes]) -> tuple[Span, int]:
    """Occurrences by position, and at one position a definition before a use."""
    return item[0], item[1]


class _ScipExport:
    def __init__(self, graph: Graph, out: IO[bytes], source_root: Path | None, warnings: Warnings) -> None:
        self.graph = graph
        self.out = out
        self.nav = Navigation(graph)
        self.names = SymbolNames(graph, self.nav)
        self.warnings = warnings
        self.source_root = source_root
        self.externals: dict[str, External] = {}
        self.unnamed = 0
        self.ambiguous = 0

    def metadata(self) -> Message:
        tool = Message().string(1, "codeknit").string(2, __version__).strings(3, ["export", "-f", "scip"])
        root = self.source_root.resolve().as_uri() if self.source_root else "file:///" + (self.graph.root or "root")
        return Message().message(2, tool).string(3, root + "/").varint_field(4, TEXT_ENCODING_UTF8)

    def symbol_information(self, symbol: Symbol, scip_symbol: str) -> Message:
        info = Message().string(1, scip_symbol)
        qualified = self.names.qualified_name(symbol)
        language = symbol.language
        header = f"```{language}\n({symbol.kind.value}) {qualified}\n```"
        docs = [header]
        if symbol.signature and symbol.signature not in (symbol.name, symbol.qualname):
            docs.append(f"```{language}\n{symbol.signature}\n```")
        doc = self.nav.doc_of(symbol)
        if doc:
            docs.append(doc)
        info.strings(3, docs)
        for relation in self.graph.outgoing(symbol.id, (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.OVERRIDES)):
            if not self.graph.is_endpoint(relation):
                continue
            parent = self.names.of(self.nav.canonical_id(relation.target))
            if parent is None:
                continue
            relationship = Message().string(1, parent)
            relationship.varint_field(2, relation.kind is EdgeKind.OVERRIDES)
            relationship.varint_field(3, 1)
            info.message(4, relationship)
        info.varint_field(5, SCIP_KINDS.get(symbol.kind, 0)).string(6, symbol.name)
        if symbol.parent is not None:
            enclosing = self.names.of(self.nav.canonical_id(symbol.parent))
            if enclosing:
                info.string(8, enclosing)
        return info

    def document(self, index: FileIndex) -> list[bytes]:
        """The fields of the file's ``Document`` message, each encoded, in order: the message is their
        concatenation. Each occurrence is encoded as it is made, and the document is written a field at a time
        (:meth:`run`): a file of many uses (sympy's ``bench_solvers.py``: 85,000, a 58 MB document) is never held
        as occurrence objects beside its bytes, nor copied whole to be framed."""
        occurrences: list[tuple[Span, int, bytes]] = []
        infos: dict[str, Message] = {}
        for definition in index.definitions:
            scip_symbol = self.names.of(definition.symbol.id)
            if scip_symbol is None:
                continue
            occurrence = Message().packed(1, _range(definition.range)).string(2, scip_symbol)
            occurrence.varint_field(3, DEFINITION).packed(7, _range(definition.enclosing))
            occurrences.append((definition.range, 0, _occurrence_field(occurrence)))
            if scip_symbol not in infos:
                infos[scip_symbol] = self.symbol_information(definition.symbol, scip_symbol)
        for use in index.uses:
            target = use.target
            roles = FORWARD_DEFINITION if use.role == FORWARD else WRITE_ACCESS if use.role == WRITE else READ_ACCESS
            if use.role == IMPORT:
                roles |= IMPORT_ROLE
            if isinstance(target, str):
                scip_symbol = self.names.of(target)
                if scip_symbol is None:
                    continue
            elif isinstance(target, External):
                scip_symbol = external_symbol(target)
                self.externals.setdefault(scip_symbol, target)
            elif isinstance(target, Ambiguous):
                # one occurrence per candidate, each saying it is one of several: a reader that picks
                # the first would claim a guess, so none of them is written as the answer
                candidates = [name for name in map(self.names.of, target.candidates) if name is not None]
                if not candidates:
                    self.ambiguous += 1
                    continue
                note = Message().varint_field(1, _INFORMATION).string(2, "ambiguous")
                note.string(3, f"one of {len(candidates)} candidates: the analysis cannot tell which "
                               f"`{target.text}` means").string(4, "codeknit")
                for candidate in candidates:
                    occurrence = Message().packed(1, _range(use.span)).string(2, candidate).varint_field(3, roles)
                    occurrences.append((use.span, 1, _occurrence_field(occurrence.message(6, note))))
                continue
            else:
                assert isinstance(target, Anonymous)
                self.unnamed += 1
                continue
            occurrence = Message().packed(1, _range(use.span)).string(2, scip_symbol).varint_field(3, roles)
            occurrences.append((use.span, 1, _occurrence_field(occurrence)))
        for number, local in enumerate(index.locals):
            local_symbol = f"local {number}"
            declaring = Message().packed(1, _range(local.span)).string(2, local_symbol).varint_field(3, DEFINITION)
            occurrences.append((local.span, 0, _occurrence_field(declaring)))
            local_roles = local.roles
            for position, span in enumerate(local.use_spans()):
                role = Role.READ if local_roles is None else local_roles[position]
                occurrence = Message().packed(1, _range(span)).string(2, local_symbol)
                occurrence.varint_field(3, WRITE_ACCESS if role is Role.WRITE else READ_ACCESS)
                occurrences.append((span, 1, _occurrence_field(occurrence)))
            info = Message().string(1, local_symbol)
            info.strings(3, [f"```{index.language}\n({local.kind.value}) {local.name}\n```"])
            info.varint_field(5, _LOCAL_KINDS[local.kind]).string(6, local.name)
            enclosing = self.names.of(self.nav.canonical_id(local.scope))
            if enclosing:
                info.string(8, enclosing)
            infos[local_symbol] = info
        occurrences.sort(key=_occurrence_order)
        fields = [Message().string(1, index.path).serialize(), *(field for _, _, field in occurrences)]
        del occurrences
        fields += (length_delimited_field(3, info.serialize()) for info in infos.values())
        tail = Message().string(4, scip_language(index.language))
        fields.append(tail.varint_field(6, UTF8_CODE_UNIT_OFFSET_FROM_LINE_START).serialize())
        return fields

    def external_information(self, scip_symbol: str, external: External) -> bytes:
        origin = "external, stdlib" if external.stdlib else "external"
        info = Message().string(1, scip_symbol)
        info.strings(3, [f"```{external.language}\n{external.name}\n```", f"({origin})"])
        info.varint_field(5, _EXTERNAL_KINDS.get(external.role, 0)).string(6, external.name.rsplit(".", 1)[-1])
        return info.serialize()

    def run(self) -> None:
        out = self.out
        out.write(length_delimited_field(1, self.metadata().serialize()))
        write = out.write
        for index in self.nav.files():
            fields = self.document(index)
            write(length_delimited_header(2, sum(map(len, fields))))
            for start in range(0, len(fields), _FIELDS_PER_WRITE):
                write(b"".join(fields[start:start + _FIELDS_PER_WRITE]))
            del fields
        for scip_symbol in sorted(self.externals):
            out.write(length_delimited_field(3, self.external_information(scip_symbol, self.externals[scip_symbol])))
        add = self.warnings.add
        if self.unnamed:
            add("unnamed-reference", "references whose target the resolver could not name (a member of a value "
                "of unknown type, an unknown local) have no identity to index: left out", self.unnamed)
        if self.ambiguous:
            add("ambiguous-reference", "references with several candidate targets, none of which has a SCIP "
                "symbol: left out", self.ambiguous)
        if self.nav.left_out_modules:
            add("module-without-file", "references to a module without a file (a namespace package) left out",
                self.nav.left_out_modules)
        if self.graph.options.get("resolve") is False:
            add("no-references", "the graph was built without resolution (--no-resolve): the index holds "
                "definitions only, no references")


def export(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the SCIP index of the graph to ``out`` (binary); return the warnings."""
    graph = load_graph(source, languages)
    warnings = Warnings()
    if symbol is not None:
        warnings.add("symbol-ignored", "--symbol applies to dot, mermaid and csv; the SCIP index holds everything")
    _ScipExport(graph, out, Path(source_root) if source_root is not None else None, warnings).run()
    return warnings.list()


__all__ = ["SCIP_KINDS", "SymbolNames", "escape_name", "export", "external_symbol"]
