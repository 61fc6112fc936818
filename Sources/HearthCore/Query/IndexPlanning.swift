/// Reads a query's filters for what the single-field index can answer (pure; no storage access).
enum IndexPlanning {
    /// Bounds on one field's encoded values, relative to the field's index header: entries from
    /// `lower` (inclusive) up to `upper` (exclusive; nil = the end of the field's entries).
    struct EncodedRange: Equatable {
        /// Inclusive lower probe.
        var lower: [UInt8] = []
        /// Exclusive upper probe; nil for none.
        var upper: [UInt8]?
        /// True when entries in the range satisfy the filters that made it, with no re-check.
        var exact = true

        /// Narrows to the overlap with `other`.
        mutating func intersect(_ other: EncodedRange) {
            if lower.lexicographicallyPrecedes(other.lower) { lower = other.lower }
            if let bound = other.upper, upper.map({ bound.lexicographicallyPrecedes($0) }) ?? true { upper = bound }
            exact = exact && other.exact
        }

        /// True when no entry can lie in the range.
        var isEmpty: Bool { upper.map { !lower.lexicographicallyPrecedes($0) } ?? false }
    }

    /// One equality-like condition answerable by a run of entries: a field's kind and value bytes.
    struct RunKey: Hashable {
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
    static func range(of field: FieldPath, in leaves: [QueryFilter]) -> EncodedRange {
        var range = EncodedRange()
        for leaf in leaves { range.intersect(self.range(of: field, leaf)) }
        return range
    }

    /// The range one leaf allows for `field` (everything, inexact, when it says nothing usable).
    private static func range(of field: FieldPath, _ leaf: QueryFilter) -> EncodedRange {
        let everything = EncodedRange(lower: [], upper: nil, exact: false)
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
    private static func point(_ value: Value) -> EncodedRange {
        let (encoded, cut) = bounded(value)
        return EncodedRange(lower: encoded, upper: StorageKeys.successor(ofPrefix: encoded), exact: !cut)
    }

    /// A range filter within its operand's type bracket.
    private static func bracketed(_ op: QueryFilter.FieldOperator, _ operand: Value) -> EncodedRange {
        let (encoded, cut) = bounded(operand)
        guard let rank = encoded.first else { return EncodedRange(exact: false) }
        var range = EncodedRange(lower: [rank], upper: rank < 0xFF ? [rank + 1] : nil, exact: !cut)
        let past = StorageKeys.successor(ofPrefix: encoded)
        switch op {
        case .lessThan: range.upper = cut ? past : encoded
        case .lessThanOrEqual: range.upper = past
        case .greaterThan: range.lower = cut ? encoded : (past ?? encoded)
        default: range.lower = encoded
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
