"""The C adapter and rules: symbols, signatures, properties, includes, references and resolution."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeknit
from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import extract
from codeknit.languages.c.adapter import is_header
from codeknit.languages.c.rules import CRules
from codeknit.languages.records import CHAIN_LIMIT, Extraction, RawSymbol

# -- helpers ---------------------------------------------------------------------------------------


def c(source: str, path: str = "src/mod.c") -> Extraction:
    return extract(path, "c", source.encode())


def symbols(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def refs(extraction: Extraction, kind: EdgeKind) -> set[tuple[str, str]]:
    return {
        (extraction.symbols[r.scope].qualname if r.scope else "", r.text)
        for r in extraction.refs
        if r.kind is kind
    }


def locals_of(extraction: Extraction, qualname: str) -> frozenset[str]:
    index = next(i for i, s in enumerate(extraction.symbols) if s.qualname == qualname)
    return extraction.locals.get(index, frozenset())


def project(tmp_path: Path, files: dict[str, str]) -> codeknit.Graph:
    for name, text in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return codeknit.index(tmp_path)


def edges(graph: codeknit.Graph, kind: EdgeKind) -> set[tuple[str, str, str]]:
    return {(r.source, r.target, r.resolution.value) for r in graph.relations if r.kind is kind}


# -- the file and its includes -----------------------------------------------------------------------


def test_file_symbol_spans_the_file_and_is_named_by_its_base_name() -> None:
    source = "/* The module. */\n\nint x;\n"
    extraction = c(source, "lib/util/mod.c")
    module = extraction.symbols[0]
    assert module.kind is SymbolKind.FILE
    assert module.name == module.signature == "mod.c"
    assert (module.start_byte, module.end_byte) == (0, len(source))
    assert module.doc == "The module."


def test_includes_are_symbols_one_per_spelling() -> None:
    extraction = c('#include "config.h"\n#include <stdio.h>\n#include "config.h"\n#include HEADER\n')
    includes = [s for s in extraction.symbols if s.kind is SymbolKind.INCLUDE]
    assert [(s.name, s.signature, s.span[0], s.span[2]) for s in includes] == [
        ('"config.h"', '"config.h"', 1, 1),
        ("<stdio.h>", "<stdio.h>", 2, 2),
        ("HEADER", "HEADER", 4, 4),
    ]
    assert all(s.properties == {"resolution": "unresolved"} and s.parent == 0 for s in includes)


def test_include_guards_are_not_constants() -> None:
    extraction = c("#ifndef MOD_H\n#define MOD_H\n#define LIMIT 4\n#endif\n", "mod.h")
    assert "MOD_H" not in symbols(extraction)
    assert symbols(extraction)["LIMIT"].signature == "LIMIT = 4"


# -- functions and prototypes -------------------------------------------------------------------------


def test_function_signature_keeps_pointer_and_array_declarators() -> None:
    extraction = c("char *dup(const char *s, int (*cb)(int), int xs[]) { return 0; }\n")
    dup = symbols(extraction)["dup"]
    assert dup.kind is SymbolKind.FUNCTION
    assert dup.signature == "dup(const char *s, int (*cb)(int), int xs[]) -> char *"
    assert dup.properties == {"exported": True}
    assert locals_of(extraction, "dup") == {"s", "cb", "xs"}


def test_prototype_static_and_function_returning_a_function_pointer() -> None:
    extraction = c(
        "int add(int a, int b);\n"
        "static int helper(void) { return 1; }\n"
        "int (*pick(int which))(int) { return 0; }\n"
        "int printf_like(const char *fmt, ...);\n"
    )
    found = symbols(extraction)
    assert found["add"].properties == {"exported": True, "declaration": True}
    assert found["add"].signature == "add(int a, int b) -> int"
    assert found["helper"].properties == {"exported": False, "static": True}
    assert found["helper"].signature == "helper(void) -> int"
    assert found["pick"].signature == "pick(int which) -> int (*)(int)"
    assert found["printf_like"].signature == "printf_like(const char *fmt, ...) -> int"


def test_doc_comments_above_a_definition() -> None:
    extraction = c(
        "int a; // trailing, not a doc\n"
        "/**\n * Adds.\n * Two numbers.\n */\n"
        "int add(int x, int y);\n\n"
        "// one\n// two\nint sub(int x, int y);\n"
    )
    found = symbols(extraction)
    assert found["add"].doc == "Adds.\nTwo numbers."
    assert found["sub"].doc == "one\ntwo"
    assert found["a"].doc is None


# -- types, values, macros ----------------------------------------------------------------------------


def test_struct_union_enum_fields_and_enumerators() -> None:
    extraction = c(
        "struct Point { int x, y; char *name; };\n"
        "union Value { int i; double d; };\n"
        "enum Color { RED, GREEN = 2 };\n",
        "shapes.h",
    )
    found = symbols(extraction)
    assert found["Point"].kind is SymbolKind.STRUCT and found["Point"].properties == {"exported": True}
    assert found["Point.x"].kind is SymbolKind.FIELD and found["Point.y"].signature == "y: int"
    assert found["Point.name"].signature == "name: char *"
    assert found["Value"].kind is SymbolKind.UNION
    assert found["Color"].kind is SymbolKind.ENUM
    assert found["Color.RED"].kind is SymbolKind.ENUM_MEMBER
    assert found["Color.GREEN"].signature == "GREEN = 2"


def test_typedefs_including_function_pointers_and_struct_twins() -> None:
    extraction = c(
        "typedef int (*handler_t)(int);\n"
        "typedef struct S { int a; } S;\n"
        "typedef struct { int x; } Anon;\n"
        "typedef unsigned long size_type;\n"
    )
    all_symbols = extraction.symbols
    handler = symbols(extraction)["handler_t"]
    assert handler.kind is SymbolKind.TYPE_ALIAS
    assert handler.signature == "handler_t = int (*)(int)"
    twins = [(s.kind, s.qualname) for s in all_symbols if s.name == "S"]
    assert twins == [(SymbolKind.STRUCT, "S"), (SymbolKind.TYPE_ALIAS, "S")]
    assert symbols(extraction)["S.a"].kind is SymbolKind.FIELD  # the field belongs to the struct
    assert symbols(extraction)["Anon"].signature == "Anon = struct {…}"
    assert symbols(extraction)["Anon.x"].kind is SymbolKind.FIELD  # an anonymous struct's fields: the alias's
    assert symbols(extraction)["size_type"].signature == "size_type = unsigned long"


def test_macros_and_globals() -> None:
    extraction = c(
        "#define N 10\n"
        "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n"
        "#define LOG(fmt, ...) printf(fmt, __VA_ARGS__)\n"
        "static int counter = 0;\n"
        "extern int shared;\n"
        "int xs[3], *p;\n"
        "static const double PI = 3.14;\n"
        "const char *name = \"x\";\n"
    )
    found = symbols(extraction)
    assert (found["N"].kind, found["N"].signature) == (SymbolKind.CONSTANT, "N = 10")
    assert (found["MAX"].kind, found["MAX"].signature) == (SymbolKind.MACRO, "MAX(a, b)")
    assert found["LOG"].signature == "LOG(fmt, ...)"
    assert found["N"].properties == {"exported": False}  # a macro of a .c file is not seen elsewhere
    assert found["counter"].kind is SymbolKind.VARIABLE
    assert found["counter"].properties == {"exported": False, "static": True}
    assert found["shared"].properties == {"exported": True, "extern": True}
    assert (found["xs"].signature, found["p"].signature) == ("xs: int[3]", "p: int *")
    assert (found["PI"].kind, found["PI"].signature) == (SymbolKind.CONSTANT, "PI: const double")
    assert found["name"].kind is SymbolKind.VARIABLE  # a pointer to const is not a constant


def test_definitions_inside_function_bodies_are_locals() -> None:
    extraction = c(
        "void f(void) { struct T { int a; } t; int n = 1; int g(int); }\n"
        "int old_style(a, b) int a; char *b; { return a; }\n"
    )
    assert set(symbols(extraction)) == {"f", "old_style"}
    assert locals_of(extraction, "f") == {"t", "n"}  # ``g`` is a prototype: it names the global ``g``
    assert locals_of(extraction, "old_style") == {"a", "b"}


# -- references ------------------------------------------------------------------------------------


def test_calls_type_uses_and_spans() -> None:
    source = (
        "struct S { int a; };\n"
        "typedef struct S S;\n"
        "int helper(int);\n"
        "int f(S *s, struct S *t) {\n"
        "    int n = (int) sizeof(struct S);\n"
        "    s->ops->read(n);\n"
        "    return helper(n) + MAX(1, 2);\n"
        "}\n"
    )
    extraction = c(source)
    assert refs(extraction, EdgeKind.CALLS) == {("f", "s.ops.read"), ("f", "helper"), ("f", "MAX")}
    assert refs(extraction, EdgeKind.REFERENCES) == {("f", "S"), ("S", "S")}
    helper = next(r for r in extraction.refs if r.text == "helper" and r.kind is EdgeKind.CALLS)
    assert helper.span == (7, 11, 7, 17)
    read = next(r for r in extraction.refs if r.text == "s.ops.read")
    assert read.qualified == ("S.ops.read",)  # ``s`` is declared ``S *s``


def test_a_forward_declaration_is_not_a_use() -> None:
    extraction = c("struct P;\nstruct P *make(void);\n")
    assert refs(extraction, EdgeKind.REFERENCES) == {("make", "P")}


def test_macro_heavy_code_does_not_crash() -> None:
    source = (
        "libc_hidden_proto (foo)\n"
        "extern int foo (int) attribute_hidden __THROW;\n"
        "#define DECL(n) int n##_x;\n"
        "DECL(a) DECL(b)\n"
        "int bar (int x) { return foo (x); }\n"
    )
    extraction = c(source)  # tree-sitter recovers as it can; the adapter must only not fail
    assert extraction.errors
    # a macro call without a semicolon, read as an old-style definition whose "parameter
    # declarations" are prototypes: no function, and the prototypes stay at file level
    misparsed = c(
        "#include <x.h>\nlibc_hidden_proto (getx)\nextern int __getx (int *x);\nextern int __setx (int x);\n"
        "int old_style(a) int a; { return a; }\n",
        "x.h",
    )
    assert [(s.qualname, s.parent) for s in misparsed.symbols if s.kind is SymbolKind.FUNCTION] == [
        ("__getx", 0), ("__setx", 0), ("old_style", 0),
    ]
    chain = "int f(void) { return a" + ".b" * 3000 + "(); }\n"
    deep = c(chain)
    # (the call, written with its last names: ``CHAIN_LIMIT``)
    assert [(r.text.count(".") + 1, r.head_known) for r in deep.refs] == [(CHAIN_LIMIT, False)]


# -- resolution across files ---------------------------------------------------------------------------


def test_is_header() -> None:
    assert is_header("a/b.h") and is_header("x.hpp") and is_header("x.inl")
    assert not is_header("a/b.c") and not is_header("x.cpp") and not is_header("X.C")


@pytest.mark.parametrize(
    ("importer", "spelling", "expected"),
    [
        ("src/main.c", '"util.h"', "src/util.h"),
        ("src/main.c", '"../include/api.h"', "include/api.h"),
        ("src/main.c", '"api.h"', "include/api.h"),
        ("src/main.c", "<api.h>", "include/api.h"),
        ("src/main.c", '"deep/only.h"', "lib/x/deep/only.h"),
        ("src/main.c", "<stdio.h>", None),
        ("src/main.c", '"config.h"', None),  # two candidates: no guess
        ("src/main.c", "<util.h>", None),  # angle brackets do not look beside the file
        ("src/main.c", "MACRO", None),
    ],
)
def test_include_resolution(importer: str, spelling: str, expected: str | None) -> None:
    rules = CRules({
        "src/main.c", "src/util.h", "include/api.h", "lib/x/deep/only.h", "a/config.h", "b/config.h",
    })
    assert rules.resolve_include(importer, spelling) == expected


def test_prototype_calls_resolve_to_the_unique_definition(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "include/util.h": "#define TWICE(x) ((x) * 2)\nint add(int a, int b);\nvoid log_msg(const char *m);\n",
        "src/util.c": '#include "util.h"\nint add(int a, int b) { return TWICE(a) + b; }\n',
        "src/log_a.c": "void log_msg(const char *m) {}\n",
        "src/log_b.c": "void log_msg(const char *m) {}\n",
        "src/main.c": (
            '#include "util.h"\n#include <stdio.h>\n'
            "static int helper(void);\n"
            "int main(void) { log_msg(\"x\"); printf(\"%d\", add(1, 2)); return helper(); }\n"
            "static int helper(void) { return 0; }\n"
        ),
    })
    calls = edges(graph, EdgeKind.CALLS)
    assert ("src/main.c::main", "src/util.c::add", "resolved") in calls
    assert ("src/main.c::main", "src/main.c::helper#2", "resolved") in calls  # the definition, not the forward
    assert ("src/main.c::main", "src/main.c::printf", "unresolved") in calls
    assert ("src/util.c::add", "include/util.h::TWICE", "resolved") in calls
    ambiguous = [r for r in graph.relations if r.kind is EdgeKind.CALLS and r.resolution is Resolution.AMBIGUOUS]
    assert [(r.target, r.candidates) for r in ambiguous] == [
        ("src/main.c::log_msg", ("src/log_a.c::log_msg", "src/log_b.c::log_msg")),
    ]


def test_include_edges_and_resolution_property(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "include/util.h": "int add(int a, int b);\n",
        "src/main.c": '#include "util.h"\n#include <stdio.h>\n#include "util.h"\nint main(void) { return 0; }\n',
    })
    by_id = {s.id: s for s in graph.symbols}
    assert by_id['src/main.c::"util.h"'].properties == {"resolution": "resolved"}
    assert by_id["src/main.c::<stdio.h>"].properties == {"resolution": "unresolved"}
    assert edges(graph, EdgeKind.IMPORTS) == {("src/main.c", "include/util.h", "resolved")}
    assert {(s, t) for s, t, r in edges(graph, EdgeKind.REFERENCES) if r == "unresolved"} == {
        ("src/main.c", 'src/main.c::"util.h"'),
        ("src/main.c", "src/main.c::<stdio.h>"),
    }


def test_static_functions_of_other_files_are_invisible_and_typedef_twins_bind_the_struct(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "a.c": "static int hidden(void) { return 1; }\n",
        "types.h": "typedef struct Point { int x; } Point;\n",
        "b.c": '#include "types.h"\nint use(Point *p) { return hidden(); }\n',
    })
    assert ("b.c::use", "b.c::hidden", "unresolved") in edges(graph, EdgeKind.CALLS)
    assert ("b.c::use", "types.h::Point", "resolved") in edges(graph, EdgeKind.REFERENCES)
    by_id = {s.id: s for s in graph.symbols}
    assert by_id["types.h::Point"].kind is SymbolKind.STRUCT
    assert by_id["types.h::Point#2"].kind is SymbolKind.TYPE_ALIAS


def test_locals_shadow_global_functions(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "a.c": "int cb(int x) { return x; }\nint run(int (*cb)(int)) { return cb(1); }\n",
    })
    assert ("a.c::run", "a.c::cb", "unresolved") in edges(graph, EdgeKind.CALLS)


def test_calls_through_a_typed_struct_pointer_reach_the_field(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "a.c": (
            "struct ops { int (*read)(int); };\n"
            "struct other { int (*read)(int); };\n"
            "int go(struct ops *o) { return o->read(1); }\n"
        ),
    })
    assert ("a.c::go", "a.c::ops.read", "resolved") in edges(graph, EdgeKind.CALLS)


def test_an_export_macro_before_the_return_type_leaves_the_function_its_own_name() -> None:
    """``LUA_API lua_CFunction lua_atpanic (…)``: the grammar reads the macro as the return type, the return
    type's name as the function's, and the function's own name as an error before the parameters. The
    function is ``lua_atpanic`` returning ``lua_CFunction``; no function is named after the type (whose
    other uses would resolve to it)."""
    source = ("typedef int (*lua_CFunction) (void *L);\n"
              "LUA_API lua_CFunction lua_atpanic (void *L, lua_CFunction panicf) {\n"
              "  return panicf;\n"
              "}\n")
    found = symbols(c(source))
    assert "lua_atpanic" in found and "lua_CFunction" in found
    assert found["lua_atpanic"].kind is SymbolKind.FUNCTION
    assert found["lua_CFunction"].kind is SymbolKind.TYPE_ALIAS
    assert found["lua_atpanic"].signature == "lua_atpanic(void *L, lua_CFunction panicf) -> lua_CFunction"


def test_an_export_macro_before_a_primitive_return_type_is_no_return_type_and_the_keyword_no_name() -> None:
    """``MY_EXTERN int f(void);``, ``INLINE static int g(int x) {…}``, ``DECLSPEC_IMPORT int WSAAPI h(…);``:
    the grammar reads the macro as the type and the keyword as a name (a symbol ``int``) or ends the
    declaration after ``int``. The macros are masked (``C_GAPS``): each function returns ``int``, and no
    symbol is named after a keyword."""
    source = ("#define MY_EXTERN extern\n"
              "MY_EXTERN int my_init(void);\n"
              "DECLSPEC_IMPORT int WSAAPI GetAddrInfoW(const char *node);\n"
              "INLINE static int helper(int x) { return x; }\n"
              "UV_EXTERN void *uv_malloc(unsigned long size);\n")
    found = symbols(c(source))
    assert not {"int", "void", "static", "struct", "inline"} & set(found)
    assert found["my_init"].signature == "my_init(void) -> int"
    assert found["GetAddrInfoW"].signature == "GetAddrInfoW(const char *node) -> int"
    assert found["helper"].signature == "helper(int x) -> int"
    assert found["uv_malloc"].signature == "uv_malloc(unsigned long size) -> void *"


def test_an_export_macro_after_a_storage_class_is_masked() -> None:
    """libtasn1's ``extern ASN1_API const char *asn1_strerror(int error);``: after ``extern`` the macro was the return
    type (``ASN1_API const *``) and a syntax error, where the gaps for a macro that opens the line do not look.
    Masked there too: each function returns its own type, with no error; a macro call in a body stays a call."""
    source = ("#define ASN1_API\n"
              "typedef int (*lua_CFunction)(int L);\n"
              "extern ASN1_API const char *asn1_strerror(int error);\n"
              "extern LUA_API lua_CFunction lua_atpanic(int L);\n"
              "static INLINE_API int fast(int x) { return x; }\n"
              "extern API_ONE API_TWO unsigned long many(void);\n"
              "int run(int x) { if (x) CHECK(x); return fast(x); }\n")
    extraction = c(source, "include/libtasn1.h")
    assert extraction.errors == []
    found = symbols(extraction)
    assert found["asn1_strerror"].signature == "asn1_strerror(int error) -> const char *"
    assert found["lua_atpanic"].signature == "lua_atpanic(int L) -> lua_CFunction"
    assert found["fast"].signature == "fast(int x) -> int"
    assert found["many"].signature == "many(void) -> unsigned long"
    assert not any(name.isupper() for name in found if name != "ASN1_API")
    assert ("CHECK", 7) in {(r.text, r.span[0]) for r in extraction.refs if r.kind is EdgeKind.CALLS}


def test_an_export_macro_before_a_named_return_type_in_a_c_header_is_masked() -> None:
    """leveldb's ``include/leveldb/c.h``: ``LEVELDB_EXPORT leveldb_t* leveldb_open(…);`` was a syntax error and a
    function returning ``LEVELDB_EXPORT *``; the guarded halves of its ``extern "C" { … }`` were ``missing
    #endif``. Both are masked (a C compiler sees neither), so the header parses clean, each function returns its
    own type, and no symbol is named after the macro."""
    source = ('#ifndef C_H_\n#define C_H_\n'
              '#ifdef __cplusplus\nextern "C" {\n#endif\n'
              "typedef struct leveldb_t leveldb_t;\n"
              "LEVELDB_EXPORT leveldb_t* leveldb_open(const char* name, char** errptr);\n"
              "LEVELDB_EXPORT uint8_t leveldb_iter_valid(const leveldb_t*);\n"
              "LEVELDB_EXPORT void leveldb_close(leveldb_t* db);\n"
              '#ifdef __cplusplus\n}  /* end extern "C" */\n#endif\n'
              "#endif\n")
    extraction = c(source, "include/leveldb/c.h")
    assert extraction.errors == []
    found = symbols(extraction)
    assert "LEVELDB_EXPORT" not in found
    assert found["leveldb_open"].signature == "leveldb_open(const char* name, char** errptr) -> leveldb_t *"
    assert found["leveldb_iter_valid"].signature == "leveldb_iter_valid(const leveldb_t*) -> uint8_t"
    assert found["leveldb_close"].signature == "leveldb_close(leveldb_t* db) -> void"


def test_c_code_that_only_looks_like_an_export_macro_is_not_masked() -> None:
    """What the named-return-type and ``extern "C"`` gaps must leave alone: ``static inline``, ``__attribute__``,
    an all-caps type before a calling convention (``BOOL WINAPI``), an all-caps typedef'd return type, a macro
    call opening a statement in a body, and an ``extern "C"`` that is no guarded half."""
    source = ("static inline int twice(int x) { return 2 * x; }\n"
              "__attribute__((noreturn)) void die(const char *msg);\n"
              "BOOL WINAPI DllMain(HINSTANCE inst, DWORD reason, LPVOID reserved);\n"
              "HANDLE open_handle(const char *path);\n"
              "int run(int x) {\n  CHECK_ARG(x);\n  LOG_DEBUG(fmt_t f(x));\n  return twice(x);\n}\n"
              "#ifdef __cplusplus\nint cxx_only(void);\n#endif\n"
              "#define MODE_EXPAND_ONLY \\\n    KDF_MODE_EXPAND_ONLY\n\n"
              "int set_prf_md(CTX *ctx, const MD *md);\n")
    extraction = c(source)
    found = symbols(extraction)
    assert found["twice"].signature == "twice(int x) -> int"
    assert found["die"].signature.startswith("die(const char *msg)")
    assert found["DllMain"].signature == "DllMain(HINSTANCE inst, DWORD reason, LPVOID reserved) -> BOOL"
    assert found["open_handle"].signature == "open_handle(const char *path) -> HANDLE"
    assert {"run", "cxx_only"} <= set(found)
    # (a ``#define``'s value on its continuation line, before a declaration's keyword, is no export macro)
    assert found["set_prf_md"].signature == "set_prf_md(CTX *ctx, const MD *md) -> int"
    calls = [r.text for r in extraction.refs if r.kind is EdgeKind.CALLS]
    assert "CHECK_ARG" in calls and "twice" in calls
