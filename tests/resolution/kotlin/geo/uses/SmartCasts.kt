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

// A test of ``this`` smart casts the implicit receiver: where ``this is T`` holds, ``this`` is a ``T`` (a bare
// name is its member first; one it lacks is looked up as before).
open class Shape {
    fun area(): Int = 0
}

interface Sized {
    fun span(): Int = 1
}

class Square : Shape() {
    val side: Int = 1
    fun diagonal(): Int = 2
}

fun Shape.measure(): Int {
    when (this) {
        is Square -> diagonal()
        //           ^ defined: geo/uses/SmartCasts.kt::Square.diagonal
    }
    if (this is Square) {
        this.diagonal()
        //   ^ defined: geo/uses/SmartCasts.kt::Square.diagonal
        println(side)
        //      ^ value: geo/uses/SmartCasts.kt::Square.side
        area()
        // ^ defined: geo/uses/SmartCasts.kt::Shape.area
    }
    if (this is Sized) {
        this.area()
        //   ^ defined: geo/uses/SmartCasts.kt::Shape.area
        this.span()
        //   ^ defined: geo/uses/SmartCasts.kt::Sized.span
    }
    if (this is Square && diagonal() > 0) return 1
    //                    ^ defined: geo/uses/SmartCasts.kt::Square.diagonal
    if (this !is Square) return area()
    //                          ^ defined: geo/uses/SmartCasts.kt::Shape.area
    return diagonal()
    //     ^ defined: geo/uses/SmartCasts.kt::Square.diagonal
}

open class Node {
    fun visit(): Int {
        if (this is Leaf) return weight()
        //                       ^ defined: geo/uses/SmartCasts.kt::Leaf.weight
        return 0
    }
}

class Leaf : Node() {
    fun weight(): Int = 1
}

// A test of ``this@Outer`` is of the labelled receiver, not of the innermost ``this``: an inner class's own member
// stays the one a bare name and ``this.`` reach.
open class Frame {
    inner class Pane {
        fun corner(): Int = 3
        fun f() {
            if (this@Frame is Window) {
                corner()
                // ^ defined: geo/uses/SmartCasts.kt::Frame.Pane.corner
                this.corner()
                //   ^ defined: geo/uses/SmartCasts.kt::Frame.Pane.corner
            }
        }
    }
}

class Window : Frame() {
    fun corner(): Int = 4
}
