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
from codeknit.languages.javascript.adapter import JavaScriptAdapter

#: a block comment (that cannot run on past its first ``*/``, as a lazy ``/\*.*?\*/`` can when what
#: follows it fails to match)
_BLOCK_COMMENT = rb"/\*[^*]*\*+(?:[^/*][^*]*\*+)*/"
#: words a type goes on after (``A extends\n (x: B) => C``, ``keyof\n (A | B)``): a line ending in one does
#: not end a member
_TYPE_KEYWORDS = rb"(?:extends|keyof|typeof|infer|readonly|unique|new|is|asserts|in|as|satisfies)\b"
#: the end of a member's type: a name, a closing bracket or quote, ``T?``, or a type's ``>`` (not an arrow's)
_MEMBER_END = rb"(?:(?<![\w$])(?!" + _TYPE_KEYWORDS + rb")[\w$]+|(?<=[\w$])\?|[)\]}\"']|(?<!=)>)"
#: an object type between braces, nested up to three deep
_BRACED = rb"\{(?:[^{}`]|\{(?:[^{}`]|\{[^{}`]*\})*\})*\}"

# (the reserved-word gap of JavaScript's grammar is not TypeScript's: its grammar reads
# ``export { _null as null }``)
TYPESCRIPT_GAPS: tuple[GrammarGap, ...] = (
    # TypeScript 4.7: interface Box<out T>, type F<in out T> (tree-sitter-typescript issue 370)
    GrammarGap("a variance annotation on a type parameter (interface Box<out T>)",
               re.compile(rb"[<,](?:\s|" + _BLOCK_COMMENT + rb"|//[^\n]*\n)*(?:const\s+)?(?P<mask>(?:in\s+)?out|in)\s+"
                          rb"(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))"), inside=("type_parameters",)),
    # TypeScript 5.0: export type * from "./m", export type * as ns from "./m"
    GrammarGap("export type * from", re.compile(rb"export(?<!\wexport)\s+(?P<mask>type)\s+\*"),
               inside=("export_statement",)),
    # a member on its own line after a member without a semicolon, with comments between or not: a call
    # signature (interface F { x: T\n /** doc */\n <A>(a: A): B }) or a member named in or instanceof.
    # TypeScript ends the member at the line break; the grammar reads on (a call of T, T in x): the
    # line gets a ';' before it
    GrammarGap("a call signature, or a member named in, after a member without a semicolon",
               re.compile(_MEMBER_END + rb"(?:[ \t]|" + _BLOCK_COMMENT + rb")*(?://[^\n]*)?\n"
                          rb"(?:[ \t\n]|//[^\n]*\n|" + _BLOCK_COMMENT + rb")*?"
                          rb"(?P<mask>[ \t])(?=[<(]|in(?:stanceof)?\b)"),
               b";", inside=("interface_body", "object_type")),
    # TypeScript 2.9: type arguments of a tagged template (sql<{ id: number }>`SELECT id`); the grammar
    # reads them when they are not an object type. They are blanked (the call and its template stay)
    GrammarGap("an object type as the type argument of a tagged template",
               re.compile(rb"(?<=[\w$)\]])(?P<mask><\s*" + _BRACED + rb"(?:[^<>`{}=]|=>|=(?!>))*>)(?=`)"),
               inside=("call_expression",)),
    # an escape in a template literal type (type M = `use \`Self\``): the grammar has none; each
    # escape is overwritten (the type's text is read from the source)
    GrammarGap("an escape in a template literal type",
               re.compile(rb"(?:type(?<![\w$.]type)\s+[\w$]+\s*(?:<[^;{}`]*?>)?\s*=|extends(?<![\w$.]extends))"
                          rb"\s*`(?P<mask>(?:[^`\\]|\\[\s\S])*)`"),
               b"_", inside=("template_literal_type",), within=re.compile(rb"\\[\s\S]")),
    # a variable named as (let as = []), which TypeScript allows
    GrammarGap("a variable named as", re.compile(rb"let(?<![\w$.]let)\s+(?P<mask>as)(?=\s*[=:;,])"), b"_",
               inside=("variable_declarator",)),
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
