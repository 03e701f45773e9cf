class Circle: Shape {
    let radius: Double

    init(radius: Double) {
        self.radius = radius
    }

    func area() -> Double {
    //   ^ overrides: geo/Shape.swift:2
        return 3.14 * radius * radius
        //            ^ defined: geo/Circle.swift:2
    }

    func scaled(by factor: Double) -> Circle {
        return Circle(radius: radius * factor)
        //     ^ defined: geo/Circle.swift:4
    }

    static func unit() -> Circle {
        return Circle(radius: 1)
    }
}

extension Circle {
    func doubled() -> Circle {
        return scaled(by: 2)
        //     ^ defined: geo/Circle.swift:14
    }
}
