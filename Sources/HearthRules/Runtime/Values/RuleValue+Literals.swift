/// Literal syntax for rules values in Swift code: `1` is an int, `1.5` a float, `nil` null.
extension RuleValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is `null`.
    init(nilLiteral: ()) { self = .null }
    /// A boolean.
    init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An int.
    init(integerLiteral value: Int64) { self = .int(value) }
    /// A float.
    init(floatLiteral value: Double) { self = .float(value) }
    /// A string.
    init(stringLiteral value: String) { self = .string(value) }
    /// A list.
    init(arrayLiteral elements: RuleValue...) { self = .list(elements) }
    /// A map; a repeated key keeps its last value.
    init(dictionaryLiteral elements: (String, RuleValue)...) {
        var fields: [String: RuleValue] = [:]
        for (key, value) in elements { fields[key] = value }
        self = .map(fields)
    }
}
