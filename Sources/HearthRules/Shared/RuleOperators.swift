/// The binary operators of the rules language, shared by the parser and the evaluator.
enum RuleBinaryOperator: String, Sendable, Equatable, CaseIterable {
    /// `||` (short-circuit).
    case or = "||"
    /// `&&` (short-circuit).
    case and = "&&"
    /// `==`.
    case equal = "=="
    /// `!=`.
    case notEqual = "!="
    /// `<`.
    case less = "<"
    /// `<=`.
    case lessOrEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`.
    case greaterOrEqual = ">="
    /// `in` (membership in a list, set or map's keys).
    case `in` = "in"
    /// `+`.
    case add = "+"
    /// `-`.
    case subtract = "-"
    /// `*`.
    case multiply = "*"
    /// `/`.
    case divide = "/"
    /// `%`.
    case remainder = "%"
}

/// The unary operators of the rules language.
enum RuleUnaryOperator: String, Sendable, Equatable, CaseIterable {
    /// `!`.
    case not = "!"
    /// `-` (negation).
    case negate = "-"
}

/// The type names usable after `is` (e.g. `x is string`).
enum RuleTypeName: String, Sendable, Equatable, CaseIterable {
    case bool, bytes, constraint, duration, float, int, latlng, list, map, map_diff, number, path, set, string, timestamp
}
