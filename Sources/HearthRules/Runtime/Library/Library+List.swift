/// `rules.List` methods.
extension RuleStandardLibrary {
    /// Dispatches a list method; nil when lists have no method of that name.
    static func listMethod(_ name: String, _ elements: [RuleValue], _ arguments: [RuleValue]) throws(RuleError)
        -> RuleValue?
    {
        switch name {
        case "size":
            try RuleCall(name: "list.size", arguments: arguments, expected: "list.size()").require(0)
            return .int(Int64(elements.count))
        case "concat":
            let other = try listArgument("concat", arguments)
            return .list(elements + other)
        case "removeAll":
            let removed = RuleSet(try listArgument("removeAll", arguments))
            return .list(elements.filter { !removed.contains($0) })
        case "hasAll":
            let members = RuleSet(elements)
            return .bool(try listArgument("hasAll", arguments).allSatisfy { members.contains($0) })
        case "hasAny":
            let members = RuleSet(elements)
            return .bool(try listArgument("hasAny", arguments).contains { members.contains($0) })
        case "hasOnly":
            let allowed = RuleSet(try listArgument("hasOnly", arguments))
            return .bool(elements.allSatisfy { allowed.contains($0) })
        case "join":
            return .string(try join(elements, arguments))
        case "toSet":
            try RuleCall(name: "list.toSet", arguments: arguments, expected: "list.toSet()").require(0)
            return .set(of: elements)
        default:
            return nil
        }
    }

    /// The single list argument of `list.<method>(list)`.
    private static func listArgument(_ method: String, _ arguments: [RuleValue]) throws(RuleError) -> [RuleValue] {
        let call = RuleCall(name: "list.\(method)", arguments: arguments, expected: "list.\(method)(list)")
        try call.require(1)
        return try call.list(0)
    }

    /// `list.join(separator)` (separator optional, default empty); every element must be a string.
    private static func join(_ elements: [RuleValue], _ arguments: [RuleValue]) throws(RuleError) -> String {
        let call = RuleCall(name: "list.join", arguments: arguments, expected: "list.join(string)")
        try call.require(0...1)
        let separator = arguments.isEmpty ? "" : try call.string(0)
        var pieces: [String] = []
        pieces.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let piece) = element else {
                throw RuleError.unsupported(
                    received: "list.join() on a list holding \(element.typeName)", expected: "a list of strings")
            }
            pieces.append(piece)
        }
        return pieces.joined(separator: separator)
    }
}
