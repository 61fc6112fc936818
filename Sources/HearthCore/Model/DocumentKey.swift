/// A document's path: an even, non-empty `ResourcePath` whose segments are valid ids.
///
/// The public initializers also enforce Firestore's limits on document names: at most 100
/// collection levels and a name size (see `DocumentSize.name(_:)`) of at most 6 KiB.
package struct DocumentKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The document's path, e.g. `users/alice/posts/p1`.
    package let path: ResourcePath

    /// The most collection levels a document may be nested in (a top-level document has depth 1).
    package static let maxDepth = 100

    /// The largest document name size in bytes (6 KiB), computed as `DocumentSize.name(_:)`.
    package static let maxNameBytes = 6_144

    /// Creates a key, checking the path's parity, its ids, its depth and its name size.
    /// - Throws: `INVALID_ARGUMENT` with a sentence naming the path.
    package init(path: ResourcePath) throws(FirestoreError) {
        guard !path.isEmpty else {
            throw FirestoreError(
                .invalidArgument, "Invalid document reference. Document references must not be empty.")
        }
        guard path.count % 2 == 0 else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid document reference. Document references must have an even number of segments, "
                    + "but \(MessageText.display(path.canonicalString)) has \(path.count).")
        }
        for (index, segment) in path.segments.enumerated() { try ResourceID.validate(segment, isDocumentID: index % 2 == 1) }
        let depth = path.count / 2
        guard depth <= DocumentKey.maxDepth else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid document reference. Document \(MessageText.display(path.canonicalString)) is nested "
                    + "\(depth) collections deep, but the maximum is \(DocumentKey.maxDepth).")
        }
        let nameSize = DocumentSize.name(path: path)
        guard nameSize <= DocumentKey.maxNameBytes else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid document reference. The name of document \(MessageText.display(path.canonicalString)) "
                    + "has a size of \(MessageText.withThousandsSeparators(nameSize)) bytes, but the maximum is "
                    + "\(MessageText.withThousandsSeparators(DocumentKey.maxNameBytes)) bytes.")
        }
        self.path = path
    }

    /// Parses an API path string such as `"users/alice"` and validates it as a document key.
    /// - Throws: `INVALID_ARGUMENT` as `ResourcePath(validating:)` and `init(path:)` do.
    package init(validating string: String) throws(FirestoreError) {
        try self.init(path: ResourcePath(validating: string))
    }

    /// Creates a key from a path already known to be a valid document path (decoded from storage).
    package init(unchecked path: ResourcePath) {
        self.path = path
    }

    /// The document's id: the last segment.
    package var documentID: String { path.segments.last ?? "" }

    /// The id of the collection holding the document: the second-to-last segment.
    package var collectionID: String { path.count >= 2 ? path.segments[path.count - 2] : "" }

    /// The path of the collection holding the document (an odd path).
    package var collectionPath: ResourcePath { path.parent ?? .root }

    /// The document holding this document's collection, or nil for a top-level document.
    package var parentDocument: DocumentKey? {
        guard path.count > 2 else { return nil }
        return DocumentKey(unchecked: ResourcePath(uncheckedSegments: Array(path.segments.dropLast(2))))
    }

    /// The number of collection levels above the document (1 for a top-level document).
    package var depth: Int { path.count / 2 }

    /// The key of the document `documentID` in the collection `collectionID` under this document.
    /// - Throws: `INVALID_ARGUMENT` when an id is invalid or a limit is exceeded.
    package func child(collectionID: String, documentID: String) throws(FirestoreError) -> DocumentKey {
        try DocumentKey(path: path.appending(collectionID).appending(documentID))
    }

    /// The full resource name, `projects/{p}/databases/{d}/documents/{path}`.
    package func resourceName(in database: DatabaseID) -> String {
        database.documentsRoot + "/" + path.canonicalString
    }

    /// Parses a full resource name `projects/{p}/databases/{d}/documents/{path}` (server format).
    /// - Throws: `INVALID_ARGUMENT` when the name is malformed, names a collection, or breaks a limit.
    package static func parse(resourceName: String) throws(FirestoreError) -> (DatabaseID, DocumentKey) {
        if resourceName.utf8.count > 1, resourceName.utf8.last == UInt8(ascii: "/") {
            // Production's text for a name ending in a slash (an empty last id).
            throw FirestoreError(
                .invalidArgument, "Document name \"\(resourceName)\" has invalid trailing \"/\".")
        }
        let parts = resourceName.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard parts.count >= 5, String.equalUTF8(parts[0], "projects"), String.equalUTF8(parts[2], "databases"),
              String.equalUTF8(parts[4], "documents")
        else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid resource name \"\(MessageText.display(resourceName))\". Document names must have the form "
                    + "projects/{project_id}/databases/{database_id}/documents/{document_path}.")
        }
        let database = try DatabaseID(project: parts[1], database: parts[3])
        let key = try DocumentKey(path: ResourcePath(validatingSegments: Array(parts.dropFirst(5))))
        return (database, key)
    }

    /// The path's canonical string.
    package var description: String { path.canonicalString }

    /// Orders by path (segment by segment, as `ResourcePath.compare` does).
    package static func < (lhs: DocumentKey, rhs: DocumentKey) -> Bool { lhs.path < rhs.path }
}
