public import HearthCore

/// A set of documents to read: a collection, or every collection with one id (the SDK's `Query`).
///
/// Filters, orders, cursors and limits come with issue "Queries"; today a query reads whole
/// collections, ordered by document path.
public class Query: @unchecked Sendable {
    // Immutable after init.
    /// The database the query reads.
    public let firestore: Firestore
    let source: Source

    /// Where the documents come from.
    enum Source: Sendable {
        /// The documents directly in one collection.
        case collection(ReferencePath)
        /// Every collection with this id, anywhere in the database.
        case collectionGroup(String)
    }

    init(firestore: Firestore, source: Source) {
        self.firestore = firestore
        self.source = source
    }

    /// Reads the query's documents, in document-path order.
    nonisolated(nonsending) public func getDocuments() async throws(FirestoreError) -> QuerySnapshot {
        let entries: [ListedDocument]
        switch source {
        case .collection(let path):
            entries = try readCollection(try CollectionReference.validated(path))
        case .collectionGroup(let id):
            entries = try firestore.engine.listCollectionGroup(in: firestore.databaseID, collectionID: id)
        }
        let documents = entries.compactMap { entry in
            entry.document.map {
                QueryDocumentSnapshot(reference: DocumentReference(firestore: firestore, key: entry.key), document: $0)
            }
        }
        return QuerySnapshot(documents: documents)
    }

    private func readCollection(_ path: ResourcePath) throws(FirestoreError) -> [ListedDocument] {
        var entries: [ListedDocument] = []
        var token: String?
        repeat {
            let page = try firestore.engine.listDocuments(
                in: firestore.databaseID, collection: path, pageSize: 1_000, pageToken: token)
            entries += page.items
            token = page.nextPageToken
        } while token != nil
        return entries
    }
}

extension Firestore {
    /// Every collection named `collectionID`, wherever it is in the database.
    /// An id containing `/` is reported by the first read.
    public func collectionGroup(_ collectionID: String) -> Query {
        Query(firestore: self, source: .collectionGroup(collectionID))
    }
}
