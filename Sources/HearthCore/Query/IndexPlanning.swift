/// Reads a query's filters for what the single-field index can answer (pure; no storage access).
enum IndexPlanning {
    /// One end of a field's allowed values: a value (encoded, maybe cut) or a type bracket's edge.
    enum Bound: Equatable {
        /// The end is the value with this ascending encoding; `inclusive` says whether it is allowed.
        case value([UInt8], inclusive: Bool)
        /// The end is the edge of the type bracket whose encodings start with this rank byte.
        case rank(UInt8)
    }

    /// The values of one field the filters allow, as bounds in Firestore's value order.
    struct ValueRange: Equatable {
        /// Lowest allowed (nil: from the first value).
        var lower: Bound?
        /// Highest allowed (nil: to the last value).
        var upper: Bound?
        /// True when every entry in range satisfies the filters that made the range.
        var exact = true
        /// True when no value can be in range.
        var isEmpty = false

        /// Narrows to the overlap with `other` (probes decide which bound is tighter).
        mutating func intersect(_ other: ValueRange) {
            if let bound = other.lower {
                if let current = lower {
                    if Self.lowerProbe(current).lexicographicallyPrecedes(Self.lowerProbe(bound)) { lower = bound }
                } else {
                    lower = bound
                }
            }
            if let bound = other.upper {
                if let current = upper {
                    if Self.upperProbe(bound).lexicographicallyPrecedes(Self.upperProbe(current)) { upper = bound }
                } else {
                    upper = bound
                }
            }
            exact = exact && other.exact
            isEmpty = isEmpty || other.isEmpty
            if let lower, let upper, !Self.lowerProbe(lower).lexicographicallyPrecedes(Self.upperProbe(upper)) {
                isEmpty = true
            }
        }

        /// The probes bounding the encodings in range, for an ascending or descending (complemented)
        /// index component: entries from `lower` (inclusive) to `upper` (exclusive; nil = no end).
        func probes(descending: Bool) -> (lower: [UInt8], upper: [UInt8]?) {
            if !descending { return (lower.map(Self.lowerProbe) ?? [], upper.map(Self.upperProbe)) }
            // Complementing reverses the order: the ascending upper end becomes the lower one.
            let low: [UInt8]
            switch upper {
            case nil: low = []
            case .value(let encoded, let inclusive)?:
                let complemented = Self.complemented(encoded)
                low = inclusive ? complemented : (StorageKeys.successor(ofPrefix: complemented) ?? complemented)
            case .rank(let rank)?: low = [~rank]
            }
            let high: [UInt8]?
            switch lower {
            case nil: high = nil
            case .value(let encoded, let inclusive)?:
                let complemented = Self.complemented(encoded)
                high = inclusive ? StorageKeys.successor(ofPrefix: complemented) : complemented
            case .rank(let rank)?: high = StorageKeys.successor(ofPrefix: [~rank])
            }
            return (low, high)
        }

        /// The inclusive ascending probe of a lower bound.
        static func lowerProbe(_ bound: Bound) -> [UInt8] {
            switch bound {
            case .value(let encoded, let inclusive):
                return inclusive ? encoded : (StorageKeys.successor(ofPrefix: encoded) ?? encoded)
            case .rank(let rank): return [rank]
            }
        }

        /// The exclusive ascending probe of an upper bound.
        static func upperProbe(_ bound: Bound) -> [UInt8] {
            switch bound {
            case .value(let encoded, let inclusive):
                return inclusive ? (StorageKeys.successor(ofPrefix: encoded) ?? [0xFF]) : encoded
            case .rank(let rank): return rank < 0xFF ? [rank + 1] : [0xFF]
            }
        }

        /// Every byte complemented (the descending form).
        static func complemented(_ bytes: [UInt8]) -> [UInt8] { bytes.map { ~$0 } }
    }

    /// One equality-like condition answerable by a run of entries: a field's kind and value bytes.
    struct RunKey: Hashable, Sendable {
        /// Whole value or array element.
        var kind: IndexKeys.Kind
        /// The field.
        var field: FieldPath
        /// The value's ascending encoding (never cut).
        var value: [UInt8]
    }

    /// A condition answered by the union of runs (one run for `==`, several for `in`).
    typealias RunUnion = [RunKey]

    /// The conjuncts of a filter: its leaves when it is a leaf or an AND (at any nesting).
    static func conjuncts(_ filter: QueryFilter?) -> [QueryFilter]? {
        guard let filter else { return [] }
        switch filter {
        case .composite(.and, let parts):
            var leaves: [QueryFilter] = []
            for part in parts {
                guard let more = conjuncts(part) else { return nil }
                leaves += more
            }
            return leaves
        case .composite(.or, _): return nil
        case .field, .unary: return [filter]
        }
    }

