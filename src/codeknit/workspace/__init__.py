"""Find the source files of a tree.

:func:`scan` walks a directory (or takes a single file) and returns a
:class:`ScanResult`: the source files, sorted by relative POSIX path, and the
candidate files it left out with a reason.

What is left out silently (not in ``skipped``):

* directories with a default name (``.git``, ``node_modules``, ``.venv``,
  ``__pycache__``, ``dist``, ``build``, ``target``, ``*.egg-info``, ...) and any
  directory holding a ``pyvenv.cfg``;
* paths matched by ``exclude`` patterns, ``.gitignore`` files (every level,
  git semantics) or the root's ``.git/info/exclude``;
* files that are not source (no known extension, no interpreter shebang) or
  not in ``languages``;
* every symlink when ``follow_symlinks=False``.

What is reported in ``skipped`` (reason strings): ``"test file"``,
``"binary file"``, ``"larger than N bytes"``, ``"unreadable: <strerror>"``,
``"symlink outside root"``, ``"broken symlink"``, ``"symlink loop"`` (a link to
one of its own ancestors, or a symlink cycle),
``"symlink to already scanned directory"`` (every real directory is walked at
most once and real paths win over symlinked aliases) and
``"nested deeper than N directories"``.
"""

from .detect import LANGUAGES, detect_language
from .scanner import ScanError, ScanResult, Skipped, SourceFile, scan
from .testfiles import is_test_file

__all__ = [
    "LANGUAGES",
    "ScanError",
    "ScanResult",
    "Skipped",
    "SourceFile",
    "detect_language",
    "is_test_file",
    "scan",
]
