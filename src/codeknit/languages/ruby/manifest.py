"""``Gemfile``: ``gem`` lines (a bare or ``= 1.2.3`` version pins it), and ``group :development,
:test`` blocks or ``group:`` options for dev dependencies."""

from __future__ import annotations

import re

from codeknit.languages.spec import Declared, ManifestReader

_GEM = re.compile(r"""^\s*gem\s*\(?\s*['"]([^'"]+)['"]((?:\s*,\s*['"][^'"]*['"])*)""")
_GEM_GROUP = re.compile(r"^\s*group\s+(.+?)\s+do\b")


def read_gemfile(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    deps: list[Declared] = []
    group_stack: list[bool] = []  # one entry per open ``do`` block: is it a dev/test group
    for raw in data.decode("utf-8-sig").splitlines():
        line = raw.split("#", 1)[0]
        group = _GEM_GROUP.match(line)
        if group:
            group_stack.append(bool(re.search(r"development|test", group.group(1))))
            continue
        if re.match(r"^\s*end\b", line) and group_stack:
            group_stack.pop()
            continue
        if re.search(r"\bdo\s*(\|[^|]*\|)?\s*$", line):
            group_stack.append(False)
        match = _GEM.match(line)
        if not match:
            continue
        specs = re.findall(r"""['"]([^'"]*)['"]""", match.group(2))
        exact = re.fullmatch(r"=?\s*(\d[\w.]*)", specs[0].strip()) if len(specs) == 1 else None
        dev = any(group_stack) or bool(re.search(r"group:\s*\[?\s*:(development|test)", line))
        deps.append(Declared(match.group(1), exact.group(1) if exact else None, ", ".join(specs),
                             "dev" if dev else "runtime"))
    return "", deps


GEMFILE = ManifestReader(("Gemfile",), read_gemfile, "gem")

__all__ = ["GEMFILE"]
