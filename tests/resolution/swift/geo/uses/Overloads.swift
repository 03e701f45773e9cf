// Overloads a call's argument labels tell apart: in order, each argument goes to the next parameter of its
// label, a parameter with a default may be left out, a variadic one takes the unlabelled arguments after its
// first, and a trailing closure fits the next parameter whatever its label. Of overloads whose labels fit, the
// argument types would choose, which codeknit does not weigh.
final class Gauge {
    init() {}
    init(start: Int) { self.init() }
    //                      ^ defined: geo/uses/Overloads.swift::Gauge.init
    init(from other: Gauge) { self.init(start: 1) }
    //                             ^ defined: geo/uses/Overloads.swift::Gauge.init#2

    func add(_ n: Int) -> Int { return n }
    func add(_ n: Int, to m: Int) -> Int { return n + m }
    func add(label: String, _ values: Int...) -> Int { return 0 }

    func scale(_ n: Int, by factor: Int = 2) -> Int { return n * factor }
    func scale(_ unit: String) -> Int { return 0 }

    func visit(_ n: Int, body: (Int) -> Void) -> Int { return n }
    func visit(_ n: Int) -> Int { return n }

    func use(made: Gauge) -> Int {
        let copy = Gauge(start: 3)
        //         ^ defined: geo/uses/Overloads.swift::Gauge.init#2
        let one = add(1)
        //        ^ defined: geo/uses/Overloads.swift::Gauge.add
        let two = made.add(1, to: 2)
        //             ^ defined: geo/uses/Overloads.swift::Gauge.add#2
        let many = add(label: "x", 1, 2, 3) + add(label: "y")
        //         ^ defined: geo/uses/Overloads.swift::Gauge.add#3
        //                                      ^ defined: geo/uses/Overloads.swift::Gauge.add#3
        let scaled = scale(1, by: 3) + scale("m")
        //           ^ defined: geo/uses/Overloads.swift::Gauge.scale
        //                             ^ ambiguous: geo/uses/Overloads.swift::Gauge.scale, geo/uses/Overloads.swift::Gauge.scale#2
        let looped = visit(1) { print($0) } + visit(2)
        //           ^ defined: geo/uses/Overloads.swift::Gauge.visit
        //                                    ^ defined: geo/uses/Overloads.swift::Gauge.visit#2
        return one + two + many + scaled + looped + copy.add(1)
    }
}
