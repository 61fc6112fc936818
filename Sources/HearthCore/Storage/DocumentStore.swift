import LMDB

/// Reads and writes document records, their history and phantom ancestors (layout: `StorageKeys.swift`).
struct DocumentStore: Sendable {
    /// The tables.
    let tables: Tables
    /// The declared composite indexes (and overrides), fixed while the directory is open.
    let indexes: IndexConfiguration
    /// Which fields keep collection-group single-field entries (from the overrides).
    let groupScope: GroupScopePolicy
    /// Database and collection numbers.
    let catalog: Catalog

    /// Creates a store.
    init(tables: Tables, catalog: Catalog, indexes: IndexConfiguration = IndexConfiguration()) {
        self.tables = tables
        self.indexes = indexes
        self.groupScope = GroupScopePolicy(indexes)
        self.catalog = catalog
    }

    /// The stored record of `key`, or nil when neither a document nor a phantom is there.
    /// `writerPending` is non-nil only inside the writer's transaction (see `Catalog`).
    func record(
        db: UInt32, key: DocumentKey, in txn: ReadTransaction, writerPending: Catalog.Pending? = nil
    ) throws -> DocumentRecord? {
        guard let collection = try collectionNumber(db: db, path: key.collectionPath, in: txn, writerPending: writerPending)
        else { return nil }
        let storageKey = StorageKeys.document(db: db, collection: collection, id: key.documentID)
        return try txn.withValue(forKey: storageKey, in: tables.documents) { raw throws(FirestoreError) in
            try DocumentRecord.decode(raw)
        }
    }

    /// The collection number for `path`, honouring uncommitted writer mappings when given.
    func collectionNumber(
        db: UInt32, path: ResourcePath, in txn: ReadTransaction, writerPending: Catalog.Pending?
    ) throws -> UInt64? {
        if let writerPending {
            if let known = writerPending.collections[Catalog.CollectionRef(db: db, path: path)] { return known }
            return try catalog.collectionNumber(db: db, path: path, in: txn, remember: false)
        }
        return try catalog.collectionNumber(db: db, path: path, in: txn)
    }

    /// The latest version of the document, or nil when it does not exist.
    func latest(_ database: DatabaseID, key: DocumentKey, in txn: ReadTransaction) throws -> Document? {
        guard let location = try catalog.locate(key, in: database, txn) else { return nil }
        // The closure takes the table alone: capturing `self` copied the whole store (a retain and
        // release of each of its references) on every get.
        let documents = tables.documents
        let found = try StorageKeys.withDocumentKey(
            db: location.db, collection: location.collection, id: key.documentID
        ) { storageKey in
            try txn.withValue(forKeyBytes: storageKey, in: documents) { raw throws(FirestoreError) in
                try DocumentRecord.document(key: key, from: raw)
            }
        }
        return found ?? nil
    }

    /// The document as it was at `micros` (a commit version), using `history`.
    ///
    /// The first history entry after `micros` holds the state just before that later commit, which
    /// is the state at `micros` if it had been created by then. With no later entry the current
    /// record answers, if it was created by then (creations are not logged: their "before" is
    /// always "missing").
    func version(
        _ database: DatabaseID, key: DocumentKey, at micros: Int64, in txn: ReadTransaction
    ) throws -> Document? {
        guard let db = try catalog.databaseNumber(database, in: txn) else { return nil }
        let prefix = StorageKeys.historyPrefix(db: db, key: key)
        var earlier: DocumentRecord?
        try txn.scan(
            in: tables.history, from: StorageKeys.history(db: db, key: key, version: micros + 1),
            to: StorageKeys.successor(ofPrefix: prefix)
        ) { _, value in
            earlier = try DocumentRecord.decode(value)
            return false
        }
        if let earlier {
            // That version may itself have been created after `micros`: then nothing was there yet.
            guard let contents = earlier.contents, contents.createTime <= micros else { return nil }
            return earlier.document(key: key)
        }
        guard let current = try record(db: db, key: key, in: txn)?.document(key: key),
              current.createTime.microseconds <= micros else { return nil }
        return current
    }

    /// True when some collection directly under `parent` holds a record (a document or a phantom).
    func hasLiveSubcollections(db: UInt32, parent: ResourcePath, in txn: ReadTransaction) throws -> Bool {
        var found = false
        let prefix = StorageKeys.childrenPrefix(db: db, parent: parent)
        try txn.scan(in: tables.children, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, value in
            guard let collection = value.bigEndianUInt64(at: 0) else {
                throw FirestoreError(.dataLoss, "Corrupt stored collection entry.")
            }
            found = try collectionHasRecords(db: db, collection: collection, in: txn)
            return !found
        }
        return found
    }

    /// True when the collection holds at least one record.
    func collectionHasRecords(db: UInt32, collection: UInt64, in txn: ReadTransaction) throws -> Bool {
        let prefix = StorageKeys.documentsPrefix(db: db, collection: collection)
        var any = false
        try txn.scan(in: tables.documents, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, _ in
            any = true
            return false
        }
        return any
    }
}
