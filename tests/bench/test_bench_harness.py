"""The benchmark harness (bench/): its memory sampler, a run on a tiny local tree, the targets' verdicts.

The benchmark itself is never run here; this only checks that the harness measures what it says.
"""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

from knitbench import corpora, harness, report  # noqa: E402
from knitbench.measure import run_measured  # noqa: E402

EXAMPLE = REPO / "examples" / "shop"

#: a parent that allocates nothing and starts a child that holds ``MIB`` MiB, every page touched, for a second
PARENT = textwrap.dedent("""
    import subprocess, sys
    child = "import time; n = {mib} * 1024 * 1024; b = bytearray(n); b[::4096] = bytes(n // 4096); time.sleep(1)"
    subprocess.run([sys.executable, "-c", child], check=True)
""")


def test_the_sampler_counts_a_childs_memory() -> None:
    big = run_measured([sys.executable, "-c", PARENT.format(mib=200)], interval=0.02)
    small = run_measured([sys.executable, "-c", PARENT.format(mib=1)], interval=0.02)
    assert big.status == small.status == "ok"
    # the child's 200 MiB are seen, on top of two interpreters; without it the tree is far smaller
    assert big.peak_rss_mb >= 200
    assert small.peak_rss_mb < 100
    assert big.peak_rss_mb - small.peak_rss_mb >= 160
    assert big.peak_processes == 2
    assert big.samples >= 10


def test_the_sampler_adds_up_processes_alive_at_once() -> None:
    # two children of 120 MiB each at the same time: the tree's peak is their sum, which no single process reaches
    code = textwrap.dedent("""
        import subprocess, sys
        child = "import time; n = 120 * 1024 * 1024; b = bytearray(n); b[::4096] = bytes(n // 4096); time.sleep(1.5)"
        children = [subprocess.Popen([sys.executable, "-c", child]) for _ in range(2)]
        assert all(c.wait() == 0 for c in children)
    """)
    measurement = run_measured([sys.executable, "-c", code], interval=0.02)
    assert measurement.status == "ok"
    assert measurement.max_process_hwm_mb < 160
    assert measurement.peak_rss_mb >= 240


def test_failures_and_timeouts_are_reported() -> None:
    assert run_measured([sys.executable, "-c", "raise SystemExit(3)"]).status == "failed"
    slow = run_measured([sys.executable, "-c", "import time; time.sleep(30)"], timeout=0.5)
    assert slow.status == "timeout"
    assert slow.wall_s < 10


def test_a_run_on_a_tiny_tree(tmp_path: Path) -> None:
    tools = ("limit", "ctags", "codeknit") if Path("/usr/bin/ctags").exists() else ("limit", "codeknit")
    # two rounds; this checkout's own src as the baseline (the same code, run through PYTHONPATH)
    options = harness.Options(tools=tools, bench_dir=tmp_path / "bench", timeout=300, repeat=2,
                              baseline=REPO / "src")
    result = harness.run([], [EXAMPLE], options, log=lambda _line: None)
    text = json.dumps(result)  # the result file is plain JSON
    assert json.loads(text)["schema"] == 1
    assert {"machine", "versions", "options", "loadavg_start", "loadavg_end", "corpora", "targets"} <= result.keys()

    [corpus] = result["corpora"]
    assert corpus["name"] == "shop"
    assert corpus["status"] == "ok"
    assert corpus["files"] == 5
    assert corpus["bytes"] == sum(p.stat().st_size for p in EXAMPLE.rglob("*") if p.suffix in (".py", ".ts"))
    assert corpus["languages"] == ["python", "typescript"]
    expected = {"limit", "baseline_cold", *harness.CODEKNIT_RUNS} | ({"ctags"} if "ctags" in tools else set())
    assert set(corpus["tools"]) == expected
    for label in expected:
        row = corpus["tools"][label]
        assert row["status"] == "ok", row
        assert row["wall_s"] > 0 and row["cpu_s"] >= 0 and row["peak_rss_mb"] > 0
        assert row["mb_per_s"] == pytest.approx(corpus["bytes"] / 1e6 / row["wall_s"], abs=1e-4)
    # the limit parsed and queried every file; codeknit wrote a graph each time
    assert corpus["tools"]["limit"]["extra"]["files"] == 5
    assert corpus["tools"]["limit"]["extra"]["captures"] > 0
    assert all(corpus["tools"][label]["extra"]["graph_bytes"] > 100
               for label in (*harness.CODEKNIT_RUNS, "baseline_cold"))
    changed = corpus["tools"]["codeknit_change"]["changed_file"]
    # the copy keeps the tree's folder name, which Python module names derive from
    work_copy = tmp_path / "bench" / "work" / "shop" / "src" / EXAMPLE.name / changed
    assert "codeknit-bench: one-file change" in work_copy.read_text()
    assert corpus["tools"]["codeknit_move"]["changed_file"] == changed
    assert work_copy.read_text().startswith(("# codeknit-bench: code moved down\n",
                                             "// codeknit-bench: code moved down\n"))
    assert "codeknit-bench" not in (EXAMPLE / changed).read_text()  # the original is never touched
    assert set(corpus["codeknit"]) == {"commit", "src_modified", "cache"}
    assert corpus["ratios"]["cold_over_limit"] > 0
    assert corpus["ratios"]["points_to_added_over_limit"] is not None  # shop has Python: measured both ways
    assert corpus["ratios"]["callix_over_cold"] is None
    # two rounds of the cold side, each kept; the rows are a round's figures; the later runs were run once
    for label in ("limit", "codeknit_cold", "codeknit_cold_no_points_to", "baseline_cold"):
        rounds = corpus["tools"][label]["rounds"]
        assert len(rounds) == 2 and all(r["wall_s"] > 0 for r in rounds)
        assert corpus["tools"][label]["wall_s"] == min(r["wall_s"] for r in rounds)  # the lower middle of two
    assert all("rounds" not in corpus["tools"][label] for label in ("codeknit_warm", "codeknit_change"))
    assert len(corpus["ratios"]["points_to_added_over_limit_rounds"]) == 2
    assert len(corpus["ratios"]["cold_over_baseline_rounds"]) == 2 and corpus["ratios"]["peak_over_baseline"] > 0
    assert corpus["ratios"]["cold_over_baseline_cpu_fastest"] > 0
    assert corpus["baseline"]["src"] == str(REPO / "src") and len(corpus["baseline"]["commit"]) == 40
    assert "Against the baseline" in report.render(result)
    assert "points-to added / limit, per round" in report.render(result)
    verdicts = {t["target"]: t for t in result["targets"]}
    assert verdicts["cold within 2x the limit"]["met"] in (True, False)
    assert "| shop |" in report.render(result)


