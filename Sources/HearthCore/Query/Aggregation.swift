/// One aggregation of a `RunAggregationQuery`: count, sum or average, under an alias.
package struct Aggregation: Sendable, Equatable {
    /// What to compute.
    package var kind: Kind
    /// The result's name; nil gets Firestore's default `field_<n>`.
    package var alias: String?

    /// The aggregation kinds.
    package enum Kind: Sendable, Equatable {
        /// The number of documents, capped at `upTo` when given.
        case count(upTo: Int64?)
        /// The sum of a numeric field (integer while every value is an integer and it fits).
        case sum(FieldPath)
        /// The average of a numeric field (always a double; null over no values).
        case average(FieldPath)
    }

    /// Creates an aggregation.
    package init(_ kind: Kind, alias: String? = nil) {
        self.kind = kind
        self.alias = alias
    }

    /// The most aggregations one query may ask for.
    package static let maxPerQuery = 5

    /// The field a sum or average reads.
    var field: FieldPath? {
        switch kind {
        case .count: nil
        case .sum(let field), .average(let field): field
        }
    }
}

/// A `RunAggregationQuery`'s aggregations, validated with Firestore's messages and named: an
/// aggregation without an alias gets `field_<n>`, counting only the unnamed ones (`field_1` is the
/// first aggregation without an alias, wherever it stands).
struct AggregationRequest {
    /// The aggregations, in request order.
    let aggregations: [Aggregation]
    /// Each aggregation's result name, in request order.
    let aliases: [String]

    /// Validates `aggregations`.
    /// - Throws: `INVALID_ARGUMENT` for none or more than five, a reserved (`__…__`) or duplicate
    ///   alias, a negative `up_to`, or a sum or average of `__name__`.
    init(_ aggregations: [Aggregation]) throws(FirestoreError) {
        guard !aggregations.isEmpty else { throw FirestoreError(.invalidArgument, "Aggregations can not be empty.") }
        guard aggregations.count <= Aggregation.maxPerQuery else {
            throw FirestoreError(
                .invalidArgument,
                "The maximum number of aggregations allowed in an aggregation query is \(Aggregation.maxPerQuery). Received: \(aggregations.count)")
        }
        var unnamed = 0
        var aliases: [String] = []
        for aggregation in aggregations {
            let alias: String
            if let given = aggregation.alias {
                alias = given
            } else {
                unnamed += 1
                alias = "field_\(unnamed)"
            }
            if alias.count >= 4, alias.hasPrefix("__"), alias.hasSuffix("__") {
                throw FirestoreError(.invalidArgument, "The property.name \"\(alias)\" is reserved.")
            }
            if aliases.contains(where: { String.equalUTF8($0, alias) }) {
                throw FirestoreError(.invalidArgument, "Aggregation aliases contain duplicate alias: \(alias).")
            }
            switch aggregation.kind {
            case .count(let upTo?) where upTo < 0:
                throw FirestoreError(
                    .invalidArgument, "The `up_to` value in a COUNT aggregation must be greater than or equal to zero.")
            case .sum(let field), .average(let field):
                if field.isDocumentID {
                    throw FirestoreError(.invalidArgument, "Aggregations are not supported for the property: __key__")
                }
            case .count:
                break
            }
            aliases.append(alias)
        }
        self.aggregations = aggregations
        self.aliases = aliases
    }

    /// The fields the sums and averages read, each once, in request order.
    var fields: [FieldPath] {
        var unique: [FieldPath] = []
        for field in aggregations.compactMap(\.field) where !unique.contains(field) { unique.append(field) }
        return unique
    }

    /// The query the aggregations read, as Firestore answers it: a sum or average reads its
    /// field's index, so after the query's own effective order (explicit orders, then inequality
    /// fields) come the aggregated fields, ascending, then the name. Ordering by a field also
    /// requires it, so only documents holding every aggregated field take part, and a limit keeps
    /// the smallest values. Count alone leaves the query as it is. The projection is dropped.
    func effectiveQuery(_ query: StructuredQuery) -> StructuredQuery {
        var result = query
        result.projection = nil
        let fields = self.fields
        guard !fields.isEmpty else { return result }
        var orders = QueryTarget.effectiveOrder(of: query)
        // An implicit trailing name order gives way to the aggregated fields; an explicit one stays.
        if let last = orders.last, last.field.isDocumentID, !query.orderBy.contains(where: { $0.field.isDocumentID }) {
            orders.removeLast()
        }
        for field in fields where !orders.contains(where: { $0.field == field }) {
            orders.append(QueryOrder(field))
        }
        result.orderBy = orders
        return result
    }

    /// The results by alias.
    func evaluate(over documents: [Document]) -> [String: Value] {
        AggregationEvaluator.evaluate(aggregations, aliases: aliases, over: documents)
    }
}

/// Computes aggregations over a query's documents, with Firestore's typing rules (fact sheet §4.12).
enum AggregationEvaluator {
    /// The results by alias.
    static func evaluate(_ aggregations: [Aggregation], aliases: [String], over documents: [Document]) -> [String: Value] {
        var results: [String: Value] = [:]
        for (aggregation, alias) in zip(aggregations, aliases) {
            switch aggregation.kind {
            case .count(let upTo):
                let count = Int64(documents.count)
                results[alias] = .integer(upTo.map { min(count, $0) } ?? count)
            case .sum(let field):
                results[alias] = sum(documents.compactMap { $0.fields.value(at: field) })
            case .average(let field):
                results[alias] = average(documents.compactMap { $0.fields.value(at: field) })
            }
        }
        return results
    }

    /// Integers add exactly (wide accumulator, so intermediate overflow is tolerated) and stay an
    /// integer if the total fits; any double, or a total beyond Int64, gives a double. Non-numbers
    /// are skipped; no numbers give integer 0.
    static func sum(_ values: [Value]) -> Value {
        var accumulator = NumberAccumulator()
        for value in values { accumulator.add(value) }
        return accumulator.sum
    }

    /// The mean of the numeric values as a double; null when there are none.
    static func average(_ values: [Value]) -> Value {
        var accumulator = NumberAccumulator()
        for value in values { accumulator.add(value) }
        return accumulator.average
    }
}

/// The running sum of a field's numbers, with Firestore's typing rules: what a sum or an average
/// computes, whether the values come from documents or from index entries (added in the same
/// order, so both give the same bits).
struct NumberAccumulator {
    private var integers: Int128 = 0
    private var doubles = 0.0
    private var sawDouble = false
    /// How many numbers were added.
    private(set) var numbers = 0

    /// Adds a value: integers and doubles count (Int32 and Decimal128 as `bsonSummand` gives them),
    /// everything else is skipped.
    mutating func add(_ value: Value) {
        switch value {
        case .integer(let i):
            integers += Int128(i)
            numbers += 1
        case .double(let d):
            doubles += d
            sawDouble = true
            numbers += 1
        default:
            if let summand = value.bsonSummand { add(summand) }
        }
    }

    /// The sum: an integer while every number was one and the total fits, else a double; 0 when empty.
    var sum: Value {
        if !sawDouble, let exact = Int64(exactly: integers) { return .integer(exact) }
        return .double(Double(integers) + doubles)
    }

    /// The mean as a double; null when no number was added.
    var average: Value {
        guard numbers > 0 else { return .null }
        let total = if !sawDouble, let exact = Int64(exactly: integers) { Double(exact) } else { Double(integers) + doubles }
        return .double(total / Double(numbers))
    }
}
