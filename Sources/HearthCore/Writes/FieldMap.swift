/// Reading and changing nested fields of a document's top-level map by `FieldPath`.
extension [String: Value] {
    /// The value at `path`, or nil when any step is missing or not a map.
    package func value(at path: FieldPath) -> Value? {
        var current: [String: Value] = self
        for (index, segment) in path.segments.enumerated() {
            guard let next = current[segment] else { return nil }
            if index == path.segments.count - 1 { return next }
            guard case .map(let inner) = next else { return nil }
            current = inner
        }
        return nil
    }

    /// Sets `value` at `path`, creating intermediate maps and replacing any non-map value in the way.
    package mutating func setValue(_ value: Value, at path: FieldPath) {
        Self.set(value, segments: path.segments[...], in: &self)
    }

    /// Removes the value at `path`; missing steps make this a no-op. Parent maps stay (possibly empty).
    package mutating func removeValue(at path: FieldPath) {
        Self.remove(segments: path.segments[...], in: &self)
    }

    private static func set(_ value: Value, segments: ArraySlice<String>, in map: inout [String: Value]) {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            map[first] = value
            return
        }
        var inner = map[first]?.mapValue ?? [:]
        map[first] = nil  // keep `inner` uniquely referenced while it changes
        set(value, segments: segments.dropFirst(), in: &inner)
        map[first] = .map(inner)
    }

    private static func remove(segments: ArraySlice<String>, in map: inout [String: Value]) {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            map[first] = nil
            return
        }
        guard var inner = map[first]?.mapValue else { return }
        map[first] = nil
        remove(segments: segments.dropFirst(), in: &inner)
        map[first] = .map(inner)
    }

    /// Every leaf path of this map (a non-map value, or an empty map, is a leaf).
    package func leafPaths(prefix: [String] = []) -> [FieldPath] {
        var paths: [FieldPath] = []
        for (key, value) in self {
            let segments = prefix + [key]
            if case .map(let inner) = value, !inner.isEmpty {
                paths += inner.leafPaths(prefix: segments)
            } else {
                paths.append(FieldPath(uncheckedSegments: segments))
            }
        }
        return paths
    }
}
