internal import LMDB

/// Chooses how to answer a query (`QueryPlan`) from the catalog, the declared indexes and the
/// group-scope policy; to weigh a join-then-sort against a field scan it counts the first entries
/// of equality runs. Reads nothing else: running the plan is `IndexExecutor`'s job.
struct QueryPlanner {
    private let store: DocumentStore
    private let txn: ReadTransaction
    private let db: UInt32
    /// The query being planned, its order completed.
    let target: QueryTarget
    /// Index entries read while weighing plans (part of the execution's honest counts).
    private(set) var entriesProbed = 0

    /// Equality runs at least this long make a field-ordered scan preferable to join-then-sort.
    static let sortCap = 1_000

    /// Prepares to plan `target` in database number `db`, reading in `txn`.
    init(store: DocumentStore, txn: ReadTransaction, db: UInt32, target: QueryTarget) {
        self.store = store
        self.txn = txn
        self.db = db
        self.target = target
    }

    /// The query being planned.
    var query: StructuredQuery { target.query }

    /// How many documents the query needs in order: offset plus limit (nil: all).
    private var wanted: Int? { query.limit.map { query.offset + $0 } }

    /// The plan for the query's documents; `usingComposites: false` leaves declared indexes out
    /// (after a composite scan met an entry it cannot order).
    mutating func plan(usingComposites: Bool = true) throws -> QueryPlan {
        guard let collectionID = query.collectionID else { return QueryPlan(source: .fullScan(.kindlessQuery)) }
        guard let scope = try scope(of: collectionID) else { return QueryPlan(source: .empty(.noCollection)) }
        if usingComposites, let composite = compositePlan(in: scope) { return composite }
        let first = target.orderBy[0]
        if !first.field.isDocumentID && !isIndexed(first.field, in: scope) {
            // A collection-group query ordered by a field without group-scope entries: every
            // document of the group, in name order, filtered, then sorted.
            guard let names = seekableNameScan(in: scope, descending: false) else { return Self.parentTooLong }
            return QueryPlan(source: .nameScan(names), sortOrder: target.orderBy, limit: wanted)
        }
        if first.field.isDocumentID {
            if let disjuncts = runDisjuncts(in: scope) {
                if disjuncts.isEmpty { return QueryPlan(source: .empty(.noDisjunct)) }
                return QueryPlan(source: join(disjuncts, in: scope, descending: first.descending), limit: wanted)
            }
            guard let names = seekableNameScan(in: scope, descending: first.descending) else { return Self.parentTooLong }
            return QueryPlan(source: .nameScan(names), limit: wanted)
        }
        if let disjuncts = runDisjuncts(in: scope) {
            if disjuncts.isEmpty { return QueryPlan(source: .empty(.noDisjunct)) }
            if try smallestRun(disjuncts, in: scope) < Self.sortCap {
                return QueryPlan(
                    source: join(disjuncts, in: scope, descending: false), sortOrder: target.orderBy, limit: wanted)
            }
        }
        return fieldScanPlan(first, in: scope)
    }

    /// Where the query's entries live, or nil when its collection does not exist.
    func scope(of collectionID: String) throws -> IndexScope? {
        if query.allDescendants {
            return IndexScope(
                scope: .group, id: IndexKeys.groupID(collectionID), namePrefix: IndexKeys.groupName(path: query.parent),
                collection: nil, collectionID: collectionID)
        }
        let path = query.parent.appending(collectionID)
        guard let number = try store.catalog.collectionNumber(db: db, path: path, in: txn) else { return nil }
        return IndexScope(scope: .collection, id: number, namePrefix: [], collection: path, collectionID: collectionID)
    }

    /// Whether `field` has single-field entries in `scope` (always in collection scope; in group
    /// scope only where an override enables them).
    func isIndexed(_ field: FieldPath, in scope: IndexScope) -> Bool {
        scope.scope == .collection || store.groupScope.isEnabled(field, in: scope.collectionID)
    }

    /// Every document of `scope` in name order.
    func nameScan(in scope: IndexScope, descending: Bool) -> NameScan {
        let prefix = scope.scope == .collection
            ? StorageKeys.documentsPrefix(db: db, collection: scope.id)
            : IndexKeys.header(db: db, scope: .group, scopeID: scope.id, kind: .name, field: 0) + scope.namePrefix
        return NameScan(scope: scope, prefix: prefix, descending: descending)
    }

    /// `nameScan`, or nil when its prefix is longer than a cut key keeps before its hash (a
    /// collection group under a long parent path): its entries are cut and unordered there.
    func seekableNameScan(in scope: IndexScope, descending: Bool) -> NameScan? {
        let scan = nameScan(in: scope, descending: descending)
        return Self.isSeekable(scan.prefix) ? scan : nil
    }

    /// The plan of a collection-group query whose parent's entries cannot be sought by name.
    static let parentTooLong = QueryPlan(source: .fullScan(.parentPathTooLong))

    /// Whether every entry whose whole key starts with `prefix` is stored starting with it: true
    /// up to the bytes a cut key keeps before its hash (`IndexKeys.entry`).
    static func isSeekable(_ prefix: [UInt8]) -> Bool {
        prefix.count <= IndexKeys.keptKeyBytes
    }

    /// Whether every run of `union` can be sought in `scope` (false only under a long parent path).
    func isSeekable(_ union: IndexPlanning.RunUnion, in scope: IndexScope) -> Bool {
        union.allSatisfy { Self.isSeekable(prefix(of: $0, in: scope)) }
    }

