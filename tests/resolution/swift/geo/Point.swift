struct Point {
    var x: Int
    var y: Int

    func dist(_ other: Point) -> Double {
        return 0
    }
}

enum Origin {
    static func point() -> Point {
        return Point(x: 0, y: 0)
        //     ^ defined: geo/Point.swift:1
    }
}
