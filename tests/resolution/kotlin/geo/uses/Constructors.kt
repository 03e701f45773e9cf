package geo.uses

// A call that names a class calls one of its constructors: the primary one (the class stands for it) or a
// secondary one, told apart by the call's argument count; where several accept as many, the class stands for
// them all. ``this(…)``/``super(…)`` delegation calls choose the same way (the calling constructor left out).
open class Span(val start: Int, val end: Int, val label: String = "") {
    constructor(length: Int) : this(0, length)
    //                         ^ defined: geo/uses/Constructors.kt::Span
    constructor(a: Int, b: Int, c: Int, vararg more: Int) : this(a, b + c + more.size)
    //                                                      ^ defined: geo/uses/Constructors.kt::Span
    constructor() : this(1)
    //              ^ defined: geo/uses/Constructors.kt::Span.constructor
}

class Wide : Span {
    constructor(a: Int, b: Int) : super(a, b, "w", 4)
    //                            ^ defined: geo/uses/Constructors.kt::Span.constructor#2
    constructor(a: Int) : super(a)
    //                    ^ defined: geo/uses/Constructors.kt::Span.constructor
    constructor() : this(1, 2)
    //              ^ defined: geo/uses/Constructors.kt::Wide.constructor
}

// no primary constructor: the secondary ones are the only constructors
class Halves {
    constructor(a: Int)
    constructor(a: Int, b: Int)
}

// only a primary constructor: the class, whatever the count
class Plain(val n: Int)

// no constructor written: the default one, which takes no arguments
class Bare

fun makeSpans(): Int {
    val one = Span(5)
    //        ^ defined: geo/uses/Constructors.kt::Span.constructor
    val two = Span(1, 2)
    //        ^ defined: geo/uses/Constructors.kt::Span
    val three = Span(1, 2, 3)
    //          ^ defined: geo/uses/Constructors.kt::Span
    val none = Span()
    //         ^ defined: geo/uses/Constructors.kt::Span.constructor#3
    val four = Span(1, 2, 3, 4)
    //         ^ defined: geo/uses/Constructors.kt::Span.constructor#2
    val h1 = Halves(1)
    //       ^ defined: geo/uses/Constructors.kt::Halves.constructor
    val h2 = Halves(1, 2)
    //       ^ defined: geo/uses/Constructors.kt::Halves.constructor#2
    val plain = Plain(1).n + Plain(1, 2).n
    //          ^ defined: geo/uses/Constructors.kt::Plain
    //                       ^ defined: geo/uses/Constructors.kt::Plain
    val bare = Bare()
    //         ^ defined: geo/uses/Constructors.kt::Bare
    val made = ::Span
    //           ^ defined: geo/uses/Constructors.kt::Span
    return one.end + two.end + three.end + none.end + four.end + plain + made(1, 2, "").end + h1.hashCode() +
        h2.hashCode() + bare.hashCode()
}

// a class and a function of its name (a factory): the call's argument count tells them apart, the class's
// secondary constructors counted with its primary one
class Meter(val value: Int) {
    constructor() : this(0)
}

fun Meter(text: String, unit: String): Meter = Meter(text.length + unit.length)

fun measure(): Int {
    val zero = Meter()
    //         ^ defined: geo/uses/Constructors.kt::Meter.constructor
    val one = Meter(1)
    //        ^ defined: geo/uses/Constructors.kt::Meter
    val parsed = Meter("1", "m")
    //           ^ defined: geo/uses/Constructors.kt::Meter#2
    return zero.value + one.value + parsed.value
}
