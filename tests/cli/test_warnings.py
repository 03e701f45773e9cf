"""The command line shows codeknit's own warnings as one ``warning:`` line each, like its other notes, not as
Python's warning with a source line under it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_an_index_that_cannot_be_opened_is_one_warning_line(tmp_path: Path) -> None:
    """The cache folder cannot be made (its parent is a file): the run goes on without the index and says so."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("def main():\n    return 1\n")
    (tmp_path / "not-a-folder").write_text("")
    environment = {**os.environ, "CODEKNIT_CACHE_DIR": str(tmp_path / "not-a-folder" / "cache")}
    done = subprocess.run([sys.executable, "-m", "codeknit", "parse", str(tmp_path / "src"), str(tmp_path / "out"),
                           "--quiet"], capture_output=True, text=True, env=environment, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        f"warning: cannot create the cache folder {tmp_path / 'not-a-folder' / 'cache' / 'indexes'}: Not a directory;"
        " continuing without the persistent index"]
    assert "S2 callable/function" in (tmp_path / "out" / "map_001.skt").read_text()
