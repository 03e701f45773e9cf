package geo.uses

// A cast names the type of the value: a member of it is that type's member.
class Disc {
  val radius = 1

  def area(): Int = 3
}

object Casts {
  def measure(x: Any): Int = {
    val a = x.asInstanceOf[Disc].area()
    //                           ^ defined: geo/uses/Casts.scala:7
    val c = (x.asInstanceOf[Disc]).radius
    //                             ^ value: geo/uses/Casts.scala:5
    a + c
  }
}
