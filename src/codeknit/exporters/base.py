"""What every exporter shares: reading its input, the language filter, symbol lookup.

An exporter is a function of the graph JSON document and nothing else. It
accepts the document as a stream (or bytes) or an already parsed
:class:`~codeknit.graph.Graph`, writes to a binary stream as it goes, and
returns its warnings::

    def export(source, out, *, source_root=None, symbol=None, languages=None) -> list[ExportWarning]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import IO, Protocol

from codeknit.exporters.warnings import ExportWarning
from codeknit.graph import Graph, Symbol, read_graph
from codeknit.graph.lookup import SymbolIndex, SymbolLookupError

GraphSource = Graph | IO[bytes] | bytes


class ExportError(ValueError):
    """The export cannot be made as asked (an unknown ``--symbol``, for one)."""


class Exporter(Protocol):
    def __call__(
        self,
        source: GraphSource,
        out: IO[bytes],
        *,
        source_root: str | Path | None = None,
        symbol: str | None = None,
        languages: Sequence[str] | None = None,
    ) -> list[ExportWarning]: ...


def load_graph(source: GraphSource, languages: Sequence[str] | None = None) -> Graph:
    """The graph of ``source``, restricted to ``languages`` when given."""
    graph = source if isinstance(source, Graph) else read_graph(source)
    if languages:
        graph = only_languages(graph, languages)
    return graph


def only_languages(graph: Graph, languages: Iterable[str]) -> Graph:
    """A view of ``graph`` holding the files, symbols and relations of ``languages`` only.

    The symbols are copies, renumbered: the view is a graph of its own;
    a relation is kept when its source is kept.
    """
    wanted = set(languages)
    kept = Graph(
        root=graph.root,
        fingerprint=graph.fingerprint,
        options=dict(graph.options),
        files=[f for f in graph.files if f.language in wanted],
        symbols=[replace(s) for s in graph.symbols if s.language in wanted],
        errors=list(graph.errors),
        skipped=list(graph.skipped),
        projects=list(graph.projects),
        dependencies=list(graph.dependencies),
    )
    ids = {s.id for s in kept.symbols}
    kept.relations = [r for r in graph.relations if r.source in ids]
    return kept.finalize()


def find_symbol(graph: Graph, name: str) -> Symbol:
    """The one symbol ``name`` denotes (:meth:`codeknit.graph.lookup.SymbolIndex.lookup`: a full or
    short id, a simple, qualified or dotted name, or ``path:line``); :class:`ExportError` naming the
    candidates when there are none or several."""
    try:
        return SymbolIndex(graph).lookup(name)
    except SymbolLookupError as problem:
        raise ExportError(str(problem)) from None


def file_languages(graph: Graph) -> list[str]:
    """The languages of the analysed files, sorted."""
    return sorted({f.language for f in graph.files})
