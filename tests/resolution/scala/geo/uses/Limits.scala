package geo.uses

object Limits {
  val Max = 10
  var used = 0

  def twice(n: Int): Int = n * 2
}
