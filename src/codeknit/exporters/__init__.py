"""Exporters: pure, streaming functions of the graph JSON document.

Each format is a module with an ``export(source, out, *, source_root=None,
symbol=None, languages=None)`` function that reads the graph (a stream, bytes
or a parsed :class:`~codeknit.graph.Graph`), writes to ``out`` as it goes and
returns a list of :class:`ExportWarning`. :data:`FORMATS` lists them by name.
"""

from codeknit.exporters.base import ExportError, load_graph
from codeknit.exporters.registry import FORMATS, Format, get_format
from codeknit.exporters.warnings import ExportWarning

__all__ = ["FORMATS", "ExportError", "ExportWarning", "Format", "get_format", "load_graph"]
