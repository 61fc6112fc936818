public import HearthCore

/// The outcome of a query run under Query Explain (the server SDKs' `ExplainResults`): the report,
/// and the results when the query was analysed (`ExplainOptions(analyze: true)`).
public struct ExplainResults<Snapshot: Sendable>: Sendable {
    /// The plan, and with `analyze` the execution statistics.
    public let metrics: ExplainMetrics
    /// The results; nil when the query was only planned.
    public let snapshot: Snapshot?
}

extension Query {
    /// Plans (and with `analyze`, runs) the query, reporting the indexes it reads and, when run,
    /// what it read and returned.
    nonisolated(nonsending) public func explain(options: ExplainOptions = ExplainOptions()) async throws(FirestoreError) -> ExplainResults<QuerySnapshot> {
        let (snapshot, metrics) = try await run(explaining: options)
        return ExplainResults(metrics: metrics ?? ExplainMetrics(planSummary: PlanSummary(indexesUsed: [])), snapshot: options.analyze ? snapshot : nil)
    }
}

extension VectorQuery {
    /// Plans (and with `analyze`, runs) the search; the indexes reported are those of the query searched.
    nonisolated(nonsending) public func explain(options: ExplainOptions = ExplainOptions()) async throws(FirestoreError) -> ExplainResults<QuerySnapshot> {
        let (snapshot, metrics) = try await run(explaining: options)
        return ExplainResults(metrics: metrics ?? ExplainMetrics(planSummary: PlanSummary(indexesUsed: [])), snapshot: options.analyze ? snapshot : nil)
    }
}

extension AggregateQuery {
    /// Plans (and with `analyze`, computes) the aggregations.
    nonisolated(nonsending) public func explain(options: ExplainOptions = ExplainOptions()) async throws(FirestoreError) -> ExplainResults<AggregateQuerySnapshot> {
        let (snapshot, metrics) = try await run(explaining: options)
        return ExplainResults(metrics: metrics ?? ExplainMetrics(planSummary: PlanSummary(indexesUsed: [])), snapshot: snapshot)
    }
}

extension Firestore {
    /// Runs a structured query on `engine`, under Query Explain when `options` are given (the
    /// engine's async reads: they suspend while the index catches up with bulk commits).
    nonisolated(nonsending) func run(
        _ query: StructuredQuery, on engine: Engine, explaining options: ExplainOptions?
    ) async throws(FirestoreError) -> (documents: [Document], metrics: ExplainMetrics?) {
        guard let options else { return (try await engine.runQuery(query, in: databaseID, access: access), nil) }
        let (documents, metrics) = try await engine.explainQuery(query, in: databaseID, access: access, options: options)
        return (documents, metrics)
    }

    /// A query snapshot of `documents`, in their order.
    func snapshot(of documents: [Document]) -> QuerySnapshot {
        QuerySnapshot(documents: documents.map {
            QueryDocumentSnapshot(reference: DocumentReference(firestore: self, key: $0.key), document: $0)
        })
    }
}
