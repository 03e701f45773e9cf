"""``--minify``: the minified ``.skt`` layout, and a dictionary chosen by measured token savings.

A minified document (``[meta]`` says ``format: skt 0.5.0 minified``; ``docs/skt-format.md``
describes it for readers) holds exactly what the plain one holds, in fewer tokens:

* a symbol's edges are on one indented line under its symbol line, so the source is not
  repeated: ``head target target head target …``, where a head is ``--kind[status]-->`` or a
  code for it; a run of consecutive short ids is ``S4-S9``; an ambiguous target carries its own
  candidates, ``fut.done=S434,S1136``. Edges of a source whose line is not in the document are
  in ``[edges]`` as ``S12 head target …``;
* spans are ``L5`` (one line) and ``L5-9``; ``{}`` is left out when there are no properties;
* ``[dict]`` codes stand for whatever repeats: a symbol's ``category/kind`` together with its
  property set, an edge head, a target (with its candidates), a whole candidate list (after a
  target's ``=``), a parameter list, a directory
  prefix of ``## path`` headings, and ``?`` for an elided default ``=…``.

A code is chosen only when the tokens it saves, counted with the real tokenizer, exceed what
its own ``- code: value`` line costs; the cheapest codes (one token) go to the values that save
most. Codes are lowercase letters and are never a name the document also shows as a target or
as a heading's first directory, so a code cannot be mistaken for a name; parameter-list codes
start with a character that no signature of the document holds. :func:`minify` returns the
plain document when the minified one would not be smaller, so minifying never costs tokens.

:func:`expand` turns a minified document (or the spec's ``dN`` form) back into the plain one:
the same symbols, edges, resolutions and candidates.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from itertools import product
from typing import TYPE_CHECKING

from codeknit.skeleton.document import (
    DICT_CODE,
    MINIFIED_FORMAT,
    SHORT_ID,
    SKT_FORMAT,
    STATUSES,
    EdgeLine,
    FileSection,
    SktDocument,
    SktFormatError,
    SourceEdges,
    SymbolLine,
    needs_quoting_path,
    split_properties,
    unquote,
)

if TYPE_CHECKING:
    from codeknit.tokens import TokenCounter

Count = Callable[[str], int]

# what a dictionary entry stands for
SYMBOL = "symbol"  # "category/kind" or "category/kind {properties}", in a symbol line's kind field
HEAD = "head"  # "--kind[status]-->", starting a group of targets
TARGET = "target"  # one written target, with its candidates
CANDIDATES = "candidates"  # a whole candidate list "S1,S2,?", after a target's "="
PARAMS = "params"  # a signature's parameter list "(…)"
DEFAULT = "default"  # "=…", an elided default value in signatures
PATH = "path"  # a directory prefix of "## path" headings
_FIELD_ORDER = {SYMBOL: 0, HEAD: 1, TARGET: 2, CANDIDATES: 3, PARAMS: 4, DEFAULT: 5, PATH: 6}

ELIDED_DEFAULT = "=…"
DEFAULT_CODE = "?"
#: characters that may start a parameter-list code: the first one no signature of the document holds
SIGILS = "^~`@!%&;|"
LETTERS = re.compile(r"[a-z]+")
HEAD_TEXT = re.compile(r"--(?P<kind>[^\s\[\]-]+)(?:\[(?P<status>[a-z]+)\])?-->")
_RUN = re.compile(r"S([1-9]\d*)-S([1-9]\d*)")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
#: the longest run ``Sa-Sb`` the reader expands (a guard against hostile input)
MAX_RUN = 1_000_000


@dataclass(frozen=True, slots=True)
class Entry:
    code: str
    field: str
    value: str  # as ``[dict]`` prints it
    #: how many uses pay for the entry's ``[dict]`` line (a part of a document, such as a chunk
    #: with its own dictionary, uses the code only where it has at least this many)
    min_uses: int = dataclass_field(default=1, compare=False)
    #: tokens the code saves over the whole document, its own line paid
    saving: int = dataclass_field(default=0, compare=False)


class Dictionary:
    """The codes of a minified document, in the order ``[dict]`` lists them."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self.entries = tuple(entries)
        self.position = {e.code: i for i, e in enumerate(self.entries)}
        self.symbols = {e.value: e.code for e in self.entries if e.field == SYMBOL}
        self.heads = {e.value: e.code for e in self.entries if e.field == HEAD}
        self.targets = {e.value: e.code for e in self.entries if e.field == TARGET}
        self.candidate_lists = {e.value: e.code for e in self.entries if e.field == CANDIDATES}
        self.params = {e.value: e.code for e in self.entries if e.field == PARAMS}
        self.paths = {e.value: e.code for e in self.entries if e.field == PATH}
        self.default = next((e.code for e in self.entries if e.field == DEFAULT), None)
        self.letter_codes = frozenset(e.code for e in self.entries if LETTERS.fullmatch(e.code))

    def __len__(self) -> int:
        return len(self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dictionary) and self.entries == other.entries

    __hash__ = None  # type: ignore[assignment]

    def lines(self, used: Iterable[str] | None = None) -> list[tuple[str, str]]:
        """``[(code, value)]`` as ``[dict]`` prints them: all, or those in ``used``, in dictionary order."""
        if used is None:
            return [(e.code, e.value) for e in self.entries]
        return [(e.code, e.value) for e in self.subset(used).entries]

    def subset(self, codes: Iterable[str]) -> Dictionary:
        keep = set(codes)
        return Dictionary(e for e in self.entries if e.code in keep)

    def best(self, cost: Callable[[Entry], int], budget: int) -> Dictionary:
        """The entries that save most, as many as fit ``budget`` (each costing ``cost(entry)``)."""
        taken: list[str] = []
        for entry in sorted(self.entries, key=lambda e: (-e.saving, self.position[e.code])):
            budget -= cost(entry)
            if budget < 0:
                break
            taken.append(entry.code)
        return self.subset(taken)


