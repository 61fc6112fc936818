import Synchronization

/// The TTL sweeper's task and what each policy has done (guarded by a mutex).
final class TTLSchedule: Sendable {
    private let state = Mutex<(task: Task<Void, Never>?, statuses: [TTLPolicy: TTLPolicyStatus])>((nil, [:]))
    /// Told about each TTL commit (the server's request log).
    let observer = Mutex<(@Sendable (TTLDeletion) -> Void)?>(nil)

    /// The policies' statuses, in `policies` order.
    func statuses(_ policies: [TTLPolicy]) -> [TTLPolicyStatus] {
        state.withLock { state in policies.map { state.statuses[$0] ?? TTLPolicyStatus(policy: $0) } }
    }

    /// Runs `body` on `policy`'s status.
    func note(_ policy: TTLPolicy, _ body: (inout TTLPolicyStatus) -> Void) {
        state.withLock { state in
            var status = state.statuses[policy] ?? TTLPolicyStatus(policy: policy)
            body(&status)
            state.statuses[policy] = status
        }
    }

    /// Installs the sweeping task (cancelling an earlier one).
    func replace(with task: Task<Void, Never>?) {
        let old = state.withLock { state in
            defer { state.task = task }
            return state.task
        }
        old?.cancel()
    }

    /// Stops the sweeping task.
    func stop() { replace(with: nil) }
}

/// One TTL commit: which policy deleted which documents of which database, and how long it took.
package struct TTLDeletion: Sendable {
    /// The policy.
    package let policy: TTLPolicy
    /// The database.
    package let database: DatabaseID
    /// The deleted documents' paths.
    package let paths: [String]
    /// How long the commit took.
    package let duration: Duration
}

extension Engine {
    /// Sets who is told about each TTL commit (nil: nobody).
    package func setTTLObserver(_ observer: (@Sendable (TTLDeletion) -> Void)?) {
        ttl.observer.withLock { $0 = observer }
    }

    /// The TTL policies of this engine's `firestore.indexes.json`.
    package var ttlPolicies: [TTLPolicy] { options.indexes.ttlPolicies }

    /// What each TTL policy has deleted since the engine opened.
    package func ttlStatuses() -> [TTLPolicyStatus] { ttl.statuses(ttlPolicies) }

    /// Sweeps every `interval` (on the engine's clock's "now"; real time between sweeps) while the
    /// engine is open, when there are policies. Calling it again changes the interval.
    package func startTTL(interval: Duration) {
        guard !ttlPolicies.isEmpty else { return }
        ttl.replace(with: Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                guard let self else { return }
                _ = try? await self.sweepExpiredDocuments()
            }
        })
    }

    /// Deletes, in every database, the documents whose TTL field holds a timestamp at or before
    /// the engine clock's now, through ordinary commits (listeners and triggers see them; a
    /// document changed since it was read is skipped by its update-time precondition). Returns
    /// how many were deleted.
    @discardableResult
    package func sweepExpiredDocuments() async throws(FirestoreError) -> Int {
        let now = Timestamp(microseconds: nowMicroseconds)
        var total = 0
        let databases = try read { txn in try store.catalog.databaseIDs(in: txn) }.values.sorted { $0.resourceName < $1.resourceName }
        for policy in ttlPolicies {
            var deleted: [String] = []
            do {
                for database in databases {
                    let swept: Result<[String], FirestoreError> = await ChangeAuthor.$override.withValue(.system) {
                        do throws(FirestoreError) {
                            return .success(try await sweep(policy, in: database, before: now))
                        } catch {
                            return .failure(error)
                        }
                    }
                    deleted += try swept.get()
                }
            } catch {
                ttl.note(policy) { status in
                    status.lastError = error.description
                    status.lastSweep = nowMicroseconds
                }
                throw error
            }
            total += deleted.count
            ttl.note(policy) { status in
                status.deleted += deleted.count
                status.recent = Array((status.recent + deleted).suffix(20))
                status.lastSweep = nowMicroseconds
                status.lastError = nil
            }
        }
        return total
    }

    /// Most documents one TTL commit deletes.
    private static let ttlBatch = 500

    /// Deletes `policy`'s expired documents in `database`; returns their paths.
    private func sweep(_ policy: TTLPolicy, in database: DatabaseID, before now: Timestamp) async throws(FirestoreError) -> [String] {
        let field = try FieldPath(serverFormat: policy.fieldPath)
        let query = StructuredQuery(
            collectionID: policy.collectionGroup, allDescendants: true,
            filter: .field(field, .lessThanOrEqual, .timestamp(now)), limit: Self.ttlBatch)
        var deleted: [String] = []
        while true {
            let expired: [Document]
            do {
                expired = try await runQuery(query, in: database)
            } catch where error.code == .failedPrecondition {
                // The field's index is exempted (TTL fields usually are): read the group instead.
                expired = Array(try runQueryByFullScan(query, in: database).prefix(Self.ttlBatch))
            }
            guard !expired.isEmpty else { return deleted }
            let writes = expired.map { Write(.delete($0.key), precondition: .updateTime($0.updateTime)) }
            let started = ContinuousClock.now
            var batch: [String] = []
            do {
                try await commit(writes, in: database)
                batch = expired.map(\.key.path.canonicalString)
            } catch where error.code == .failedPrecondition {
                // One of them changed since it was read: delete the others one by one.
                for (document, write) in zip(expired, writes) {
                    do {
                        try await commit([write], in: database)
                        batch.append(document.key.path.canonicalString)
                    } catch where error.code == .failedPrecondition || error.code == .notFound {
                        continue
                    }
                }
            }
            deleted += batch
            if !batch.isEmpty, let observer = ttl.observer.withLock({ $0 }) {
                observer(TTLDeletion(policy: policy, database: database, paths: batch, duration: ContinuousClock.now - started))
            }
            if expired.count < Self.ttlBatch { return deleted }
        }
    }
}
