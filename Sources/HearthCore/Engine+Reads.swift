internal import LMDB

extension Engine {
    /// Reads one document; nil when it does not exist.
    /// - Throws: `INVALID_ARGUMENT` for an expired transaction or a read time outside the window.
    /// - Throws: also `PERMISSION_DENIED` when the access policy refuses the read for `access`.
    package func getDocument(
        _ key: DocumentKey, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) throws(FirestoreError) -> Document? {
        try readDocument(key, in: database, consistency: consistency, access: access)
    }

    /// `getDocument`'s body, callable from async code without choosing the async variant.
    func readDocument(
        _ key: DocumentKey, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext
    ) throws(FirestoreError) -> Document? {
        guard case .strong = consistency, policy(for: access) == nil else {
            return try getDocuments([key], in: database, consistency: consistency, access: access)[0].document
        }
        // The common case (an admin's current read) without the batch's arrays: a point get is
        // measured against a bare mdb_get, so every allocation here shows.
        return try read { txn in try store.latest(database, key: key, in: txn) }
    }

    /// Reads several documents at one consistent point; results follow `keys`' order, missing ones
    /// with a nil document. Each read is judged (`get`) by the access policy for `access`.
    package func getDocuments(
        _ keys: [DocumentKey], in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) throws(FirestoreError) -> [ListedDocument] {
        try judgedDocuments(keys, in: database, consistency: consistency, access: access, reserving: true)
    }

    /// `getDocuments`; with `reserving` false, a retried transaction's reservation (and its wait
    /// for in-flight commits) is taken to have been made already, by the async variant.
    func judgedDocuments(
        _ keys: [DocumentKey], in database: DatabaseID, consistency: ReadConsistency,
        access: AccessContext, reserving: Bool
    ) throws(FirestoreError) -> [ListedDocument] {
        let found = try unjudgedDocuments(keys, in: database, consistency: consistency, reserving: reserving)
        if let policy = policy(for: access) {
            let version: Int64? = switch consistency {
            case .strong: nil
            case .readTime(let time): time.microseconds
            case .transaction(let id): try transactions.use(id, database: database).readVersion
            }
            for entry in found {
                try authorizeGet(
                    entry.key, resource: entry.document, in: database, access: access, version: version, policy: policy)
            }
        }
        return found
    }

    /// Reads documents without judging them.
    private func unjudgedDocuments(
        _ keys: [DocumentKey], in database: DatabaseID, consistency: ReadConsistency, reserving: Bool
    ) throws(FirestoreError) -> [ListedDocument] {
        switch consistency {
        case .strong:
            return try read { txn in try keys.map { ListedDocument(key: $0, document: try store.latest(database, key: $0, in: txn)) } }
        case .readTime(let time):
            let micros = try checkedReadVersion(time)
            return try read(keys, in: database, at: micros)
        case .transaction(let id):
            let state = try transactions.use(id, database: database)
            if let version = state.readVersion { return try read(keys, in: database, at: version) }
            if reserving { transactions.reserveIfRetrying(id, keys: keys) }  // before reading: a commit after this yields
            let found = try read { txn in try keys.map { ListedDocument(key: $0, document: try store.latest(database, key: $0, in: txn)) } }
            for entry in found {
                try transactions.recordRead(id, key: entry.key, version: entry.document?.updateTime.microseconds)
            }
            return found
        }
    }

    /// Starts a transaction.
    /// - Throws: `INVALID_ARGUMENT` when a read-only transaction's read time is outside the window.
    package func beginTransaction(
        in database: DatabaseID, options: TransactionOptions = .readWrite
    ) throws(FirestoreError) -> TransactionID {
        switch options {
        case .readWrite:
            return transactions.begin(database: database, readVersion: nil)
        case .readWriteRetry(let previous):
            return transactions.begin(database: database, readVersion: nil, retrying: previous)
        case .readOnly(let readTime):
            let version = try readTime.map { time throws(FirestoreError) in try checkedReadVersion(time) }
                ?? writer.latestVersion
            writer.raiseReadFloor(to: version)
            return transactions.begin(database: database, readVersion: version)
        }
    }

    /// Abandons a transaction; its reads and intended writes are forgotten.
    /// - Throws: `INVALID_ARGUMENT` when the transaction is unknown or expired.
    package func rollback(_ id: TransactionID, in database: DatabaseID) throws(FirestoreError) {
        _ = try transactions.finish(id, database: database)
    }

