public import HearthCore

/// A vector embedding stored in a field (the SDK's `VectorValue`; create one with
/// `FieldValue.vector(_:)`). Reads hand vectors back as `VectorValue`.
public struct VectorValue: Sendable, Equatable, Codable {
    /// The vector's numbers.
    public let array: [Double]

    /// A vector of `array`.
    public init(_ array: [Double]) { self.array = array }

    /// Outside Firestore's coders, a vector codes as its array of numbers.
    public init(from decoder: any Decoder) throws { array = try [Double](from: decoder) }

    /// Outside Firestore's coders, a vector codes as its array of numbers.
    public func encode(to encoder: any Encoder) throws { try array.encode(to: encoder) }

    /// Firestore's encoding: a map `{"__type__": "__vector__", "value": [doubles]}`.
    var value: Value { .map(["__type__": .string("__vector__"), "value": .array(array.map { .double($0) })]) }
}

extension FieldValue {
    /// A vector value to store (`find_nearest` searches such fields).
    public static func vector(_ array: [Double]) -> VectorValue { VectorValue(array) }
}

/// How `findNearest` measures the distance between vectors.
public enum DistanceMeasure: Sendable {
    /// Euclidean distance; smaller is closer.
    case euclidean
    /// Cosine distance; smaller is closer.
    case cosine
    /// Dot product; larger is closer.
    case dotProduct

    /// The engine's measure.
    var core: VectorSearch.Measure {
        switch self {
        case .euclidean: .euclidean
        case .cosine: .cosine
        case .dotProduct: .dotProduct
        }
    }
}

/// A query followed by a nearest-neighbour search (the SDK's `VectorQuery`).
public final class VectorQuery: Sendable {
    /// The query whose documents are searched.
    public let query: Query
    /// The search.
    private let search: Result<VectorSearch, FirestoreError>

    init(query: Query, search: Result<VectorSearch, FirestoreError>) {
        self.query = query
        self.search = search
    }

    /// The nearest documents, closest first.
    nonisolated(nonsending) public func getDocuments() async throws(FirestoreError) -> QuerySnapshot {
        try await run(explaining: nil).snapshot
    }

    /// Runs the search, under Query Explain when `options` are given (no documents without `analyze`).
    nonisolated(nonsending) func run(explaining options: ExplainOptions?) async throws(FirestoreError) -> (snapshot: QuerySnapshot, metrics: ExplainMetrics?) {
        var structured = try query.structuredQuery()
        structured.findNearest = try search.get()
        let firestore = query.firestore
        let engine = try firestore.openEngine()
        let (documents, metrics) = try await firestore.run(structured, on: engine, explaining: options)
        return (firestore.snapshot(of: documents), metrics)
    }
}

extension Query {
    /// The `limit` documents of this query whose `vectorField` is nearest to `queryVector`
    /// (same dimension only); `distanceResultField` receives each distance, and
    /// `distanceThreshold` drops farther ones. Invalid arguments are reported by `getDocuments()`.
    public func findNearest(
        vectorField: String, queryVector: VectorValue, limit: Int, distanceMeasure: DistanceMeasure,
        distanceResultField: String? = nil, distanceThreshold: Double? = nil
    ) -> VectorQuery {
        let search = Result { () throws(FirestoreError) -> VectorSearch in
            VectorSearch(
                field: try HearthCore.FieldPath(dotted: vectorField), queryVector: queryVector.array,
                measure: distanceMeasure.core, limit: limit,
                distanceResultField: try distanceResultField.map { name throws(FirestoreError) in try HearthCore.FieldPath(dotted: name) },
                distanceThreshold: distanceThreshold)
        }
        return VectorQuery(query: self, search: search)
    }

    /// `findNearest` with the query vector as plain numbers.
    public func findNearest(
        vectorField: String, queryVector: [Double], limit: Int, distanceMeasure: DistanceMeasure,
        distanceResultField: String? = nil, distanceThreshold: Double? = nil
    ) -> VectorQuery {
        findNearest(
            vectorField: vectorField, queryVector: VectorValue(queryVector), limit: limit, distanceMeasure: distanceMeasure,
            distanceResultField: distanceResultField, distanceThreshold: distanceThreshold)
    }
}
