package geo.uses

// A primary constructor's modifier or annotation on the line after the class's name (okio, kotlinx.coroutines
// write ``internal constructor`` so): the class keeps its body, and its methods are its own.
annotation class Inject

fun drain(): Int = 0

class Sink
internal constructor(private val size: Int) {
    fun drain(): Int = size

    fun flush(): Int = drain()
    //                 ^ defined: geo/uses/Modifiers.kt:11
}

class Pipe
private constructor(val depth: Int) {
    fun drain(): Int = depth

    fun flush(): Int = drain() + depth
    //                 ^ defined: geo/uses/Modifiers.kt:19
    //                           ^ value: geo/uses/Modifiers.kt:18
}

class Tap
@Inject constructor(val rate: Int) {
    fun drain(): Int = rate

    fun flush(): Int = drain()
    //                 ^ defined: geo/uses/Modifiers.kt:28
}

fun outside(): Int = drain()
//                   ^ defined: geo/uses/Modifiers.kt:7

class Valve
// a comment between the name and the constructor
/** and a KDoc */
internal actual constructor(
    @JvmField actual val bore: Int,
    internal actual val seat: Int,
) {
    fun drain(): Int = bore + seat

    fun flush(): Int = drain()
    //                 ^ defined: geo/uses/Modifiers.kt:44
}
