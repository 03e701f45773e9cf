// A subscript reads what it indexes: ``byName[key]`` is a read of the property, no call of it.
final class Registry {
    private var byName: [String: Int] = [:]
    var names: [String] = []

    func lookup(_ key: String) -> Int {
        let n = byName[key] ?? 0
        //      ^ value: geo/uses/Subscripts.swift::Registry.byName
        return n + (names[0].isEmpty ? 0 : 1)
        //          ^ value: geo/uses/Subscripts.swift::Registry.names
    }

    func first() -> String {
        return self.names[0]
        //          ^ value: geo/uses/Subscripts.swift::Registry.names
    }
}
