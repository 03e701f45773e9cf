import Foundation

final class Main {
    private let name: String

    init(name: String) {
        self.name = name
    }

    func run(shape: Shape) {
        let c = Circle(radius: 2)
        //      ^ defined: geo/Circle.swift:4
        _ = c.area()
        //    ^ defined: geo/Circle.swift:8
        _ = c.describe()
        //    ^ defined: geo/Shape.swift:6
        _ = c.scaled(by: 2).area()
        //                  ^ defined: geo/Circle.swift:8
        _ = c.doubled()
        //    ^ defined: geo/Circle.swift:25
        _ = shape.area()
        //        ^ defined: geo/Shape.swift:2
        _ = Circle.unit().radius
        //         ^ defined: geo/Circle.swift:19
        let p = Origin.point()
        //             ^ defined: geo/Point.swift:11
        _ = p.dist(p)
        //    ^ defined: geo/Point.swift:5
        print(name)
        //^ unresolved: Swift.print from Swift
        let started = Date()
        //            ^ unresolved: Foundation.Date from Foundation
        [shape].forEach { $0.describe() }
        //                   ^ ambiguous: geo/Shape.swift:6
        _ = started
    }
}
