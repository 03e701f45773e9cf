"""``codeknit serve``: the MCP server over stdio or streamable HTTP."""

from __future__ import annotations

from pathlib import Path

import click

from codeknit.cli.app import main
from codeknit.cli.common import cache_options, index_settings, parse_languages


@main.command()
@click.argument("root", metavar="[ROOT]", required=False,
                type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio for a client that starts the server; http for streamable HTTP.")
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP: address to bind.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="HTTP: port.")
@click.option("--path", "http_path", default="/mcp", show_default=True, help="HTTP: endpoint path.")
@click.option("--allow-host", multiple=True, metavar="HOST",
              help="HTTP: another Host header value to accept (DNS-rebinding protection is always on).")
@click.option("--auth-token-env", default="CODEKNIT_MCP_TOKEN", show_default=True, metavar="VAR",
              help="HTTP: when this environment variable is set, require 'Authorization: Bearer <its value>'.")
@click.option("--exclude", multiple=True, metavar="GLOB", help="gitignore-style pattern to leave out (repeatable).")
@click.option("--collect-test", "collect_test", is_flag=True, help="Include test files.")
@click.option("--max-file-size", type=click.IntRange(min=0), default=2 * 1024 * 1024, show_default=True,
              help="Skip larger files (0: no limit).")
@click.option("-l", "--languages", "languages", metavar="LANG,…", default=None,
              help="Only these languages, comma-separated.")
@click.option("--workers", type=click.IntRange(min=0), default=0, show_default=True,
              help="Extraction processes for the first index (0: one per core).")
@click.option("--tokenizer", default="o200k_base", show_default=True,
              help="Tokenizer for max_tokens: o200k_base, cl100k_base or approx.")
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
@cache_options
def serve(
    root: Path | None,
    transport: str,
    host: str,
    port: int,
    http_path: str,
    allow_host: tuple[str, ...],
    auth_token_env: str,
    exclude: tuple[str, ...],
    collect_test: bool,
    max_file_size: int,
    languages: str | None,
    workers: int,
    tokenizer: str,
    tool_timeout: float,
    startup_wait: float,
    refresh_wait: float,
    debounce: float,
    export_dir: Path | None,
    log_level: str,
) -> None:
    """Serve ROOT (default: the client's first MCP root, else the working directory) over MCP.

    Tools: skeleton, neighbors, find_symbol, symbol_source, repo_map, chunks, chunk, export,
    index_status. See docs/mcp.md for client set-up.
    """
    from codeknit.pipeline import IndexOptions
    from codeknit.server.config import ServerConfig
    from codeknit.server.server import run_http, run_stdio
    from codeknit.tokens import TOKENIZER_NAMES

    if tokenizer not in TOKENIZER_NAMES:
        raise click.BadParameter(f"use one of {', '.join(TOKENIZER_NAMES)}", param_hint="--tokenizer")
    settings = index_settings()
    options = IndexOptions(exclude=exclude, collect_tests=collect_test, max_file_size=max_file_size,
                           languages=parse_languages(languages), points_to=settings.pop("points_to"))
    config = ServerConfig(
        root=root, index=options, workers=workers, tokenizer=tokenizer, tool_timeout=tool_timeout,
        startup_wait=startup_wait, refresh_wait=refresh_wait, debounce=debounce, export_dir=export_dir,
        **settings,
    )
    level = log_level  # click.Choice guarantees one of the literal values
    if transport == "stdio":
        run_stdio(config, log_level=level)  # type: ignore[arg-type]
    else:
        run_http(config, host=host, port=port, path=http_path, allowed_hosts=list(allow_host),
                 auth_token_env=auth_token_env, log_level=level)  # type: ignore[arg-type]
