"""The C++ adapter and rules: namespaces, classes, access, templates, out-of-line members, resolution."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import extract
from codeknit.languages.records import Extraction, RawSymbol

# -- helpers ---------------------------------------------------------------------------------------


def cpp(source: str, path: str = "src/mod.cpp") -> Extraction:
    return extract(path, "cpp", source.encode())


def symbols(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def parent_of(extraction: Extraction, symbol: RawSymbol) -> str:
    return extraction.symbols[symbol.parent].qualname if symbol.parent > 0 else ""


def refs(extraction: Extraction, kind: EdgeKind) -> set[tuple[str, str]]:
    return {
        (extraction.symbols[r.scope].qualname if r.scope else "", r.text)
        for r in extraction.refs
        if r.kind is kind
    }


def project(tmp_path: Path, files: dict[str, str]) -> codeknit.Graph:
    for name, text in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return codeknit.index(tmp_path)


def edges(graph: codeknit.Graph, kind: EdgeKind) -> set[tuple[str, str, str]]:
    return {(r.source, r.target, r.resolution.value) for r in graph.relations if r.kind is kind}


# -- namespaces ----------------------------------------------------------------------------------------


def test_namespaces_nested_inline_and_anonymous() -> None:
    extraction = cpp(
        "namespace a::b { int f(); }\n"
        "namespace outer { inline namespace v1 { int g() { return 1; } } }\n"
        "namespace { int hidden() { return 0; } }\n"
    )
    found = symbols(extraction)
    assert [found[q].kind for q in ("a", "a.b", "outer", "outer.v1")] == [SymbolKind.NAMESPACE] * 4
    assert parent_of(extraction, found["a.b"]) == "a"
    assert found["outer.v1"].properties == {"inline": True}
    assert found["a.b.f"].properties == {"exported": True, "declaration": True}
    assert found["hidden"].properties == {"exported": False}  # an anonymous namespace's member: file-local
    assert "outer.v1.g" in found


# -- classes -------------------------------------------------------------------------------------------


CLASS = """
class Base {
public:
    Base(int x) : x_(x) {}
    virtual ~Base();
    virtual void run() const = 0;
    static Base make();
    bool operator==(const Base &other) const;
    explicit operator bool() const;
    Base &operator=(const Base &) = delete;
    using value_type = int;
protected:
    int x_;
private:
    static int count_;
    friend class Other;
};
struct Derived final : public Base, private virtual Mixin {
    void run() const override;
    int y = 0;
};
"""


def test_class_members_kinds_and_access() -> None:
    extraction = cpp(CLASS, "src/base.h")
    found = symbols(extraction)
    assert found["Base"].kind is SymbolKind.CLASS and found["Base"].properties == {"exported": True}
    assert found["Base.Base"].kind is SymbolKind.CONSTRUCTOR
    assert found["Base.Base"].signature == "Base(int x)"
    assert found["Base.~Base"].kind is SymbolKind.METHOD
    assert found["Base.~Base"].properties == {"visibility": "public", "virtual": True, "declaration": True}
    assert found["Base.run"].properties == {"visibility": "public", "virtual": True, "abstract": True, "const": True}
    assert found["Base.run"].signature == "run() -> void"
    assert found["Base.make"].properties == {"visibility": "public", "static": True, "declaration": True}
    assert found["Base.operator=="].signature == "operator==(const Base &other) -> bool"
    assert found["Base.operator bool"].signature == "operator bool()"
    assert found["Base.operator="].properties == {"visibility": "public", "deleted": True}
    assert found["Base.value_type"].kind is SymbolKind.TYPE_ALIAS
    assert found["Base.x_"].properties == {"visibility": "protected"}
    assert found["Base.count_"].properties == {"visibility": "private", "static": True}
    assert "Base.Other" not in found  # a friend is not a member


def test_struct_defaults_public_bases_and_override() -> None:
    extraction = cpp(CLASS, "src/base.h")
    found = symbols(extraction)
    derived = found["Derived"]
    assert derived.kind is SymbolKind.STRUCT
    assert derived.properties == {
        "exported": True, "final": True, "bases": ("public Base", "private virtual Mixin"),
    }
    assert derived.bases == ["Base", "Mixin"]
    assert found["Derived.y"].properties == {"visibility": "public"}
    assert found["Derived.run"].properties == {
        "visibility": "public", "override": True, "const": True, "declaration": True,
    }
    assert refs(extraction, EdgeKind.INHERITS) == {("Derived", "Base"), ("Derived", "Mixin")}


def test_templates_have_type_parameters() -> None:
    extraction = cpp(
        "template <typename T, int N = 4, typename... Rest>\n"
        "class Buffer { T items_[N]; public: T &at(int i) { return items_[i]; } };\n"
        "template <typename T> T largest(T a, T b) { return a > b ? a : b; }\n"
        "template <> struct Buffer<bool, 1> {};\n"
    )
    found = symbols(extraction)
    assert found["Buffer"].signature == "Buffer<T, N, Rest...>"
    parameters = [(s.qualname, s.signature) for s in extraction.symbols if s.kind is SymbolKind.TYPE_PARAMETER]
    assert parameters == [
        ("Buffer.T", "T"), ("Buffer.N", "N: int"), ("Buffer.Rest", "Rest..."),
        ("largest.T", "T"),
    ]
    assert found["largest"].signature == "largest<T>(T a, T b) -> T"
    assert found["Buffer.items_"].signature == "items_: T[N]"
    specialisation = [s for s in extraction.symbols if s.name == "Buffer" and s.kind is SymbolKind.STRUCT]
    assert [(s.signature, s.properties) for s in specialisation] == [
        ("Buffer<bool, 1>", {"exported": False, "specialization": True}),
    ]
    # a template parameter is not a reference to anything
    assert not {text for _, text in refs(extraction, EdgeKind.REFERENCES)} & {"T", "N"}


def test_out_of_line_definitions_have_owners() -> None:
    extraction = cpp(
        "namespace geo { void Shape::draw() const {} Shape::Shape(int) {} }\n"
        "void geo::Shape::~Shape() {}\n"
        "template <typename T> void Box<T>::push(const T &v) {}\n"
        "int geo::Shape::count = 0;\n"
    )
    owned = [(s.name, s.owner, s.kind, s.qualname, s.parent) for s in extraction.symbols if s.owner]
    assert owned == [
        ("draw", "geo.Shape", SymbolKind.METHOD, "geo.Shape.draw", 0),
        ("Shape", "geo.Shape", SymbolKind.CONSTRUCTOR, "geo.Shape.Shape", 0),
        ("~Shape", "geo.Shape", SymbolKind.METHOD, "geo.Shape.~Shape", 0),
        ("push", "Box", SymbolKind.METHOD, "Box.push", 0),
        ("count", "geo.Shape", SymbolKind.FIELD, "geo.Shape.count", 0),
    ]


def test_qualified_names_are_dotted_and_using_is_an_import() -> None:
    extraction = cpp(
        "using namespace std;\nusing std::string;\n"
        "void f() { ::g(); ns::h(1); this_thing.m(); std::vector<int> v; make<int>(); new Box(); }\n"
    )
    assert refs(extraction, EdgeKind.IMPORTS) == {("", "std"), ("", "std.string")}
    assert refs(extraction, EdgeKind.CALLS) == {
        ("f", "g"), ("f", "ns.h"), ("f", "this_thing.m"), ("f", "make"), ("f", "Box"),
    }
    assert ("f", "std.vector") in refs(extraction, EdgeKind.REFERENCES)
    new_box = next(r for r in extraction.refs if r.kind is EdgeKind.CALLS and r.text == "Box")
    assert new_box.constructs


# -- resolution ----------------------------------------------------------------------------------------


FILES = {
    "include/geo.hpp": (
        "namespace geo {\n"
        "class Shape {\npublic:\n  virtual double area() const = 0;\n  double twice() const;\n"
        "  static int count();\n};\n"
        "class Circle : public Shape {\npublic:\n  double area() const override;\n  Circle(double r);\n};\n"
        "namespace detail { inline namespace v2 { double square(double v); } }\n"
        "double distance(double a, double b);\n"
        "}\n"
    ),
    "src/geo.cpp": (
        '#include "geo.hpp"\n'
        "namespace geo {\n"
        "double Shape::twice() const { return 2 * area(); }\n"
        "int Shape::count() { return 0; }\n"
        "double Circle::area() const { return detail::square(1.0); }\n"
        "Circle::Circle(double r) {}\n"
        "double distance(double a, double b) { return detail::square(a - b); }\n"
        "}\n"
        "double geo::detail::square(double v) { return v * v; }\n"
    ),
    "src/main.cpp": (
        '#include "geo.hpp"\n'
        "using namespace geo;\n"
        "int main() {\n"
        "  Circle c(2.0);\n"
        "  Shape *s = new Circle(1.0);\n"
        "  double d = c.area() + s->twice() + distance(1, 2) + Shape::count();\n"
        "  return 0;\n"
        "}\n"
    ),
}


def test_out_of_line_members_attach_to_their_class_and_calls_reach_definitions(tmp_path: Path) -> None:
    graph = project(tmp_path, FILES)
    by_id = {s.id: s for s in graph.symbols}
    assert by_id["src/geo.cpp::geo.Shape.twice"].parent == "include/geo.hpp::geo.Shape"
    assert by_id["src/geo.cpp::geo.Circle.Circle"].kind is SymbolKind.CONSTRUCTOR
    square = by_id["src/geo.cpp::geo.detail.square"]
    assert (square.kind, square.parent) == (SymbolKind.FUNCTION, "src/geo.cpp")  # a namespace owns it
    calls = edges(graph, EdgeKind.CALLS)
    assert ("src/main.cpp::main", "src/geo.cpp::geo.Circle.area", "resolved") in calls  # ``Circle c``
    assert ("src/main.cpp::main", "src/geo.cpp::geo.Shape.twice", "resolved") in calls  # ``Shape *s``
    assert ("src/main.cpp::main", "src/geo.cpp::geo.distance", "resolved") in calls  # via ``using namespace``
    assert ("src/main.cpp::main", "src/geo.cpp::geo.Shape.count", "resolved") in calls
    assert ("src/main.cpp::main", "include/geo.hpp::geo.Circle", "resolved") in calls  # ``new Circle``
    # a bare call in an out-of-line method finds the class member; the inline namespace is transparent
    assert ("src/geo.cpp::geo.Shape.twice", "include/geo.hpp::geo.Shape.area", "resolved") in calls
    assert ("src/geo.cpp::geo.Circle.area", "src/geo.cpp::geo.detail.square", "resolved") in calls


def test_inherits_overrides_and_using_namespace_edges(tmp_path: Path) -> None:
    graph = project(tmp_path, FILES)
    assert ("include/geo.hpp::geo.Circle", "include/geo.hpp::geo.Shape", "resolved") in edges(
        graph, EdgeKind.INHERITS)
    overrides = edges(graph, EdgeKind.OVERRIDES)
    assert ("include/geo.hpp::geo.Circle.area", "include/geo.hpp::geo.Shape.area", "resolved") in overrides
    assert ("src/geo.cpp::geo.Circle.area", "include/geo.hpp::geo.Shape.area", "resolved") in overrides
    assert ("src/main.cpp", "include/geo.hpp::geo", "resolved") in edges(graph, EdgeKind.IMPORTS)


def test_the_class_name_inside_the_class_is_the_class_and_overloads_stay_ambiguous(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "a.hpp": (
            "struct V {\n  V(int);\n  bool operator==(const V &o) const;\n"
            "  void put(int);\n  void put(double);\n  void go() { put(1); }\n};\n"
        ),
    })
    assert ("a.hpp::V.operator==", "a.hpp::V", "resolved") in edges(graph, EdgeKind.REFERENCES)
    ambiguous = [r for r in graph.relations if r.kind is EdgeKind.CALLS and r.resolution is Resolution.AMBIGUOUS]
    assert [(r.source, r.candidates) for r in ambiguous] == [("a.hpp::V.go", ("a.hpp::V.put", "a.hpp::V.put#2"))]


def test_a_concept_is_a_trait_that_constrained_parameters_name(tmp_path: Path) -> None:
    """C++20's ``concept Sized = requires …``: a symbol (a trait), and ``template <Sized S>`` names it
    (it was an unresolved name)."""
    (tmp_path / "c.hpp").write_text(
        "namespace lib {\ntemplate <typename T>\nconcept Sized = requires(T t) { t.size(); };\n\n"
        "template <Sized S>\nint count(const S& s) { return static_cast<int>(s.size()); }\n}\n")
    graph = codeknit.index(tmp_path)
    concept = next(s for s in graph.symbols if s.name == "Sized")
    assert concept.kind is SymbolKind.TRAIT and concept.signature == "concept Sized"
    assert concept.span[0] == 2  # (from its template prefix)
    users = {r.source for r in graph.relations
             if r.target == concept.id and r.resolution is Resolution.RESOLVED and r.kind is EdgeKind.REFERENCES}
    assert users == {"c.hpp::lib.count.S"}


# -- export macros before a class's name ---------------------------------------------------------------

EXPORTED = (
    "#define MY_EXPORT __attribute__((visibility(\"default\")))\n"
    "namespace store {\n"
    "class MY_EXPORT Cache;\n"
    "class MY_EXPORT Snapshot {\n protected:\n  virtual ~Snapshot();\n};\n"
    "class MY_EXPORT LOCKABLE DB final : public Snapshot {\n public:\n  DB() = default;\n"
    "  virtual int Get(const char* key) = 0;\n  int Count() const { return 0; }\n"
    "  class MY_EXPORT Handler {\n   public:\n    virtual void Put(int v) = 0;\n  };\n};\n"
    "struct MY_EXPORT Options {\n  Options();\n  int size = 1;\n};\n"
    "template <typename T>\nstruct MY_EXPORT Box {\n  T item;\n};\n"
    "}  // namespace store\n"
)


def _shape(extraction: Extraction) -> list[tuple[object, ...]]:
    return [(s.qualname, s.kind, s.span, s.signature, s.properties, s.bases, s.parent)
            for s in extraction.symbols[1:]]


def _macro_blanked(source: str) -> str:
    """``source`` with the class macros overwritten by spaces (every position kept)."""
    for macro in ("MY_EXPORT LOCKABLE", "MY_EXPORT"):
        source = source.replace(f"class {macro} ", "class " + " " * len(macro) + " ")
        source = source.replace(f"struct {macro} ", "struct " + " " * len(macro) + " ")
    return source


def test_an_export_macro_before_a_class_name_leaves_the_class_as_if_it_were_absent() -> None:
    """``class LEVELDB_EXPORT DB {``: tree-sitter read the macro as the class's name and lost the class
    and its members (or, for ``struct LEVELDB_EXPORT Options { Options(); };``, read a function). The class,
    its bases, members and nested classes are now what they are without the macro, which is no symbol."""
    extraction = cpp(EXPORTED, "include/db.h")
    plain = cpp(_macro_blanked(EXPORTED), "include/db.h")
    assert not extraction.errors and not plain.errors
    assert _shape(extraction) == _shape(plain)
    found = symbols(extraction)
    assert found["store.DB"].kind is SymbolKind.CLASS and found["store.DB"].bases == ["Snapshot"]
    assert found["store.DB"].properties == {"exported": True, "final": True, "bases": ("public Snapshot",)}
    assert found["store.DB.Handler.Put"].properties["abstract"] is True
    assert found["store.Options"].kind is SymbolKind.STRUCT
    assert found["store.Options.Options"].kind is SymbolKind.CONSTRUCTOR
    assert found["store.Box"].signature == "Box<T>"
    assert {s.name for s in extraction.symbols} >= {"Snapshot", "Get", "Count", "size", "item"}
    assert "store.LOCKABLE" not in found and sum(s.name == "MY_EXPORT" for s in extraction.symbols) == 1
    assert refs(extraction, EdgeKind.INHERITS) == {("store.DB", "Snapshot")}
    assert refs(extraction, EdgeKind.CALLS) == refs(plain, EdgeKind.CALLS) == set()


def test_an_export_macro_class_is_recovered_beside_an_unrelated_syntax_error() -> None:
    """A file with another error (a ``#if`` inside a prototype) keeps the recovered classes: the masked parse
    has as many errors as the plain one, and the struct whose body reads as statements is still a struct."""
    source = (
        "namespace n {\nstruct MY_EXPORT Options {\n  Options();\n  int x = 1;\n};\n"
        "void Log(int a, ...)\n#if defined(__GNUC__)\n    __attribute__((__format__(__printf__, 2, 3)))\n"
        "#endif\n    ;\n}\n"
    )
    found = symbols(cpp(source, "include/a.h"))
    assert found["n.Options"].kind is SymbolKind.STRUCT
    assert found["n.Options.x"].kind is SymbolKind.FIELD
    assert "n.Log" in found


def test_an_all_caps_struct_tag_with_a_declarator_is_not_a_masked_class() -> None:
    """``struct POINT p{};`` declares a variable of type ``struct POINT``: a file without errors is parsed
    as it is."""
    found = symbols(cpp("struct POINT { int x; };\nstruct POINT origin{};\nint f() { return origin.x; }\n"))
    assert "origin" not in found or found["origin"].kind is not SymbolKind.STRUCT
    assert found["POINT"].kind is SymbolKind.STRUCT


# -- export and thread-safety macros around declarations --------------------------------------------------------

ANNOTATED = (
    "namespace leveldb {\n"
    "class LEVELDB_EXPORT Tag {};\n"
    "class LEVELDB_EXPORT Status {\n public:\n  bool ok() const;\n};\n"
    "struct Options {};\n"
    "LEVELDB_EXPORT Status DestroyDB(const std::string& name, const Options& options);\n"
    "LEVELDB_EXPORT Status RepairDB(const std::string& dbname,\n                               const Options& o);\n"
    "LEVELDB_EXPORT void Shutdown();\n"
    "class LOCKABLE Mutex {\n public:\n  void Lock() EXCLUSIVE_LOCK_FUNCTION();\n"
    "  void AssertHeld() ASSERT_EXCLUSIVE_LOCK() {}\n};\n"
    "class DBImpl {\n public:\n  ABSL_MUST_USE_RESULT Status Write(int n);\n"
    "  void Foo() EXCLUSIVE_LOCKS_REQUIRED(mutex_);\n"
    "  virtual Status Bar(int x) const EXCLUSIVE_LOCKS_REQUIRED(mutex_) LOCKS_EXCLUDED(other_.mu()) = 0;\n"
    " private:\n  Mutex mutex_;\n  int count_ GUARDED_BY(mutex_);\n  std::string name_ GUARDED_BY(mutex_) = \"x\";\n"
    "};\n"
    "}  // namespace leveldb\n"
    "#ifndef GUARD_H\n#define GUARD_H\nLEVELDB_EXPORT leveldb::Status Open(int x);\n#endif\n"
)


def _annotations_blanked(source: str) -> str:
    """``source`` with its export and thread-safety macros overwritten by spaces (every position kept)."""
    for macro in ("ASSERT_EXCLUSIVE_LOCK()", "EXCLUSIVE_LOCK_FUNCTION()", "EXCLUSIVE_LOCKS_REQUIRED(mutex_)",
                  "LOCKS_EXCLUDED(other_.mu())", "GUARDED_BY(mutex_)", "LEVELDB_EXPORT", "LOCKABLE",
                  "ABSL_MUST_USE_RESULT"):
        source = source.replace(macro, " " * len(macro))
    return source


def test_export_and_thread_safety_macros_leave_the_declarations_as_if_they_were_absent() -> None:
    """``class LEVELDB_EXPORT Tag {};`` was a variable ``Tag``; ``LEVELDB_EXPORT Status DestroyDB(…);`` a syntax
    error and a function returning ``LEVELDB_EXPORT``; ``void Foo() EXCLUSIVE_LOCKS_REQUIRED(mutex_);`` a method
    named ``EXCLUSIVE_LOCKS_REQUIRED``, ``int count_ GUARDED_BY(mutex_);`` one named ``GUARDED_BY``. Each is now what
    the source without its macros is."""
    extraction = cpp(ANNOTATED, "include/db.h")
    plain = cpp(_annotations_blanked(ANNOTATED), "include/db.h")
    assert not extraction.errors and not plain.errors
    assert _shape(extraction) == _shape(plain)
    found = symbols(extraction)
    assert found["leveldb.Tag"].kind is SymbolKind.CLASS
    assert found["leveldb.DestroyDB"].signature.endswith("-> Status")
    assert found["leveldb.RepairDB"].signature.endswith("-> Status")
    assert found["leveldb.Shutdown"].kind is SymbolKind.FUNCTION
    assert {"leveldb.Mutex.Lock", "leveldb.Mutex.AssertHeld", "leveldb.DBImpl.Foo", "leveldb.DBImpl.Bar",
            "leveldb.DBImpl.Write"} <= set(found)
    assert found["leveldb.DBImpl.count_"].kind is found["leveldb.DBImpl.name_"].kind is SymbolKind.FIELD
    assert found["Open"].signature.endswith("-> leveldb::Status")
    assert not any(s.name.isupper() for s in extraction.symbols[1:])


def test_an_export_macro_after_a_storage_class_is_masked() -> None:
    """``extern PROTOBUF_EXPORT const char* Name(int tag);``: after ``extern`` the macro was the return type and a
    syntax error. Masked as the macro that opens a line is: the function returns ``const char *``."""
    source = ("#define PROTOBUF_EXPORT\nnamespace pb {\nclass Status {};\n"
              "extern PROTOBUF_EXPORT const char* Name(int tag);\n"
              "extern PROTOBUF_EXPORT Status Check(int tag);\n"
              "static ABSL_ATTRIBUTE_UNUSED int Unused() { return 0; }\n}\n")
    extraction = cpp(source, "include/pb.h")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["pb.Name"].signature == "Name(int tag) -> const char *"
    assert found["pb.Check"].signature.endswith("-> Status")
    assert found["pb.Unused"].signature.endswith("-> int")


def test_a_macro_call_that_is_a_statement_is_not_blanked() -> None:
    """What only looks like an annotation stays a call: ``if (x) CHECK_OK(x);``, ``return LOG_ERR(x);``, ``else
    LOG_ERR(x);``; and a type written in capitals before a calling convention is no export macro (``BOOL WINAPI``)."""
    source = ("int CHECK_OK(int x);\nint LOG_ERR(int y);\nclass A {\n  void f() REQUIRES(mu_);\n"
              "  static A OK() { return A(); }\n  A NOT_FOUND(int msg);\n  A ABORTED();\n};\n"
              "int run(int x) {\n  if (x) CHECK_OK(x);\n  while (x) LOG_ERR(x);\n"
              "  if (x) return CHECK_OK(x);\n  else LOG_ERR(x);\n  return LOG_ERR(x);\n}\n")
    extraction = cpp(source, "src/run.cc")
    calls = [r for r in extraction.refs if r.kind is EdgeKind.CALLS]
    assert sorted((r.text, r.span[0]) for r in calls) == [
        ("A", 5), ("CHECK_OK", 10), ("CHECK_OK", 12), ("LOG_ERR", 11), ("LOG_ERR", 13), ("LOG_ERR", 14)]
    assert {"A.f", "A.OK", "A.NOT_FOUND", "A.ABORTED"} <= set(symbols(extraction))
    assert not extraction.errors
