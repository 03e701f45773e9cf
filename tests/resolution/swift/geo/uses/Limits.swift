enum Limits {
    static let max = 10
    static var used = 0

    static func twice(_ n: Int) -> Int {
        return n * 2
    }
}
