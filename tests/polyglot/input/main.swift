final class SwiftMain {
    func compute() -> Int {
        return only_here()
    }
}
