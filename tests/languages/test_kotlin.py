"""Kotlin: what the goldens and the resolution fixtures do not show."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeknit
from codeknit.graph import EdgeKind, Resolution
from codeknit.languages import registry
from codeknit.languages.adapters import extract
from codeknit.languages.records import Extraction
from codeknit.workspace import detect_language, is_test_file
from codeknit.workspace.manifests import parse_manifest


def kotlin(source: str, path: str = "a/b.kt") -> Extraction:
    return extract(path, "kotlin", source.encode())


def symbols(extraction: Extraction) -> dict[str, tuple[str, dict[str, object]]]:
    return {s.qualname: (s.kind.value, dict(s.properties)) for s in extraction.symbols[1:]}


def test_the_language_is_one_folder_the_registry_finds() -> None:
    spec = registry.spec_for("kotlin")
    assert registry.aliases()["kt"] == "kotlin"
    assert detect_language("src/Main.kt") == "kotlin"
    assert detect_language("build.gradle.kts") is None
    assert spec.scip_name == "Kotlin" and spec.purl_type == "maven"
    assert is_test_file("src/main/kotlin/a/FooTest.kt", "kotlin")
    assert not is_test_file("src/main/kotlin/a/Foo.kt", "kotlin")


def test_kinds_and_properties() -> None:
    found = symbols(kotlin("""package p

sealed interface Shape
enum class Color { RED }
annotation class Marker
object Registry {
    fun find(id: Int): Int = id
}
data class User(val name: String, private var age: Int = 0) {
    companion object {
        const val ADULT = 18
        fun guest(): User = User("guest")
    }
    constructor(age: Int) : this("anonymous", age)
}
fun String.shout(): String = uppercase()
"""))
    assert found["Shape"] == ("interface", {"exported": True, "sealed": True})
    assert found["Color"][0] == "enum" and found["Color.RED"][0] == "enum_member"
    assert found["Marker"][0] == "annotation"
    assert found["Registry"] == ("class", {"exported": True, "object": True})
    assert found["Registry.find"][0] == "method"
    assert found["User"] == ("class", {"exported": True, "data": True})
    assert found["User.name"] == ("property", {"val": True})
    assert found["User.age"] == ("property", {"visibility": "private", "var": True})
    # a companion object's members are the class's
    assert found["User.ADULT"] == ("constant", {"companion": True, "const": True, "val": True})
    assert found["User.guest"] == ("method", {"companion": True})
    assert found["User.constructor"][0] == "constructor"
    assert found["shout"] == ("function", {"exported": True, "extension": "String"})


def test_imports_of_every_form() -> None:
    extraction = kotlin("""package p

import a.b.C
import a.b.C as D
import a.b.*
import a.b.Holder.Companion.VALUE
""")
    imports = [(i.module, i.names, i.star) for i in extraction.imports]
    assert imports == [
        ("a.b.C", (("C", "C"),), False),
        ("a.b.C", (("C", "D"),), False),
        ("a.b", (), True),
        ("a.b.Holder.VALUE", (("VALUE", "VALUE"),), False),
    ]


def test_a_broken_file_still_gives_its_symbols() -> None:
    extraction = kotlin("class A {\n    fun ok() = 1\n    fun broken( = 2\n}\n")
    assert extraction.errors and extraction.errors[0].startswith("syntax error at line 3")
    assert "A.ok" in symbols(extraction)


@pytest.mark.parametrize("modifier", ["internal constructor", "private constructor", "@Inject constructor",
                                      "// a comment\n/** a KDoc\n */\ninternal actual constructor"])
def test_a_primary_constructors_modifier_on_the_next_line(modifier: str) -> None:
    """``class Sink`` then ``internal constructor(…) { … }`` on the next line (okio, kotlinx.coroutines): the class
    keeps its body (the grammar ends it at its name, and read its methods as top-level functions: a mask of the
    modifiers and keyword repairs it, see ``KotlinAdapter.grammar_gaps``)."""
    extraction = kotlin(f"class Sink\n{modifier}(private val size: Int) {{\n"
                        "    fun drain(): Int = size\n"
                        "    fun flush(): Int = drain()\n"
                        "}\n")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["Sink.drain"][0] == found["Sink.flush"][0] == "method"
    assert found["Sink.size"][0] == "property"
    assert "drain" not in found
    flush = next(i for i, s in enumerate(extraction.symbols) if s.name == "flush")
    assert [r.text for r in extraction.refs if r.scope == flush and r.kind is EdgeKind.CALLS] == ["drain"]


def test_actual_on_a_constructor_property_after_a_modifier() -> None:
    """Kotlin Multiplatform's ``internal actual val`` and ``@JvmField actual val`` in a primary constructor (okio):
    properties of the class, no syntax error."""
    extraction = kotlin("class Path(\n    internal actual val bytes: Int,\n    @JvmField actual val sink: Int,\n) {\n"
                        "    fun size(): Int = bytes\n}\n")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["Path.bytes"][0] == found["Path.sink"][0] == "property"
    assert found["Path.size"][0] == "method"


def test_a_range_up_to_its_end_is_no_syntax_error() -> None:
    """Kotlin 1.9's ``0..<n``, which the grammar does not know: masked, the file has no error, and the range's
    bound is still a use of the parameter (a ``..<`` in a string is left as it is)."""
    extraction = kotlin("class Ring(private val items: IntArray) {\n"
                        "    fun sum(n: Int): Int {\n"
                        "        var s = 0\n"
                        "        for (i in 0..<n) s += items[i]\n"
                        "        return s + \"0..<n\".length\n"
                        "    }\n"
                        "}\n")
    assert not extraction.errors
    assert "Ring.sum" in symbols(extraction)
    sum_scope = next(i for i, s in enumerate(extraction.symbols) if s.name == "sum")
    assert {"n", "s", "i"} <= extraction.locals[sum_scope]
    assert ("n", 4) in {(extraction.values.texts[t], line) for t, line in
                        zip(extraction.values.rows[0::8], extraction.values.rows[4::8], strict=True)}


def test_a_class_literal_is_a_use_of_the_type_not_a_call() -> None:
    """``Foo::class`` (in ``@OptIn(Marker::class)``, ``register(Foo::class)``) names the class: a reference, no
    call of its constructor; a callable reference (``::make``, ``Foo::make``) stays a call."""
    extraction = kotlin("""package p
