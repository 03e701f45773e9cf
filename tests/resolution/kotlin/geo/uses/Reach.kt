package geo.uses

// An extension (function or property) needs a value of its receiver type: a bare name reaches it only through an
// implicit receiver of that type (or a subtype): an extension's receiver, a lambda's, a class's own instance, or
// ``this`` smart cast. Elsewhere it is no candidate: the name is looked up further out, or is unresolved.
open class Parcel {
    fun weigh(): Int = 0
}
class Crate2 : Parcel() {
    fun pack() = heft()
    //           ^ defined: geo/uses/Reach.kt::heft
}

val Parcel.heft: Int get() = 1
fun Parcel.stamp(): Int = 2
fun <T> T.tagged(): Int = 3

class Courier {
    fun visit() = heft()
    //            ^ unresolved
    fun weight() = heft + 1
    //             ^ none
    fun visit2() = stamp()
    //             ^ unresolved
    fun visit3() = tagged()
    //             ^ defined: geo/uses/Reach.kt::tagged
    fun visit4(parcel: Parcel) = with(parcel) { stamp() }
    //                                          ^ defined: geo/uses/Reach.kt::stamp
    fun Parcel.inExtension() = stamp()
    //                         ^ defined: geo/uses/Reach.kt::stamp
    fun visit5() = route()
    //             ^ defined: geo/uses/ReachRoute.kt::route
}

fun Parcel.route(): Int = 4

fun loose() = stamp()
//            ^ unresolved

// A project function's parameter of a suspending function type with a receiver gives its lambda that receiver
// (``suspend Parcel.() -> Unit``).
fun deliver(block: suspend Parcel.() -> Unit) {}

class Dispatcher {
    fun weigh(): Int = 1
    fun send() = deliver { weigh() }
    //                     ^ defined: geo/uses/Reach.kt::Parcel.weigh
}
