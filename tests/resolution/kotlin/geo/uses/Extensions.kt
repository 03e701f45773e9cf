package geo.uses

// Inside an extension function the receiver is ``this``, an implicit receiver nearer than the enclosing class:
// a bare name is a member of the receiver type before the extension itself, the file's functions and the
// enclosing class's members.
interface Format {
    fun decode(bytes: String, strict: Boolean): String
}

fun Format.decode(bytes: String): String = decode(bytes, true)
//                                         ^ defined: geo/uses/Extensions.kt::Format.decode

fun Format.decodeLoose(text: String): String = decode(text, false)
//                                             ^ defined: geo/uses/Extensions.kt::Format.decode

class Item(val name: String) {
    fun size(): Int = name.length
}

class Builder {
    private val items = mutableListOf<Item>()

    fun size(): Int = items.size

    fun Item.caption(): String = "${this.size()} ${size()} ${name}"
    //                                    ^ defined: geo/uses/Extensions.kt::Item.size
    //                                               ^ defined: geo/uses/Extensions.kt::Item.size
    //                                                        ^ value: geo/uses/Extensions.kt::Item.name

    fun count(): Int = size()
    //                 ^ defined: geo/uses/Extensions.kt::Builder.size

    operator fun (() -> Item).unaryPlus() {
        items += this()
        //       ^ unresolved
    }
}

// An extension property's accessors see its receiver as ``this``, and a bare name there is a member of the
// receiver type first: never the property itself (``Item.label``'s getter reads ``Item.name``), and never a
// same-named extension taken as a fact where the receiver's type is from outside (``String.length`` wins: the
// spec lists String's members, and a member comes before any extension).
val Item.label: String get() = this.name
//                                  ^ value: geo/uses/Extensions.kt::Item.name

val Item.title: String
    get() = name
    //      ^ value: geo/uses/Extensions.kt::Item.name

var Item.weight: Int
    get() = size()
    //      ^ defined: geo/uses/Extensions.kt::Item.size
    set(value) { this.size() }
    //                ^ defined: geo/uses/Extensions.kt::Item.size

val String.length: Int
    get() = length
    //      ^ unresolved: kotlin.String.length from kotlin

val String.chars: Int get() = length
//                            ^ unresolved: kotlin.String.length from kotlin

fun String.twice(): Int = length * 2
//                        ^ unresolved: kotlin.String.length from kotlin

val <K, V> Map.Entry<K, V>.key: K get() = this.key
//                                             ^ unresolved: kotlin.collections.Map.Entry.key from kotlin.collections

// ``this@Outer`` is the labelled class's instance, not the innermost ``this``; ``this@f`` an extension's receiver
class Outer {
    val depth: Int = 1
    fun run() {}

    inner class Inner {
        val depth: Int = 2
        fun outerDepth() = this@Outer.depth
        //                            ^ value: geo/uses/Extensions.kt::Outer.depth
        fun innerDepth() = this.depth
        //                      ^ value: geo/uses/Extensions.kt::Outer.Inner.depth
        fun again() { this@Outer.run() }
        //                       ^ defined: geo/uses/Extensions.kt::Outer.run
    }
}

fun Item.sizes(items: List<Int>) = items.map { this@sizes.size() }
//                                                        ^ defined: geo/uses/Extensions.kt::Item.size

// An extension on a type from outside the project, called on a value of that type: the extension, not a
// member of the outside type (which would hide it).
class Reporter {
    fun report(error: Throwable, text: String): String = error.explain() + text.shout
    //                                                         ^ defined: geo/uses/Extensions.kt::Reporter.explain
    //                                                                          ^ value: geo/uses/Extensions.kt::shout

    private fun Throwable?.explain(): String = "failed"
}

val String.shout: String get() = uppercase()

// A member of an outside value has a type nobody knows: the project's extension of that name on an outside
// type may be what it calls (a candidate), never a member of the outside value taken as a fact.
class Namer {
    fun named(type: Class<*>): String = type.simpleName.cleaned()
    //                                                  ^ ambiguous: geo/uses/Extensions.kt::Namer.cleaned

    private fun String.cleaned(): String = trim()
}
