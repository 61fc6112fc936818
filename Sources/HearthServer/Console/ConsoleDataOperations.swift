import Foundation
import HearthCore

/// What the data browser needs beyond Firestore's REST API: the databases in the data directory,
/// and counting and deleting a collection with everything below it, a page at a time.
struct ConsoleDataOperations {
    /// The engine (admin access).
    let engine: Engine

    /// How many documents a page of the walk visits (and a delete commit holds).
    static let pageSize = 500

    /// One stored database.
    struct DatabaseEntry: Encodable {
        let project: String
        let database: String
        let name: String
        /// `standard` or `enterprise`.
        let edition: String
    }

    /// Every database the data directory has written, in name order.
    func databases() throws(FirestoreError) -> [DatabaseEntry] {
        try engine.storedDatabases().map { id throws(FirestoreError) in
            DatabaseEntry(
                project: id.project, database: id.database, name: "projects/\(id.project)/databases/\(id.database)",
                edition: try engine.edition(of: id).rawValue)
        }
    }

    /// The documents in `collection` and in every sub-collection below it (recursively).
    func countRecursively(collection: ResourcePath, in database: DatabaseID) throws(FirestoreError) -> Int {
        try checkCollection(collection)
        var total = 0
        var token: String?
        repeat {
            let page = try engine.listDocuments(
                in: database, collection: collection, pageSize: Self.pageSize, pageToken: token, showMissing: true)
            for item in page.items {
                if item.document != nil { total += 1 }
                for child in try subcollections(of: item.key, in: database) {
                    total += try countRecursively(collection: child, in: database)
                }
            }
            token = page.nextPageToken
        } while token != nil
        return total
    }

    /// Deletes every document in `collection` and below it, a page per commit; returns how many.
    func deleteRecursively(collection: ResourcePath, in database: DatabaseID) async throws(FirestoreError) -> Int {
        try checkCollection(collection)
        var total = 0
        var token: String?
        repeat {
            let page = try engine.listDocuments(
                in: database, collection: collection, pageSize: Self.pageSize, pageToken: token, showMissing: true)
            for item in page.items {
                for child in try subcollections(of: item.key, in: database) {
                    total += try await deleteRecursively(collection: child, in: database)
                }
            }
            let doomed = page.items.filter { $0.document != nil }.map { Write.delete($0.key) }
            if !doomed.isEmpty {
                try await engine.commit(doomed, in: database)
                total += doomed.count
            }
            token = page.nextPageToken
        } while token != nil
        return total
    }

    private func subcollections(of key: DocumentKey, in database: DatabaseID) throws(FirestoreError) -> [ResourcePath] {
        try engine.listCollectionIDs(in: database, parent: key).items.map { key.path.appending($0) }
    }

    private func checkCollection(_ path: ResourcePath) throws(FirestoreError) {
        guard path.isCollectionPath else {
            throw FirestoreError(.invalidArgument, "'\(path.canonicalString)' is not a collection path.")
        }
    }
}
