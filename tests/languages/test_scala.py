"""The Scala adapter and rules: symbols, signatures, properties, references, imports and resolution."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import adapter_for, extract
from codeknit.languages.engine import grammar_language, load_query_text
from codeknit.languages.records import WRITE, Extraction, RawSymbol

# -- helpers --------------------------------------------------------------------------


def scala(source: str, path: str = "src/A.scala") -> Extraction:
    return extract(path, "scala", source.encode())


def symbols(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def parent_of(extraction: Extraction, symbol: RawSymbol) -> str:
    return extraction.symbols[symbol.parent].qualname if symbol.parent > 0 else ""


def value_uses(extraction: Extraction) -> set[tuple[str, str, str]]:
    """(scope, text, role) of every value use (``Extraction.values``)."""
    return {(extraction.symbols[scope].qualname if scope else "", text, "write" if role == WRITE else "read")
            for text, scope, role, _flags, _span in extraction.values.entries()}


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


# -- registration and packages ---------------------------------------------------------------


def test_adapter_and_query() -> None:
    from tree_sitter import Query

    adapter = adapter_for("scala")
    assert adapter.language == "scala"
    assert adapter.grammars == {"": "tree_sitter_scala"}  # (the official wheel's grammar, not the pack's older one)
    assert Query(grammar_language("tree_sitter_scala"), load_query_text("scala/queries.scm")).pattern_count > 50


def test_package_clauses_nest_and_cover_the_file() -> None:
    source = "package com.acme\npackage util\n\nclass A\n"
    extraction = scala(source, "src/main/scala/A.scala")
    assert extraction.symbols[0].name == "src/main/scala/A"
    found = symbols(extraction)
    outer, inner = found["com.acme"], found["com.acme.util"]
    assert (outer.kind, inner.kind) == (SymbolKind.PACKAGE, SymbolKind.PACKAGE)
    assert outer.span == (1, 0, 5, 0) and inner.span == (2, 0, 5, 0)
    assert parent_of(extraction, found["com.acme.util.A"]) == "com.acme.util"


def test_package_block_and_package_object() -> None:
    source = "package a.b {\n  class C\n}\npackage object p { val K = 1 }\n"
    found = symbols(scala(source))
    assert found["a.b"].span == (1, 0, 3, 1)
    assert found["p"].kind is SymbolKind.PACKAGE and found["p"].properties == {"object": True}
    assert (found["p.K"].kind, found["p.K"].properties) == (SymbolKind.VARIABLE, {"exported": True, "val": True})


# -- definitions ------------------------------------------------------------------------------------

DEFS = """\
package p

/** A shape. */
sealed trait Shape[T <: AnyRef] extends Any with Serializable {
  def area: Double
  val name: String = "s"
  var count = 0
  type Key = String
}

case class Circle(r: Double, private val c: Int = 1) extends Shape[String] with Ordered[Circle] {
  override def area: Double = math.Pi * r * r
  implicit val ord: Ordering[Int] = Ordering.Int
  def compare(that: Circle): Int = helper(r)(1).toInt + this.count
  private def helper(x: Double)(implicit y: Int): Double = { val z = x; z }
  def this(s: String) = this(1.0)
}

object Circle {
  def apply(r: Double): Circle = new Circle(r)
  given intOrd: Ordering[Int] = Ordering.Int
}

