"""``--minify``: a dictionary of codes for repeated fields, chosen by real token savings.

Only three kinds of field are ever replaced, so a code can never be confused
with text: a symbol's ``category/kind``, one item of its ``{properties}``, and
an edge's relation kind. Status labels (``[unresolved]``, ``[ambiguous]``)
stay readable. A value gets a code only if the tokens it saves across the
document exceed what its own ``- dN: value`` line costs, measured with the
real tokenizer (``o200k_base`` unless told otherwise).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from codeknit.skeleton.document import (
    DICT_CODE,
    EdgeLine,
    FileSection,
    SktDocument,
    SktFormatError,
    SymbolLine,
)

Count = Callable[[str], int]


def _fields(doc: SktDocument) -> Counter[tuple[str, str]]:
    """How often each replaceable value occurs, by field type (kind, prop, edge)."""
    counts: Counter[tuple[str, str]] = Counter()
    for section in doc.files:
        for line in section.symbols:
            counts[("kind", line.kind)] += 1
            for item in line.properties:
                counts[("prop", item)] += 1
    for edge in doc.edges:
        counts[("edge", edge.kind)] += 1
    return counts


_CONTEXT = {"kind": ("S1 ", " L1"), "prop": ("{", ", "), "edge": ("S1 --", "-->")}


def _cost(field_type: str, value: str, count: Count) -> int:
    before, after = _CONTEXT[field_type]
    return count(before + value + after) - count(before + after)


def choose_dictionary(doc: SktDocument, count: Count) -> list[tuple[str, str]]:
    """``[(code, value)]``: the values worth a code, most valuable first."""
    counts = _fields(doc)
    totals: Counter[str] = Counter()
    field_types: dict[str, set[str]] = {}
    for (field_type, value), n in counts.items():
        totals[value] += n
        field_types.setdefault(value, set()).add(field_type)

    def saving(value: str, code: str) -> int:
        gained = 0
        for field_type in field_types[value]:
            n = counts.get((field_type, value), 0)
            gained += n * (_cost(field_type, value, count) - _cost(field_type, code, count))
        return gained - count(f"- {code}: {value}\n")

    # rank with a typical code, then assign codes in rank order and keep what still pays
    ranked = sorted(totals, key=lambda v: (-saving(v, "d0"), v))
    chosen: list[tuple[str, str]] = []
    for value in ranked:
        code = f"d{len(chosen)}"
        if DICT_CODE.fullmatch(value):
            continue
        if saving(value, code) > 0:
            chosen.append((code, value))
    return chosen


def code_symbol_line(line: SymbolLine, codes: dict[str, str]) -> SymbolLine:
    """A copy of one symbol line with the values in ``codes`` (value → code) replaced."""
    return SymbolLine(
        line.short,
        codes.get(line.kind, line.kind),
        line.start,
        line.end,
        line.signature,
        [codes.get(p, p) for p in line.properties],
        line.braces,
    )


def code_edge_line(edge: EdgeLine, codes: dict[str, str]) -> EdgeLine:
    """A copy of one edge line with its relation kind replaced when ``codes`` has it."""
    return EdgeLine(edge.source, codes.get(edge.kind, edge.kind), edge.status, list(edge.targets),
                    list(edge.candidates))


def apply_dictionary(doc: SktDocument, dictionary: list[tuple[str, str]]) -> SktDocument:
    """A copy of ``doc`` with dictionary values replaced by their codes."""
    codes = {value: code for code, value in dictionary}
    out = SktDocument(
        meta=list(doc.meta),
        dictionary=list(dictionary),
        has_symbols=doc.has_symbols,
        has_edges=doc.has_edges,
        errors=list(doc.errors),
    )
    for section in doc.files:
        out.files.append(FileSection(section.path, [code_symbol_line(line, codes) for line in section.symbols]))
    out.edges = [code_edge_line(e, codes) for e in doc.edges]
    return out


def expand(doc: SktDocument, dictionary: list[tuple[str, str]] | None = None) -> SktDocument:
    """Replace codes by their values (using the document's own ``[dict]`` unless given one)."""
    entries = dictionary if dictionary is not None else doc.dictionary
    values = dict(entries)
    for code in values:
        if not DICT_CODE.fullmatch(code):
            raise SktFormatError(f"bad dictionary code {code!r}")

    def get(token: str) -> str:
        if DICT_CODE.fullmatch(token):
            if token not in values:
                raise SktFormatError(f"dictionary code {token} is not defined")
            return values[token]
        return token

    expanded = apply_dictionary(doc, [])
    expanded.dictionary = []
    for section in expanded.files:
        for line in section.symbols:
            line.kind = get(line.kind)
            line.properties = [get(p) for p in line.properties]
    for edge in expanded.edges:
        edge.kind = get(edge.kind)
    return expanded


def minify(doc: SktDocument, count: Count) -> SktDocument:
    return apply_dictionary(doc, choose_dictionary(doc, count))
