extension Engine {
    /// Runs aggregations over a query's results (Firestore's `RunAggregationQuery`).
    ///
    /// A sum or average reads its field's index (`AggregationRequest.effectiveQuery`): only
    /// documents holding every aggregated field take part, ordered by those fields, so a limit
    /// keeps the smallest values. Non-numeric values of those fields are skipped by sum and
    /// average but still counted. Unnamed aggregations are named `field_<n>`.
    /// - Throws: `INVALID_ARGUMENT` for no or more than five aggregations, a duplicate or reserved
    ///   alias, a negative `up_to`, a sum or average of `__name__`, or an invalid query.
    package func runAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID,
        consistency: ReadConsistency = .strong, access: AccessContext = .admin
    ) throws(FirestoreError) -> [String: Value] {
        try executeAggregation(query, aggregations: aggregations, in: database, consistency: consistency, access: access).results
    }

    /// The aggregation's validated request and the target it reads, after the index requirement
    /// and the access policy have allowed it.
    func aggregationTarget(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID, access: AccessContext
    ) throws(FirestoreError) -> (request: AggregationRequest, target: QueryTarget) {
        guard query.findNearest == nil else {
            throw FirestoreError(.invalidArgument, "Aggregations over a find_nearest query are not supported.")
        }
        let request = try AggregationRequest(aggregations)
        let target = try QueryTarget(request.effectiveQuery(query), database: database)
        try checkIndexes(target)
        try authorizeList(query, in: database, access: access)
        return (request, target)
    }

    /// Runs aggregations and reports the plan and what running it read.
    func executeAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID,
        consistency: ReadConsistency, access: AccessContext
    ) throws(FirestoreError) -> (results: [String: Value], explanation: QueryExplanation) {
        let (request, target) = try aggregationTarget(query, aggregations: aggregations, in: database, access: access)
        let (version, _) = try resolve(consistency, in: database)
        if request.aggregations.allSatisfy({ $0.kind == .count(upTo: 0) }) {
            // Production answers counts capped at zero without reading anything.
            return (Dictionary(uniqueKeysWithValues: request.aliases.map { ($0, Value.integer(0)) }), QueryExplanation(plan: .countCappedAtZero))
        }
        if version == nil, request.fields.isEmpty, let counted = try countFromIndex(target, in: database) {
            // Every aggregation is a count: the index entries answer without decoding a document.
            let selected = Int64(max(0, min(query.limit ?? Int.max, counted.count - query.offset)))
            let counts = request.aggregations.map { aggregation -> Value in
                guard case .count(let upTo) = aggregation.kind else { return .integer(selected) }
                return .integer(upTo.map { min(selected, $0) } ?? selected)
            }
            return (Dictionary(uniqueKeysWithValues: zip(request.aliases, counts)), counted.explanation)
        }
        if version == nil, request.fields.count == 1, let folded = try aggregateFromIndex(target, field: request.fields[0], in: database) {
            // One aggregated field: its index entries hold every value a sum or average needs.
            let selected = Int64(folded.selected)
            let results = request.aggregations.map { aggregation -> Value in
                switch aggregation.kind {
                case .count(let upTo): .integer(upTo.map { min(selected, $0) } ?? selected)
                case .sum: folded.numbers.sum
                case .average: folded.numbers.average
                }
            }
            return (Dictionary(uniqueKeysWithValues: zip(request.aliases, results)), folded.explanation)
        }
        let selected = try documents(matching: target, in: database, at: version)
        return (request.evaluate(over: selected.documents), selected.explanation)
    }

    /// The documents a sum or average of `field` selects and their numbers, from the field's index
    /// entries alone; nil when the plan cannot answer that way (filters on other fields, an order
    /// before the field's, cursors): the caller then reads the documents.
    func aggregateFromIndex(
        _ target: QueryTarget, field: FieldPath, in database: DatabaseID
    ) throws(FirestoreError) -> (selected: Int, numbers: NumberAccumulator, explanation: QueryExplanation)? {
        guard let order = target.orderBy.first, order.field == field else { return nil }
        return try readIndexed { txn -> (selected: Int, numbers: NumberAccumulator, explanation: QueryExplanation)? in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else {
                return (0, NumberAccumulator(), QueryExplanation(plan: .noDatabase))
            }
            guard var plan = try QueryPlanner(store: store, txn: txn, db: db, target: target).countPlan() else { return nil }
            plan.output = .aggregate
            let executor = IndexExecutor(store: store, txn: txn, db: db, target: target, excluded: [], accepts: { _ in true })
            do {
                let folded = try executor.aggregate(
                    for: plan, field: field, descending: order.descending, offset: target.query.offset, limit: target.query.limit)
                return (folded.selected, folded.numbers, QueryExplanation(plan: plan, stats: executor.stats))
            } catch is IndexPlanAbandoned {
                return nil
            }
        }
    }
}
