"""``codeknit formats``: the export formats, what each writes and who consumes it."""

from __future__ import annotations

import click

from codeknit.cli.app import main
from codeknit.cli.common import examples


@main.command("formats")
@examples("codeknit formats", "codeknit export . -f cyclonedx -o sbom.json")
def formats() -> None:
    """List the formats of codeknit export: name, output and consumer."""
    from codeknit.exporters.registry import FORMATS

    rows = [("FORMAT", "OUTPUT", "FOR")] + [(f.name, f.output, f.consumer) for f in FORMATS.values()]
    widths = [max(len(row[i]) for row in rows) for i in range(2)]
    for name, output, consumer in rows:
        click.echo(f"{name.ljust(widths[0])}  {output.ljust(widths[1])}  {consumer}")
