internal import LMDB

extension IndexExecutor {
    /// A sum's or average's documents and numbers, read from the aggregated field's index entries
    /// alone: each entry's key holds the value (a number's exact bytes) and its data the integer
    /// flag, so no document is decoded. The entries are walked in the query's order on the field
    /// (the order the document path adds them in), `offset` skipped, at most `limit` selected.
    /// - Throws: `IndexPlanAbandoned` when the plan is not an aggregate plan over `field`'s entries,
    ///   or documents are excluded: the caller then reads the documents.
    func aggregate(
        for plan: QueryPlan, field: FieldPath, descending: Bool, offset: Int, limit: Int?
    ) throws -> (selected: Int, numbers: NumberAccumulator) {
        guard plan.output == .aggregate, excluded.isEmpty else { throw IndexPlanAbandoned() }
        switch plan.source {
        case .empty:
            return (0, NumberAccumulator())
        case .fieldScan(let scan) where scan.field == field:
            return try aggregate(scan, descending: descending, offset: offset, limit: limit)
        default:
            throw IndexPlanAbandoned()
        }
    }

    /// Walks the scan's range (backwards when `descending`); for a collection-group query under a
    /// parent document, only entries of collections under it count.
    private func aggregate(
        _ scan: FieldScan, descending: Bool, offset: Int, limit: Int?
    ) throws -> (selected: Int, numbers: NumberAccumulator) {
        let underParent = scan.scope.scope == .group && !target.query.parent.isEmpty
        var collections = CollectionsUnderParent(parent: target.query.parent)
        var numbers = NumberAccumulator()
        var skipped = 0
        var selected = 0
        var scanned = 0
        defer { countIndexEntries(scanned) }
        try txn.scan(in: store.tables.index, from: scan.from, to: scan.to, reverse: descending) { key, value in
            if let limit, selected >= limit { return false }
            scanned += 1
            guard let flags = value.first else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
            if underParent, try !collections.holds(entry: value, executor: self) { return true }
            if skipped < offset {
                skipped += 1
                return true
            }
            selected += 1
            try Self.addNumber(key: key, flags: flags, to: &numbers)
            return true
        }
        return (selected, numbers)
    }

    /// Adds the number an entry's key holds (nothing for another type's value).
    private static func addNumber(key: UnsafeRawBufferPointer, flags: UInt8, to numbers: inout NumberAccumulator) throws {
        let at = IndexKeys.headerBytes
        guard at < key.count else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
        let rank = key[at]
        guard rank == OrderedValueEncoding.Rank.number.rawValue || rank == OrderedValueEncoding.Rank.nan.rawValue else { return }
        let integer = flags & IndexKeys.integerFlag != 0
        guard let number = OrderedValueEncoding.readNumber(in: key, at: at, integer: integer) else {
            throw FirestoreError(.dataLoss, "An index entry is damaged.")
        }
        numbers.add(number)
    }
}
