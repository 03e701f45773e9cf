import Foundation

// the project's extension of a type outside it: its members are that type's
extension URLRequest {
    func bodyBytes() -> Data? {
        return httpBody
    }

    var isPost: Bool { return httpMethod == "POST" }
}

extension String {
    func shout() -> String { return self }
}

class Loud {
    func shout() -> String { return "" }
}

func send(request: URLRequest, text: String) -> Data? {
    if request.isPost {
    //         ^ defined: geo/uses/Outside.swift::URLRequest.isPost
        _ = text.shout()
        //       ^ defined: geo/uses/Outside.swift::String.shout
    }
    _ = "x".shout()
    //      ^ ambiguous: geo/uses/Outside.swift::String.shout, geo/uses/Outside.swift::Loud.shout
    _ = request.timeoutInterval
    //          ^ unresolved: Foundation.URLRequest.timeoutInterval from Foundation
    return request.bodyBytes()
    //             ^ defined: geo/uses/Outside.swift::URLRequest.bodyBytes
}
