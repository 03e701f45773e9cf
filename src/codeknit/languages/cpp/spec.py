"""C++: what the rest of codeknit knows about it."""

from __future__ import annotations

import re
from typing import Final

from codeknit.languages.c.spec import NAMING, TESTS, is_header, is_system_header
from codeknit.languages.spec import HeadClaim, LanguageSpec

# Markers that only occur in C++ headers, searched in the raw head bytes.
# Each regex starts with a literal so that ``re`` can scan for it quickly
# (one combined alternation is an order of magnitude slower on 8 KiB).
_CPP_MARKERS: Final = tuple(
    re.compile(source)
    for source in (
        rb"class[ \t\r\n]+\w+(?:[ \t\r\n]+final)?[ \t\r\n]*(?::[^;{}()]*)?\{",  # class X {  class X : Y {
        rb"namespace[ \t\r\n]+[\w:]*[ \t\r\n]*\{",  # namespace x {   namespace {
        rb"using[ \t]+namespace[ \t]",
        rb"template[ \t]*<",
        rb"\n[ \t]*(?:public|private|protected)[ \t]*:",  # access specifiers (line start)
        rb"#[ \t]*include[ \t]*<[\w/]+>",  # <iostream>, <vector>: no ".h"
        rb"std::",
    )
)

_WORD_BYTES: Final = frozenset(bytes([c]) for c in b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")


def looks_like_cpp(head: bytes) -> bool:
    """Does the start of a ``.h`` file show C++ (a class, a namespace, a template …)?"""
    text = b"\n" + head  # so that line-start markers also match on line one
    for marker in _CPP_MARKERS:
        for match in marker.finditer(text):
            # A keyword must not be the tail of a longer word ("subclass x {").
            # Checked here because a leading \b would make every search slow.
            start = match.start()
            if text[start : start + 1] not in _WORD_BYTES or text[start - 1 : start] not in _WORD_BYTES:
                return True
    return False


SPEC = LanguageSpec(
    name="cpp",
    runtime="c",
    extensions=(".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp", ".inl"),
    aliases=("c++",),
    # by the GCC convention an upper-case ``.C`` / ``.H`` is C++, not C
    cased_extensions=(".C", ".H"),
    head_claims=(HeadClaim((".h",), looks_like_cpp),),
    tests=TESTS,
    scip_name="CPP",
    naming=NAMING,
    is_stdlib=is_system_header,
    is_header=is_header,
    global_namespace=True,
    degraded=True,
)