# -- the written forms -----------------------------------------------------------------------------


def head_text(kind: str, status: str | None) -> str:
    return f"--{kind}[{status}]-->" if status else f"--{kind}-->"


def symbol_value(kind: str, properties: Sequence[str]) -> str:
    return f"{kind} {{{', '.join(properties)}}}" if properties else kind


def _short_number(token: str) -> int:
    """The number of a short id (``S12`` → 12), or 0."""
    digits = token[1:]
    if token[:1] == "S" and digits.isascii() and digits.isdigit() and digits[0] != "0":
        return int(digits)
    return 0


def runs(tokens: Sequence[str]) -> list[str]:
    """Tokens with each run of three or more consecutive short ids written ``Sa-Sb``."""
    n = len(tokens)
    if n < 3:
        return list(tokens)
    out: list[str] = []
    i = 0
    while i < n:
        first = _short_number(tokens[i]) if i + 2 < n else 0
        if first and tokens[i + 1] == f"S{first + 1}" and tokens[i + 2] == f"S{first + 2}":
            j = i + 2
            while j + 1 < n and tokens[j + 1] == f"S{first + j + 1 - i}":
                j += 1
            out.append(f"{tokens[i]}-{tokens[j]}")
            i = j + 1
            continue
        out.append(tokens[i])
        i += 1
    return out


def candidate_list(edge: EdgeLine) -> str:
    """An ambiguous edge line's candidates as a target carries them: ``S15,S17`` (runs allowed)."""
    return ",".join(runs(edge.candidates))


def edge_items(edge: EdgeLine) -> list[str]:
    """The written targets of one plain edge line: runs, and ``target=candidates`` when ambiguous."""
    if edge.candidates:
        candidates = candidate_list(edge)
        return [f"{target}={candidates}" for target in edge.targets]
    return runs(edge.targets)


