import Foundation

/// Something stored with an id.
public protocol Identified {
    var id: Int { get }
    func isNew() -> Bool
}

/// The base of every stored thing.
open class Entity: Identified {
    public let id: Int
    static let noID = 0

    public init(id: Int) {
        self.id = id
    }

    public func isNew() -> Bool {
        return id == Entity.noID
    }

    open func validate() -> Bool {
        return true
    }
}
