"""The Java adapter and rules: symbols, signatures, properties, references, imports and resolution."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import adapter_for, extract
from codeknit.languages.engine import load_query_text
from codeknit.languages.records import WRITE, Extraction, RawSymbol

# -- helpers --------------------------------------------------------------------------


def java(source: str, path: str = "com/acme/Main.java") -> Extraction:
    return extract(path, "java", source.encode())


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


def locals_of(extraction: Extraction, qualname: str) -> frozenset[str]:
    index = next(i for i, s in enumerate(extraction.symbols) if s.qualname == qualname)
    return extraction.locals.get(index, frozenset())


def project(tmp_path: Path, files: dict[str, str]) -> codeknit.Graph:
    for name, text in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return codeknit.index(tmp_path)


def edges(graph: codeknit.Graph, source: str, kind: EdgeKind) -> set[tuple[str, Resolution]]:
    return {(r.target, r.resolution) for r in graph.relations if r.source == source and r.kind is kind}


# -- registration ------------------------------------------------------------------------


def test_adapter_and_query() -> None:
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language

    assert adapter_for("java").language == "java"
    assert Query(get_language("java"), load_query_text("java/queries.scm")).pattern_count > 40


# -- the module symbol ---------------------------------------------------------------------


def test_module_symbol_is_package_and_file_stem() -> None:
    source = "/** Utilities. */\npackage com.acme.util;\n\nclass A {}\n"
    extraction = java(source, "src/com/acme/util/Strings.java")
    module = extraction.symbols[0]
    assert (module.kind, module.name, module.signature) == (SymbolKind.MODULE, "com.acme.util.Strings",
                                                           "com.acme.util.Strings")
    assert module.properties == {"package": "com.acme.util"}
    assert module.doc == "Utilities."
    assert (module.start_byte, module.end_byte) == (0, len(source.encode()))


def test_default_package_module() -> None:
    module = java("class A {}\n", "A.java").symbols[0]
    assert module.name == "A" and module.properties == {}


# -- types -------------------------------------------------------------------------------------

TYPES = """\
package p;

/** A shape.
 * With two lines. */
@Deprecated
public abstract sealed class Shape<T extends Comparable<T>> extends Base implements Runnable, java.io.Serializable
        permits Circle {
    interface Visitor { void visit(Shape<?> s); }
    enum Color { RED, GREEN }
    record Point(int x, @Tag int y) {}
    @interface Tag { String value() default ""; }
    static final class Inner {}
}
"""


def test_type_kinds_parents_and_signatures() -> None:
    extraction = java(TYPES)
    found = symbols(extraction)
    assert found["Shape"].kind is SymbolKind.CLASS
    assert found["Shape"].signature == "Shape<T extends Comparable<T>>"
    assert found["Shape.T"].kind is SymbolKind.TYPE_PARAMETER
    assert found["Shape.T"].signature == "T extends Comparable<T>"
    assert found["Shape.Visitor"].kind is SymbolKind.INTERFACE
    assert found["Shape.Visitor.visit"].signature == "visit(s: Shape<?>)"
    assert found["Shape.Color"].kind is SymbolKind.ENUM
    assert found["Shape.Color.RED"].kind is SymbolKind.ENUM_MEMBER
    assert found["Shape.Point"].kind is SymbolKind.RECORD
    assert found["Shape.Point.y"].kind is SymbolKind.FIELD
    assert found["Shape.Point.y"].signature == "y: int"
    assert found["Shape.Tag"].kind is SymbolKind.ANNOTATION
    assert found["Shape.Tag.value"].signature == "value() -> String"
    assert parent_of(extraction, found["Shape.Inner"]) == "Shape"
    assert found["Shape"].bases == ["Base", "Runnable", "java.io.Serializable"]


def test_type_properties_and_docs() -> None:
    found = symbols(java(TYPES))
    assert found["Shape"].properties == {
        "exported": True, "visibility": "public", "abstract": True, "sealed": True, "decorators": ("Deprecated",),
    }
    assert found["Shape"].doc == "A shape.\nWith two lines."
    assert found["Shape.Inner"].properties == {"visibility": "package", "static": True, "final": True}
    assert found["Shape.Visitor.visit"].properties == {"visibility": "public", "abstract": True}
    assert found["Shape.Point.x"].properties == {"visibility": "private", "final": True}
    assert found["Shape.Point.y"].properties == {"visibility": "private", "final": True, "decorators": ("Tag",)}
    assert found["Shape.Tag.value"].properties == {"visibility": "public", "abstract": True}


def test_type_span_includes_annotations() -> None:
    found = symbols(java(TYPES))
    assert found["Shape"].span[0] == 5  # the @Deprecated line
    assert found["Shape"].name_span == (6, 29, 6, 34)


def test_hierarchy_references() -> None:
    extraction = java(TYPES)
    assert refs(extraction, EdgeKind.INHERITS) == {("Shape", "Base")}
    assert refs(extraction, EdgeKind.IMPLEMENTS) == {("Shape", "Runnable"), ("Shape", "java.io.Serializable")}
    assert ("Shape", "Deprecated") in refs(extraction, EdgeKind.DECORATES)
    assert ("Shape.Point.y", "Tag") in refs(extraction, EdgeKind.DECORATES)
    # the permitted subclass and the type argument are plain references
    assert ("Shape", "Circle") in refs(extraction, EdgeKind.REFERENCES)
    assert ("Shape.T", "Comparable") in refs(extraction, EdgeKind.REFERENCES)


# -- members --------------------------------------------------------------------------------------

MEMBERS = """\
package p;

