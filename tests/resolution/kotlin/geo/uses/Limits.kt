package geo.uses

object Limits {
    const val MAX = 10
    var used = 0
    fun used(): Int = used
    //                ^ value: geo/uses/Limits.kt:5

    fun twice(n: Int): Int = n * 2
}
