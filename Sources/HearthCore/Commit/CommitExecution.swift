import LMDB

/// Applies one commit inside the writer's (nested) transaction.
enum CommitExecution {
    /// Validates a transaction's reads, applies the writes, and stores the changes at version `time`.
    ///
    /// `admit` runs first, in the writer: a transaction's writes to a document reserved by another
    /// live (retried) transaction abort it, and admitted writes are marked in flight until their
    /// group is visible (`admitted` collects them for the writer to clear). With a `deferred`
    /// backlog, the commit's index work is noted there instead of done.
    static func apply(
        _ request: CommitRequest, at time: Int64, store: DocumentStore, in txn: WriteTransaction,
        transactions: TransactionRegistry, effects: inout CommitEffects
    ) throws -> CommitResult {
        let commitTime = Timestamp(microseconds: time)
        for stateWrite in request.stateWrites { try stateWrite.apply(in: txn, tables: store.tables) }
        guard request.writeCount > 0 || !request.readVersions.isEmpty else {
            return CommitResult(writeResults: [], commitTime: commitTime)
        }
        if request.feed == nil, !effects.loading || request.transaction != nil {
            guard transactions.admit(request.writes.map(\.key), database: request.database, transaction: request.transaction)
            else { throw FirestoreError(.aborted, "Too much contention on these documents. Please try again.") }
            effects.admitted.append(request)
        }
        let db = try store.catalog.assignDatabase(request.database, in: txn, pending: &effects.pending)
        for (key, seen) in request.readVersions {
            let now = try store.record(db: db, key: key, in: txn, writerPending: effects.pending)?.contents?.updateTime
            if now != seen {
                throw FirestoreError(.aborted, "Too much contention on these documents. Please try again.")
            }
        }
        let mappings = effects.pending
        let allowsBSON = { () throws(FirestoreError) -> Bool in
            try StorageErrorMapping.mapping {
                try DatabaseEdition.stored(of: request.database, in: txn, meta: store.tables.meta) == .enterprise
            }
        }
        if let policy = request.policy {
            try WriteAuthorization.checkFailingPreconditions(
                request, policy: policy, commitTime: commitTime, allowsBSON: allowsBSON
            ) {
                key throws(FirestoreError) in
                try StorageErrorMapping.mapping {
                    try store.record(db: db, key: key, in: txn, writerPending: mappings)?.document(key: key)
                }
            }
        }
        let load = { (key: DocumentKey) throws(FirestoreError) -> DocumentRecord.Contents? in
            try StorageErrorMapping.mapping {
                try store.record(db: db, key: key, in: txn, writerPending: mappings)?.contents
            }
        }
        let plan = if let feed = request.feed {
            try applyArriving(
                feed, of: request, at: commitTime, allowsBSON: allowsBSON, transactions: transactions,
                effects: &effects, load: load)
        } else {
            try CommitApplier.apply(
                request.writes, database: request.database, commitTime: commitTime, allowsBSON: allowsBSON, load: load)
        }
        if let policy = request.policy {
            try WriteAuthorization.check(request, policy: policy, plan: plan, commitTime: commitTime) {
                key throws(FirestoreError) in
                try StorageErrorMapping.mapping {
                    try store.record(db: db, key: key, in: txn, writerPending: mappings)?.document(key: key)
                }
            }
        }
        for change in plan.changes {
            try store.store(change, db: db, version: time, in: txn, pending: &effects.pending, deferred: &effects.deferred)
        }
        if !plan.changes.isEmpty {
            let entry = ChangeRecord(db: db, keys: plan.changes.map(\.key), depth: request.depth, author: request.author)
            try txn.put(entry.encoded(), forKey: StorageKeys.change(version: time), in: store.tables.changes)
            effects.changeSets.append(ChangeSet(version: time, database: request.database, changes: plan.changes.map { change in
                ChangeSet.Change(
                    key: change.key,
                    before: DocumentRecord(contents: change.before, fullID: nil).document(key: change.key),
                    after: DocumentRecord(contents: change.after, fullID: nil).document(key: change.key))
            }, depth: request.depth, author: request.author))
        }
        return CommitResult(writeResults: plan.writeResults, commitTime: commitTime)
    }

    /// Applies the writes of `feed` as its runs arrive, each run admitted (marked in flight) just
    /// before its writes are applied. A declined feed fails the commit, so nothing of it is stored.
    /// Reads the feed from its first run, so a replayed transaction applies the same writes.
    private static func applyArriving(
        _ feed: WriteFeed, of request: CommitRequest, at commitTime: Timestamp,
        allowsBSON: @escaping CommitApplier.BSONPermission, transactions: TransactionRegistry,
        effects: inout CommitEffects, load: (DocumentKey) throws(FirestoreError) -> DocumentRecord.Contents?
    ) throws(FirestoreError) -> CommitApplier.Plan {
        var applier = CommitApplier.Run(
            database: request.database, commitTime: commitTime, expected: feed.count, allowsBSON: allowsBSON)
        var index = 0
        while let run = try feed.run(at: index) {
            index += 1
            if !effects.loading {
                // Outside a transaction admission always succeeds: it only marks the documents.
                _ = transactions.admit(run.map(\.key), database: request.database, transaction: nil)
                effects.admitted.append(CommitRequest(database: request.database, writes: run))
            }
            for write in run { try applier.apply(write, load: load) }
        }
        return applier.plan()
    }
}

/// What applying one commit leaves for its group: the catalog mappings assigned so far (the
/// group's, plus this commit's), the requests admitted as in flight (kept even when the commit
/// then fails, so the writer clears their marks), the change sets to publish, and — when the group
/// defers — the index work left to the backlog.
struct CommitEffects {
    /// Catalog mappings not yet visible to readers.
    var pending: Catalog.Pending
    /// Requests whose writes were admitted as in flight.
    var admitted: [CommitRequest] = []
    /// Change sets to publish once the group is durable.
    var changeSets: [ChangeSet] = []
    /// Index work left to the backlog; nil when the commit indexes as it goes.
    var deferred: IndexBacklog?
    /// True for a load into a new directory (`Writer`'s load mode). Its deferred index work keeps
    /// only the first version (the whole index is built at the load's end), and commits outside
    /// transactions make no in-flight marks: the marks only make a retried transaction wait for
    /// commits it would otherwise lose to (without them it still aborts on a changed document),
    /// no transaction uses a load, and they were 7% of its writer's time.
    let loading: Bool

    /// Effects starting from the group's `pending` mappings, deferring index work when asked;
    /// `loading`: see the property.
    init(pending: Catalog.Pending, deferring: Bool, loading: Bool = false) {
        self.pending = pending
        self.loading = loading
        self.deferred = deferring ? (loading ? IndexBacklog.versionOnly() : IndexBacklog()) : nil
    }
}
