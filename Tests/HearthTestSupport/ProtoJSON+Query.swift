import Foundation
public import HearthCore

extension ProtoJSON {
    /// A `StructuredQuery` from Firestore's proto3 JSON, run under `parent` (root when nil).
    public static func structuredQuery(_ any: Any?, parent: ResourcePath = .root) throws -> StructuredQuery {
        let json = try object(any, "structuredQuery")
        let from = (json["from"] as? [[String: Any]])?.first ?? [:]
        var query = StructuredQuery(
            parent: parent, collectionID: from["collectionId"] as? String,
            allDescendants: from["allDescendants"] as? Bool ?? false)
        if let filter = json["where"] { query.filter = try queryFilter(filter) }
        query.orderBy = try (json["orderBy"] as? [[String: Any]] ?? []).map { order in
            QueryOrder(try fieldReference(order["field"]), descending: (order["direction"] as? String) == "DESCENDING")
        }
        if let start = json["startAt"] { query.startAt = try bound(start) }
        if let end = json["endAt"] { query.endAt = try bound(end) }
        query.offset = (json["offset"] as? NSNumber)?.intValue ?? 0
        if let limit = json["limit"] {
            query.limit = (limit as? NSNumber)?.intValue ?? ((limit as? [String: Any])?["value"] as? NSNumber)?.intValue
        }
        if let select = json["select"] as? [String: Any] {
            query.projection = try (select["fields"] as? [Any] ?? []).map(fieldReference)
        }
        return query
    }

    /// A filter (`fieldFilter`, `unaryFilter` or `compositeFilter`).
    public static func queryFilter(_ any: Any?) throws -> QueryFilter {
        let json = try object(any, "filter")
        if let field = json["fieldFilter"] as? [String: Any] {
            let name = field["op"] as? String ?? ""
            guard let op = fieldOperators[name] else { throw Failure(description: "unknown operator \(name)") }
            return .field(try fieldReference(field["field"]), op, try value(field["value"]))
        }
        if let unary = json["unaryFilter"] as? [String: Any] {
            guard let op = QueryFilter.UnaryOperator(rawValue: unary["op"] as? String ?? "") else {
                throw Failure(description: "unknown unary operator \(unary)")
            }
            return .unary(try fieldReference(unary["field"]), op)
        }
        if let composite = json["compositeFilter"] as? [String: Any] {
            guard let op = QueryFilter.CompositeOperator(rawValue: composite["op"] as? String ?? "") else {
                throw Failure(description: "unknown composite operator \(composite)")
            }
            return .composite(op, try (composite["filters"] as? [Any] ?? []).map(queryFilter))
        }
        throw Failure(description: "unknown filter \(json)")
    }

    static let fieldOperators: [String: QueryFilter.FieldOperator] = [
        "LESS_THAN": .lessThan, "LESS_THAN_OR_EQUAL": .lessThanOrEqual, "GREATER_THAN": .greaterThan,
        "GREATER_THAN_OR_EQUAL": .greaterThanOrEqual, "EQUAL": .equal, "NOT_EQUAL": .notEqual,
        "ARRAY_CONTAINS": .arrayContains, "IN": .in, "ARRAY_CONTAINS_ANY": .arrayContainsAny, "NOT_IN": .notIn,
    ]

    static func fieldReference(_ any: Any?) throws -> FieldPath {
        let json = try object(any, "field reference")
        guard let path = json["fieldPath"] as? String else { throw Failure(description: "field without fieldPath") }
        return try FieldPath(serverFormat: path)
    }

    static func bound(_ any: Any?) throws -> QueryBound {
        let json = try object(any, "cursor")
        return QueryBound(values: try (json["values"] as? [Any] ?? []).map(value), before: json["before"] as? Bool ?? false)
    }
}
