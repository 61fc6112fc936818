extension Value {
    /// This value as Firestore stores it: timestamps rounded down to whole microseconds.
    /// Returns nil when nothing needs to change, so the common case allocates nothing.
    package func normalizedForStorage() -> Value? {
        switch self {
        case .timestamp(let time):
            return time.nanoseconds % 1_000 == 0 ? nil : .timestamp(time.truncatedToMicroseconds)
        case .array(let elements):
            var changed: [Value]?
            for (index, element) in elements.enumerated() {
                if let normalized = element.normalizedForStorage() {
                    if changed == nil { changed = elements }
                    changed?[index] = normalized
                }
            }
            return changed.map(Value.array)
        case .map(let fields):
            return Value.normalizedFields(fields).map(Value.map)
        default:
            return nil
        }
    }

    /// A field map as Firestore stores it, or nil when it is already normalized.
    package static func normalizedFields(_ fields: [String: Value]) -> [String: Value]? {
        var changed: [String: Value]?
        for (name, value) in fields {
            if let normalized = value.normalizedForStorage() {
                if changed == nil { changed = fields }
                changed?[name] = normalized
            }
        }
        return changed
    }
}
