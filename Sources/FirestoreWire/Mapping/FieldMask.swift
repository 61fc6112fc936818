package import HearthCore

/// A `DocumentMask` as the core understands it: the field paths a read returns.
package struct FieldMask: Equatable {
    /// The paths to keep.
    package let paths: [FieldPath]

    /// Parses a wire mask.
    /// - Throws: `INVALID_ARGUMENT` for an unparsable path.
    package init(proto: Google_Firestore_V1_DocumentMask) throws(FirestoreError) {
        paths = try proto.fieldPaths.map { path throws(FirestoreError) in try FieldPath(serverFormat: path) }
    }

    /// The mask of an optional wire mask: nil when absent (every field).
    package static func optional(_ proto: Google_Firestore_V1_DocumentMask, present: Bool) throws(FirestoreError) -> FieldMask? {
        present ? try FieldMask(proto: proto) : nil
    }

    /// Only the masked paths of `fields` (nested maps keep only the masked parts).
    package func apply(to fields: [String: Value]) -> [String: Value] {
        var result: [String: Value] = [:]
        for path in paths {
            guard let value = FieldMask.value(at: path.segments[...], in: fields) else { continue }
            FieldMask.set(value, at: path.segments[...], in: &result)
        }
        return result
    }

    private static func value(at segments: ArraySlice<String>, in fields: [String: Value]) -> Value? {
        guard let first = segments.first, let value = fields[first] else { return nil }
        if segments.count == 1 { return value }
        guard case .map(let nested) = value else { return nil }
        return self.value(at: segments.dropFirst(), in: nested)
    }

    private static func set(_ value: Value, at segments: ArraySlice<String>, in fields: inout [String: Value]) {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            fields[first] = value
            return
        }
        var nested = fields[first]?.mapValue ?? [:]
        set(value, at: segments.dropFirst(), in: &nested)
        fields[first] = .map(nested)
    }
}
