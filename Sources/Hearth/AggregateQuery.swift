public import HearthCore
public import Foundation

/// One aggregation to compute (the SDK's `AggregateField`).
public final class AggregateField: Sendable, Hashable {
    let kind: Aggregation.Kind?
    let error: FirestoreError?
    let label: String

    private init(_ kind: Aggregation.Kind?, error: FirestoreError? = nil, label: String) {
        self.kind = kind
        self.error = error
        self.label = label
    }

    /// The number of documents.
    public static func count() -> AggregateField { AggregateField(.count(upTo: nil), label: "count") }
    /// The sum of a numeric field (a dotted path).
    public static func sum(_ field: String) -> AggregateField { make(field, label: "sum") { .sum($0) } }
    /// The sum of a numeric field.
    public static func sum(_ path: FieldPath) -> AggregateField { make(path, label: "sum") { .sum($0) } }
    /// The average of a numeric field (a dotted path).
    public static func average(_ field: String) -> AggregateField { make(field, label: "average") { .average($0) } }
    /// The average of a numeric field.
    public static func average(_ path: FieldPath) -> AggregateField { make(path, label: "average") { .average($0) } }

    private static func make(_ field: String, label: String, _ kind: (HearthCore.FieldPath) -> Aggregation.Kind) -> AggregateField {
        do {
            return AggregateField(kind(try HearthCore.FieldPath(dotted: field)), label: "\(label)(\(field))")
        } catch {
            return AggregateField(nil, error: error, label: label)
        }
    }

    private static func make(_ path: FieldPath, label: String, _ kind: (HearthCore.FieldPath) -> Aggregation.Kind) -> AggregateField {
        do {
            let core = try path.corePath()
            return AggregateField(kind(core), label: "\(label)(\(core.canonicalString))")
        } catch {
            return AggregateField(nil, error: error, label: label)
        }
    }

    /// Same aggregation.
    public static func == (lhs: AggregateField, rhs: AggregateField) -> Bool { lhs.label == rhs.label }
    /// Hashes the aggregation.
    public func hash(into hasher: inout Hasher) { hasher.combine(label) }
}

/// Where aggregations are computed; Hearth has only the database itself.
public enum AggregateSource: Sendable {
    /// The database (the SDK's only source).
    case server
}

/// A query's aggregations, ready to run (the SDK's `AggregateQuery`).
public final class AggregateQuery: Sendable {
    /// The query aggregated over.
    public let query: Query
    let fields: [AggregateField]

    init(query: Query, fields: [AggregateField]) {
        self.query = query
        self.fields = fields
    }

    /// Computes the aggregations.
    nonisolated(nonsending) public func getAggregation(source: AggregateSource = .server) async throws(FirestoreError) -> AggregateQuerySnapshot {
        let (snapshot, _) = try await run(explaining: nil)
        // Without explain options the engine always computes the results.
        return snapshot ?? AggregateQuerySnapshot(query: self, values: [:])
    }

    /// Runs the aggregations, under Query Explain when `options` are given (no results without `analyze`).
    nonisolated(nonsending) func run(explaining options: ExplainOptions?) async throws(FirestoreError) -> (snapshot: AggregateQuerySnapshot?, metrics: ExplainMetrics?) {
        var aggregations: [Aggregation] = []
        for (index, field) in fields.enumerated() {
            if let error = field.error { throw error }
            guard let kind = field.kind else { continue }
            aggregations.append(Aggregation(kind, alias: "aggregate_\(index)"))
        }
        let structured = try query.structuredQuery()
        let firestore = query.firestore
        let engine = try firestore.openEngine()
        let results: [String: Value]?
        var metrics: ExplainMetrics?
        if let options {
            (results, metrics) = try await engine.explainAggregation(
                structured, aggregations: aggregations, in: firestore.databaseID, access: firestore.access, options: options)
        } else {
            results = try await engine.runAggregation(structured, aggregations: aggregations, in: firestore.databaseID, access: firestore.access)
        }
        guard let results else { return (nil, metrics) }
        var values: [AggregateField: Value] = [:]
        for (index, field) in fields.enumerated() { values[field] = results["aggregate_\(index)"] ?? .null }
        return (AggregateQuerySnapshot(query: self, values: values), metrics)
    }
}

/// The results of an `AggregateQuery` (the SDK's `AggregateQuerySnapshot`).
public final class AggregateQuerySnapshot: Sendable {
    /// The aggregate query that produced this.
    public let query: AggregateQuery
    let values: [AggregateField: Value]

    init(query: AggregateQuery, values: [AggregateField: Value]) {
        self.query = query
        self.values = values
    }

    /// The document count (as the SDK, an `NSNumber`); 0 when the query did not count.
    public var count: NSNumber {
        if case .integer(let n)? = values[AggregateField.count()] { return NSNumber(value: n) }
        return 0
    }

    /// The value of one aggregation: `Int` or `Double` for sums, `Double` or `NSNull` for averages.
    public func get(_ field: AggregateField) -> Any? {
        values[field].map { ValueBridge.any($0, firestore: nil) }
    }
}

extension Query {
    /// Counts the query's documents.
    public var count: AggregateQuery { AggregateQuery(query: self, fields: [.count()]) }

    /// Computes up to five aggregations over the query's documents.
    public func aggregate(_ fields: [AggregateField]) -> AggregateQuery { AggregateQuery(query: self, fields: fields) }
}