def _corpus(name: str, walls: dict[str, float], rss: float = 100.0,
            peaks: dict[str, float] | None = None) -> dict[str, object]:
    tools = {label: {"status": "ok", "wall_s": wall, "peak_rss_mb": (peaks or {}).get(label, rss)}
             for label, wall in walls.items()}
    return {"name": name, "status": "ok", "tools": tools, "ratios": harness.ratios(tools)}


def test_the_median_round_is_the_row() -> None:
    runs = [harness.Measurement(["x"], wall_s=wall, status=status)
            for wall, status in ((3.0, "ok"), (1.0, "ok"), (0.5, "failed"), (2.0, "ok"), (9.0, "ok"))]
    assert harness.median_round(runs[:3]).wall_s == 3.0  # a failed run ranks last, whatever its time
    assert harness.median_round([runs[0], runs[1], runs[3]]).wall_s == 2.0
    assert harness.median_round([runs[0], runs[1], runs[3], runs[4]]).wall_s == 2.0  # the lower middle
    assert harness.median_round([runs[4]]).wall_s == 9.0
    # each round's added time is paired within its round, not taken from the medians
    tools = {label: {"status": "ok", "wall_s": 1.0, "rounds": [{"wall_s": a}, {"wall_s": b}]}
             for label, (a, b) in {"codeknit_cold": (5.0, 9.0), "codeknit_cold_no_points_to": (4.0, 6.0),
                                   "limit": (2.0, 3.0)}.items()}
    assert harness.ratios(tools)["points_to_added_over_limit_rounds"] == [0.5, 1.0]


def test_the_baseline_is_compared_by_its_fastest_round() -> None:
    """Other load on the machine only adds time: each side's fastest round, whichever it is, over the other's."""
    tools = {"codeknit_cold": {"status": "ok", "wall_s": 1.0, "cpu_s": 5.0,
                               "rounds": [{"wall_s": 1.0, "cpu_s": 5.0}, {"wall_s": 1.0, "cpu_s": 3.0}]},
             "baseline_cold": {"status": "ok", "wall_s": 1.0, "cpu_s": 4.0,
                               "rounds": [{"wall_s": 1.0, "cpu_s": 2.0}, {"wall_s": 1.0, "cpu_s": 4.0}]}}
    ratios = harness.ratios(tools)
    assert ratios["cold_over_baseline_cpu_fastest"] == 1.5
    assert ratios["cold_over_baseline_cpu_rounds"] == [2.5, 0.75]


def test_a_baseline_checkout_is_compiled_as_this_one_is(tmp_path: Path) -> None:
    """Without bytecode a baseline compiles codeknit in every process of every run and looks slower than it is."""
    module = tmp_path / "src" / "codeknit" / "somewhere.py"
    module.parent.mkdir(parents=True)
    module.write_text("VALUE = 1\n")
    harness.precompile(tmp_path / "src")
    assert list((module.parent / "__pycache__").glob("somewhere.*.pyc"))


