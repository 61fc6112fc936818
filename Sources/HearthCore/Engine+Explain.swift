extension Engine {
    /// Runs a query under Query Explain: with `options.analyze` the documents as `runQuery` returns
    /// them plus the plan and execution statistics; without it only the plan, and no documents.
    /// - Throws: as `runQuery` (with `requireIndexes`, a query lacking its composite index fails
    ///   with `FAILED_PRECONDITION` naming the index, whether or not it is analysed).
    package func explainQuery(
        _ query: StructuredQuery, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin, options: ExplainOptions
    ) throws(FirestoreError) -> (documents: [Document], metrics: ExplainMetrics) {
        try explainingQuery(query, in: database, consistency: consistency, access: access, options: options)
    }

    /// `explainQuery`'s body, which its async variant runs once the index has caught up.
    func explainingQuery(
        _ query: StructuredQuery, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext,
        options: ExplainOptions
    ) throws(FirestoreError) -> (documents: [Document], metrics: ExplainMetrics) {
        guard options.analyze else {
            let target = try checkedTarget(query, in: database, access: access)
            _ = try resolve(consistency, in: database)
            var metrics = ExplainReport.planOnly(try plan(for: target, in: database))
            if let index = vectorIndex(for: query) { metrics.planSummary = ExplainReport.summary(of: index) }
            return ([], metrics)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let (documents, explanation) = try executeQuery(query, in: database, consistency: consistency, access: access)
        let duration = clock.now - start
        var metrics = ExplainReport.query(explanation, results: documents.count, duration: duration)
        if let index = vectorIndex(for: query) { metrics.planSummary = ExplainReport.summary(of: index) }
        return (documents, metrics)
    }

    /// Runs aggregations under Query Explain: with `options.analyze` the results as
    /// `runAggregation` returns them plus the plan and execution statistics; without it only the
    /// plan, and no results.
    /// - Throws: as `runAggregation`.
    package func explainAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID,
        consistency: ReadConsistency = .strong, access: AccessContext = .admin, options: ExplainOptions
    ) throws(FirestoreError) -> (results: [String: Value]?, metrics: ExplainMetrics) {
        try explainingAggregation(
            query, aggregations: aggregations, in: database, consistency: consistency, access: access, options: options)
    }

    /// `explainAggregation`'s body, which its async variant runs once the index has caught up.
    func explainingAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID, consistency: ReadConsistency,
        access: AccessContext, options: ExplainOptions
    ) throws(FirestoreError) -> (results: [String: Value]?, metrics: ExplainMetrics) {
        guard options.analyze else {
            let (request, target) = try aggregationTarget(query, aggregations: aggregations, in: database, access: access)
            _ = try resolve(consistency, in: database)
            return (nil, ExplainReport.planOnly(try plan(for: target, in: database, counting: request.fields.isEmpty)))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let (results, explanation) = try executeAggregation(
            query, aggregations: aggregations, in: database, consistency: consistency, access: access)
        let duration = clock.now - start
        return (results, ExplainReport.aggregation(explanation, duration: duration))
    }
}
