public import HearthCore

/// A collection's location: make document references in it, add documents, list them
/// (the SDK's `CollectionReference`). Creating one never fails; an invalid path is reported by
/// the first call that uses it.
public final class CollectionReference: Query, @unchecked Sendable, CustomStringConvertible {
    // Immutable after init.
    let referencePath: ReferencePath

    init(firestore: Firestore, path: ReferencePath) {
        self.referencePath = path
        super.init(firestore: firestore, source: .collection(path), state: QueryState())
    }

    /// The validated collection path, or the error the path was given with.
    func collectionPath() throws(FirestoreError) -> ResourcePath { try Self.validated(referencePath) }

    /// A collection path from a reference path, or the error to report.
    static func validated(_ referencePath: ReferencePath) throws(FirestoreError) -> ResourcePath {
        switch referencePath {
        case .collection(let path): return path
        case .invalid(_, let error): throw error
        case .document(let key):
            throw FirestoreError(
                .invalidArgument,
                "Invalid collection reference. Collection references must have an odd number of segments, but "
                    + "\(key.path.canonicalString) has \(key.path.count).")
        }
    }

    /// The collection's id (the last path segment).
    public var collectionID: String { referencePath.string.split(separator: "/").last.map(String.init) ?? "" }

    /// The slash-separated path from the database root.
    public var path: String { referencePath.string }

    /// The document containing this collection, or nil for a top-level collection.
    public var parent: DocumentReference? {
        guard case .collection(let path) = referencePath, let parent = path.parent, !parent.isEmpty else { return nil }
        return DocumentReference(firestore: firestore, key: DocumentKey(unchecked: parent))
    }

    /// A reference to a new document with an auto-generated id (20 random characters).
    public func document() -> DocumentReference { document(AutoID.generate()) }

    /// The document `documentPath` (relative to this collection) in it.
    public func document(_ documentPath: String) -> DocumentReference {
        if case .collection(let collection) = referencePath, !documentPath.utf8.contains(UInt8(ascii: "/")) {
            // The common case, a plain id: validate only the id, not the whole path again.
            do {
                try ResourceID.validate(documentPath, isDocumentID: true)
                let key = try DocumentKey(path: collection.appending(documentPath))
                return DocumentReference(firestore: firestore, key: key)
            } catch {
                return DocumentReference(firestore: firestore, path: .invalid(raw: path + "/" + documentPath, error: error))
            }
        }
        return DocumentReference(firestore: firestore, path: ReferencePath.document(path + "/" + documentPath))
    }

    /// Adds a document with an auto-generated id and returns its reference.
    nonisolated(nonsending) public func addDocument(data: [String: Any]) async throws(FirestoreError) -> DocumentReference {
        _ = try collectionPath()
        let reference = document()
        try await reference.setData(data)
        return reference
    }

    /// The full resource name of the collection.
    public var description: String { firestore.databaseID.documentsRoot + "/" + path }
}
