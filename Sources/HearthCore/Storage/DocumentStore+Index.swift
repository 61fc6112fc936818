package import LMDB

extension DocumentStore {
    /// Brings the `index` table in line with one document change, in the writer's transaction:
    /// removes the entries only the old contents had and adds those only the new contents have.
    package func updateIndex(
        _ change: CommitApplier.Change, db: UInt32, collection: UInt64, in txn: WriteTransaction
    ) throws {
        let old = change.before.map {
            IndexEntries.entries(key: change.key, fields: $0.fields, db: db, collection: collection)
        } ?? [:]
        let new = change.after.map {
            IndexEntries.entries(key: change.key, fields: $0.fields, db: db, collection: collection)
        } ?? [:]
        for key in old.keys where new[key] == nil { _ = try txn.delete(key, in: tables.index) }
        for (key, data) in new where old[key] != data { try txn.put(data, forKey: key, in: tables.index) }
    }

    /// Rebuilds the whole `index` table from the documents (opening a schema-1 directory).
    /// Returns how many documents were indexed.
    package func rebuildIndex(in txn: WriteTransaction) throws -> Int {
        _ = try txn.deleteRange(in: tables.index, from: [], to: nil)
        var paths: [UInt64: (db: UInt32, path: ResourcePath)] = [:]
        var pending: [(key: [UInt8], data: [UInt8])] = []
        var indexed = 0
        try txn.scan(in: tables.documents, from: nil, to: nil) { rawKey, value in
            guard let db = rawKey.bigEndianUInt32(at: 0), let collection = rawKey.bigEndianUInt64(at: 4) else {
                throw FirestoreError(.dataLoss, "A documents key is damaged: \(StorageKeys.describe(key: rawKey)).")
            }
            let record = try DocumentRecord.decode(value)
            guard let contents = record.contents else { return true }
            if paths[collection] == nil {
                guard let known = try catalog.collectionPath(collection, in: txn) else {
                    throw FirestoreError(.dataLoss, "Collection number \(collection) has no path.")
                }
                paths[collection] = known
            }
            guard let path = paths[collection]?.path else { return true }
            let idBytes = UnsafeRawBufferPointer(rebasing: rawKey[12...])
            let id = record.fullID ?? String(decoding: idBytes, as: UTF8.self)
            let key = DocumentKey(unchecked: path.appending(id))
            for (entryKey, data) in IndexEntries.entries(key: key, fields: contents.fields, db: db, collection: collection) {
                pending.append((entryKey, data))
            }
            indexed += 1
            return true
        }
        for entry in pending { try txn.put(entry.data, forKey: entry.key, in: tables.index) }
        return indexed
    }
}
