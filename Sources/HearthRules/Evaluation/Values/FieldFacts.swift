/// What a query's conjunction of filters proves about one field of every document it can return.
///
/// Firestore inequality filters are type-bounded (`x > 5` only returns documents whose `x` is a
/// number), so a range also fixes the field's type. A numeric equality is kept as the point range
/// `[v, v]` rather than a concrete value, because `x == 5` also returns documents holding `5.0`.
struct FieldFacts: Sendable {
    /// One end of a range: the bound and whether it is included.
    struct Bound: Sendable {
        /// The bounding value.
        let value: RuleValue
        /// True for `<=`/`>=`/`==`, false for `<`/`>`.
        let inclusive: Bool
    }

    /// The greatest lower bound the filters give, if any.
    var lower: Bound?
    /// The least upper bound the filters give, if any.
    var upper: Bound?
    /// Values the field is known not to equal (`!=`, `not-in`).
    var excluded: [RuleValue] = []
    /// Values the field (an array) is known to contain (`array-contains`).
    var contained: [RuleValue] = []
    /// True when the field is known to exist and not be null.
    var isPresent = false

    /// The order family of the range's bounds, or nil without a range.
    var rangeKind: OrderKind? {
        guard let value = lower?.value ?? upper?.value else { return nil }
        return OrderKind(of: value)
    }

    /// The single value of a point range `[v, v]`, if the range is one.
    var pinnedValue: RuleValue? {
        guard let lower, let upper, lower.inclusive, upper.inclusive,
              RuleValue.order(lower.value, upper.value) == .equal else { return nil }
        return lower.value
    }

    /// Narrows the lower bound to `bound` when that is tighter (or the first one of its kind).
    mutating func raiseLower(to bound: Bound) {
        isPresent = true
        guard let current = lower else {
            lower = bound
            return
        }
        switch RuleValue.order(bound.value, current.value) {
        case .greater?: lower = bound
        case .equal?: lower = Bound(value: current.value, inclusive: current.inclusive && bound.inclusive)
        default: break
        }
    }

    /// Narrows the upper bound to `bound` when that is tighter (or the first one of its kind).
    mutating func lowerUpper(to bound: Bound) {
        isPresent = true
        guard let current = upper else {
            upper = bound
            return
        }
        switch RuleValue.order(bound.value, current.value) {
        case .less?: upper = bound
        case .equal?: upper = Bound(value: current.value, inclusive: current.inclusive && bound.inclusive)
        default: break
        }
    }
}

/// The families of values the rules language orders; a Firestore range stays within one.
enum OrderKind: Sendable, Equatable {
    /// Ints and floats.
    case number
    /// Strings.
    case string
    /// Timestamps.
    case timestamp
    /// Any other type (Firestore orders it, rules do not).
    case other(String)

    /// The family of `value`.
    init(of value: RuleValue) {
        switch value {
        case .int, .float: self = .number
        case .string: self = .string
        case .timestamp: self = .timestamp
        default: self = .other(value.typeName)
        }
    }

    /// Whether `type` (after `is`) holds for every value of this family; nil when it depends.
    func satisfies(_ type: RuleTypeName) -> Bool? {
        switch self {
        case .number:
            if type == .number { return true }
            return type == .int || type == .float ? nil : false
        case .string:
            return type == .string
        case .timestamp:
            return type == .timestamp
        case .other:
            return nil
        }
    }
}
