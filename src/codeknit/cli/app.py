"""The ``codeknit`` command group, which every command module registers itself on.

Exit codes, for every command: 0 ok, 1 failure, 2 usage error, 3 warnings with ``export
--deny-warnings``, 130 stopped by Ctrl-C or SIGTERM (see :mod:`codeknit.cli.common`).
"""

from __future__ import annotations

import click

from codeknit.cli.common import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, CodeknitGroup, examples
from codeknit.graph.jsonio import writer_name
from codeknit.languages.engine import value_loop_name, value_walk_name
from codeknit.languages.python.pyflow import solver_name
from codeknit.resolve.resolver import local_uses_name
from codeknit.version import __version__


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version and which compiled parts run (asked only here: the flow walk's check parses a
    sample, which no other command start should pay for)."""
    if not value or ctx.resilient_parsing:
        return
    from codeknit.languages.python.flow import flow_walk_name

    click.echo(f"codeknit, version {__version__} (Python points-to solver: {solver_name()}; "
               f"graph JSON writer: {writer_name()}; value loop: {value_loop_name()}; "
               f"uses of locals: {local_uses_name()}; Python flow facts: {flow_walk_name()}; "
               f"value reads: {value_walk_name()})")
    ctx.exit()


@click.group(cls=CodeknitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version, and which compiled parts run, and exit.")
@examples("codeknit parse src --edges                 # skeleton/map_001.skt …",
          "codeknit map . --tokens 2000               # the most important part of a project",
          "codeknit export . -f scip -o index.scip",
          "codeknit serve                             # the MCP server, over stdio")
def main() -> None:
    """codeknit: a resolved symbol graph of your code, as skeletons, exports and an MCP server.

    Exit codes, for every command: 0 ok, 1 failure, 2 usage error, 3 warnings (export
    --deny-warnings), 130 stopped by Ctrl-C or SIGTERM. See docs/cli.md.
    """


__all__ = ["EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "main"]
