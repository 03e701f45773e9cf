"""Python's data-flow facts are the same bytes whatever the hash seed.

The facts enter the interface digest and the persistent index, so a fact order that followed set
iteration would make every new process see changed interfaces (and re-resolve), even where the
rendered output happens to come out the same.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SOURCE = """\
import os

def default():
    pass

handler = default
limit, width, depth, name, flag = 1, 2, 3, "x", True

def change():
    global limit, width, depth, name, flag
    limit = width = depth = 0
    name, flag = "y", False
    for alpha, beta, gamma in []:
        delta = alpha + beta + gamma
    return delta

class Box:
    size = colour = weight = 0
    def grow(self):
        self.size += 1
"""

PROGRAM = """\
import sys
from codeknit.languages.python.adapter import ADAPTER
extraction = ADAPTER().extract("mod.py", open(sys.argv[1], "rb").read())
print(extraction.flow[1])
"""


def test_the_facts_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    module = tmp_path / "mod.py"
    module.write_text(SOURCE)
    outputs = set()
    for seed in ("0", "1", "2", "3", "4"):
        result = subprocess.run([sys.executable, "-c", PROGRAM, str(module)], capture_output=True, text=True,
                                env={**os.environ, "PYTHONHASHSEED": seed}, check=True, timeout=120)
        outputs.add(result.stdout)
    assert len(outputs) == 1, "the facts differ between hash seeds"
