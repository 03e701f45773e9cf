package geo.uses

// Overloads a call's argument count tells apart: only those that accept as many arguments stay. A vararg takes
// any number more (none too), a parameter with a default value may be left out, a trailing lambda is an
// argument and an extension's receiver is none. Of overloads that accept as many, the argument types would
// choose, which codeknit does not weigh.
class Tally {
    fun add(n: Int) = n
    fun add(n: Int, m: Int) = n + m
    fun add(label: String, n: Int, m: Int, vararg more: Int) = n

    fun scale(n: Int, by: Int = 2) = n * by
    fun scale(unit: String) = 0

    fun each(n: Int) = n
    fun each(n: Int, block: (Int) -> Unit) = n

    fun String.pad(width: Int) = width
    fun String.pad() = 0

    fun use(made: Tally): Int {
        val one = add(1)
        //        ^ defined: geo/uses/Overloads.kt::Tally.add
        val two = made.add(1, m = 2)
        //             ^ defined: geo/uses/Overloads.kt::Tally.add#2
        val many = add("x", 1, 2, 3) + add("y", 1, 2)
        //         ^ defined: geo/uses/Overloads.kt::Tally.add#3
        //                             ^ defined: geo/uses/Overloads.kt::Tally.add#3
        val scaled = scale(1, 3) + scale(1)
        //           ^ defined: geo/uses/Overloads.kt::Tally.scale
        //                         ^ ambiguous: geo/uses/Overloads.kt::Tally.scale, geo/uses/Overloads.kt::Tally.scale#2
        val looped = each(1) { println(it) } + each(2)
        //           ^ defined: geo/uses/Overloads.kt::Tally.each#2
        //                                     ^ defined: geo/uses/Overloads.kt::Tally.each
        // (extensions of an outside type: String may have a member of the name, the calls stay open)
        val padded = "a".pad(4) + "b".pad()
        //               ^ ambiguous: geo/uses/Overloads.kt::Tally.pad
        //                            ^ ambiguous: geo/uses/Overloads.kt::Tally.pad#2
        return one + two + many + scaled + looped + padded
    }
}
