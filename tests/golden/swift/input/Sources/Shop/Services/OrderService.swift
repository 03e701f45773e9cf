import Foundation
import Logging

/// Keeps orders in a repository.
public final class OrderService {
    private let repository: Repository
    private let logger = Logger(label: "shop")

    public init(repository: Repository) {
        self.repository = repository
    }

    public func place(id: Int) throws -> Order {
        let order = Order(id: id)
        order.add(Line(sku: "sku-1", quantity: 2, price: 500)).add(Line(sku: "sku-2", quantity: 1, price: 250))
        if !order.validate() {
            throw ShopError.invalid(order.description)
        }
        repository.save(order)
        log("placed \(order.id)")
        return order
    }

    public func paid(_ orders: Orders) -> [Order] {
        return orders.filter { $0.isPaid() }
    }

    public func report() -> String {
        return Money.format(repository.all().reduce(0) { $0 + $1.total() })
    }
}

public protocol Repository {
    func save(_ order: Order)
    func all() -> [Order]
}

public final class InMemoryRepository: Repository {
    private var orders: [Order] = []

    public func save(_ order: Order) {
        orders.append(order)
    }

    public func all() -> [Order] {
        return orders
    }
}

public enum ShopError: Error {
    case invalid(String)
}

enum Money {
    static func format(_ cents: Int) -> String {
        return String(format: "%d.%02d", cents / 100, cents % 100)
    }
}

func log(_ message: String) {
    print(message)
}
