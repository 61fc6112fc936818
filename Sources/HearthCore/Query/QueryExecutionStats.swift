/// What running a query read, counted by the code that read it (never estimated).
struct QueryExecutionStats: Sendable, Equatable {
    /// Entries read from the single-field and composite index tables, the run lengths the planner
    /// probed to choose a plan included.
    var indexEntriesScanned = 0
    /// Document records read: decoded, or only checked for existence when counting.
    var documentsScanned = 0
}

/// A query's plan beside what running it read (what Query Explain reports).
struct QueryExplanation: Sendable, Equatable {
    /// The plan that produced the results (after any re-planning).
    var plan: QueryPlan
    /// The work every attempt took together.
    var stats = QueryExecutionStats()
}
