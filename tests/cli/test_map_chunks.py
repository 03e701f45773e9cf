"""``codeknit map``, ``codeknit chunks`` and ``codeknit parse --max-tokens`` from the command line."""

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
from codeknit.tokens import get_tokenizer

EXAMPLE = Path(__file__).parents[2] / "examples" / "shop"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def count(text: str) -> int:
    return get_tokenizer("o200k_base").count(text)


# -- map -----------------------------------------------------------------------------------------


def test_map_fits_the_budget_and_says_so() -> None:
    code, stdout, stderr = run("map", str(EXAMPLE), "--tokens", "300")
    assert code == 0, stderr
    assert count(stdout) <= 300 and count(stdout) >= 294
    doc = read(stdout)
    assert doc.meta_value("format") == "skt 0.5.0" and doc.meta_value("chunk") is None
    assert f"{count(stdout)}/300 tokens (o200k_base)" in stderr
    assert "of 34 symbols from" in stderr


def test_map_formats_focus_and_output_file(tmp_path: Path) -> None:
    code, text, _ = run("map", str(EXAMPLE), "--tokens", "120", "--format", "text", "--focus", "web/format.ts", "-q")
    assert code == 0
    assert text.startswith("web/format.ts:\n") or "web/format.ts:\n" in text
    assert "function formatPrice(value: number, currency=…) -> Money" in text
    out = tmp_path / "map.skt"
    code, stdout, _ = run("map", str(EXAMPLE), "--tokens", "400", "--edges", "--minify", "-o", str(out), "-q")
    assert code == 0 and stdout == ""
    assert count(out.read_text()) <= 400 and expand(read(out.read_text())).edges
    on_disk = str(EXAMPLE / "shop" / "cart.py")
    by_path = run("map", str(EXAMPLE), "--tokens", "150", "--focus", on_disk, "-q")[1]
    assert by_path == run("map", str(EXAMPLE), "--tokens", "150", "--focus", "shop/cart.py", "-q")[1]
    assert "## shop/cart.py" in by_path


def test_map_usage_errors() -> None:
    code, _, err = run("map", str(EXAMPLE), "--tokens", "300", "--focus", "no_such_thing")
    assert code == 2 and "matches no file or symbol" in err
    assert run("map", str(EXAMPLE), "--tokens", "300", "--format", "text", "--edges")[0] == 2
    assert run("map", str(EXAMPLE))[0] == 2, "--tokens is required"
    assert run("map", str(EXAMPLE), "--tokens", "0")[0] == 2
    code, _, err = run("map", str(EXAMPLE), "--tokens", "5")
    assert code == 1 and "too small" in err


def test_map_with_the_approx_tokenizer_says_it_estimates() -> None:
    code, stdout, stderr = run("map", str(EXAMPLE), "--tokens", "300", "--tokenizer", "approx")
    assert code == 0 and "approx, estimated" in stderr
    assert get_tokenizer("approx").count(stdout) <= 300


# -- chunks --------------------------------------------------------------------------------------


def test_chunks_writes_ordered_chunks_and_a_manifest(tmp_path: Path) -> None:
    out = tmp_path / "chunks"
    code, _, err = run("chunks", str(EXAMPLE), str(out), "--tokens", "250", "--edges")
    assert code == 0, err
    manifest = json.loads((out / "chunks.json").read_text())
    assert manifest["order"] == "rank" and manifest["max_tokens"] == 250
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([".codeknit-output", "chunks.json",
                            *(f"chunk_{n:03d}.skt" for n in range(1, len(manifest["chunks"]) + 1))])
    docs = read_chunks((out / entry["file"]).read_text() for entry in manifest["chunks"])
    shorts = sorted(int(line.short[1:]) for doc in docs for f in doc.files for line in f.symbols)
    assert shorts == list(range(1, 35)), "every symbol exactly once"
    for entry in manifest["chunks"]:
        assert entry["tokens"] == count((out / entry["file"]).read_text()) <= 250
    first = run("chunks", str(EXAMPLE), "--tokens", "250", "--edges", "--chunk", "1", "-q")[1]
    assert first == (out / "chunk_001.skt").read_text()
    code, _, err = run("chunks", str(EXAMPLE), "-o", str(out), "--tokens", "600")
    assert code == 0, "its own earlier output is replaced, without --clean"
    again = json.loads((out / "chunks.json").read_text())
    assert len(again["chunks"]) < len(manifest["chunks"])
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [".codeknit-output", "chunks.json", *(entry["file"] for entry in again["chunks"])]), "no stale chunk left"


def test_chunks_usage_errors(tmp_path: Path) -> None:
    assert run("chunks", str(EXAMPLE), "--tokens", "250", "--dict", "shared")[0] == 2
    assert run("chunks", str(EXAMPLE), "--tokens", "250", "--minify", "--dict", "shared", "--chunk", "1")[0] == 2
    assert run("chunks", str(EXAMPLE), str(tmp_path / "x"), "--tokens", "250", "--chunk", "1")[0] == 2
    code, _, err = run("chunks", str(EXAMPLE), "--tokens", "250", "--chunk", "99")
    assert code == 2 and "there are" in err


