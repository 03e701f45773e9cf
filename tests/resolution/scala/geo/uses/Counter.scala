package geo.uses

import geo.shapes.Point
//                ^ import: geo/shapes/Point.scala::geo.shapes.Point
import geo.uses.Limits.{Max, twice}
//                      ^ import: geo/uses/Limits.scala::geo.uses.Limits$.Max

class Counter[T](start: Int) {
  var count: Int = start
  //               ^ local: 8
  val doubler: Int => Int = Limits.twice
  //                               ^ value: geo/uses/Limits.scala::geo.uses.Limits$.twice

  def step(item: T, other: Point): Unit = {
  //             ^ defined: geo/uses/Counter.scala::geo.uses.Counter.T
  //       ^ declares: parameter
    count = count + Max
    // ^ write: geo/uses/Counter.scala::geo.uses.Counter.count
    //      ^ value: geo/uses/Counter.scala::geo.uses.Counter.count
    //              ^ value: geo/uses/Limits.scala::geo.uses.Limits$.Max
    this.count += 1
    //   ^ write: geo/uses/Counter.scala::geo.uses.Counter.count
    Limits.used += Limits.Max
    //     ^ write: geo/uses/Limits.scala::geo.uses.Limits$.used
    //                    ^ value: geo/uses/Limits.scala::geo.uses.Limits$.Max
    val seen = other.x
    //               ^ value: geo/shapes/Point.scala::geo.shapes.Point.x
    register(twice)
    //       ^ value: geo/uses/Limits.scala::geo.uses.Limits$.twice
    val f = (count: Int) => count + seen
    //       ^ declares: parameter
    //                      ^ local: 30
    //                              ^ local: 26
    use(count)
    //  ^ value: geo/uses/Counter.scala::geo.uses.Counter.count
    for (count <- List(1, 2)) use(count)
    //                            ^ local: 36
    Option(item) match {
      case Some(count) => use(count)
      //                      ^ local: 39
      case _ => use(doubler)
      //            ^ value: geo/uses/Counter.scala::geo.uses.Counter.doubler
    }
    val count2 = count
    //           ^ value: geo/uses/Counter.scala::geo.uses.Counter.count
    use(f)
    f(2)
  //^ local: 30
  }

  def shadow(count: Int): Unit = use(count)
  //                                 ^ local: 51

  def register(callback: Int => Int): Unit = ()
  def use(value: Any): Unit = ()
}