def test_target_verdicts() -> None:
    results = [
        _corpus("django", {"limit": 1.0, "codeknit_cold": 1.5, "codeknit_warm": 0.1, "codeknit_change": 0.4,
                           "callix": 20.0, "codeknit_cold_no_points_to": 0.6}),
        _corpus("effect", {"limit": 1.0, "codeknit_cold": 2.5, "codeknit_warm": 0.5, "codeknit_change": 0.6,
                           "callix": 5.0}),
        _corpus("go-stdlib", {"limit": 10.0, "codeknit_cold": 15.0}, rss=1500.0),
    ]
    verdicts = {(t["target"], t["corpus"]): t["met"] for t in harness.targets(results)}
    [added] = [t for t in harness.targets(results) if t["target"].startswith("issue 5")]
    assert added["value"] == pytest.approx(0.9)  # (1.5 - 0.6) / 1.0
    assert verdicts == {
        ("cold within 2x the limit", "django"): True,
        ("issue 5: points-to adds less than the parse (the limit)", "django"): True,
        ("issue 21: peak RSS with points-to within 1.3x of without", "django"): True,
        ("warm no-change at most 10% of cold", "django"): True,
        ("one-file change under 0.5 s", "django"): True,
        ("at least 10x faster than callix", "django"): True,
        ("cold within 2x the limit", "effect"): False,
        ("warm no-change at most 10% of cold", "effect"): False,
        ("at least 10x faster than callix", "effect"): False,
        ("cold within 2x the limit", "go-stdlib"): True,
        ("peak RSS under 1 GiB", "go-stdlib"): False,
    }
    # issue 21's memory bound: the cold run's peak with points-to over the run's without it
    for with_, met in ((219.0, False), (206.0, True)):
        django = _corpus("django", {"limit": 1.0, "codeknit_cold": 1.5, "codeknit_cold_no_points_to": 0.6},
                         peaks={"codeknit_cold": with_, "codeknit_cold_no_points_to": 168.0})
        [peak] = [t for t in harness.targets([django]) if t["target"].startswith("issue 21")]
        assert peak["value"] == pytest.approx(round(with_ / 168.0, 3)) and peak["met"] is met


def test_quick_keeps_the_first_files_in_path_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a.py", "b.py", "c/d.py", "e.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n" * 100)  # 600 bytes each
    monkeypatch.setattr(harness, "QUICK_BYTES", 1300)
    assert [f[0] for f in harness.select_files(tmp_path, ("python",), quick=True)] == ["a.py", "b.py"]
    assert len(harness.select_files(tmp_path, ("python",), quick=False)) == 4


def test_a_cached_package_is_not_fetched_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_client(command: list[str], cwd: Path) -> None:
        raise AssertionError(f"a registry was asked: {command}")

    monkeypatch.setattr(corpora, "_run", no_client)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    names = ["mediawiki_1%3a1.39.17-1+deb12u2_all.deb", "effect-4.1.0.tgz", "Django-5.1.4.tar.gz"]
    for name in names:
        (downloads / name).write_bytes(b"")
    packages = [corpora.BY_NAME[name].packages[0] for name in ("mediawiki", "effect", "django")]
    assert [corpora.download(package, downloads).name for package in packages] == names


def test_an_unavailable_package_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(command: list[str], cwd: Path) -> None:
        raise corpora.Unavailable("E: Version '0' for 'nothing' was not found")

    monkeypatch.setattr(corpora, "_run", refused)
    if shutil.which("apt-get") is None:
        pytest.skip("apt-get is not installed")
    corpus = corpora.Corpus("nothing", ("c",), (corpora.Package("deb", "nothing", "0"),), "usr")
    with pytest.raises(corpora.Unavailable, match="not found"):
        corpora.fetch(corpus, tmp_path)
    options = harness.Options(tools=("limit",), bench_dir=tmp_path)
    result = harness.run([corpus], [], options, log=lambda _line: None)
    assert result["corpora"][0]["status"] == "unavailable"
    assert "not found" in result["corpora"][0]["note"]


def test_the_move_edit_goes_below_a_first_line_that_must_stay_first(tmp_path: Path) -> None:
    plain, script, php = tmp_path / "a.py", tmp_path / "b.py", tmp_path / "c.php"
    plain.write_text("import os\n")
    script.write_text("#!/usr/bin/env python\nimport os\n")
    php.write_text("<?php\necho 1;\n")
    for path in (plain, script, php):
        harness.insert_at_top(path, "# moved\n")
    assert plain.read_text() == "# moved\nimport os\n"
    assert script.read_text() == "#!/usr/bin/env python\n# moved\nimport os\n"
    assert php.read_text() == "<?php\n# moved\necho 1;\n"