class Foo
fun make(): Foo = Foo()
fun use() = listOf(register(Foo::class), Foo::class.simpleName, ::make, Foo::make)
""")
    use = next(i for i, s in enumerate(extraction.symbols) if s.name == "use")
    mine = [(r.kind, r.text) for r in extraction.refs if r.scope == use and r.text in ("Foo", "make", "Foo.make")]
    assert mine == [(EdgeKind.REFERENCES, "Foo"), (EdgeKind.REFERENCES, "Foo"), (EdgeKind.CALLS, "make"),
                    (EdgeKind.CALLS, "Foo.make")]


@pytest.mark.parametrize("annotations", ["@OptIn(Marker::class)", "@Suppress(\"x\") @OptIn(Marker::class)"])
def test_a_top_level_annotation_with_arguments_is_its_functions(annotations: str) -> None:
    """``@OptIn(Marker::class)`` on the line before a top-level ``fun`` with no other modifier: the grammar reads it
    as an expression statement beside the function. It is the function's: a decorator, and the class literal in its
    arguments the function's use (they were the module's)."""
    extraction = kotlin(f"package p\nannotation class Marker\n{annotations}\nfun register(): Int = 1\n")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["register"][1]["decorators"] == tuple(annotations.replace("(\"x\")", "").replace(
        "(Marker::class)", "").replace("@", "").split())
    register = next(i for i, s in enumerate(extraction.symbols) if s.name == "register")
    assert {(r.scope, r.kind, r.text) for r in extraction.refs if r.text in ("OptIn", "Marker")} == {
        (register, EdgeKind.DECORATES, "OptIn"), (register, EdgeKind.REFERENCES, "Marker")}


def test_locals_are_typed_by_declaration_and_initialiser() -> None:
    extraction = kotlin("""class C {
    fun run(user: User, count: Int) {
        val a = make()
        val b: Repo = Repo()
        var c = Thing(1)
        val d = listOf(1).size
    }
}
""")
    run = next(i for i, s in enumerate(extraction.symbols) if s.name == "run")
    assert extraction.var_types[run] == {"user": "User", "count": "Int", "a": "make()", "b": "Repo",
                                         "c": "Thing()"}
    assert extraction.locals[run] == frozenset({"user", "count", "a", "b", "c", "d"})


def test_gradle_build_scripts_are_manifests() -> None:
    name, deps = parse_manifest("build.gradle.kts", b"""
dependencies {
    implementation("com.squareup.okio:okio:3.7.0")
    api("g:ranged:[1.0,2.0)")
    testImplementation("org.junit.jupiter:junit-jupiter:5.10.+")
    compileOnly("g:opt:$version")
    implementation(project(":core"))
    kapt("g:processor:1.0")
}
""")
    assert name == ""
    assert [(d.name, d.version, d.constraint, d.scope) for d in deps] == [
        ("com.squareup.okio:okio", "3.7.0", "3.7.0", "runtime"),
        ("g:ranged", None, "[1.0,2.0)", "runtime"),
        ("org.junit.jupiter:junit-jupiter", None, "5.10.+", "dev"),
        ("g:processor", "1.0", "1.0", "dev"),
    ]
    _, groovy = parse_manifest("build.gradle", b"dependencies {\n  implementation 'g:n:2.0'\n}\n")
    assert [(d.name, d.version) for d in groovy] == [("g:n", "2.0")]


def test_extension_functions_see_their_receiver(tmp_path: Path) -> None:
    (tmp_path / "Order.kt").write_text("""package shop

