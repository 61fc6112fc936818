/// What one evaluation of an expression produced, as coverage counts it.
enum ExpressionOutcome: Sendable, Equatable {
    /// The boolean `true`.
    case `true`
    /// The boolean `false`.
    case `false`
    /// An error.
    case error
    /// Any other value, by type name (`string`, `map`, `constraint`…).
    case other(String)

    /// The outcome of a term.
    init(_ term: RuleTerm) {
        switch term {
        case .value(.bool(true)): self = .true
        case .value(.bool(false)): self = .false
        default: self = .other(term.typeName)
        }
    }
}

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

    /// Counts one outcome.
    mutating func add(_ outcome: ExpressionOutcome) {
        switch outcome {
        case .true: trueCount += 1
        case .false: falseCount += 1
        case .error: errorCount += 1
        case .other(let type): otherCounts[type, default: 0] += 1
        }
    }

    /// Adds another set of counts.
    mutating func merge(_ other: ExpressionCounts) {
        trueCount += other.trueCount
        falseCount += other.falseCount
        errorCount += other.errorCount
        otherCounts.merge(other.otherCounts, uniquingKeysWith: +)
    }
}
