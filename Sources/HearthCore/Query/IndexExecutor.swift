internal import LMDB

/// What one query execution did: the plan it chose and how much it read.
package struct QueryExecutionStats: Sendable, Equatable {
    /// The plan: `name-scan`, `field-scan(<field>)`, `merge-join(<n> runs)`, `runs-then-sort`, `fallback`.
    package var plan = ""
    /// Index (or document-table) entries visited.
    package var entriesRead = 0
    /// Documents decoded.
    package var documentsLoaded = 0
}

/// Answers a query from the single-field index inside one read transaction.
///
/// Returns the first `offset + limit` matching documents in query order (all of them without a
/// limit), unprojected; the caller applies offset and projection. Returns nil when no index plan
/// applies (kindless queries) or one met a cut entry it cannot order: the caller then falls back
/// to reading the query's collections whole.
final class IndexExecutor {
    private let store: DocumentStore
    private let txn: ReadTransaction
    private let db: UInt32
    private let target: QueryTarget
    private let excluded: Set<DocumentKey>
    private let accepts: (Document) -> Bool
    private var paths: [UInt64: ResourcePath] = [:]
    private(set) var stats = QueryExecutionStats()

    /// Equality runs at least this long make a field-ordered scan preferable to join-then-sort.
    static let sortCap = 1_000

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
    private var wanted: Int? { query.limit.map { query.offset + $0 } }

    /// Runs the best plan; nil when the caller must fall back.
    func run() throws -> [Document]? {
        guard let scope = try scope() else { return nil }
        guard let collectionOrGroup = scope else { return [] }
        do {
            return try run(in: collectionOrGroup)
        } catch is IndexPlanAbandoned {
            return nil
        }
    }

    /// Where the entries live: `.some(nil)` when the collection does not exist; nil for kindless queries.
    private func scope() throws -> IndexScope?? {
        guard let collectionID = query.collectionID else { return nil }
        if query.allDescendants {
            return .some(IndexScope(
                scope: .group, id: IndexKeys.groupID(collectionID),
                namePrefix: IndexKeys.groupName(path: query.parent), collection: nil))
        }
        let path = query.parent.appending(collectionID)
        guard let number = try store.catalog.collectionNumber(db: db, path: path, in: txn) else { return .some(nil) }
        return .some(IndexScope(scope: .collection, id: number, namePrefix: [], collection: path))
    }

    private func run(in scope: IndexScope) throws -> [Document] {
        do {
            if let results = try compositePlan(scope: scope) { return results }
        } catch is IndexPlanAbandoned {
            stats = QueryExecutionStats()  // a cut composite entry: the single-field plans still apply
        }
        let first = target.orderBy[0]
        let reverse = first.descending
        if !first.field.isDocumentID && !isIndexed(first.field, in: scope) {
            // A collection-group query ordered by a field without group-scope entries: every
            // document of the group, in name order, filtered, then sorted.
            var all = try nameScan(scope: scope, reverse: false, wantedOverride: .some(nil))
            all.sort { target.compare($0, $1) < 0 }
            stats.plan = "group-scan-then-sort"
            return all
        }
        if first.field.isDocumentID {
            if let disjuncts = runDisjuncts(scope: scope) {
                if disjuncts.isEmpty { return [] }
                stats.plan = "merge-join(\(disjuncts.map(\.count).reduce(0, +)) runs)"
                return try withStream(disjuncts, scope: scope, reverse: reverse) { try consume($0, sortAfter: false) }
            }
            return try nameScan(scope: scope, reverse: reverse)
        }
        if let disjuncts = runDisjuncts(scope: scope) {
            if disjuncts.isEmpty { return [] }
            if try smallestRun(disjuncts, scope: scope) < Self.sortCap {
                stats.plan = "runs-then-sort"
                return try withStream(disjuncts, scope: scope, reverse: false) { try consume($0, sortAfter: true) }
            }
        }
        return try fieldScan(first, scope: scope)
    }

