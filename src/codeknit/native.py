"""The compiled extensions, ``codeknit._pyflow`` (``rust/pyflow``) and ``codeknit._pywalk`` (``rust/pywalk``):
built by ``pip install`` where cargo is found, optional everywhere. Each part that has a compiled twin asks
for it here and runs its Python code where the answer is None."""

from __future__ import annotations

import importlib
import os
from typing import Any


def extension(*names: str, version: int = 1, module_name: str = "_pyflow") -> Any | None:
    """The extension module where it is built, has every one of ``names`` and is at least ``version`` (its
    ``VERSION``, raised when a function's arguments change), else None: an extension built by an older
    checkout may lack newer functions, or take other arguments. Imported by name, so that no module below the
    package imports the ``codeknit`` package's own ``__init__`` for it. ``module_name``: ``_pyflow``
    (``rust/pyflow``) or ``_pywalk`` (``rust/pywalk``, which needs a newer toolchain: built where it can be)."""
    try:
        module = importlib.import_module(f"codeknit.{module_name}")
    except ImportError:  # pragma: no cover - exercised on machines without the extension
        return None
    if getattr(module, "VERSION", 1) < version:
        return None
    return module if all(hasattr(module, name) for name in names) else None


def tree_walker(*names: str, version: int = 1, switched_off: tuple[str, str] = ("", "")) -> Any | None:
    """``codeknit._pywalk`` (:func:`extension`) where it may read the trees py-tree-sitter parses in this process:
    it links a tree-sitter runtime of its own, so py-tree-sitter's minor version must be the one it was built for.
    None as well where the environment variable ``switched_off[0]`` is ``switched_off[1]``. Its user still
    compares a walk of a sample tree with one in Python before it trusts it."""
    walk = extension(*names, version=version, module_name="_pywalk")
    if walk is None or (switched_off[0] and os.environ.get(switched_off[0]) == switched_off[1]):
        return None
    try:
        import tree_sitter

        return walk if ".".join(tree_sitter.__version__.split(".")[:2]) == walk.TREE_SITTER_MINOR else None
    except Exception:  # noqa: BLE001 - whatever fails here, Python runs
        return None


__all__ = ["extension", "tree_walker"]
