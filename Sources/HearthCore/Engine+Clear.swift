extension Engine {
    /// Deletes every document of `database` (the emulator's "clear data" endpoint and the rules
    /// testing API's `clearFirestore`). Deletes go through ordinary admin commits of at most 500
    /// writes, so indexes, history and listeners follow as for any delete. Returns how many
    /// documents were deleted.
    @discardableResult
    package func clearDatabase(_ database: DatabaseID) async throws(FirestoreError) -> Int {
        let collections = try read { txn -> [ResourcePath] in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return [] }
            return try store.collectionPaths(db: db, collectionID: nil, in: txn)
        }
        var keys: [DocumentKey] = []
        for collection in collections {
            var token: String?
            repeat {
                let page = try listDocuments(in: database, collection: collection, pageSize: 1_000, pageToken: token)
                keys += page.items.compactMap { $0.document == nil ? nil : $0.key }
                token = page.nextPageToken
            } while token != nil
        }
        var start = 0
        while start < keys.count {
            let end = min(start + 500, keys.count)
            try await commit(keys[start..<end].map { Write.delete($0) }, in: database)
            start = end
        }
        return keys.count
    }
}
