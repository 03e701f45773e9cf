"""Test-wide settings: the persistent index and the output ledger of every test run live in private
temporary folders.

Commands use the index by default; without this, tests (and the CLI subprocesses they start,
which inherit the environment) would write into the user's ``~/.cache/codeknit``.
"""

from __future__ import annotations

import os
import tempfile

os.environ["CODEKNIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="codeknit-test-cache-")
# and the record of the output files codeknit wrote (which outlives the cache) in another
os.environ["CODEKNIT_STATE_DIR"] = tempfile.mkdtemp(prefix="codeknit-test-state-")
