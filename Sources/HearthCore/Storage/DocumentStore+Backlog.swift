package import LMDB

extension DocumentStore {
    /// Brings the index up to date with every document of `backlog`, in one write transaction:
    /// each document goes from the entries it has to those of its latest contents. Clears the
    /// backlog marker in `meta`. The writes are gathered (up to `backlogWritesPerFlush` at a time)
    /// and put in key order: a backlog's entries fall all over the index, and in key order
    /// consecutive puts share their pages instead of each fetching a random one.
    package func applyBacklog(_ backlog: IndexBacklog, in txn: WriteTransaction) throws {
        var writes = IndexWrites()
        for item in backlog.pending {
            let latest: [String: Value]?
            switch item.latest {
            case .known(let fields): latest = fields
            case .unknown: latest = try record(db: item.db, key: item.key, in: txn, writerPending: Catalog.Pending())?.contents?.fields
            }
            indexWrites(key: item.key, from: item.indexed, to: latest, db: item.db, collection: item.collection, into: &writes)
            if writes.count >= Self.backlogWritesPerFlush {
                writes.sortByKey()
                try writes.apply(tables: tables, txn: txn)
                writes = IndexWrites()
            }
        }
        writes.sortByKey()
        try writes.apply(tables: tables, txn: txn)
        _ = try txn.delete(MetaKey.indexBacklog, in: tables.meta)
    }

    /// How many index writes `applyBacklog` gathers, sorts and writes at a time (bounds its memory
    /// to ~100 MB; a full backlog of documents like the benchmarks' has ~1M writes).
    private static let backlogWritesPerFlush = 1 << 20

    /// Records in `meta` that the index is behind from commit `version` on (in the transaction
    /// that first leaves index work pending): a reader seeing the marker in its snapshot knows the
    /// index there is incomplete, and an engine opening after a crash knows to catch up.
    package func markBacklog(from version: Int64, in txn: WriteTransaction) throws {
        var bytes = [UInt8]()
        bytes.appendBigEndian(UInt64(bitPattern: version))
        try txn.put(bytes, forKey: MetaKey.indexBacklog, in: tables.meta)
    }

    /// True when the snapshot's index is behind its documents (a backlog marker is present).
    package func indexIsBehind(in txn: ReadTransaction) throws -> Bool {
        try txn.withValue(forKey: MetaKey.indexBacklog, in: tables.meta) { _ in true } ?? false
    }

    /// The backlog a crash left (nil when no marker; possibly empty): every document the commit log names from the
    /// marker's version on, with what the index holds for it — the state before its first change
    /// since then, which `history` keeps (none there: the document did not exist).
    package func recoverBacklog(in txn: ReadTransaction) throws -> IndexBacklog? {
        guard let marker = try txn.get(MetaKey.indexBacklog, in: tables.meta) else { return nil }
        guard let first = marker.withUnsafeBytes({ $0.bigEndianUInt64(at: 0) }) else {
            throw FirestoreError(.dataLoss, "The index backlog marker is damaged.")
        }
        var backlog = IndexBacklog()
        var damaged = false
        try txn.scan(in: tables.changes, from: StorageKeys.change(version: Int64(bitPattern: first)), to: nil) { key, value in
            guard let version = key.bigEndianUInt64(at: 0).map({ Int64(bitPattern: $0) }) else {
                damaged = true
                return false
            }
            let change = try ChangeRecord.decode(value)
            for key in change.keys where !backlog.contains(db: change.db, key: key) {
                guard let collection = try catalog.collectionNumber(db: change.db, path: key.collectionPath, in: txn, remember: false)
                else { continue }
                let before = try txn.withValue(
                    forKey: StorageKeys.history(db: change.db, key: key, version: version), in: tables.history
                ) { raw throws(FirestoreError) in try DocumentRecord.decode(raw) }
                backlog.recover(db: change.db, collection: collection, key: key, indexed: before?.contents?.fields, version: version)
            }
            return true
        }
        if damaged { throw FirestoreError(.dataLoss, "Corrupt commit log key.") }
        return backlog
    }
}
