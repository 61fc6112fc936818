internal import LMDB

extension IndexExecutor {
    /// How many documents the collection `path` (number `number`) holds, from its collection
    /// group's name entries: no document record is read.
    ///
    /// Every document has a name entry whose name is each segment of its path encoded, so the
    /// collection's documents are the entries under header + the collection's encoded path. That
    /// range also holds the documents of deeper collections with the same id (`P/C/d/x/C/e`): an
    /// uncut entry is the collection's own exactly when one encoded id follows the prefix, and on
    /// the first deeper entry the walk seeks past the rest of that document's subtree. A cut entry
    /// (a name too long for the key) is decided by the collection number in its data; when the
    /// collection's own path is too long for a key, every entry in the range is cut and its data
    /// decides.
    func countNames(in path: ResourcePath, number: UInt64) throws -> Int {
        let whole = IndexKeys.collectionNamePrefix(db: db, collection: path)
        // Cut keys keep this many bytes of header and name before their hash.
        let kept = IndexKeys.keptKeyBytes
        let byData = whole.count > kept
        let prefix = byData ? Array(whole.prefix(kept)) : whole
        let end = StorageKeys.successor(ofPrefix: prefix)
        var total = 0
        var scanned = 0
        defer { countIndexEntries(scanned) }
        var from = prefix
        while true {
            var resume: [UInt8]?
            try txn.scan(in: store.tables.index, from: from, to: end) { key, value in
                scanned += 1
                guard let flags = value.first else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
                if byData || flags & IndexKeys.cutFlag != 0 {
                    guard let collection = value.bigEndianUInt64(at: 1) else {
                        throw FirestoreError(.dataLoss, "An index entry is damaged.")
                    }
                    if collection == number { total += 1 }
                    return true
                }
                guard let idEnd = OrderedValueEncoding.stringEnd(in: key, from: prefix.count) else {
                    throw FirestoreError(.dataLoss, "An index entry is damaged.")
                }
                if idEnd == key.count {
                    total += 1
                    return true
                }
                // A document of a deeper collection under document `idEnd` names: skip its subtree.
                resume = StorageKeys.successor(ofPrefix: Array(UnsafeRawBufferPointer(rebasing: key[..<idEnd])))
                return false
            }
            guard let next = resume else { return total }
            from = next
        }
    }
}
