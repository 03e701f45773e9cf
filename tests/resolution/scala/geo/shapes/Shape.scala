package geo.shapes

trait Shape {
  def area: Double
  def describe(): String = "shape"
  def origin: Point = Point(0, 0)
}

abstract class Base extends Shape {
  def name(): String = "base"
  def self(): Base = this
}
