internal import HearthCore
import Foundation

/// Turns stored values into the Swift values the SDK hands out from `data()` and `get(_:)`.
enum ValueBridge {
    /// `Int` for integers, `Double`, `Bool`, `String`, `Data`, `Timestamp`, `GeoPoint`,
    /// `DocumentReference`, `VectorValue`, `NSNull`, `[Any]` and `[String: Any]`.
    /// Without a `firestore` (the encoder's `[String: Any]` output), references stay `Value`s.
    static func any(_ value: Value, firestore: Firestore?) -> Any {
        switch value {
        case .null: return NSNull()
        case .boolean(let b): return b
        case .integer(let i): return Int(i)
        case .double(let d): return d
        case .timestamp(let t): return t
        case .string(let s): return s
        case .bytes(let b): return Data(b)
        case .geoPoint(let g): return g
        case .reference(let r): return firestore.map { reference(r, firestore: $0) } ?? value
        case .array(let elements): return elements.map { any($0, firestore: firestore) }
        case .map(let fields):
            if let numbers = VectorSearch.elements(of: value) { return VectorValue(numbers) }
            return map(fields, firestore: firestore)
        }
    }

    /// A field map as `[String: Any]`.
    static func map(_ fields: [String: Value], firestore: Firestore?) -> [String: Any] {
        var result: [String: Any] = [:]
        result.reserveCapacity(fields.count)
        for (name, value) in fields { result[name] = any(value, firestore: firestore) }
        return result
    }

    /// A stored reference as a `DocumentReference` (on a sibling instance for another database).
    static func reference(_ value: DocumentReferenceValue, firestore: Firestore) -> DocumentReference {
        let owner = value.database == firestore.databaseID
            ? firestore
            : Firestore(databaseID: value.database, access: firestore.access, lease: firestore.lease.retained())
        return DocumentReference(firestore: owner, key: value.key)
    }
}
