package geo.shapes

open class Circle(val radius: Double) : Shape {
    override fun area(): Double = 3.14 * radius * radius
    //           ^ overrides: geo/shapes/Shape.kt:4

    fun scaled(factor: Double): Circle = Circle(radius * factor)
    //                                   ^ defined: geo/shapes/Circle.kt:3

    companion object {
        fun unit(): Circle = Circle(1.0)
    }
}