    /// The disjuncts of a top-level OR, each as conjuncts; nil when the filter is not an OR of ANDs.
    static func disjuncts(_ filter: QueryFilter?) -> [[QueryFilter]]? {
        guard case .composite(.or, let parts)? = filter else { return nil }
        var result: [[QueryFilter]] = []
        for part in parts {
            if case .composite(.or, _) = part {
                guard let nested = disjuncts(part) else { return nil }
                result += nested
            } else {
                guard let leaves = conjuncts(part) else { return nil }
                result.append(leaves)
            }
        }
        return result
    }

    /// The runs answering one leaf exactly, or nil when it is not an equality-like leaf.
    static func runs(for leaf: QueryFilter) -> RunUnion? {
        switch leaf {
        case .field(let field, let op, let operand) where !field.isDocumentID:
            switch op {
            case .equal: return run(.value, field, [operand], comparableOnly: false)
            case .arrayContains: return run(.arrayElement, field, [operand], comparableOnly: true)
            case .in:
                guard case .array(let values) = operand else { return nil }
                return run(.value, field, values, comparableOnly: true)
            case .arrayContainsAny:
                guard case .array(let values) = operand else { return nil }
                return run(.arrayElement, field, values, comparableOnly: true)
            default: return nil
            }
        case .unary(let field, .isNull) where !field.isDocumentID:
            return run(.value, field, [.null], comparableOnly: false)
        case .unary(let field, .isNaN) where !field.isDocumentID:
            return run(.value, field, [.double(.nan)], comparableOnly: false)
        default: return nil
        }
    }

    /// Runs for `values`; `in` and the array filters never match null or NaN (`comparableOnly`).
    /// Nil when a value's encoding would be cut.
    private static func run(
        _ kind: IndexKeys.Kind, _ field: FieldPath, _ values: [Value], comparableOnly: Bool
    ) -> RunUnion? {
        let usable = comparableOnly ? values.filter { $0 != .null && !$0.isNaN } : values
        var keys: [RunKey] = []
        var seen = Set<[UInt8]>()
        for value in usable {
            let encoded = OrderedValueEncoding.encode(value, direction: .ascending)
            guard encoded.count <= IndexKeys.maxValueBytes else { return nil }
            if seen.insert(encoded).inserted { keys.append(RunKey(kind: kind, field: field, value: encoded)) }
        }
        return keys
    }

    /// The range of `field`'s values that the conjuncts on it allow (bracketed by type).
    static func range(of field: FieldPath, in leaves: [QueryFilter]) -> ValueRange {
        var range = ValueRange()
        for leaf in leaves { range.intersect(self.range(of: field, leaf)) }
        return range
    }

    /// The range one leaf allows for `field` (everything, inexact, when it says nothing usable).
    private static func range(of field: FieldPath, _ leaf: QueryFilter) -> ValueRange {
        let everything = ValueRange(exact: false)
        switch leaf {
        case .field(field, let op, let operand):
            switch op {
            case .equal: return point(operand)
            case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
                return bracketed(op, operand)
            default: return everything
            }
        case .unary(field, .isNull): return point(.null)
        case .unary(field, .isNaN): return point(.double(.nan))
        default: return everything
        }
    }

    /// Exactly the entries holding `value`.
    private static func point(_ value: Value) -> ValueRange {
        let (encoded, cut) = bounded(value)
        return ValueRange(lower: .value(encoded, inclusive: true), upper: .value(encoded, inclusive: true), exact: !cut)
    }

    /// A range filter within its operand's type bracket. A cut operand widens to the whole prefix.
    private static func bracketed(_ op: QueryFilter.FieldOperator, _ operand: Value) -> ValueRange {
        let (encoded, cut) = bounded(operand)
        guard let rank = encoded.first else { return ValueRange(exact: false) }
        var range = ValueRange(lower: .rank(rank), upper: .rank(rank), exact: !cut)
        let end = Bound.value(encoded, inclusive: cut || op == .lessThanOrEqual || op == .greaterThanOrEqual)
        switch op {
        case .lessThan, .lessThanOrEqual: range.upper = end
        default: range.lower = end
        }
        return range
    }

    /// A value's encoding as stored: whole, or cut to the stored prefix (then probes widen).
    private static func bounded(_ value: Value) -> (encoded: [UInt8], cut: Bool) {
        let encoded = OrderedValueEncoding.encode(value, direction: .ascending)
        if encoded.count <= IndexKeys.maxValueBytes { return (encoded, false) }
        return (Array(encoded.prefix(IndexKeys.maxValueBytes)), true)
    }
}
