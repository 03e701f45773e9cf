package geo.uses

import geo.shapes.Point
//                ^ import: geo/shapes/Point.kt::Point
import geo.uses.Limits.MAX
//                     ^ import: geo/uses/Limits.kt::Limits.MAX

class Counter<T>(start: Int) {
    var count = start
    //          ^ local: 8
    var label: String = ""
        set(value) {
            field = value
            //      ^ local: 12
        }
    val doubler = Limits::twice
    //                    ^ defined: geo/uses/Limits.kt::Limits.twice

    fun step(item: T, other: Point) {
    //             ^ defined: geo/uses/Counter.kt::Counter.T
    //       ^ declares: parameter
        count = count + MAX
        // ^ write: geo/uses/Counter.kt::Counter.count
        //      ^ value: geo/uses/Counter.kt::Counter.count
        //              ^ value: geo/uses/Limits.kt::Limits.MAX
        this.count++
        //   ^ write: geo/uses/Counter.kt::Counter.count
        Limits.used += Limits.MAX
        //     ^ write: geo/uses/Limits.kt::Limits.used
        //                    ^ value: geo/uses/Limits.kt::Limits.MAX
        label = "x"
        // ^ write: geo/uses/Counter.kt::Counter.label
        val seen = other.x
        //               ^ value: geo/shapes/Point.kt::Point.x
        register(::reset)
        //         ^ defined: geo/uses/Counter.kt::Counter.reset
        val task = this::reset
        run(task)
        //  ^ local: 37
        val f = { count: Int -> count + seen }
        //        ^ declares: parameter
        //                      ^ local: 40
        //                              ^ local: 33
        use(count)
        //  ^ value: geo/uses/Counter.kt::Counter.count
        for (label in listOf("a")) {
            use(label)
            //  ^ local: 46
        }
        use(label)
        //  ^ value: geo/uses/Counter.kt::Counter.label
        try {
            reset()
        } catch (count: Exception) {
            use(count)
            //  ^ local: 54
        }
        listOf(1).forEach { use(it) }
        val count = 1
        use(count)
        //  ^ local: 59
        use(doubler)
        //  ^ value: geo/uses/Counter.kt::Counter.doubler
    }

    fun reset() {
        count = 0
        // ^ write: geo/uses/Counter.kt::Counter.count
    }

    fun register(callback: Any) {}
    fun run(r: Any) {}
    fun use(value: Any) {}
}
