/// One run of single-field entries sharing a field and a value (an `==`, one value of an `in`, or
/// one array element), ordered by document name.
struct RunScan: Sendable, Equatable {
    /// The collection or group.
    var scope: IndexScope
    /// The field, entry kind and encoded value the run holds.
    var key: IndexPlanning.RunKey
    /// The prefix every key of the run starts with (the names follow it).
    var prefix: [UInt8]

    /// The field's single-field index as a walk in `descending` name order reads it.
    func index(descending: Bool) -> IndexDescriptor {
        let mode: IndexDefinition.Mode = key.kind == .arrayElement ? .arrayContains : (descending ? .descending : .ascending)
        return .singleField(scope, [IndexDescriptor.Field(key.field, mode)], descending: descending)
    }

    /// The run as plans print it, e.g. `IndexRun(users.city ==)`.
    func description(descending: Bool) -> String {
        let condition = key.kind == .arrayElement ? "CONTAINS" : "=="
        return "IndexRun(\(scope.label).\(key.field.canonicalString) \(condition)\(descending ? ", __name__ DESC" : ""))"
    }
}

/// Runs combined in name order: unions (`in`, `array-contains-any`, OR) and intersections (AND).
indirect enum RunTree: Sendable, Equatable {
    /// One run.
    case run(RunScan)
    /// The documents in any part.
    case union([RunTree])
    /// The documents in every part (leapfrog join).
    case intersection([RunTree])

    /// Every run, left to right.
    var runs: [RunScan] {
        switch self {
        case .run(let run): return [run]
        case .union(let parts), .intersection(let parts): return parts.flatMap(\.runs)
        }
    }

    /// The tree as plans print it: `∪` for unions, `⋈` for joins, nested ones in parentheses.
    func description(descending: Bool, nested: Bool = false) -> String {
        let text: String
        switch self {
        case .run(let run): return run.description(descending: descending)
        case .union(let parts): text = parts.map { $0.description(descending: descending, nested: true) }.joined(separator: " ∪ ")
        case .intersection(let parts):
            text = parts.map { $0.description(descending: descending, nested: true) }.joined(separator: " ⋈ ")
        }
        return nested ? "(" + text + ")" : text
    }
}

/// Name-ordered runs merged into one name-ordered stream of documents.
struct MergeJoin: Sendable, Equatable, CustomStringConvertible {
    /// How the runs combine.
    var tree: RunTree
    /// Whether names are walked from last to first.
    var descending: Bool

    /// The index each run reads, in run order.
    var indexes: [IndexDescriptor] { tree.runs.map { $0.index(descending: descending) } }

    var description: String { tree.description(descending: descending) }
}
