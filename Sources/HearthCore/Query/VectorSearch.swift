import Foundation

/// `find_nearest`: the nearest neighbours of a query vector among the documents a query returns.
///
/// Applied last (after filters, orders, cursors, offset and limit). Only documents whose field
/// holds a vector of the query's dimension are candidates; they come back closest first (largest
/// dot product first), at most `limit` of them, optionally only within `distanceThreshold` (≤ for
/// Euclidean and cosine, ≥ for dot product), and optionally with the distance written to
/// `distanceResultField`. Hearth compares every candidate (production answers from a vector index;
/// the results are the same, the order among equal distances unspecified in both).
package struct VectorSearch: Sendable, Equatable {
    /// How distance between vectors is measured.
    package enum Measure: Sendable, Equatable {
        /// Euclidean distance; smaller is closer.
        case euclidean
        /// Cosine distance (1 − cosine similarity); smaller is closer.
        case cosine
        /// Dot product; larger is closer.
        case dotProduct
    }

    /// The vector field searched.
    package var field: FieldPath
    /// The query vector.
    package var queryVector: [Double]
    /// The distance function.
    package var measure: Measure
    /// How many neighbours to return (1…1,000).
    package var limit: Int
    /// Where to write each result's distance, if anywhere.
    package var distanceResultField: FieldPath?
    /// The cut-off on the distance, if any.
    package var distanceThreshold: Double?

    /// Most neighbours one search returns.
    package static let maxLimit = 1_000
    /// Most dimensions a vector has.
    package static let maxDimensions = 2_048

    /// Creates a search.
    package init(
        field: FieldPath, queryVector: [Double], measure: Measure, limit: Int,
        distanceResultField: FieldPath? = nil, distanceThreshold: Double? = nil
    ) {
        self.field = field
        self.queryVector = queryVector
        self.measure = measure
        self.limit = limit
        self.distanceResultField = distanceResultField
        self.distanceThreshold = distanceThreshold
    }

    /// Checks the search's own constraints.
    /// - Throws: `INVALID_ARGUMENT` naming the first violation.
    package func validate() throws(FirestoreError) {
        guard !queryVector.isEmpty else {
            throw FirestoreError(.invalidArgument, "find_nearest needs a non-empty query vector.")
        }
        guard queryVector.count <= Self.maxDimensions else {
            throw FirestoreError(
                .invalidArgument, "find_nearest query vectors have at most \(Self.maxDimensions) dimensions, not \(queryVector.count).")
        }
        guard (1...Self.maxLimit).contains(limit) else {
            throw FirestoreError(.invalidArgument, "find_nearest limit must be between 1 and \(Self.maxLimit), but was \(limit).")
        }
        if field.isDocumentID || distanceResultField?.isDocumentID == true {
            throw FirestoreError(.invalidArgument, "find_nearest cannot use __name__ as a vector or distance field.")
        }
    }

    /// The nearest of `documents` (already in query order), closest first.
    package func apply(to documents: [Document]) -> [Document] {
        var scored: [(document: Document, distance: Double, position: Int)] = []
        for (position, document) in documents.enumerated() {
            guard let vector = Self.elements(of: document.fields.value(at: field)), vector.count == queryVector.count,
                  let distance = distance(to: vector)
            else { continue }
            if let distanceThreshold {
                let within = measure == .dotProduct ? distance >= distanceThreshold : distance <= distanceThreshold
                if !within { continue }
            }
            scored.append((document, distance, position))
        }
        scored.sort { lhs, rhs in
            if lhs.distance != rhs.distance {
                return measure == .dotProduct ? lhs.distance > rhs.distance : lhs.distance < rhs.distance
            }
            return lhs.position < rhs.position
        }
        return scored.prefix(limit).map { entry in
            guard let distanceResultField else { return entry.document }
            var document = entry.document
            document.fields.setValue(.double(entry.distance), at: distanceResultField)
            return document
        }
    }

    /// The distance from the query vector to `vector` (same dimension); nil when undefined
    /// (cosine with a zero vector).
    func distance(to vector: [Double]) -> Double? {
        switch measure {
        case .euclidean:
            return zip(queryVector, vector).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        case .dotProduct:
            return zip(queryVector, vector).reduce(0) { $0 + $1.0 * $1.1 }
        case .cosine:
            let dot = zip(queryVector, vector).reduce(0) { $0 + $1.0 * $1.1 }
            let norms = queryVector.reduce(0) { $0 + $1 * $1 }.squareRoot() * vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            guard norms > 0 else { return nil }
            return 1 - dot / norms
        }
    }

    /// The numbers of a vector value; nil for anything else.
    package static func elements(of value: Value?) -> [Double]? {
        guard let value, value.isVector, case .map(let fields) = value, case .array(let items)? = fields["value"] else {
            return nil
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .double(let number): numbers.append(number)
            case .integer(let number): numbers.append(Double(number))
            default: return nil
            }
        }
        return numbers
    }
}