    /// Whether `field` has single-field entries in `scope` (always in collection scope; in group
    /// scope only where an override enables them).
    private func isIndexed(_ field: FieldPath, in scope: IndexScope) -> Bool {
        scope.scope == .collection || store.groupScope.isEnabled(field, in: query.collectionID ?? "")
    }

    /// The field a leaf filters on.
    private static func field(of leaf: QueryFilter) -> FieldPath? {
        switch leaf {
        case .field(let field, _, _), .unary(let field, _): return field
        case .composite: return nil
        }
    }

    /// The query's filter as an OR of ANDs of run unions, when every disjunct has at least one
    /// equality-like filter on an indexed field; disjuncts that can match nothing (an empty union)
    /// are dropped.
    private func runDisjuncts(scope: IndexScope) -> [[IndexPlanning.RunUnion]]? {
        let filterDisjuncts: [[QueryFilter]]
        if let leaves = IndexPlanning.conjuncts(query.filter) {
            filterDisjuncts = [leaves]
        } else if let disjuncts = IndexPlanning.disjuncts(query.filter) {
            filterDisjuncts = disjuncts
        } else {
            return nil
        }
        var result: [[IndexPlanning.RunUnion]] = []
        for leaves in filterDisjuncts {
            let unions = leaves.filter { Self.field(of: $0).map { isIndexed($0, in: scope) } ?? false }
                .compactMap(IndexPlanning.runs(for:))
            if unions.isEmpty { return nil }
            if unions.contains(where: \.isEmpty) { continue }
            result.append(unions)
        }
        return result
    }

    // MARK: counting

    /// The number of matching documents counted from index entries alone, without decoding a
    /// document, or nil when no exact count is possible (cursors, filters the entries cannot
    /// decide, excluded documents): the caller then counts loaded documents.
    func count() throws -> Int? {
        guard excluded.isEmpty, query.startAt == nil, query.endAt == nil, let leaves = IndexPlanning.conjuncts(query.filter),
              let scopeOrNil = try scope(), let scope = scopeOrNil else { return nil }
        let fieldOrders = target.orderBy.filter { !$0.field.isDocumentID }
        do {
            if leaves.isEmpty && fieldOrders.isEmpty { return try countScope(scope) }
            let fields = leaves.compactMap(Self.field(of:)) + fieldOrders.map(\.field)
            guard fields.allSatisfy({ isIndexed($0, in: scope) }) else { return nil }
            let unions = leaves.compactMap(IndexPlanning.runs(for:))
            if fieldOrders.isEmpty && unions.count == leaves.count {
                if unions.contains(where: \.isEmpty) { return 0 }
                stats.plan = "count-merge-join"
                return try withStream([unions], scope: scope, reverse: false) { stream in
                    var total = 0
                    while stream.currentDocument != nil {
                        total += 1
                        try stream.advance()
                    }
                    stats.entriesRead += stream.entriesRead
                    return total
                }
            }
            if fieldOrders.count == 1, leaves.allSatisfy({ Self.constrains(fieldOrders[0].field, $0) }) {
                let field = fieldOrders[0].field
                let range = IndexPlanning.range(of: field, in: leaves)
                guard leaves.isEmpty || range.exact else { return nil }
                if range.isEmpty { return 0 }
                stats.plan = "count-range(\(field.canonicalString))"
                let header = IndexKeys.header(
                    db: db, scope: scope.scope, scopeID: scope.id, kind: .value, field: IndexKeys.fieldID(field))
                let probes = range.probes(descending: false)
                return try countEntries(
                    in: store.tables.index, from: header + probes.lower,
                    to: probes.upper.map { header + $0 } ?? StorageKeys.successor(ofPrefix: header), scope: scope)
            }
        } catch is IndexPlanAbandoned {
            return nil
        }
        return nil
    }

    /// Whether `leaf` is a filter on `field` that a value range expresses exactly.
    private static func constrains(_ field: FieldPath, _ leaf: QueryFilter) -> Bool {
        switch leaf {
        case .field(field, let op, _): return [.equal, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual].contains(op)
        case .unary(field, let op): return op == .isNull || op == .isNaN
        default: return false
        }
    }

