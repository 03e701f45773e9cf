package geo.util

class Logger {
  def log(msg: String): Unit = ()
}

object Format {
  def num(d: Double): String = d.toString
}
