/// How a query is answered: where its candidates come from, whether they are sorted in memory,
/// where reading stops, and whether documents or only their number come out. `QueryPlanner`
/// chooses it and `IndexExecutor` runs it; its printed form (e.g.
/// `IndexRun(users.city ==) ⋈ IndexRun(users.open ==) → limit 20`) is the plan's one readable name.
struct QueryPlan: Sendable, Equatable, CustomStringConvertible {
    /// What running the plan yields.
    enum Output: Sendable, Equatable {
        /// The matching documents, in query order.
        case documents
        /// Only how many match, from index entries (or record headers) alone.
        case count
        /// How many match and the sum of one field's numbers, from that field's entries alone.
        case aggregate
    }

    /// Where the candidates come from.
    var source: PlanSource
    /// The order the candidates are sorted into in memory (the query's effective order), or nil
    /// when the source yields them in query order already.
    var sortOrder: [QueryOrder]?
    /// How many matching documents to produce (the query's offset plus limit); nil for all.
    var limit: Int?
    /// Documents or a count.
    var output: Output = .documents

    /// The plan when the query's database does not exist.
    static let noDatabase = QueryPlan(source: .empty(.noDatabase))

    /// The plan of aggregations that are all counts capped at zero: nothing needs reading.
    static let countCappedAtZero = QueryPlan(source: .empty(.countCappedAtZero), output: .count)

    /// Every index the plan reads, each once, in reading order (Query Explain's indexes used).
    var indexesRead: [IndexDescriptor] {
        var unique: [IndexDescriptor] = []
        for index in source.indexesRead where !unique.contains(index) { unique.append(index) }
        return unique
    }

    var description: String {
        var steps = [source.description]
        if let sortOrder {
            steps.append("sort(" + sortOrder.map { "\($0.field.canonicalString) \($0.descending ? "DESC" : "ASC")" }
                .joined(separator: ", ") + ")")
        }
        if let limit { steps.append("limit \(limit)") }
        if output == .count { steps.append("count") }
        if output == .aggregate { steps.append("aggregate") }
        return steps.joined(separator: " → ")
    }
}

/// Where a plan's candidates come from.
enum PlanSource: Sendable, Equatable, CustomStringConvertible {
    /// Nothing can match; nothing is read.
    case empty(EmptyReason)
    /// Every document in scope, in name order.
    case nameScan(NameScan)
    /// One field's entries within the range its filters allow, in the field's order.
    case fieldScan(FieldScan)
    /// Equality runs merged in name order.
    case mergeJoin(MergeJoin)
    /// A declared composite index's range, in query order.
    case compositeScan(CompositeScan)
    /// The query's collections read whole and evaluated in memory (no index can answer).
    case fullScan(FullScanReason)

    /// The indexes this source reads, in reading order.
    var indexesRead: [IndexDescriptor] {
        switch self {
        case .empty, .fullScan: return []
        case .nameScan(let scan): return [scan.index]
        case .fieldScan(let scan): return [scan.index]
        case .mergeJoin(let join): return join.indexes
        case .compositeScan(let scan): return [scan.index]
        }
    }

    var description: String {
        switch self {
        case .empty(let reason): return "Empty(\(reason))"
        case .nameScan(let scan): return scan.description
        case .fieldScan(let scan): return scan.description
        case .mergeJoin(let join): return join.description
        case .compositeScan(let scan): return scan.description
        case .fullScan(let reason): return "FullScan(\(reason))"
        }
    }
}

/// Why a plan reads nothing.
enum EmptyReason: Sendable, Equatable, CustomStringConvertible {
    /// The database has never been written.
    case noDatabase
    /// The queried collection has never been written.
    case noCollection
    /// Every disjunct has an `in`-like filter that can match no value.
    case noDisjunct
    /// The filters on this field allow no value.
    case emptyRange(FieldPath)
    /// Every aggregation is a count capped at zero.
    case countCappedAtZero

    var description: String {
        switch self {
        case .noDatabase: return "no database"
        case .noCollection: return "no collection"
        case .noDisjunct: return "no disjunct can match"
        case .emptyRange(let field): return "empty range of \(field.canonicalString)"
        case .countCappedAtZero: return "count capped at zero"
        }
    }
}

/// Why a plan reads the query's collections whole.
enum FullScanReason: Sendable, Equatable, CustomStringConvertible {
    /// The query names no collection id (all descendants of any kind).
    case kindlessQuery
    /// An index plan met an entry it cannot order (a cut value or name).
    case cutEntry
    /// A collection-group query under a parent whose encoded path passes what a cut key keeps.
    case parentPathTooLong

    var description: String {
        switch self {
        case .kindlessQuery: return "kindless query"
        case .cutEntry: return "cut entry"
        case .parentPathTooLong: return "parent path too long for an index key"
        }
    }
}
