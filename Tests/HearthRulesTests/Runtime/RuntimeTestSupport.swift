@testable import HearthRules

/// Calls `receiver.name(arguments…)` through the standard library.
func callMethod(_ name: String, _ receiver: RuleValue, _ arguments: RuleValue...) throws(RuleError) -> RuleValue {
    try RuleStandardLibrary.callMethod(name, on: receiver, arguments: arguments)
}

/// Calls the global or namespaced function `name(arguments…)`.
func callFunction(_ name: String, _ arguments: RuleValue...) throws(RuleError) -> RuleValue {
    try RuleStandardLibrary.callFunction(name, arguments: arguments)
}

/// The error `body` throws, or nil when it returns.
func errorOf(_ body: () throws -> RuleValue) -> RuleError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? RuleError
    }
}

/// The value `body` returns, or nil when it throws.
func valueOf(_ body: () throws -> RuleValue) -> RuleValue? {
    do {
        return try body()
    } catch {
        return nil
    }
}

/// Whether `body` returns exactly `expected` (same variant: an int is not a float).
func yields(_ expected: RuleValue, _ body: () throws -> RuleValue) -> Bool {
    guard let value = valueOf(body) else { return false }
    return value.isIdentical(to: expected)
}

/// A bytes value from an uppercase hex string.
func hexBytes(_ value: RuleValue) -> String? {
    guard case .bytes(let bytes) = value else { return nil }
    return RuleStandardLibrary.upperHex(bytes)
}

/// A timestamp value, for tests (`seconds` since the epoch).
func timestamp(_ seconds: Int64, nanos: Int32 = 0) -> RuleValue {
    .timestamp(RuleTimestamp(uncheckedSeconds: seconds, nanos: nanos))
}

/// A duration value, for tests.
func duration(_ seconds: Int64, nanos: Int64 = 0) -> RuleValue {
    guard let span = try? RuleDuration(seconds: seconds, nanos: nanos) else { return .null }
    return .duration(span)
}