public class Box<E> {
    public static final int MAX = 10, MIN = 0;
    static final Object lock = new Object();
    private java.util.List<E> items;
    int[] counts;

    // Makes an empty box.
    // Really.
    protected Box(int size, String... names) { super(); this.items = null; }

    @Override
    public synchronized <R extends E> R first(java.util.function.Function<E, R> f, int[] xs) throws Exception {
        return null;
    }

    public void clear() { }
    static native long address();
}

interface Api {
    int LIMIT = 3;
    void call();
    default void twice() { call(); call(); }
    static Api none() { return null; }
    private void helper() {}
}

enum Planet {
    EARTH(1.0), MARS(0.5) { @Override double gravity() { return 0.4; } };
    Planet(double g) {}
    double gravity() { return 1; }
}
"""


def test_member_kinds_and_signatures() -> None:
    found = symbols(java(MEMBERS))
    assert found["Box.MAX"].kind is SymbolKind.CONSTANT and found["Box.MIN"].kind is SymbolKind.CONSTANT
    assert found["Box.MAX"].signature == "MAX: int"
    assert found["Box.lock"].kind is SymbolKind.FIELD  # static final, but not an upper-case name
    assert found["Box.items"].signature == "items: java.util.List<E>"
    assert found["Box.counts"].signature == "counts: int[]"
    assert found["Box.Box"].kind is SymbolKind.CONSTRUCTOR
    assert found["Box.Box"].signature == "Box(size: int, names: String...)"
    assert found["Box.first"].signature == (
        "first<R extends E>(f: java.util.function.Function<E, R>, xs: int[]) -> R"
    )
    assert found["Box.first.R"].kind is SymbolKind.TYPE_PARAMETER
    assert found["Box.clear"].signature == "clear()"
    assert found["Api.LIMIT"].kind is SymbolKind.CONSTANT


def test_member_properties() -> None:
    found = symbols(java(MEMBERS))
    assert found["Box.MAX"].properties == {"visibility": "public", "static": True, "final": True}
    assert found["Box.items"].properties == {"visibility": "private"}
    assert found["Box.Box"].properties == {"visibility": "protected"}
    assert found["Box.first"].properties == {
        "visibility": "public", "synchronized": True, "decorators": ("Override",),
    }
    assert found["Box.address"].properties == {"visibility": "package", "static": True, "native": True}
    assert found["Api.LIMIT"].properties == {"visibility": "public", "static": True, "final": True}
    assert found["Api.call"].properties == {"visibility": "public", "abstract": True}
    assert found["Api.twice"].properties == {"visibility": "public", "default": True}
    assert found["Api.none"].properties == {"visibility": "public", "static": True}
    assert found["Api.helper"].properties == {"visibility": "private"}
    assert found["Planet.Planet"].properties == {"visibility": "private"}  # enum constructors are private


def test_line_comment_docs_and_multi_declarator_spans() -> None:
    found = symbols(java(MEMBERS))
    assert found["Box.Box"].doc == "Makes an empty box.\nReally."
    # two fields in one declaration: each spans its own declarator
    assert found["Box.MAX"].span == (4, 28, 4, 36)
    assert found["Box.MIN"].span == (4, 38, 4, 45)
    assert found["Box.lock"].span == (5, 4, 5, 44)


def test_enum_constant_body_is_an_anonymous_subclass() -> None:
    extraction = java(MEMBERS)
    found = symbols(extraction)
    anonymous = found["Planet.$1"]
    assert anonymous.kind is SymbolKind.CLASS
    assert anonymous.signature == "$1: Planet"
    assert anonymous.properties == {"anonymous": True}
    assert parent_of(extraction, found["Planet.$1.gravity"]) == "Planet.$1"
    assert ("Planet.$1", "Planet") in refs(extraction, EdgeKind.INHERITS)


def test_anonymous_classes_are_numbered_per_enclosing_class() -> None:
    source = """\
