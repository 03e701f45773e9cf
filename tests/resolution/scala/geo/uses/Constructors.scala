package geo.uses

// A class is its primary constructor; ``def this(…)`` declares auxiliary ones. ``new`` (and a plain class's
// ``Span(…)``, Scala 3) names the one that accepts as many arguments as the first list passes (where several
// or none do, the class); ``this(…)`` in an auxiliary constructor chooses the same way, itself left out.
class Span(val start: Int, val end: Int, label: String = "") {
  def this(length: Int) = this(0, length)
  //                      ^ defined: geo/uses/Constructors.scala::geo.uses.Span
  def this(a: Int, b: Int, c: Int, more: Int*) = this(a, b + c + more.size)
  //                                             ^ defined: geo/uses/Constructors.scala::geo.uses.Span
  def this() = {
    this(1)
  //^ defined: geo/uses/Constructors.scala::geo.uses.Span.this
  }
}

// only a primary constructor: the class, whatever the count
class Plain(val n: Int)

// a case class: ``Cell(…)`` is its companion's synthesised ``apply`` (the class stands for it), ``new`` chooses
case class Cell(row: Int, col: Int) {
  def this(index: Int) = this(index / 8, index % 8)
  //                     ^ defined: geo/uses/Constructors.scala::geo.uses.Cell
}

object Spans {
  val one = new Span(5)
  //            ^ defined: geo/uses/Constructors.scala::geo.uses.Span.this
  val two = new Span(1, 2)
  //            ^ defined: geo/uses/Constructors.scala::geo.uses.Span
  val three = new Span(1, 2, 3)
  //              ^ defined: geo/uses/Constructors.scala::geo.uses.Span
  val none = new Span()
  //             ^ defined: geo/uses/Constructors.scala::geo.uses.Span.this#3
  val bare = new Span
  //             ^ defined: geo/uses/Constructors.scala::geo.uses.Span.this#3
  val four = new Span(1, 2, 3, 4)
  //             ^ defined: geo/uses/Constructors.scala::geo.uses.Span.this#2
  val applied = Span(5)
  //            ^ defined: geo/uses/Constructors.scala::geo.uses.Span.this
  val plain = new Plain(1)
  //              ^ defined: geo/uses/Constructors.scala::geo.uses.Plain
  val cell = Cell(1, 2)
  //         ^ defined: geo/uses/Constructors.scala::geo.uses.Cell
  val made = new Cell(9)
  //             ^ defined: geo/uses/Constructors.scala::geo.uses.Cell.this
  val copied = cell.copy(col = 3)
}
