"""``codeknit cache``: where the persistent index lives, and clearing it."""

from __future__ import annotations

from pathlib import Path

import click

from codeknit.cli.app import main
from codeknit.cli.common import ExistingPath, examples


@main.group("cache")
@examples("codeknit cache path .", "codeknit cache clear .")
def cache_group() -> None:
    """The persistent index: per-file extractions and finished graphs, kept outside the repository.

    It lives in $CODEKNIT_CACHE_DIR, else $XDG_CACHE_HOME/codeknit, else ~/.cache/codeknit,
    one database per analysed directory. Commands use it unless given --no-cache.
    """


@cache_group.command("path")
@examples("codeknit cache path          # the cache folder", "codeknit cache path src      # the index database of src")
@click.argument("input_path", metavar="[PATH]", required=False, type=ExistingPath())
def path_command(input_path: Path | None) -> None:
    """Print the cache folder, or the index database of PATH."""
    from codeknit.store import cache_root, database_path

    click.echo(str(database_path(input_path) if input_path is not None else cache_root()))


@cache_group.command("clear")
@examples("codeknit cache clear src     # the index of src", "codeknit cache clear         # every index")
@click.argument("input_path", metavar="[PATH]", required=False, type=ExistingPath())
@click.option("-q", "--quiet", is_flag=True, help="Print nothing.")
def clear_command(input_path: Path | None, quiet: bool) -> None:
    """Delete the index of PATH, or every index when no PATH is given."""
    from codeknit.store import clear_cache

    removed = clear_cache(input_path)
    if not quiet:
        what = "index" if len(removed) == 1 else "indexes"
        click.echo(f"removed {len(removed)} {what}" + "".join(f"\n  {p}" for p in removed))