class A {
    Runnable r = new Runnable() { public void run() {} };
    void m() {
        Object o = new Object() { };
        class Local { Runnable x = new Runnable() { public void run() {} }; }
    }
}
"""
    extraction = java(source)
    found = symbols(extraction)
    assert found["A.$1"].signature == "$1: Runnable"
    assert found["A.m.$2"].signature == "$2: Object"
    assert found["A.m.Local.$1"].signature == "$1: Runnable"
    assert ("A.$1", "Runnable") in refs(extraction, EdgeKind.INHERITS)
    # the creation of an anonymous class is not also a call of its base
    assert ("A.r", "Runnable") not in refs(extraction, EdgeKind.CALLS)


# -- references and locals ------------------------------------------------------------------------

CODE = """\
package p;

import java.util.List;

class Main extends Base {
    int count;
    static int total;
    Main() { this(1); }
    Main(int start) { super(start); count = start; }

    void run(List<String> names, int n) {
        helper();
        this.helper();
        super.run();
        Main.total = n;
        int local = count + total;
        names.forEach(x -> use(x, local));
        new Main(2).helper();
        Runnable r = this::helper;
        java.util.function.Supplier<Main> s = Main::new;
        Outer.this.value = 1;
        items.add(local);
        for (String name : names) { print(name); }
        try { } catch (RuntimeException e) { log(e); }
    }
    private int items() { return count; }
}
"""


def test_call_texts() -> None:
    extraction = java(CODE)
    calls = refs(extraction, EdgeKind.CALLS)
    assert {
        ("Main.Main", "this"), ("Main.Main", "super"),
        ("Main.run", "helper"), ("Main.run", "this.helper"), ("Main.run", "super.run"),
        ("Main.run", "use"), ("Main.run", "names.forEach"), ("Main.run", "Main"),
        ("Main.run", "items.add"), ("Main.run", "print"), ("Main.run", "log"),
    } <= calls
    new_main = next(r for r in extraction.refs if r.kind is EdgeKind.CALLS and r.text == "Main" and r.constructs
                    and r.span[0] == 18)
    assert new_main.span == (18, 12, 18, 16)
    # a call on a created object: through the type it creates (``ScopedRules._chain``), at the method's name
    chained = next(r for r in extraction.refs if r.kind is EdgeKind.CALLS and r.text == "new Main().helper")
    assert chained.head_known and chained.span == (18, 20, 18, 26)
    method_ref = next(r for r in extraction.refs if r.text == "this.helper" and r.span[0] == 19)
    assert method_ref.kind is EdgeKind.CALLS
    constructor_ref = next(r for r in extraction.refs if r.text == "Main" and r.span[0] == 20 and r.constructs)
    assert constructor_ref.kind is EdgeKind.CALLS


def value_uses(extraction: Extraction) -> set[tuple[str, str, str]]:
    """(scope, text, role) of every value use (``Extraction.values``)."""
    return {(extraction.symbols[scope].qualname if scope else "", text, "write" if role == WRITE else "read")
            for text, scope, role, _flags, _span in extraction.values.entries()}


def test_value_uses_and_their_locals() -> None:
    extraction = java(CODE)
    values = value_uses(extraction)
    assert {("Main.Main", "count", "write"), ("Main.Main", "start", "read"), ("Main.run", "Main.total", "write"),
            ("Main.run", "count", "read"), ("Main.run", "total", "read"),
            ("Main.run", "Outer.value", "write"),  # ``Outer.this.value``
            ("Main.run", "items", "read"),  # a receiver read as a value
            ("Main.run", "local", "read"), ("Main.run", "x", "read"), ("Main.run", "e", "read")} <= values
    # a called method's name is the call's, no value use; the locals' own tokens are declarations
    assert not {text for _, text, _ in values} & {"helper", "use", "forEach", "add", "print", "log"}
    declared = {(local.name, local.kind.value) for local in extraction.declarations}
    assert declared >= {("names", "parameter"), ("n", "parameter"), ("local", "variable"), ("x", "parameter"),
                        ("r", "variable"), ("s", "variable"), ("name", "variable"), ("e", "variable")}


def test_locals() -> None:
    extraction = java(CODE)
    assert locals_of(extraction, "Main.run") == {"names", "n", "local", "x", "r", "s", "name", "e"}
    constructors = [i for i, s in enumerate(extraction.symbols) if s.qualname == "Main.Main"]
    assert [extraction.locals.get(i, frozenset()) for i in constructors] == [frozenset(), {"start"}]


def test_imports() -> None:
    source = """\
