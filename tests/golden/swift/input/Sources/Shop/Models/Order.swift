import Foundation

public enum Status {
    case open
    case paid
    case shipped
}

public struct Line {
    let sku: String
    let quantity: Int
    let price: Int

    func total() -> Int {
        return quantity * price
    }
}

/// An order of lines.
public final class Order: Entity, Comparable {
    private var lines: [Line] = []
    public private(set) var status: Status = .open
    let created = Date()

    public func add(_ line: Line) -> Order {
        lines.append(line)
        return self
    }

    public func total() -> Int {
        return lines.reduce(0) { $0 + $1.total() }
    }

    override public func validate() -> Bool {
        return !lines.isEmpty && !isNew()
    }

    public static func < (lhs: Order, rhs: Order) -> Bool {
        return lhs.total() < rhs.total()
    }

    func pay() {
        status = .paid
    }
}

extension Order: CustomStringConvertible {
    public var description: String {
        return "order \(id)"
    }
}

extension Order {
    func isPaid() -> Bool {
        return status == .paid
    }
}

public typealias Orders = [Order]
