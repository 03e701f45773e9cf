"""``codeknit parse``: output modes, formats, safety of earlier output, exit codes, determinism."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from codeknit.cli import main
from codeknit.skeleton import expand, read, read_chunks

EXAMPLE = Path(__file__).parents[2] / "examples" / "shop"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_directory_flat_is_the_default(tmp_path: Path) -> None:
    out = tmp_path / "skel"
    code, _, err = run("parse", str(EXAMPLE), "-o", str(out), "--edges")
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == [".codeknit-output", "map_001.skt"]
    doc = read((out / "map_001.skt").read_text())
    assert doc.meta_value("format") == "skt 0.5.0"
    assert doc.meta_value("chunk") == "1/1"
    assert {f.path for f in doc.files} == {
        "shop/__init__.py", "shop/cart.py", "shop/pricing.py", "web/api.ts", "web/format.ts"
    }
    assert doc.edges


def test_max_lines_splits_and_chunks_share_one_run(tmp_path: Path) -> None:
    out = tmp_path / "skel"
    code, _, err = run("parse", str(EXAMPLE), str(out), "--edges", "--max-lines", "12")
    assert code == 0, err
    files = sorted(out.glob("*.skt"))
    assert len(files) > 1
    docs = read_chunks(p.read_text() for p in files)
    total = len(docs)
    for number, doc in enumerate(docs, start=1):
        assert doc.meta_value("chunk") == f"{number}/{total}"
        lines = sum(1 + len(f.symbols) for f in doc.files) + len(doc.edges)
        assert lines <= 12 or sum(len(f.symbols) for f in doc.files) == 1
    shorts = [s.short for d in docs for f in d.files for s in f.symbols]
    assert shorts == [f"S{i}" for i in range(1, len(shorts) + 1)], "every symbol once, in order"
    sources = [e.source for d in docs for e in d.edges]
    for doc in docs:
        own = {s.short for f in doc.files for s in f.symbols}
        assert all(e.source in own for e in doc.edges), "edges sit in their source's chunk"
    assert sources


def test_replaces_its_own_earlier_output_and_refuses_anything_else(tmp_path: Path) -> None:
    out = tmp_path / "skel"
    assert run("parse", str(EXAMPLE), "-o", str(out))[0] == 0
    before = (out / "map_001.skt").read_bytes()
    code, _, err = run("parse", str(EXAMPLE), "-o", str(out), "--edges")
    assert code == 0, err
    assert (out / "map_001.skt").read_bytes() != before
    (out / "notes.txt").write_text("mine")
    code, _, err = run("parse", str(EXAMPLE), "-o", str(out))
    assert code == 1 and "codeknit did not write (notes.txt)" in err and "--clean" not in err
    assert (out / "notes.txt").read_text() == "mine"
    assert run("parse", str(EXAMPLE), str(out), "--clean")[0] == 1, "--clean deletes nothing codeknit did not write"
    assert (out / "notes.txt").read_text() == "mine"


def test_interrupted_write_leaves_earlier_output_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "skel"
    assert run("parse", str(EXAMPLE), str(out))[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    from codeknit.skeleton import output

    def explode(doc: object, out: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(output, "write_bytes", explode)
    with pytest.raises(RuntimeError, match="disk full"):
        # (--no-cache: an unchanged tree would otherwise copy its kept output, without rendering)
        CliRunner().invoke(main, ["parse", str(EXAMPLE), str(out), "--clean", "--no-cache"], catch_exceptions=False)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["skel"], "no staging directory left behind"


def test_directory_tree_mirrors_sources(tmp_path: Path) -> None:
    out = tmp_path / "tree"
    code, _, err = run("parse", str(EXAMPLE), str(out), "--output-mode", "directory-tree", "--edges")
    assert code == 0, err
    assert (out / "shop" / "cart.py.skt").exists()
    doc = read((out / "shop" / "cart.py.skt").read_text())
    assert [f.path for f in doc.files] == ["shop/cart.py"]


def test_inline_json_is_the_graph_document(tmp_path: Path) -> None:
    code, stdout, _ = run("parse", str(EXAMPLE), "--output-mode", "inline", "--format", "json", "--edges")
    assert code == 0
    document = json.loads(stdout)
    assert document["schema"] == "codeknit.graph/1"
    kinds = {r["kind"] for r in document["relations"]}
    assert {"contains", "calls", "imports"} <= kinds


def test_minify_writes_a_shared_dictionary(tmp_path: Path) -> None:
    out = tmp_path / "skel"
    code, _, err = run("parse", str(EXAMPLE), str(out), "--edges", "--minify")
    assert code == 0, err
    assert (out / "dict.skt").exists()
    dictionary = read((out / "dict.skt").read_text()).dictionary
    chunk = read((out / "map_001.skt").read_text())
    plain = read(subprocess_free_plain(tmp_path))
    restored = expand(chunk, dictionary)
    assert [s for f in restored.files for s in f.symbols] == [s for f in plain.files for s in f.symbols]


@pytest.mark.parametrize("mode", ["directory-flat", "directory-tree", "inline"])
@pytest.mark.parametrize("edges", [[], ["--edges"]])
def test_minify_never_costs_tokens_on_a_small_tree(tmp_path: Path, mode: str, edges: list[str]) -> None:
    """Five files: all the minified output (dict.skt included) is never larger than the plain output."""
    from codeknit.tokens import get_tokenizer

    count = get_tokenizer("o200k_base").count
    totals = []
    for minify in ([], ["--minify"]):
        out = tmp_path / f"out{len(minify)}"
        args = ["parse", str(EXAMPLE), *([] if mode == "inline" else [str(out)]), "--output-mode", mode, *edges,
                *minify, "-q"]
        code, stdout, err = run(*args)
        assert code == 0, err
        texts = [stdout] if mode == "inline" else [p.read_text() for p in sorted(out.rglob("*.skt"))]
        totals.append(sum(count(text) for text in texts))
    assert len([p for p in EXAMPLE.rglob("*") if p.is_file()]) == 5
    assert totals[1] <= totals[0], totals


def subprocess_free_plain(tmp_path: Path) -> str:
    out = tmp_path / "plain"
    assert run("parse", str(EXAMPLE), str(out), "--edges")[0] == 0
    return (out / "map_001.skt").read_text()


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("parse", str(tmp_path / "missing"))[0] == 2
    assert run("parse", str(EXAMPLE), "--output-mode", "sideways")[0] == 2
    assert run("parse", str(EXAMPLE), str(tmp_path / "x"), "--output-mode", "inline")[0] == 2


def test_languages_option_selects_and_validates() -> None:
    code, stdout, _ = run("parse", str(EXAMPLE), "--output-mode", "inline", "-l", "ts", "-q")
    assert code == 0
    assert {f.path for f in read(stdout).files} == {"web/api.ts", "web/format.ts"}
    code, _, err = run("parse", str(EXAMPLE), "--output-mode", "inline", "-l", "cobol")
    assert code == 2 and "unknown language(s): cobol" in err


def test_a_broken_file_does_not_fail_the_run(tmp_path: Path) -> None:
    (tmp_path / "ok.py").write_text("def ok():\n    pass\n")
    (tmp_path / "bad.py").write_text("def bad(:\n")
    code, stdout, _ = run("parse", str(tmp_path), "--output-mode", "inline", "-q")
    assert code == 0
    doc = read(stdout)
    assert [e.path for e in doc.errors] == ["bad.py"]
    assert any(s.signature == "ok()" for f in doc.files for s in f.symbols)


def test_output_is_byte_identical_across_hash_seeds(tmp_path: Path) -> None:
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-m", "codeknit", "parse", str(EXAMPLE), "--output-mode", "inline", "--edges",
             "--minify", "-q"],
            capture_output=True, env=env, check=True,
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert expand(read(outputs.pop().decode())).edges


def test_the_closing_line_counts_a_file_skipped_with_an_error_once(tmp_path: Path) -> None:
    """A binary file is an ``[errors]`` entry and a skipped file both: the line counted it twice ("2 errors,
    1 skipped" for one binary and one broken file)."""
    (tmp_path / "a.py").write_text("def a():\n    pass\n")
    (tmp_path / "b.py").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "c.py").write_text("def (:\n")
    (tmp_path / "skip_test.py").write_text("x = 1\n")  # (a test file: skipped, no error)
    code, _out, err = run("parse", str(tmp_path), "--output-mode", "inline", "--no-cache")
    assert code == 0
    assert err.strip().splitlines()[-1].endswith(", 2 errors, 1 skipped")  # (the test file)