abstract class Base(x: Int, val y: Int) { def run(): Unit }
final class Impl extends Base(1, 2) { def run(): Unit = { val v = new Runnable { def run(): Unit = () } } }
enum Color { case Red, Green; case Mixed(level: Int) }
class Gen[+A, -B <: AnyRef]
def top(x: Int): Int = x
val (left, right) = (1, 2)
"""


def test_kinds_names_and_signatures() -> None:
    found = symbols(scala(DEFS))
    expected = {
        "p.Shape": (SymbolKind.TRAIT, "Shape[T <: AnyRef]"),
        "p.Shape.T": (SymbolKind.TYPE_PARAMETER, "T <: AnyRef"),
        "p.Shape.area": (SymbolKind.METHOD, "area -> Double"),
        "p.Shape.name": (SymbolKind.FIELD, "name: String"),
        "p.Shape.count": (SymbolKind.FIELD, "count"),
        "p.Shape.Key": (SymbolKind.TYPE_ALIAS, "Key = String"),
        "p.Circle": (SymbolKind.CLASS, "Circle(r: Double, c: Int=…)"),
        "p.Circle.r": (SymbolKind.FIELD, "r: Double"),
        "p.Circle.helper": (SymbolKind.METHOD, "helper(x: Double)(implicit y: Int) -> Double"),
        "p.Circle.this": (SymbolKind.CONSTRUCTOR, "this(s: String)"),
        "p.Circle$": (SymbolKind.CLASS, "Circle$"),
        "p.Circle$.apply": (SymbolKind.METHOD, "apply(r: Double) -> Circle"),
        "p.Circle$.intOrd": (SymbolKind.FIELD, "intOrd: Ordering[Int]"),
        "p.Base": (SymbolKind.CLASS, "Base(x: Int, y: Int)"),
        "p.Base.y": (SymbolKind.FIELD, "y: Int"),
        "p.Impl.run.$1": (SymbolKind.CLASS, "$1: Runnable"),
        "p.Color": (SymbolKind.ENUM, "Color"),
        "p.Color.Red": (SymbolKind.ENUM_MEMBER, "Red"),
        "p.Color.Mixed": (SymbolKind.ENUM_MEMBER, "Mixed(level: Int)"),
        "p.Gen.A": (SymbolKind.TYPE_PARAMETER, "+A"),
        "p.Gen.B": (SymbolKind.TYPE_PARAMETER, "-B <: AnyRef"),
        "p.top": (SymbolKind.FUNCTION, "top(x: Int) -> Int"),
        "p.left": (SymbolKind.VARIABLE, "left"),
        "p.right": (SymbolKind.VARIABLE, "right"),
    }
    for qualname, (kind, signature) in expected.items():
        assert (found[qualname].kind, found[qualname].signature) == (kind, signature), qualname
    assert "p.Base.x" not in found  # a plain class parameter is not a field


def test_properties_and_docs() -> None:
    found = symbols(scala(DEFS))
    assert found["p.Shape"].properties == {"exported": True, "sealed": True}
    assert found["p.Shape"].doc == "A shape."
    assert found["p.Shape.area"].properties == {"abstract": True}
    assert found["p.Shape.count"].properties == {"var": True}
    assert found["p.Circle"].properties == {"exported": True, "case": True}
    assert found["p.Circle.c"].properties == {"visibility": "private", "val": True}
    assert found["p.Circle.area"].properties == {"override": True}
    assert found["p.Circle.ord"].properties == {"val": True, "implicit": True}
    assert found["p.Circle$"].properties == {"exported": True, "object": True}
    assert found["p.Circle$.intOrd"].properties == {"given": True}
    assert found["p.Base"].properties == {"exported": True, "abstract": True}
    assert found["p.Impl"].properties == {"exported": True, "final": True}
    assert found["p.Impl.run.$1"].properties == {"anonymous": True}


def test_companion_object_is_its_own_symbol() -> None:
    extraction = scala(DEFS)
    found = symbols(extraction)
    assert parent_of(extraction, found["p.Circle$.apply"]) == "p.Circle$"
    assert parent_of(extraction, found["p.Circle.area"]) == "p.Circle"


def test_references() -> None:
    extraction = scala(DEFS)
    assert refs(extraction, EdgeKind.INHERITS) >= {
        ("p.Shape", "Any"), ("p.Shape", "Serializable"), ("p.Circle", "Shape"), ("p.Circle", "Ordered"),
        ("p.Impl", "Base"), ("p.Impl.run.$1", "Runnable"),
    }
    calls = refs(extraction, EdgeKind.CALLS)
    assert {("p.Circle.compare", "helper"), ("p.Circle$.apply", "Circle"), ("p.Circle.this", "this")} <= calls
    values = value_uses(extraction)
    assert {("p.Circle.area", "math.Pi", "read"), ("p.Circle.area", "r", "read"),
            ("p.Circle.compare", "this.count", "read"), ("p.Circle.ord", "Ordering.Int", "read")} <= values
    assert {local.name for local in extraction.declarations} >= {"x", "y", "z"}
    assert locals_of(extraction, "p.Circle.helper") == {"x", "y", "z"}
    assert "x" in locals_of(extraction, "p.Base")  # a plain class parameter


def test_pattern_and_lambda_locals() -> None:
    source = """\
