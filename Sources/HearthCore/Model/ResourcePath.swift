/// A slash-separated path of segments relative to a database's documents root ("users/alice/posts").
///
/// Equality, hashing and order look at the UTF-8 bytes of each segment (Firestore's view), never
/// at Unicode canonical equivalence. A document path has an even, non-zero number of segments; a
/// collection path an odd number; the empty path is the root of the database.
package struct ResourcePath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The path's segments: collection ids and document ids, alternating, outermost first.
    package let segments: [String]

    /// The empty path: the database's documents root.
    package static let root = ResourcePath(uncheckedSegments: [])

    /// Parses an API path string such as `"users/alice"`, validating every segment as an id.
    ///
    /// One leading and one trailing `/` are ignored; the empty string (or `"/"`) is the root.
    /// - Throws: `INVALID_ARGUMENT` when the path contains `//` or a segment is not a valid id.
    package init(validating string: String) throws(FirestoreError) {
        let slash = UInt8(ascii: "/")
        var previousWasSlash = false
        for byte in string.utf8 {
            let isSlash = byte == slash
            if isSlash && previousWasSlash {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid segment (\(MessageText.display(string))). Paths must not contain // in them.")
            }
            previousWasSlash = isSlash
        }
        // After the `//` check, empty pieces can only come from one leading or one trailing slash.
        let pieces = string.utf8.split(separator: slash, omittingEmptySubsequences: true)
        try self.init(validatingSegments: pieces.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Creates a path from segments, validating each as a collection id (even positions) or a
    /// document id (odd positions).
    /// - Throws: `INVALID_ARGUMENT` naming the first invalid segment.
    package init(validatingSegments segments: [String]) throws(FirestoreError) {
        for (index, segment) in segments.enumerated() { try ResourceID.validate(segment, isDocumentID: index % 2 == 1) }
        self.segments = segments
    }

    /// Creates a path from segments already known to be valid (decoded from storage, built internally).
    package init(uncheckedSegments segments: [String]) {
        self.segments = segments
    }

    /// The number of segments.
    package var count: Int { segments.count }

    /// True for the root path (no segments).
    package var isEmpty: Bool { segments.isEmpty }

    /// The last segment (a document id or collection id), or nil at the root.
    package var lastSegment: String? { segments.last }

    /// The path without its last segment, or nil at the root.
    package var parent: ResourcePath? {
        isEmpty ? nil : ResourcePath(uncheckedSegments: Array(segments.dropLast()))
    }

    /// This path with one more segment; the segment is not validated (see `ResourceID.validate`).
    package func appending(_ segment: String) -> ResourcePath {
        ResourcePath(uncheckedSegments: segments + [segment])
    }

    /// This path followed by every segment of `path`.
    package func appending(_ path: ResourcePath) -> ResourcePath {
        ResourcePath(uncheckedSegments: segments + path.segments)
    }

    /// The path without its first `k` segments (the root when `k >= count`).
    package func droppingFirst(_ k: Int = 1) -> ResourcePath {
        ResourcePath(uncheckedSegments: Array(segments.dropFirst(k)))
    }

    /// The segments joined by `/` (the empty string at the root).
    package var canonicalString: String { segments.joined(separator: "/") }

    /// The canonical string.
    package var description: String { canonicalString }

    /// True when `other` starts with every segment of this path (also when both are equal).
    package func isPrefix(of other: ResourcePath) -> Bool {
        guard count <= other.count else { return false }
        for index in segments.indices where !String.equalUTF8(segments[index], other.segments[index]) {
            return false
        }
        return true
    }

    /// True when `other` is this path plus exactly one segment.
    package func isImmediateParent(of other: ResourcePath) -> Bool {
        count + 1 == other.count && isPrefix(of: other)
    }

    /// True for an even, non-zero number of segments (the path of a document).
    package var isDocumentPath: Bool { !isEmpty && count % 2 == 0 }

    /// True for an odd number of segments (the path of a collection).
    package var isCollectionPath: Bool { count % 2 == 1 }

    /// Compares segment by segment (numeric document ids numerically and first, other ids by UTF-8
    /// bytes; `NumericDocumentID.compare`); a proper prefix sorts first. Returns -1, 0 or 1.
    package static func compare(_ lhs: ResourcePath, _ rhs: ResourcePath) -> Int {
        UTF8KeyOrder.compareSegments(lhs.segments, rhs.segments)
    }

    /// Orders as `compare(_:_:)` does.
    package static func < (lhs: ResourcePath, rhs: ResourcePath) -> Bool { compare(lhs, rhs) < 0 }

    /// Byte-wise equality of every segment.
    package static func == (lhs: ResourcePath, rhs: ResourcePath) -> Bool {
        UTF8KeyOrder.equalSegments(lhs.segments, rhs.segments)
    }

    /// Hashes the segments' UTF-8 bytes, consistently with `==`.
    package func hash(into hasher: inout Hasher) {
        UTF8KeyOrder.hashSegments(segments, into: &hasher)
    }
}
