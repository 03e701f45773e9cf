package geo
package shapes

class Circle(val radius: Double) extends Base with Ordered[Circle] {
  override def area: Double = 3.14 * radius * radius
  override def name(): String = super.name() + "circle"
  val center: Point = Point.zero()
  def compare(that: Circle): Int = 0
}