    /// Every document in scope: the collection's records that are documents, or the group's name entries.
    private func countScope(_ scope: IndexScope) throws -> Int {
        stats.plan = "count-scan"
        if scope.collection != nil {
            let prefix = StorageKeys.documentsPrefix(db: db, collection: scope.id)
            var total = 0
            try txn.scan(in: store.tables.documents, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, value in
                stats.entriesRead += 1
                if DocumentRecord.exists(value) { total += 1 }
                return true
            }
            return total
        }
        let header = IndexKeys.header(db: db, scope: .group, scopeID: scope.id, kind: .name, field: 0)
        let prefix = header + scope.namePrefix
        var total = 0
        try txn.scan(in: store.tables.index, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, _ in
            total += 1
            return true
        }
        stats.entriesRead += total
        return total
    }

    /// Counts entries in [`from`, `to`); for a collection-group query under a parent document,
    /// only entries of collections under it (the parent's segments sit after the value in the key,
    /// so the entry's collection decides).
    private func countEntries(in table: Database, from: [UInt8], to: [UInt8]?, scope: IndexScope) throws -> Int {
        let underParent = scope.scope == .group && !query.parent.isEmpty
        var total = 0
        var collectionIsUnderParent: [UInt64: Bool] = [:]
        try txn.scan(in: table, from: from, to: to) { _, value in
            stats.entriesRead += 1
            if underParent {
                guard let entry = IndexKeys.decodeData(value) else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
                if collectionIsUnderParent[entry.collection] == nil {
                    let path = try store.catalog.collectionPath(entry.collection, in: txn)?.path
                    collectionIsUnderParent[entry.collection] =
                        path.map { query.parent.isPrefix(of: $0) && $0.count > query.parent.count } ?? false
                }
                if collectionIsUnderParent[entry.collection] != true { return true }
            }
            total += 1
            return true
        }
        return total
    }

    // MARK: composite plan

    /// Answers the query from a declared composite index whose fields are exactly its equality
    /// (and array-contains) fields followed by its order: one range scan in query order.
    private func compositePlan(scope: IndexScope) throws -> [Document]? {
        guard let collectionID = query.collectionID, let leaves = IndexPlanning.conjuncts(query.filter),
              let match = CompositeMatch.find(
                target: target, leaves: leaves, in: store.indexes.indexes(for: collectionID),
                scope: scope.scope == .group ? .collectionGroup : .collection)
        else { return nil }
        stats.plan = "composite"
        let prefix = IndexKeys.compositeHeader(index: match.definition.storageID, db: db, scopeID: scope.id) + match.prefix
        var from = prefix
        var to = StorageKeys.successor(ofPrefix: prefix)
        if let first = match.firstOrder {
            let range = IndexPlanning.range(of: first.fieldPath, in: leaves)
            if range.isEmpty { return [] }
            let probes = range.probes(descending: first.mode == .descending)
            from = prefix + probes.lower
            if let upper = probes.upper { to = prefix + upper }
        }
        var results: [Document] = []
        try txn.scan(in: store.tables.composite, from: from, to: to, reverse: match.reverse) { _, value in
            stats.entriesRead += 1
            guard let entry = IndexKeys.decodeData(value) else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
            if entry.flags & IndexKeys.cutFlag != 0 { throw IndexPlanAbandoned() }
            if let document = try load(IndexedDocument(collection: entry.collection, id: entry.id)), passes(document) {
                results.append(document)
            }
            return wanted.map { results.count < $0 } ?? true
        }
        return results
    }

    // MARK: name-ordered plans

    /// Streams the documents of `stream` in name order (or gathers and sorts them).
    private func consume(_ stream: any NameOrderedStream, sortAfter: Bool) throws -> [Document] {
        var results: [Document] = []
        while let indexed = stream.currentDocument {
            if let document = try load(indexed), passes(document) {
                results.append(document)
                if !sortAfter, let wanted, results.count >= wanted { break }
            }
            try stream.advance()
        }
        stats.entriesRead += stream.entriesRead
        if sortAfter { results.sort { target.compare($0, $1) < 0 } }
        return results
    }

