"""Rust: a file's module path from its place in the crate's tree (read by the adapter and the rules)."""

from __future__ import annotations

#: written after a path's first name in a value use's text (``parse::`` for ``parse`` in ``parse::Parser::run``):
#: the name is in the type namespace, a module, type, trait or enum, never a function or local of that name
#: (the rules look it up so, and give the relation its name back)
QUALIFIER = "::"
#: directories whose files are each a crate root (Cargo's targets)
_TARGET_DIRS = ("bin", "examples", "tests", "benches")


def module_location(path: str) -> tuple[str, list[str]]:
    """``(crate root directory, module path)`` for a ``.rs`` file, from its place in the tree.

    ``src/lib.rs`` and ``src/main.rs`` are the crate (``[]``), ``src/a/mod.rs`` and
    ``src/a.rs`` are ``a``, ``src/a/b.rs`` is ``a::b``. A file directly under
    ``src/bin``, ``examples``, ``tests`` or ``benches`` is a crate of its own
    (a ``main.rs`` one directory down too); the other files there are modules
    of those crates. A tree without ``src`` is read as if the root were one.
    """
    parts = path.split("/")
    last = parts[-1]
    stem = last[:-3] if last.endswith(".rs") else last
    names = [*parts[:-1], stem]
    anchor = -1
    for index in range(len(parts) - 2, -1, -1):
        if parts[index] == "src":
            anchor = index
            break
    if anchor >= 0:
        root_parts, rest = parts[: anchor + 1], names[anchor + 1 :]
    else:
        root_parts, rest = [], names
    for index, part in enumerate(rest[:-1]):
        if part in _TARGET_DIRS and (part != "bin" or anchor >= 0) and index == 0:
            inner = rest[index + 1 :]
            if len(inner) == 2 and inner[1] == "main":
                return "/".join([*root_parts, part, inner[0]]), []
            root_parts, rest = [*root_parts, part], inner if len(inner) > 1 else []
            break
    if rest and rest[-1] == "mod":
        rest = rest[:-1]
    if len(rest) == 1 and rest[0] in ("lib", "main"):
        rest = []
    return "/".join(root_parts), rest


def module_display_name(path: str) -> str:
    """``crate::net::tcp`` for ``src/net/tcp.rs``."""
    return "::".join(["crate", *module_location(path)[1]])
