internal import LMDB

/// Runs a `QueryPlan` inside one read transaction, counting what it reads.
///
/// Returns the first `offset + limit` matching documents in query order (all of them without a
/// limit), unprojected; the caller applies offset and projection. Throws `IndexPlanAbandoned` when
/// the plan meets a cut entry it cannot order, or is a full scan: the caller then re-plans or
/// reads the query's collections whole.
final class IndexExecutor {
    /// The store read.
    let store: DocumentStore
    /// The read transaction every read uses.
    let txn: ReadTransaction
    /// The database number read.
    let db: UInt32
    /// The query whose plan runs.
    let target: QueryTarget
    /// Documents to skip (read elsewhere, as of an earlier version).
    let excluded: Set<DocumentKey>
    private let accepts: (Document) -> Bool
    private var paths: [UInt64: ResourcePath] = [:]
    /// What every plan run so far has read.
    private(set) var stats = QueryExecutionStats()

    /// Prepares an execution; `excluded` documents are skipped, `accepts` must hold for each result.
    init(
        store: DocumentStore, txn: ReadTransaction, db: UInt32, target: QueryTarget,
        excluded: Set<DocumentKey>, accepts: @escaping (Document) -> Bool
    ) {
        self.store = store
        self.txn = txn
        self.db = db
        self.target = target
        self.excluded = excluded
        self.accepts = accepts
    }

    private var query: StructuredQuery { target.query }

    /// The documents `plan` selects, in query order, at most its limit.
    func documents(for plan: QueryPlan) throws -> [Document] {
        let stopAt = plan.sortOrder == nil ? plan.limit : nil
        var results: [Document]
        switch plan.source {
        case .empty: return []
        case .fullScan: throw IndexPlanAbandoned()
        case .nameScan(let scan): results = try documents(of: scan, stopAt: stopAt)
        case .fieldScan(let scan): results = try documents(of: scan, stopAt: stopAt)
        case .compositeScan(let scan): results = try documents(of: scan, stopAt: stopAt)
        case .mergeJoin(let join): results = try withStream(join) { try consume($0, stopAt: stopAt) }
        }
        if plan.sortOrder != nil {
            // The plan's sort order is the query's effective order, which `compare` applies.
            results.sort { target.compare($0, $1) < 0 }
            if let limit = plan.limit, results.count > limit { results.removeLast(results.count - limit) }
        }
        return results
    }

    // MARK: name order

    /// Streams the documents of `stream` in name order, up to `stopAt` matches.
    private func consume(_ stream: any NameOrderedStream, stopAt: Int?) throws -> [Document] {
        var results: [Document] = []
        while let indexed = stream.currentDocument {
            if let document = try load(indexed), passes(document) {
                results.append(document)
                if let stopAt, results.count >= stopAt { break }
            }
            try stream.advance()
        }
        return results
    }

    /// Every document in scope in name order: the collection's records, or the group's name entries.
    private func documents(of scan: NameScan, stopAt: Int?) throws -> [Document] {
        var results: [Document] = []
        let prefix = scan.prefix
        let end = StorageKeys.successor(ofPrefix: prefix)
        if let path = scan.scope.collection {
            try txn.scan(in: store.tables.documents, from: prefix, to: end, reverse: scan.descending) { key, value in
                stats.documentsScanned += 1
                if StorageKeys.isShortened(idKeyLength: key.count - prefix.count) { throw IndexPlanAbandoned() }
                let id = StorageKeys.id(fromKeyPart: UnsafeRawBufferPointer(rebasing: key[prefix.count...]))
                let documentKey = DocumentKey(unchecked: path.appending(id))
                guard let document = try DocumentRecord.decode(value).document(key: documentKey) else { return true }
                if passes(document) { results.append(document) }
                return stopAt.map { results.count < $0 } ?? true
            }
            return results
        }
        try collect(in: store.tables.index, from: prefix, to: end, reverse: scan.descending, stopAt: stopAt, into: &results)
        return results
    }

    // MARK: field order

    /// Walks one field's entries in range; documents of equal value are re-sorted when the scan
    /// says so, and so is each run of cut entries sharing a group key.
    private func documents(of scan: FieldScan, stopAt: Int?) throws -> [Document] {
        var results: [Document] = []
        var tie: [Document] = []
        var openCutGroup: [UInt8]?
        func flush() {
            if tie.count > 1 { tie.sort { target.compare($0, $1) < 0 } }
            results += tie
            tie.removeAll(keepingCapacity: true)
        }
        try txn.scan(in: store.tables.index, from: scan.from, to: scan.to, reverse: scan.descending) { key, value in
            let entry = try decodeEntry(value)
            let cutGroup = entry.flags & IndexKeys.cutFlag != 0 ? IndexKeys.groupKey(of: key, flags: entry.flags) : nil
            let sameCutGroup = cutGroup != nil && cutGroup == openCutGroup
            openCutGroup = cutGroup
            guard let document = try load(IndexedDocument(collection: entry.collection, id: entry.id)),
                  passes(document) else { return true }
            if !sameCutGroup, let last = tie.last,
               !scan.sortsTies
                || Value.compare(target.value(of: scan.field, in: last), target.value(of: scan.field, in: document)) != 0 {
                flush()
                if let stopAt, results.count >= stopAt { return false }
            }
            tie.append(document)
            return true
        }
        flush()
        if let stopAt, results.count > stopAt { results.removeLast(results.count - stopAt) }
        return results
    }

