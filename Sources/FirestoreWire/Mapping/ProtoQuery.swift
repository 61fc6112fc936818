package import HearthCore
import SwiftProtobuf

/// Converts wire structured queries to the core's `StructuredQuery`.
package enum ProtoQuery {
    /// The core query for `proto` under `parent` (the documents root or a document path).
    /// - Throws: `INVALID_ARGUMENT` for a malformed query (the core validates the rest when it runs).
    package static func query(_ proto: Google_Firestore_V1_StructuredQuery, parent: ResourcePath) throws(FirestoreError) -> StructuredQuery {
        guard proto.from.count <= 1 else {
            throw FirestoreError(.invalidArgument, "A query must have at most one collection selector in 'from', but has \(proto.from.count).")
        }
        // No `from` at all is a kindless query, as `{collection_id: "", all_descendants: true}`
        // is: every collection below the parent (the Admin SDKs' recursive deletes send both).
        let selector = proto.from.first ?? .with { $0.allDescendants = true }
        let collectionID: String?
        if selector.collectionID.isEmpty {
            guard selector.allDescendants else {
                throw FirestoreError(.invalidArgument, "A collection selector needs a collection_id unless all_descendants is set.")
            }
            collectionID = nil
        } else {
            try ResourceID.validate(selector.collectionID)
            collectionID = selector.collectionID
        }
        guard proto.offset >= 0 else {
            throw FirestoreError(.invalidArgument, "offset must not be negative, but was \(proto.offset).")
        }
        var limit: Int?
        if proto.hasLimit {
            guard proto.limit.value >= 0 else {
                throw FirestoreError(.invalidArgument, "limit must not be negative, but was \(proto.limit.value).")
            }
            limit = Int(proto.limit.value)
        }
        var projection: [FieldPath]?
        if proto.hasSelect, !proto.select.fields.isEmpty {
            projection = try proto.select.fields.map { f throws(FirestoreError) in try FieldPath(serverFormat: f.fieldPath) }
        }
        return StructuredQuery(
            parent: parent, collectionID: collectionID, allDescendants: selector.allDescendants,
            filter: proto.hasWhere ? try filter(proto.where) : nil,
            orderBy: try proto.orderBy.map { o throws(FirestoreError) in try order(o) },
            startAt: proto.hasStartAt ? try bound(proto.startAt) : nil,
            endAt: proto.hasEndAt ? try bound(proto.endAt) : nil,
            offset: Int(proto.offset), limit: limit, projection: projection,
            findNearest: proto.hasFindNearest ? try vectorSearch(proto.findNearest) : nil)
    }

    /// The core vector search of a wire `find_nearest` (its limits are checked when it runs).
    package static func vectorSearch(_ proto: Google_Firestore_V1_StructuredQuery.FindNearest) throws(FirestoreError) -> VectorSearch {
        guard proto.hasVectorField, !proto.vectorField.fieldPath.isEmpty else {
            throw FirestoreError(.invalidArgument, "find_nearest needs a vector_field.")
        }
        guard proto.hasQueryVector, let vector = VectorSearch.elements(of: try ProtoValue.value(proto.queryVector)) else {
            throw FirestoreError(.invalidArgument, "find_nearest needs a query_vector holding a vector value.")
        }
        let measure: VectorSearch.Measure
        switch proto.distanceMeasure {
        case .euclidean: measure = .euclidean
        case .cosine: measure = .cosine
        case .dotProduct: measure = .dotProduct
        default: throw FirestoreError(.invalidArgument, "find_nearest needs a distance_measure: EUCLIDEAN, COSINE or DOT_PRODUCT.")
        }
        guard proto.hasLimit else { throw FirestoreError(.invalidArgument, "find_nearest needs a limit.") }
        return VectorSearch(
            field: try FieldPath(serverFormat: proto.vectorField.fieldPath), queryVector: vector, measure: measure,
            limit: Int(proto.limit.value),
            distanceResultField: proto.distanceResultField.isEmpty ? nil : try FieldPath(serverFormat: proto.distanceResultField),
            distanceThreshold: proto.hasDistanceThreshold ? proto.distanceThreshold.value : nil)
    }

    /// The core filter of a wire filter.
    package static func filter(_ proto: Google_Firestore_V1_StructuredQuery.Filter) throws(FirestoreError) -> QueryFilter {
        switch proto.filterType {
        case .compositeFilter(let composite):
            let op: QueryFilter.CompositeOperator
            switch composite.op {
            case .and: op = .and
            case .or: op = .or
            default: throw FirestoreError(.invalidArgument, "A composite filter needs the operator AND or OR.")
            }
            guard !composite.filters.isEmpty else {
                throw FirestoreError(.invalidArgument, "A composite filter must contain at least one filter.")
            }
            return .composite(op, try composite.filters.map { f throws(FirestoreError) in try filter(f) })
        case .fieldFilter(let field):
            let path = try FieldPath(serverFormat: field.field.fieldPath)
            guard field.hasValue else {
                throw FirestoreError(.invalidArgument, "The field filter on \(field.field.fieldPath) has no value.")
            }
            return .field(path, try fieldOperator(field.op), try ProtoValue.value(field.value))
        case .unaryFilter(let unary):
            guard case .field(let reference)? = unary.operandType else {
                throw FirestoreError(.invalidArgument, "A unary filter needs a field.")
            }
            return .unary(try FieldPath(serverFormat: reference.fieldPath), try unaryOperator(unary.op))
        case nil:
            throw FirestoreError(.invalidArgument, "A filter must be a composite, field or unary filter.")
        }
    }

    private static func fieldOperator(_ op: Google_Firestore_V1_StructuredQuery.FieldFilter.Operator) throws(FirestoreError) -> QueryFilter.FieldOperator {
        switch op {
        case .lessThan: .lessThan
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThan: .greaterThan
        case .greaterThanOrEqual: .greaterThanOrEqual
        case .equal: .equal
        case .notEqual: .notEqual
        case .arrayContains: .arrayContains
        case .in: .in
        case .arrayContainsAny: .arrayContainsAny
        case .notIn: .notIn
        default: throw FirestoreError(.invalidArgument, "Unknown field filter operator \(op.rawValue).")
        }
    }

    private static func unaryOperator(_ op: Google_Firestore_V1_StructuredQuery.UnaryFilter.Operator) throws(FirestoreError) -> QueryFilter.UnaryOperator {
        switch op {
        case .isNan: .isNaN
        case .isNull: .isNull
        case .isNotNan: .isNotNaN
        case .isNotNull: .isNotNull
        default: throw FirestoreError(.invalidArgument, "Unknown unary filter operator \(op.rawValue).")
        }
    }

    private static func order(_ proto: Google_Firestore_V1_StructuredQuery.Order) throws(FirestoreError) -> QueryOrder {
        QueryOrder(try FieldPath(serverFormat: proto.field.fieldPath), descending: proto.direction == .descending)
    }

    private static func bound(_ proto: Google_Firestore_V1_Cursor) throws(FirestoreError) -> QueryBound {
        QueryBound(values: try proto.values.map { v throws(FirestoreError) in try cursorValue(v) }, before: proto.before)
    }

    /// A cursor value; a reference whose document id is Firestore's numeric-id spelling
    /// `__id<N>__` (sent by Python's recursive delete) becomes the id "\u{0}", which sorts
    /// before every other id, as numeric ids sort before string ids.
    private static func cursorValue(_ proto: Google_Firestore_V1_Value) throws(FirestoreError) -> Value {
        guard case .referenceValue(let name)? = proto.valueType, name.contains("/__id") else {
            return try ProtoValue.value(proto)
        }
        let segments = name.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            isNumericID(segment) ? "\u{0}" : String(segment)
        }
        var rewritten = proto
        rewritten.referenceValue = segments.joined(separator: "/")
        return try ProtoValue.value(rewritten)
    }

    /// True for `__id<N>__` with N an optionally negative decimal integer.
    private static func isNumericID(_ segment: Substring) -> Bool {
        guard segment.hasPrefix("__id"), segment.hasSuffix("__"), segment.count > 6 else { return false }
        var digits = segment.dropFirst(4).dropLast(2)
        if digits.first == "-" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    /// The core aggregations of a wire aggregation list.
    package static func aggregations(_ proto: [Google_Firestore_V1_StructuredAggregationQuery.Aggregation]) throws(FirestoreError) -> [Aggregation] {
        try proto.map { aggregation throws(FirestoreError) in
            let alias = aggregation.alias.isEmpty ? nil : aggregation.alias
            switch aggregation.operator {
            case .count(let count):
                return Aggregation(.count(upTo: count.hasUpTo ? count.upTo.value : nil), alias: alias)
            case .sum(let sum):
                return Aggregation(.sum(try FieldPath(serverFormat: sum.field.fieldPath)), alias: alias)
            case .avg(let avg):
                return Aggregation(.average(try FieldPath(serverFormat: avg.field.fieldPath)), alias: alias)
            case nil:
                throw FirestoreError(.invalidArgument, "An aggregation must be a count, sum or avg.")
            }
        }
    }
}