    // MARK: composite

    /// The scan of a declared composite index whose fields are exactly the query's equality (and
    /// array-contains) fields followed by its order, or nil when none matches.
    private func compositePlan(in scope: IndexScope) -> QueryPlan? {
        guard let leaves = IndexPlanning.conjuncts(query.filter),
              let match = CompositeMatch.find(
                target: target, leaves: leaves, in: store.indexes.indexes(for: scope.collectionID), scope: scope.queryScope)
        else { return nil }
        let prefix = IndexKeys.compositeHeader(index: match.definition.storageID, db: db, scopeID: scope.id) + match.prefix
        var from = prefix
        var to = StorageKeys.successor(ofPrefix: prefix)
        if let first = match.firstOrder {
            let range = IndexPlanning.range(of: first.fieldPath, in: leaves)
            if range.isEmpty { return QueryPlan(source: .empty(.emptyRange(first.fieldPath))) }
            let probes = range.probes(descending: first.mode == .descending)
            from = prefix + probes.lower
            if let upper = probes.upper { to = prefix + upper }
        }
        let scan = CompositeScan(scope: scope, definition: match.definition, from: from, to: to, backward: match.reverse)
        return QueryPlan(source: .compositeScan(scan), limit: wanted)
    }

    // MARK: field scan

    /// Walks the first order field's entries within the range its filters allow.
    private func fieldScanPlan(_ order: QueryOrder, in scope: IndexScope) -> QueryPlan {
        let leaves = IndexPlanning.conjuncts(query.filter) ?? []
        guard let scan = fieldScan(of: order.field, in: scope, leaves: leaves, descending: order.descending) else {
            return QueryPlan(source: .empty(.emptyRange(order.field)))
        }
        return QueryPlan(source: .fieldScan(scan), limit: wanted)
    }

    /// The entries of `field` whose values `leaves` allow, or nil when they allow none.
    func fieldScan(of field: FieldPath, in scope: IndexScope, leaves: [QueryFilter], descending: Bool) -> FieldScan? {
        let range = IndexPlanning.range(of: field, in: leaves)
        if range.isEmpty { return nil }
        let header = IndexKeys.header(
            db: db, scope: scope.scope, scopeID: scope.id, kind: .value, field: IndexKeys.fieldID(field))
        let probes = range.probes(descending: false)
        let exactOrder = target.orderBy.count == 2 && target.orderBy[1].descending == descending
        return FieldScan(
            scope: scope, field: field, descending: descending, from: header + probes.lower,
            to: probes.upper.map { header + $0 } ?? StorageKeys.successor(ofPrefix: header), sortsTies: !exactOrder)
    }

    // MARK: runs

    /// The field a leaf filters on.
    static func field(of leaf: QueryFilter) -> FieldPath? {
        switch leaf {
        case .field(let field, _, _), .unary(let field, _): return field
        case .composite: return nil
        }
    }

    /// The query's filter as an OR of ANDs of run unions, when every disjunct has at least one
    /// equality-like filter on an indexed field; disjuncts that can match nothing (an empty union)
    /// are dropped.
    private func runDisjuncts(in scope: IndexScope) -> [[IndexPlanning.RunUnion]]? {
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
                .compactMap(IndexPlanning.runs(for:)).filter { isSeekable($0, in: scope) }
            if unions.isEmpty { return nil }
            if unions.contains(where: \.isEmpty) { continue }
            result.append(unions)
        }
        return result
    }

    /// The merge join of the disjuncts: a union of intersections of unions of runs, each level
    /// of one part collapsed to that part.
    func join(_ disjuncts: [[IndexPlanning.RunUnion]], in scope: IndexScope, descending: Bool) -> PlanSource {
        if disjuncts.isEmpty { return .empty(.noDisjunct) }
        let branches = disjuncts.map { unions -> RunTree in
            let parts = unions.map { union -> RunTree in
                let runs = union.map { RunTree.run(RunScan(scope: scope, key: $0, prefix: prefix(of: $0, in: scope))) }
                return runs.count == 1 ? runs[0] : .union(runs)
            }
            return parts.count == 1 ? parts[0] : .intersection(parts)
        }
        return .mergeJoin(MergeJoin(tree: branches.count == 1 ? branches[0] : .union(branches), descending: descending))
    }

    /// An upper estimate of the documents the disjuncts can match: per disjunct its smallest union
    /// of runs, summed; each run counted only up to `sortCap`.
    private mutating func smallestRun(_ disjuncts: [[IndexPlanning.RunUnion]], in scope: IndexScope) throws -> Int {
        var estimate = 0
        for unions in disjuncts {
            var smallest = Int.max
            for union in unions {
                var total = 0
                for key in union where total < Self.sortCap {
                    let prefix = prefix(of: key, in: scope)
                    try txn.scan(in: store.tables.index, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, _ in
                        total += 1
                        return total < Self.sortCap
                    }
                }
                entriesProbed += total
                smallest = min(smallest, total)
            }
            estimate += smallest
            if estimate >= Self.sortCap { return estimate }
        }
        return estimate
    }

    /// The key prefix of one run in `scope`.
    private func prefix(of key: IndexPlanning.RunKey, in scope: IndexScope) -> [UInt8] {
        IndexKeys.header(db: db, scope: scope.scope, scopeID: scope.id, kind: key.kind, field: IndexKeys.fieldID(key.field))
            + key.value + scope.namePrefix
    }
}
