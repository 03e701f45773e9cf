package geo.uses

// a fluent builder: each call's receiver is the previous call's result, so a chain of calls nests as
// deep as it is long (the chain reader once stopped after six calls and left the rest unknown)
class Query {
    fun where(field: String): Query = this
    fun and(field: String): Query = this
    fun orderBy(field: String): Query = this
    fun limit(count: Int): Query = this
    fun offset(count: Int): Query = this
    fun page(size: Int): Query = this
    fun distinct(): Query = this
    fun build(): String = ""
}

fun report(): String {
    return Query().where("a").and("b").and("c").orderBy("d").limit(10).offset(5).page(2).distinct().build()
    //                                                                                    ^ defined: geo/uses/Query.kt:12
    //                                                                                               ^ defined: geo/uses/Query.kt:13
    //                                                                  ^ defined: geo/uses/Query.kt:10
}