    // MARK: composite order

    /// Walks a declared composite index's range in query order.
    private func documents(of scan: CompositeScan, stopAt: Int?) throws -> [Document] {
        var results: [Document] = []
        try collect(in: store.tables.composite, from: scan.from, to: scan.to, reverse: scan.backward, stopAt: stopAt, into: &results)
        return results
    }

    /// Appends the documents of the index entries in `from..<to` (walked backwards when `reverse`)
    /// that pass the residual filters, until `results` holds `stopAt`; a cut entry abandons the plan.
    private func collect(
        in table: Database, from: [UInt8], to: [UInt8]?, reverse: Bool, stopAt: Int?, into results: inout [Document]
    ) throws {
        try txn.scan(in: table, from: from, to: to, reverse: reverse) { _, value in
            let entry = try decodeEntry(value)
            if entry.flags & IndexKeys.cutFlag != 0 { throw IndexPlanAbandoned() }
            if let document = try load(IndexedDocument(collection: entry.collection, id: entry.id)), passes(document) {
                results.append(document)
            }
            return stopAt.map { results.count < $0 } ?? true
        }
    }

    // MARK: shared

    /// Counts one index entry read and decodes its data.
    func decodeEntry(_ value: UnsafeRawBufferPointer) throws -> (flags: UInt8, collection: UInt64, id: String) {
        stats.indexEntriesScanned += 1
        guard let entry = IndexKeys.decodeData(value) else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
        return entry
    }

    /// Counts index entries read without decoding them.
    func countIndexEntries(_ count: Int) {
        stats.indexEntriesScanned += count
    }

    /// The path of the collection with number `number` (remembered); nil when it is gone.
    func collectionPath(_ number: UInt64) throws -> ResourcePath? {
        if let known = paths[number] { return known }
        guard let found = try store.catalog.collectionPath(number, in: txn) else { return nil }
        paths[number] = found.path
        return found.path
    }

    /// Whether a loaded document belongs in the results (scope, filters, cursors, caller's condition).
    private func passes(_ document: Document) -> Bool {
        !excluded.contains(document.key) && Engine.query(query, covers: document.key)
            && target.matches(document) && target.isWithinBounds(document) && accepts(document)
    }

    /// Reads the document an index entry names (nil when it is gone or a phantom).
    private func load(_ indexed: IndexedDocument) throws -> Document? {
        guard let path = try collectionPath(indexed.collection) else { return nil }
        let key = DocumentKey(unchecked: path.appending(indexed.id))
        stats.documentsScanned += 1
        let storageKey = StorageKeys.document(db: db, collection: indexed.collection, id: indexed.id)
        return try txn.withValue(forKey: storageKey, in: store.tables.documents) { raw throws(FirestoreError) in
            try DocumentRecord.decode(raw).document(key: key)
        } ?? nil
    }

    /// Opens one cursor per run of `join` and gives `body` the stream of its documents; every
    /// entry the runs read is counted, also when the join is abandoned.
    func withStream<R>(_ join: MergeJoin, _ body: (any NameOrderedStream) throws -> R) throws -> R {
        try withCursors(join.tree.runs.count) { cursors in
            var opened: [IndexRun] = []
            defer { stats.indexEntriesScanned += opened.reduce(0) { $0 + $1.entriesRead } }
            return try body(try stream(join.tree, descending: join.descending, cursors: cursors, opened: &opened))
        }
    }

    /// The stream of one tree node; its runs take the next unused cursors and join `opened`.
    private func stream(
        _ tree: RunTree, descending: Bool, cursors: [Cursor], opened: inout [IndexRun]
    ) throws -> any NameOrderedStream {
        switch tree {
        case .run(let run):
            let indexRun = IndexRun(cursor: cursors[opened.count], prefix: run.prefix, reverse: descending)
            opened.append(indexRun)
            try indexRun.start()
            return indexRun
        case .union(let parts):
            var streams: [any NameOrderedStream] = []
            for part in parts { streams.append(try stream(part, descending: descending, cursors: cursors, opened: &opened)) }
            return UnionStream(streams, reverse: descending)
        case .intersection(let parts):
            var streams: [any NameOrderedStream] = []
            for part in parts { streams.append(try stream(part, descending: descending, cursors: cursors, opened: &opened)) }
            return try IntersectionStream(streams, reverse: descending)
        }
    }

    /// Opens `count` cursors on the index table for the duration of `body`.
    private func withCursors<R>(_ count: Int, _ body: ([Cursor]) throws -> R) throws -> R {
        var opened: [Cursor] = []
        func open(_ remaining: Int) throws -> R {
            if remaining == 0 { return try body(opened) }
            return try txn.withCursor(in: store.tables.index) { cursor in
                opened.append(cursor)
                return try open(remaining - 1)
            }
        }
        return try open(count)
    }
}
