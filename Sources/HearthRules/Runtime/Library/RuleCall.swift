/// One function or method call under argument checking: its name as messages spell it
/// (`list.hasAny`, `math.abs`), its arguments, and the signatures its type errors quote.
struct RuleCall {
    /// The qualified name, e.g. `list.hasAny` or `math.pow`.
    let name: String
    /// The evaluated arguments (without the receiver).
    let arguments: [RuleValue]
    /// The accepted signatures as error messages show them, e.g. `math.abs(int), math.abs(float)`.
    let expected: String

    /// Checks the argument count and, unless `allowingNull`, that no argument is `null`.
    func require(_ count: Int, allowingNull: Bool = false) throws(RuleError) {
        try require(count...count, allowingNull: allowingNull)
    }

    /// Checks that the argument count is in `counts` and, unless `allowingNull`, that none is `null`.
    func require(_ counts: ClosedRange<Int>, allowingNull: Bool = false) throws(RuleError) {
        guard counts.contains(arguments.count) else {
            throw RuleError.argumentCount(received: arguments.count, expected: expected)
        }
        if !allowingNull, arguments.contains(where: \.isNull) { throw RuleError.nullValue }
    }

    /// The error for arguments of the wrong types.
    var typeError: RuleError { RuleError.unsupportedCall(name, arguments, expected: expected) }

    /// Argument `index` as a string.
    func string(_ index: Int) throws(RuleError) -> String {
        guard case .string(let value) = arguments[index] else { throw typeError }
        return value
    }

    /// Argument `index` as an int.
    func int(_ index: Int) throws(RuleError) -> Int64 {
        guard case .int(let value) = arguments[index] else { throw typeError }
        return value
    }

    /// Argument `index` as a double, accepting an int or a float.
    func number(_ index: Int) throws(RuleError) -> Double {
        switch arguments[index] {
        case .int(let value): return Double(value)
        case .float(let value): return value
        default: throw typeError
        }
    }

    /// Argument `index` as a list.
    func list(_ index: Int) throws(RuleError) -> [RuleValue] {
        guard case .list(let value) = arguments[index] else { throw typeError }
        return value
    }

    /// Argument `index` as a set.
    func set(_ index: Int) throws(RuleError) -> RuleSet {
        guard case .set(let value) = arguments[index] else { throw typeError }
        return value
    }

    /// Argument `index` as a set, converting a list (set methods accept either for `hasAll` & co).
    func setOrList(_ index: Int) throws(RuleError) -> RuleSet {
        switch arguments[index] {
        case .set(let value): return value
        case .list(let value): return RuleSet(value)
        default: throw typeError
        }
    }

    /// Argument `index` as a map.
    func map(_ index: Int) throws(RuleError) -> [String: RuleValue] {
        guard case .map(let value) = arguments[index] else { throw typeError }
        return value
    }

    /// Argument `index` as bytes, encoding a string as UTF-8.
    func bytesOrString(_ index: Int) throws(RuleError) -> [UInt8] {
        switch arguments[index] {
        case .bytes(let value): return value
        case .string(let value): return Array(value.utf8)
        default: throw typeError
        }
    }
}
