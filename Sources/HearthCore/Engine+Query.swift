internal import LMDB

extension Engine {
    /// Runs a query and returns its documents in query order.
    ///
    /// `QueryPlanner` chooses how the indexes answer it (a `QueryPlan` value) and `IndexExecutor`
    /// runs that plan; the results are exactly those of `QueryTarget`'s in-memory semantics, which
    /// also serve reads at a past time. Inside a read-write transaction the returned documents are
    /// recorded as read; at a read time (or in a read-only transaction) the documents are read as
    /// they were then, from history and the commit log.
    /// - Throws: `INVALID_ARGUMENT` for an invalid query (`QueryValidation`) or a read time outside
    ///   the retention window; `PERMISSION_DENIED` when the access policy refuses the query for
    ///   `access` (judged from its constraints, never from the documents).
    package func runQuery(
        _ query: StructuredQuery, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) throws(FirestoreError) -> [Document] {
        try executeQuery(query, in: database, consistency: consistency, access: access).documents
    }

    /// Runs a query (vector searches included) and reports the plan and what running it read.
    func executeQuery(
        _ query: StructuredQuery, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext
    ) throws(FirestoreError) -> (documents: [Document], explanation: QueryExplanation) {
        // A vector search runs over the whole documents of the query without it, then projects.
        let search = query.findNearest
        let target = try checkedTarget(query, in: database, access: access)
        let (version, transaction) = try resolve(consistency, in: database)
        let found = try documents(matching: target, in: database, at: version)
        var results = found.documents
        if let search {
            results = search.apply(to: results)
            if let projection = query.projection {
                results = QueryTarget.project(results, onto: projection + (search.distanceResultField.map { [$0] } ?? []))
            }
        }
        if let transaction {
            for document in results {
                try transactions.recordRead(transaction, key: document.key, version: document.updateTime.microseconds)
            }
        }
        return (results, found.explanation)
    }

    /// The validated target a query (or the base of a vector search) reads, once the index
    /// requirement and the access policy have both allowed it.
    func checkedTarget(_ query: StructuredQuery, in database: DatabaseID, access: AccessContext) throws(FirestoreError) -> QueryTarget {
        var base = query
        if let search = query.findNearest {
            try search.validate()
            base.findNearest = nil
            base.projection = nil
        }
        let target = try QueryTarget(base, database: database)
        if let search = query.findNearest {
            // Production serves a vector query from a declared vector index, whose leading fields
            // stand for the composite the filter would otherwise need.
            if options.requireIndexes {
                try VectorIndexRequirement.check(base, search: search, configuration: options.indexes, project: database.project)
            }
        } else {
            try checkIndexes(target)
        }
        try authorizeList(query, in: database, access: access)
        return target
    }

    /// The declared vector index a vector query is served from (what Query Explain names), or nil.
    func vectorIndex(for query: StructuredQuery) -> VectorIndexDefinition? {
        guard let search = query.findNearest else { return nil }
        var base = query
        base.findNearest = nil
        return VectorIndexRequirement.index(for: base, search: search, configuration: options.indexes)
    }

