package geo.app

import geo.shapes._
import geo.util.{Logger, Format => Fmt}
import geo.missing.Widget
//         ^ unresolved: geo.missing.Widget from -
import scala.collection.mutable.ListBuffer

object Main {
  private val logger = new Logger
  //                       ^ defined: geo/util/Log.scala:3
  private var cached: Circle = unit()
  //                  ^ defined: geo/shapes/Circle.scala:4
  //                           ^ defined: geo/shapes/package.scala:4

  def main(args: Array[String]): Unit = {
    val c = new Circle(1.0)
    //          ^ defined: geo/shapes/Circle.scala:4
    c.area
    //^ defined: geo/shapes/Circle.scala:5
    c.describe()
    //^ defined: geo/shapes/Shape.scala:5
    c.name()
    //^ defined: geo/shapes/Circle.scala:6
    c.self()
    //^ defined: geo/shapes/Shape.scala:11
    val s: Shape = c
    //     ^ defined: geo/shapes/Shape.scala:3
    s.area
    //^ defined: geo/shapes/Shape.scala:4
    s.origin.dist(Point(1, 2))
    //       ^ defined: geo/shapes/Point.scala:4
    //            ^ defined: geo/shapes/Point.scala:3
    val p = Point(3, 4)
    p.dist(p)
    //^ defined: geo/shapes/Point.scala:4
    val z = Point.zero()
    //            ^ defined: geo/shapes/Point.scala:8
    z.dist(p)
    //^ defined: geo/shapes/Point.scala:4
    val w = c.self()
    w.name()
    //^ defined: geo/shapes/Shape.scala:10
    Fmt.num(1.0)
    //  ^ defined: geo/util/Log.scala:8
    logger.log("x")
    //     ^ defined: geo/util/Log.scala:4
    cached.center.dist(p)
    //            ^ defined: geo/shapes/Point.scala:4
    val buf = new ListBuffer[Circle]()
    //            ^ unresolved: scala.collection.mutable.ListBuffer from scala.collection.mutable.ListBuffer
    //                       ^ defined: geo/shapes/Circle.scala:4
    buf.append(c)
    //  ^ unresolved: scala.collection.mutable.ListBuffer.append from scala.collection.mutable.ListBuffer
    Widget.make()
    //     ^ unresolved: geo.missing.Widget.make from -
    println("x")
  //^ unresolved: println from -
  }

  def run(shape: Shape, log: Logger): Unit = {
    shape.describe()
    //    ^ defined: geo/shapes/Shape.scala:5
    log.log("y")
    //  ^ defined: geo/util/Log.scala:4
    val logger = new geo.other.Logger
    //                         ^ defined: geo/other/Log.scala:3
    logger.log("z")
    //     ^ defined: geo/other/Log.scala:4
  }

  def local(): Unit = {
    import geo.other.Logger
    val l = new Logger()
    //          ^ defined: geo/other/Log.scala:3
    l.log("q")
    //^ defined: geo/other/Log.scala:4
  }
}