package p;
import a.b.C;
import a.b.*;
import static a.b.C.max;
import static a.b.C.*;
class X {}
"""
    imports = [(i.module, i.names, i.star) for i in java(source).imports]
    assert imports == [
        ("a.b.C", (("C", "C"),), False),
        ("a.b", (), True),
        ("a.b.C.max", (("max", "max"),), False),
        ("a.b.C", (), True),
    ]


def test_syntax_error_is_recorded_and_extraction_goes_on() -> None:
    extraction = java("class A {\n  void f( {\n  }\n  void g() {}\n}\n")
    assert extraction.errors and extraction.errors[0].startswith("syntax error at line 2")
    assert "A.g" in symbols(extraction)


# -- resolution ----------------------------------------------------------------------------------------

PROJECT = {
    "src/com/acme/model/Base.java": """\
package com.acme.model;

public abstract class Base implements Named {
    protected int size;
    public Base(int size) { this.size = size; }
    public void save() { }
    public abstract String name();
    public static final String PREFIX = "x";
    public static void audit() { }
}
""",
    "src/com/acme/model/Named.java": """\
package com.acme.model;

public interface Named { String name(); }
""",
    "src/com/acme/model/Item.java": """\
package com.acme.model;

public class Item extends Base {
    public Item() { super(1); }
    @Override public String name() { save(); return PREFIX + size; }
    @Override public String toString() { return name(); }
    public static class Part { }
    static void audit() { }
}
""",
    "src/com/acme/app/App.java": """\
package com.acme.app;

import com.acme.model.*;
import com.acme.model.Item.Part;
import static com.acme.model.Base.audit;
import java.util.List;

