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


# -- stop 30: the false errors of effect 4.1.0 (571 files, 119 with a false error; the TypeScript
# compiler's parser accepts every one) --------------------------------------------------------------

#: an overloaded function's type, each overload with its doc comment, as effect writes them
OVERLOADS_WITH_DOCS = """export const map: {
  /**
   * Data-last.
   */
  <A, B>(f: (a: A) => B): (self: Array<A>) => Array<B>
  /**
   * Data-first.
   */
  <A, B>(self: Array<A>, f: (a: A) => B): Array<B>
  // a line comment, then a signature without type parameters
  (self: string): string
} = dual(2, (self: any, f: any) => self.map(f))

export interface Constructor<In> {
  <E>(a: (_: In) => E): Sink<E>
  <E, B = never>(
    a: (_: In) => E,
    b: B
  ): Sink<E | B>
}

export interface Parameter {
  name: string
  in: "query" | "header"
  instanceof: boolean
  /** the last */
  required: boolean
}
"""


def test_call_signatures_after_doc_comments_and_members_named_in() -> None:
    extraction = extract("m.ts", "typescript", OVERLOADS_WITH_DOCS.encode())
    assert extraction.errors == []
    names = {s.name for s in extraction.symbols}
    assert {"map", "Constructor", "Parameter", "name", "in", "instanceof", "required"} <= names
    assert [d.span[0] for d in extraction.declarations if d.name == "self"] == [5, 9, 11, 12]


def test_a_type_that_goes_on_after_a_line_break_is_not_cut() -> None:
    """``extends`` (or ``?``, ``=>``) at a line's end continues the type on the next line: the
    signature gap must not put a ``;`` there (it did, and the file's repair failed)."""
    source = OVERLOADS_WITH_DOCS + """
export type Handlers<Cases> = {
  [K in keyof Cases]: Cases[K] extends
    (...args: Array<any>) => infer R ? R : never
}
export type Pick2<A> = A extends string ?
  (a: A) => A
  : never
export type Curried = (a: number) =>
  (b: number) => number
"""
    extraction = extract("m.ts", "typescript", source.encode())
    assert extraction.errors == []
    assert {"map", "Handlers", "Pick2", "Curried"} <= {s.name for s in extraction.symbols}


def test_a_doc_comment_does_not_run_on_into_code() -> None:
    """A comment pattern ends at its first ``*/``: a lazy ``/\\*.*?\\*/`` ran on past it over code
    to the next signature, and the signatures inside that stretch got no repair."""
    source = """export const orDie = f(1)

/** A doc. */
export const other = (x: number): number => x

const catch_: {
  <E, R2>(
    onError: (error: E) => R2
  ): <R>(self: R) => R | R2
  <R, E, R2>(
    self: R,
    onError: (error: E) => R2
  ): R | R2
} = f

export interface G {
  x: number
  /** the signature the stretch ran on to */
  <A>(a: A): A
}
"""
    assert extract("m.ts", "typescript", source.encode()).errors == []


def test_tagged_template_with_object_type_arguments() -> None:
    source = (b"export const load = run(\n  sql<{\n    id: number; name: string\n  }>`SELECT id, name`)\n"
              b"export function after() {}\n")
    extraction = extract("m.ts", "typescript", source)
    assert extraction.errors == []
    # (the blanked type arguments keep their line breaks: the function after them keeps its line)
    assert [(s.name, s.span[0]) for s in extraction.symbols if s.name in ("load", "after")] == [
        ("load", 1), ("after", 5)]
    assert ("sql", 2) in {(r.text, r.span[0]) for r in extraction.refs if r.kind == "calls"}


def test_escapes_in_a_template_literal_type() -> None:
    source = (b"type MissingSelf<Params extends string = \"\"> =\n"
              b"  `Missing \\`Self\\` generic - use \\`class Self extends Class<Self>()(${Params}{ ... })\\``\n"
              b"type Tab<S> = S extends `${infer A}\\t${infer B}` ? [A, B] : never\n"
              b"export const x = 1\n")
    extraction = extract("m.ts", "typescript", source)
    assert extraction.errors == []
    assert {"MissingSelf", "Tab", "x"} <= {s.name for s in extraction.symbols}


def test_a_variable_named_as() -> None:
    source = (b"export function f(v?: number[]) {\n  let as = g()\n  if (v) {\n    as = v.concat(as)\n  }\n"
              b"  return as\n}\n")
    extraction = extract("m.ts", "typescript", source)
    assert extraction.errors == []
    assert [(d.name, d.span[0]) for d in extraction.declarations if d.name == "as"] == [("as", 2)]


def test_reserved_words_as_export_names_in_typescript() -> None:
    """The TypeScript grammar reads them: the JavaScript gap is not TypeScript's."""
    source = b"const _null = 1, catch_ = 2;\nexport { _null as null, catch_ as catch };\n"
    extraction = extract("m.ts", "typescript", source)
    assert extraction.errors == [] and extraction.exports == ("null", "catch")


def test_the_repaired_tree_is_the_fresh_parse_of_the_masked_text() -> None:
    """The repair re-parses incrementally (reusing the first tree around the masks): the tree it
    keeps is the one a parse from scratch of the masked bytes gives."""
    from codeknit.languages.engine import _parse_around_gaps, parse_within
    from codeknit.languages.typescript.adapter import TYPESCRIPT_GAPS

    source = (OVERLOADS_WITH_DOCS + TYPESCRIPT_5["variance annotations"]).encode()
    tree, error, parsed = _parse_around_gaps("typescript", source, 0.0, TYPESCRIPT_GAPS)
    assert error is None and parsed != source and len(parsed) == len(source)
    fresh = parse_within("typescript", parsed)

    def shape(node):  # type: ignore[no-untyped-def]
        return (node.type, node.start_point, node.end_point, [shape(child) for child in node.children])

    assert shape(tree.root_node) == shape(fresh.root_node)


