/// Query Explain's options (Firestore's `ExplainOptions`).
public struct ExplainOptions: Sendable, Equatable {
    /// Whether to run the query: with `false` only the plan is reported and no results come back.
    public var analyze: Bool

    /// Creates options; by default the query is planned, not run.
    public init(analyze: Bool = false) {
        self.analyze = analyze
    }
}

/// What Query Explain reports about a query (Firestore's `ExplainMetrics`).
public struct ExplainMetrics: Sendable, Equatable {
    /// The planning stage: which indexes the query reads.
    public var planSummary: PlanSummary
    /// The execution stage; present only when the query was run (`analyze`).
    public var executionStats: ExecutionStats?

    /// Creates a report.
    public init(planSummary: PlanSummary, executionStats: ExecutionStats? = nil) {
        self.planSummary = planSummary
        self.executionStats = executionStats
    }
}

/// The indexes a query plan reads (Firestore's `PlanSummary`).
public struct PlanSummary: Sendable, Equatable {
    /// One entry per index read, in reading order.
    public var indexesUsed: [IndexUsed]

    /// Creates a summary.
    public init(indexesUsed: [IndexUsed]) {
        self.indexesUsed = indexesUsed
    }
}

/// One index in a plan summary, in the shape production prints it.
public struct IndexUsed: Sendable, Equatable {
    /// `Collection` or `Collection group`.
    public var queryScope: String
    /// The index's fields with directions, e.g. `(city ASC, population DESC, __name__ DESC)`.
    public var properties: String

    /// Creates an entry.
    public init(queryScope: String, properties: String) {
        self.queryScope = queryScope
        self.properties = properties
    }
}

/// What running a query took (Firestore's `ExecutionStats`).
public struct ExecutionStats: Sendable, Equatable {
    /// Results returned: documents, or one for an aggregation.
    public var resultsReturned: Int
    /// Time spent executing the query in the engine.
    public var executionDuration: Duration
    /// Billable read operations, as production would bill this query.
    public var readOperations: Int
    /// The raw counts behind the figures above.
    public var debugStats: DebugStats

    /// Creates execution statistics.
    public init(resultsReturned: Int, executionDuration: Duration, readOperations: Int, debugStats: DebugStats) {
        self.resultsReturned = resultsReturned
        self.executionDuration = executionDuration
        self.readOperations = readOperations
        self.debugStats = debugStats
    }
}

/// The raw counts of a query run, counted by the executor (never estimated).
public struct DebugStats: Sendable, Equatable {
    /// Index entries read, including those the planner probed to choose a plan.
    public var indexEntriesScanned: Int
    /// Document records read.
    public var documentsScanned: Int
    /// How production would bill the run.
    public var billingDetails: BillingDetails

    /// Creates debug statistics.
    public init(indexEntriesScanned: Int, documentsScanned: Int, billingDetails: BillingDetails) {
        self.indexEntriesScanned = indexEntriesScanned
        self.documentsScanned = documentsScanned
        self.billingDetails = billingDetails
    }
}

/// The billing breakdown of a query run (Firestore's `billing_details`).
public struct BillingDetails: Sendable, Equatable {
    /// Documents billed: one per document returned by a query.
    public var documentsBillable: Int
    /// Index entries billed: those an aggregation read.
    public var indexEntriesBillable: Int
    /// Small operations billed (none for a query).
    public var smallOps: Int
    /// The minimum charge of one read when a query returns nothing.
    public var minQueryCost: Int

    /// Creates a billing breakdown.
    public init(documentsBillable: Int, indexEntriesBillable: Int, smallOps: Int = 0, minQueryCost: Int) {
        self.documentsBillable = documentsBillable
        self.indexEntriesBillable = indexEntriesBillable
        self.smallOps = smallOps
        self.minQueryCost = minQueryCost
    }
}
