"""The server's settings, fixed at start-up."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from codeknit.pipeline import PARSE_TIME_LIMIT, IndexOptions
from codeknit.store import cache_root


def cache_dir() -> Path:
    """``$CODEKNIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/codeknit``, else ``~/.cache/codeknit``."""
    return cache_root()


def default_export_dir(root: Path) -> Path:
    """A folder per served root, outside the repository."""
    digest = hashlib.sha256(str(root.absolute()).encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return cache_dir() / "exports" / f"{root.absolute().name or 'root'}-{digest}"


@dataclass(slots=True)
class ServerConfig:
    """Everything ``codeknit serve`` was told.

    ``root`` None means: index the first root the client declares (MCP
    roots), else the working directory.
    """

    root: Path | None = None
    index: IndexOptions = field(default_factory=IndexOptions)
    workers: int = 0
    tokenizer: str = "o200k_base"
    #: seconds a tool may compute before it is stopped with an error
    tool_timeout: float = 30.0
    #: seconds a call waits for the very first index (with progress notifications) before giving up
    startup_wait: float = 120.0
    #: seconds a call waits for a refresh already under way before answering from the older snapshot
    refresh_wait: float = 2.0
    #: at most one stat sweep for changes per this many seconds
    debounce: float = 0.25
    #: a full rescan (for files in new directories) at most this often, while calls come in
    rescan_interval: float = 10.0
    #: where ``export`` may write; None: a folder under the cache directory
    export_dir: Path | None = None
    #: HTTP: the largest request body accepted
    max_request_bytes: int = 1024 * 1024
    #: keep the index in the persistent store (False: in memory only, ``--no-cache``)
    cache: bool = True
    #: seconds of parsing one file before it becomes an error record (0: no limit)
    parse_timeout: float = PARSE_TIME_LIMIT

    def resolved_export_dir(self, root: Path) -> Path:
        return (self.export_dir or default_export_dir(root)).absolute()
