extension Engine {
    // The async variants of the index reads, as GRDB pairs `read` with `await read`: each first
    // suspends — never blocking a thread — while index work deferred by bulk commits is applied,
    // then reads, so the read's own check finds the index current. The synchronous variants stay
    // for synchronous callers (they apply pending index work themselves, blocking).

    /// `getDocument`, suspending instead of blocking while a retried transaction waits for
    /// accepted commits to the document to become visible.
    package func getDocument(
        _ key: DocumentKey, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) async throws(FirestoreError) -> Document? {
        guard case .transaction = consistency else {
            return try readDocument(key, in: database, consistency: consistency, access: access)
        }
        return try await getDocuments([key], in: database, consistency: consistency, access: access)[0].document
    }

    /// `getDocuments`, suspending instead of blocking while a retried transaction waits for
    /// accepted commits to the documents to become visible (the one wait a document read has).
    package func getDocuments(
        _ keys: [DocumentKey], in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) async throws(FirestoreError) -> [ListedDocument] {
        if case .transaction(let id) = consistency { await transactions.reserveIfRetrying(id, keys: keys) }
        return try judgedDocuments(keys, in: database, consistency: consistency, access: access, reserving: false)
    }

    /// `runQuery`, suspending instead of blocking while the index catches up.
    package func runQuery(
        _ query: StructuredQuery, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) async throws(FirestoreError) -> [Document] {
        try await catchUpIndex()
        return try executeQuery(query, in: database, consistency: consistency, access: access).documents
    }

    /// `runAggregation`, suspending instead of blocking while the index catches up.
    package func runAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID,
        consistency: ReadConsistency = .strong, access: AccessContext = .admin
    ) async throws(FirestoreError) -> [String: Value] {
        try await catchUpIndex()
        return try executeAggregation(
            query, aggregations: aggregations, in: database, consistency: consistency, access: access
        ).results
    }

    /// `explainQuery`, suspending instead of blocking while the index catches up.
    package func explainQuery(
        _ query: StructuredQuery, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin, options: ExplainOptions
    ) async throws(FirestoreError) -> (documents: [Document], metrics: ExplainMetrics) {
        try await catchUpIndex()
        return try explainingQuery(query, in: database, consistency: consistency, access: access, options: options)
    }

    /// `explainAggregation`, suspending instead of blocking while the index catches up.
    package func explainAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], in database: DatabaseID,
        consistency: ReadConsistency = .strong, access: AccessContext = .admin, options: ExplainOptions
    ) async throws(FirestoreError) -> (results: [String: Value]?, metrics: ExplainMetrics) {
        try await catchUpIndex()
        return try explainingAggregation(
            query, aggregations: aggregations, in: database, consistency: consistency, access: access, options: options)
    }
}
