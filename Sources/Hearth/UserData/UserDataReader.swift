internal import HearthCore
import Foundation

/// Reads user data (`[String: Any]` and friends, as the Firebase SDK takes it) into nodes,
/// rejecting what Firestore cannot store with the SDK's messages.
struct UserDataReader {
    /// The field path being read, for messages.
    private(set) var path: [String]
    /// The API call, for messages (e.g. `setData()`).
    let method: String

    /// A reader for the data of `method`, starting at `path`.
    init(method: String, path: [String] = []) {
        self.method = method
        self.path = path
    }

    /// Reads a document's top-level map.
    mutating func readMap(_ data: [String: Any]) throws(FirestoreError) -> [String: UserDataNode] {
        var result: [String: UserDataNode] = [:]
        result.reserveCapacity(data.count)
        for (name, value) in data {
            path.append(name)
            try checkFieldName(name)
            result[name] = try read(value)
            path.removeLast()
        }
        return result
    }

    /// Reads one value at the current path.
    ///
    /// Swift value types are tried before class types: on Linux, casting a Swift collection to a
    /// class (`FieldValue`, `NSNull`) bridges it through Foundation first, which is slow.
    mutating func read(_ any: Any) throws(FirestoreError) -> UserDataNode {
        if let map = any as? [String: Any] { return .map(try readMap(map)) }
        if let array = any as? [Any] {
            var elements: [Value] = []
            elements.reserveCapacity(array.count)
            for element in array { elements.append(try readArrayElement(element)) }
            return .array(elements)
        }
        if let sentinel = any as? FieldValue { return .sentinel(try readSentinel(sentinel)) }
        return .value(try readScalar(any))
    }

    /// Reads a value that may hold no sentinel anywhere (array elements, sentinel operands).
    mutating func readPlain(_ any: Any) throws(FirestoreError) -> Value {
        switch try read(any) {
        case .value(let value): return value
        case .array(let elements): return .array(elements)
        case .sentinel(let sentinel): throw failure("\(Self.name(of: sentinel)) is not currently supported inside arrays")
        case .map(let fields):
            var values: [String: Value] = [:]
            for (name, node) in fields {
                path.append(name)
                values[name] = try plainValue(node)
                path.removeLast()
            }
            return .map(values)
        }
    }

    private mutating func plainValue(_ node: UserDataNode) throws(FirestoreError) -> Value {
        switch node {
        case .value(let value): return value
        case .array(let elements): return .array(elements)
        case .sentinel(let sentinel): throw failure("\(Self.name(of: sentinel)) is not currently supported inside arrays")
        case .map(let fields):
            var values: [String: Value] = [:]
            for (name, child) in fields {
                path.append(name)
                values[name] = try plainValue(child)
                path.removeLast()
            }
            return .map(values)
        }
    }

    private mutating func readArrayElement(_ any: Any) throws(FirestoreError) -> Value {
        if let sentinel = any as? FieldValue {
            throw failure("\(sentinel.methodName) is not currently supported inside arrays")
        }
        if any is [Any] { throw failure("Nested arrays are not supported") }
        return try readPlain(any)
    }

    private mutating func readSentinel(_ sentinel: FieldValue) throws(FirestoreError) -> UserDataNode.Sentinel {
        switch sentinel.kind {
        case .delete: return .delete
        case .serverTimestamp: return .transform(.serverTimestamp)
        case .increment(let n): return .transform(.increment(n))
        case .maximum(let n): return .transform(.maximum(n))
        case .minimum(let n): return .transform(.minimum(n))
        case .arrayUnion(let elements): return .transform(.appendMissingElements(try readOperands(elements, sentinel)))
        case .arrayRemove(let elements): return .transform(.removeAllFromArray(try readOperands(elements, sentinel)))
        }
    }

    private mutating func readOperands(_ elements: [Any], _ sentinel: FieldValue) throws(FirestoreError) -> [Value] {
        var values: [Value] = []
        for element in elements {
            if element is FieldValue {
                throw failure("\(sentinel.methodName) elements cannot contain FieldValue sentinels")
            }
            values.append(try readArrayElement(element))
        }
        return values
    }

    /// Reads a scalar: the Swift types the SDK accepts.
    private func readScalar(_ any: Any) throws(FirestoreError) -> Value {
        switch any {
        case let string as String: return .string(string)
        case let bool as Bool: return .boolean(bool)
        case let int as Int: return .integer(Int64(int))
        case let double as Double: return .double(double)
        case let timestamp as Timestamp: return .timestamp(timestamp)
        case let int as Int64: return .integer(int)
        case let int as Int32: return .integer(Int64(int))
        case let int as Int16: return .integer(Int64(int))
        case let int as Int8: return .integer(Int64(int))
        case let int as UInt8: return .integer(Int64(int))
        case let int as UInt16: return .integer(Int64(int))
        case let int as UInt32: return .integer(Int64(int))
        case let int as UInt:
            guard let exact = Int64(exactly: int) else { throw failure("Unsupported value: \(int) does not fit in a 64-bit signed integer") }
            return .integer(exact)
        case let int as UInt64:
            guard let exact = Int64(exactly: int) else { throw failure("Unsupported value: \(int) does not fit in a 64-bit signed integer") }
            return .integer(exact)
        case let float as Float: return .double(Double(float))
        case let date as Date: return .timestamp(Timestamp(date: date))
        case let point as GeoPoint: return .geoPoint(point)
        case let vector as VectorValue: return vector.value
        case let data as Data: return .bytes(Array(data))
        case let value as Value: return value
        case is NSNull: return .null
        case let reference as DocumentReference:
            return .reference(DocumentReferenceValue(database: reference.firestore.databaseID, key: try reference.key()))
        default:
            if Self.isNil(any) { return .null }
            throw failure("Unsupported type: \(type(of: any))")
        }
    }

    private func checkFieldName(_ name: String) throws(FirestoreError) {
        if name.isEmpty { throw failure("Document fields must not be empty") }
        if ResourceID.isReserved(name) { throw failure("Document fields cannot begin and end with \"__\"") }
    }

    /// An `INVALID_ARGUMENT` error in the SDK's shape, naming the field.
    func failure(_ reason: String) -> FirestoreError {
        let field = path.isEmpty ? "" : " (found in field \(HearthCore.FieldPath(uncheckedSegments: path).canonicalString))"
        return FirestoreError(.invalidArgument, "Invalid data. \(reason)\(field)")
    }

    /// The SDK's name of a read sentinel.
    static func name(of sentinel: UserDataNode.Sentinel) -> String {
        switch sentinel {
        case .delete: return "FieldValue.delete()"
        case .transform(.serverTimestamp): return "FieldValue.serverTimestamp()"
        case .transform(.increment): return "FieldValue.increment()"
        case .transform(.maximum): return "FieldValue.maximum()"
        case .transform(.minimum): return "FieldValue.minimum()"
        case .transform(.appendMissingElements): return "FieldValue.arrayUnion()"
        case .transform(.removeAllFromArray): return "FieldValue.arrayRemove()"
        }
    }

    /// True for an `Optional.none` boxed in `Any`.
    private static func isNil(_ any: Any) -> Bool {
        let mirror = Mirror(reflecting: any)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
