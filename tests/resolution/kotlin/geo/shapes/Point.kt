package geo.shapes

data class Point(val x: Int, val y: Int) {
    fun dist(other: Point): Double = 0.0
}

object Origin {
    fun point(): Point = Point(0, 0)
}

fun Point.shifted(dx: Int): Point = Point(x + dx, y)
//                                        ^ defined: geo/shapes/Point.kt:3
//                                                ^ defined: geo/shapes/Point.kt:3
