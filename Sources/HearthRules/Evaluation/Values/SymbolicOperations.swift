/// The operators and accesses that can involve a symbol (a `list` request's query-constrained
/// value). Each returns a concrete result only when the query's constraints prove it for every
/// document; otherwise it throws, so the allow statement cannot grant.
enum SymbolicOperations {
    /// `lhs op rhs` where at least one side is a symbol (`&&`/`||` never get here).
    static func binary(_ op: RuleBinaryOperator, _ lhs: RuleTerm, _ rhs: RuleTerm) throws(RuleError) -> RuleTerm {
        let decided: Bool?
        switch (op, lhs, rhs) {
        case (.equal, .symbol(let symbol), .value(let value)), (.equal, .value(let value), .symbol(let symbol)):
            decided = equals(symbol, value)
        case (.notEqual, .symbol(let symbol), .value(let value)), (.notEqual, .value(let value), .symbol(let symbol)):
            decided = equals(symbol, value).map { !$0 }
        case (.less, _, _), (.lessOrEqual, _, _), (.greater, _, _), (.greaterOrEqual, _, _):
            decided = compare(op, lhs, rhs)
        case (.in, .value(let element), .symbol(.constrained(let facts))):
            decided = facts.decideContains(element)
        case (.in, .value(let key), .symbol(.partialMap(let map))):
            decided = try hasKey(map, key)
        case (.in, .symbol(.constrained(let facts)), .value(let collection)):
            decided = membership(facts, collection)
        default:
            decided = nil
        }
        guard let decided else { throw undecidable(lhs, op.rawValue, rhs) }
        return .value(.bool(decided))
    }

    /// `term is type` for a symbol.
    static func isType(_ symbol: QuerySymbol, _ type: RuleTypeName) throws(RuleError) -> RuleTerm {
        let decided: Bool?
        switch symbol {
        case .partialMap: decided = type == .map
        case .constrained(let facts): decided = facts.decideType(type)
        case .unknown: decided = nil
        }
        guard let decided else {
            throw RuleError.unsupported(received: "constraint is \(type.rawValue)")
        }
        return .value(.bool(decided))
    }

    /// `receiver.name` or `receiver['name']` on a symbol: a known entry of a partial map.
    static func member(_ symbol: QuerySymbol, _ name: String) throws(RuleError) -> RuleTerm {
        guard case .partialMap(let map) = symbol, let entry = map.entries[name] else {
            throw RuleError.undefinedProperty(name)
        }
        return entry
    }

    /// `receiver.get(key, default)` on a partial map: a known entry, the default when the map is
    /// closed and lacks the key, an error when the key may or may not exist.
    static func get(_ map: PartialMap, keys: [RuleValue], fallback: RuleTerm) throws(RuleError) -> RuleTerm {
        var current = RuleTerm.symbol(.partialMap(map))
        for key in keys {
            guard case .string(let name) = key else {
                throw RuleError.unsupported(received: "map.get(\(key.typeName), _)", expected: "map.get(string, any)")
            }
            switch current {
            case .value(.map(let fields)):
                guard let next = fields[name] else { return fallback }
                current = .value(next)
            case .value:
                return fallback
            case .symbol(.partialMap(let level)):
                if let next = level.entries[name] {
                    current = next
                } else if level.isClosed {
                    return fallback
                } else {
                    throw RuleError.undefinedProperty(name)
                }
            case .symbol:
                throw RuleError.unsupported(received: "constraint.get(string, any)")
            }
        }
        return current
    }

    /// The error for an operation on a symbol that the constraints cannot decide.
    static func undecidable(_ lhs: RuleTerm, _ operatorText: String, _ rhs: RuleTerm) -> RuleError {
        RuleError.unsupported(received: "\(lhs.typeName) \(operatorText) \(rhs.typeName)")
    }

    /// `symbol == value`, decided or nil.
    private static func equals(_ symbol: QuerySymbol, _ value: RuleValue) -> Bool? {
        switch symbol {
        case .constrained(let facts): facts.decideEquals(value)
        case .partialMap: value.isNull ? false : nil
        case .unknown: nil
        }
    }

    /// An ordering comparison with a constrained field on either side, decided or nil.
    private static func compare(_ op: RuleBinaryOperator, _ lhs: RuleTerm, _ rhs: RuleTerm) -> Bool? {
        switch (lhs, rhs) {
        case (.symbol(.constrained(let facts)), .value(let value)):
            return facts.decideComparison(op, value)
        case (.value(let value), .symbol(.constrained(let facts))):
            return facts.decideComparison(mirrored(op), value)
        default:
            return nil
        }
    }

    /// The operator with its operands swapped: `a < b` is `b > a`.
    private static func mirrored(_ op: RuleBinaryOperator) -> RuleBinaryOperator {
        switch op {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: op
        }
    }

    /// `key in partialMap`: true for a known key, false for a closed map, else nil.
    private static func hasKey(_ map: PartialMap, _ key: RuleValue) throws(RuleError) -> Bool? {
        guard case .string(let name) = key else {
            throw RuleError.unsupported(received: "map.in(\(key.typeName))", expected: "map.in(string)")
        }
        if map.entries[name] != nil { return true }
        return map.isClosed ? false : nil
    }

    /// `field in collection` for a list or set collection, decided or nil.
    private static func membership(_ facts: FieldFacts, _ collection: RuleValue) -> Bool? {
        switch collection {
        case .list(let elements): facts.decideMembership(in: elements)
        case .set(let set): facts.decideMembership(in: set.elements)
        default: nil
        }
    }
}
