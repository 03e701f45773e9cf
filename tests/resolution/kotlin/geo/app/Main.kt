package geo.app

import geo.shapes.*
import geo.util.Logger
import geo.util.format as fmt
import geo.missing.Widget
//                 ^ unresolved: geo.missing.Widget from -

class Main(private val logger: Logger) {
    fun run(shape: Shape) {
        val c = Circle(2.0)
        //      ^ defined: geo/shapes/Circle.kt:3
        c.area()
        //^ defined: geo/shapes/Circle.kt:4
        c.describe()
        //^ defined: geo/shapes/Shape.kt:6
        c.scaled(2.0).area()
        //            ^ defined: geo/shapes/Circle.kt:4
        shape.area()
        //    ^ defined: geo/shapes/Shape.kt:4
        Circle.unit().radius
        //     ^ defined: geo/shapes/Circle.kt:11
        val p = Origin.point()
        //             ^ defined: geo/shapes/Point.kt:8
        p.dist(p)
        //^ defined: geo/shapes/Point.kt:4
        p.shifted(1)
        //^ defined: geo/shapes/Point.kt:11
        logger.log(fmt(c.area()))
        //     ^ defined: geo/util/Log.kt:4
        //         ^ defined: geo/util/Log.kt:7
        println("done")
        //^ unresolved: kotlin.io.println from kotlin.io
        Widget.make()
        //     ^ unresolved: geo.missing.Widget.make from -
        listOf(shape).forEach { it.describe() }
        //                         ^ ambiguous: geo/shapes/Shape.kt:6
        val other = geo.other.Logger()
        //                    ^ defined: geo/other/Log.kt:3
        other.log("z")
        //    ^ defined: geo/other/Log.kt:4
    }
}