def test_chunks_with_a_shared_dictionary(tmp_path: Path) -> None:
    out = tmp_path / "c"
    assert run("chunks", str(EXAMPLE), str(out), "--tokens", "1500", "--minify", "--dict", "shared", "-q")[0] == 0
    manifest = json.loads((out / "chunks.json").read_text())
    dict_tokens = count((out / "dict.skt").read_text())
    assert manifest["dict_tokens"] == dict_tokens <= 1500 // 8, "a shared dictionary takes at most an eighth"
    for entry in manifest["chunks"]:
        assert count((out / entry["file"]).read_text()) + dict_tokens <= 1500


# -- parse --max-tokens --------------------------------------------------------------------------


@pytest.mark.parametrize("extra", [[], ["--minify"], ["--minify", "--dict", "shared"]])
def test_parse_max_tokens(tmp_path: Path, extra: list[str]) -> None:
    out = tmp_path / "skel"
    code, _, err = run("parse", str(EXAMPLE), str(out), "--edges", "--max-tokens", "260", *extra)
    assert code == 0, err
    assert "chunks, largest" in err
    manifest = json.loads((out / "chunks.json").read_text())
    expected_dict = None if not extra else "shared" if "shared" in extra else "per-chunk"
    assert manifest["order"] == "source" and manifest["dict"] == expected_dict
    shared = out / "dict.skt"  # only when some chunk uses a code (a shared dictionary takes an eighth at most)
    assert manifest["dict_file"] == ("dict.skt" if shared.exists() else None)
    extra_tokens = count(shared.read_text()) if shared.exists() else 0
    texts = [(out / entry["file"]).read_text() for entry in manifest["chunks"]]
    for text in texts:
        assert count(text) + extra_tokens <= 260
    docs = read_chunks(texts)
    shorts = [line.short for doc in docs for f in doc.files for line in f.symbols]
    assert shorts == [f"S{n}" for n in range(1, 35)]


def test_parse_max_tokens_usage_errors(tmp_path: Path) -> None:
    assert run("parse", str(EXAMPLE), "--output-mode", "inline", "--max-tokens", "300")[0] == 2
    assert run("parse", str(EXAMPLE), str(tmp_path / "a"), "--max-tokens", "300", "--max-lines", "40")[0] == 2
    assert run("parse", str(EXAMPLE), str(tmp_path / "b"), "--format", "json", "--max-tokens", "300")[0] == 2
    assert run("parse", str(EXAMPLE), str(tmp_path / "c"), "--minify", "--dict", "shared")[0] == 2
    code, _, err = run("parse", str(EXAMPLE), str(tmp_path / "d"), "--edges", "--max-tokens", "50")
    assert code == 1 and "too small" in err
    assert not (tmp_path / "d").exists()


# -- the same bytes under any hash seed, offline, with an empty tiktoken cache -------------------------


def cli(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "codeknit", *args], env=env, cwd=cwd, capture_output=True,
                          timeout=300, check=False)


def test_output_is_byte_identical_across_hash_seeds(tmp_path: Path) -> None:
    golden = EXAMPLE.parents[1] / "tests" / "golden" / "python" / "input"
    commands = {
        "map": ["map", str(golden), "--tokens", "700", "--edges", "--focus", "Order", "-q"],
        "chunk": ["chunks", str(EXAMPLE), "--tokens", "300", "--minify", "--chunk", "2", "-q"],
    }
    outputs: dict[str, set[bytes]] = {name: set() for name in [*commands, "parse"]}
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        for name, args in commands.items():
            result = cli(args, env, tmp_path)
            assert result.returncode == 0, result.stderr
            outputs[name].add(result.stdout)
        out = tmp_path / f"parse-{seed}"
        result = cli(["parse", str(EXAMPLE), str(out), "--edges", "--minify", "--max-tokens", "300", "-q"], env,
                     tmp_path)
        assert result.returncode == 0, result.stderr
        outputs["parse"].add(b"".join(p.name.encode() + p.read_bytes() for p in sorted(out.iterdir())))
    for name, seen in outputs.items():
        assert len(seen) == 1, f"{name} differs between hash seeds"


BLOCK_NETWORK = """
import socket, sys
def refuse(*args, **kwargs):
    raise SystemExit("network access attempted")
socket.socket.connect = refuse
socket.create_connection = refuse
sys.argv[0] = "codeknit"
from codeknit.cli import main
main()
"""


def test_works_offline_with_an_empty_tiktoken_cache(tmp_path: Path) -> None:
    cache = tmp_path / "tiktoken-cache"
    cache.mkdir()
    env = {**os.environ, "TIKTOKEN_CACHE_DIR": str(cache), "HTTPS_PROXY": "http://127.0.0.1:9",
           "HTTP_PROXY": "http://127.0.0.1:9"}
    env.pop("DATA_GYM_CACHE_DIR", None)
    for tokenizer in ("o200k_base", "cl100k_base"):
        result = subprocess.run(
            [sys.executable, "-c", BLOCK_NETWORK, "map", str(EXAMPLE), "--tokens", "256", "--tokenizer", tokenizer],
            env=env, cwd=tmp_path, capture_output=True, timeout=300, check=False,
        )
        assert result.returncode == 0, result.stderr
        text = result.stdout.decode()
        assert get_tokenizer(tokenizer).count(text) <= 256
        assert f"({tokenizer})" in result.stderr.decode()
    assert list(cache.iterdir()) == [], "nothing was downloaded into the cache"
