"""The JavaScript / TypeScript adapter: symbols, signatures, properties, references, imports."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeknit.graph.model import EdgeKind, SymbolKind
from codeknit.languages.adapters import adapter_for, extract
from codeknit.languages.engine import load_query_text
from codeknit.languages.records import Extraction, RawImport, RawRef, RawSymbol

FIXTURES = Path(__file__).parent / "fixtures" / "js"
LANGUAGES = Path(__file__).parents[2] / "src" / "codeknit" / "languages"


# -- helpers --------------------------------------------------------------------------


def ts(source: str, path: str = "src/mod.ts") -> Extraction:
    return extract(path, "typescript", source.encode())


def js(source: str, path: str = "src/mod.js") -> Extraction:
    return extract(path, "javascript", source.encode())


def symbols(extraction: Extraction) -> dict[str, RawSymbol]:
    """Qualified name → symbol (the first one, for names defined more than once)."""
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def all_named(extraction: Extraction, qualname: str) -> list[RawSymbol]:
    return [s for s in extraction.symbols if s.qualname == qualname]


def parent_of(extraction: Extraction, symbol: RawSymbol) -> str:
    return extraction.symbols[symbol.parent].qualname if symbol.parent > 0 else ""


def refs(extraction: Extraction, kind: EdgeKind) -> set[tuple[str, str]]:
    """``(scope qualname, text)`` for every reference of ``kind``; the module scope is ``""``."""
    return {
        (extraction.symbols[r.scope].qualname if r.scope else "", r.text)
        for r in extraction.refs
        if r.kind is kind
    }


def ref(extraction: Extraction, kind: EdgeKind, text: str) -> RawRef:
    found = [r for r in extraction.refs if r.kind is kind and r.text == text]
    assert len(found) == 1, (text, found)
    return found[0]


def locals_of(extraction: Extraction, qualname: str) -> frozenset[str]:
    index = next(i for i, s in enumerate(extraction.symbols) if s.qualname == qualname)
    return extraction.locals.get(index, frozenset())


def import_tuples(extraction: Extraction) -> list[tuple[str, tuple[tuple[str, str], ...], str | None, bool, bool]]:
    return [(i.module, i.names, i.alias, i.star, i.reexport) for i in extraction.imports]


# -- registration and grammars --------------------------------------------------------------


def test_adapters_are_registered_for_both_languages() -> None:
    assert adapter_for("javascript").language == "javascript"
    typescript = adapter_for("typescript")
    assert typescript.language == "typescript"
    assert typescript.grammar_for("a/b.tsx") == "tsx"
    assert typescript.grammar_for("a/b.d.ts") == "typescript"
    assert typescript.grammar_for("a/b.mts") == "typescript"
    assert adapter_for("javascript").grammar_for("a/b.jsx") == "javascript"


@pytest.mark.parametrize(
    ("grammar", "query"),
    [("javascript", "javascript/queries.scm"), ("typescript", "typescript/queries.scm"),
     ("tsx", "typescript/queries.scm"), ("tsx", "typescript/tsx.scm")],
)
def test_queries_compile(grammar: str, query: str) -> None:
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language

    assert Query(get_language(grammar), load_query_text(query)).pattern_count > 10  # type: ignore[arg-type]


def test_tsx_query_is_the_typescript_query_plus_jsx() -> None:
    typescript = load_query_text("typescript/queries.scm")
    tsx = load_query_text("typescript/tsx.scm")
    raw = (LANGUAGES / "typescript" / "queries.scm").read_text()
    assert "; @include javascript/occurrences.scm" in raw  # the value captures both languages share
    assert "; @include" not in typescript and "@reference.value" in typescript
    assert "; @include typescript/queries.scm" in (LANGUAGES / "typescript" / "tsx.scm").read_text()
    assert tsx.endswith(typescript) and "; @include" not in tsx
    assert "jsx_opening_element" in tsx and "jsx_opening_element" not in typescript


# -- the module symbol --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("src/utils/index.ts", "src/utils/index"),
        ("types/api.d.ts", "types/api"),
        ("lib/x.mjs", "lib/x"),
        ("App.tsx", "App"),
        ("v1.2/a.cjs", "v1.2/a"),
    ],
)
def test_module_symbol_is_the_path_without_extension(path: str, name: str) -> None:
    language = "typescript" if "ts" in path.rsplit(".", 1)[-1] else "javascript"
    extraction = extract(path, language, b"const a = 1;\nlet b;\n")
    module = extraction.symbols[0]
    assert module.kind is SymbolKind.MODULE
    assert (module.name, module.signature, module.qualname) == (name, name, name)
    assert module.name_span == (1, 0, 1, 0)
    assert module.span == (1, 0, 3, 0)
    assert module.parent == -1


def test_module_doc_is_a_leading_detached_jsdoc() -> None:
    extraction = js("#!/usr/bin/env node\n/**\n * Tools.\n */\n\nfunction f() {}\n")
    assert extraction.symbols[0].doc == "Tools."
    assert symbols(extraction)["f"].doc is None
    attached = js("/** About f. */\nfunction f() {}\n")
    assert attached.symbols[0].doc is None
    assert symbols(attached)["f"].doc == "About f."


# -- classes ------------------------------------------------------------------------------

CLASS_SOURCE = """\
/**
 * A repository.
 *   Second line.
 */
@Injectable()
export abstract class Repo<T extends Entity> extends Base<T> implements Store<T>, api.Closeable {
  private cache?: Map<string, T> = new Map();
  #secret = 1;
  static readonly instances: number;
  protected abstract kind: string;
  @Input() label: string;

  constructor(private readonly db: Db, public name = "x", protected opts?: Options) {
    super(db);
  }

