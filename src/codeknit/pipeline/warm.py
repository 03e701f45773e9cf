"""Imported by the fork server that starts the extraction workers, before it forks any (``workers.py``).

Each worker would otherwise import most of codeknit to read its first task, and compile the query of
every grammar it meets: about 0.4 s of CPU for the imports and 0.25 s for TypeScript's queries, in every
worker. Done here once, the workers share the result (copied on write). ``CODEKNIT_WARM`` names the
grammars of the run's files, ``language:grammar`` separated by commas (``extract.py`` sets it while the
fork server starts). Nothing here may stop the fork server: a grammar that fails to compile is left to
the workers, which report it on the files that need it.
"""

from __future__ import annotations

import contextlib
import os

from codeknit.pipeline.extract import WARM  # (and with it what the workers run)


def warm(pairs: str) -> None:
    """Compile the parser and queries of each ``language:grammar`` in ``pairs``; import the encoder the
    persistent index's workers use."""
    from codeknit.languages.adapters import adapter_for

    with contextlib.suppress(Exception):
        import codeknit.store.codec  # noqa: F401

    for pair in pairs.split(","):
        language, _, grammar = pair.partition(":")
        with contextlib.suppress(Exception):
            adapter_for(language).warm(grammar)


warm(os.environ.get(WARM, ""))
