"""Where the persistent index lives: always outside the repository it describes.

``$CODEKNIT_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/codeknit``, else
``~/.cache/codeknit``. Each analysed root gets its own database file, named by
the root's folder name and a digest of its resolved absolute path, so two
checkouts never share (or fight over) one index.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

CACHE_ENV = "CODEKNIT_CACHE_DIR"
STATE_ENV = "CODEKNIT_STATE_DIR"


def cache_root() -> Path:
    """The cache folder, by the rules above (not created here)."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):  # the XDG spec says to ignore a relative value
        return Path(xdg) / "codeknit"
    return Path.home() / ".cache" / "codeknit"


def state_root() -> Path:
    """Where codeknit keeps what must outlive its cache: the record of the output files it wrote
    (``codeknit cache clear`` must not make codeknit forget which files are its own).
    ``$CODEKNIT_STATE_DIR`` if set, else ``$XDG_STATE_HOME/codeknit``, else ``~/.local/state/codeknit``."""
    explicit = os.environ.get(STATE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_STATE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "codeknit"
    return Path.home() / ".local" / "state" / "codeknit"


def database_path(root: Path) -> Path:
    """The index database of the tree at ``root``."""
    resolved = root.resolve()
    digest = hashlib.sha256(os.fsencode(str(resolved))).hexdigest()[:16]
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", resolved.name or "root")[:40]
    return cache_root() / "indexes" / f"{name}-{digest}.sqlite"
