"""The ``codeknit`` command group, which every command module registers itself on.

Exit codes, for every command: 0 ok, 1 failure, 2 usage error.
"""

from __future__ import annotations

import click

from codeknit.languages.python.pyflow import solver_name
from codeknit.version import __version__

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="codeknit",
                      message=f"%(prog)s, version %(version)s (Python points-to solver: {solver_name()})")
def main() -> None:
    """codeknit: a resolved symbol graph of your code, as skeletons, exports and an MCP server."""


__all__ = ["EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "main"]
