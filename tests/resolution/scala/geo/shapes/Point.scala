package geo.shapes

case class Point(x: Double, y: Double) {
  def dist(other: Point): Double = other.x - x
}

object Point {
  def zero(): Point = new Point(0, 0)
}
