"""LSIF 0.4.3, as JSON Lines: go to definition, find references and hover without a language server.

The dump is written document by document. For each file: a ``document``
vertex with its ``languageId``, a ``range`` per definition (the identifier, from
``name_span``; a module or C/C++ file at 0:0, zero-width) and per use site (from
the relations' spans), a ``contains`` edge, a ``next`` edge from every range to
the ``resultSet`` of what it denotes, and ``item`` edges that put this
document's ranges into the ``definitionResult`` and ``referenceResult`` of each
symbol. A symbol's result set, its results and its ``hoverResult`` are written
the first time any document needs them, so every edge points back at vertices
already written and nothing is held but a few ids per symbol.

External symbols get a result set and a hover named after them ("external",
"stdlib"); those with an identity (an imported module's member, a builtin)
share one across the dump and carry an ``import`` moniker; anonymous ones (a
method of an untyped receiver) get one per site. An ambiguous use gets a hover
listing its candidates and claims none of them. Parameters, local variables and
type parameters (the graph's ``locals``) get a result set of their own, local to
their document: a definition range, reference ranges and a hover, no moniker.

:func:`check` verifies the structural rules consumers rely on: ascending ids,
edges that point only backwards, ``item`` edges whose ranges lie in their
document.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote

import orjson

from codeknit.exporters.base import GraphSource, file_languages, load_graph
from codeknit.exporters.navigation import (
    INVOKES,
    Ambiguous,
    Anonymous,
    Definition,
    External,
    FileIndex,
    Navigation,
    Use,
    is_degraded,
    naming_of,
)
from codeknit.exporters.positions import SourceLines, lsp_range, read_source
from codeknit.exporters.warnings import ExportWarning, Warnings
from codeknit.graph import Graph, Span, Symbol
from codeknit.languages import registry
from codeknit.version import __version__

LSIF_VERSION = "0.4.3"

def language_id(language: str, path: str = "") -> str:
    """The LSP language identifier of a file (its spec's; the extension decides for TSX and JSX)."""
    return registry.language_id(language, path)


def moniker_scheme(language: str, *, stdlib: bool = False) -> str:
    """The package manager of a language, as a moniker scheme (its spec's; else the language's name);
    for its standard library the language's own scheme."""
    return registry.moniker_scheme(language, stdlib=stdlib)


class _Writer:
    """Writes LSIF elements as JSON lines with ascending ids, a batch of lines at a time (:meth:`finish` writes
    the last): a dump is millions of short lines, and each write to the output is a call of its own (on effect's
    2.6 million lines the writes, with the CLI's hashing of what it writes, were about a tenth of the export)."""

    BATCH = 256

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self.last_id = 0
        self.lines: list[bytes] = []

    def _emit(self, element: dict[str, Any]) -> int:
        self.last_id += 1
        element = {"id": self.last_id, **element}
        lines = self.lines
        lines.append(orjson.dumps(element, option=orjson.OPT_APPEND_NEWLINE))
        if len(lines) >= self.BATCH:
            self.finish()
        return self.last_id

    def finish(self) -> None:
        """Write the lines not written yet."""
        if self.lines:
            self.out.write(b"".join(self.lines))
            self.lines.clear()

    def vertex(self, label: str, **fields: Any) -> int:
        return self._emit({"type": "vertex", "label": label, **fields})

    def edge(self, label: str, out_v: int, in_vs: int | list[int], **fields: Any) -> int:
        target = {"inVs": in_vs} if isinstance(in_vs, list) else {"inV": in_vs}
        return self._emit({"type": "edge", "label": label, "outV": out_v, **target, **fields})


class _Results:
    """The result set, definition result and reference result of one symbol (ids), written on first need."""

    __slots__ = ("definitions", "references", "result_set")

    def __init__(self, result_set: int, definitions: int | None, references: int | None) -> None:
        self.result_set = result_set
        self.definitions = definitions
        self.references = references


def hover_name(symbol: Symbol, module_names: dict[str, str]) -> str:
    """The name a hover shows: members of languages named by module (Python) qualified by their
    module, others by their qualname."""
    if (symbol.parent is not None and symbol.path in module_names
            and naming_of(symbol.language).scheme == "module"):
        return f"{module_names[symbol.path]}.{symbol.qualname}"
    return symbol.qualname or symbol.name


class _LsifExport:
    def __init__(self, graph: Graph, out: IO[bytes], source_root: Path | None, warnings: Warnings) -> None:
        self.graph = graph
        self.nav = Navigation(graph)
        self.writer = _Writer(out)
        self.source_root = source_root
        self.warnings = warnings
        self.results: dict[object, _Results] = {}
        self.module_names = {s.path: s.name for s in graph.symbols if s.parent is None}
        self.undocumented = 0
        self.conflicts = 0
        if source_root is not None:
            self.root_uri = source_root.resolve().as_uri().rstrip("/")
        else:
            self.root_uri = "file:///" + quote(graph.root or "root")

    # -- results ---------------------------------------------------------------------

    def _hover(self, result_set: int, contents: list[Any]) -> None:
        hover = self.writer.vertex("hoverResult", result={"contents": contents})
        self.writer.edge("textDocument/hover", result_set, hover)

    def _defined_results(self) -> tuple[int, int, int]:
        """A result set with its definition and reference results: ``(result set, definitions, references)``."""
        w = self.writer
        result_set = w.vertex("resultSet")
        definitions = w.vertex("definitionResult")
        w.edge("textDocument/definition", result_set, definitions)
        references = w.vertex("referenceResult")
        w.edge("textDocument/references", result_set, references)
        return result_set, definitions, references

    def symbol_results(self, symbol: Symbol) -> _Results:
        existing = self.results.get(symbol.id)
        if existing is not None:
            return existing
        result_set, definitions, references = self._defined_results()
        lid = language_id(symbol.language, symbol.path)
        title = f"({symbol.kind.value}) {hover_name(symbol, self.module_names)}"
        contents: list[Any] = [{"language": lid, "value": title}]
        if symbol.signature and symbol.signature not in (symbol.name, symbol.qualname):
            contents.append({"language": lid, "value": symbol.signature})
        doc = self.nav.doc_of(symbol)
        if doc:
            contents.append(doc)
        else:
            self.undocumented += 1
        self._hover(result_set, contents)
        results = _Results(result_set, definitions, references)
        self.results[symbol.id] = results
        return results

    def external_results(self, external: External) -> _Results:
        key = ("external", external.language, external.name)
        existing = self.results.get(key)
        if existing is not None:
            return existing
        w = self.writer
        result_set = w.vertex("resultSet")
        references = w.vertex("referenceResult")
        w.edge("textDocument/references", result_set, references)
        origin = "external, stdlib" if external.stdlib else "external"
        lid = language_id(external.language)
        self._hover(result_set, [{"language": lid, "value": external.name}, f"({origin})"])
        moniker = w.vertex("moniker", kind="import", scheme=moniker_scheme(external.language, stdlib=external.stdlib),
                           identifier=external.name, unique="scheme")
        w.edge("moniker", result_set, moniker)
        results = _Results(result_set, None, references)
        self.results[key] = results
        return results

    def local_results(self, index: FileIndex, number: int) -> _Results:
        """The result set of a parameter, local variable or type parameter: its definition and
        references within its document, a hover, and no moniker (nothing outside refers to it)."""
        local = index.locals[number]
        result_set, definitions, references = self._defined_results()
        lid = language_id(index.language, index.path)
        self._hover(result_set, [{"language": lid, "value": f"({local.kind.value}) {local.name}"}])
        return _Results(result_set, definitions, references)

    def site_results(self, use: Use, language: str) -> int:
        """A result set of its own for an anonymous or ambiguous use: a hover, nothing claimed."""
        result_set = self.writer.vertex("resultSet")
        lid = language_id(language)
        target = use.target
        if isinstance(target, Ambiguous):
            names = ", ".join(target.candidates[:8]) + (" …" if len(target.candidates) > 8 else "")
            contents: list[Any] = [{"language": lid, "value": target.text},
                                   f"(ambiguous: one of {len(target.candidates)} candidates: {names})"]
        else:
            assert isinstance(target, Anonymous)
            contents = [{"language": lid, "value": target.text}, "(external)"]
        self._hover(result_set, contents)
        return result_set

    # -- documents -------------------------------------------------------------------

    def lines_of(self, path: str, sha256: str) -> SourceLines | None:
        if self.source_root is None:
            return None
        lines, problem = read_source(self.source_root, path, sha256)
        if problem == "missing":
            self.warnings.add("source-missing", "a source file was not found under the source root: its columns "
                              "are UTF-8 byte offsets, wrong on lines with non-ASCII text")
        elif problem == "changed":
            self.warnings.add("source-changed", "a source file differs from the one the graph was built from: its "
                              "columns are UTF-8 byte offsets, and its positions may be stale")
        return lines

    def document(self, index: FileIndex, sha256: str, project: int) -> None:
        w = self.writer
        lines = self.lines_of(index.path, sha256)
        lid = language_id(index.language, index.path)
        doc = w.vertex("document", uri=f"{self.root_uri}/{quote(index.path)}", languageId=lid)
        w.vertex("$event", kind="begin", scope="document", data=doc)
        ranges: dict[Span, int] = {}
        placed: list[tuple[int, Definition | Use | tuple[int, bool]]] = []

        def place(span: Span, item: Definition | Use | tuple[int, bool]) -> None:
            if span in ranges:
                self.conflicts += 1
                return
            (sl, sc), (el, ec) = lsp_range(span, lines)
            rid = w.vertex("range", start={"line": sl, "character": sc}, end={"line": el, "character": ec})
            ranges[span] = rid
            placed.append((rid, item))

        for definition in index.definitions:
            place(definition.range, definition)
        # a local before the uses: at ``cls(…)`` the token names the parameter ``cls``, whatever the
        # call reaches (the points-to answer stays in the graph and in SCIP, which allows both)
        for number, local in enumerate(index.locals):  # (a local: its number, and whether the range declares it)
            place(local.span, (number, True))
            for span in local.use_spans():
                place(span, (number, False))
        for use in index.uses:
            if use.role == INVOKES and use.span in ranges:
                continue  # (the range means the name written there: the class, not the constructor it runs)
            place(use.span, use)
        if ranges:
            w.edge("contains", doc, list(ranges.values()))
        definition_items: dict[int, list[int]] = defaultdict(list)
        reference_items: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        local_results: dict[int, _Results] = {}
        for rid, item in placed:
            if isinstance(item, tuple):
                number, declares = item
                results = local_results.get(number) or self.local_results(index, number)
                local_results[number] = results
                w.edge("next", rid, results.result_set)
                assert results.definitions is not None and results.references is not None
                if declares:
                    definition_items[results.definitions].append(rid)
                reference_items[results.references]["definitions" if declares else "references"].append(rid)
                continue
            if isinstance(item, Definition):
                results = self.symbol_results(item.symbol)
                w.edge("next", rid, results.result_set)
                assert results.definitions is not None and results.references is not None
                definition_items[results.definitions].append(rid)
                reference_items[results.references]["definitions"].append(rid)
                continue
            target = item.target
            if isinstance(target, str):
                symbol = self.graph.get(target)
                assert symbol is not None
                results = self.symbol_results(symbol)
            elif isinstance(target, External):
                results = self.external_results(target)
            else:
                w.edge("next", rid, self.site_results(item, index.language))
                continue
            w.edge("next", rid, results.result_set)
            assert results.references is not None
            reference_items[results.references]["references"].append(rid)
        for result, rids in definition_items.items():
            w.edge("item", result, rids, document=doc)
        for result, by_property in reference_items.items():
            for prop in ("definitions", "references"):
                if by_property.get(prop):
                    w.edge("item", result, by_property[prop], document=doc, property=prop)
        w.vertex("$event", kind="end", scope="document", data=doc)
        w.edge("contains", project, [doc])

    def run(self) -> None:
        graph, w = self.graph, self.writer
        w.vertex("metaData", version=LSIF_VERSION, projectRoot=self.root_uri + "/", positionEncoding="utf-16",
                 toolInfo={"name": "codeknit", "version": __version__})
        languages = file_languages(graph)
        projects = {lang: w.vertex("project", kind=language_id(lang)) for lang in languages}
        for project in projects.values():
            w.vertex("$event", kind="begin", scope="project", data=project)
        hashes = {f.path: f.sha256 for f in graph.files}
        for index in self.nav.files():
            self.document(index, hashes.get(index.path, ""), projects[index.language])
        for project in projects.values():
            w.vertex("$event", kind="end", scope="project", data=project)
        w.finish()
        self._warn(languages)

    def _warn(self, languages: list[str]) -> None:
        add = self.warnings.add
        graph = self.graph
        if self.source_root is None and graph.files:
            add("no-sources", "no sources given (--source-root): columns are UTF-8 byte offsets, not UTF-16 "
                "code units, which is wrong on lines holding non-ASCII text")
        if graph.options.get("resolve") is False:
            add("no-references", "the graph was built without resolution (--no-resolve): the dump holds "
                "definitions only, no references")
        if self.undocumented:
            add("hover-undocumented", "hover is as good as the comments: these definitions have no docstring "
                "or doc comment, so their hover shows only kind, qualified name and signature",
                self.undocumented)
        if len(languages) > 1:
            add("one-project-per-language", f"a polyglot tree is written as {len(languages)} LSIF project vertices "
                f"({', '.join(languages)}); valid, but not every consumer accepts it: index per language with -l")
        degraded = [lang for lang in languages if is_degraded(lang)]
        if degraded:
            add("degraded-language", f"{', '.join(degraded)} references are resolved by a symbol table, not the "
                "language's own scoping rules: treat them as approximate")
        if self.conflicts:
            add("position-conflict", "use sites at a position already holding a definition or another use: "
                "LSIF gives a position one meaning, the first is kept", self.conflicts)
        if self.nav.left_out_modules:
            add("module-without-file", "references to a module without a file (a namespace package) left out",
                self.nav.left_out_modules)


def export(
    source: GraphSource,
    out: IO[bytes],
    *,
    source_root: str | Path | None = None,
    symbol: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ExportWarning]:
    """Write the LSIF dump of the graph to ``out``; return the warnings."""
    graph = load_graph(source, languages)
    warnings = Warnings()
    if symbol is not None:
        warnings.add("symbol-ignored", "--symbol applies to dot, mermaid and csv; the LSIF dump holds everything")
    root = Path(source_root) if source_root is not None else None
    _LsifExport(graph, out, root, warnings).run()
    return warnings.list()


# -- the structural check ----------------------------------------------------------------


def check(stream: IO[bytes] | Iterable[bytes | str]) -> list[str]:
    """The structural problems of an LSIF dump (empty when there are none).

    Checked: every line is a JSON element with an integer ``id`` greater than
    the one before; every edge's ``outV`` and ``inV``/``inVs`` name elements
    already written (edges point backwards); a ``contains`` edge from a
    document claims ranges not claimed by another document; every ``item``
    edge names a written ``document`` and lists only ranges that document
    contains. At most 50 problems are reported.
    """
    problems: list[str] = []
    labels: dict[int, str] = {}
    owner: dict[int, int] = {}  # range id → document id
    last = 0

    def problem(text: str) -> None:
        if len(problems) < 50:
            problems.append(text)

    for number, raw in enumerate(stream, start=1):
        line = raw.strip() if isinstance(raw, str) else raw.strip().decode("utf-8", errors="replace")
        if not line:
            continue
        try:
            element = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            problem(f"line {number}: not JSON: {exc}")
            continue
        if not isinstance(element, dict) or not isinstance(element.get("id"), int):
            problem(f"line {number}: no integer id")
            continue
        element_id = element["id"]
        if element_id <= last:
            problem(f"line {number}: id {element_id} does not ascend (previous {last})")
        last = max(last, element_id)
        kind, label = element.get("type"), element.get("label")
        if kind == "vertex":
            labels[element_id] = str(label)
            continue
        if kind != "edge":
            problem(f"line {number}: id {element_id}: type is neither vertex nor edge")
            continue
        labels[element_id] = str(label)
        ends = [element.get("outV")]
        ends += element["inVs"] if isinstance(element.get("inVs"), list) else [element.get("inV")]
        for end in ends:
            if not isinstance(end, int) or end not in labels or end >= element_id:
                problem(f"line {number}: edge {element_id} ({label}) points at {end!r}, not at an earlier vertex")
        out_v = element.get("outV")
        in_vs = [v for v in element.get("inVs") or [] if isinstance(v, int)]
        if label == "contains" and isinstance(out_v, int) and labels.get(out_v) == "document":
            for range_id in in_vs:
                if labels.get(range_id) != "range":
                    problem(f"line {number}: document {out_v} contains {range_id}, which is not a range")
                elif owner.setdefault(range_id, out_v) != out_v:
                    problem(f"line {number}: range {range_id} is contained by two documents")
        if label == "item":
            document = element.get("document", element.get("shard"))
            if not isinstance(document, int) or labels.get(document) != "document":
                problem(f"line {number}: item edge {element_id} names no written document")
                continue
            for range_id in in_vs:
                if owner.get(range_id) != document:
                    problem(f"line {number}: item edge {element_id} lists range {range_id} outside document "
                            f"{document}")
    return problems


__all__ = ["LSIF_VERSION", "check", "export", "language_id"]
