"""``go.mod``: the module path and every ``require`` line and block (each pins its version)."""

from __future__ import annotations

from codeknit.languages.spec import Declared, ManifestReader


def read_go_mod(_name: str, data: bytes) -> tuple[str, list[Declared]]:
    module = ""
    deps: list[Declared] = []
    in_block = False
    for raw in data.decode("utf-8-sig").splitlines():
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line.startswith("module "):
            module = line.split(None, 1)[1].strip().strip('"')
            continue
        if in_block:
            if line == ")":
                in_block = False
                continue
            parts = line.split()
        elif line.startswith("require"):
            rest = line[len("require"):].strip()
            if rest == "(":
                in_block = True
                continue
            parts = rest.split()
        else:
            continue
        if len(parts) >= 2:
            deps.append(Declared(parts[0].strip('"'), parts[1], parts[1], "runtime"))
    return module, deps


GO_MOD = ManifestReader(("go.mod",), read_go_mod, "golang", naming_rank=40)

__all__ = ["GO_MOD"]
