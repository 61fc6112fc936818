/// One aggregation of a `RunAggregationQuery`: count, sum or average, under an alias.
public struct Aggregation: Sendable, Equatable {
    /// What to compute.
    public var kind: Kind
    /// The result's name; nil gets Firestore's default `field_<n>`.
    public var alias: String?

    /// The aggregation kinds.
    public enum Kind: Sendable, Equatable {
        /// The number of documents, capped at `upTo` when given.
        case count(upTo: Int64?)
        /// The sum of a numeric field (integer while every value is an integer and it fits).
        case sum(FieldPath)
        /// The average of a numeric field (always a double; null over no values).
        case average(FieldPath)
    }

    /// Creates an aggregation.
    public init(_ kind: Kind, alias: String? = nil) {
        self.kind = kind
        self.alias = alias
    }

    /// The most aggregations one query may ask for.
    public static let maxPerQuery = 5

    /// The field a sum or average reads.
    var field: FieldPath? {
        switch kind {
        case .count: nil
        case .sum(let field), .average(let field): field
        }
    }
}

/// Computes aggregations over a query's documents, with Firestore's typing rules (fact sheet §4.12).
enum AggregationEvaluator {
    /// The results by alias.
    static func evaluate(_ aggregations: [Aggregation], over documents: [Document]) -> [String: Value] {
        var results: [String: Value] = [:]
        for (index, aggregation) in aggregations.enumerated() {
            let alias = aggregation.alias ?? "field_\(index + 1)"
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
        var integers: Int128 = 0
        var doubles = 0.0
        var sawDouble = false
        for value in values {
            switch value {
            case .integer(let i): integers += Int128(i)
            case .double(let d):
                doubles += d
                sawDouble = true
            default: continue
            }
        }
        if !sawDouble, let exact = Int64(exactly: integers) { return .integer(exact) }
        return .double(Double(integers) + doubles)
    }

    /// The mean of the numeric values as a double; null when there are none.
    static func average(_ values: [Value]) -> Value {
        let numbers = values.filter(\.isNumber)
        guard !numbers.isEmpty else { return .null }
        guard case .double(let total) = sum(numbers).asDouble else { return .null }
        return .double(total / Double(numbers.count))
    }
}

extension Value {
    /// A number as a double value (integers converted); other values unchanged.
    fileprivate var asDouble: Value {
        if case .integer(let i) = self { return .double(Double(i)) }
        return self
    }
}