class Order {
    var status: Int = 0
    fun pay() {}
}

fun Order.isPaid(): Boolean = status == 1

fun Order.settle() {
    this.pay()
}

fun check(order: Order, orders: List<Order>) {
    order.isPaid()
    orders.forEach { it.isPaid() }
}
""")
    graph = codeknit.index(tmp_path)
    edges = {(r.source.split("::")[-1], r.kind, r.text): (r.resolution, r.target.split("::")[-1], r.candidates)
             for r in graph.relations}
    assert edges[("isPaid", EdgeKind.REFERENCES, "status")] == (Resolution.RESOLVED, "Order.status", ())
    assert edges[("settle", EdgeKind.CALLS, "this.pay")] == (Resolution.RESOLVED, "Order.pay", ())
    # a call the receiver's type does not declare, where the project's one extension of that name is on that
    # type (the project sees all of Order's members): the extension
    assert edges[("check", EdgeKind.CALLS, "order.isPaid")] == (Resolution.RESOLVED, "isPaid", ())
    # ``it`` in a lambda given to ``forEach`` of a ``List<Order>`` is an ``Order``: the same there (one relation)
    [relation] = [r for r in graph.relations if r.source.endswith("::check") and r.kind is EdgeKind.CALLS
                  and r.target == "Order.kt::isPaid"]
    assert relation.resolution is Resolution.RESOLVED
    assert [span[0] for span in relation.spans] == [15, 16]


def test_constructors_record_their_arity_and_delegation_calls() -> None:
    """A class is its primary constructor: its arity is the parameters' (a default may be left out, a ``vararg``
    takes any number); a class without one takes no arguments unless it declares secondary constructors (then
    it has no arity: it is no constructor). ``: this(…)``/``: super(…)`` are calls with their argument count."""
    extraction = kotlin("""package p
class A(val x: Int, y: String = "", vararg z: Int) {
    constructor(a: Int, b: Int) : this(a, "", b)
}
class B(x: Int, y: Int = 2)
class C
class D : A {
    constructor(a: Int) : super(a, a)
}
object O
interface I
""")
    arity = {s.qualname: s.arity for s in extraction.symbols[1:] if s.kind.category.value in ("type", "callable")}
    assert arity == {"A": (1, -1), "A.constructor": (2, 2), "B": (1, 2), "C": (0, 0), "D": None,
                     "D.constructor": (1, 1), "O": None, "I": None}
    calls = [(r.text, r.arguments, extraction.symbols[r.scope].qualname) for r in extraction.refs
             if r.kind is EdgeKind.CALLS]
    assert calls == [("this", 3, "A.constructor"), ("super", 2, "D.constructor")]


def test_actual_declarations_are_linked_to_their_expect_ones(tmp_path: Path) -> None:
    """An ``actual`` type ``implements`` the ``expect`` one of its name in its package (a typealias too), an
    ``actual`` function or value ``overrides`` it (overloads told apart by their parameters' types); the members
    of an ``expect class`` are expected without saying so. A declaration only the platform has gets no edge."""
    common = tmp_path / "src" / "commonMain" / "kotlin" / "p"
    jvm = tmp_path / "src" / "jvmMain" / "kotlin" / "p"
    common.mkdir(parents=True)
    jvm.mkdir(parents=True)
    (common / "Api.kt").write_text("""package p

expect class Lock() {
    fun lock(): Boolean
}
expect class Failure(message: String)
expect fun hash(data: ByteArray): Int
expect fun hash(data: String): Int
""")
    (jvm / "Api.jvm.kt").write_text("""package p

actual class Lock actual constructor() {
    actual fun lock(): Boolean = true
    fun unlockAll() {}
}
actual typealias Failure = java.io.IOException
actual fun hash(data: ByteArray): Int = 0
actual fun hash(data: String): Int = 1
""")
    graph = codeknit.index(tmp_path)
    links = sorted((r.source.split("::")[-1], r.kind.value, r.resolution.value, r.target.split("::")[-1])
                   for r in graph.relations if r.source.startswith("src/jvmMain")
                   and r.kind in (EdgeKind.IMPLEMENTS, EdgeKind.OVERRIDES))
    assert links == [("Failure", "implements", "resolved", "Failure"), ("Lock", "implements", "resolved", "Lock"),
                     ("Lock.lock", "overrides", "resolved", "Lock.lock"), ("hash", "overrides", "resolved", "hash"),
                     ("hash#2", "overrides", "resolved", "hash#2")]
    assert all(r.target.startswith("src/commonMain/") for r in graph.relations if r.source.startswith("src/jvmMain")
               and r.kind in (EdgeKind.IMPLEMENTS, EdgeKind.OVERRIDES))
