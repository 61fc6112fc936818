import HearthCore

/// One filter of a conjunction, in the form list judgement reasons about.
enum QueryConstraint: Sendable {
    /// `field == value` (also each value of `in`, `IS NULL`, `IS NAN`).
    case equal(FieldPath, Value)
    /// `field < <= > >= value`.
    case range(FieldPath, QueryFilter.FieldOperator, Value)
    /// `field != value` and `not-in` values: the field exists and differs from each.
    case notEqual(FieldPath, [Value])
    /// `field array-contains value` (also each value of `array-contains-any`).
    case arrayContains(FieldPath, Value)
    /// The field exists and is not null (`IS NOT NULL`, `IS NOT NAN`).
    case present(FieldPath)
}

/// A query filter rewritten as an OR of ANDs (disjunctive normal form), with `in` and
/// `array-contains-any` split into one disjunct per value: every disjunct must be allowed for
/// the query to be allowed (fact sheet §2.9: "each value is checked on its own").
enum QueryDisjunction {
    /// The most disjuncts judged for one query; a larger expansion is refused (Firestore itself
    /// caps a query at 30 disjunctions).
    static let maxDisjuncts = 100

    /// The disjuncts of `filter` (one empty conjunction without a filter), or nil when the
    /// expansion exceeds `maxDisjuncts`. Filters on `__name__` are dropped: ignoring a filter
    /// only widens the set of documents judged, so it never allows more.
    static func disjuncts(of filter: QueryFilter?) -> [[QueryConstraint]]? {
        guard let filter else { return [[]] }
        guard let expanded = expand(filter) else { return nil }
        return expanded.isEmpty ? [[]] : expanded
    }

    /// Expands one filter node.
    private static func expand(_ filter: QueryFilter) -> [[QueryConstraint]]? {
        switch filter {
        case .field(let path, let op, let value):
            return path.isDocumentID ? [[]] : expandField(path, op, value)
        case .unary(let path, let op):
            guard !path.isDocumentID else { return [[]] }
            switch op {
            case .isNull: return [[.equal(path, .null)]]
            case .isNaN: return [[.equal(path, .double(.nan))]]
            case .isNotNull, .isNotNaN: return [[.present(path)]]
            }
        case .composite(.or, let children):
            var result: [[QueryConstraint]] = []
            for child in children {
                guard let part = expand(child) else { return nil }
                result += part
                if result.count > maxDisjuncts { return nil }
            }
            return result
        case .composite(.and, let children):
            var result: [[QueryConstraint]] = [[]]
            for child in children {
                guard let part = expand(child) else { return nil }
                guard result.count * part.count <= maxDisjuncts else { return nil }
                result = result.flatMap { left in part.map { right in left + right } }
            }
            return result
        }
    }

    /// Expands `field op value`.
    private static func expandField(
        _ path: FieldPath, _ op: QueryFilter.FieldOperator, _ value: Value
    ) -> [[QueryConstraint]]? {
        switch op {
        case .equal:
            return [[.equal(path, value)]]
        case .in:
            guard let values = value.arrayValue else { return [[]] }
            return values.count > maxDisjuncts ? nil : values.map { [.equal(path, $0)] }
        case .arrayContains:
            return [[.arrayContains(path, value)]]
        case .arrayContainsAny:
            guard let values = value.arrayValue else { return [[]] }
            return values.count > maxDisjuncts ? nil : values.map { [.arrayContains(path, $0)] }
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            return [[.range(path, op, value)]]
        case .notEqual:
            return [[.notEqual(path, [value])]]
        case .notIn:
            return [[.notEqual(path, value.arrayValue ?? [])]]
        }
    }
}
