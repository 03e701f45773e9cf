"""``codeknit serve``: the MCP server over stdio or streamable HTTP."""

from __future__ import annotations

from pathlib import Path

import click

from codeknit.cli.app import main
from codeknit.cli.common import ExistingPath, analysis_options, examples, settings, tokenizer_option


@main.command()
@click.argument("root", metavar="[PATH]", required=False,
                type=ExistingPath(file_okay=False))
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio for a client that starts the server; http for streamable HTTP.")
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP: address to bind.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="HTTP: port.")
@click.option("--path", "http_path", default="/mcp", show_default=True, help="HTTP: endpoint path.")
@click.option("--allow-host", multiple=True, metavar="HOST",
              help="HTTP: another Host header value to accept (DNS-rebinding protection is always on).")
@click.option("--auth-token-env", default="CODEKNIT_MCP_TOKEN", show_default=True, metavar="VAR",
              help="HTTP: when this environment variable is set, require 'Authorization: Bearer <its value>'.")
@tokenizer_option("What counts max_tokens: o200k_base, cl100k_base, or approx (an estimate).")
@click.option("--tool-timeout", type=click.FloatRange(min=0.1), default=30.0, show_default=True,
              help="Seconds a tool may compute before it is stopped with an error.")
@click.option("--startup-wait", type=click.FloatRange(min=0), default=120.0, show_default=True,
              help="Seconds a call waits for the first index (sending progress) before answering 'still indexing'.")
@click.option("--refresh-wait", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="Seconds a call waits for a refresh under way before answering from the older snapshot.")
@click.option("--debounce", type=click.FloatRange(min=0), default=0.25, show_default=True,
              help="At most one stat sweep for changed files per this many seconds.")
@click.option("--export-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The only folder the export tool may write to (default: under ~/.cache/codeknit/exports).")
@click.option("--log-level", type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"]), default="WARNING",
              show_default=True, help="Server log level (logs go to stderr).")
@analysis_options(resolve_option=False, verbosity=False)
@examples("codeknit serve                                  # stdio, for a client that starts it",
          "codeknit serve ~/src/app --transport http --port 8765",
          "claude mcp add codeknit -- codeknit serve      # see docs/mcp.md")
def serve(
    root: Path | None,
    transport: str,
    host: str,
    port: int,
    http_path: str,
    allow_host: tuple[str, ...],
    auth_token_env: str,
    tokenizer: str,
    tool_timeout: float,
    startup_wait: float,
    refresh_wait: float,
    debounce: float,
    export_dir: Path | None,
    log_level: str,
) -> None:
    """Serve PATH (default: the client's first MCP root, else the working directory) over MCP.

    Tools: skeleton, neighbors, find_references, find_symbol, symbol_source, repo_map, chunks, chunk, export,
    index_status. See docs/mcp.md for client set-up.
    """
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the server stops itself on SIGTERM, gracefully
    from codeknit.pipeline import IndexOptions
    from codeknit.server.config import ServerConfig
    from codeknit.server.server import run_http, run_stdio

    chosen = settings()
    options = IndexOptions(exclude=chosen.exclude, collect_tests=chosen.collect_tests,
                           max_file_size=chosen.max_file_size, languages=chosen.languages,
                           points_to=chosen.points_to)
    config = ServerConfig(
        root=root, index=options, workers=chosen.workers, tokenizer=tokenizer, tool_timeout=tool_timeout,
        startup_wait=startup_wait, refresh_wait=refresh_wait, debounce=debounce, export_dir=export_dir,
        cache=chosen.cache, parse_timeout=chosen.parse_timeout,
    )
    level = log_level  # click.Choice guarantees one of the literal values
    if transport == "http":
        warning = exposure_warning(host, auth_token_env)
        if warning:
            click.echo(warning, err=True)
    if transport == "stdio":
        run_stdio(config, log_level=level)  # type: ignore[arg-type]
    else:
        run_http(config, host=host, port=port, path=http_path, allowed_hosts=list(allow_host),
                 auth_token_env=auth_token_env, log_level=level)  # type: ignore[arg-type]


def exposure_warning(host: str, auth_token_env: str) -> str | None:
    """What to tell a user whose ``--host`` is reachable from other machines (None for loopback)."""
    import ipaddress
    import os

    name = host.strip("[]")
    try:
        if name == "localhost" or ipaddress.ip_address(name).is_loopback:
            return None
    except ValueError:  # a host name: it names some interface other than loopback
        pass
    where = "every network interface" if name in ("0.0.0.0", "::") else f"{host}, which other machines can reach"
    token = os.environ.get(auth_token_env) if auth_token_env else None
    guard = (f"every request needs the bearer token in ${auth_token_env}" if token else
             f"no token is required: set ${auth_token_env} to require one")
    return (f"warning: --host {host} binds {where}; whoever can connect can read the indexed source through the "
            f"tools and write to the export folder ({guard}). Use --host 127.0.0.1 unless that is intended.")
