import struct Foundation.Date
//                       ^ unresolved: Foundation.Date

final class Counter<T> {
    var count = 0
    var label: String = "" {
        didSet {
            count = 0
            // ^ write: geo/uses/Counter.swift::Counter.count
        }
    }
    let doubler = Limits.twice
    //                   ^ value: geo/uses/Limits.swift::Limits.twice

    func step(item: T, other: Point) {
    //              ^ defined: geo/uses/Counter.swift::Counter.T
    //        ^ declares: parameter
        count = count + Limits.max
        // ^ write: geo/uses/Counter.swift::Counter.count
        //      ^ value: geo/uses/Counter.swift::Counter.count
        //                     ^ value: geo/uses/Limits.swift::Limits.max
        self.count += 1
        //   ^ write: geo/uses/Counter.swift::Counter.count
        Limits.used += Limits.max
        //     ^ write: geo/uses/Limits.swift::Limits.used
        label = "x"
        // ^ write: geo/uses/Counter.swift::Counter.label
        let seen = other.x
        //               ^ value: geo/Point.swift::Point.x
        register(reset)
        //       ^ value: geo/uses/Counter.swift::Counter.reset
        let task = self.reset
        //              ^ value: geo/uses/Counter.swift::Counter.reset
        run(task)
        //  ^ local: 32
        let f = { (count: Int) -> Int in count + seen }
        //         ^ declares: parameter
        //                               ^ local: 36
        //                                       ^ local: 28
        use(count)
        //  ^ value: geo/uses/Counter.swift::Counter.count
        for count in [1, 2] {
            use(count)
            //  ^ local: 42
        }
        do {
            try check()
        } catch let count {
            use(count)
            //  ^ local: 48
        }
        if let label = Optional("y") {
            use(label)
            //  ^ local: 52
        }
        use(label)
        //  ^ value: geo/uses/Counter.swift::Counter.label
        use(doubler)
        //  ^ value: geo/uses/Counter.swift::Counter.doubler
        use(f)
    }

    func shadow(count: Int) {
        use(count)
        //  ^ local: 63
    }

    func reset() {}
    func check() throws {}
    func register(_ callback: () -> Void) {}
    func run(_ r: () -> Void) {}
    func use(_ value: Any) {}
}
