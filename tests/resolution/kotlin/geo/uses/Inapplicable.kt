package geo.uses

// A member of an implicit receiver is taken only where the call fits it: ``require(ok) { … }`` passes two
// arguments, which ``Source.require(byteCount: Long)`` does not accept, so it is the default import's.
class Source {
    fun require(byteCount: Long) = byteCount > 0
}

fun Source.fill(count: Long) {
    require(count)
    // ^ defined: geo/uses/Inapplicable.kt::Source.require
    require(count > 0) { "negative" }
    // ^ unresolved: kotlin.require
}
