import LMDB

/// Puts and deletes for the `index` and `composite` tables, gathered before they are written.
struct IndexWrites: Sendable {
    /// One write: the entry's key and its data (nil: delete the entry).
    typealias Write = (key: [UInt8], value: [UInt8]?)

    /// Writes to the single-field `index` table.
    var single: [Write] = []
    /// Writes to the `composite` table.
    var composite: [Write] = []

    /// No writes yet.
    init() {}

    /// How many writes there are.
    var count: Int { single.count + composite.count }

    /// Appends the deletes of entries only `old` has and the puts of those `new` adds or changes;
    /// both sorted by key (`IndexEntries` order) and walked together once, so the writes come out
    /// in key order too.
    static func diff(from old: [IndexEntries.Entry], to new: [IndexEntries.Entry], into writes: inout [Write]) {
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            let order = oldIndex == old.count ? 1
                : newIndex == new.count ? -1 : IndexEntries.compare(old[oldIndex].key, new[newIndex].key)
            if order < 0 {
                writes.append((old[oldIndex].key, nil))
                oldIndex += 1
            } else if order > 0 {
                writes.append((new[newIndex].key, new[newIndex].value))
                newIndex += 1
            } else {
                if old[oldIndex].value != new[newIndex].value { writes.append((new[newIndex].key, new[newIndex].value)) }
                oldIndex += 1
                newIndex += 1
            }
        }
    }

    /// Orders the writes of each table by key, for locality (see `IndexWriteOrder`).
    mutating func sortByKey() {
        single = IndexWriteOrder.sorted(single)
        composite = IndexWriteOrder.sorted(composite)
    }

    /// Writes everything in `txn`, in the order held.
    func apply(tables: Tables, txn: WriteTransaction) throws {
        try Self.apply(single, to: tables.index, txn: txn)
        try Self.apply(composite, to: tables.composite, txn: txn)
    }

    /// Writes between two releases of the mapped pages in one long run: each put of a catch-up
    /// can land on a page of its own, so 1,024 keep at most ~4 MiB of leaves mapped (4,096 let a
    /// 1M-document import's data-file pages peak at 53 MiB, over its 200 MiB VmRSS budget).
    private static let releaseStride = 1_024

    /// Writes applied in one nested transaction when a run is longer (see `apply(_:to:txn:)`).
    static let nestedChunk = 4_096

    private static func apply(_ writes: [Write], to table: Database, txn: WriteTransaction) throws {
        guard writes.count > nestedChunk else { return try apply(writes[...], to: table, txn: txn) }
        // LMDB keeps a transaction's dirty pages in one sorted array and inserts each page it
        // touches by shifting the entries above it. A catch-up's page numbers come out of the free
        // list in no useful order, so one long run spent half its time shifting that array. A child
        // transaction starts with an empty array, and committing it merges the two in one pass.
        var start = 0
        while start < writes.count {
            let end = min(start + nestedChunk, writes.count)
            try txn.nested { child in try apply(writes[start..<end], to: table, txn: child) }
            start = end
        }
    }

    private static func apply(_ writes: ArraySlice<Write>, to table: Database, txn: WriteTransaction) throws {
        // By index, borrowing each key and value in place (a `for (key, value) in` copy retained
        // and released both arrays of every write).
        for index in writes.indices {
            // A long run walks much of the table: the pages behind it are released as it goes
            // (the file's pages stay in the page cache; see `Environment.releaseMappedPages`).
            if index > 0 && index % releaseStride == 0 { txn.releaseMappedPages() }
            if writes[index].value == nil {
                _ = try txn.delete(writes[index].key, in: table)
            } else {
                try writes[index].key.withUnsafeBytes { key in
                    try writes[index].value?.withUnsafeBytes { value in try txn.put(value, forKey: key, in: table) }
                }
            }
        }
    }
}
