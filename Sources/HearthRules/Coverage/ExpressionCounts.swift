/// How often an expression evaluated to each outcome.
public struct ExpressionCounts: Sendable, Equatable {
    /// Evaluations that gave `true`.
    public var trueCount = 0
    /// Evaluations that gave `false`.
    public var falseCount = 0
    /// Evaluations that ended in an error.
    public var errorCount = 0
    /// Evaluations that gave another value, by the value's type name.
    public var otherCounts: [String: Int] = [:]

    /// Creates empty counts.
    public init() {}

    /// Every evaluation counted.
    public var total: Int { trueCount + falseCount + errorCount + otherCounts.values.reduce(0, +) }

    /// Adds another set of counts.
    mutating func merge(_ other: ExpressionCounts) {
        trueCount += other.trueCount
        falseCount += other.falseCount
        errorCount += other.errorCount
        otherCounts.merge(other.otherCounts, uniquingKeysWith: +)
    }
}
