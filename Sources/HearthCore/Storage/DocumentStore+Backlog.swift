import Foundation
import LMDB
import Synchronization

extension DocumentStore {
    /// Brings the index up to date with every document of `backlog`, in one write transaction:
    /// each document goes from the entries it has to those of its latest contents. Clears the
    /// backlog marker in `meta`. The writes are gathered (about `backlogWritesPerFlush` at a time)
    /// and put in key order: a backlog's entries fall all over the index, and in key order
    /// consecutive puts share their pages instead of each fetching a random one.
    func applyBacklog(_ backlog: IndexBacklog, in txn: WriteTransaction) throws {
        var items = backlog.pending
        // Recovered documents' contents are read here: the transaction belongs to this thread.
        for index in items.indices {
            guard case .unknown = items[index].latest else { continue }
            let item = items[index]
            items[index].resolve(try record(db: item.db, key: item.key, in: txn, writerPending: Catalog.Pending())?.contents?.fields)
        }
        var start = 0
        while start < items.count {
            var end = start
            var estimate = 0
            while end < items.count && (end == start || estimate < Self.backlogWritesPerFlush) {
                estimate += items[end].estimatedIndexWrites
                end += 1
            }
            let runs = orderedWrites(items[start..<end])
            for run in runs { try run.apply(tables: tables, txn: txn) }
            BackgroundRelease.release(runs)
            start = end
        }
        BackgroundRelease.release(items)
        _ = try txn.delete(MetaKey.indexBacklog, in: tables.meta)
    }

    /// About how many index writes `applyBacklog` gathers, orders and writes at a time (bounds its
    /// memory to ~100 MB; a full backlog of documents like the benchmarks' has ~1M writes).
    private static let backlogWritesPerFlush = 1 << 20

    /// The index writes of `items` (latest contents known), in runs to apply one after the
    /// other, each in `IndexWriteOrder`. The runs are worked out in parallel, one per core (up to
    /// 4), each on its own thread: the entries are pure functions of the documents, and only the
    /// puts need the transaction's thread. (Merging the runs into one cost more than it saved:
    /// each run already walks the tree from left to right.)
    private func orderedWrites(_ items: ArraySlice<IndexBacklog.Item>) -> [IndexWrites] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4, items.count / 512))
        let runs = Mutex<[IndexWrites]>(Array(repeating: IndexWrites(), count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let lower = items.startIndex + items.count * part / parts
            let upper = items.startIndex + items.count * (part + 1) / parts
            var writes = IndexWrites()
            for item in items[lower..<upper] {
                guard case .known(let latest) = item.latest else { continue }
                indexWrites(key: item.key, from: item.indexed, to: latest, db: item.db, collection: item.collection, into: &writes)
            }
            writes.sortByKey()
            runs.withLock { $0[part] = writes }
        }
        return runs.withLock { $0 }
    }

    /// Records in `meta` that the index is behind from commit `version` on (in the transaction
    /// that first leaves index work pending): a reader seeing the marker in its snapshot knows the
    /// index there is incomplete, and an engine opening after a crash knows to catch up.
    func markBacklog(from version: Int64, in txn: WriteTransaction) throws {
        var bytes = [UInt8]()
        bytes.appendBigEndian(UInt64(bitPattern: version))
        try txn.put(bytes, forKey: MetaKey.indexBacklog, in: tables.meta)
    }

    /// Removes the marker `markBacklog` wrote: the index holds every document's entries again.
    func clearBacklogMarker(in txn: WriteTransaction) throws {
        _ = try txn.delete(MetaKey.indexBacklog, in: tables.meta)
    }

    /// True when the snapshot's index is behind its documents (a backlog marker is present).
    func indexIsBehind(in txn: ReadTransaction) throws -> Bool {
        try txn.withValue(forKey: MetaKey.indexBacklog, in: tables.meta) { _ in true } ?? false
    }

    /// The backlog a crash left (nil when no marker; possibly empty): every document the commit log names from the
    /// marker's version on, with what the index holds for it — the state before its first change
    /// since then, which `history` keeps (none there: the document did not exist).
    func recoverBacklog(in txn: ReadTransaction) throws -> IndexBacklog? {
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