    /// Every document in scope in name order: the collection's records, or the group's name entries.
    private func nameScan(scope: IndexScope, reverse: Bool, wantedOverride: Int?? = nil) throws -> [Document] {
        stats.plan = "name-scan"
        let wanted = wantedOverride ?? self.wanted
        var results: [Document] = []
        if let path = scope.collection {
            let prefix = StorageKeys.documentsPrefix(db: db, collection: scope.id)
            try txn.scan(in: store.tables.documents, from: prefix, to: StorageKeys.successor(ofPrefix: prefix), reverse: reverse) { key, value in
                stats.entriesRead += 1
                if StorageKeys.isShortened(idKeyLength: key.count - prefix.count) { throw IndexPlanAbandoned() }
                let id = String(decoding: UnsafeRawBufferPointer(rebasing: key[prefix.count...]), as: UTF8.self)
                let documentKey = DocumentKey(unchecked: path.appending(id))
                stats.documentsLoaded += 1
                guard let document = try DocumentRecord.decode(value).document(key: documentKey) else { return true }
                if passes(document) { results.append(document) }
                return wanted.map { results.count < $0 } ?? true
            }
            return results
        }
        let header = IndexKeys.header(db: db, scope: .group, scopeID: scope.id, kind: .name, field: 0)
        let prefix = header + scope.namePrefix
        try txn.scan(in: store.tables.index, from: prefix, to: StorageKeys.successor(ofPrefix: prefix), reverse: reverse) { _, value in
            stats.entriesRead += 1
            guard let entry = IndexKeys.decodeData(value) else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
            if entry.flags & IndexKeys.cutFlag != 0 { throw IndexPlanAbandoned() }
            if let document = try load(IndexedDocument(collection: entry.collection, id: entry.id)), passes(document) {
                results.append(document)
            }
            return wanted.map { results.count < $0 } ?? true
        }
        return results
    }

    // MARK: field-ordered plan

    /// Walks the first order field's index within the range its filters (and start cursor) allow.
    private func fieldScan(_ order: QueryOrder, scope: IndexScope) throws -> [Document] {
        stats.plan = "field-scan(\(order.field.canonicalString))"
        let leaves = IndexPlanning.conjuncts(query.filter) ?? []
        let range = IndexPlanning.range(of: order.field, in: leaves)
        if range.isEmpty { return [] }
        let header = IndexKeys.header(
            db: db, scope: scope.scope, scopeID: scope.id, kind: .value, field: IndexKeys.fieldID(order.field))
        let probes = range.probes(descending: false)
        let from = header + probes.lower
        let to = probes.upper.map { header + $0 } ?? StorageKeys.successor(ofPrefix: header)
        let exactOrder = target.orderBy.count == 2 && target.orderBy[1].descending == order.descending
        var results: [Document] = []
        var tie: [Document] = []
        var openCutGroup: [UInt8]?
        func flush() {
            if tie.count > 1 { tie.sort { target.compare($0, $1) < 0 } }
            results += tie
            tie.removeAll(keepingCapacity: true)
        }
        try txn.scan(in: store.tables.index, from: from, to: to, reverse: order.descending) { key, value in
            stats.entriesRead += 1
            guard let entry = IndexKeys.decodeData(value) else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
            let cutGroup = entry.flags & IndexKeys.cutFlag != 0 ? IndexKeys.groupKey(of: key, flags: entry.flags) : nil
            let sameCutGroup = cutGroup != nil && cutGroup == openCutGroup
            openCutGroup = cutGroup
            guard let document = try load(IndexedDocument(collection: entry.collection, id: entry.id)),
                  passes(document) else { return true }
            if !sameCutGroup, let last = tie.last,
               exactOrder || Value.compare(target.value(of: order.field, in: last), target.value(of: order.field, in: document)) != 0 {
                flush()
                if let wanted, results.count >= wanted { return false }
            }
            tie.append(document)
            return true
        }
        flush()
        if let wanted, results.count > wanted { results.removeLast(results.count - wanted) }
        return results
    }

