package geo.uses

// Overloads a call's argument count tells apart (its first argument list): only those that accept as many
// arguments stay. A repeated parameter (``xs: Int*``) takes any number more, none too; a parameter with a
// default may be left out; a block is one argument. Of overloads that accept as many, the argument types would
// choose, which codeknit does not weigh.
class Meter {
  def add(n: Int): Int = n
  def add(n: Int, m: Int): Int = n + m
  def add(label: String, n: Int, m: Int, more: Int*): Int = n

  def scale(n: Int, by: Int = 2): Int = n * by
  def scale(unit: String): Int = 0

  def use(made: Meter): Int = {
    val one = add(1)
    //        ^ defined: geo/uses/Overloads.scala::geo.uses.Meter.add
    val two = made.add(1, 2)
    //             ^ defined: geo/uses/Overloads.scala::geo.uses.Meter.add#2
    val many = add("x", 1, 2, 3, 4) + add("y", 1, 2)
    //         ^ defined: geo/uses/Overloads.scala::geo.uses.Meter.add#3
    //                                ^ defined: geo/uses/Overloads.scala::geo.uses.Meter.add#3
    val scaled = scale(1, 3) + scale(1)
    //           ^ defined: geo/uses/Overloads.scala::geo.uses.Meter.scale
    //                         ^ ambiguous: geo/uses/Overloads.scala::geo.uses.Meter.scale, geo/uses/Overloads.scala::geo.uses.Meter.scale#2
    one + two + many + scaled
  }
}
