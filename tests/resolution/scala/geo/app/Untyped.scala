package geo.app

import geo.util._
import geo.other._

class Untyped {
  val both: Logger = null
  //        ^ ambiguous: geo/util/Log.scala:3, geo/other/Log.scala:3

  def go(items: Seq[AnyRef]): Unit = items.foreach(x => x.log("a"))
  //                                                      ^ ambiguous: geo/util/Log.scala:4, geo/other/Log.scala:4
}
