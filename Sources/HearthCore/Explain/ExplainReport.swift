/// The one place Hearth's query plan and executor counts become Firestore's Query Explain report.
///
/// - Each index the plan reads is one `indexes_used` entry: its scope (`Collection` or
///   `Collection group`) and its fields as production prints them, `__name__` last. A plan that
///   reads no index (nothing can match, or the collections are read whole) lists none.
/// - A query bills one read per document returned, and one read (`min_query_cost`) when it
///   returns none; an aggregation bills one read per 1,000 index entries read, at least one.
enum ExplainReport {
    /// The planning stage of `plan`.
    static func summary(of plan: QueryPlan) -> PlanSummary {
        PlanSummary(indexesUsed: plan.indexesRead.map { index in
            IndexUsed(queryScope: scopeName(index.scope), properties: index.properties)
        })
    }

    /// The planning stage of a vector query served from a declared vector index: that index, as
    /// production names it (`(color ASC, __name__ ASC, embedding VECTOR<3>)`).
    static func summary(of index: VectorIndexDefinition) -> PlanSummary {
        PlanSummary(indexesUsed: [IndexUsed(queryScope: scopeName(index.queryScope), properties: index.explainProperties)])
    }

    /// The report of a query run that returned `results` documents in `duration`.
    static func query(_ explanation: QueryExplanation, results: Int, duration: Duration) -> ExplainMetrics {
        let minimum = results == 0 ? 1 : 0
        let billing = BillingDetails(documentsBillable: results, indexEntriesBillable: 0, minQueryCost: minimum)
        return ExplainMetrics(
            planSummary: summary(of: explanation.plan),
            executionStats: ExecutionStats(
                resultsReturned: results, executionDuration: duration, readOperations: results + minimum,
                debugStats: debugStats(explanation.stats, billing: billing)))
    }

    /// The report of an aggregation run (one result row) that took `duration`.
    static func aggregation(_ explanation: QueryExplanation, duration: Duration) -> ExplainMetrics {
        let entries = explanation.stats.indexEntriesScanned
        let billing = BillingDetails(documentsBillable: 0, indexEntriesBillable: entries, minQueryCost: entries == 0 ? 1 : 0)
        return ExplainMetrics(
            planSummary: summary(of: explanation.plan),
            executionStats: ExecutionStats(
                resultsReturned: 1, executionDuration: duration, readOperations: max(1, (entries + 999) / 1_000),
                debugStats: debugStats(explanation.stats, billing: billing)))
    }

    /// The report of a plan that was not run (`analyze` false).
    static func planOnly(_ plan: QueryPlan) -> ExplainMetrics {
        ExplainMetrics(planSummary: summary(of: plan))
    }

    private static func debugStats(_ stats: QueryExecutionStats, billing: BillingDetails) -> DebugStats {
        DebugStats(
            indexEntriesScanned: stats.indexEntriesScanned, documentsScanned: stats.documentsScanned, billingDetails: billing)
    }

    /// Production's name of an index scope.
    static func scopeName(_ scope: IndexDefinition.QueryScope) -> String {
        switch scope {
        case .collection: "Collection"
        case .collectionGroup: "Collection group"
        }
    }
}
