"""Helpers that several languages' manifest readers share (``<language>/manifest.py``)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

_EXACT_SEMVER = re.compile(r"^[=v]?(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?)$")


def exact_semver(spec: str) -> str | None:
    """The version a bare semver pins (``1.2.3``, ``=1.2.3``, ``v1.2.3``); None for a range."""
    match = _EXACT_SEMVER.match(spec.strip())
    return match.group(1) if match else None


_LITERAL = re.compile(r"^[^$@{}\s]+$")  # not a reference such as ${revision} or @VERSION@


def literal_version(value: object) -> str | None:
    """``value`` when it is a version written out (a non-empty string, not a property reference)."""
    if not isinstance(value, str) or not _LITERAL.match(value.strip()):
        return None
    return value.strip()


def xml_local(tag: str) -> str:
    """An XML tag without its namespace."""
    return tag.rsplit("}", 1)[-1]


def xml_child_text(element: ElementTree.Element, name: str) -> str:
    """The stripped text of ``element``'s first child called ``name`` (any namespace), or ""."""
    for child in element:
        if xml_local(child.tag) == name:
            return (child.text or "").strip()
    return ""


__all__ = ["exact_semver", "literal_version", "xml_child_text", "xml_local"]
