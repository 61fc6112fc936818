public import HearthCore

/// A document's location: read it, write it, or reach its sub-collections (the SDK's
/// `DocumentReference`). Creating one never fails; an invalid path is reported by the first
/// call that uses it.
public final class DocumentReference: Sendable, Hashable, CustomStringConvertible {
    /// The database this reference belongs to.
    public let firestore: Firestore
    let referencePath: ReferencePath

    init(firestore: Firestore, path: ReferencePath) {
        self.firestore = firestore
        self.referencePath = path
    }

    init(firestore: Firestore, key: DocumentKey) {
        self.firestore = firestore
        self.referencePath = .document(key)
    }

    /// The validated key, or the error the path was given with.
    func key() throws(FirestoreError) -> DocumentKey {
        switch referencePath {
        case .document(let key): return key
        case .invalid(_, let error): throw error
        case .collection(let path):
            throw FirestoreError(
                .invalidArgument,
                "Invalid document reference. Document references must have an even number of segments, but "
                    + "\(path.canonicalString) has \(path.count).")
        }
    }

    /// The document's id (the last path segment).
    public var documentID: String {
        if case .document(let key) = referencePath { return key.documentID }
        return referencePath.string.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The slash-separated path from the database root, e.g. `users/alice`.
    public var path: String { referencePath.string }

    /// The collection holding this document.
    public var parent: CollectionReference {
        if case .document(let key) = referencePath {
            return CollectionReference(firestore: firestore, path: .collection(key.collectionPath))
        }
        return CollectionReference(firestore: firestore, path: referencePath)
    }

    /// The sub-collection at `collectionPath` under this document.
    public func collection(_ collectionPath: String) -> CollectionReference {
        CollectionReference(firestore: firestore, path: ReferencePath.collection(path + "/" + collectionPath))
    }

    /// The full resource name, `projects/{p}/databases/{d}/documents/{path}`.
    public var description: String { firestore.databaseID.documentsRoot + "/" + path }

    /// Same database and path.
    public static func == (lhs: DocumentReference, rhs: DocumentReference) -> Bool {
        lhs.firestore.databaseID == rhs.firestore.databaseID && lhs.path == rhs.path
    }

    /// Hashes database and path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(firestore.databaseID)
        hasher.combine(path)
    }
}

extension DocumentReference {
    /// Replaces the document with `documentData` (creating it when missing).
    /// - Throws: `INVALID_ARGUMENT` for unsupported data, with the SDK's message.
    nonisolated(nonsending) public func setData(_ documentData: [String: Any]) async throws(FirestoreError) {
        try await commit(WriteFactory.set(documentData, to: try key()))
    }

    /// Writes `documentData`; with `merge: true` only the fields it contains change.
    nonisolated(nonsending) public func setData(_ documentData: [String: Any], merge: Bool) async throws(FirestoreError) {
        let key = try key()
        try await commit(merge ? WriteFactory.merge(documentData, to: key) : WriteFactory.set(documentData, to: key))
    }

    /// Writes only the listed fields of `documentData` (each a dotted `String` or a `FieldPath`).
    nonisolated(nonsending) public func setData(_ documentData: [String: Any], mergeFields: [Any]) async throws(FirestoreError) {
        try await commit(WriteFactory.merge(documentData, fields: mergeFields, to: try key()))
    }

    /// Updates fields of an existing document; keys are dotted paths or `FieldPath`s.
    /// - Throws: `NOT_FOUND` (`No document to update: …`) when the document does not exist.
    nonisolated(nonsending) public func updateData(_ fields: [AnyHashable: Any]) async throws(FirestoreError) {
        try await commit(WriteFactory.update(fields, of: try key()))
    }

    /// Deletes the document (succeeds when it does not exist). Sub-collections are kept.
    nonisolated(nonsending) public func delete() async throws(FirestoreError) {
        try await commit(Write.delete(try key()))
    }

    /// Reads the document.
    nonisolated(nonsending) public func getDocument() async throws(FirestoreError) -> DocumentSnapshot {
        let key = try key()
        let document = try await firestore.openEngine().getDocument(key, in: firestore.databaseID, access: firestore.access)
        return DocumentSnapshot(reference: self, document: document)
    }

    private func commit(_ write: Write) async throws(FirestoreError) {
        try await firestore.openEngine().commit([write], in: firestore.databaseID, access: firestore.access)
    }
}
