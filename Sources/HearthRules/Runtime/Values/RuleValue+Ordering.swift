import HearthCore
/// The rules language's ordering (`<`, `<=`, `>`, `>=`), defined for numbers, strings, timestamps
/// and durations only.
extension RuleValue {
    /// The order of two values, or nil when the language does not order that pair of types.
    ///
    /// Returns -1, 0 or 1. Ints and floats compare numerically; a NaN operand gives `.unordered`
    /// (every ordering comparison with NaN is false). Strings compare by UTF-8 bytes (code points).
    static func order(_ lhs: RuleValue, _ rhs: RuleValue) -> RuleOrdering? {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return RuleOrdering(comparing: a, b)
        case (.int(let a), .float(let b)): return RuleOrdering(comparingNumbers: Double(a), b)
        case (.float(let a), .int(let b)): return RuleOrdering(comparingNumbers: a, Double(b))
        case (.float(let a), .float(let b)): return RuleOrdering(comparingNumbers: a, b)
        case (.string(let a), .string(let b)):
            if a.utf8.elementsEqual(b.utf8) { return .equal }
            return UTF8KeyOrder.precedes(a, b) ? .less : .greater
        case (.timestamp(let a), .timestamp(let b)): return RuleOrdering(comparing: a, b)
        case (.duration(let a), .duration(let b)): return RuleOrdering(comparing: a, b)
        default: return nil
        }
    }
}

/// The outcome of comparing two ordered rules values.
enum RuleOrdering: Sendable, Equatable {
    /// The left value sorts first.
    case less
    /// Both are equal.
    case equal
    /// The left value sorts last.
    case greater
    /// Numbers that cannot be ordered (a NaN is involved).
    case unordered

    /// Compares two `Comparable` values.
    init<T: Comparable>(comparing lhs: T, _ rhs: T) {
        self = lhs < rhs ? .less : (lhs == rhs ? .equal : .greater)
    }

    /// Compares two doubles, yielding `.unordered` when either is NaN.
    init(comparingNumbers lhs: Double, _ rhs: Double) {
        if lhs.isNaN || rhs.isNaN {
            self = .unordered
        } else {
            self.init(comparing: lhs, rhs)
        }
    }
}
