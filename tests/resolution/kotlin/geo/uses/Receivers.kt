package geo.uses

// Inside a lambda with a receiver, ``this`` and bare names are the receiver's (its members before the enclosing
// class's and the file's), where the receiver is known: with's argument, the receiver of apply and run,
// buildString's StringBuilder, the declared receiver type of a project parameter (``Page.() -> Unit``).
// let/also/takeIf keep ``this`` (their lambda gets ``it``). A name no member of the receiver may be (the spec
// lists StringBuilder's) is looked up further out; where the receiver's members are not known (a type from
// outside the project, or none the syntax says), a member of the enclosing class is only a candidate.
class Panel(val title: String) {
    fun draw(): Int = 1
    fun close() {}
}

class Page {
    fun header() {}
    fun draw(): Int = 2
}

fun page(init: Page.() -> Unit): Page = Page().apply(init)

class Screen {
    val title: String = ""
    fun draw(): Int = 3
    fun close() {}
    fun header() {}
    fun refresh() {}

    fun show(panel: Panel, maybe: Panel?) {
        with(panel) {
            this.draw()
            //   ^ defined: geo/uses/Receivers.kt::Panel.draw
            draw()
            // ^ defined: geo/uses/Receivers.kt::Panel.draw
            refresh()
            // ^ defined: geo/uses/Receivers.kt::Screen.refresh
            println(title)
            //      ^ value: geo/uses/Receivers.kt::Panel.title
            println(this.title)
            //           ^ value: geo/uses/Receivers.kt::Panel.title
        }
        println(title)
        //      ^ value: geo/uses/Receivers.kt::Screen.title
        panel.apply { close() }
        //            ^ defined: geo/uses/Receivers.kt::Panel.close
        panel.run { this.close() }
        //                ^ defined: geo/uses/Receivers.kt::Panel.close
        panel.also { close() }
        //           ^ defined: geo/uses/Receivers.kt::Screen.close
        panel.let { this.close() }
        //               ^ defined: geo/uses/Receivers.kt::Screen.close
        maybe?.takeIf { it.title.isEmpty() }?.draw()
        run { draw() }
        //    ^ defined: geo/uses/Receivers.kt::Screen.draw
        page {
            header()
            // ^ defined: geo/uses/Receivers.kt::Page.header
            this.draw()
            //   ^ defined: geo/uses/Receivers.kt::Page.draw
            close()
            // ^ defined: geo/uses/Receivers.kt::Screen.close
        }
        buildString {
            append(title)
            // ^ unresolved: kotlin.text.StringBuilder.append from kotlin.text
            this.append("a")
            //   ^ unresolved: kotlin.text.StringBuilder.append from kotlin.text
            header()
            // ^ defined: geo/uses/Receivers.kt::Screen.header
            title.let { append(it) }
            //          ^ unresolved: kotlin.text.StringBuilder.append from kotlin.text
        }
        Page().apply { header() }.run {
            draw()
            // ^ defined: geo/uses/Receivers.kt::Page.draw
        }
        with(panel) {
            with(Page()) {
                draw()
                // ^ defined: geo/uses/Receivers.kt::Page.draw
                close()
                // ^ defined: geo/uses/Receivers.kt::Panel.close
                this@with.header()
                //        ^ defined: geo/uses/Receivers.kt::Page.header
            }
        }
    }

    fun unknown(maybe: Panel?, other: dynamicThing) {
        other.apply {
            draw()
            // ^ ambiguous: geo/uses/Receivers.kt::Screen.draw
            this.close()
            //   ^ unresolved: dynamicThing.close
        }
        (maybe ?: Panel("")).apply {
            this.close()
            //   ^ ambiguous: geo/uses/Receivers.kt::Panel.close, geo/uses/Receivers.kt::Screen.close
            refresh()
            // ^ ambiguous: geo/uses/Receivers.kt::Screen.refresh
        }
    }
}

// A type named where its package also has a function of its name (a factory) is the type: a value of it has its
// members (not an unknown that makes every name in with(gauge) a guess).
class Gauge(val size: Int)

fun Gauge(text: String): Gauge = Gauge(text.length)

fun measure(gauge: Gauge): Int = with(gauge) { size }
//                 ^ defined: geo/uses/Receivers.kt::Gauge
//                                             ^ value: geo/uses/Receivers.kt::Gauge.size

// A local function inside a lambda with a receiver sees that receiver too (before the enclosing class).
class Crate(val weight: Int) {
    fun pack() {}
}

class Shelf {
    val weight: Int = 0
    fun pack() {}

    fun load(crate: Crate): Int {
        with(crate) {
            fun heavy() = weight > 10
            //            ^ value: geo/uses/Receivers.kt::Crate.weight
            fun wrap() {
                pack()
                // ^ defined: geo/uses/Receivers.kt::Crate.pack
                this.pack()
                //   ^ defined: geo/uses/Receivers.kt::Crate.pack
            }
            wrap()
            return if (heavy()) 1 else 0
        }
    }

    fun outside(): Int {
        fun light() = weight
        //            ^ value: geo/uses/Receivers.kt::Shelf.weight
        return light()
    }
}

// A local extension function inside such a lambda: its own receiver is nearer than the lambda's.
fun describe(crate: Crate) = with(crate) {
    fun Shelf.stow() {
        pack()
        // ^ defined: geo/uses/Receivers.kt::Shelf.pack
    }
    Shelf().stow()
}

// A lambda's own label names its receiver: this@lit in b.run lit@{ … } is b.
class Tray {
    val weight: Int = 0

    fun labels(crate: Crate, items: List<Int>) {
        crate.run lit@{ println(this@lit.weight) }
        //                                ^ value: geo/uses/Receivers.kt::Crate.weight
        with(crate, other@{ this@other.pack() })
        //                             ^ defined: geo/uses/Receivers.kt::Crate.pack
        with(crate) inner@{ Page().apply { this@inner.pack() } }
        //                                            ^ defined: geo/uses/Receivers.kt::Crate.pack
        items.forEach each@{ if (it > 0) return@each }
    }
}

// A receiver typed by a type parameter has its upper bound's members (<T : Builder>, where T : Builder); an
// unbounded one is unknown.
interface Builder {
    fun char(c: Char)
}

fun <T : Builder> T.alternatives(vararg others: T.() -> Unit, primary: T.() -> Unit) {}

fun <T> T.later(block: T.() -> Unit) where T : Builder {}

fun <T> T.anything(block: T.() -> Unit) {}

fun <T : Builder> T.twice() {
    char('x')
    // ^ defined: geo/uses/Receivers.kt::Builder.char
}

class Writer {
    fun char(c: Char) {}

    fun write(b: Builder) {
        b.alternatives({ char('a') }) { char('b') }
        //               ^ defined: geo/uses/Receivers.kt::Builder.char
        //  ^ defined: geo/uses/Receivers.kt::alternatives
        b.later { char('c') }
        //        ^ defined: geo/uses/Receivers.kt::Builder.char
        b.anything { char('d') }
        //           ^ ambiguous: geo/uses/Receivers.kt::Writer.char
    }
}
