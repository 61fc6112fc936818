package import HearthCore

/// Moves references from one database to another inside a value (maps and arrays included).
package enum ReferenceRemap {
    /// `value` with every reference into `source` pointing into `target` instead.
    package static func remap(_ value: Value, from source: DatabaseID, to target: DatabaseID) -> Value {
        switch value {
        case .reference(let reference) where reference.database == source:
            return .reference(DocumentReferenceValue(database: target, key: reference.key))
        case .array(let elements):
            return .array(elements.map { remap($0, from: source, to: target) })
        case .map(let fields):
            return .map(fields.mapValues { remap($0, from: source, to: target) })
        default:
            return value
        }
    }
}
