"""Graph analysis: reports, the HTML viewer and change hotspots, as pure functions over a :class:`Graph`.

* :mod:`~codeknit.analysis.deps` — the dependency view: resolved relations only, metadata left
  out, uncertain relations counted by kind;
* :mod:`~codeknit.analysis.algorithms` — SCCs, shortest cycles, PageRank, betweenness;
* :mod:`~codeknit.analysis.report` — ``codeknit graph analyze``;
* :mod:`~codeknit.analysis.viewer` — ``codeknit graph show``;
* :mod:`~codeknit.analysis.hotspots` — ``codeknit graph hotspots`` (reads ``git log``).
"""

from codeknit.analysis.deps import DEPENDENCY_KINDS, DependencyView, dependency_view
from codeknit.analysis.report import AnalysisReport, Thresholds, analyze, report_json, write_skt

__all__ = [
    "DEPENDENCY_KINDS",
    "AnalysisReport",
    "DependencyView",
    "Thresholds",
    "analyze",
    "dependency_view",
    "report_json",
    "write_skt",
]
