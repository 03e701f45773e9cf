"""The pipeline: scan → extract → resolve → assemble, and the persistent-index run.

``scan.py`` (the files a run analyses and the projects), ``extract.py`` (each file's extraction,
in worker processes), ``assemble.py`` (resolution and the finished graph), ``run.py``
(:class:`IndexRun` against the persistent index, for the CLI and the MCP server's live index),
``index.py`` (:func:`index`, :func:`index_or_reuse`), ``options.py`` (:class:`IndexOptions`).
"""

from codeknit.pipeline.assemble import assemble_graph, collector_paused, run_fingerprint
from codeknit.pipeline.extract import PARALLEL_THRESHOLD, extract_all, extract_all_encoded, extract_file
from codeknit.pipeline.index import Indexed, index, index_or_reuse
from codeknit.pipeline.options import PARSE_TIME_LIMIT, IndexOptions, Progress
from codeknit.pipeline.run import IndexRun, RunMemory, RunOutcome
from codeknit.pipeline.scan import ScannedTree, scan_tree

__all__ = [
    "PARALLEL_THRESHOLD",
    "PARSE_TIME_LIMIT",
    "IndexOptions",
    "IndexRun",
    "Indexed",
    "Progress",
    "RunMemory",
    "RunOutcome",
    "ScannedTree",
    "assemble_graph",
    "collector_paused",
    "extract_all",
    "extract_all_encoded",
    "extract_file",
    "index",
    "index_or_reuse",
    "run_fingerprint",
    "scan_tree",
]