  get size(): number { return this.cache.size; }
  set size(value: number) {}

  /** Find one. */
  @Memo() @trace.span
  public async find(id: string, ...rest: unknown[]): Promise<T | undefined> {
    super.find(id);
    return this.load(id);
  }

  static *ids(this: Repo<T>, { from, to }: Range = {}): Generator<number> {}

  abstract save<U extends T>(item: U): void;

  handle = async (event: Event) => { event.stop(); };
}
"""


def test_class_symbols_kinds_and_parents() -> None:
    extraction = ts(CLASS_SOURCE)
    found = symbols(extraction)
    expected = {
        "Repo": SymbolKind.CLASS,
        "Repo.cache": SymbolKind.FIELD,
        "Repo.#secret": SymbolKind.FIELD,
        "Repo.instances": SymbolKind.FIELD,
        "Repo.kind": SymbolKind.FIELD,
        "Repo.label": SymbolKind.FIELD,
        "Repo.constructor": SymbolKind.CONSTRUCTOR,
        "Repo.db": SymbolKind.FIELD,
        "Repo.name": SymbolKind.FIELD,
        "Repo.opts": SymbolKind.FIELD,
        "Repo.size": SymbolKind.GETTER,
        "Repo.find": SymbolKind.METHOD,
        "Repo.ids": SymbolKind.METHOD,
        "Repo.save": SymbolKind.METHOD,
        "Repo.handle": SymbolKind.METHOD,
    }
    assert {q: s.kind for q, s in found.items()} == expected
    for qualname in expected:
        if qualname != "Repo":
            assert parent_of(extraction, found[qualname]) == "Repo"
    getter, setter = all_named(extraction, "Repo.size")
    assert (getter.kind, setter.kind) == (SymbolKind.GETTER, SymbolKind.SETTER)
    assert [s.qualname for s in extraction.symbols[1:4]] == ["Repo", "Repo.cache", "Repo.#secret"]


def test_class_signatures() -> None:
    found = symbols(ts(CLASS_SOURCE))
    assert found["Repo"].signature == "Repo<T extends Entity>"
    assert found["Repo.cache"].signature == "cache?: Map<string, T>"
    assert found["Repo.#secret"].signature == "#secret"
    assert found["Repo.instances"].signature == "instances: number"
    assert found["Repo.constructor"].signature == 'constructor(db: Db, name=…, opts?: Options)'
    assert found["Repo.db"].signature == "db: Db"
    assert found["Repo.name"].signature == "name"
    assert found["Repo.opts"].signature == "opts?: Options"
    assert found["Repo.size"].signature == "size() -> number"
    assert all_named(ts(CLASS_SOURCE), "Repo.size")[1].signature == "size(value: number)"
    assert found["Repo.find"].signature == "find(id: string, ...rest: unknown[]) -> Promise<T | undefined>"
    assert found["Repo.ids"].signature == "ids({ from, to }: Range=…) -> Generator<number>"
    assert found["Repo.save"].signature == "save<U extends T>(item: U) -> void"
    assert found["Repo.handle"].signature == "handle(event: Event)"


def test_class_properties() -> None:
    found = symbols(ts(CLASS_SOURCE))
    assert found["Repo"].properties == {
        "exported": True,
        "abstract": True,
        "decorators": ("Injectable",),
    }
    assert list(found["Repo"].properties) == ["exported", "abstract", "decorators"]
    assert found["Repo"].bases == ["Base"]
    assert found["Repo.cache"].properties == {"visibility": "private"}
    assert found["Repo.#secret"].properties == {"visibility": "private"}
    assert found["Repo.instances"].properties == {"static": True, "readonly": True}
    assert found["Repo.kind"].properties == {"visibility": "protected", "abstract": True}
    assert found["Repo.label"].properties == {"decorators": ("Input",)}
    assert found["Repo.constructor"].properties == {}
    assert found["Repo.db"].properties == {"visibility": "private", "readonly": True}
    assert found["Repo.name"].properties == {"visibility": "public"}
    assert found["Repo.opts"].properties == {"visibility": "protected"}
    assert found["Repo.find"].properties == {
        "async": True,
        "visibility": "public",
        "decorators": ("Memo", "trace.span"),
    }
    assert list(found["Repo.find"].properties) == ["async", "visibility", "decorators"]
    assert found["Repo.ids"].properties == {"static": True, "generator": True}
    assert found["Repo.save"].properties == {"abstract": True}
    assert found["Repo.handle"].properties == {"async": True}


def test_class_docs_and_spans() -> None:
    extraction = ts(CLASS_SOURCE)
    found = symbols(extraction)
    repo = found["Repo"]
    assert repo.doc == "A repository.\nSecond line."
    assert repo.span == (5, 0, 32, 1)  # from the decorator to the closing brace
    assert repo.name_span == (6, 22, 6, 26)
    find = found["Repo.find"]
    assert find.doc == "Find one."
    assert find.span[:2] == (21, 2)  # its decorators are part of it
    assert find.name_span == (22, 15, 22, 19)
    assert found["Repo.size"].doc is None


def test_class_references() -> None:
    extraction = ts(CLASS_SOURCE)
    assert refs(extraction, EdgeKind.INHERITS) == {("Repo", "Base")}
    assert refs(extraction, EdgeKind.IMPLEMENTS) == {("Repo", "Store"), ("Repo", "api.Closeable")}
    assert ref(extraction, EdgeKind.IMPLEMENTS, "api.Closeable").span == (6, 86, 6, 95)
    assert refs(extraction, EdgeKind.DECORATES) == {
        ("Repo", "Injectable"),
        ("Repo.label", "Input"),  # a decorator on a field belongs to the field
        ("Repo.find", "Memo"),
        ("Repo.find", "trace.span"),
    }
    calls = refs(extraction, EdgeKind.CALLS)
    assert ("Repo.constructor", "super") in calls
    assert ("Repo.find", "super.find") in calls
    assert ("Repo.find", "this.load") in calls
    assert ("Repo", "Map") in calls
    assert ref(extraction, EdgeKind.CALLS, "Map").constructs is True
    assert ref(extraction, EdgeKind.CALLS, "this.load").constructs is False
    assert ("Repo.handle", "event.stop") in calls
    types = refs(extraction, EdgeKind.REFERENCES)
    assert ("Repo", "Entity") in types
    assert ("Repo.cache", "Map") in types  # an annotation's types belong to the annotated value
    assert ("Repo.db", "Db") in types
    assert ("Repo.constructor", "Options") in types or ("Repo.opts", "Options") in types
    assert ("Repo.find", "Promise") in types
    assert ("Repo.ids", "Range") in types
    assert ("Repo.ids", "Generator") in types
    assert ("Repo.handle", "Event") in types
    texts = {text for _, text in types}
    assert "T" not in texts and "U" not in texts  # type parameters are not references
    assert not {"string", "number", "void", "unknown"} & texts  # predefined types are skipped
    assert ("Repo", "Repo") not in types and ("", "Repo") not in types  # a declaration's name is no use
    assert ("Repo.ids", "Repo") in types  # the ``this`` parameter is left out of the signature, not its type
    assert "Base" not in texts and "Store" not in texts  # heritage is recorded as such


def test_class_locals() -> None:
    extraction = ts(CLASS_SOURCE)
    assert locals_of(extraction, "Repo.constructor") == {"db", "name", "opts"}
    assert locals_of(extraction, "Repo.find") == {"id", "rest"}
    assert locals_of(extraction, "Repo.ids") == {"this", "from", "to"}  # (a `this` parameter: its own this)
    assert locals_of(extraction, "Repo.handle") == {"event"}


def test_javascript_class_members() -> None:
    source = """\
