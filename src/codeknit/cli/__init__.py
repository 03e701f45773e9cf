"""The ``codeknit`` command line: a thin layer over :mod:`codeknit.index` and the writers.

Each command lives in its own module here and registers itself on :data:`main`; what they share
(options, exit codes, progress) is declared once in :mod:`codeknit.cli.common`.
Exit codes, for every command: 0 ok, 1 failure, 2 usage error, 3 warnings with ``export
--deny-warnings``, 130 stopped by Ctrl-C, 143 stopped by SIGTERM.
"""

from __future__ import annotations

import click

from codeknit import __version__
from codeknit.cli.common import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, CodeknitGroup, examples


@click.group(cls=CodeknitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="codeknit")
@examples("codeknit parse src --edges                 # skeleton/map_001.skt …",
          "codeknit map . --tokens 2000               # the most important part of a project",
          "codeknit export . -f scip -o index.scip",
          "codeknit serve                             # the MCP server, over stdio")
def main() -> None:
    """codeknit: a resolved symbol graph of your code, as skeletons, exports and an MCP server.

    Exit codes, for every command: 0 ok, 1 failure, 2 usage error, 3 warnings (export
    --deny-warnings), 130 stopped by Ctrl-C, 143 stopped by SIGTERM. See docs/cli.md.
    """


# commands register themselves on ``main`` when imported
import codeknit.cli.cache  # noqa: E402,F401
import codeknit.cli.chunks  # noqa: E402,F401
import codeknit.cli.export  # noqa: E402,F401
import codeknit.cli.formats  # noqa: E402,F401
import codeknit.cli.graph  # noqa: E402,F401
import codeknit.cli.map  # noqa: E402,F401
import codeknit.cli.serve  # noqa: E402,F401
from codeknit.cli import parse  # noqa: E402,F401

__all__ = ["EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "main"]
