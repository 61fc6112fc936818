/// A query as Firestore's v1 API describes it (`StructuredQuery` under a parent), in plain Swift.
///
/// The stages run in Firestore's order: from → where → order by + cursors → offset → limit →
/// select. `QueryValidation` checks a query against Firestore's rules; `QueryTarget` gives its
/// meaning in memory (matching, ordering, cursors), which every execution must agree with.
package struct StructuredQuery: Sendable, Equatable {
    /// The document under which to look (`.root` for the whole database).
    package var parent: ResourcePath
    /// The collection id to read; nil (only with `allDescendants`) reads every collection.
    package var collectionID: String?
    /// False: only the collection `parent/collectionID`; true: every collection with that id under
    /// `parent`, at any depth (a collection group).
    package var allDescendants: Bool
    /// The filter, if any.
    package var filter: QueryFilter?
    /// The explicit orders, in order (implicit ones are added by `QueryTarget`).
    package var orderBy: [QueryOrder]
    /// Where results start, if bounded.
    package var startAt: QueryBound?
    /// Where results end, if bounded.
    package var endAt: QueryBound?
    /// How many matching results to skip.
    package var offset: Int
    /// The most results to return; nil for all.
    package var limit: Int?
    /// The fields to return; nil for all fields.
    package var projection: [FieldPath]?
    /// Vector search applied after everything else (`find_nearest`), if any.
    package var findNearest: VectorSearch?

    /// A query over the collection `collectionID` under `parent` (root by default).
    package init(
        parent: ResourcePath = .root, collectionID: String?, allDescendants: Bool = false, filter: QueryFilter? = nil,
        orderBy: [QueryOrder] = [], startAt: QueryBound? = nil, endAt: QueryBound? = nil, offset: Int = 0,
        limit: Int? = nil, projection: [FieldPath]? = nil, findNearest: VectorSearch? = nil
    ) {
        self.findNearest = findNearest
        self.parent = parent
        self.collectionID = collectionID
        self.allDescendants = allDescendants
        self.filter = filter
        self.orderBy = orderBy
        self.startAt = startAt
        self.endAt = endAt
        self.offset = offset
        self.limit = limit
        self.projection = projection
    }
}

/// A query filter: on one field, a unary test, or a composite of filters.
package indirect enum QueryFilter: Sendable, Equatable {
    /// `field op value`.
    case field(FieldPath, FieldOperator, Value)
    /// `field IS NULL`, `IS NAN`, `IS NOT NULL`, `IS NOT NAN`.
    case unary(FieldPath, UnaryOperator)
    /// All (`and`) or any (`or`) of the filters.
    case composite(CompositeOperator, [QueryFilter])

    /// Field comparison operators (the app-facing `FieldOperator`).
    package typealias FieldOperator = HearthCore.FieldOperator

    /// Unary operators.
    package enum UnaryOperator: String, Sendable, Equatable, CaseIterable {
        /// The field is null.
        case isNull = "IS_NULL"
        /// The field is NaN.
        case isNaN = "IS_NAN"
        /// The field exists and is not null.
        case isNotNull = "IS_NOT_NULL"
        /// The field exists and is neither null nor NaN.
        case isNotNaN = "IS_NOT_NAN"
    }

    /// How a composite combines its filters.
    package enum CompositeOperator: String, Sendable, Equatable {
        /// Every filter holds.
        case and = "AND"
        /// At least one filter holds.
        case or = "OR"
    }
}

/// One sort key.
package struct QueryOrder: Sendable, Equatable {
    /// The field (or `FieldPath.documentID` for the document name).
    package var field: FieldPath
    /// Whether the order is descending.
    package var descending: Bool

    /// Creates a sort key.
    package init(_ field: FieldPath, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }
}

/// A cursor: values for a prefix of the effective order, and whether the position is just
/// before them (Firestore's `before`).
///
/// `startAt` = `before: true`, `startAfter` = `before: false`, `endAt` = `before: false`,
/// `endBefore` = `before: true`.
package struct QueryBound: Sendable, Equatable {
    /// One value per leading order-by field (references for `__name__`).
    package var values: [Value]
    /// Whether the position is just before the values.
    package var before: Bool

    /// Creates a cursor.
    package init(values: [Value], before: Bool) {
        self.values = values
        self.before = before
    }
}

/// The comparison of a field filter (`whereField(_:_:_:)`): Firestore's operator names as raw values.
public enum FieldOperator: String, Sendable, Equatable, CaseIterable {
    /// `<`
    case lessThan = "<"
    /// `<=`
    case lessThanOrEqual = "<="
    /// `>`
    case greaterThan = ">"
    /// `>=`
    case greaterThanOrEqual = ">="
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="
    /// `array-contains`
    case arrayContains = "array-contains"
    /// `in`
    case `in` = "in"
    /// `array-contains-any`
    case arrayContainsAny = "array-contains-any"
    /// `not-in`
    case notIn = "not-in"

    /// True for `< <= > >= != not-in`: filters that imply an order on their field.
    package var isInequality: Bool {
        switch self {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn: true
        default: false
        }
    }

    /// True for `< <= > >=`.
    package var isRange: Bool {
        switch self {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual: true
        default: false
        }
    }
}
