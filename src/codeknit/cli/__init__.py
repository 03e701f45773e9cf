"""The ``codeknit`` command line: a thin layer over :mod:`codeknit.index` and the writers.

Each command lives in its own module here and registers itself on :data:`main`.
Exit codes, for every command: 0 ok, 1 failure, 2 usage error.
"""

from __future__ import annotations

import click

from codeknit import __version__
from codeknit.resolve.pyflow import solver_name

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="codeknit",
                      message=f"%(prog)s, version %(version)s (Python points-to solver: {solver_name()})")
def main() -> None:
    """codeknit: a resolved symbol graph of your code, as skeletons, exports and an MCP server."""


# commands register themselves on ``main`` when imported
import codeknit.cli.cache  # noqa: E402,F401
import codeknit.cli.chunks  # noqa: E402,F401
import codeknit.cli.export  # noqa: E402,F401
import codeknit.cli.formats  # noqa: E402,F401
import codeknit.cli.graph  # noqa: E402,F401
import codeknit.cli.map  # noqa: E402,F401
import codeknit.cli.serve  # noqa: E402,F401
from codeknit.cli import parse  # noqa: E402,F401

__all__ = ["main"]
