"""The attributes a constant's value has (``CONSTANT_MEMBERS``): the Python solver's list and the Rust solver's
are one list, and it is what Python says the builtin scalar types have, dunders aside. A constant (``("K",)``)
is a literal or what a builtin such as ``len`` gives: a call of any other attribute on it is no call (it raises),
so ``x = A() if c else None`` then ``x.m()`` calls ``A.m`` alone."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from codeknit.languages.python.pyflow.solver import CONSTANT_MEMBERS

_RUST = Path(__file__).resolve().parents[2] / "rust" / "pyflow" / "src" / "solver.rs"
_SCALARS = (int, float, bool, complex, str, bytes, type(None), type(Ellipsis))


def test_the_rust_solver_has_the_same_list_sorted() -> None:
    source = _RUST.read_text(encoding="utf-8")
    found = re.search(r"const CONSTANT_MEMBERS: \[&str; (\d+)\] = \[(.*?)\];", source, re.S)
    assert found is not None, "CONSTANT_MEMBERS is not in rust/pyflow/src/solver.rs"
    names = re.findall(r'"([^"]+)"', found.group(2))
    assert names == sorted(names), "the Rust list is searched by bisection: it must be sorted"
    assert int(found.group(1)) == len(names)
    assert set(names) == CONSTANT_MEMBERS


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the list is Python 3.11's")
def test_the_list_is_what_the_scalar_types_have() -> None:
    names = {name for kind in _SCALARS for name in dir(kind)}
    assert {name for name in names if not (name.startswith("__") and name.endswith("__"))} == CONSTANT_MEMBERS
