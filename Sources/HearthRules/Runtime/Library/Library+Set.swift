/// `rules.Set` methods.
extension RuleStandardLibrary {
    /// Dispatches a set method; nil when sets have no method of that name.
    static func setMethod(_ name: String, _ set: RuleSet, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        switch name {
        case "size":
            try RuleCall(name: "set.size", arguments: arguments, expected: "set.size()").require(0)
            return .int(Int64(set.count))
        case "hasAll":
            return .bool(try setOrListArgument("hasAll", arguments).elements.allSatisfy { set.contains($0) })
        case "hasAny":
            return .bool(try setOrListArgument("hasAny", arguments).elements.contains { set.contains($0) })
        case "hasOnly":
            let allowed = try setOrListArgument("hasOnly", arguments)
            return .bool(set.elements.allSatisfy { allowed.contains($0) })
        case "union":
            return .set(of: set.elements + (try setArgument("union", arguments)).elements)
        case "intersection":
            let other = try setArgument("intersection", arguments)
            return .set(of: set.elements.filter { other.contains($0) })
        case "difference":
            let other = try setArgument("difference", arguments)
            return .set(of: set.elements.filter { !other.contains($0) })
        default:
            return nil
        }
    }

    /// The single set argument of `set.<method>(set)`.
    private static func setArgument(_ method: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleSet {
        let call = RuleCall(name: "set.\(method)", arguments: arguments, expected: "set.\(method)(set)")
        try call.require(1)
        return try call.set(0)
    }

    /// The single set-or-list argument of `hasAll`, `hasAny` and `hasOnly`.
    private static func setOrListArgument(_ method: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleSet {
        let call = RuleCall(
            name: "set.\(method)", arguments: arguments, expected: "set.\(method)(set), set.\(method)(list)")
        try call.require(1)
        return try call.setOrList(0)
    }
}
