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
    /// Under a parent too long for a key the range is what a cut key keeps of the prefix, and
    /// each entry's collection decides (entries of other parents share those bytes).
    private func count(of scan: NameScan) throws -> Int {
        if let path = scan.scope.collection { return try countNames(in: path, number: scan.scope.id) }
        let seekable = QueryPlanner.isSeekable(scan.prefix)
        let prefix = seekable ? scan.prefix : Array(scan.prefix.prefix(IndexKeys.keptKeyBytes))
        var total = 0
        var scanned = 0
        defer { countIndexEntries(scanned) }
        var underParent = CollectionsUnderParent(parent: target.query.parent)
        try txn.scan(in: store.tables.index, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, value in
            scanned += 1
            if try seekable || underParent.holds(entry: value, executor: self) { total += 1 }
            return true
        }
        return total
    }

    /// The entries in the scan's range; for a collection-group query under a parent document,
    /// only entries of collections under it (the parent's segments sit after the value in the
    /// key, so the entry's collection decides).
    private func count(of scan: FieldScan) throws -> Int {
        let underParent = scan.scope.scope == .group && !target.query.parent.isEmpty
        var total = 0
        var scanned = 0
        defer { countIndexEntries(scanned) }
        var collections = CollectionsUnderParent(parent: target.query.parent)
        try txn.scan(in: store.tables.index, from: scan.from, to: scan.to) { _, value in
            scanned += 1
            if try !underParent || collections.holds(entry: value, executor: self) { total += 1 }
            return true
        }
        return total
    }
}

/// Which collections (by number) lie under a parent document, remembered as entries name them.
struct CollectionsUnderParent {
    let parent: ResourcePath
    private var known: [UInt64: Bool] = [:]

    init(parent: ResourcePath) { self.parent = parent }

    /// Whether the index entry whose data is `entry` belongs to a collection under the parent.
    mutating func holds(entry: UnsafeRawBufferPointer, executor: IndexExecutor) throws -> Bool {
        guard let decoded = IndexKeys.decodeData(entry) else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
        if let answer = known[decoded.collection] { return answer }
        let answer = try executor.collectionPath(decoded.collection)
            .map { parent.isPrefix(of: $0) && $0.count > parent.count } ?? false
        known[decoded.collection] = answer
        return answer
    }
}
