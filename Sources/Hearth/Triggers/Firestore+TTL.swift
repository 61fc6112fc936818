public import HearthCore

extension Firestore {
    /// The TTL policies of the data directory's `firestore.indexes.json` (`EngineOptions.indexes`).
    public var ttlPolicies: [TTLPolicy] { engine.ttlPolicies }

    /// Deletes now, in every database, the documents whose TTL field holds a timestamp that has
    /// passed (the sweep `EngineOptions.ttlSweepInterval` schedules), through ordinary commits:
    /// listeners and `onDocumentDeleted` triggers see them. Returns how many were deleted.
    @discardableResult
    public func sweepExpiredDocuments() async throws(FirestoreError) -> Int {
        try await openEngine().sweepExpiredDocuments()
    }
}