public class App {
    List<Item> items;
    Part part;
    void run() {
        Item item = new Item();
        audit();
        com.acme.model.Base.audit();
        item.name();
        size();
    }
    int size() { return 0; }
}
""",
}


def test_resolution_across_packages(tmp_path: Path) -> None:
    graph = project(tmp_path, PROJECT)
    item = "src/com/acme/model/Item.java::Item"
    base = "src/com/acme/model/Base.java::Base"
    run = "src/com/acme/app/App.java::App.run"
    assert edges(graph, item, EdgeKind.INHERITS) == {(base, Resolution.RESOLVED)}
    assert edges(graph, base, EdgeKind.IMPLEMENTS) == {("src/com/acme/model/Named.java::Named",
                                                        Resolution.RESOLVED)}
    # inherited members are in scope inside methods; fields and methods are told apart
    name = f"{item}.name"
    assert (f"{base}.save", Resolution.RESOLVED) in edges(graph, name, EdgeKind.CALLS)
    assert edges(graph, name, EdgeKind.REFERENCES) >= {(f"{base}.PREFIX", Resolution.RESOLVED),
                                                       (f"{base}.size", Resolution.RESOLVED)}
    # super(…) calls the superclass's only constructor
    assert edges(graph, f"{item}.Item", EdgeKind.CALLS) == {(f"{base}.Base", Resolution.RESOLVED)}
    # overrides: in the project, and outside it (java.lang.Object) as unresolved
    assert edges(graph, name, EdgeKind.OVERRIDES) == {(f"{base}.name", Resolution.RESOLVED)}
    assert edges(graph, f"{item}.toString", EdgeKind.OVERRIDES) == {
        ("src/com/acme/model/Item.java::java.lang.Object.toString", Resolution.UNRESOLVED)
    }
    # a static method hides, it does not override
    assert edges(graph, f"{item}.audit", EdgeKind.OVERRIDES) == set()
    calls = edges(graph, run, EdgeKind.CALLS)
    assert (f"{item}.Item", Resolution.RESOLVED) in calls  # new Item(): its one constructor
    assert (f"{base}.audit", Resolution.RESOLVED) in calls  # static import and qualified name
    assert ("src/com/acme/app/App.java::App.size", Resolution.RESOLVED) in calls
    part = "src/com/acme/model/Item.java::Item.Part"
    assert edges(graph, "src/com/acme/app/App.java::App.part", EdgeKind.REFERENCES) == {(part, Resolution.RESOLVED)}
    assert ("src/com/acme/app/App.java::java.util.List", Resolution.UNRESOLVED) in edges(
        graph, "src/com/acme/app/App.java::App.items", EdgeKind.REFERENCES)


def test_package_import_points_at_the_files_used(tmp_path: Path) -> None:
    graph = project(tmp_path, PROJECT)
    imports = edges(graph, "src/com/acme/app/App.java", EdgeKind.IMPORTS)
    assert ("src/com/acme/model/Item.java", Resolution.RESOLVED) in imports
    assert ("src/com/acme/model/Base.java", Resolution.RESOLVED) in imports
    assert ("src/com/acme/model/Named.java", Resolution.RESOLVED) not in imports  # not used
    assert ("src/com/acme/app/App.java::java.util.List", Resolution.UNRESOLVED) in imports


def test_typed_receivers_resolve_and_unknown_ones_are_ambiguous_among_methods_only(tmp_path: Path) -> None:
    graph = project(tmp_path, PROJECT)
    run = "src/com/acme/app/App.java::App.run"
    typed = next(r for r in graph.relations if r.source == run and r.text == "item.name")
    assert typed.resolution is Resolution.RESOLVED  # ``Item item = new Item()``: through Item
    assert typed.target == "src/com/acme/model/Item.java::Item.name"
    files = dict(PROJECT)
    files["src/com/acme/app/App.java"] = files["src/com/acme/app/App.java"].replace(
        "Item item = new Item();", "var item = items.get(0);"
    )
    graph = project(tmp_path / "untyped", files)
    relation = next(r for r in graph.relations if r.source == run and r.text == "item.name")
    assert relation.resolution is Resolution.AMBIGUOUS
    assert set(relation.candidates) == {
        "src/com/acme/model/Base.java::Base.name", "src/com/acme/model/Item.java::Item.name",
        "src/com/acme/model/Named.java::Named.name",
    }


def test_constructor_targets(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "A.java": "class A { A() {} A(int x) { this(); } void f() { new A(); new B(); new C(1); } }\n",
        "B.java": "class B { B(String s) {} }\n",
        "C.java": "class C { C(int x) {} C(String s) {} static C make(A a) { return new C(a.g()); } }\n",
    })
    assert edges(graph, "A.java::A.A#2", EdgeKind.CALLS) == {("A.java::A.A", Resolution.RESOLVED)}
    # one constructor: it; several: the one that accepts the call's argument count and types (``1``: an int)
    assert edges(graph, "A.java::A.f", EdgeKind.CALLS) == {("A.java::A.A", Resolution.RESOLVED),
                                                         ("B.java::B.B", Resolution.RESOLVED),
                                                         ("C.java::C.C", Resolution.RESOLVED)}
    # where the argument's type is not told (a call's result), the class
    assert ("C.java::C", Resolution.RESOLVED) in edges(graph, "C.java::C.make", EdgeKind.CALLS)


def test_anonymous_class_implementing_a_project_interface(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "I.java": "interface I { void go(); }\n",
        "U.java": "class U { I i = new I() { public void go() {} }; }\n",
    })
    anonymous = "U.java::U.$1"
    assert edges(graph, anonymous, EdgeKind.IMPLEMENTS) == {("I.java::I", Resolution.RESOLVED)}
    assert edges(graph, anonymous, EdgeKind.INHERITS) == set()
    assert edges(graph, f"{anonymous}.go", EdgeKind.OVERRIDES) == {("I.java::I.go", Resolution.RESOLVED)}


def test_shared_scope_is_the_files_of_the_same_package() -> None:
    from codeknit.resolve.api import ModuleIndex
    from codeknit.resolve.resolver import rules_for

    rules = rules_for("java", set())
    for path, source in [("a/A.java", "package p; class A {}"), ("a/B.java", "package p; class B {}"),
                         ("c/C.java", "package q; class C {}")]:
        assert rules.register(java(source, path)) == []
    assert rules.shared_scope("a/A.java", ModuleIndex()) == ["a/B.java"]
    assert rules.shared_scope("c/C.java", ModuleIndex()) == []


def test_java_lang_in_the_project_is_imported_implicitly(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "java/lang/Thing.java": "package java.lang;\npublic class Thing { }\n",
        "java/util/User.java": "package java.util;\nclass User { Thing t; String s; }\n",
    })
    assert edges(graph, "java/util/User.java::User.t", EdgeKind.REFERENCES) == {
        ("java/lang/Thing.java::Thing", Resolution.RESOLVED)
    }
    assert edges(graph, "java/util/User.java::User.s", EdgeKind.REFERENCES) == {
        ("java/util/User.java::java.lang.String", Resolution.UNRESOLVED)
    }


# -- the engine's plain-name shortcut ------------------------------------------------------------

_VALUES = """package p;
class Outer {
    int value; int[] list = {1}; Runnable r = () -> helper(value);
    static int helper(int x) { return x; }
    class Inner {
        int value;
        void run(Outer o) {
            value = Outer.this.value + this.value + o.value + Outer.this.list[0] + o.list.length;
            Outer . this . value ++;
            int n = helper(o.value) + java.lang.Math.abs(value) + super.hashCode();
            Inner.this.value = n;
        }
    }
}
"""


def _every_value_read_by_chain(source: bytes, path: str) -> Extraction:
    """The extraction with the engine's shortcut off: every value capture read by ``chain()``."""
    from codeknit.languages.java.adapter import JavaAdapter

    class SlowJava(JavaAdapter):
        plain_value_types = frozenset()
        plain_chain_types = frozenset()

    return SlowJava().extract(path, source)


