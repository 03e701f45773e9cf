"""``python -m codeknit`` and the ``codeknit`` command: the command line.

:func:`run` loads the command line itself, so that a Ctrl-C while it loads (the first few tenths of a
second) ends the program as one later does: exit code 130 and a line that says so, no traceback."""

from __future__ import annotations

import _thread
import os
import signal
import sys

#: 128 + SIGINT, as ``codeknit.cli.common.EXIT_INTERRUPTED`` (not imported: loading it is what a Ctrl-C cuts)
_EXIT_INTERRUPTED = 130
_INTERRUPTED = b"codeknit: interrupted; earlier output is unchanged\n"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType


def run() -> None:
    """The ``codeknit`` command: Ctrl-C while the command line loads ends the process at once (nothing
    has started), and the command's own handling takes over once it is loaded."""
    # (only where Ctrl-C would raise: a program started with SIGINT ignored, such as under ``nohup``, keeps that)
    loading = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    sys.unraisablehook = _interrupt_again
    if loading:
        signal.signal(signal.SIGINT, _interrupted_while_loading)
    try:
        try:
            from codeknit.cli import main
        finally:
            if loading:
                signal.signal(signal.SIGINT, signal.default_int_handler)
        main()
    except KeyboardInterrupt:  # (a Ctrl-C just after the handler's removal, or before the command's own handling)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not turn the exit into a traceback
        os.write(2, _INTERRUPTED)
        raise SystemExit(_EXIT_INTERRUPTED) from None


def _interrupt_again(unraisable: sys.UnraisableHookArgs) -> None:
    """A Ctrl-C that lands in a callback the interpreter runs on its own (a weak reference's, as a module finishes
    loading) cannot stop the program there: the interpreter prints it with a traceback and goes on. It is
    delivered again instead, so that the program ends as after any other Ctrl-C; anything else is reported as the
    interpreter does."""
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
        # (from another thread, once this hook has returned: raised here, it would be this hook's, ignored again)
        _thread.start_new_thread(_thread.interrupt_main, ())
        return
    sys.__unraisablehook__(unraisable)


def _interrupted_while_loading(_signum: int, _frame: FrameType | None) -> None:
    os.write(2, _INTERRUPTED)
    os._exit(_EXIT_INTERRUPTED)  # (nothing to clean up: no output, no worker yet)


if __name__ == "__main__":  # worker processes import this module too: they must not run the CLI
    run()
