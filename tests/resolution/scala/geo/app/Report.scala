package geo.app

import geo.shapes.{Circle, Point}

object Format {
  def num(d: Double): String = ""
}

class Report extends Circle(2.0) {
  //                 ^ defined: geo/shapes/Circle.scala:4
  override def area: Double = super.area * 2
  //           ^ overrides: geo/shapes/Circle.scala:5
  //                                ^ defined: geo/shapes/Circle.scala:5
  override def name(): String = Format.num(radius)
  //           ^ overrides: geo/shapes/Circle.scala:6
  //                                   ^ defined: geo/app/Report.scala:6
  //                                       ^ defined: geo/shapes/Circle.scala:4
  def where(): Point = center
  //           ^ defined: geo/shapes/Point.scala:3
  //                   ^ defined: geo/shapes/Circle.scala:7
}
