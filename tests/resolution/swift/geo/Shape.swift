protocol Shape {
    func area() -> Double
}

extension Shape {
    func describe() -> String {
        return "area \(area())"
        //              ^ defined: geo/Shape.swift:2
    }
}
