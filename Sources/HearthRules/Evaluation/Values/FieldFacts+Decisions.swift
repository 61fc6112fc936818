/// Deciding comparisons about a constrained field for every document at once: each answer is
/// true or false only when it holds for every value the facts allow; nil means "not provable".
extension FieldFacts {
    /// `field == value` for every document, or nil.
    func decideEquals(_ value: RuleValue) -> Bool? {
        if value.isNull { return isPresent ? false : nil }
        if excluded.contains(value) { return false }
        if !contained.isEmpty, !value.isType(.list) { return false }
        guard let kind = rangeKind else { return nil }
        if OrderKind(of: value) != kind { return false }
        if let pinned = pinnedValue, RuleValue.order(pinned, value) == .equal { return true }
        if let lower, let ordering = RuleValue.order(value, lower.value) {
            if ordering == .less || (ordering == .equal && !lower.inclusive) { return false }
        }
        if let upper, let ordering = RuleValue.order(value, upper.value) {
            if ordering == .greater || (ordering == .equal && !upper.inclusive) { return false }
        }
        return nil
    }

    /// `field op value` (an ordering operator) for every document, or nil.
    func decideComparison(_ op: RuleBinaryOperator, _ value: RuleValue) -> Bool? {
        guard let kind = rangeKind, OrderKind(of: value) == kind else { return nil }
        if case .float(let number) = value, number.isNaN { return false }
        let fromLower = lower.flatMap { bound in RuleValue.order(bound.value, value).map { (bound, $0) } }
        let fromUpper = upper.flatMap { bound in RuleValue.order(bound.value, value).map { (bound, $0) } }
        switch op {
        case .greater:
            if let (bound, order) = fromLower, order == .greater || (order == .equal && !bound.inclusive) {
                return true
            }
            if let (_, order) = fromUpper, order != .greater { return false }
        case .greaterOrEqual:
            if let (_, order) = fromLower, order != .less { return true }
            if let (bound, order) = fromUpper, order == .less || (order == .equal && !bound.inclusive) { return false }
        case .less:
            if let (bound, order) = fromUpper, order == .less || (order == .equal && !bound.inclusive) { return true }
            if let (_, order) = fromLower, order != .less { return false }
        case .lessOrEqual:
            if let (_, order) = fromUpper, order != .greater { return true }
            if let (bound, order) = fromLower, order == .greater || (order == .equal && !bound.inclusive) {
                return false
            }
        default:
            return nil
        }
        return nil
    }

    /// `element in field` (the field is an array) for every document, or nil.
    func decideContains(_ element: RuleValue) -> Bool? {
        contained.contains(element) ? true : nil
    }

    /// `field in collection` for every document, or nil: a pinned field is looked up, and a
    /// collection none of whose elements the field can equal gives false.
    func decideMembership(in elements: [RuleValue]) -> Bool? {
        if let pinned = pinnedValue { return elements.contains(pinned) }
        if elements.allSatisfy({ decideEquals($0) == false }) { return false }
        return nil
    }

    /// `field is type` for every document, or nil.
    func decideType(_ type: RuleTypeName) -> Bool? {
        if let kind = rangeKind { return kind.satisfies(type) }
        if !contained.isEmpty { return type == .list }
        return nil
    }
}
