internal import HearthCore

/// A path to a field, given as its segments, so names may contain dots or any character
/// (the Firebase SDK's `FieldPath`). Invalid paths are reported when used, never by crashing.
public final class FieldPath: Hashable, Sendable {
    /// The path's segments.
    public let segments: [String]

    /// A path from its segments, e.g. `FieldPath(["address", "zip.code"])`.
    public init(_ fieldNames: [String]) { segments = fieldNames }

    /// The special path that refers to a document's id (`__name__`).
    public static func documentID() -> FieldPath { FieldPath(["__name__"]) }

    /// The engine's validated path.
    func corePath() throws(FirestoreError) -> HearthCore.FieldPath {
        guard !segments.isEmpty else {
            throw FirestoreError(.invalidArgument, "Invalid field path. Provided names must not be empty.")
        }
        return try HearthCore.FieldPath(validatingSegments: segments)
    }

    /// Equal when the segments are equal.
    public static func == (lhs: FieldPath, rhs: FieldPath) -> Bool { lhs.segments == rhs.segments }

    /// Hashes the segments.
    public func hash(into hasher: inout Hasher) { hasher.combine(segments) }
}
