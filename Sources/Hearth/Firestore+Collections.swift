public import HearthCore

extension Firestore {
    /// The root collections holding documents, in id order, as they were at `readTime` (now when
    /// nil). As the server SDKs' `listCollections()`: only an admin may list.
    nonisolated(nonsending) public func listCollections(readTime: Timestamp? = nil) async throws(FirestoreError) -> [CollectionReference] {
        try await collections(under: nil, readTime: readTime)
    }

    /// The collections directly under `parent` (the root when nil) at `readTime`.
    nonisolated(nonsending) func collections(under parent: DocumentKey?, readTime: Timestamp?) async throws(FirestoreError) -> [CollectionReference] {
        let engine = try openEngine()
        let consistency: ReadConsistency = readTime.map { .readTime($0) } ?? .strong
        let ids = try engine.listCollectionIDs(in: databaseID, parent: parent, consistency: consistency, access: access).items
        let base = parent?.path ?? .root
        return ids.map { CollectionReference(firestore: self, path: .collection(base.appending($0))) }
    }
}

extension DocumentReference {
    /// The sub-collections of this document holding documents, in id order, as they were at
    /// `readTime` (now when nil). Only an admin may list.
    nonisolated(nonsending) public func listCollections(readTime: Timestamp? = nil) async throws(FirestoreError) -> [CollectionReference] {
        try await firestore.collections(under: try key(), readTime: readTime)
    }
}
