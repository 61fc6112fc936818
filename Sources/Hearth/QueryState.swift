public import HearthCore

/// What a `Query` has been told so far; each builder call copies and changes it.
struct QueryState: Sendable {
    /// Top-level filters (implicitly AND-ed).
    var filters: [QueryFilter] = []
    /// Explicit orders.
    var orders: [QueryOrder] = []
    /// The limit, and whether it counts from the end (`limit(toLast:)`).
    var limit: Int?
    var limitToLast = false
    /// Cursors as given: values, or a snapshot to take values from.
    var start: Cursor?
    var end: Cursor?
    var offset = 0
    var projection: [HearthCore.FieldPath]?
    /// The first invalid call, reported when the query runs.
    var firstError: FirestoreError?

    /// A cursor before the order it refers to is known.
    enum Cursor: Sendable {
        case values([Value], before: Bool)
        case document(key: DocumentKey, fields: [String: Value], before: Bool)
    }

    /// Records `error` if it is the first.
    mutating func fail(_ error: FirestoreError) {
        if firstError == nil { firstError = error }
    }
}

/// A filter for `Query.whereFilter(_:)`: one field condition, or an AND / OR of filters
/// (the SDK's `Filter`). Operands are read when the filter is made; errors surface when the
/// query runs.
public final class Filter: Sendable {
    let node: Node

    /// A filter read from the caller's values.
    indirect enum Node: Sendable {
        case field(HearthCore.FieldPath, QueryFilter.FieldOperator, Value)
        case composite(QueryFilter.CompositeOperator, [Node])
        case invalid(FirestoreError)
    }

    init(_ node: Node) { self.node = node }

    /// `field == value`.
    public static func whereField(_ field: String, isEqualTo value: Any) -> Filter { make(field, .equal, value) }
    /// `field != value`.
    public static func whereField(_ field: String, isNotEqualTo value: Any) -> Filter { make(field, .notEqual, value) }
    /// `field < value`.
    public static func whereField(_ field: String, isLessThan value: Any) -> Filter { make(field, .lessThan, value) }
    /// `field <= value`.
    public static func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> Filter {
        make(field, .lessThanOrEqual, value)
    }
    /// `field > value`.
    public static func whereField(_ field: String, isGreaterThan value: Any) -> Filter { make(field, .greaterThan, value) }
    /// `field >= value`.
    public static func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> Filter {
        make(field, .greaterThanOrEqual, value)
    }
    /// The array `field` contains `value`.
    public static func whereField(_ field: String, arrayContains value: Any) -> Filter { make(field, .arrayContains, value) }
    /// The array `field` contains any of `values`.
    public static func whereField(_ field: String, arrayContainsAny values: [Any]) -> Filter {
        make(field, .arrayContainsAny, values)
    }
    /// `field` equals one of `values`.
    public static func whereField(_ field: String, in values: [Any]) -> Filter { make(field, .in, values) }
    /// `field` exists, is not null and equals none of `values`.
    public static func whereField(_ field: String, notIn values: [Any]) -> Filter { make(field, .notIn, values) }
    /// A condition on a `FieldPath` with any operator.
    public static func whereField(_ path: FieldPath, _ op: FieldOperator, _ value: Any) -> Filter {
        Filter(read({ () throws(FirestoreError) in try path.corePath() }, op, value))
    }
    /// Every filter holds.
    public static func andFilter(_ filters: [Filter]) -> Filter { Filter(.composite(.and, filters.map(\.node))) }
    /// At least one filter holds.
    public static func orFilter(_ filters: [Filter]) -> Filter { Filter(.composite(.or, filters.map(\.node))) }

    private static func make(_ field: String, _ op: QueryFilter.FieldOperator, _ value: Any) -> Filter {
        Filter(read({ () throws(FirestoreError) in try HearthCore.FieldPath(dotted: field) }, op, value))
    }

    /// Reads a field condition's path and operand, or the error either has.
    static func read(
        _ path: () throws(FirestoreError) -> HearthCore.FieldPath, _ op: QueryFilter.FieldOperator, _ value: Any
    ) -> Node {
        do throws(FirestoreError) {
            let field = try path()
            if let sentinel = value as? FieldValue {
                throw FirestoreError(
                    .invalidArgument, "Invalid query. \(sentinel.methodName) can only be used with updateData() and setData().")
            }
            var reader = UserDataReader(method: "whereField()")
            // `in` and `not-in` take a list whose entries may be arrays themselves (an array field
            // matches an entry equal to it), as the SDKs allow for these two operators only.
            if op == .in || op == .notIn, let entries = value as? [Any] {
                var values: [Value] = []
                for entry in entries { values.append(try reader.readPlain(entry)) }
                return .field(field, op, .array(values))
            }
            return .field(field, op, try reader.readPlain(value))
        } catch {
            return .invalid(error)
        }
    }
}
