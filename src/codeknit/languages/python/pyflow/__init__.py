"""Python points-to analysis: which functions, classes and methods each call site may call.

A flow-insensitive, context-insensitive analysis over the facts that ``languages/python_flow.py``
extracts per file (``Extraction.flow``), run to a fixpoint over the whole project in the resolve
stage. ``rules/python.py`` runs it once and asks it about each call site; see
``docs/languages/python.md`` for what it models, its caps and its limits.
"""

from codeknit.languages.python.pyflow.solver import MAX_EVALUATIONS_PER_FACT, MAX_SET_SIZE, FlowAnalysis

__all__ = ["MAX_EVALUATIONS_PER_FACT", "MAX_SET_SIZE", "FlowAnalysis"]
