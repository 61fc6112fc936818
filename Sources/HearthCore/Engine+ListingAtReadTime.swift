internal import LMDB

/// Listings as they were at a past version: the collection ids under a path, and the *missing*
/// documents of a collection (paths with no document but with documents below them).
///
/// The store keeps no history of its catalog, so the past is rebuilt from what it does keep: a
/// document present now and unchanged since the version (not named by the commit log after it)
/// existed then, and every document the log names is read as it was then from history.
extension Engine {
    /// The ids of the collections directly under `parent` that held a document (at any depth)
    /// at `version`, in UTF-8 order.
    func collectionIDs(
        in database: DatabaseID, parent: ResourcePath, at version: Int64
    ) throws(FirestoreError) -> [String] {
        try read { txn in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return [] }
            let past = PastState(engine: self, database: database, db: db, version: version,
                                 changed: try keysChanged(after: version, db: db, in: txn), txn: txn)
            return try store.collectionIDs(db: db, parent: parent, includeEmpty: true, in: txn).filter { id in
                try past.collectionHeldDocuments(parent.appending(id))
            }
        }
    }

    /// The keys of the collection's missing documents at `version`: paths that had no document
    /// then but had documents below them, in name order.
    func missingDocumentKeys(
        in database: DatabaseID, collection: ResourcePath, at version: Int64
    ) throws(FirestoreError) -> [DocumentKey] {
        try read { txn in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return [] }
            let changed = try keysChanged(after: version, db: db, in: txn)
            let past = PastState(engine: self, database: database, db: db, version: version, changed: changed, txn: txn)
            // Candidates: every path listed now (documents and missing ones), and the path in this
            // collection above each document the log names.
            var candidates = Set(try past.entries(of: collection).map(\.key))
            for key in changed where collection.isPrefix(of: key.path) && key.path.count > collection.count + 1 {
                candidates.insert(DocumentKey(unchecked: ResourcePath(uncheckedSegments: Array(key.path.segments.prefix(collection.count + 1)))))
            }
            return try candidates.filter { key in
                guard try !past.documentExisted(key) else { return false }
                return try store.collectionIDs(db: db, parent: key.path, includeEmpty: true, in: txn).contains { id in
                    try past.collectionHeldDocuments(key.path.appending(id))
                }
            }.sorted()
        }
    }
}

/// What one read transaction knows of a past version.
private struct PastState {
    let engine: Engine
    let database: DatabaseID
    let db: UInt32
    let version: Int64
    /// Every document the commit log names after `version`.
    let changed: Set<DocumentKey>
    let txn: ReadTransaction

    /// Whether the document at `key` existed at `version`.
    func documentExisted(_ key: DocumentKey) throws -> Bool {
        if changed.contains(key) { return try engine.store.version(database, key: key, at: version, in: txn) != nil }
        return try engine.store.record(db: db, key: key, in: txn)?.contents != nil
    }

    /// Whether a document at or below `collection` existed at `version`.
    func collectionHeldDocuments(_ collection: ResourcePath) throws -> Bool {
        for key in changed where collection.isPrefix(of: key.path) {
            if try engine.store.version(database, key: key, at: version, in: txn) != nil { return true }
        }
        return try holdsUnchangedDocument(collection)
    }

    /// Whether a document present now at or below `collection` is unchanged since `version`
    /// (so it existed then).
    private func holdsUnchangedDocument(_ collection: ResourcePath) throws -> Bool {
        for entry in try entries(of: collection) {
            if entry.document != nil && !changed.contains(entry.key) { return true }
            for id in try engine.store.collectionIDs(db: db, parent: entry.key.path, in: txn)
            where try holdsUnchangedDocument(entry.key.path.appending(id)) {
                return true
            }
        }
        return false
    }

    /// Every entry listed now in `collection`, missing documents included.
    func entries(of collection: ResourcePath) throws -> [ListedDocument] {
        var all: [ListedDocument] = []
        var after: String?
        repeat {
            let page = try engine.store.listDocuments(
                db: db, path: collection, afterID: after, limit: 1_000, includeMissing: true, in: txn)
            all += page.entries
            after = page.hasMore ? page.entries.last?.key.documentID : nil
        } while after != nil
        return all
    }
}
