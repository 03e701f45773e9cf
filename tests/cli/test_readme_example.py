"""The README's example output is what codeknit prints (issue 23, item 6: an override was dropped)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from codeknit.cli import main

ROOT = Path(__file__).parents[2]


def test_the_readme_example_is_the_real_output() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## What the output looks like\n\n```text\n(.*?)```", readme, re.S)
    assert block
    shown = [line for line in block.group(1).splitlines() if line and not line.startswith("[")]
    result = CliRunner().invoke(main, ["parse", str(ROOT / "examples" / "shop"), "--output-mode", "inline",
                                       "--edges", "-q", "--no-cache"])
    assert result.exit_code == 0, result.output
    lines = set(result.stdout.splitlines())
    missing = [line for line in shown if line not in lines and not line.startswith("## ")]
    assert missing == []
    # the declared type Discount admits NoDiscount: its override is a candidate
    assert "S18 --calls[ambiguous]--> discount.apply [candidates=S15, S17]" in lines
    # an ambiguous edge never shows one candidate alone
    assert not [line for line in lines if re.search(r"\[candidates=[^,\]]+\]$", line)]
