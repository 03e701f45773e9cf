package geo.text

import org.outside.transaction
import q.Other

// Inside an extension, its receiver is the nearest implicit receiver: a bare name is the receiver type's member
// before a top-level name of the file or package. Where the spec lists the members of an outside type (String,
// ByteArray, Int, List …), a name it has is that member (``length``) and one it lacks is looked up as before.
val length = 3
val width = 4

fun String.measured() = length
//                      ^ unresolved: kotlin.String.length from kotlin

fun String.spread() = width
//                    ^ value: geo/text/Names.kt::width

// A member extension: the receiver's member first, then the enclosing class's (its dispatch receiver). Where the
// receiver is a project type without the name, the class's member is the one; where it is a type from outside
// whose members nobody lists, that type's own member of the name may come first: the class's is a candidate, as
// inside with(other) { … }.
class Card

class Panel {
    fun helper() {}

    fun Card.draw() { helper() }
    //                ^ defined: geo/text/Names.kt::Panel.helper

    fun Other.draw() { helper() }
    //                 ^ ambiguous: geo/text/Names.kt::Panel.helper

    fun String.draw() { helper() }
    //                  ^ defined: geo/text/Names.kt::Panel.helper

    fun show(other: Other, card: Card, text: String) {
        with(other) { helper() }
        //            ^ ambiguous: geo/text/Names.kt::Panel.helper
        with(card) { helper() }
        //           ^ defined: geo/text/Names.kt::Panel.helper
        with(text) { helper() }
        //           ^ defined: geo/text/Names.kt::Panel.helper
    }
}

// ``this`` in a lambda given to a function from outside the project that the spec does not list: the lambda may
// have a receiver (the syntax does not say), which comes before the enclosing class's instance; a lambda of a
// listed function without one (``forEach``) keeps the class's ``this``.
class Repo {
    fun exec() {}

    fun store() = transaction { this.exec() }
    //                               ^ ambiguous: geo/text/Names.kt::Repo.exec

    fun each() = listOf(1).forEach { this.exec() }
    //                                    ^ defined: geo/text/Names.kt::Repo.exec
}
