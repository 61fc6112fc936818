internal import LMDB

extension IndexExecutor {
    /// How many documents a count plan selects, from index entries (or record headers) alone.
    /// - Throws: `IndexPlanAbandoned` when the plan does not count, documents are excluded, or
    ///   a join meets a cut entry: the caller then counts loaded documents.
    func count(for plan: QueryPlan) throws -> Int {
        guard plan.output == .count, excluded.isEmpty else { throw IndexPlanAbandoned() }
        switch plan.source {
        case .empty: return 0
        case .nameScan(let scan): return try count(of: scan)
        case .fieldScan(let scan): return try count(of: scan)
        case .mergeJoin(let join):
            return try withStream(join) { stream in
                var total = 0
                while stream.currentDocument != nil {
                    total += 1
                    try stream.advance()
                }
                return total
            }
        case .compositeScan, .fullScan: throw IndexPlanAbandoned()
        }
    }

    /// Every document in scope, from the group's name entries (a collection's too: see `countNames`).
    private func count(of scan: NameScan) throws -> Int {
        if let path = scan.scope.collection { return try countNames(in: path, number: scan.scope.id) }
        let end = StorageKeys.successor(ofPrefix: scan.prefix)
        var total = 0
        try txn.scan(in: store.tables.index, from: scan.prefix, to: end) { _, _ in
            total += 1
            return true
        }
        countIndexEntries(total)
        return total
    }

    /// The entries in the scan's range; for a collection-group query under a parent document,
    /// only entries of collections under it (the parent's segments sit after the value in the
    /// key, so the entry's collection decides).
    private func count(of scan: FieldScan) throws -> Int {
        let query = target.query
        let underParent = scan.scope.scope == .group && !query.parent.isEmpty
        var total = 0
        var scanned = 0
        defer { countIndexEntries(scanned) }
        var collectionIsUnderParent: [UInt64: Bool] = [:]
        try txn.scan(in: store.tables.index, from: scan.from, to: scan.to) { _, value in
            scanned += 1
            guard underParent else {
                total += 1
                return true
            }
            guard let entry = IndexKeys.decodeData(value) else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
            if collectionIsUnderParent[entry.collection] == nil {
                collectionIsUnderParent[entry.collection] = try collectionPath(entry.collection)
                    .map { query.parent.isPrefix(of: $0) && $0.count > query.parent.count } ?? false
            }
            if collectionIsUnderParent[entry.collection] == true { total += 1 }
            return true
        }
        return total
    }
}
