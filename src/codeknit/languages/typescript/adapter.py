"""TypeScript's adapter: JavaScript's, with TypeScript's grammars and queries.

The JavaScript adapter (``javascript/adapter.py``) reads the syntax both languages share and the
TypeScript-only parts (types, interfaces, enums, namespaces, overloads) where they occur; this
adapter says which grammar and query a file takes, and which of TypeScript's syntax the grammar does
not parse yet (beside JavaScript's). ``.tsx`` files are parsed with the tsx
grammar and its query (JSX references, then all of ``queries.scm``).
"""

from __future__ import annotations

import re

from codeknit.languages.engine import GrammarGap
from codeknit.languages.javascript.adapter import JAVASCRIPT_GAPS, JavaScriptAdapter

TYPESCRIPT_GAPS: tuple[GrammarGap, ...] = JAVASCRIPT_GAPS + (
    # TypeScript 4.7: interface Box<out T>, type F<in out T> (tree-sitter-typescript issue 370)
    GrammarGap("a variance annotation on a type parameter (interface Box<out T>)",
               re.compile(rb"[<,](?:\s|/\*.*?\*/|//[^\n]*\n)*(?:const\s+)?(?P<mask>(?:in\s+)?out|in)\s+"
                          rb"(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))", re.DOTALL), inside=("type_parameters",)),
    # TypeScript 5.0: export type * from "./m", export type * as ns from "./m"
    GrammarGap("export type * from", re.compile(rb"export(?<!\wexport)\s+(?P<mask>type)\s+\*"),
               inside=("export_statement",)),
    # a call signature on its own line after a member without a semicolon (interface F { x: T\n (a: A): B }):
    # TypeScript ends the member at the line break; the grammar reads a call of T (the signature gets a ';')
    GrammarGap("a call signature after a member without a semicolon",
               re.compile(rb"[\w)\]>?][ \t]*\n(?:[ \t]*(?://[^\n]*)?\n)*(?P<mask>[ \t])[ \t]*(?=[<(])"),
               b";", inside=("interface_body", "object_type")),
    # a declaration file's anonymous default function (export default function (): T;): nothing
    # can be masked to give it a name; its error is known, not reported
    GrammarGap("an anonymous default function signature",
               re.compile(rb"export(?<!\wexport)\s+default\s+function\s*\("), None),
)


class TypeScriptAdapter(JavaScriptAdapter):
    language = "typescript"
    grammars = {".tsx": "tsx", "": "typescript"}
    query_name = "typescript/queries.scm"
    query_names = {"tsx": "typescript/tsx.scm"}
    grammar_gaps = TYPESCRIPT_GAPS


ADAPTER = TypeScriptAdapter

__all__ = ["ADAPTER", "TYPESCRIPT_GAPS", "TypeScriptAdapter"]
