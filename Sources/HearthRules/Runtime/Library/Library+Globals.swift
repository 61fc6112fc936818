/// The global functions `int`, `float`, `string`, `bool`, `path` and `debug`.
extension RuleStandardLibrary {
    /// Dispatches a global function; nil for names that are not library globals.
    static func globalFunction(_ name: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        switch name {
        case "int": return try toInt(arguments)
        case "float": return try toFloat(arguments)
        case "string": return try toString(arguments)
        case "bool": return try toBool(arguments)
        case "path":
            let call = RuleCall(name: "path", arguments: arguments, expected: "path(string)")
            try call.require(1)
            return .path(RulePath(parsing: try call.string(0)))
        case "debug":
            try RuleCall(name: "debug", arguments: arguments, expected: "debug(any)").require(1, allowingNull: true)
            return arguments[0]
        default:
            return nil
        }
    }

    /// `int(x)`: from an int, a float (truncated toward zero) or a decimal string.
    private static func toInt(_ arguments: [RuleValue]) throws(RuleError) -> RuleValue {
        let call = RuleCall(name: "int", arguments: arguments, expected: "int(int), int(float), int(string)")
        try call.require(1)
        switch arguments[0] {
        case .int(let value):
            return .int(value)
        case .float(let value):
            return .int(try integer(fromFloat: value.rounded(.towardZero), function: "int"))
        case .string(let text):
            guard let value = Int64(text) else {
                throw RuleError.invalidArgument("int", "'\(text)' is not an integer.")
            }
            return .int(value)
        default:
            throw call.typeError
        }
    }

    /// `float(x)`: from an int, a float or a numeric string.
    private static func toFloat(_ arguments: [RuleValue]) throws(RuleError) -> RuleValue {
        let call = RuleCall(name: "float", arguments: arguments, expected: "float(int), float(float), float(string)")
        try call.require(1)
        switch arguments[0] {
        case .int(let value):
            return .float(Double(value))
        case .float(let value):
            return .float(value)
        case .string(let text):
            guard let value = parseFloat(text) else {
                throw RuleError.invalidArgument("float", "'\(text)' is not a number.")
            }
            return .float(value)
        default:
            throw call.typeError
        }
    }

    /// Parses a decimal number (`2.5`, `-1e3`, `.5`), or `NaN`, `Infinity`, `-Infinity`.
    private static func parseFloat(_ text: String) -> Double? {
        switch text {
        case "NaN": return .nan
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let allowed = text.unicodeScalars.allSatisfy { scalar in
            ("0"..."9").contains(scalar) || scalar == "." || scalar == "e" || scalar == "E" || scalar == "+"
                || scalar == "-"
        }
        guard allowed, !text.isEmpty else { return nil }
        return Double(text)
    }

    /// `string(x)`: from null, bool, int, float, string or path.
    private static func toString(_ arguments: [RuleValue]) throws(RuleError) -> RuleValue {
        let call = RuleCall(
            name: "string", arguments: arguments,
            expected: "string(null), string(bool), string(int), string(float), string(string), string(path)")
        try call.require(1, allowingNull: true)
        switch arguments[0] {
        case .null: return .string("null")
        case .bool(let value): return .string(value ? "true" : "false")
        case .int(let value): return .string(String(value))
        case .float(let value): return .string(RuleValue.formatFloat(value))
        case .string(let value): return .string(value)
        case .path(let path): return .string(path.description)
        default: throw call.typeError
        }
    }

    /// `bool(x)`: from a bool or the strings `true` / `false`.
    private static func toBool(_ arguments: [RuleValue]) throws(RuleError) -> RuleValue {
        let call = RuleCall(name: "bool", arguments: arguments, expected: "bool(bool), bool(string)")
        try call.require(1)
        switch arguments[0] {
        case .bool(let value):
            return .bool(value)
        case .string("true"):
            return .bool(true)
        case .string("false"):
            return .bool(false)
        case .string(let text):
            throw RuleError.invalidArgument("bool", "'\(text)' is neither 'true' nor 'false'.")
        default:
            throw call.typeError
        }
    }
}
