"""Current TypeScript (5.x) and JavaScript (ES2024) parse without false syntax errors (issue 23, item 4).

The newest grammars that install offline (the language pack's, and tree-sitter-typescript 0.23.2 /
tree-sitter-javascript 0.25.0 from PyPI, which parse exactly alike) lack a few constructs; the
adapters list them as grammar gaps (``GrammarGap``), repaired for the parser only.
"""

from __future__ import annotations

import pytest

from codeknit.languages.adapters import extract

TYPESCRIPT_5 = {
    "variance annotations": "export interface Box<out T> { value: T }\ninterface Sink<in T> { put(x: T): void }\n"
                            "type Cell<in out T> = { get(): T; set(x: T): void };\nclass Keeper<const in T> {}\n",
    "variance on its own line, after a comment": "export interface ZodObject<\n  /** @ts-ignore Cast variance */\n"
                                                "  out Shape extends object = {},\n  out Config = unknown,\n"
                                                "> extends Base<Shape> {}\n",
    "export type *": "export type * from './types';\nexport type * as schemas from './schemas';\n",
    "import type * as": "import type * as errors from './errors';\nexport type E = errors.Err;\n",
    "satisfies, const type parameters, accessor": "const conf = { a: 1 } satisfies Record<string, number>;\n"
                                                  "function tuple<const T extends readonly unknown[]>(x: T): T "
                                                  "{ return x }\nclass A { accessor size = 1; }\n",
    "using declarations": "async function f() { using r = open(); await using s = openAsync(); }\n",
    "decorators": "@sealed class Greeter { @log greet(@inject() name: string) { return name } }\n",
    "enums and namespaces": "declare const enum E { A = 1 }\nexport namespace N.M { export const x = 1 }\n",
    "call signatures without semicolons": "export interface Factory extends Base {\n  // nameless\n"
                                          "  <T extends Function>(fn: T): T\n  // named\n"
                                          "  <T>(name: string, fn: T): T\n\n  (customName: string): Decorator &\n"
                                          "    Annotation\n  bound: Annotation\n}\nexport const after = 1\n",
}

ES2024 = {
    "reserved words as export names": "const _null = 1, catch_ = 2;\nexport { _null as null, catch_ as catch };\n",
    "class features": "class A { static { init(); } #p = 1; static #q() {} has(o) { return #p in o } }\n",
    "regex v flag, hashbang": "#!/usr/bin/env node\nconst r = /[\\p{L}--[a-z]]/v;\n",
    "import attributes, top-level await": "import data from './d.json' with { type: 'json' };\nawait data;\n",
    "logical assignment, bigint, optional chaining": "x ||= 1; y &&= 2; z ??= 3; const n = 1_000n; a?.b?.();\n",
    "string export names": "const x = 1;\nexport { x as 'string name' };\n",
}


@pytest.mark.parametrize("name", sorted(TYPESCRIPT_5))
def test_typescript_5_syntax_is_no_error(name: str) -> None:
    extraction = extract("m.ts", "typescript", TYPESCRIPT_5[name].encode())
    assert extraction.errors == []


@pytest.mark.parametrize("name", sorted(ES2024))
def test_es2024_syntax_is_no_error(name: str) -> None:
    extraction = extract("m.js", "javascript", ES2024[name].encode())
    assert extraction.errors == []


def test_a_masked_name_keeps_its_spelling() -> None:
    extraction = extract("m.js", "javascript", ES2024["reserved words as export names"].encode())
    assert extraction.exports == ("null", "catch")
    typescript = extract("m.ts", "typescript", TYPESCRIPT_5["variance annotations"].encode())
    signatures = {s.name: s.signature for s in typescript.symbols}
    assert signatures["Box"] == "Box<out T>" and signatures["Cell"].startswith("Cell<in out T>")
    assert {"Box", "Sink", "Cell", "Keeper", "value", "put"} <= set(signatures)


def test_export_type_star_is_a_reexport() -> None:
    extraction = extract("m.ts", "typescript", TYPESCRIPT_5["export type *"].encode())
    assert [(i.module, i.star, i.alias, i.reexport) for i in extraction.imports] == [
        ("./types", True, None, True), ("./schemas", False, "schemas", True)]


def test_an_anonymous_default_function_signature_in_a_declaration_file() -> None:
    source = (b"import type * as errors from './errors';\n"
              b"export default function (): {\n  localeError: errors.Map;\n};\n")
    assert extract("ta.d.ts", "typescript", source).errors == []


def test_call_signatures_without_semicolons_keep_the_file() -> None:
    extraction = extract("m.ts", "typescript", TYPESCRIPT_5["call signatures without semicolons"].encode())
    assert {"Factory", "bound", "after"} <= {s.name for s in extraction.symbols}
    assert [(d.name, d.span[0]) for d in extraction.declarations if d.name in ("fn", "customName")] == [
        ("fn", 3), ("fn", 5), ("customName", 7)]


def test_real_syntax_errors_are_still_reported() -> None:
    assert extract("m.ts", "typescript", b"interface Box<out T> { value: T }\nfunction (( {\n").errors
    assert extract("m.js", "javascript", b"export { a as null };\nlet = = 1;\n").errors == ["syntax error at line 2"]
    # a variance-looking word where the grammar already fails for another reason
    assert extract("m.ts", "typescript", b"const x = a < out T > ;\n").errors
    # a line starting with a parenthesis in code is a call (no statement ends there), never masked
    assert extract("m.ts", "typescript", b"const y = f\n  (1)\nlet = = 1;\n").errors
