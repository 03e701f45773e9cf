package geo

package object shapes {
  def unit(): Circle = new Circle(1.0)
}
