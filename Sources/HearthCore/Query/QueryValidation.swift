/// Firestore's rules for queries (fact sheet §4.4 and §1.9), checked before a query runs.
/// Every failure is `INVALID_ARGUMENT` with Firestore's (or the SDKs') message.
package enum QueryValidation {
    /// The most disjunctions a query's filter may expand to (in disjunctive normal form).
    package static let maxDisjunctions = 30
    /// The most values a `not-in` filter may list.
    package static let maxNotInValues = 10
    /// The most distinct fields inequality filters may use.
    package static let maxInequalityFields = 10

    /// Throws `INVALID_ARGUMENT` unless `query` is one Firestore would run.
    package static func validate(_ query: StructuredQuery) throws(FirestoreError) {
        try validateSource(query)
        guard query.offset >= 0 else { throw invalid("offset must be non-negative, but was \(query.offset).") }
        if let limit = query.limit, limit < 0 { throw invalid("limit must be non-negative, but was \(limit).") }
        if let filter = query.filter { try validate(filter) }
        try validateOrder(query)
        for bound in [query.startAt, query.endAt].compactMap({ $0 }) { try validate(bound, query) }
    }

    private static func validateSource(_ query: StructuredQuery) throws(FirestoreError) {
        guard query.parent.isEmpty || query.parent.isDocumentPath else {
            throw invalid("The parent of a query must be the database root or a document, but was '\(query.parent)'.")
        }
        if let id = query.collectionID {
            try ResourceID.validate(id)
        } else if !query.allDescendants {
            throw invalid("A query must name a collection unless it reads all descendants.")
        }
    }

    private static func validate(_ filter: QueryFilter) throws(FirestoreError) {
        let leaves = QueryFilters.leaves(filter)
        try checkComposites(filter)
        var notEqualKinds = 0
        var hasIn = false
        var hasArrayContainsAny = false
        var hasNotIn = false
        for leaf in leaves {
            switch leaf {
            case .unary(let field, let op):
                if field.isDocumentID { throw invalid("Invalid query. documentId() cannot be compared with \(op.rawValue).") }
                if op == .isNotNull || op == .isNotNaN { notEqualKinds += 1 }
            case .field(let field, let op, let operand):
                try validateFieldFilter(field, op, operand)
                if op == .notEqual || op == .notIn { notEqualKinds += 1 }
                hasIn = hasIn || op == .in
                hasArrayContainsAny = hasArrayContainsAny || op == .arrayContainsAny
                hasNotIn = hasNotIn || op == .notIn
            case .composite:
                break
            }
        }
        if notEqualKinds > 1 {
            throw invalid("Invalid query. You cannot use more than one '!=', 'not-in', 'is not null' or 'is not NaN' filter.")
        }
        if hasNotIn && (hasIn || hasArrayContainsAny || containsOr(filter)) {
            throw invalid("Invalid query. You cannot use 'not-in' filters with 'in', 'array-contains-any' or 'or' filters.")
        }
        let inequalityFields = Set(QueryFilters.inequalityFields(filter))
        if inequalityFields.count > maxInequalityFields {
            throw invalid("Invalid query. Inequality filters may use at most \(maxInequalityFields) fields, but this one uses \(inequalityFields.count).")
        }
        let keyEquality = leaves.contains {
            if case .field(let field, .equal, _) = $0 { return field.isDocumentID }
            return false
        }
        if keyEquality && !inequalityFields.isEmpty && !inequalityFields.contains(.documentID) {
            throw invalid(
                "Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.")
        }
        try checkDisjunctions(filter)
    }

    private static func validateFieldFilter(_ field: FieldPath, _ op: QueryFilter.FieldOperator, _ operand: Value) throws(FirestoreError) {
        if op.isRange {
            if operand == .null { throw invalid("Invalid Query. Null supports only '==' and '!=' comparisons.") }
            if operand.isNaN { throw invalid("Invalid Query. NaN supports only '==' and '!=' comparisons.") }
        }
        switch op {
        case .in, .notIn, .arrayContainsAny:
            guard case .array(let values) = operand, !values.isEmpty else {
                throw invalid("Invalid Query. A non-empty array is required for '\(op.rawValue)' filters.")
            }
            if op == .notIn && values.count > maxNotInValues {
                throw invalid("'NOT_IN' supports up to \(maxNotInValues) comparison values.")
            }
            if field.isDocumentID {
                guard op != .arrayContainsAny else {
                    throw invalid("Invalid Query. You can't perform '\(op.rawValue)' queries on documentId().")
                }
                for value in values { try requireReference(value) }
            }
        case .arrayContains:
            if field.isDocumentID { throw invalid("Invalid Query. You can't perform 'array-contains' queries on documentId().") }
        default:
            if field.isDocumentID { try requireReference(operand) }
        }
    }

    private static func requireReference(_ value: Value) throws(FirestoreError) {
        guard case .reference = value else { throw invalid("__key__ filter value must be a Key") }
    }

    private static func checkComposites(_ filter: QueryFilter) throws(FirestoreError) {
        guard case .composite(_, let filters) = filter else { return }
        guard !filters.isEmpty else { throw invalid("A composite filter must contain at least one filter.") }
        for child in filters { try checkComposites(child) }
    }

    private static func containsOr(_ filter: QueryFilter) -> Bool {
        guard case .composite(let op, let filters) = filter else { return false }
        return (op == .or && filters.count > 1) || filters.contains(where: containsOr)
    }

    /// Expands the filter into disjunctive normal form (`in` and `array-contains-any` count as ORs)
    /// and checks the disjunction limit and one `array-contains` per disjunction.
    private static func checkDisjunctions(_ filter: QueryFilter) throws(FirestoreError) {
        let size = disjunctionCount(filter)
        if size > maxDisjunctions {
            throw invalid(
                "Invalid Query. The query contains \(size) disjunctions in disjunctive normal form, more than the limit of \(maxDisjunctions).")
        }
        for conjunction in arrayContainsCounts(filter) where conjunction > 1 {
            throw invalid("Invalid Query. You cannot use more than one 'array-contains' or 'array-contains-any' filter in a disjunction.")
        }
    }

    /// How many disjunctions the filter's DNF has.
    static func disjunctionCount(_ filter: QueryFilter) -> Int {
        switch filter {
        case .field(_, .in, .array(let values)), .field(_, .arrayContainsAny, .array(let values)): return max(values.count, 1)
        case .field, .unary: return 1
        case .composite(.and, let filters): return filters.reduce(1) { min($0 * disjunctionCount($1), 10_000) }
        case .composite(.or, let filters): return filters.reduce(0) { min($0 + disjunctionCount($1), 10_000) }
        }
    }

    /// For each disjunction of the DNF, how many array-membership filters it holds.
    private static func arrayContainsCounts(_ filter: QueryFilter) -> [Int] {
        switch filter {
        case .field(_, .arrayContains, _), .field(_, .arrayContainsAny, _): return [1]
        case .field, .unary: return [0]
        case .composite(.or, let filters): return filters.flatMap(arrayContainsCounts)
        case .composite(.and, let filters):
            return filters.reduce([0]) { partial, child in
                let counts = arrayContainsCounts(child)
                return partial.flatMap { a in counts.map { a + $0 } }
            }
        }
    }

    private static func validateOrder(_ query: StructuredQuery) throws(FirestoreError) {
        var seen: Set<FieldPath> = []
        for (index, order) in query.orderBy.enumerated() {
            guard seen.insert(order.field).inserted else {
                throw invalid("Invalid query. The order by field '\(order.field.canonicalString)' appears more than once.")
            }
            if order.field.isDocumentID && index < query.orderBy.count - 1 {
                throw invalid("order by clause cannot contain more fields after the key")
            }
        }
    }

    private static func validate(_ bound: QueryBound, _ query: StructuredQuery) throws(FirestoreError) {
        let order = QueryTarget.effectiveOrder(of: query)
        guard bound.values.count <= order.count else {
            throw invalid(
                "Too many cursor values specified. The specified values must match the orderBy() constraints of the query.")
        }
        for (order, value) in zip(order, bound.values) where order.field.isDocumentID {
            guard case .reference = value else { throw invalid("__key__ filter value must be a Key") }
        }
    }

    private static func invalid(_ message: String) -> FirestoreError { FirestoreError(.invalidArgument, message) }
}
