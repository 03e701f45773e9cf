package geo.other

class Logger {
  def log(msg: String): Unit = ()
}
