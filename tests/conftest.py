"""Test-wide settings: the persistent index and the output ledger of every test run live in private
temporary folders, removed when the run ends.

Commands use the index by default; without this, tests (and the CLI subprocesses they start,
which inherit the environment) would write into the user's ``~/.cache/codeknit``.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from collections.abc import Callable

os.environ["CODEKNIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="codeknit-test-cache-")
# and the record of the output files codeknit wrote (which outlives the cache) in another
os.environ["CODEKNIT_STATE_DIR"] = tempfile.mkdtemp(prefix="codeknit-test-state-")
# removed at exit: every run left its indexes behind, and runs add up on a machine kept between sessions
for _folder in (os.environ["CODEKNIT_CACHE_DIR"], os.environ["CODEKNIT_STATE_DIR"]):
    atexit.register(functools.partial(shutil.rmtree, _folder, ignore_errors=True))

import pytest  # noqa: E402 - after the environment above, as every import
from hypothesis import HealthCheck, settings  # noqa: E402

# property tests assert behaviour, not speed: a loaded machine (or CI runner) must not fail one for
# generating or running examples slowly; each test's own @settings still sets its example count
settings.register_profile("codeknit", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("codeknit")


@pytest.fixture
def require_compiled() -> Callable[[object], None]:
    """For the tests of a part that runs compiled (the ``codeknit._pyflow`` extension) and in Python: given
    the compiled part a module found (None: the extension is not built), skip where there is none, unless
    ``CODEKNIT_REQUIRE_COMPILED`` is set (``.ci/run``): there they must run, so they fail."""
    def check(found: object) -> None:
        if found is None:
            if os.environ.get("CODEKNIT_REQUIRE_COMPILED"):
                pytest.fail("the compiled extension (codeknit._pyflow) is not built, and CODEKNIT_REQUIRE_COMPILED "
                            "is set")
            pytest.skip("the compiled extension (codeknit._pyflow) is not built")
    return check
