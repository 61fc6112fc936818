/// A Firestore field value: every type a document field can hold.
///
/// Swift `==` on `Value` is *representation* equality: the same type and the same stored bits
/// (an integer `1` is not a double `1.0`, `-0.0` is not `0.0`, NaN equals NaN, strings compare by
/// UTF-8 bytes). It is what "did this write change the document?" needs. Firestore's *query*
/// equality and its total order live in `Value+Order.swift` (`Value.compare(_:_:)`).
///
/// A vector is a map `{"__type__": "__vector__", "value": [doubles]}`, as Firestore encodes it;
/// `isVector` recognises it and the order treats it as its own type.
public enum Value: Sendable {
    /// The null value.
    case null
    /// A boolean.
    case boolean(Bool)
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE-754 double (NaN and infinities included).
    case double(Double)
    /// A point in time (stored with microsecond precision).
    case timestamp(Timestamp)
    /// A UTF-8 string.
    case string(String)
    /// Raw bytes.
    case bytes([UInt8])
    /// A reference to a document, possibly in another database.
    case reference(DocumentReferenceValue)
    /// A latitude/longitude pair.
    case geoPoint(GeoPoint)
    /// An ordered list of values (never directly containing another array).
    case array([Value])
    /// A map from field names to values.
    case map([String: Value])
}

/// A document reference stored as a field value: the database and the document's key.
public struct DocumentReferenceValue: Sendable, Hashable {
    /// The database the referenced document lives in.
    public var database: DatabaseID
    /// The referenced document's key.
    package var key: DocumentKey

    /// Creates a reference to `key` in `database`.
    package init(database: DatabaseID, key: DocumentKey) {
        self.database = database
        self.key = key
    }

    /// The full resource name, `projects/{p}/databases/{d}/documents/{path}`.
    public var resourceName: String { database.documentsRoot + "/" + key.path.canonicalString }
}

extension Value: Equatable {
    /// Representation equality (see the type's documentation).
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.timestamp(let a), .timestamp(let b)): return a == b
        case (.string(let a), .string(let b)): return String.equalUTF8(a, b)
        case (.bytes(let a), .bytes(let b)): return a == b
        case (.reference(let a), .reference(let b)): return a == b
        case (.geoPoint(let a), .geoPoint(let b)):
            return a.latitude.bitPattern == b.latitude.bitPattern && a.longitude.bitPattern == b.longitude.bitPattern
        case (.array(let a), .array(let b)): return a == b
        case (.map(let a), .map(let b)): return a == b
        default: return false
        }
    }
}

extension Value {
    /// The map's fields, or nil when this is not a map.
    public var mapValue: [String: Value]? {
        if case .map(let fields) = self { return fields }
        return nil
    }

    /// The array's elements, or nil when this is not an array.
    public var arrayValue: [Value]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// True for integers and doubles (NaN included).
    public var isNumber: Bool {
        switch self {
        case .integer, .double: return true
        default: return false
        }
    }

    /// True when this value is NaN: a double holding NaN, or an Enterprise database's Decimal128 NaN.
    public var isNaN: Bool {
        switch self {
        case .double(let d): return d.isNaN
        case .map(let fields) where fields.count == 1:
            if case .decimal128(let decimal)? = bson { return decimal.kind == .nan }
            return false
        default: return false
        }
    }

    /// True when this map is Firestore's vector encoding: `__type__ == "__vector__"` and an array `value`.
    public var isVector: Bool {
        guard case .map(let fields) = self, case .string(let type)? = fields["__type__"],
              type == "__vector__", case .array? = fields["value"] else { return false }
        return true
    }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is Firestore's null.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    /// A dictionary literal (a map).
    public init(dictionaryLiteral elements: (String, Value)...) {
        var fields: [String: Value] = [:]
        for (key, value) in elements { fields[key] = value }
        self = .map(fields)
    }
}
