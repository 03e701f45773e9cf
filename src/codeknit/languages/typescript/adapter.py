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
#: the same, atomic: it matches in one way only (up to the first ``*/``), so a pattern that fails after it
#: need not try the comment's bytes again one by one (half a file's bytes are doc comments: the member
#: line-end gap took 109 M instructions on effect's sample, 61 M so)
_ATOMIC_BLOCK_COMMENT = rb"(?>" + _BLOCK_COMMENT + rb")"
#: a member's line end, by the character before it (a name, a closing bracket or quote, ``T?``, a type's
#: ``>``; not an arrow's ``=>``, nor a word a type goes on after: ``A extends\n (x: B) => C``). A pattern
#: that starts at the line break (a literal) is searched for fast: one that starts with the member's
#: end tried every byte of a file (27 times the time over effect and rxjs, for the same matches)
_MEMBER_LINE_END = rb"\n(?=[ \t\n]*[/<(i])(?<=[\w$)\]}\"'>?]\n)(?<!=>\n)(?<![^\w$]\?\n)" + b"".join(
    rb"(?<!\b" + word + rb"\n)"
    for word in (b"extends", b"keyof", b"typeof", b"infer", b"readonly", b"unique", b"new", b"is", b"asserts",
                 b"in", b"as", b"satisfies"))
#: an object type between braces, nested up to three deep
_BRACED = rb"\{(?:[^{}`]|\{(?:[^{}`]|\{[^{}`]*\})*\})*\}"

def _angled(depth: int) -> bytes:
    """Type arguments between angle brackets, nested up to ``depth`` deep (an arrow's ``=>`` inside)."""
    inner = rb"(?:[^<>=]|=>|=(?!>))" if depth == 1 else rb"(?:[^<>=]|=>|=(?!>)|" + _angled(depth - 1) + rb")"
    return rb"<" + inner + rb"*>"


#: a template literal's text (up to its closing backtick), and an escape in it
_TEMPLATE_TEXT = rb"(?:[^`\\]|\\[\s\S])*"
_ESCAPE = re.compile(rb"\\[\s\S]")

# (the reserved-word gap of JavaScript's grammar is not TypeScript's: its grammar reads
# ``export { _null as null }``)
TYPESCRIPT_GAPS: tuple[GrammarGap, ...] = (
    # TypeScript 4.7: interface Box<out T>, type F<in out T> (tree-sitter-typescript issue 370)
    GrammarGap("a variance annotation on a type parameter (interface Box<out T>)",
               # (the lookahead says what a match has next, whitespace then a comment or the keywords: most
               # ``,`` and ``<`` fail there at once, not in the loop; 106 M instructions on effect's sample, 74 M)
               re.compile(rb"[<,](?=\s*[/cio])(?:\s|" + _BLOCK_COMMENT + rb"|//[^\n]*\n)*"
                          rb"(?:const\s+)?(?P<mask>(?:in\s+)?out|in)\s+"
                          rb"(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))"), inside=("type_parameters",),
               mask_first=True),
    # TypeScript 5.0: export type * from "./m", export type * as ns from "./m"
    GrammarGap("export type * from", re.compile(rb"export(?<!\wexport)\s+(?P<mask>type)\s+\*"),
               inside=("export_statement",), mask_first=True),
    # a member on its own line after a member without a semicolon, with comments between or not: a call
    # signature (interface F { x: T\n /** doc */\n <A>(a: A): B }) or a member named in or instanceof.
    # TypeScript ends the member at the line break; the grammar reads on (a call of T, T in x): the
    # line gets a ';' before it
    GrammarGap("a call signature, or a member named in, after a member without a semicolon",
               re.compile(_MEMBER_LINE_END + rb"(?:[ \t\n]|//[^\n]*+\n|" + _ATOMIC_BLOCK_COMMENT + rb")*?"
                          rb"(?P<mask>[ \t])(?=[<(]|in(?:stanceof)?\b)"),
               b";", inside=("interface_body", "object_type"), mask_first=True),
    # TypeScript 2.9: type arguments of a tagged template (sql<{ id: number }>`SELECT id`); the grammar
    # reads them when they are not an object type. They are blanked (the call and its template stay)
    GrammarGap("an object type as the type argument of a tagged template",
               re.compile(rb"(?P<mask><(?<=[\w$)\]]<)\s*" + _BRACED + rb"(?:[^<>`{}=]|=>|=(?!>))*>)(?=`)"),
               inside=("call_expression",)),
    # an escape in a template literal type (type M = `use \`Self\``, A extends `${infer B}\n`): the grammar
    # has none; each escape is overwritten (the type's text is read from the source)
    GrammarGap("an escape in a template literal type",
               re.compile(rb"type(?<![\w$.]type)\s+[\w$]+\s*(?:<[^;{}`]*?>)?\s*=\s*"
                          rb"`(?P<mask>" + _TEMPLATE_TEXT + rb")`"),
               b"_", inside=("template_literal_type",), within=_ESCAPE),
    GrammarGap("an escape in a template literal type after extends",
               re.compile(rb"extends(?<![\w$.]extends)\s*`(?P<mask>" + _TEMPLATE_TEXT + rb")`"),
               b"_", inside=("template_literal_type",), within=_ESCAPE),
    # type arguments of an import type (import("./m").Box<string>), as declaration files write them: the
    # grammar reads import("./m").Box as a member expression, then fails at the '<'. They are blanked
    # (the import type records nothing either way)
    GrammarGap("type arguments of an import type",
               re.compile(rb"import\(\s*(?:\"[^\"\n]*\"|'[^'\n]*')\s*\)(?:\.[\w$]+)+(?P<mask>" + _angled(6) + rb")"
                          rb"(?!\s*\()")),
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
