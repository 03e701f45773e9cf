// a fluent builder: each call's receiver is the previous call's result, so a chain of calls nests as
// deep as it is long (the chain reader once stopped after six calls and left the rest unknown)
final class Query {
    func filter(_ field: String) -> Query { return self }
    func and(_ field: String) -> Query { return self }
    func sorted(by field: String) -> Query { return self }
    func limit(_ count: Int) -> Query { return self }
    func offset(_ count: Int) -> Query { return self }
    func page(_ size: Int) -> Query { return self }
    func distinct() -> Query { return self }
    func build() -> String { return "" }
}

func report() -> String {
    return Query().filter("a").and("b").and("c").sorted(by: "d").limit(10).offset(5).page(2).distinct().build()
    //                                                                                        ^ defined: geo/uses/Query.swift:10
    //                                                                                                   ^ defined: geo/uses/Query.swift:11
    //                                                                      ^ defined: geo/uses/Query.swift:8
}
