/// A dotted path to a field inside a document, with Firestore's backtick quoting.
///
/// `segments` are the literal field names (`["a", "x.y"]`); `canonicalString` is the wire form
/// (``a.`x.y` ``). Equality, hashing and order compare segments by UTF-8 bytes. Parsers live in
/// `FieldPath+Parsing.swift`.
package struct FieldPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The field names from the outermost map inward; never empty.
    package let segments: [String]

    /// The longest canonical string, in UTF-8 bytes.
    package static let maxBytes = 1_500

    /// `__name__`, the document-key pseudo-field used in queries.
    package static let documentID = FieldPath(uncheckedSegments: ["__name__"])

    /// Creates a path from literal field names.
    /// - Throws: `INVALID_ARGUMENT` when the list or a name is empty, or the canonical string exceeds 1,500 bytes.
    package init(validatingSegments segments: [String]) throws(FirestoreError) {
        guard !segments.isEmpty else {
            throw FirestoreError(.invalidArgument, "Invalid field path. Provided names must not be empty.")
        }
        for (index, segment) in segments.enumerated() where segment.utf8.isEmpty {
            throw FirestoreError(
                .invalidArgument, "Invalid field name at index \(index). Field names must not be empty.")
        }
        let path = FieldPath(uncheckedSegments: segments)
        let size = path.canonicalString.utf8.count
        guard size <= FieldPath.maxBytes else { throw FieldPath.tooLong(size: size, path: path) }
        self = path
    }

    /// `INVALID_ARGUMENT` for a field path of `size` bytes, over `maxBytes`.
    package static func tooLong(size: Int, path: FieldPath) -> FirestoreError {
        FirestoreError(
            .invalidArgument,
            "Invalid field path (\(MessageText.display(path.canonicalString))). Field paths must not be longer "
                + "than \(MessageText.withThousandsSeparators(FieldPath.maxBytes)) bytes, but this one has "
                + "\(MessageText.withThousandsSeparators(size)).")
    }

    /// Creates a path from field names already known to be valid (internal construction, storage).
    package init(uncheckedSegments segments: [String]) {
        assert(!segments.isEmpty, "a FieldPath has at least one segment")
        self.segments = segments
    }

    /// The wire form: segments joined by `.`, a segment quoted in backticks unless it is simple
    /// (`[A-Za-z_][A-Za-z0-9_]*`), with `` ` `` and `\` escaped by a backslash inside quotes.
    package var canonicalString: String {
        var result = ""
        for (index, segment) in segments.enumerated() {
            if index > 0 { result.append(".") }
            if FieldPath.isSimple(segment) {
                result.append(segment)
            } else {
                result.append("`")
                for scalar in segment.unicodeScalars {
                    if scalar == "`" || scalar == "\\" { result.append("\\") }
                    result.unicodeScalars.append(scalar)
                }
                result.append("`")
            }
        }
        return result
    }

    /// The canonical string.
    package var description: String { canonicalString }

    /// True for `__name__`, the document-key pseudo-field.
    package var isDocumentID: Bool {
        segments.count == 1 && String.equalUTF8(segments[0], "__name__")
    }

    /// The number of segments.
    package var count: Int { segments.count }

    /// The outermost field name.
    package var firstSegment: String { segments.first ?? "" }

    /// The innermost field name.
    package var lastSegment: String { segments.last ?? "" }

    /// The path without its last segment, or nil for a single-segment path.
    package var parent: FieldPath? {
        segments.count > 1 ? FieldPath(uncheckedSegments: Array(segments.dropLast())) : nil
    }

    /// This path with one more field name; the name is not validated.
    package func appending(_ segment: String) -> FieldPath {
        FieldPath(uncheckedSegments: segments + [segment])
    }

    /// True when `other` starts with every segment of this path (also when both are equal).
    package func isPrefix(of other: FieldPath) -> Bool {
        guard count <= other.count else { return false }
        for index in segments.indices where !String.equalUTF8(segments[index], other.segments[index]) {
            return false
        }
        return true
    }

    /// True when `segment` needs no quoting: `[A-Za-z_][A-Za-z0-9_]*`.
    package static func isSimple(_ segment: String) -> Bool {
        var isFirst = true
        for byte in segment.utf8 {
            guard isIdentifierByte(byte, isFirst: isFirst) else { return false }
            isFirst = false
        }
        return !isFirst
    }

    /// Compares segment by segment, each by UTF-8 bytes; a proper prefix sorts first. Returns -1, 0 or 1.
    package static func compare(_ lhs: FieldPath, _ rhs: FieldPath) -> Int {
        UTF8KeyOrder.compareSegments(lhs.segments, rhs.segments)
    }

    /// Orders segment by segment (UTF-8 bytes); a proper prefix sorts first.
    package static func < (lhs: FieldPath, rhs: FieldPath) -> Bool { compare(lhs, rhs) < 0 }

    /// Byte-wise equality of every segment.
    package static func == (lhs: FieldPath, rhs: FieldPath) -> Bool {
        UTF8KeyOrder.equalSegments(lhs.segments, rhs.segments)
    }

    /// Hashes the segments' UTF-8 bytes, consistently with `==`.
    package func hash(into hasher: inout Hasher) {
        UTF8KeyOrder.hashSegments(segments, into: &hasher)
    }
}
