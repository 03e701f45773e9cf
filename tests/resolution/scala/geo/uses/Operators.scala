package geo.uses

// Operators are methods named by their symbols (``def +``, ``def ::``): definitions like any other, whose
// uses (``a + b``, read as ``a.+(b)``; ``x :: xs`` as ``xs.::(x)``) are calls where the project defines them.
final class Num(val v: Long) {
  def +(that: Num): Num = new Num(v + that.v)
  //                          ^ defined: geo/uses/Operators.scala::geo.uses.Num
  def ++(that: Num): Num = this + that
  //                            ^ defined: geo/uses/Operators.scala::geo.uses.Num.+
  def ::(head: Long): Num = new Num(head + v)
  def twice: Num = this + this
  //                    ^ defined: geo/uses/Operators.scala::geo.uses.Num.+
  def sum(other: Num): Num = other ++ this
  //                               ^ defined: geo/uses/Operators.scala::geo.uses.Num.++
  def prepend(n: Long): Num = n :: this
  //                            ^ defined: geo/uses/Operators.scala::geo.uses.Num.::
  def isZero: Boolean = v == 0
  //                      ^ none
}
