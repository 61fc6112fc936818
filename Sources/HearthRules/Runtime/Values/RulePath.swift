/// A rules `path`: a sequence of segments, plus any names bound by `bind()` (readable as `p.name`).
struct RulePath: Sendable, Hashable, CustomStringConvertible {
    /// The segments, outermost first (`["databases", "(default)", "documents", "users", "alice"]`).
    var segments: [String]
    /// Values bound to names, readable with `p.name` / `p['name']`; not part of equality.
    var bindings: [String: RuleValue]

    /// Creates a path from segments and optional bindings.
    init(segments: [String], bindings: [String: RuleValue] = [:]) {
        self.segments = segments
        self.bindings = bindings
    }

    /// Parses `"users/alice"` or `"/users/alice"`: splits on `/`, ignoring empty pieces.
    init(parsing string: String) {
        let pieces = string.split(separator: "/", omittingEmptySubsequences: true)
        self.init(segments: pieces.map(String.init))
    }

    /// The full path of a document: `/databases/<database>/documents/<documentSegments…>`.
    static func document(database: String, segments: [String]) -> RulePath {
        RulePath(segments: ["databases", database, "documents"] + segments)
    }

    /// The path written with a leading slash: `/users/alice`.
    var description: String { "/" + segments.joined(separator: "/") }

    /// Paths are equal when their segments have the same UTF-8 bytes; bindings are ignored.
    static func == (lhs: RulePath, rhs: RulePath) -> Bool {
        lhs.segments.count == rhs.segments.count
            && zip(lhs.segments, rhs.segments).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    /// Hashes the segments' bytes, consistently with `==`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(segments.count)
        for segment in segments {
            for byte in segment.utf8 { hasher.combine(byte) }
            hasher.combine(segment.utf8.count)
        }
    }
}
