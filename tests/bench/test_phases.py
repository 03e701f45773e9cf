"""``bench/phases.py``: a cold run's phases timed in its main process, for checkouts in turn."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

import phases  # noqa: E402


def test_each_run_times_the_pipeline_phases_and_the_medians_are_written(tmp_path: Path) -> None:
    root = tmp_path / "project"
    root.mkdir()
    (root / "a.py").write_text("def f():\n    return 1\n\n\nf()\n")
    (root / "b.py").write_text("from a import f\n\n\ndef g():\n    return f()\n")
    out = tmp_path / "result.json"
    status = phases.main([str(root), "--rounds", "2", "--checkout", "one=", "--checkout", f"two={REPO / 'src'}",
                          "--out", str(out)])
    assert status == 0
    result = json.loads(out.read_text())
    for label in ("one", "two"):
        assert len(result["runs"][label]) == 2
        for run in result["runs"][label]:
            walls = {p["phase"]: p["wall"] for p in run}
            assert set(walls) == {"workers", "extract", "build_graph", "pass", "finalize", "save_files",
                                  "write_graph", "total"}
            # (the pass runs inside build_graph, the workers inside extract, and everything inside the run)
            assert 0 <= walls["pass"] <= walls["build_graph"] <= walls["total"]
            assert 0 <= walls["workers"] <= walls["extract"] <= walls["total"]
            starts = {p["phase"]: p["at"] for p in run}
            assert starts["extract"] < starts["build_graph"] < starts["write_graph"]
        totals = [next(p["wall"] for p in run if p["phase"] == "total") for run in result["runs"][label]]
        assert result["median_wall"][label]["total"] == pytest.approx(sum(totals) / 2)  # (the median of two)
