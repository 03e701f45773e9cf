"""Python points-to analysis: which functions, classes and methods each call site may call.

A context-insensitive analysis over the facts that ``languages/python/flow.py`` extracts per file
(``Extraction.flow``; names are versioned along each body's paths there, so the analysis follows the
flow of names), run to a fixpoint over the whole project in the resolve stage. ``python/rules.py``
runs it once and asks it about each call site; see ``docs/languages/python.md`` for what it models,
its caps and its limits.

Two solvers give the same answers: the compiled one (the ``codeknit._pyflow`` extension, built
from ``rust/pyflow`` by ``pip install`` where cargo is found) and the Python one
(``solver.py``), which is the specification and the fallback. ``CODEKNIT_PYFLOW=python`` forces
the Python one.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from codeknit.languages.python.pyflow.compiled import CompiledFlowAnalysis, MemoryPace
from codeknit.languages.python.pyflow.compiled import available as compiled_available
from codeknit.languages.python.pyflow.solver import MAX_EVALUATIONS_PER_FACT, MAX_SET_SIZE, FlowAnalysis

if TYPE_CHECKING:
    from codeknit.resolve.api import Resolving

#: the environment variable that picks the solver: "python" forces the Python one
SOLVER_VARIABLE = "CODEKNIT_PYFLOW"


def solver_name() -> str:
    """The solver a run uses now: "compiled" when the extension is built and not switched off."""
    if os.environ.get(SOLVER_VARIABLE, "").strip().lower() == "python" or not compiled_available():
        return "python"
    return "compiled"


def new_analysis(resolver: Resolving) -> FlowAnalysis | CompiledFlowAnalysis:
    if solver_name() == "compiled":
        return CompiledFlowAnalysis(resolver)
    return FlowAnalysis(resolver)


__all__ = ["MAX_EVALUATIONS_PER_FACT", "MAX_SET_SIZE", "SOLVER_VARIABLE", "CompiledFlowAnalysis", "FlowAnalysis",
           "MemoryPace", "compiled_available", "new_analysis", "solver_name"]
