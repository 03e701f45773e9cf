"""The ``codeknit`` command line: a thin layer over :mod:`codeknit.pipeline` and the writers.

Each command lives in its own module here and registers itself on :data:`main`, the group
(``app.py``). Exit codes: see ``app.py``.
"""

from __future__ import annotations

# commands register themselves on ``main`` when imported
import codeknit.cli.cache  # noqa: F401
import codeknit.cli.chunks  # noqa: F401
import codeknit.cli.export  # noqa: F401
import codeknit.cli.formats  # noqa: F401
import codeknit.cli.graph  # noqa: F401
import codeknit.cli.map  # noqa: F401
import codeknit.cli.parse  # noqa: F401
import codeknit.cli.serve  # noqa: F401
from codeknit.cli.app import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, main

__all__ = ["EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "main"]
