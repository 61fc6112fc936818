import HearthCore

/// Conversions from Firestore field values (HearthCore `Value`) to rules values.
extension RuleValue {
    /// The rules value of a stored field: integer → int, double → float, reference → path
    /// (`/databases/<db>/documents/…`), geo point → latlng, array → list, map → map.
    init(_ value: HearthCore.Value) {
        switch value {
        case .null: self = .null
        case .boolean(let flag): self = .bool(flag)
        case .integer(let number): self = .int(number)
        case .double(let number): self = .float(number)
        case .timestamp(let time):
            self = .timestamp(RuleTimestamp(uncheckedSeconds: time.seconds, nanos: time.nanoseconds))
        case .string(let text): self = .string(text)
        case .bytes(let bytes): self = .bytes(bytes)
        case .reference(let reference):
            self = .path(
                RulePath.document(database: reference.database.database, segments: reference.key.path.segments))
        case .geoPoint(let point):
            self = .latlng(RuleLatLng(uncheckedLatitude: point.latitude, longitude: point.longitude))
        case .array(let elements): self = .list(elements.map { RuleValue($0) })
        case .map(let fields): self = .map(RuleValue.fields(fields))
        }
    }

    /// Converts every value of a Firestore map (a document's fields).
    static func fields(_ fields: [String: HearthCore.Value]) -> [String: RuleValue] {
        fields.mapValues { RuleValue($0) }
    }

    /// The rules timestamp of a HearthCore timestamp (`request.time`).
    static func timestamp(_ time: Timestamp) -> RuleValue {
        .timestamp(RuleTimestamp(uncheckedSeconds: time.seconds, nanos: time.nanoseconds))
    }
}
