"""A file's interface digest: everything in its extraction that other files' resolution can see.

Resolving a reference consults the symbols of other files (names, kinds, nesting, bases,
declared types, properties), their imports and export lists, their class-hierarchy
references, module-level variable types and whole-program data-flow facts, and the signatures of
callables whose language tells overloads apart (their parameters' count and types choose among them:
``RawSymbol.arity``, ``resolve/overloads.py``). It never consults another file's spans, other
signatures, docs, locals or ordinary references. So when an edit leaves
a file's interface digest unchanged, every *other* file's relations are unchanged too, and only
the edited file's own references need resolving again (:func:`codeknit.resolve.build_graph`
with ``only``/``keep``). This is what makes a re-run after a body edit cheap.

Data-flow facts (Python's ``Extraction.flow``) are included without their positions
(:func:`codeknit.languages.python.flow.flow_layout`): where code sits is not interface, since the
whole-program solution uses positions only to name call sites and literals, and an incremental run
finds the earlier answers of a changed file's call sites by pairing its two versions' positions
(:meth:`codeknit.resolve.api.LanguageRules.moved`). So an edit that only moves code (lines
inserted or removed above it, a docstring, a comment, re-indentation) keeps the interface; one
that changes what the code does changes the facts, and re-resolves the project.

The same holds for the positions written into type texts: an anonymous object type
(TypeScript's ``{ depth: number }``) is written as its members, each with where it is declared
(``{depth@3:12}``), so that a use of one in the same file is a use of the ``property`` local there.
No other file records anything at those positions (such a member used elsewhere is no local of that
file), so they are left out here: members added, removed or renamed still change the interface.
"""

from __future__ import annotations

import hashlib
import re

import orjson

from codeknit.graph.model import EdgeKind
from codeknit.languages.python.flow import UnknownFact, flow_layout
from codeknit.languages.records import Extraction

_HIERARCHY = frozenset({EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.IMPORTS})
#: where a member of an anonymous object type is declared, in a type text: ``depth@3:12`` in ``{depth@3:12;…}``
_MEMBER_AT = re.compile(r"(?<=[\w$])@\d+:\d+(?=[;}])")


def _unplaced(text: str | None) -> str | None:
    """A type text without the positions of its anonymous object types' members."""
    return _MEMBER_AT.sub("", text) if text and "@" in text else text


def interface_digest(extraction: Extraction) -> str:
    symbols = [
        (s.name, s.kind, s.parent, s.qualname, s.receiver, s.bases, s.owner, _unplaced(s.declared_type),
         sorted(s.properties.items()), s.arity, s.labels, s.signature if s.arity is not None else None)
        for s in extraction.symbols
    ]
    imports = [(i.scope, i.module, i.names, i.alias, i.star, i.level, i.reexport) for i in extraction.imports]
    hierarchy = [
        (r.scope, r.kind, r.text, r.head_known, r.constructs, r.qualified, r.owner)
        for r in extraction.refs
        if r.kind in _HIERARCHY or r.owner is not None
    ]
    var_types = sorted((scope, sorted((name, _unplaced(text)) for name, text in names.items()))
                       for scope, names in extraction.var_types.items())
    try:
        flow = flow_layout(extraction.flow)[0]
    except UnknownFact:
        flow = extraction.flow  # (positions and all)
    payload = [extraction.language, symbols, imports, extraction.exports, hierarchy, var_types,
               flow, bool(extraction.symbols)]
    data = orjson.dumps(payload, option=orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_NON_STR_KEYS, default=_default)
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _default(value: object) -> object:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"cannot digest {type(value).__name__}")
