extension QueryPlanner {
    /// The plan counting the query's matches from index entries alone (no document decoded), or
    /// nil when no exact count is possible that way (cursors, filters the entries cannot decide,
    /// kindless queries, a missing collection): the caller then counts loaded documents.
    func countPlan() throws -> QueryPlan? {
        guard query.startAt == nil, query.endAt == nil, let leaves = IndexPlanning.conjuncts(query.filter),
              let collectionID = query.collectionID, let scope = try scope(of: collectionID) else { return nil }
        let fieldOrders = target.orderBy.filter { !$0.field.isDocumentID }
        if leaves.isEmpty && fieldOrders.isEmpty {
            return QueryPlan(source: .nameScan(nameScan(in: scope, descending: false)), output: .count)
        }
        let fields = leaves.compactMap(Self.field(of:)) + fieldOrders.map(\.field)
        guard fields.allSatisfy({ isIndexed($0, in: scope) }) else { return nil }
        let unions = leaves.compactMap(IndexPlanning.runs(for:)).filter { isSeekable($0, in: scope) }
        if fieldOrders.isEmpty && unions.count == leaves.count {
            if unions.contains(where: \.isEmpty) { return QueryPlan(source: .empty(.noDisjunct), output: .count) }
            return QueryPlan(source: join([unions], in: scope, descending: false), output: .count)
        }
        guard fieldOrders.count == 1, leaves.allSatisfy({ Self.constrains(fieldOrders[0].field, $0) }) else { return nil }
        let field = fieldOrders[0].field
        let range = IndexPlanning.range(of: field, in: leaves)
        guard leaves.isEmpty || range.exact else { return nil }
        guard let scan = fieldScan(of: field, in: scope, leaves: leaves, descending: false) else {
            return QueryPlan(source: .empty(.emptyRange(field)), output: .count)
        }
        return QueryPlan(source: .fieldScan(scan), output: .count)
    }

    /// Whether `leaf` is a filter on `field` that a value range expresses exactly.
    private static func constrains(_ field: FieldPath, _ leaf: QueryFilter) -> Bool {
        switch leaf {
        case .field(field, let op, _): return [.equal, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual].contains(op)
        case .unary(field, let op): return op == .isNull || op == .isNaN
        default: return false
        }
    }
}
