extension Engine {
    /// Applies `writes` atomically and in order, and waits until the commit is durable.
    ///
    /// With a `transaction`, the commit ends it: a read-write transaction commits only if nothing it
    /// read has changed since (else `ABORTED`; retry with a new transaction), together with any
    /// writes a pipeline's DML buffered in it (applied first).
    /// - Throws: Firestore's errors: `NOT_FOUND` (`No document to update: …`), `ALREADY_EXISTS`,
    ///   `FAILED_PRECONDITION` (update-time precondition), `INVALID_ARGUMENT` (bad data, expired
    ///   transaction, writes in a read-only transaction), `ABORTED` (transaction conflict),
    ///   `PERMISSION_DENIED` when the access policy refuses any write for `access` (nothing is written).
    @discardableResult
    package func commit(
        _ writes: [Write], in database: DatabaseID, transaction: TransactionID? = nil, access: AccessContext = .admin
    ) async throws(FirestoreError) -> CommitResult {
        var request = CommitRequest(database: database, writes: writes)
        request.access = access
        request.depth = TriggerDepth.current
        request.author = ChangeAuthor.override ?? ChangeAuthor(access)
        request.policy = policy(for: access)
        request.verdictLog = request.policy == nil ? nil : AccessVerdictLog.current
        if let transaction {
            let state = try transactions.beginCommit(transaction, database: database)
            if state.readVersion != nil {
                transactions.release(transaction)
                guard writes.isEmpty else {
                    throw FirestoreError(.invalidArgument, "Cannot modify entities in a read-only transaction.")
                }
                return CommitResult(writeResults: [], commitTime: latestCommitTime)
            }
            request.readVersions = state.reads
            request.transaction = transaction
            if !state.bufferedWrites.isEmpty {
                // A pipeline's DML inside the transaction wrote first; the caller sees results for its own writes.
                request.writes = state.bufferedWrites + writes
                var result = try await submit(request)
                result.writeResults.removeFirst(state.bufferedWrites.count)
                return result
            }
        }
        return try await submit(request)
    }

    /// Submits a commit to the writer, noting its writes in the verdict log when one listens.
    private func submit(_ request: CommitRequest) async throws(FirestoreError) -> CommitResult {
        guard let log = AccessVerdictLog.current else { return try await writer.submit(request) }
        do {
            let result = try await writer.submit(request)
            log.noteWrites(request.writes, status: .ok)
            return result
        } catch {
            log.noteWrites(request.writes, status: error.code)
            throw error
        }
    }

    /// Applies the writes `feed` delivers, atomically and in order, and waits until the commit is
    /// durable: the writer applies each run as it arrives, so a large request's decoding overlaps
    /// its application. When an access policy judges `access`'s writes (or a verdict log is
    /// listening), the commit waits for every write first and goes as `commit(_:in:access:)` does;
    /// so does one submitted while the writer is busy (other committers, a group in progress): it
    /// would wait for them anyway, and a writer waiting on one feed would hold back every commit
    /// of its group while the machine's cores decode the others.
    /// - Throws: as `commit(_:in:transaction:access:)`; `WriteFeed.declinedError` when the
    ///   producer declined (nothing is written).
    @discardableResult
    package func commit(_ feed: WriteFeed, in database: DatabaseID, access: AccessContext = .admin) async throws(FirestoreError) -> CommitResult {
        guard policy(for: access) == nil, AccessVerdictLog.current == nil, !writer.isBusy else {
            guard let writes = await feed.collected() else { throw WriteFeed.declinedError }
            return try await commit(writes, in: database, access: access)
        }
        var request = CommitRequest(database: database, writes: [])
        request.feed = feed
        request.access = access
        request.depth = TriggerDepth.current
        request.author = ChangeAuthor.override ?? ChangeAuthor(access)
        return try await writer.submit(request)
    }
}
