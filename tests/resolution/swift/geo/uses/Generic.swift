// A construction written with type arguments calls the initialiser and types the local; a parameter of an
// opaque (``some P``) or existential (``any P``) type is a value of the protocol.
protocol Measured {
    func size() -> Int
}

final class Holder<T> {
    var value: T
    init(value: T) { self.value = value }
    func open() -> T { return value }
}

func make() -> Int {
    let b = Holder<Int>(value: 2)
    //      ^ defined: geo/uses/Generic.swift:9
    return b.open()
    //       ^ defined: geo/uses/Generic.swift:10
}

func total(of s: some Measured, or t: any Measured) -> Int {
    return s.size() + t.size()
    //       ^ defined: geo/uses/Generic.swift:4
    //                  ^ defined: geo/uses/Generic.swift:4
}
