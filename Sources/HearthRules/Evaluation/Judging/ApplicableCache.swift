import Synchronization

/// Remembers which allow statements apply to a request path, per *shape* of path.
///
/// Matching compares a path segment only with pattern literals; any other segment is merely bound
/// by a wildcard. So two paths that agree on every segment that is a literal somewhere in the file
/// (and on length) get the same statements with bindings at the same positions. The cache key
/// replaces every other segment by a placeholder naming its position (`\u{0}` + index), and the
/// cached bindings hold those placeholders; `BoundStatement` resolves them against the real path
/// when a wildcard is read. Bounded: past `maxEntries` shapes it starts over.
final class ApplicableCache: Sendable {
    /// A path shape and a method.
    private struct Key: Hashable {
        let method: RulesRequestMethod
        let shape: [String]
    }

    /// Statements per shape, and the last shape asked for (requests come in runs on one shape,
    /// and comparing short strings is cheaper than hashing them).
    private let entries = Mutex<(last: (key: Key, allows: [ApplicableAllow])?, table: [Key: [ApplicableAllow]])>(
        (nil, [:]))
    /// Most shapes remembered at once.
    static let maxEntries = 1_024
    /// The first scalar of every placeholder.
    static let marker: Character = "\u{0}"
    /// The placeholders of the first positions, made once.
    private static let placeholders = (0..<32).map { String(marker) + String($0) }

    /// The statements applying to `fullPath` (`databases/{db}/documents/…`) for `method`, with
    /// placeholder bindings; nil when the file has a literal that could be taken for a placeholder.
    func allows(in file: RulesFile, fullPath: [String], method: RulesRequestMethod) -> [ApplicableAllow]? {
        let lastHit = entries.withLock { state -> [ApplicableAllow]? in
            guard let last = state.last, last.key.method == method, Self.path(fullPath, fits: last.key.shape, in: file)
            else { return nil }
            return last.allows
        }
        if let lastHit { return lastHit }
        var shape = fullPath
        for (index, segment) in fullPath.enumerated() where !file.isLiteralSegment(segment) {
            shape[index] = Self.placeholder(index)
        }
        let key = Key(method: method, shape: shape)
        let known = entries.withLock { state -> [ApplicableAllow]? in
            guard let found = state.table[key] else { return nil }
            state.last = (key, found)
            return found
        }
        if let known { return known }
        if file.literalSegments.contains(where: { $0.first == Self.marker }) { return nil }
        let found = file.applicableAllows(forDocumentPath: shape, method: method)
        entries.withLock { state in
            if state.table.count >= Self.maxEntries { state.table.removeAll(keepingCapacity: true) }
            state.table[key] = found
            state.last = (key, found)
        }
        return found
    }

    /// Whether `path` has `shape`: the same segment wherever the shape has one, and a segment
    /// that is no pattern literal wherever it has a placeholder.
    private static func path(_ path: [String], fits shape: [String], in file: RulesFile) -> Bool {
        guard path.count == shape.count else { return false }
        for (segment, expected) in zip(path, shape) {
            if expected.utf8.first == 0 {
                if file.isLiteralSegment(segment) { return false }
            } else if segment != expected {
                return false
            }
        }
        return true
    }

    /// The placeholder standing for the segment at `index`.
    static func placeholder(_ index: Int) -> String {
        index < placeholders.count ? placeholders[index] : String(marker) + String(index)
    }

    /// The real segment a placeholder stands for (the segment itself when it is not one).
    static func resolve(_ segment: String, in path: [String]) -> String {
        guard segment.first == marker, let index = Int(segment.dropFirst()), index < path.count else { return segment }
        return path[index]
    }
}
