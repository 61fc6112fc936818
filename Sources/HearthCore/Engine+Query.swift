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
    private func candidates(for query: StructuredQuery, in database: DatabaseID) throws(FirestoreError) -> [Document] {
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