object O {
  def f(xs: List[Int]) = xs.map(x => x + 1).collect { case Some(k) => k; case n: Int => n; case Red => 0 }
  def g = for (a <- xs; (b, c) = (a, a)) yield a + b + c
  val h = (p: Int, q: Int) => p + q
}
"""
    extraction = scala(source)
    assert locals_of(extraction, "O$.f") == {"xs", "x", "k", "n"}
    assert locals_of(extraction, "O$.g") == {"a", "b", "c"}
    assert locals_of(extraction, "O$.h") == {"p", "q"}


def test_imports() -> None:
    source = """\
import scala.collection.mutable
import com.acme.model.{User, Order => O, Hidden => _, _}
import java.util._
import x.y.{A as B, *}
object Z { import scala.util.Try }
"""
    imports = [(i.scope > 0, i.module, i.names, i.star) for i in scala(source).imports]
    assert imports == [
        (False, "scala.collection.mutable", (("mutable", "mutable"),), False),
        (False, "com.acme.model.User", (("User", "User"),), False),
        (False, "com.acme.model.Order", (("Order", "O"),), False),
        (False, "com.acme.model", (), True),
        (False, "java.util", (), True),
        (False, "x.y.A", (("A", "B"),), False),
        (False, "x.y", (), True),
        (True, "scala.util.Try", (("Try", "Try"),), False),
    ]


def test_syntax_error_is_recorded() -> None:
    extraction = scala("class A {\n  def f(: Int = {\n  def g = 1\n}\n")
    assert extraction.errors and extraction.errors[0].startswith("syntax error")


# -- resolution --------------------------------------------------------------------------------------

PROJECT = {
    "model/Shape.scala": """\
package acme
package model

trait Shape { def area: Double; def name: String = "shape" }

case class Circle(r: Double) extends Shape {
  override def area: Double = r * r
  override def toString: String = name
}

object Circle {
  def apply(d: Int): Circle = new Circle(d.toDouble)
  val Unit = Circle(1)
}
""",
    "package.scala": """\
package object acme {
  def twice(x: Double): Double = x * 2
}
""",
    "app/App.scala": """\
package acme.app

import acme.model.{Circle, Shape}
import acme.twice