    /// The number of documents `target` matches (ignoring offset and limit), counted from index
    /// entries alone, with the count plan and its work; nil when the index cannot count it exactly
    /// (the caller counts documents).
    func countFromIndex(_ target: QueryTarget, in database: DatabaseID) throws(FirestoreError) -> (count: Int, explanation: QueryExplanation)? {
        try readIndexed { txn -> (count: Int, explanation: QueryExplanation)? in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return (0, QueryExplanation(plan: .noDatabase)) }
            guard let plan = try QueryPlanner(store: store, txn: txn, db: db, target: target).countPlan() else { return nil }
            let executor = IndexExecutor(store: store, txn: txn, db: db, target: target, excluded: [], accepts: { _ in true })
            do {
                let count = try executor.count(for: plan)
                return (count, QueryExplanation(plan: plan, stats: executor.stats))
            } catch is IndexPlanAbandoned {
                return nil
            }
        }
    }

    /// Runs a query the way the fallback does, reading its collections whole and evaluating in
    /// memory, never through the index: the comparison benchmarks measure plans against.
    package func runQueryByFullScan(_ query: StructuredQuery, in database: DatabaseID) throws(FirestoreError) -> [Document] {
        let target = try QueryTarget(query, database: database)
        return target.evaluate(try candidates(for: query, in: database, at: nil))
    }

    /// With `requireIndexes`, refuses a query production would refuse for want of an index.
    func checkIndexes(_ target: QueryTarget) throws(FirestoreError) {
        guard options.requireIndexes else { return }
        try IndexRequirement.check(target, configuration: options.indexes)
    }

    /// Runs a query at the latest version and reports the plan and the work it took (for tests
    /// and benchmarks: index use is asserted by counts, never by timing).
    func explain(_ query: StructuredQuery, in database: DatabaseID) throws(FirestoreError) -> QueryExplanation {
        try documents(matching: QueryTarget(query, database: database), in: database, at: nil).explanation
    }

    /// The plan the latest version would answer a query with, without running it (only the
    /// catalog, and the run lengths that weigh a join, are read).
    /// - Throws: `INVALID_ARGUMENT` for an invalid query; with `requireIndexes`,
    ///   `FAILED_PRECONDITION` as `runQuery` would.
    func queryPlan(_ query: StructuredQuery, in database: DatabaseID) throws(FirestoreError) -> QueryPlan {
        let target = try QueryTarget(query, database: database)
        try checkIndexes(target)
        return try plan(for: target, in: database)
    }

    /// The plan the latest version would answer `target` with (a count plan when `counting` and
    /// the index can count it), without running it.
    func plan(for target: QueryTarget, in database: DatabaseID, counting: Bool = false) throws(FirestoreError) -> QueryPlan {
        try readIndexed { txn in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return QueryPlan.noDatabase }
            var planner = QueryPlanner(store: store, txn: txn, db: db, target: target)
            if counting, let count = try planner.countPlan() { return count }
            return try planner.plan()
        }
    }

    /// The query's results as of `version` (nil = latest): from the index when a plan applies,
    /// else from the bounded fallback that reads the query's collections whole. `accepts` must
    /// also hold for every result (aggregations require their fields before the limit applies).
    ///
    /// At an older version, the documents changed since then (named by the commit log) are read
    /// as they were and merged with the index's answer for the others, all in one read transaction.
    func documents(
        matching target: QueryTarget, in database: DatabaseID, at version: Int64?,
        accepts: @escaping (Document) -> Bool = { _ in true }
    ) throws(FirestoreError) -> (documents: [Document], explanation: QueryExplanation) {
        let query = target.query
        let indexed: (documents: [Document]?, explanation: QueryExplanation) = try readIndexed { txn in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else {
                return ([], QueryExplanation(plan: .noDatabase))
            }
            var changed: Set<DocumentKey> = []
            var earlier: [Document] = []
            if let version {
                changed = try keysChanged(after: version, db: db, in: txn).filter { Self.query(query, covers: $0) }
                earlier = try changed.compactMap { try store.version(database, key: $0, at: version, in: txn) }
                    .filter(accepts)
            }
            var planner = QueryPlanner(store: store, txn: txn, db: db, target: target)
            let executor = IndexExecutor(store: store, txn: txn, db: db, target: target, excluded: changed, accepts: accepts)
            let (plan, found) = try PlannedExecution.documents(planner: &planner, executor: executor)
            var stats = executor.stats
            stats.indexEntriesScanned += planner.entriesProbed
            return (found.map { $0 + earlier }, QueryExplanation(plan: plan, stats: stats))
        }
        var explanation = indexed.explanation
        if let found = indexed.documents {
            // At the latest version the plan's documents are already filtered and in order; only
            // offset and projection remain. At an earlier one they merge with the commit log's.
            let documents = version == nil ? target.finish(found) : target.evaluate(found)
            return (documents, explanation)
        }
        let candidates = try candidates(for: query, in: database, at: version)
        explanation.stats.documentsScanned += candidates.count
        return (target.evaluate(candidates.filter(accepts)), explanation)
    }

    /// The version to read at (nil = latest) and the read-write transaction to record reads in.
    func resolve(
        _ consistency: ReadConsistency, in database: DatabaseID
    ) throws(FirestoreError) -> (version: Int64?, transaction: TransactionID?) {
        switch consistency {
        case .strong:
            return (nil, nil)
        case .readTime(let time):
            return (try checkedReadVersion(time), nil)
        case .transaction(let id):
            if let version = try transactions.use(id, database: database).readVersion { return (version, nil) }
            return (nil, id)
        }
    }

    /// Every document the query could select, as of `version` (nil = latest).
    func candidates(for query: StructuredQuery, in database: DatabaseID, at version: Int64?) throws(FirestoreError) -> [Document] {
        let latest = try candidates(for: query, in: database)
        guard let version else { return latest }
        // Documents that changed after `version` may have been different, or absent now (deleted):
        // the commit log names every one of them; each is read as it was at `version`.
        var keys = Set(latest.map(\.key))
        for key in try keysChanged(after: version, in: database) where covers(query, key) { keys.insert(key) }
        return try read { txn in
            try keys.compactMap { try store.version(database, key: $0, at: version, in: txn) }
        }
    }

    /// Whether `key` lies in a collection the query reads.
    private func covers(_ query: StructuredQuery, _ key: DocumentKey) -> Bool { Self.query(query, covers: key) }

    /// Whether `key` lies in a collection `query` reads.
    static func query(_ query: StructuredQuery, covers key: DocumentKey) -> Bool {
        let collection = key.collectionPath
        if !query.allDescendants { return collection == query.parent.appending(query.collectionID ?? "") }
        guard query.parent.isPrefix(of: collection), collection.count > query.parent.count else { return false }
        return query.collectionID.map { String.equalUTF8(collection.lastSegment ?? "", $0) } ?? true
    }

    /// The documents of `database` changed by commits after `version` (from the commit log).
    private func keysChanged(after version: Int64, in database: DatabaseID) throws(FirestoreError) -> Set<DocumentKey> {
        try read { txn in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return [] }
            return try keysChanged(after: version, db: db, in: txn)
        }
    }

    /// The documents of database number `db` changed by commits after `version`, read in `txn`.
    func keysChanged(after version: Int64, db: UInt32, in txn: ReadTransaction) throws -> Set<DocumentKey> {
        var keys: Set<DocumentKey> = []
        try txn.scan(in: store.tables.changes, from: StorageKeys.change(version: version + 1), to: nil) { _, value in
            let record = try ChangeRecord.decode(value)
            if record.db == db { keys.formUnion(record.keys) }
            return true
        }
        return keys
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