def param_part(signature: str) -> tuple[int, int] | None:
    """Where the parameter list ``(…)`` of a signature is: from its first ``(`` to the matching ``)``.

    ``None`` when there is none, or when a letter follows it (a code there would run into it).
    """
    start = signature.find("(")
    if start < 0:
        return None
    depth = 0
    for i in range(start, len(signature)):
        ch = signature[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                if i + 1 < len(signature) and signature[i + 1] in string.ascii_lowercase:
                    return None
                return start, i + 1
    return None


def _looks_braced(signature: str) -> bool:
    """Would the reader take the end of this signature for ``{properties}``?"""
    return (signature.endswith("}") and " {" in signature) or signature.startswith("{")


def _is_name(token: str) -> bool:
    """A target written as it is (not a short id, a run or a quoted id)."""
    return not token.startswith('"') and not SHORT_ID.fullmatch(token) and not _RUN.fullmatch(token)


# -- applying a dictionary -------------------------------------------------------------------------


class Coder:
    """Writes plain lines in the minified form with a dictionary (less the codes ``without``),
    noting in ``used`` the codes it writes."""

    def __init__(self, dictionary: Dictionary, without: frozenset[str] = frozenset()) -> None:
        self.dictionary = dictionary
        self.without = without

    def _code(self, table: dict[str, str], value: str) -> str | None:
        code = table.get(value)
        return None if code is None or code in self.without else code

    def signature(self, signature: str, used: set[str]) -> str:
        d = self.dictionary
        head, middle, tail = signature, "", ""
        if d.params:
            where = param_part(signature)
            if where is not None:
                code = self._code(d.params, signature[where[0] : where[1]])
                if code is not None:
                    used.add(code)
                    head, middle, tail = signature[: where[0]], code, signature[where[1] :]
        default = d.default if d.default not in self.without else None
        if default is not None and (ELIDED_DEFAULT in head or ELIDED_DEFAULT in tail):
            used.add(default)
            head = head.replace(ELIDED_DEFAULT, default)
            tail = tail.replace(ELIDED_DEFAULT, default)
        return head + middle + tail

    def symbol(self, line: SymbolLine, used: set[str]) -> SymbolLine:
        d = self.dictionary
        kind, properties = line.kind, list(line.properties)
        code = self._code(d.symbols, symbol_value(line.kind, line.properties))
        if code is not None:
            kind, properties = code, []
        elif (code := self._code(d.symbols, line.kind)) is not None:
            kind = code
        if code is not None:
            used.add(code)
        signature = self.signature(line.signature, used)
        return SymbolLine(line.short, kind, line.start, line.end, signature, properties,
                          bool(properties) or _looks_braced(signature))

    def edge_tokens(self, edges: Iterable[EdgeLine], used: set[str], possible: set[str] | None = None) -> list[str]:
        """The tokens of one source's edge line: each head once, followed by all its targets.

        ``possible`` gathers the codes the line would use with fewer codes at hand: the code of
        a candidate list where a code for the whole target is written instead."""
        d = self.dictionary
        groups: dict[str, list[str]] = {}
        for edge in edges:
            items = groups.setdefault(head_text(edge.kind, edge.status), [])
            listed = candidate_list(edge) if edge.candidates else ""
            list_code = self._code(d.candidate_lists, listed) if listed else None
            for target in edge.targets if listed else runs(edge.targets):
                item = f"{target}={listed}" if listed else target
                code = self._code(d.targets, item)
                if code is not None:
                    used.add(code)
                    items.append(code)
                    if list_code is not None and possible is not None:
                        possible.add(list_code)
                    continue
                if item in d.letter_codes or target in d.letter_codes:
                    # the chooser never picks a code that is also a name
                    raise ValueError(f"the dictionary code {target!r} is also a target of this document")
                if list_code is not None:
                    used.add(list_code)
                    item = f"{target}={list_code}"
                items.append(item)
        tokens: list[str] = []
        for head, items in groups.items():
            code = self._code(d.heads, head)
            if code is not None:
                used.add(code)
            tokens.append(code or head)
            tokens.extend(items)
        return tokens

    def path(self, path: str, used: set[str]) -> str:
        """A heading's path with its longest coded directory prefix replaced by the code."""
        d = self.dictionary
        if not d.paths or needs_quoting_path(path):
            return path
        best: tuple[str, str] | None = None
        cut = path.find("/")
        while cut > 0:
            code = self._code(d.paths, path[:cut])
            if code is not None:
                best = (code, path[cut:])
            cut = path.find("/", cut + 1)
        if best is None:
            return path
        used.add(best[0])
        return best[0] + best[1]


def apply_dictionary(doc: SktDocument, dictionary: Dictionary) -> SktDocument:
    """The minified form of a plain document with ``dictionary`` (``[dict]`` lists the codes used).

    Edges go under the line of their source when it is in the document, else into ``[edges]``.
    """
    coder = Coder(dictionary)
    used: set[str] = set()
    by_source: dict[str, list[EdgeLine]] = {}
    for edge in doc.edges:
        by_source.setdefault(edge.source, []).append(edge)
    out = SktDocument(meta=minified_meta(doc.meta), has_symbols=doc.has_symbols, minified=True,
                      errors=list(doc.errors))
    placed: set[str] = set()  # a source's edges go under its first line (a document has one per id)
    for section in doc.files:
        lines = []
        for line in section.symbols:
            coded = coder.symbol(line, used)
            edges = by_source.get(line.short)
            if edges and line.short not in placed:
                placed.add(line.short)
                coded.edges = coder.edge_tokens(edges, used)
            lines.append(coded)
        out.files.append(FileSection(coder.path(section.path, used), lines))
    for source, edges in by_source.items():
        if source not in placed:
            out.source_edges.append(SourceEdges(source, coder.edge_tokens(edges, used)))
    out.has_edges = bool(out.source_edges)  # [edges] is written only when it holds lines
    out.dictionary = dictionary.lines(used)
    return out


def minified_meta(meta: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """``[meta]`` of the minified form: the format says so (it is added when missing)."""
    if not any(key == "format" for key, _ in meta):
        return [("format", MINIFIED_FORMAT), *meta]
    return [(key, MINIFIED_FORMAT if key == "format" and value == SKT_FORMAT else value) for key, value in meta]


def plain_meta(meta: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(key, SKT_FORMAT if key == "format" and value == MINIFIED_FORMAT else value) for key, value in meta]


def is_minified(doc: SktDocument) -> bool:
    return doc.minified or doc.meta_value("format") == MINIFIED_FORMAT


# -- choosing a dictionary -------------------------------------------------------------------------


def _letter_codes(count: Count, taken: set[str]) -> Iterator[str]:
    """Lowercase codes, fewest tokens first (then shorter, then alphabetical); ``taken`` left out.

    Codes of one and two letters are ordered together, then those of three letters, and so on.
    """
    letters = string.ascii_lowercase
    tier = [*letters, *("".join(p) for p in product(letters, repeat=2))]
    length = 2
    while True:
        yield from sorted((c for c in tier if c not in taken), key=lambda c: (count(" " + c), len(c), c))
        length += 1
        tier = ["".join(p) for p in product(letters, repeat=length)]


def _per_use(uses: int, plain: int, coded: Callable[[str], int]) -> Callable[[str], int]:
    """What ``uses`` uses save with a code: each ``plain`` tokens written out, ``coded(code)`` coded."""
    return lambda code: uses * (plain - coded(code))


@dataclass(slots=True)
class _Candidate:
    field: str
    value: str
    uses: int
    #: tokens saved by all uses with a given code (before the cost of its ``[dict]`` line)
    saved: Callable[[str], int]
    estimate: int = 0


def choose_dictionary(doc: SktDocument, count: Count) -> Dictionary:
    """The codes worth having for a plain document, the most valuable first.

    Every repeated value is a candidate. Candidates are ranked by what they would save with a
    one-token code, then given the cheapest free codes in that order; a candidate is kept
    only if what it saves with its code exceeds the tokens of its ``[dict]`` line.
    """
    symbols: Counter[tuple[str, tuple[str, ...]]] = Counter()
    signatures: list[str] = []
    for section in doc.files:
        for line in section.symbols:
            symbols[(line.kind, tuple(line.properties))] += 1
            signatures.append(line.signature)
    heads: Counter[str] = Counter()
    items: Counter[str] = Counter()
    taken: set[str] = set()
    groups: dict[str, set[str]] = {}
    for edge in doc.edges:
        head = head_text(edge.kind, edge.status)
        seen = groups.setdefault(edge.source, set())
        if head not in seen:
            seen.add(head)
            heads[head] += 1
        for item in edge_items(edge):
            if not SHORT_ID.fullmatch(item) and not _RUN.fullmatch(item):
                items[item] += 1
        taken.update(t for t in (*edge.targets, *edge.candidates) if _is_name(t))
    paths = [section.path for section in doc.files]
    taken.update(path.split("/", 1)[0] for path in paths)

    candidates: list[_Candidate] = []
    for (kind, properties), uses in symbols.items():
        plain = count(f"S1 {kind} L1 x" + (f" {{{', '.join(properties)}}}" if properties else "") + "\n")
        candidates.append(_Candidate(SYMBOL, symbol_value(kind, properties), uses,
                                     _per_use(uses, plain, lambda code: count(f"S1 {code} L1 x\n"))))
    for head, uses in heads.items():
        candidates.append(_Candidate(HEAD, head, uses,
                                     _per_use(uses, count(f" {head} x"), lambda code: count(f" {code} x"))))
    for item, uses in items.items():
        if uses > 1:
            candidates.append(_Candidate(TARGET, item, uses,
                                         _per_use(uses, count(" " + item), lambda code: count(" " + code))))
    sigil = next((ch for ch in SIGILS if not any(ch in s for s in signatures)), None)
    if sigil is not None:
        params: Counter[str] = Counter()
        for signature in signatures:
            where = param_part(signature)
            if where is not None and where[1] - where[0] > 2:
                params[signature[where[0] : where[1]]] += 1
        for part, uses in params.items():
            if uses > 1:
                candidates.append(_Candidate(PARAMS, part, uses,
                                             _per_use(uses, count("x" + part), lambda code: count("x" + code))))
    default: _Candidate | None = None
    if not any(DEFAULT_CODE in s for s in signatures):
        with_default = [s for s in signatures if ELIDED_DEFAULT in s]
        if with_default:
            saved = sum(count(s) - count(s.replace(ELIDED_DEFAULT, DEFAULT_CODE)) for s in with_default)
            default = _Candidate(DEFAULT, ELIDED_DEFAULT, len(with_default), _per_use(1, saved, lambda code: 0))
    path_candidates = _path_candidates(paths, count)
    candidates.extend(path_candidates)

    def line_cost(code: str, value: str) -> int:
        return count(f"- {code}: {value}\n")

    for candidate in candidates:
        typical = f"{sigil}a" if candidate.field == PARAMS else "a"
        candidate.estimate = candidate.saved(typical) - line_cost(typical, candidate.value)
    candidates.sort(key=lambda c: (-c.estimate, _FIELD_ORDER[c.field], c.value))

    letters = _letter_codes(count, taken)
    sigil_codes = (f"{sigil}{code}" for code in _letter_codes(count, set()))
    next_letter: str | None = None
    next_sigil: str | None = None
    chosen: list[Entry] = []
    for candidate in candidates:
        if candidate.estimate <= 0:
            break
        if candidate.field == PARAMS:
            next_sigil = next_sigil or next(sigil_codes)
            code = next_sigil
        else:
            next_letter = next_letter or next(letters)
            code = next_letter
        saved, cost = candidate.saved(code), line_cost(code, candidate.value)
        if saved > cost:
            chosen.append(Entry(code, candidate.field, candidate.value, _min_uses(saved, candidate.uses, cost),
                                saved - cost))
            if candidate.field == PARAMS:
                next_sigil = None
            else:
                next_letter = None
    # whole candidate lists, for the ambiguous targets left without a code of their own
    coded_targets = {e.value for e in chosen if e.field == TARGET}
    lists: Counter[str] = Counter()
    for edge in doc.edges:
        if edge.candidates:
            listed = candidate_list(edge)
            lists[listed] += sum(f"{target}={listed}" not in coded_targets for target in edge.targets)
    list_candidates = [
        _Candidate(CANDIDATES, listed, uses,
                   _per_use(uses, count(f"x={listed}"), lambda code: count(f"x={code}")))
        for listed, uses in lists.items() if uses > 1
    ]
    for candidate in list_candidates:
        candidate.estimate = candidate.saved("a") - line_cost("a", candidate.value)
    list_candidates.sort(key=lambda c: (-c.estimate, c.value))
    for candidate in list_candidates:
        if candidate.estimate <= 0:
            break
        code = next_letter or next(letters)
        saved, cost = candidate.saved(code), line_cost(code, candidate.value)
        if saved > cost:
            chosen.append(Entry(code, CANDIDATES, candidate.value, _min_uses(saved, candidate.uses, cost),
                                saved - cost))
            next_letter = None
        else:
            next_letter = code
    if default is not None:
        saved, cost = default.saved(DEFAULT_CODE), line_cost(DEFAULT_CODE, ELIDED_DEFAULT)
        if saved > cost:
            chosen.append(Entry(DEFAULT_CODE, DEFAULT, ELIDED_DEFAULT, _min_uses(saved, default.uses, cost),
                                saved - cost))

    # a code for a kind alone also serves the symbols of that kind whose property set has none
    coded = {e.value for e in chosen if e.field == SYMBOL}
    leftover: Counter[str] = Counter()
    for (kind, properties), uses in symbols.items():
        if properties and symbol_value(kind, properties) not in coded:
            leftover[kind] += uses
    for kind, uses in sorted(leftover.items(), key=lambda kv: (-kv[1], kv[0])):
        if kind in coded:
            continue
        code = next_letter or next(letters)
        total = symbols.get((kind, ()), 0) + uses
        saved, cost = total * (count(f"S1 {kind} L1") - count(f"S1 {code} L1")), line_cost(code, kind)
        if saved > cost:
            chosen.append(Entry(code, SYMBOL, kind, _min_uses(saved, total, cost), saved - cost))
            next_letter = None
        else:
            next_letter = code
    return _settle_paths(Dictionary(chosen), paths, count)


def _min_uses(saved: int, uses: int, cost: int) -> int:
    """The fewest uses that pay for a ``[dict]`` line of ``cost`` tokens, at the average saving per use."""
    return cost * uses // saved + 1


def _path_candidates(paths: Sequence[str], count: Count) -> list[_Candidate]:
    """Directory prefixes of the headings, each saving what it would save alone."""
    under: dict[str, list[str]] = {}
    for path in paths:
        if needs_quoting_path(path):
            continue
        cut = path.find("/")
        while cut > 0:
            under.setdefault(path[:cut], []).append(path)
            cut = path.find("/", cut + 1)
    out = []
    for prefix, below in under.items():
        if len(below) < 2:
            continue

        def saved(code: str, prefix: str = prefix, below: list[str] = below) -> int:
            return sum(count(f"## {p}\n") - count(f"## {code}{p[len(prefix):]}\n") for p in below)

        out.append(_Candidate(PATH, prefix, len(below), saved))
    return out


def _settle_paths(dictionary: Dictionary, paths: Sequence[str], count: Count) -> Dictionary:
    """Drop path codes that no longer pay once each heading uses its longest coded prefix."""
    for _ in range(8):
        coder = Coder(dictionary)
        gained: Counter[str] = Counter()
        for path in paths:
            used: set[str] = set()
            coded = coder.path(path, used)
            for code in used:
                gained[code] += count(f"## {path}\n") - count(f"## {coded}\n")
        losers = {e.code for e in dictionary.entries
                  if e.field == PATH and gained[e.code] <= count(f"- {e.code}: {e.value}\n")}
        if not losers:
            return dictionary
        dictionary = Dictionary(e for e in dictionary.entries if e.code not in losers)
    return dictionary


# -- the whole step ----------------------------------------------------------------------------------


def document_tokens(doc: SktDocument, count: Count | TokenCounter) -> int:
    """Exact tokens of a document's text, counted line by line where the tokenizer allows it."""
    from codeknit.skeleton.writer import iter_lines, to_text

    if callable(count):
        return count(to_text(doc))
    return count.count_lines(iter_lines(doc))


def minify(doc: SktDocument, count: Count | TokenCounter) -> SktDocument:
    """The minified form of a plain document, or the document itself when that is not larger."""
    plain_count: Count = count if callable(count) else count.count
    minified = apply_dictionary(doc, choose_dictionary(doc, plain_count))
    return minified if document_tokens(minified, count) < document_tokens(doc, count) else doc


# -- expanding ---------------------------------------------------------------------------------------


def expand(doc: SktDocument, dictionary: Sequence[tuple[str, str]] | None = None) -> SktDocument:
    """The plain document: codes replaced by their values (from the document's own ``[dict]``
    unless given one), and in a minified document every line in its plain form."""
    entries = list(dictionary) if dictionary is not None else list(doc.dictionary)
    values = dict(entries)
    if is_minified(doc):
        return _Expander(values).document(doc)
    if dictionary is not None:  # a shared dictionary (dict.skt) of minified chunks says nothing to a plain one
        values = {code: value for code, value in values.items() if DICT_CODE.fullmatch(code)}
    for code in values:
        if not DICT_CODE.fullmatch(code):
            raise SktFormatError(f"bad dictionary code {code!r}")

    def get(token: str) -> str:
        if DICT_CODE.fullmatch(token):
            if token not in values:
                raise SktFormatError(f"dictionary code {token} is not defined")
            return values[token]
        return token

    expanded = SktDocument(meta=list(doc.meta), has_symbols=doc.has_symbols, has_edges=doc.has_edges,
                           errors=list(doc.errors))
    for section in doc.files:
        expanded.files.append(FileSection(section.path, [
            SymbolLine(line.short, get(line.kind), line.start, line.end, line.signature,
                       [get(p) for p in line.properties], line.braces)
            for line in section.symbols
        ]))
    expanded.edges = [EdgeLine(e.source, get(e.kind), e.status, list(e.targets), list(e.candidates))
                      for e in doc.edges]
    return expanded


class _Expander:
    def __init__(self, values: dict[str, str]) -> None:
        self.values = values
        for code in values:
            if not (LETTERS.fullmatch(code) or code == DEFAULT_CODE
                    or (len(code) > 1 and code[0] in SIGILS and LETTERS.fullmatch(code[1:]))):
                raise SktFormatError(f"bad dictionary code {code!r}")
        sigils = sorted({code[0] for code in values if code[0] in SIGILS})
        self.params = re.compile(f"[{re.escape(''.join(sigils))}][a-z]+") if sigils else None

    def code(self, code: str, what: str) -> str:
        value = self.values.get(code)
        if value is None:
            raise SktFormatError(f"dictionary code {code} is not defined (used as {what})")
        return value

    def document(self, doc: SktDocument) -> SktDocument:
        out = SktDocument(meta=plain_meta(doc.meta), has_symbols=doc.has_symbols, errors=list(doc.errors))
        edges: list[EdgeLine] = []
        for section in doc.files:
            lines = []
            for line in section.symbols:
                lines.append(self.symbol(line))
                if line.edges:
                    edges.extend(self.edges(line.short, line.edges))
            out.files.append(FileSection(self.path(section.path), lines))
        for row in doc.source_edges:
            edges.extend(self.edges(row.source, row.tokens))
        edges.extend(EdgeLine(e.source, e.kind, e.status, list(e.targets), list(e.candidates)) for e in doc.edges)
        out.edges = edges
        out.has_edges = doc.has_edges or bool(edges)
        return out

    def path(self, path: str) -> str:
        first, slash, rest = path.partition("/")
        if slash and LETTERS.fullmatch(first) and first in self.values:
            return self.values[first] + "/" + rest
        return path

    def symbol(self, line: SymbolLine) -> SymbolLine:
        kind, properties = line.kind, list(line.properties)
        if "/" not in kind:
            value = self.code(kind, "a symbol kind")
            kind, brace, inner = value.partition(" {")
            if "/" not in kind or (brace and not inner.endswith("}")):
                raise SktFormatError(f"dictionary code {line.kind} is not a symbol kind: {value!r}")
            if brace:
                properties = split_properties(inner[:-1]) + properties
        signature = line.signature
        if DEFAULT_CODE in self.values:
            signature = signature.replace(DEFAULT_CODE, self.values[DEFAULT_CODE])
        if self.params is not None:
            signature = self.params.sub(lambda m: self.code(m.group(), "a parameter list"), signature)
        return SymbolLine(line.short, kind, line.start, line.end, signature, properties)

    def candidate_list(self, code: str) -> list[str]:
        """The candidates a code after ``=`` stands for."""
        value = self.values[code]
        _, candidates = split_item(f"x={value}")
        if any(LETTERS.fullmatch(c) and c in self.values for c in candidates):
            raise SktFormatError(f"dictionary code {code} is not a candidate list: {value!r}")
        return candidates

    def head(self, token: str) -> tuple[str, str | None] | None:
        text = token
        if not token.startswith("--"):
            if not LETTERS.fullmatch(token) or token not in self.values:
                return None
            text = self.values[token]
        match = HEAD_TEXT.fullmatch(text)
        if match is None:
            if token.startswith("--"):
                raise SktFormatError(f"not an edge head: {token!r}")
            return None
        status = match["status"]
        if status is not None and status not in STATUSES:
            raise SktFormatError(f"unknown status {status!r}")
        return match["kind"], status

    def edges(self, source: str, tokens: Sequence[str]) -> list[EdgeLine]:
        groups: dict[tuple[str, str | None, tuple[str, ...]], EdgeLine] = {}
        head: tuple[str, str | None] | None = None
        for token in tokens:
            found = self.head(token)
            if found is not None:
                head = found
                continue
            if head is None:
                raise SktFormatError(f"the edges of {source} do not start with a head: {token!r}")
            item = self.values[token] if LETTERS.fullmatch(token) and token in self.values else token
            target, candidates = split_item(item)
            if len(candidates) == 1 and LETTERS.fullmatch(candidates[0]) and candidates[0] in self.values:
                candidates = self.candidate_list(candidates[0])
            key = (head[0], head[1], tuple(candidates))
            line = groups.get(key)
            if line is None:
                line = groups[key] = EdgeLine(source, head[0], head[1], [], list(candidates))
            line.targets.extend(target)
        return list(groups.values())


def _unrun(token: str) -> list[str]:
    match = _RUN.fullmatch(token)
    if match is None:
        return [token]
    first, last = int(match[1]), int(match[2])
    if last <= first or last - first > MAX_RUN:
        raise SktFormatError(f"bad run of short ids: {token!r}")
    return [f"S{n}" for n in range(first, last + 1)]


def _take(text: str, start: int, stops: str) -> int:
    """Where a token that starts at ``start`` ends: a quoted id, or up to one of ``stops``."""
    if text.startswith('"', start):
        match = _QUOTED.match(text, start)
        if match is None:
            raise SktFormatError(f"unterminated quoted id in {text!r}")
        return match.end()
    end = start
    while end < len(text) and text[end] not in stops:
        end += 1
    return end


def split_item(item: str) -> tuple[list[str], list[str]]:
    """A written target: its targets (a run gives several) and its candidates."""
    end = _take(item, 0, "=")
    target = item[:end]
    if not target:
        raise SktFormatError(f"empty target in {item!r}")
    candidates: list[str] = []
    if end < len(item):
        if item[end] != "=":
            raise SktFormatError(f"unexpected text after a target: {item!r}")
        position = end + 1
        while True:
            stop = _take(item, position, ",")
            candidate = item[position:stop]
            if not candidate:
                raise SktFormatError(f"empty candidate in {item!r}")
            candidates.extend(_unrun(candidate))
            if stop == len(item):
                break
            if item[stop] != ",":
                raise SktFormatError(f"unexpected text after a candidate: {item!r}")
            position = stop + 1
    if target.startswith('"'):
        try:
            unquote(target)
        except ValueError as exc:
            raise SktFormatError(str(exc)) from None
    return _unrun(target), candidates


def split_tokens(text: str) -> list[str]:
    """The space-separated tokens of an edge line (quoted ids may hold spaces)."""
    tokens: list[str] = []
    position = 0
    while True:
        end = position
        while end < len(text) and text[end] != " ":
            end = _take(text, end, ' "')
        if end == position:
            raise SktFormatError(f"empty token in the edge line {text!r}")
        tokens.append(text[position:end])
        if end == len(text):
            return tokens
        position = end + 1
