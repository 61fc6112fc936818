/// `rules.String` methods.
extension RuleStandardLibrary {
    /// Dispatches a string method; nil when strings have no method of that name.
    static func stringMethod(_ name: String, _ text: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        switch name {
        case "size":
            try RuleCall(name: "string.size", arguments: arguments, expected: "string.size()").require(0)
            return .int(Int64(text.unicodeScalars.count))
        case "lower":
            try RuleCall(name: "string.lower", arguments: arguments, expected: "string.lower()").require(0)
            return .string(text.lowercased())
        case "upper":
            try RuleCall(name: "string.upper", arguments: arguments, expected: "string.upper()").require(0)
            return .string(text.uppercased())
        case "trim":
            try RuleCall(name: "string.trim", arguments: arguments, expected: "string.trim()").require(0)
            return .string(trimmed(text))
        case "toUtf8":
            try RuleCall(name: "string.toUtf8", arguments: arguments, expected: "string.toUtf8()").require(0)
            return .bytes(Array(text.utf8))
        case "matches":
            let call = RuleCall(name: "string.matches", arguments: arguments, expected: "string.matches(string)")
            try call.require(1)
            return .bool(try RuleRegex(call.string(0)).matchesWhole(text))
        case "replace":
            let call = RuleCall(
                name: "string.replace", arguments: arguments, expected: "string.replace(string, string)")
            try call.require(2)
            let regex = try RuleRegex(call.string(0))
            return .string(try regex.replacingAll(in: text, with: call.string(1)))
        case "split":
            let call = RuleCall(name: "string.split", arguments: arguments, expected: "string.split(string)")
            try call.require(1)
            return .list(try RuleRegex(call.string(0)).split(text).map { RuleValue.string($0) })
        default:
            return nil
        }
    }

    /// `text` without leading and trailing characters at or below U+0020 (spaces and control characters).
    private static func trimmed(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
            let last = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first...last])
        return result
    }
}