class App {
  def run(shapes: Seq[Shape]): Double = {
    val c = Circle(2)
    val d = new Circle(1.0)
    twice(Circle.Unit.area)
  }
  def unit: Circle = Circle.Unit
}
""",
}


def test_resolution_objects_and_packages(tmp_path: Path) -> None:
    graph = project(tmp_path, PROJECT)
    circle = "model/Shape.scala::acme.model.Circle"
    companion = "model/Shape.scala::acme.model.Circle$"
    shape = "model/Shape.scala::acme.model.Shape"
    assert edges(graph, circle, EdgeKind.INHERITS) == {(shape, Resolution.RESOLVED)}
    assert edges(graph, f"{circle}.area", EdgeKind.OVERRIDES) == {(f"{shape}.area", Resolution.RESOLVED)}
    assert edges(graph, f"{circle}.toString", EdgeKind.OVERRIDES) == {
        ("model/Shape.scala::scala.AnyRef.toString", Resolution.UNRESOLVED)
    }
    # a parameterless method read as a value is a call
    assert edges(graph, f"{circle}.toString", EdgeKind.CALLS) == {(f"{shape}.name", Resolution.RESOLVED)}
    run = "app/App.scala::acme.app.App.run"
    calls = edges(graph, run, EdgeKind.CALLS)
    assert (f"{companion}.apply", Resolution.RESOLVED) in calls  # Circle(2): the object's apply
    assert (circle, Resolution.RESOLVED) in calls  # new Circle(1.0): the class
    assert ("package.scala::acme.twice", Resolution.RESOLVED) in calls  # a package object's function
    assert edges(graph, run, EdgeKind.REFERENCES) >= {(shape, Resolution.RESOLVED),
                                                      (f"{companion}.Unit", Resolution.RESOLVED)}
    # a type position names the class, a term position the object
    unit = "app/App.scala::acme.app.App.unit"
    assert edges(graph, unit, EdgeKind.REFERENCES) == {(circle, Resolution.RESOLVED),
                                                       (f"{companion}.Unit", Resolution.RESOLVED)}
    assert edges(graph, "app/App.scala", EdgeKind.IMPORTS) == {
        ("model/Shape.scala", Resolution.RESOLVED), ("package.scala", Resolution.RESOLVED),
    }


def test_override_val_is_linked(tmp_path: Path) -> None:
    graph = project(tmp_path, {
        "T.scala": "trait T { def v: Int; val w: Int = 1 }\n"
                   "class C extends T { override val v: Int = 2; override val w: Int = 3; override val q = 1 }\n",
    })
    assert edges(graph, "T.scala::C.v", EdgeKind.OVERRIDES) == {("T.scala::T.v", Resolution.RESOLVED)}
    assert edges(graph, "T.scala::C.w", EdgeKind.OVERRIDES) == {("T.scala::T.w", Resolution.RESOLVED)}
    assert edges(graph, "T.scala::C.q", EdgeKind.OVERRIDES) == {("T.scala::scala.AnyRef.q", Resolution.UNRESOLVED)}


def test_a_definition_with_its_body_on_the_lines_below_ends_at_its_last_expression() -> None:
    """An indented body's node runs on over the blank lines to the next definition: the symbol ends where
    its text does (a string's closing quote included)."""
    found = symbols(scala("package a\n\nclass A {\n  def one(x: Int): Int =\n    x + 1\n\n"
                          "  def two(x: Int): Int =\n    x + 2\n\n  def three: String = s\"v$one\"\n}\n"))
    assert found["a.A.one"].span == (4, 2, 5, 9)
    assert found["a.A.two"].span == (7, 2, 8, 9)
    assert found["a.A.three"].span == (10, 2, 10, 30)
    assert found["a.A"].span == (3, 0, 11, 1)


def test_a_definition_whose_name_the_grammar_lost_is_no_symbol_of_another_name() -> None:
    """``type = Nothing``: the name is missing, and the grammar's recovery takes ``Nothing`` for it. No symbol
    is better than a type alias called ``Nothing`` (the file is listed under errors)."""
    extraction = scala("package a\n\nobject S {\n  type = Nothing\n  type Ok = Int\n}\n")
    assert extraction.errors
    found = symbols(extraction)
    assert "a.S$.Ok" in found and not any(name.endswith("Nothing") for name in found)


def test_an_operator_type_name_is_a_type_alias() -> None:
    """``type ⊥ = Nothing`` (cats' ``package.scala``): the language pack's grammar knew no operator type name
    and read it as an error; the wheel's grammar reads the alias."""
    extraction = scala("package a\n\nobject S {\n  type ⊥ = Nothing\n  type Ok = Int\n}\n")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["a.S$.⊥"].kind is SymbolKind.TYPE_ALIAS and found["a.S$.⊥"].signature == "⊥ = Nothing"
    assert "a.S$.Ok" in found and not any(name.endswith("Nothing") for name in found)


def test_a_definition_whose_type_and_body_are_on_the_lines_below_is_one_definition(tmp_path: Path) -> None:
    """``implicit def inst`` with ``: T`` and ``= …`` on the lines below (cats' instances are written so): the
    pack's grammar read an abstract declaration and an error; the wheel's grammar reads the definition with
    its body, and a call to it resolves."""
    source = ("package a\n\ntrait Show[A] { def show(x: A): String }\n\nobject A {\n  implicit def inst\n"
              "    : Show[Int]\n    = new Show[Int] { def show(x: Int) = x.toString }\n\n"
              "  def use(): String = inst.show(1)\n}\n")
    extraction = scala(source)
    assert not extraction.errors
    inst = symbols(extraction)["a.A$.inst"]
    assert inst.kind is SymbolKind.METHOD and inst.span == (6, 2, 8, 53)
    assert inst.signature == "inst -> Show[Int]" and inst.declared_type == "Show"
    assert "abstract" not in inst.properties and inst.properties["implicit"] is True
    assert [s.qualname for s in extraction.symbols if s.parent > 0 and extraction.symbols[s.parent] is inst] == [
        "a.A$.inst.$1"]
    graph = project(tmp_path, {"A.scala": source})
    assert ("A.scala::a.A$.inst", Resolution.RESOLVED) in edges(graph, "A.scala::a.A$.use", EdgeKind.CALLS)


def test_an_anonymous_given_with_a_body_parses() -> None:
    """``given Ord[Int] with { … }``: the pack's grammar gave a syntax error here; the wheel's reads it."""
    extraction = scala("package a\n\nobject A {\n  given Ord[Int] with {\n"
                       "    def compare(x: Int, y: Int) = 0\n  }\n}\n")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["a.A$.given_Ord_Int"].properties == {"given": True}
    assert found["a.A$.compare"].kind is SymbolKind.METHOD


def test_an_anonymous_class_of_a_compound_type_is_a_subtype_of_each_part() -> None:
    """``new A(x) with B[T] { … }`` (cats' tuple instances): the pack's grammar read a call of a generic
    function and a block of local functions; the wheel's reads an anonymous class, a subtype of A and B, and
    ``new A(x) with B`` without a body creates an A."""
    extraction = scala("package a\n\nobject O {\n  val a = new A(1) with B[T] with c.C { def g = 2 }\n"
                       "  val b = new A with B { def f = 1 }\n  val e = new A(1) with B\n}\n")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["a.O$.$1"].signature == "$1: A with B[T] with c.C" and found["a.O$.$1.g"].kind is SymbolKind.METHOD
    assert found["a.O$.$2"].signature == "$2: A with B"
    assert refs(extraction, EdgeKind.INHERITS) == {("a.O$.$1", "A"), ("a.O$.$1", "B"), ("a.O$.$1", "c.C"),
                                                   ("a.O$.$2", "A"), ("a.O$.$2", "B")}
    assert ("a.O$.e", "A") in refs(extraction, EdgeKind.CALLS)
    assert not {text for _scope, text in refs(extraction, EdgeKind.REFERENCES)} & {"A", "B", "c.C"}


def test_operator_named_methods_are_definitions() -> None:
    """``def +``, ``def ++``, ``def ::`` (an ``operator_identifier`` name) are methods like any other (scala-library
    has about 900): the calls in their bodies are theirs, not the class's."""
    extraction = scala("package demo\n\nfinal class Num(val v: Long) {\n"
                       "  def +(that: Num): Num = new Num(v + that.v)\n"
                       "  def ++(that: Num): Num = this + that\n"
                       "  def ::(head: Long): Num = new Num(head)\n"
                       "  def unary_- : Num = new Num(-v)\n"
                       "}\ntrait Ops { def <=(x: Int): Boolean }\n")
    found = symbols(extraction)
    for name in ("Num.+", "Num.++", "Num.::", "Num.unary_-", "Ops.<="):
        assert found[f"demo.{name}"].kind is SymbolKind.METHOD, name
    plus = next(i for i, s in enumerate(extraction.symbols) if s.name == "+")
    assert [(r.kind, r.text) for r in extraction.refs if r.scope == plus and r.kind is EdgeKind.CALLS] == [
        (EdgeKind.CALLS, "Num")]


def test_operator_named_types_are_definitions() -> None:
    """``class <:<``, ``object <:<``, ``trait ~>`` (scala-library's typeConstraints.scala, cats' ``~>``): types whose
    members are theirs (they were top-level functions of the package)."""
    found = symbols(scala("package p\nsealed abstract class <:<[-From, +To] {\n  def compose(x: Int): Int = x\n}\n"
                          "object <:< {\n  def refl: Int = 1\n}\ntrait ~>[F, G] { def apply(x: Int): Int }\n"))
    assert found["p.<:<"].kind is SymbolKind.CLASS and found["p.<:<$"].kind is SymbolKind.CLASS
    assert found["p.~>"].kind is SymbolKind.TRAIT
    assert found["p.<:<.compose"].kind is found["p.<:<$.refl"].kind is found["p.~>.apply"].kind is SymbolKind.METHOD
    assert "p.compose" not in found


def test_classes_record_their_primary_constructors_arity_and_new_its_arguments() -> None:
    """A class's arity is its primary constructor's first parameter list (a default may be left out, a repeated
    parameter takes any number; none written: no arguments; an implicit one alone: unknown); ``new`` passes
    as many arguments as its first list (none written: none), ``this(…)`` in an auxiliary constructor too."""
    extraction = scala("""package p
class A(a: Int, b: Int = 1, c: Int*)(implicit d: Int) {
  def this(x: String) = this(1, 2)
}
class B
class C(implicit d: Int)
trait T
object O {
  val made = new A(1, 2, 3)
  val bare = new B
}
""")
    arity = {s.name: s.arity for s in extraction.symbols[1:] if s.kind.category.value in ("type", "callable")}
    assert arity == {"A": (1, -1), "this": (1, 1), "B": (0, 0), "C": None, "T": None, "O$": None}
    calls = [(r.text, r.arguments, r.constructs) for r in extraction.refs if r.kind is EdgeKind.CALLS]
    assert calls == [("this", 2, False), ("A", 3, True), ("B", 0, True)]
