import LMDB

extension DocumentStore {
    /// Stores one document's change of a commit at `version`, inside the writer's transaction.
    ///
    /// Keeps the invariants: every record's ancestors have records (documents or phantoms); a
    /// phantom exists only while it has a sub-collection with records; the state before an update
    /// or delete goes to `history`. The index follows in the same transaction, or — when
    /// `deferred` is non-nil — the document joins that backlog for a later, larger one.
    func store(
        _ change: CommitApplier.Change, db: UInt32, version: Int64, in txn: WriteTransaction,
        pending: inout Catalog.Pending, deferred: inout IndexBacklog?
    ) throws {
        let key = change.key
        if change.before != nil || change.after != nil {
            let collection = try catalog.assignCollection(db: db, path: key.collectionPath, in: txn, pending: &pending)
            if deferred != nil {
                deferred?.record(change, db: db, collection: collection, version: version)
            } else {
                try updateIndex(change, db: db, collection: collection, in: txn)
            }
        }
        if let before = change.before {
            let previous = DocumentRecord(contents: before, fullID: nil)
            try txn.put(previous.encoded(), forKey: StorageKeys.history(db: db, key: key, version: version), in: tables.history)
        }
        if let after = change.after {
            try put(DocumentRecord(contents: after, fullID: nil), key: key, db: db, in: txn, pending: &pending)
            if change.before == nil { try ensureAncestors(of: key, db: db, in: txn, pending: &pending) }
        } else {
            try removeOrKeepAsPhantom(key, db: db, in: txn, pending: &pending)
        }
    }

    /// Writes a record at `key` (adding the full id when the key shortens it).
    private func put(
        _ record: DocumentRecord, key: DocumentKey, db: UInt32, in txn: WriteTransaction, pending: inout Catalog.Pending
    ) throws {
        let collection = try catalog.assignCollection(db: db, path: key.collectionPath, in: txn, pending: &pending)
        let idKey = StorageKeys.idKey(key.documentID)
        var record = record
        if StorageKeys.isShortened(idKeyLength: idKey.count) { record.fullID = key.documentID }
        let storageKey = StorageKeys.documentsPrefix(db: db, collection: collection) + idKey
        // Imports and bulk loads mostly arrive in name order: appending fills pages instead of halving them.
        try txn.putAppendingWhenLast(record.encoded(), forKey: storageKey, in: tables.documents)
    }

    /// Gives every missing ancestor document a phantom record, stopping at the first that has one.
    private func ensureAncestors(
        of key: DocumentKey, db: UInt32, in txn: WriteTransaction, pending: inout Catalog.Pending
    ) throws {
        var ancestor = key.parentDocument
        while let current = ancestor {
            if try record(db: db, key: current, in: txn, writerPending: pending) != nil { return }
            try put(DocumentRecord(contents: nil, fullID: nil), key: current, db: db, in: txn, pending: &pending)
            ancestor = current.parentDocument
        }
    }

    /// Deletes `key`'s record, or turns it into a phantom when it still has sub-collections; then
    /// removes phantom ancestors that no longer have any.
    private func removeOrKeepAsPhantom(
        _ key: DocumentKey, db: UInt32, in txn: WriteTransaction, pending: inout Catalog.Pending
    ) throws {
        if try hasLiveSubcollections(db: db, parent: key.path, in: txn) {
            try put(DocumentRecord(contents: nil, fullID: nil), key: key, db: db, in: txn, pending: &pending)
            return
        }
        try deleteRecord(key, db: db, in: txn, pending: pending)
        var ancestor = key.parentDocument
        while let current = ancestor,
              let record = try record(db: db, key: current, in: txn, writerPending: pending), record.contents == nil,
              try !hasLiveSubcollections(db: db, parent: current.path, in: txn) {
            try deleteRecord(current, db: db, in: txn, pending: pending)
            ancestor = current.parentDocument
        }
    }

    private func deleteRecord(_ key: DocumentKey, db: UInt32, in txn: WriteTransaction, pending: Catalog.Pending) throws {
        guard let collection = try collectionNumber(db: db, path: key.collectionPath, in: txn, writerPending: pending)
        else { return }
        try txn.delete(StorageKeys.document(db: db, collection: collection, id: key.documentID), in: tables.documents)
    }
}