def test_plain_names_recorded_by_the_engine_are_what_chain_reads() -> None:
    """Names and plain member chains are recorded by the engine without ``chain()`` (with their owner from
    ``value_scope``: a use in a field's initialiser is the field's), but for chains through ``Outer.this``."""
    sources = [("p/Outer.java", _VALUES.encode())]
    sources += [(str(file), file.read_bytes()) for folder in ("golden/java/input", "resolution/java")
                for file in sorted((Path(__file__).resolve().parents[1] / folder).rglob("*.java"))]
    for path, source in sources:
        fast, slow = extract(path, "java", source), _every_value_read_by_chain(source, path)
        assert fast.values == slow.values, path
    values = java(_VALUES)
    texts = {text for text, *_ in values.values.entries()}
    assert {"Outer.value", "Outer.list", "this.value", "o.value", "Inner.value"} <= texts
    assert not any(".this" in text for text in texts)
    owners = {(text, values.symbols[scope].qualname) for text, scope, _role, _flags, span in values.values.entries()
              if span[0] == 3}
    assert ("value", "Outer.r") in owners  # (a use in a field's initialiser is the field's)


def test_an_overload_with_other_parameters_overrides_nothing(tmp_path: Path) -> None:
    """``overrides`` was matched by name: ``Sub.make(Class<?>)`` "overrode" ``Base.make(Type)``. Another count of
    parameters, or another type that is no type parameter, is an overload; a type parameter may stand for the
    subclass's type (``put(T)`` in ``Base<T>``, ``put(String)`` in ``Sub extends Base<String>``)."""
    (tmp_path / "Base.java").write_text(
        "class Base<T> {\n  String make(java.lang.reflect.Type t) { return \"\"; }\n  void put(T item) {}\n"
        "  void add(int a) {}\n  String name() { return \"\"; }\n}\n")
    (tmp_path / "Sub.java").write_text(
        "class Sub extends Base<String> {\n  String make(Class<?> c) { return \"\"; }\n  void put(String item) {}\n"
        "  void add(int a, int b) {}\n  String name() { return \"s\"; }\n}\n")
    graph = codeknit.index(tmp_path)
    overrides = {(r.source.rpartition("::")[2], r.target.rpartition("::")[2])
                 for r in graph.relations if r.kind is EdgeKind.OVERRIDES}
    assert overrides == {("Sub.put", "Base.put"), ("Sub.name", "Base.name")}
