"""Code that a project carries but did not write: vendored folders and generated files, by path."""

from __future__ import annotations

import re

#: folders whose files are someone else's code (a copied library, installed packages, generator output)
VENDORED_DIRS = frozenset({"vendor", "vendored", "third_party", "node_modules", "generated"})
#: file names generators and minifiers give their output
GENERATED_FILES = re.compile(
    r".*(?:_pb2(?:_grpc)?\.pyi?|\.pb\.go|\.pb\.[ch]c?|\.generated\.[^./]+|_generated\.[^./]+|\.min\.[cm]?js)")


def is_vendored(path: str) -> bool:
    """Whether a root-relative ``/``-separated path is vendored or generated code (by its folders or
    its name; a generator's header comment is the extraction engine's to read)."""
    parts = path.split("/")
    return bool(GENERATED_FILES.fullmatch(parts[-1]) or VENDORED_DIRS.intersection(parts[:-1]))


__all__ = ["GENERATED_FILES", "VENDORED_DIRS", "is_vendored"]
