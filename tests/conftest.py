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

from hypothesis import HealthCheck, settings  # noqa: E402 - after the environment above, as every import

# property tests assert behaviour, not speed: a loaded machine (or CI runner) must not fail one for
# generating or running examples slowly; each test's own @settings still sets its example count
settings.register_profile("codeknit", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("codeknit")