    // MARK: runs

    /// Opens one cursor per run and gives `body` the union of the disjuncts' intersections of unions.
    private func withStream<R>(
        _ disjuncts: [[IndexPlanning.RunUnion]], scope: IndexScope, reverse: Bool,
        _ body: (any NameOrderedStream) throws -> R
    ) throws -> R {
        let count = disjuncts.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        return try withCursors(count) { cursors in
            var next = 0
            var branches: [any NameOrderedStream] = []
            for unions in disjuncts {
                var parts: [any NameOrderedStream] = []
                for union in unions {
                    var runs: [any NameOrderedStream] = []
                    for key in union {
                        runs.append(try IndexRun(cursor: cursors[next], prefix: prefix(of: key, scope: scope), reverse: reverse))
                        next += 1
                    }
                    parts.append(runs.count == 1 ? runs[0] : UnionStream(runs, reverse: reverse))
                }
                branches.append(parts.count == 1 ? parts[0] : try IntersectionStream(parts, reverse: reverse))
            }
            return try body(branches.count == 1 ? branches[0] : UnionStream(branches, reverse: reverse))
        }
    }

    /// An upper estimate of the documents the disjuncts can match: per disjunct its smallest union
    /// of runs, summed; each run counted only up to `sortCap`.
    private func smallestRun(_ disjuncts: [[IndexPlanning.RunUnion]], scope: IndexScope) throws -> Int {
        var estimate = 0
        for unions in disjuncts {
            var smallest = Int.max
            for union in unions {
                var total = 0
                for key in union where total < Self.sortCap {
                    let prefix = prefix(of: key, scope: scope)
                    try txn.scan(in: store.tables.index, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, _ in
                        total += 1
                        return total < Self.sortCap
                    }
                }
                stats.entriesRead += total
                smallest = min(smallest, total)
            }
            estimate += smallest
            if estimate >= Self.sortCap { return estimate }
        }
        return estimate
    }

    /// The key prefix of one run in `scope`.
    private func prefix(of key: IndexPlanning.RunKey, scope: IndexScope) -> [UInt8] {
        IndexKeys.header(db: db, scope: scope.scope, scopeID: scope.id, kind: key.kind, field: IndexKeys.fieldID(key.field))
            + key.value + scope.namePrefix
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

    // MARK: documents

    /// Whether a loaded document belongs in the results (scope, filters, cursors, caller's condition).
    private func passes(_ document: Document) -> Bool {
        !excluded.contains(document.key) && Engine.query(query, covers: document.key)
            && target.matches(document) && target.isWithinBounds(document) && accepts(document)
    }

    /// Reads the document an index entry names (nil when it is gone or a phantom).
    private func load(_ indexed: IndexedDocument) throws -> Document? {
        let path: ResourcePath
        if let known = paths[indexed.collection] {
            path = known
        } else {
            guard let found = try store.catalog.collectionPath(indexed.collection, in: txn) else { return nil }
            paths[indexed.collection] = found.path
            path = found.path
        }
        let key = DocumentKey(unchecked: path.appending(indexed.id))
        stats.documentsLoaded += 1
        let storageKey = StorageKeys.document(db: db, collection: indexed.collection, id: indexed.id)
        return try txn.withValue(forKey: storageKey, in: store.tables.documents) { raw throws(FirestoreError) in
            try DocumentRecord.decode(raw).document(key: key)
        } ?? nil
    }
}

/// The slice of the index a query reads.
struct IndexScope {
    /// Collection or collection group.
    var scope: IndexKeys.Scope
    /// The collection number or group id.
    var id: UInt64
    /// For groups under a parent document: the encoded parent segments every name starts with.
    var namePrefix: [UInt8]
    /// For collection scope: the collection's path.
    var collection: ResourcePath?
}
