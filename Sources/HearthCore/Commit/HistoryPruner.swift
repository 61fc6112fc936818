import LMDB

/// Drops commit-log entries and document history older than the retention window.
enum HistoryPruner {
    /// Most log entries removed per group commit, so pruning never makes a transaction too large.
    static let maxEntriesPerCall = 256

    /// Removes log entries (and the history they point at) with versions below `cutoff`.
    static func prune(before cutoff: Int64, store: DocumentStore, in txn: WriteTransaction) throws {
        guard cutoff > 0 else { return }
        var expired: [(version: Int64, record: ChangeRecord)] = []
        try txn.scan(in: store.tables.changes, from: nil, to: StorageKeys.change(version: cutoff)) { key, value in
            guard let version = key.bigEndianUInt64(at: 0) else {
                throw FirestoreError(.dataLoss, "Corrupt commit log key.")
            }
            expired.append((Int64(bitPattern: version), try ChangeRecord.decode(value)))
            return expired.count < maxEntriesPerCall
        }
        for (version, record) in expired {
            for key in record.keys {
                try txn.delete(StorageKeys.history(db: record.db, key: key, version: version), in: store.tables.history)
            }
            try txn.delete(StorageKeys.change(version: version), in: store.tables.changes)
        }
    }
}
