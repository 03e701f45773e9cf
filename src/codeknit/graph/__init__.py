"""The graph model, its JSON form, and the resolver that builds it."""

from codeknit.graph.graph import Graph, UnknownSymbol
from codeknit.graph.jsonio import SCHEMA_ID, GraphFormatError, read_graph, write_graph
from codeknit.graph.model import (
    Category,
    Dependency,
    EdgeKind,
    FileError,
    FileRecord,
    Project,
    PropertyValue,
    Relation,
    Resolution,
    ResolutionCounts,
    ResolutionMetrics,
    SkippedFile,
    Span,
    Symbol,
    SymbolKind,
    split_id,
    symbol_id,
)

__all__ = [
    "SCHEMA_ID",
    "Category",
    "Dependency",
    "EdgeKind",
    "FileError",
    "FileRecord",
    "Graph",
    "GraphFormatError",
    "Project",
    "PropertyValue",
    "Relation",
    "Resolution",
    "ResolutionCounts",
    "ResolutionMetrics",
    "SkippedFile",
    "Span",
    "Symbol",
    "SymbolKind",
    "UnknownSymbol",
    "read_graph",
    "split_id",
    "symbol_id",
    "write_graph",
]
