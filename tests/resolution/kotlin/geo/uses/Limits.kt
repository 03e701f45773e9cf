package geo.uses

object Limits {
    const val MAX = 10
    var used = 0

    fun twice(n: Int): Int = n * 2
}
