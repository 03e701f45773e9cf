package geo.other

class Logger {
    fun log(msg: String) {}
}