def test_real_errors_near_the_new_gaps_are_still_reported() -> None:
    # a call signature that is broken itself
    assert extract("m.ts", "typescript", b"interface F {\n  x: T\n  /** d */\n  <A>(a: A: B\n}\n").errors
    # type arguments before a template in a broken statement
    assert extract("m.ts", "typescript", b"const q = sql<{ a: number }>`x`\nlet = = 1;\n").errors
    # an escape in a broken template literal type
    assert extract("m.ts", "typescript", b"type M = `a \\` b` |\n").errors
    # 'let as' where the declaration is broken
    assert extract("m.ts", "typescript", b"let as = = 1\n").errors


def test_type_arguments_of_an_import_type_in_a_declaration_file() -> None:
    """As ``tsc`` writes declaration files (effect's and rxjs's dist: 48 files with a false error)."""
    source = (b'import type { Config } from "./Config";\n'
              b'export declare function Redacted(name?: string): Config<import("./Redacted.ts").Redacted<string>>;\n'
              b'export declare function schedule<T>(input: PromiseLike<T>): import("../Observable").Observable<T>;\n'
              b'declare const Base: new <A extends Record<string, any> = {}>(args: import("./Types.ts").VoidIfEmpty<'
              b'{ readonly [P in keyof A as P extends "_tag" ? never : P]: A[P]; }>) => import("./Cause.ts").Err<A>;\n'
              b'export declare class UrlError extends Base {}\n')
    extraction = extract("m.d.ts", "typescript", source)
    assert extraction.errors == []
    assert {"Redacted", "schedule", "Base", "UrlError"} <= {s.name for s in extraction.symbols}
    # a dynamic import's call keeps its type arguments (only types are repaired)
    assert extract("m.ts", "typescript", b'const m = import("./m").then<number>(f)\nlet = = 1;\n').errors


# -- a file with a gap the grammar has no rule for is parsed masked first (``GrammarGap.mask_first``) ----------

def _counting_parses(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every text ``parse_within`` is handed from now on, in order."""
    from codeknit.languages import engine

    handed: list[bytes] = []
    real = engine.parse_within

    def counting(grammar, source, time_limit=0.0, old_tree=None):  # type: ignore[no-untyped-def]
        handed.append(source)
        return real(grammar, source, time_limit, old_tree)

    monkeypatch.setattr(engine, "parse_within", counting)
    return handed


@pytest.mark.parametrize(("path", "language", "text"), [
    ("m.ts", "typescript", TYPESCRIPT_5["variance annotations"]),
    ("m.ts", "typescript", TYPESCRIPT_5["export type *"]),
    ("m.js", "javascript", ES2024["reserved words as export names"]),
])
def test_a_mask_first_gap_is_parsed_masked_once(monkeypatch: pytest.MonkeyPatch, path: str, language: str,
                                                 text: str) -> None:
    from codeknit.languages.engine import _parse_around_gaps

    handed = _counting_parses(monkeypatch)
    extraction = extract(path, language, text.encode())
    assert extraction.errors == []
    assert len(handed) == 1 and handed[0] != text.encode() and len(handed[0]) == len(text.encode())
    # the same tree, bytes and verdict as the repair after a first parse gives (``GrammarGap.mask_first``
    # off: the masks are then used only after the unmasked parse's error)
    import dataclasses

    from codeknit.languages.javascript.adapter import JAVASCRIPT_GAPS
    from codeknit.languages.typescript.adapter import TYPESCRIPT_GAPS

    gaps = TYPESCRIPT_GAPS if language == "typescript" else JAVASCRIPT_GAPS
    grammar = "typescript" if language == "typescript" else "javascript"
    first = _parse_around_gaps(grammar, text.encode(), 0.0, gaps)
    late = _parse_around_gaps(grammar, text.encode(), 0.0,
                              tuple(dataclasses.replace(gap, mask_first=False) for gap in gaps))
    assert late[1:] == first[1:] and str(late[0].root_node) == str(first[0].root_node)


def test_a_gap_look_alike_outside_its_syntax_leaves_the_text_unmasked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A variance annotation's words in a string: the masked parse has no error, but its mask is in no
    ``type_parameters``, so the file is parsed as written, and that tree is kept."""
    from codeknit.languages.engine import _parse_around_gaps
    from codeknit.languages.typescript.adapter import TYPESCRIPT_GAPS

    source = b'const s = "Box<out T>";\nexport const t = s\n'
    handed = _counting_parses(monkeypatch)
    tree, error, parsed = _parse_around_gaps("typescript", source, 0.0, TYPESCRIPT_GAPS)
    assert error is None and parsed == source
    assert handed[-1] == source and handed[0] != source  # (masked first, then as written)
    assert tree.root_node.text == source


def test_a_mask_first_gap_beside_a_real_error_still_reports_it(monkeypatch: pytest.MonkeyPatch) -> None:
    handed = _counting_parses(monkeypatch)
    extraction = extract("m.ts", "typescript", b"interface Box<out T> { value: T }\nlet = = 1;\n")
    assert extraction.errors == ["syntax error at line 2"]
    assert len(handed) >= 3  # (masked first, as written, then the repair after the error)