    /// Lists the ids of the collections directly under `parent` (the root when nil), in order:
    /// those holding a document at any depth, as of the read time or read-only transaction
    /// `consistency` names (now when strong). Only admins may list collection ids once an access
    /// policy is set (as in Firebase, where only server SDKs can).
    package func listCollectionIDs(
        in database: DatabaseID, parent: DocumentKey?, pageSize: Int? = nil, pageToken: String? = nil,
        consistency: ReadConsistency = .strong, access: AccessContext = .admin
    ) throws(FirestoreError) -> Page<String> {
        try requireAdmin(access)
        let size = try checkedPageSize(pageSize)
        let parentPath = parent?.path ?? .root
        let all: [String]
        if let version = try resolve(consistency, in: database).version {
            all = try collectionIDs(in: database, parent: parentPath, at: version)
        } else {
            all = try read { txn -> [String] in
                guard let db = try store.catalog.databaseNumber(database, in: txn) else { return [] }
                return try store.collectionIDs(db: db, parent: parentPath, in: txn)
            }
        }
        let after = pageToken.flatMap { $0.isEmpty ? nil : $0 }
        let remaining = after.map { token in all.filter { String.compareUTF8($0, token) > 0 } } ?? all
        let items = Array(remaining.prefix(size))
        return Page(items: items, nextPageToken: remaining.count > size ? items.last : nil)
    }

    /// The keys of a collection's missing documents (paths with no document that have documents
    /// below them), in name order, as of the read time or read-only transaction `consistency`
    /// names (now when strong). Judged as a `list` of the collection, as `listDocuments` is.
    package func listMissingDocuments(
        in database: DatabaseID, collection: ResourcePath, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) throws(FirestoreError) -> [DocumentKey] {
        if policy(for: access) != nil {
            try authorizeList(StructuredQuery(parent: collection.parent ?? .root, collectionID: collection.lastSegment), in: database, access: access)
        }
        if let version = try resolve(consistency, in: database).version {
            return try missingDocumentKeys(in: database, collection: collection, at: version)
        }
        var missing: [DocumentKey] = []
        var token: String?
        repeat {
            let page = try listDocuments(in: database, collection: collection, pageSize: 1_000, pageToken: token, showMissing: true, access: access)
            missing += page.items.filter { $0.document == nil }.map(\.key)
            token = page.nextPageToken
        } while token != nil
        return missing
    }

    /// Lists the documents of the collection at `collection`, in document-id order.
    /// With `showMissing`, paths without a document that have sub-collections are listed too.
    /// Judged as a `list` of the collection with no constraints.
    package func listDocuments(
        in database: DatabaseID, collection: ResourcePath, pageSize: Int? = nil, pageToken: String? = nil,
        showMissing: Bool = false, access: AccessContext = .admin
    ) throws(FirestoreError) -> Page<ListedDocument> {
        guard collection.isCollectionPath else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid collection reference. Collection references must have an odd number of segments, but "
                    + "\(collection.canonicalString) has \(collection.count).")
        }
        if policy(for: access) != nil {
            let query = StructuredQuery(
                parent: collection.parent ?? .root, collectionID: collection.lastSegment, limit: pageSize)
            try authorizeList(query, in: database, access: access)
        }
        let size = try checkedPageSize(pageSize)
        let after = pageToken.flatMap { $0.isEmpty ? nil : $0 }
        let (entries, hasMore) = try read { txn -> ([ListedDocument], Bool) in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return ([], false) }
            return try store.listDocuments(
                db: db, path: collection, afterID: after, limit: size, includeMissing: showMissing, in: txn)
        }
        return Page(items: entries, nextPageToken: hasMore ? entries.last?.key.documentID : nil)
    }

    private func read(_ keys: [DocumentKey], in database: DatabaseID, at micros: Int64) throws(FirestoreError) -> [ListedDocument] {
        try read { txn in
            try keys.map { ListedDocument(key: $0, document: try store.version(database, key: $0, at: micros, in: txn)) }
        }
    }

    /// Validates a read time: within the retention window and not in the future.
    func checkedReadVersion(_ time: Timestamp) throws(FirestoreError) -> Int64 {
        let micros = time.microseconds
        let now = options.clock.nowMicroseconds()
        guard micros <= max(now, writer.latestVersion) else {
            throw FirestoreError(.invalidArgument, "read_time \(time) is in the future.")
        }
        guard micros >= now - options.retentionMicroseconds else {
            throw FirestoreError(
                .failedPrecondition,
                "read_time \(time) is older than the retention window of \(options.retentionMicroseconds / 1_000_000) seconds.")
        }
        writer.raiseReadFloor(to: micros)
        return micros
    }

    private func checkedPageSize(_ pageSize: Int?) throws(FirestoreError) -> Int {
        guard let pageSize, pageSize != 0 else { return Int.max }
        guard pageSize > 0 else { throw FirestoreError(.invalidArgument, "page_size must not be negative.") }
        return pageSize
    }
}
