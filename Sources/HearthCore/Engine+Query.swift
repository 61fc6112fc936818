internal import LMDB

extension Engine {
    /// Runs a query and returns its documents in query order.
    ///
    /// Execution today reads the candidate collections whole and applies `QueryTarget`'s
    /// in-memory semantics; issue "Queries" replaces the scan with index plans that must return
    /// exactly the same documents. Inside a read-write transaction the returned documents are
    /// recorded as read. Reads at a past time are not yet supported for queries.
    /// - Throws: `INVALID_ARGUMENT` for an invalid query (`QueryValidation`); `UNIMPLEMENTED` for
    ///   a query at a read time or in a read-only transaction.
    public func runQuery(
        _ query: StructuredQuery, in database: DatabaseID, consistency: ReadConsistency = .strong
    ) throws(FirestoreError) -> [Document] {
        let target = try QueryTarget(query, database: database)
        var transaction: TransactionID?
        switch consistency {
        case .strong:
            break
        case .readTime:
            throw FirestoreError(.unimplemented, "Queries at a read time are not supported yet.")
        case .transaction(let id):
            if try transactions.use(id, database: database).readVersion != nil {
                throw FirestoreError(.unimplemented, "Queries in read-only transactions are not supported yet.")
            }
            transaction = id
        }
        let results = target.evaluate(try candidates(for: query, in: database))
        if let transaction {
            for document in results {
                try transactions.recordRead(transaction, key: document.key, version: document.updateTime.microseconds)
            }
        }
        return results
    }

    /// Every document the query could select, read whole from the collections it covers.
    func candidates(for query: StructuredQuery, in database: DatabaseID) throws(FirestoreError) -> [Document] {
        let collections: [ResourcePath]
        if query.allDescendants {
            collections = try read { txn -> [ResourcePath] in
                guard let db = try store.catalog.databaseNumber(database, in: txn) else { return [] }
                return try store.collectionPaths(db: db, collectionID: query.collectionID, in: txn)
                    .filter { query.parent.isPrefix(of: $0) && $0.count > query.parent.count }
            }
        } else {
            collections = [query.parent.appending(query.collectionID ?? "")]
        }
        var documents: [Document] = []
        for collection in collections {
            var token: String?
            repeat {
                let page = try listDocuments(in: database, collection: collection, pageSize: 1_000, pageToken: token)
                documents += page.items.compactMap(\.document)
                token = page.nextPageToken
            } while token != nil
        }
        return documents
    }
}

extension Engine {
    /// Runs aggregations over a query's results (Firestore's `RunAggregationQuery`).
    ///
    /// Only documents holding every field a sum or average reads are considered (Firestore's
    /// rule), before the query's cursors, offset and limit apply; non-numeric values of those
    /// fields are skipped by sum and average but still counted. Default aliases are `field_<n>`.
    /// - Throws: `INVALID_ARGUMENT` for no or more than five aggregations, duplicate aliases, a
    ///   non-positive `upTo`, or an invalid query.
    public func runAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID,
        consistency: ReadConsistency = .strong
    ) throws(FirestoreError) -> [String: Value] {
        guard !aggregations.isEmpty, aggregations.count <= Aggregation.maxPerQuery else {
            throw FirestoreError(
                .invalidArgument,
                "An aggregation query must have between 1 and \(Aggregation.maxPerQuery) aggregations (the maximum number of aggregations is \(Aggregation.maxPerQuery)); it has \(aggregations.count).")
        }
        let aliases = aggregations.enumerated().map { $0.element.alias ?? "field_\($0.offset + 1)" }
        guard Set(aliases).count == aliases.count else {
            throw FirestoreError(.invalidArgument, "Aggregation aliases must be unique, but got \(aliases).")
        }
        for alias in aliases where alias.isEmpty {
            throw FirestoreError(.invalidArgument, "Aggregation aliases must not be empty.")
        }
        for case .count(let upTo?) in aggregations.map(\.kind) where upTo <= 0 {
            throw FirestoreError(.invalidArgument, "count up_to must be greater than zero, but was \(upTo).")
        }
        var unprojected = query
        unprojected.projection = nil
        let target = try QueryTarget(unprojected, database: database)
        let fields = aggregations.compactMap(\.field)
        if case .readTime = consistency {
            throw FirestoreError(.unimplemented, "Aggregations at a read time are not supported yet.")
        }
        if case .transaction(let id) = consistency, try transactions.use(id, database: database).readVersion != nil {
            throw FirestoreError(.unimplemented, "Aggregations in read-only transactions are not supported yet.")
        }
        // Only documents holding every aggregated field count (present, even if null or not a number).
        let candidates = try candidates(for: query, in: database).filter { document in
            fields.allSatisfy { document.fields.value(at: $0) != nil }
        }
        return AggregationEvaluator.evaluate(aggregations, over: target.evaluate(candidates))
    }
}
