package geo.uses

// A cast names the type of the value: a member of it is that type's member.
class Disc {
    val radius = 1

    fun area(): Int = 3
}

fun measure(x: Any): Int {
    val a = (x as Disc).area()
    //                  ^ defined: geo/uses/Casts.kt:7
    val b = (x as? Disc)!!.area()
    //                     ^ defined: geo/uses/Casts.kt:7
    val c = (x as Disc).radius
    //                  ^ value: geo/uses/Casts.kt:5
    return a + b + c
}

fun total(discs: List<Disc>): Int {
    var t = 0
    for (d in discs) {
        t += d.area()
        //     ^ defined: geo/uses/Casts.kt:7
    }
    return t
}

fun lambdas(discs: List<Disc>): List<Int> {
    discs.forEach { d -> d.area() }
    //                     ^ defined: geo/uses/Casts.kt:7
    return discs.filter { d -> d.radius > 0 }.map { it.area() }
    //                           ^ value: geo/uses/Casts.kt:5
}

fun implicit(discs: List<Disc>, one: Disc?): Int {
    var t = 0
    discs.forEach { t += it.area() }
    //                      ^ defined: geo/uses/Casts.kt:7
    one?.let { t += it.radius }
    //                 ^ value: geo/uses/Casts.kt:5
    return t
}