@sealed
class A extends mixin(B) {
  #count = 0;
  static registry = new Map();
  total;
  get value() { return this.#count; }
  set value(v) { this.#count = v; }
  static *keys() {}
  async load() { await this.#fetch(); }
  #fetch() {}
  @bound onClick() {}
}
class C extends ns.A {
  constructor(a, b = 2, ...more) { super(a); }
}
"""
    extraction = js(source)
    found = symbols(extraction)
    assert {q: s.kind for q, s in found.items()} == {
        "A": SymbolKind.CLASS,
        "A.#count": SymbolKind.FIELD,
        "A.registry": SymbolKind.FIELD,
        "A.total": SymbolKind.FIELD,
        "A.value": SymbolKind.GETTER,
        "A.keys": SymbolKind.METHOD,
        "A.load": SymbolKind.METHOD,
        "A.#fetch": SymbolKind.METHOD,
        "A.onClick": SymbolKind.METHOD,
        "C": SymbolKind.CLASS,
        "C.constructor": SymbolKind.CONSTRUCTOR,
    }
    assert all_named(extraction, "A.value")[1].kind is SymbolKind.SETTER
    assert found["A"].properties == {"exported": False, "decorators": ("sealed",)}
    assert found["A.#count"].properties == {"visibility": "private"}
    assert found["A.registry"].properties == {"static": True}
    assert found["A.keys"].properties == {"static": True, "generator": True}
    assert found["A.load"].properties == {"async": True}
    assert found["A.#fetch"].properties == {"visibility": "private"}
    assert found["A.onClick"].properties == {"decorators": ("bound",)}
    assert found["A.onClick"].span[:2] == (11, 2)
    assert found["C"].bases == ["ns.A"]
    assert found["C.constructor"].signature == "constructor(a, b=…, ...more)"
    assert locals_of(extraction, "C.constructor") == {"a", "b", "more"}
    assert refs(extraction, EdgeKind.INHERITS) == {("C", "ns.A")}  # a mixin call is a call
    calls = refs(extraction, EdgeKind.CALLS)
    assert {("A", "mixin"), ("A.load", "this.#fetch"), ("C.constructor", "super")} <= calls
    assert refs(extraction, EdgeKind.DECORATES) == {("A", "sealed"), ("A.onClick", "bound")}


# -- functions ----------------------------------------------------------------------------

FUNCTION_SOURCE = """\
export function parse(text: string): Node;
export function parse(text: string, strict: boolean): Node;
export function parse(text: string, strict = false): Node { return build(text); }
declare function raw(x: number): string;
export async function* stream<T>(source: AsyncIterable<T>, { limit }: Opts = {}): AsyncGenerator<T> {}
function outer(parse: Parser, cb?: (e: Error) => void) {
  function inner(n) { return inner(n - 1); }
  const helper = (x: number): number => helper(x);
  const local = 1;
  try { parse(); } catch (err) { cb(err); }
  for (const [key, value] of Object.entries({})) {}
  for (let index in []) {}
  return inner(local);
}
export const map = <T, U>(xs: T[], fn: (x: T) => U): U[] => xs.map(fn);
const double = async x => x * 2, quiet = function () {};
let counter: number = 0;
var legacy;
export const LIMIT = 10;
"""


def test_function_kinds_and_nesting() -> None:
    extraction = ts(FUNCTION_SOURCE)
    found = symbols(extraction)
    assert [s.qualname for s in extraction.symbols[1:]] == [
        "parse",
        "parse",
        "parse",
        "raw",
        "stream",
        "outer",
        "outer.inner",
        "outer.helper",
        "map",
        "double",
        "quiet",
        "counter",
        "legacy",
        "LIMIT",
    ]
    for name in ("parse", "raw", "stream", "outer", "map", "double", "quiet"):
        assert found[name].kind is SymbolKind.FUNCTION
    assert found["outer.inner"].kind is SymbolKind.FUNCTION
    assert parent_of(extraction, found["outer.inner"]) == "outer"
    assert parent_of(extraction, found["outer.helper"]) == "outer"
    assert found["counter"].kind is SymbolKind.VARIABLE
    assert found["legacy"].kind is SymbolKind.VARIABLE
    assert found["LIMIT"].kind is SymbolKind.CONSTANT
    assert "local" not in {s.name for s in extraction.symbols}  # function locals are not symbols


def test_function_signatures() -> None:
    extraction = ts(FUNCTION_SOURCE)
    found = symbols(extraction)
    assert [s.signature for s in all_named(extraction, "parse")] == [
        "parse(text: string) -> Node",
        "parse(text: string, strict: boolean) -> Node",
        "parse(text: string, strict=…) -> Node",
    ]
    assert found["raw"].signature == "raw(x: number) -> string"
    assert found["stream"].signature == "stream<T>(source: AsyncIterable<T>, { limit }: Opts=…) -> AsyncGenerator<T>"
    assert found["outer"].signature == "outer(parse: Parser, cb?: (e: Error) => void)"
    assert found["outer.inner"].signature == "inner(n)"
    assert found["outer.helper"].signature == "helper(x: number) -> number"
    assert found["map"].signature == "map<T, U>(xs: T[], fn: (x: T) => U) -> U[]"
    assert found["double"].signature == "double(x)"
    assert found["quiet"].signature == "quiet()"
    assert found["counter"].signature == "counter: number"
    assert found["legacy"].signature == "legacy"
    assert found["LIMIT"].signature == "LIMIT"


def test_function_properties() -> None:
    extraction = ts(FUNCTION_SOURCE)
    found = symbols(extraction)
    overload = {"exported": True, "declaration": True}  # a signature without a body
    assert [s.properties for s in all_named(extraction, "parse")] == [overload, overload, {"exported": True}]
    assert found["raw"].properties == {"exported": False, "declaration": True}
    assert found["stream"].properties == {"async": True, "exported": True, "generator": True}
    assert list(found["stream"].properties) == ["async", "exported", "generator"]
    assert found["outer"].properties == {"exported": False}
    assert found["outer.inner"].properties == {}
    assert found["map"].properties == {"exported": True}
    assert found["double"].properties == {"async": True, "exported": False}
    assert found["quiet"].properties == {"exported": False}
    assert found["counter"].properties == {"exported": False}
    assert found["LIMIT"].properties == {"exported": True}


def test_function_locals_shadow_module_names() -> None:
    extraction = ts(FUNCTION_SOURCE)
    # ``parse`` is a module-level function, but inside ``outer`` it is a parameter
    assert locals_of(extraction, "outer") == {"parse", "cb", "local", "err", "key", "value", "index"}
    assert locals_of(extraction, "map") == {"xs", "fn", "T", "U"}  # type parameters are locals too
    assert locals_of(extraction, "double") == {"x"}
    # a function bound to a name does not shadow itself: recursion reaches it
    assert locals_of(extraction, "outer.helper") == {"x"}
    assert locals_of(extraction, "outer.inner") == {"n"}
    calls = refs(extraction, EdgeKind.CALLS)
    assert {("outer.helper", "helper"), ("outer.inner", "inner"), ("outer", "parse"), ("outer", "cb")} <= calls
    assert ("parse", "build") in calls
    assert ("map", "xs.map") in calls
    assert ("outer", "Object.entries") in calls


def test_function_type_references() -> None:
    extraction = ts(FUNCTION_SOURCE)
    types = refs(extraction, EdgeKind.REFERENCES)
    assert ("parse", "Node") in types
    assert ("stream", "AsyncIterable") in types
    assert ("stream", "Opts") in types
    assert ("outer", "Parser") in types
    assert ("outer", "Error") in types
    assert not any(text in ("T", "U", "string", "number") for _, text in types)


# -- interfaces, enums, aliases, namespaces -------------------------------------------------

TYPES_SOURCE = """\
export interface Shape<T = number> extends Base, geo.Located<T> {
  readonly id: string;
  area?: T;
  scale(by: number): Shape<T>;
  [key: string]: unknown;
}
/** Colours. */
export enum Color { Red = "r", Green = 2, Blue }
const enum Flags { A = 1 << 0, "B-flag" }
export type Pair<A, B> = [A, B];
type Handler = (event: MouseEvent, target: HTMLElement) => void | Promise<void> | Iterable<SomeVeryLongTypeName>;
type Mapped<T> = { [K in keyof T]: T[K] };
type Unwrap<T> = T extends Array<infer U> ? U : Fallback;
export namespace Geometry.Plane {
  export const ORIGIN: Point = { x: 0, y: 0 };
  let scratch = 0;
  export function distance(a: Point, b: Point): number { return 0; }
  export class Segment {}
}
declare module "legacy-lib" {
  export function init(options?: LegacyOptions): void;
}
const check = { w: 1 } satisfies Sized;
const cast = raw as unknown as Target<Inner>;
"""


def test_interface_enum_alias_namespace_symbols() -> None:
    extraction = ts(TYPES_SOURCE)
    found = symbols(extraction)
    kinds = {q: s.kind for q, s in found.items()}
    assert kinds == {
        "Shape": SymbolKind.INTERFACE,
        "Shape.id": SymbolKind.FIELD,
        "Shape.area": SymbolKind.FIELD,
        "Shape.scale": SymbolKind.METHOD,
        "Color": SymbolKind.ENUM,
        "Color.Red": SymbolKind.ENUM_MEMBER,
        "Color.Green": SymbolKind.ENUM_MEMBER,
        "Color.Blue": SymbolKind.ENUM_MEMBER,
        "Flags": SymbolKind.ENUM,
        "Flags.A": SymbolKind.ENUM_MEMBER,
        "Flags.B-flag": SymbolKind.ENUM_MEMBER,
        "Pair": SymbolKind.TYPE_ALIAS,
        "Handler": SymbolKind.TYPE_ALIAS,
        "Mapped": SymbolKind.TYPE_ALIAS,
        "Unwrap": SymbolKind.TYPE_ALIAS,
        "Geometry": SymbolKind.NAMESPACE,  # (``namespace Geometry.Plane``: Geometry holds Plane)
        "Geometry.Plane": SymbolKind.NAMESPACE,
        "Geometry.Plane.ORIGIN": SymbolKind.CONSTANT,
        "Geometry.Plane.scratch": SymbolKind.VARIABLE,
        "Geometry.Plane.distance": SymbolKind.FUNCTION,
        "Geometry.Plane.Segment": SymbolKind.CLASS,
        "legacy-lib": SymbolKind.NAMESPACE,
        "legacy-lib.init": SymbolKind.FUNCTION,
        "check": SymbolKind.CONSTANT,
        "cast": SymbolKind.CONSTANT,
    }


def test_interface_enum_alias_namespace_details() -> None:
    extraction = ts(TYPES_SOURCE)
    found = symbols(extraction)
    assert found["Shape"].signature == "Shape<T = number>"
    assert found["Shape"].bases == ["Base", "geo.Located"]
    assert found["Shape"].properties == {"exported": True}
    assert found["Shape.id"].signature == "id: string"
    assert found["Shape.id"].properties == {"readonly": True}
    assert found["Shape.area"].signature == "area?: T"
    assert found["Shape.scale"].signature == "scale(by: number) -> Shape<T>"
    assert found["Color"].signature == "Color"
    assert found["Color"].doc == "Colours."
    assert found["Color"].properties == {"exported": True}
    assert found["Color.Red"].signature == "Red"
    assert found["Color.Red"].properties == {}
    assert found["Flags"].properties == {"exported": False}
    assert found["Pair"].signature == "Pair<A, B> = [A, B]"
    assert found["Pair"].properties == {"exported": True}
    handler = found["Handler"].signature
    assert handler.startswith("Handler = (event: MouseEvent, target: HTMLElement) => void | Promise<void>")
    assert handler.endswith("…") and len(handler) <= len("Handler = ") + 81
    # ``export namespace Geometry.Plane``: the exported Geometry holds Plane, exported from it
    assert found["Geometry"].signature == "Geometry"
    assert found["Geometry"].properties == {"exported": True}
    assert found["Geometry.Plane"].signature == "Plane"
    assert found["Geometry.Plane"].properties == {"exported": True}
    assert found["Geometry.Plane.ORIGIN"].signature == "ORIGIN: Point"
    # a namespace's members say whether they are exported from it
    assert found["Geometry.Plane.ORIGIN"].properties == {"exported": True}
    assert found["Geometry.Plane.scratch"].properties == {"exported": False}
    assert found["Geometry.Plane.distance"].signature == "distance(a: Point, b: Point) -> number"
    assert parent_of(extraction, found["legacy-lib.init"]) == "legacy-lib"
    assert found["legacy-lib.init"].signature == "init(options?: LegacyOptions) -> void"



def test_declarations_of_an_ambient_module_or_augmentation_are_exported() -> None:
    # in ``declare module "m" { … }`` (an augmentation of ``m`` in a module) every declaration is exported from
    # ``m``, with or without ``export``: it merges into ``m``'s declarations; so is every declaration of an ambient
    # namespace (``declare module Legacy``: ``Legacy.Hidden`` is there, as lib.d.ts's ``Intl.CollatorOptions``)
    extraction = ts('import type { Key } from "./vanilla";\n'
                    'declare module "./vanilla" {\n  interface StoreMutators<S> {\n    immer: S;\n  }\n'
                    '  export type Extra = 1;\n}\n'
                    'declare module Legacy {\n  interface Hidden {}\n}\nexport const key: Key = "immer";\n')
    found = symbols(extraction)
    assert found["./vanilla.StoreMutators"].properties == {"exported": True}
    assert found["./vanilla.Extra"].properties == {"exported": True}
    assert found["Legacy.Hidden"].properties == {"exported": True}


def test_declarations_of_an_ambient_namespace_are_exported() -> None:
    # TypeScript's export context: a namespace in an ambient context (``declare namespace``, one in a declaration
    # file, one inside an ambient one) exports every declaration, unless it holds an export declaration
    # (``export { … }``, ``export =``); a namespace in a ``.ts`` file exports what says ``export``
    source = ('export declare namespace Std {\n  type InferInput<S> = S;\n  namespace Deep {\n    type D = 1;\n  }\n}\n'
              'declare namespace Listed {\n  type Kept = 1;\n  type Hidden = 2;\n  export { Kept };\n}\n'
              'export namespace Plain {\n  type Own = 1;\n  export type Shown = 2;\n}\n')
    found = symbols(ts(source))
    assert found["Std.InferInput"].properties == {"exported": True}
    assert found["Std.Deep"].properties == {"exported": True}
    assert found["Std.Deep.D"].properties == {"exported": True}
    assert found["Listed.Hidden"].properties == {"exported": False}
    assert found["Plain.Own"].properties == {"exported": False}
    assert found["Plain.Shown"].properties == {"exported": True}
    in_declaration_file = symbols(ts('export namespace Emitted {\n  type Inner = 1;\n}\n', path="a.d.ts"))
    assert in_declaration_file["Emitted.Inner"].properties == {"exported": True}


def test_type_level_references() -> None:
    extraction = ts(TYPES_SOURCE)
    assert refs(extraction, EdgeKind.INHERITS) == {("Shape", "Base"), ("Shape", "geo.Located")}
    assert ref(extraction, EdgeKind.INHERITS, "geo.Located").span == (1, 53, 1, 60)
    types = refs(extraction, EdgeKind.REFERENCES)
    assert ("Shape.scale", "Shape") in types
    assert ("Handler", "MouseEvent") in types and ("Handler", "Iterable") in types
    assert ("Unwrap", "Array") in types and ("Unwrap", "Fallback") in types
    assert ("Geometry.Plane.ORIGIN", "Point") in types
    assert ("Geometry.Plane.distance", "Point") in types
    assert ("legacy-lib.init", "LegacyOptions") in types
    assert ("check", "Sized") in types  # ``satisfies``
    assert ("cast", "Target") in types and ("cast", "Inner") in types  # ``as``
    texts = {text for _, text in types}
    assert not {"T", "K", "U", "A", "B"} & texts  # parameters, mapped keys and ``infer`` names


# -- exports ----------------------------------------------------------------------------------


def test_export_forms_and_flags() -> None:
    source = """\
export const a = 1;
const b = 2, c = 3;
function d() {}
class E {}
let unused;
export { b, c as see };
export default d;
export { x, y as why } from "./other";
export * from "./all";
export * as ns from "./ns";
"""
    extraction = js(source)
    found = symbols(extraction)
    assert found["a"].properties == {"exported": True}
    assert found["b"].properties == {"exported": True}
    assert found["c"].properties == {"exported": True}
    assert found["d"].properties == {"exported": True, "default": True}
    assert found["E"].properties == {"exported": False}
    assert found["unused"].properties == {"exported": False}
    assert extraction.exports == ("a", "b", "see", "default", "x", "why", "ns")
    assert import_tuples(extraction) == [
        ("", (("c", "see"),), None, False, True),
        ("", (("d", "default"),), None, False, True),
        ("./other", (("x", "x"), ("y", "why")), None, False, True),
        ("./all", (), None, True, True),
        ("./ns", (), "ns", False, True),
    ]
    assert all(i.scope == 0 and i.level == 0 for i in extraction.imports)
    assert extraction.imports[2].span == (8, 0, 8, 38)


def test_default_export_declarations() -> None:
    named = ts("export default class Widget {}\n")
    assert symbols(named)["Widget"].properties == {"exported": True, "default": True}
    assert named.exports == ("default",)
    anonymous = js("export default function () { run(); }\n")
    function = symbols(anonymous)["default"]
    assert function.kind is SymbolKind.FUNCTION
    assert function.properties == {"exported": True, "default": True}
    assert function.name_span == (1, 7, 1, 14)
    assert refs(anonymous, EdgeKind.CALLS) == {("default", "run")}
    klass = symbols(js("export default class extends Base {}\n"))["default"]
    assert klass.kind is SymbolKind.CLASS
    assert klass.bases == ["Base"]


def test_commonjs_module_exports_listed() -> None:
    # ``module.exports = { … }`` and ``exports.x = …`` say what a CommonJS module exports
    extraction = js("const fs = require('fs');\nfunction main() {}\nfunction other() {}\nmodule.exports = { main };\n")
    assert extraction.exports == ("main",)
    assert symbols(extraction)["main"].properties == {"exported": True}
    assert symbols(extraction)["other"].properties == {"exported": False}
    assert "fs" not in symbols(extraction)  # a require() binding is an import, not a constant
    # a key names its value: ``helper`` is ``fastHelper`` (a renamed export, as ``export { fastHelper as helper }``)
    keyed = js("function helper() {}\nfunction fastHelper() {}\nmodule.exports = { helper: fastHelper, run() {} };\n")
    assert keyed.exports == ("helper", "run")
    assert symbols(keyed)["helper"].properties == {"exported": False}
    assert symbols(keyed)["fastHelper"].properties == {"exported": True}
    assert [(i.module, i.names, i.reexport) for i in keyed.imports] == [("", (("fastHelper", "helper"),), True)]
    assigned = js("class Crate {}\nfunction lift() {}\nexports.Crate = Crate;\nmodule.exports.up = lift;\n")
    assert assigned.exports == ("Crate", "up")
    assert symbols(assigned)["Crate"].properties == {"exported": True}
    # what the statements do not say whole leaves the module's top-level names exposed, as before
    for source in ("function main() {}\nmodule.exports = { ...base, main };\n",
                   "function main() {}\nmodule.exports = make(main);\n",
                   "function main() {}\nmodule.exports = { main };\nmodule.exports = { other: main };\n"):
        unlisted = js(source)
        assert unlisted.exports is None, source
        assert symbols(unlisted)["main"].properties == {"exported": False}, source


def test_commonjs_exports_of_a_bundler_and_of_one_name() -> None:
    # esbuild's CommonJS output: ``__export(x_exports, { key: () => value })``, then ``module.exports =
    # __toCommonJS(x_exports)``; a getter of a required module's member re-exports it, ``__reExport`` all of one
    bundled = js(
        'var __export = (target, all) => {};\nvar x_exports = {};\n'
        '__export(x_exports, {\n  Hono: () => Hono,\n  HonoBase: () => Base,\n  route: () => import_r.route\n});\n'
        'module.exports = __toCommonJS(x_exports);\n__reExport(x_exports, require("./all"), module.exports);\n'
        'var import_r = require("./r");\nclass Base {}\nclass Hono extends Base {}\nclass Private {}\n'
        '0 && (module.exports = { Hono, HonoBase, route });\n')
    assert bundled.exports == ("Hono", "HonoBase", "route")
    found = symbols(bundled)
    assert found["Hono"].properties == {"exported": True}
    assert found["Base"].properties == {"exported": True}
    assert found["Private"].properties == {"exported": False}
    assert sorted((i.module, i.names, i.star) for i in bundled.imports if i.reexport) == [
        ("", (("Base", "HonoBase"),), False), ("./all", (), True), ("./r", (("route", "route"),), False)]
    # ``module.exports = Box`` (TypeScript's ``export = Box``): the module is that definition, its default
    for source in ("class Box {}\nfunction helper() {}\nmodule.exports = Box;\n",
                   "declare class Box {}\ndeclare function helper(): void;\nexport = Box;\n"):
        single = js(source) if "declare" not in source else ts(source)
        assert symbols(single)["Box"].properties == {"exported": True, "default": True}, source
        assert symbols(single)["helper"].properties.get("exported", False) is False, source


# -- imports ----------------------------------------------------------------------------------


def test_import_forms() -> None:
    source = """\
import React from "react";
import { useState, useEffect as onEffect } from 'react';
import Def, { named } from "@scope/pkg/sub";
import * as path from "node:path";
import Both, * as all from "../lib/both";
import "./side-effect.css";
import type { Props } from "./types";
import config = require("./config");
export type { Props as P } from "./types";
"""
    extraction = ts(source)
    assert import_tuples(extraction) == [
        ("react", (("default", "React"),), None, False, False),
        ("react", (("useState", "useState"), ("useEffect", "onEffect")), None, False, False),
        ("@scope/pkg/sub", (("default", "Def"), ("named", "named")), None, False, False),
        ("node:path", (), "path", False, False),
        ("../lib/both", (("default", "Both"),), None, False, False),
        ("../lib/both", (), "all", False, False),
        ("./side-effect.css", (), None, False, False),
        ("./types", (("Props", "Props"),), None, False, False),
        ("./config", (), "config", False, False),
        ("./types", (("Props", "P"),), None, False, True),
    ]
    # each imported name at its own token; the imports relation at the module's string
    assert extraction.imports[0] == RawImport(0, "react", (1, 0, 1, 26), names=(("default", "React"),),
                                              name_spans=((1, 7, 1, 12),), module_span=(1, 18, 1, 25))
    assert extraction.symbols[1:] == []  # imports define no symbols


def test_require_and_dynamic_import() -> None:
    source = """\
const fs = require("fs");
const { join, resolve: res } = require("path");
const sep = require("path").sep;
require("./polyfill");
async function load() {
  const lazy = require("./lazy");
  const mod = await import("./chunk");
  return [lazy, mod];
}
"""
    extraction = js(source)
    assert import_tuples(extraction) == [
        ("fs", (), "fs", False, False),
        ("path", (("join", "join"), ("resolve", "res")), None, False, False),
        ("path", (("sep", "sep"),), None, False, False),
        ("./polyfill", (), None, False, False),
        ("./lazy", (), "lazy", False, False),
        ("./chunk", (), "mod", False, False),  # ``await import()`` bound to a name binds the module
    ]
    assert extraction.imports[0].span == (1, 0, 1, 25)
    scopes = [extraction.symbols[i.scope].qualname for i in extraction.imports]
    assert scopes[:4] == ["src/mod"] * 4 and scopes[4:] == ["load", "load"]
    assert not any(r.text in ("require", "import") for r in extraction.refs)  # imports are not calls
    assert [s.qualname for s in extraction.symbols[1:]] == ["load"]


# -- calls ------------------------------------------------------------------------------------


def test_call_texts_and_unknown_receivers() -> None:
    source = """\
function run() {
  a.b.c();
  a().b();
  x[0].y();
  factory().part.method();
  new Client.Pool(1);
  new Thing;
  obj?.maybe();
  tag`template`;
  this.missing?.();
  (function iife() {})();
}
"""
    extraction = ts(source)
    calls = {(r.text, r.head_known, r.constructs) for r in extraction.refs if r.kind is EdgeKind.CALLS}
    assert calls == {
        ("a.b.c", True, False),
        ("a", True, False),
        ("a().b", True, False),  # a call in the chain stays, typed by the resolver through a's return type
        ("x[].y", True, False),  # a member of an element of x (the resolver's ``xs[].a``)
        ("factory", True, False),
        ("factory().part.method", True, False),
        ("Client.Pool", True, True),
        ("Thing", True, True),
        ("obj.maybe", True, False),
        ("tag", True, False),
        ("this.missing", True, False),
    }
    assert ref(extraction, EdgeKind.CALLS, "a.b.c").span == (2, 6, 2, 7)
    assert ref(extraction, EdgeKind.CALLS, "Client.Pool").span == (6, 13, 6, 17)
    assert {extraction.symbols[r.scope].qualname for r in extraction.refs} == {"run"}


# -- JSX and TSX --------------------------------------------------------------------------------


def test_tsx_component() -> None:
    source = (FIXTURES / "Dashboard.tsx").read_bytes()
    extraction = extract("src/Dashboard.tsx", "typescript", source)
    assert extraction.errors == []
    found = symbols(extraction)
    assert {q: s.kind for q, s in found.items()} == {
        "DashboardProps": SymbolKind.INTERFACE,
        "DashboardProps.users": SymbolKind.FIELD,
        "DashboardProps.onSelect": SymbolKind.METHOD,
        "Dashboard": SymbolKind.FUNCTION,
        "Dashboard.renderRow": SymbolKind.FUNCTION,
        "Row": SymbolKind.FUNCTION,
    }
    dashboard = found["Dashboard"]
    assert dashboard.signature == (
        "Dashboard<T extends User>({ users, onSelect }: DashboardProps<T>) -> JSX.Element"
    )
    assert dashboard.properties == {"exported": True, "default": True}
    assert dashboard.doc == "Lists users; loads them on mount."
    assert found["Row"].signature == "Row({ user, onClick }: { user: User; onClick: () => void })"
    calls = refs(extraction, EdgeKind.CALLS)
    assert {
        ("Dashboard", "useState"),
        ("Dashboard", "useEffect"),
        ("Dashboard", "api.fetchUsers"),
        ("Dashboard", "Layout.Page"),  # JSX elements use components
        ("Dashboard", "Spinner"),
        ("Dashboard.renderRow", "Row"),
    } <= calls
    assert not any(text in ("ul", "li", "div") for _, text in calls)  # intrinsic elements
    assert ("Dashboard", "JSX.Element") in refs(extraction, EdgeKind.REFERENCES)
    assert locals_of(extraction, "Dashboard") == {"users", "onSelect", "loaded", "setLoaded", "T"}
    assert extraction.exports == ("DashboardProps", "default", "Row")
    assert import_tuples(extraction)[2] == ("@acme/api/client", (), "api", False, False)


def test_jsx_component() -> None:
    source = (FIXTURES / "Widget.jsx").read_bytes()
    extraction = extract("src/Widget.jsx", "javascript", source)
    assert extraction.errors == []
    found = symbols(extraction)
    assert {q: s.kind for q, s in found.items()} == {
        "Widget": SymbolKind.FUNCTION,
        "Panel": SymbolKind.CLASS,
        "Panel.state": SymbolKind.FIELD,
        "Panel.toggle": SymbolKind.METHOD,
        "Panel.render": SymbolKind.METHOD,
    }
    assert found["Widget"].doc == "A small widget.\n@param {object} props"
    assert found["Widget"].properties == {"exported": True, "default": True}
    assert found["Widget"].signature == "Widget({ title, children })"
    assert found["Panel"].bases == ["React.Component"]
    calls = refs(extraction, EdgeKind.CALLS)
    assert {("Widget", "classNames"), ("Widget", "Header"), ("Panel.render", "Widget"),
            ("Panel.toggle", "this.setState")} <= calls
    assert not any(text == "section" for _, text in calls)
    assert extraction.exports == ("Panel", "default")
    assert import_tuples(extraction)[:3] == [
        ("react", (("default", "React"),), None, False, False),
        ("prop-types", (("default", "PropTypes"),), None, False, False),
        ("classnames", (), "classNames", False, False),
    ]


def test_typescript_without_jsx_still_parses_angle_assertions() -> None:
    extraction = ts("const n = <number>value;\nconst s = <Name>other;\n")
    assert extraction.errors == []
    assert refs(extraction, EdgeKind.REFERENCES) == {("s", "Name")}


# -- odds and ends -------------------------------------------------------------------------------


def test_multiple_declarators_and_docs() -> None:
    source = "/** Limits. */\nexport const MIN = 1, MAX = 9;\n\n/** Not attached. */\n\nlet gap;\n"
    extraction = ts(source)
    found = symbols(extraction)
    assert found["MIN"].doc == "Limits." and found["MAX"].doc is None
    assert found["MIN"].span == (2, 13, 2, 20)
    assert found["MAX"].span == (2, 22, 2, 29)
    assert found["MAX"].properties == {"exported": True}
    assert extraction.exports == ("MIN", "MAX")
    assert found["gap"].doc is None


def test_long_jsdoc_is_capped() -> None:
    source = "/** " + "word " * 400 + "*/\nfunction f() {}\n"
    doc = symbols(js(source))["f"].doc
    assert doc is not None and len(doc) == 1000


def test_syntax_errors_are_recorded_and_extraction_goes_on() -> None:
    extraction = ts("function ok(a: number) {}\nclass {\n")
    assert extraction.errors and extraction.errors[0].startswith("syntax error")
    assert "ok" in symbols(extraction)


def test_empty_file() -> None:
    extraction = ts("")
    assert [s.kind for s in extraction.symbols] == [SymbolKind.MODULE]
    assert extraction.exports is None and extraction.imports == [] and extraction.refs == []


def test_declaration_file() -> None:
    source = """\
declare const VERSION: string;
export declare function setup(options?: SetupOptions): void;
export declare class Client {
  constructor(url: string);
  get connected(): boolean;
  send<T>(message: T): Promise<Reply<T>>;
}
export interface Events { get count(): number; on(name: "open", cb: () => void): this; }
export const { left, right: r } = pair;
"""
    extraction = ts(source, "types/client.d.ts")
    assert extraction.symbols[0].name == "types/client"
    found = symbols(extraction)
    assert found["VERSION"].kind is SymbolKind.CONSTANT
    assert found["VERSION"].signature == "VERSION: string"
    assert found["VERSION"].properties == {"exported": False}
    assert found["setup"].properties == {"exported": True, "declaration": True}
    assert found["setup"].span == (2, 0, 2, 60)
    assert found["Client"].properties == {"exported": True}
    assert found["Client.send"].signature == "send<T>(message: T) -> Promise<Reply<T>>"
    assert found["Client.connected"].kind is SymbolKind.GETTER
    assert found["Client.constructor"].kind is SymbolKind.CONSTRUCTOR
    assert found["Client.constructor"].signature == "constructor(url: string)"
    assert found["Events.count"].kind is SymbolKind.GETTER
    assert found["Events.count"].signature == "count() -> number"
    assert found["Events.on"].signature == 'on(name: "open", cb: () => void) -> this'
    assert ("Client.send", "Reply") in refs(extraction, EdgeKind.REFERENCES)
    assert extraction.exports == ("setup", "Client", "Events", "left", "r")
