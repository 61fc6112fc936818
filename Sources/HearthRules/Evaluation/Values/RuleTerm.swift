/// What an expression evaluates to inside the evaluator: a concrete rules value, or — while a
/// `list` request is judged — a symbol standing for "whatever every document the query can return
/// holds here" (fact sheet §2.9).
///
/// Concrete operands go through the runtime (`RuleOperations`, `RuleStandardLibrary`); as soon as
/// a symbol is involved, `SymbolicOperations` decides the result if the query's constraints prove
/// it, and otherwise throws, which makes the allow statement deny.
enum RuleTerm: Sendable {
    /// A value known exactly.
    case value(RuleValue)
    /// A value known only through the query's constraints.
    case symbol(QuerySymbol)

    /// `null`, the most common literal.
    static let null = RuleTerm.value(.null)

    /// The concrete value, or nil for a symbol.
    var concrete: RuleValue? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// The type name messages use: the value's own, or `constraint` for a symbol.
    var typeName: String {
        switch self {
        case .value(let value): value.typeName
        case .symbol(let symbol): symbol.typeName
        }
    }
}

/// A symbolic value produced while judging a `list` request from its query.
indirect enum QuerySymbol: Sendable {
    /// Nothing is known (the document-ID wildcard, `resource.id`, `resource.__name__`, a recursive
    /// wildcard that absorbs a collection group's unknown ancestors).
    case unknown
    /// A map some of whose entries are known (`resource`, `resource.data`, nested field maps).
    case partialMap(PartialMap)
    /// One field of the document, known through the query's filters on it.
    case constrained(FieldFacts)

    /// The type name messages use (the emulator calls query-constrained values `constraint`).
    var typeName: String {
        switch self {
        case .unknown, .constrained: "constraint"
        case .partialMap: "map"
        }
    }
}

/// A map with some known entries: an open map may hold more keys than it lists (a document's
/// fields), a closed one holds exactly the listed keys (the `resource` object itself).
struct PartialMap: Sendable {
    /// The entries the query fixes.
    var entries: [String: RuleTerm]
    /// True when `entries` lists every key the map has.
    var isClosed: Bool

    /// An open map with no known entries.
    static let open = PartialMap(entries: [:], isClosed: false)
}
