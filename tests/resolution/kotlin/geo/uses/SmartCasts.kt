package geo.uses

// A test ``x is T`` makes x a T where it holds (a smart cast).
open class Tile {
    fun edge(): Int = 1
}

class Tri : Tile() {
    fun corners(): Int = 3
}

fun describe(x: Any, flag: Boolean): Int {
    if (x is Tri) {
        return x.corners()
        //       ^ defined: geo/uses/SmartCasts.kt:9
    }
    if (x is Tile && x.edge() > 0) {
    //                 ^ defined: geo/uses/SmartCasts.kt:5
        return 1
    }
    if (x !is Tri) {
        return 0
    } else {
        x.corners()
        //^ defined: geo/uses/SmartCasts.kt:9
    }
    return when (x) {
        is Tri -> x.corners()
        //          ^ defined: geo/uses/SmartCasts.kt:9
        else -> when {
            x is Tile -> x.edge()
            //             ^ defined: geo/uses/SmartCasts.kt:5
            else -> 0
        }
    }
}

fun early(x: Any): Int {
    if (x !is Tri) return 0
    return x.corners()
    //       ^ defined: geo/uses/SmartCasts.kt:9
}
