"""``bench/interleaved.py``: checkouts take turns, order reversed every round; ratios against the first."""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

import interleaved  # noqa: E402


def test_the_order_is_reversed_every_other_round() -> None:
    assert [interleaved.order(["a", "b", "c"], i) for i in range(3)] == [
        ["a", "b", "c"], ["c", "b", "a"], ["a", "b", "c"]]


def test_the_summary_compares_each_round_with_the_first_checkout() -> None:
    found = interleaved.summary({"before": [(10.0, 5.0), (8.0, 4.0), (12.0, 6.0)],
                                 "now": [(9.0, 4.5), (8.8, 4.4), (9.6, 4.8)]})
    assert found["before"] == {"cpu_min": 8.0, "cpu_median": 10.0, "wall_min": 4.0, "wall_median": 5.0}
    assert found["now"]["cpu_ratio_rounds"] == [0.9, 1.1, 0.8]
    assert found["now"]["cpu_ratio_median"] == 0.9
    assert found["now"]["rounds_with_less_cpu"] == 2


def test_two_checkouts_run_in_turn_and_the_result_is_written(tmp_path: Path) -> None:
    root = tmp_path / "project"
    root.mkdir()
    (root / "a.py").write_text("def f():\n    return 1\n\n\nf()\n")
    out = tmp_path / "result.json"
    status = interleaved.main([str(root), "--rounds", "2", "--checkout", "one=", "--checkout",
                               f"two={REPO / 'src'}", "--out", str(out)])
    assert status == 0
    result = json.loads(out.read_text())
    assert [len(result["runs"][label]) for label in ("one", "two")] == [2, 2]
    assert all(cpu > 0 and wall > 0 for label in ("one", "two") for cpu, wall in result["runs"][label])
    assert len(result["summary"]["two"]["cpu_ratio_rounds"]) == 2
