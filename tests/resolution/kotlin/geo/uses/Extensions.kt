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
