public import HearthCore

/// A query: a collection (or collection group) with filters, orders, cursors and limits
/// (the SDK's `Query`). Each builder call returns a new query; invalid arguments are reported by
/// `getDocuments()`, never by crashing.
public class Query: @unchecked Sendable {
    // Immutable after init.
    /// The database the query reads.
    public let firestore: Firestore
    let source: Source
    let state: QueryState

    /// Where the documents come from.
    enum Source: Sendable {
        /// The documents directly in one collection.
        case collection(ReferencePath)
        /// Every collection with this id, anywhere in the database.
        case collectionGroup(String)
    }

    init(firestore: Firestore, source: Source, state: QueryState = QueryState()) {
        self.firestore = firestore
        self.source = source
        self.state = state
    }

    /// A copy with `change` applied to the state.
    func with(_ change: (inout QueryState) -> Void) -> Query {
        var next = state
        change(&next)
        return Query(firestore: firestore, source: source, state: next)
    }

    /// Reads the query's documents, in query order.
    nonisolated(nonsending) public func getDocuments() async throws(FirestoreError) -> QuerySnapshot {
        try await run(explaining: nil).snapshot
    }

    /// Runs the query, under Query Explain when `options` are given (no documents without `analyze`).
    nonisolated(nonsending) func run(explaining options: ExplainOptions?) async throws(FirestoreError) -> (snapshot: QuerySnapshot, metrics: ExplainMetrics?) {
        var query = try structuredQuery()
        if state.limitToLast { query = Self.reversed(query) }
        let engine = try firestore.openEngine()
        var (documents, metrics) = try await firestore.run(query, on: engine, explaining: options)
        if state.limitToLast { documents.reverse() }
        return (firestore.snapshot(of: documents), metrics)
    }

    /// The same query with every order flipped and the cursors swapped (for `limit(toLast:)`).
    static func reversed(_ query: StructuredQuery) -> StructuredQuery {
        var flipped = query
        flipped.orderBy = QueryTarget.effectiveOrder(of: query).map { QueryOrder($0.field, descending: !$0.descending) }
        flipped.startAt = query.endAt.map { QueryBound(values: $0.values, before: !$0.before) }
        flipped.endAt = query.startAt.map { QueryBound(values: $0.values, before: !$0.before) }
        return flipped
    }
}

extension Firestore {
    /// Every collection named `collectionID`, wherever it is in the database.
    /// An id containing `/` is reported by the first read.
    public func collectionGroup(_ collectionID: String) -> Query {
        Query(firestore: self, source: .collectionGroup(collectionID))
    }
}
