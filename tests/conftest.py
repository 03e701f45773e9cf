"""Test-wide settings: the persistent index of every test run lives in a private temporary folder.

Commands use the index by default; without this, tests (and the CLI subprocesses they start,
which inherit the environment) would write into the user's ``~/.cache/codeknit``.
"""

from __future__ import annotations

import os
import tempfile

os.environ["CODEKNIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="codeknit-test-cache-")
