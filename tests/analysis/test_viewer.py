"""``codeknit graph show``: the page's data, and the page itself in a real headless Chromium."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from graphs import fixture_graph, large_graph

from codeknit.analysis.viewer import build_viewer, viewer_data
from codeknit.cli import main

ROOT = Path(__file__).parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHECK = Path(__file__).with_name("viewer_check.mjs")


def page(graph, **kwargs) -> str:
    out = io.StringIO()
    build_viewer(graph, out, title="fixture", version="test", **kwargs)
    return out.getvalue()


def embedded(html: str) -> dict:
    match = re.search(r'<script type="application/json" id="codeknit-data">(.*?)</script>', html, re.S)
    assert match
    return json.loads(match.group(1))


# -- the data --------------------------------------------------------------------------------------


def test_only_resolved_dependencies_are_edges_and_uncertain_ones_are_counted():
    data = viewer_data(fixture_graph(), title="t", version="v", collapse_above=10)
    ids = [data["files"][n[0]] + ("::" + n[1] if n[1] else "") for n in data["nodes"]]
    assert "core/model.py::T" not in ids  # metadata is not drawn
    edges = {(ids[s], data["edgeKinds"][k], ids[t]) for s, t, k in data["edges"]}
    assert ("app/a.py::run", "calls", "core/util.py::helper") in edges
    assert not any(target.endswith("_maybe") or target.endswith("_spooky") for _, _, target in edges)
    assert data["uncertain"] == {"total": 3, "byKind": {"inherits": {"unresolved": 1},
                                                        "calls": {"ambiguous": 1, "unresolved": 1}}}
    by_id = dict(zip(ids, data["nodes"], strict=True))
    assert by_id["app/a.py::run"][6:] == [1, 0]  # one uncertain edge from it
    assert by_id["core/util.py::_maybe"][6:] == [0, 1]  # named as a candidate once
    assert by_id["ext/plug.py::_maybe"][6:] == [0, 1]


def test_page_is_self_contained_and_deterministic():
    html = page(fixture_graph())
    assert html == page(fixture_graph())
    assert "function forceLayout(" in html  # the layout is inlined: nothing to build or fetch
    assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", html)  # nothing to fetch
    assert embedded(html)["collapseAbove"] == 1500


def test_script_end_tags_in_data_cannot_break_the_page():
    graph = fixture_graph()
    graph.symbols[3].name = "</script><b>"
    html = page(graph)
    assert html.count("</script>") == 3  # the data, the layout and the viewer's own scripts
    assert any(n[2] == "</script><b>" for n in embedded(html)["nodes"])


def test_graph_show_needs_nothing_built(tmp_path, monkeypatch):
    # right after the README's set-up, or `pip install` of a wheel: no node, no npm, no network
    monkeypatch.setenv("PATH", "")
    result = CliRunner().invoke(main, ["graph", "show", str(ROOT / "examples" / "shop"), "-o",
                                       str(tmp_path / "g.html"), "-q", "--no-cache"])
    assert result.exit_code == 0, result.output
    html = (tmp_path / "g.html").read_text(encoding="utf-8")
    assert "function forceLayout(" in html and embedded(html)["nodes"]
    assert "d3" not in html.lower().replace("codeknit-data", "")


# -- in a real browser -----------------------------------------------------------------------------


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def browser_prerequisites() -> str:
    """Why the browser test cannot run here ('' when it can)."""
    if shutil.which("node") is None:
        return "node is not installed (.ci/run installs it)"
    if chromium() is None:
        return "no chromium on PATH (apt-get install chromium; .ci/run does)"
    if not (ROOT / "tools" / "viewer" / "node_modules" / "playwright-core").is_dir():
        return "playwright-core is not installed: cd tools/viewer && npm ci (.ci/run does)"
    return ""


def run_in_browser(html: Path, screenshot: Path, term: str, expected: str) -> dict:
    done = subprocess.run(["node", str(CHECK), str(html), str(screenshot), term, expected, chromium() or ""],
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def browser_ready():
    reason = browser_prerequisites()
    if reason:
        pytest.skip(f"viewer browser test: {reason}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)


def test_viewer_in_headless_chromium(browser_ready, tmp_path):
    html = tmp_path / "fixture.html"
    html.write_text(page(fixture_graph()), encoding="utf-8")
    screenshot = ARTIFACTS / "viewer-fixture.png"
    seen = run_in_browser(html, screenshot, "_maybe", "core/util.py::_maybe")
    assert seen["errors"] == [] and seen["requests"] == []
    assert seen["nodesRendered"] == 30  # 31 symbols less the type parameter
    assert seen["mode"] == "all 30 symbols"
    assert seen["uncertainTotal"].startswith("3 uncertain edges not drawn")
    assert "calls: 1 ambiguous, 1 unresolved" in seen["uncertainTotal"]
    assert seen["nodesWithoutMethods"] == 24  # six methods filtered out
    assert seen["legend"] == ["callable", "module", "type", "value"]
    assert seen["uncertainNodes"] == 5  # run, b_fn and Base (edges from them), the two _maybe (candidates)
    assert seen["results"][:2] == ["core/util.py::_maybe", "ext/plug.py::_maybe"]
    after = seen["afterSearch"]
    assert after["details"] == "core/util.py::_maybe"
    assert after["selected"] == "core/util.py::_maybe" and after["expectedDrawn"] == 1
    assert after["uncertain"].startswith("0 from it, 1 naming it as a candidate")
    assert screenshot.stat().st_size > 10_000


def test_viewer_collapses_to_modules_above_the_threshold(browser_ready, tmp_path):
    html = tmp_path / "collapsed.html"
    html.write_text(page(fixture_graph(), collapse_above=10), encoding="utf-8")
    seen = run_in_browser(html, ARTIFACTS / "viewer-fixture-collapsed.png", "helper", "core/util.py::helper")
    assert seen["errors"] == []
    assert seen["nodesRendered"] == 7  # one per file
    assert "collapsed to modules" in seen["mode"]
    assert seen["legend"] == ["app/", "core/", "ext/", "tests/"]  # modules coloured by top-level directory
    after = seen["afterSearch"]
    assert after["details"] == "core/util.py::helper"
    assert after["nodesRendered"] == 6  # helper, its four users, and its module
    assert after["expectedDrawn"] == 1
    assert seen["openedModule"] == "app/__main__.py"
    assert seen["opened"] == {"mode": "symbols of app/__main__.py", "nodesRendered": 2}  # the module and main


def test_viewer_stays_usable_at_5000_symbols(browser_ready, tmp_path):
    html = tmp_path / "large.html"
    html.write_text(page(large_graph()), encoding="utf-8")
    seen = run_in_browser(html, ARTIFACTS / "viewer-5000.png", "f4321", "m086.py::f4321")
    assert seen["errors"] == []
    assert seen["totals"] == "100 files, 5,100 symbols, 9,492 resolved dependencies"  # 4,999 + 4,993 - 500
    assert seen["nodesRendered"] == 100 and "collapsed to modules" in seen["mode"]
    assert seen["uncertainTotal"].startswith("500 uncertain edges not drawn")
    after = seen["afterSearch"]
    assert after["details"] == "m086.py::f4321" and after["expectedDrawn"] == 1
    # f4321 with what it calls (f4322, f4328), what calls it (f4320, f4314) and its module
    assert after["nodesRendered"] == 6
    assert seen["opened"]["nodesRendered"] == 51  # m000.py and its 50 functions


def test_browser_test_says_why_it_skips(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert browser_prerequisites() == "node is not installed (.ci/run installs it)"
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/node" if name == "node" else None)
    assert browser_prerequisites().startswith("no chromium on PATH")


def test_a_built_wheel_carries_everything_the_page_needs(tmp_path):
    # `pip install` of a wheel, and nothing else, must be enough for `graph show`
    import sys
    import zipfile

    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    if built.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {built.stderr.strip()[-300:]}")
    wheel = next(tmp_path.glob("codeknit-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for part in ("template.html", "layout.js", "viewer.js", "viewer.css"):
        assert f"codeknit/analysis/viewer/{part}" in names
