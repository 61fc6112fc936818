import Foundation
import Synchronization
import LMDB

/// The one thread that owns every LMDB write transaction (LMDB ties a write transaction to the OS
/// thread that began it). Callers `submit` a commit and await its outcome; the thread drains the
/// queue and applies many commits per LMDB transaction (group commit, one fsync), each in a nested
/// transaction so one failed precondition fails only its own commit.
///
/// Bulk groups may leave their index work to a later, larger transaction (`IndexBacklog`,
/// scheduled by `IndexScheduling`); readers that need the index wait for it (`waitForIndex`).
///
/// Isolation: `queue` and `isClosed` are guarded by `condition`; `lastVersion` is touched only by
/// the writer thread after start (and read through `committedVersion`, an atomic); `readFloor`
/// is atomic.
final class Writer: @unchecked Sendable {
    /// A submitted commit and who is told its outcome (on the writer thread).
    private struct Pending {
        let request: CommitRequest
        let complete: @Sendable (Result<CommitResult, any Error>) -> Void
    }

    private let environment: Environment
    private let store: DocumentStore
    private let clock: any CommitClock
    private let retentionMicros: Int64
    private let transactions: TransactionRegistry
    /// Receives each group's change sets, in commit order, once they are durable (writer thread).
    private let publish: @Sendable ([ChangeSet]) -> Void
    private let condition = NSCondition()
    private var queue: [Pending] = []
    private var isClosed = false
    private let finished = DispatchSemaphore(value: 0)
    private var lastVersion: Int64
    private let committedVersion: Atomic<Int64>
    private let readFloor = Atomic<Int64>(0)
    /// Commits admitted in the current group (writer thread only), cleared once it is visible.
    private var admitted: [CommitRequest] = []
    /// Documents whose index entries are pending (writer thread only).
    private var backlog = IndexBacklog()
    /// When to defer index work and when to catch up.
    private let scheduling: IndexScheduling
    /// Readers waiting for the index to catch up; guarded by `condition`.
    private var indexWaiters: [IndexWaiter] = []
    /// Told about failures of background work no caller waits for (a failed index catch-up).
    private let backgroundErrorHandler = Mutex<(@Sendable (any Error) -> Void)?>(nil)
    /// Whether a group waits briefly for as many commits as the last one had (see `gather`):
    /// only when every group is synced, which is what makes a fuller group cheaper.
    private let gathers: Bool
    /// Commits in the last group (guarded by `condition`).
    private var lastGroupSize = 0
    /// True while the writer thread applies a group.
    private let applyingGroup = Atomic<Bool>(false)
    /// True while a load into a new directory leaves the whole index to one build
    /// (`IndexBulkBuild`): commits store documents only, and the first reader that needs the
    /// index, or closing, builds it; later commits index as usual. Writer thread only.
    private var indexesAfterLoad: Bool
    /// True once a commit of the load left index work behind (its marker is written).
    private var loadLeftIndexBehind = false
    /// Why the last build of a load's index failed (nil when it did not).
    let indexBuildFailure = Mutex<FirestoreError?>(nil)
    /// Set when a load is abandoned: its documents are about to be deleted, so no index is built.
    private let loadIndexBuildSkipped = Atomic<Bool>(false)

    /// The trigger cursors noted since the last group, stored by the next one.
    private let cursors: TriggerCursorFlusher?

    /// Most commits one LMDB transaction takes.
    private static let maxGroup = 1_000
    /// Longest real wait (seconds) between looks at the clock while index work is pending.
    private static let idlePoll = 0.02
    /// Catch-ups holding at least this much (estimated) release the data file's mapped pages after.
    static let releaseAfterCatchUpBytes = 4 << 20
    /// Most writes one LMDB transaction takes (keeps dirty pages bounded).
    private static let maxGroupWrites = 50_000
    /// Longest wait (seconds) for a group to fill up to the last group's size: a fraction of one
    /// sync, which a fuller group saves many times over.
    private static let gatherWindow = 0.000_3

    /// Starts the writer thread.
    init(
        environment: Environment, store: DocumentStore, clock: any CommitClock, retentionMicros: Int64,
        lastVersion: Int64, transactions: TransactionRegistry, scheduling: IndexScheduling, gathers: Bool,
        indexesAfterLoad: Bool = false, cursors: TriggerCursorFlusher? = nil,
        publish: @escaping @Sendable ([ChangeSet]) -> Void
    ) {
        self.cursors = cursors
        self.gathers = gathers
        self.indexesAfterLoad = indexesAfterLoad
        self.scheduling = scheduling
        self.transactions = transactions
        self.publish = publish
        self.environment = environment
        self.store = store
        self.clock = clock
        self.retentionMicros = retentionMicros
        self.lastVersion = lastVersion
        self.committedVersion = Atomic(lastVersion)
        let thread = Thread { [self] in run() }
        thread.name = "hearth-writer"
        thread.start()
    }

    /// The version (commit time in microseconds) of the latest durable commit.
    /// Sets who is told about failures of background index work (nil: nobody).
    func setBackgroundErrorHandler(_ handler: (@Sendable (any Error) -> Void)?) {
        backgroundErrorHandler.withLock { $0 = handler }
    }

    var latestVersion: Int64 { committedVersion.load(ordering: .acquiring) }

    /// Makes every later commit time greater than `micros` (a read at that time has been served).
    func raiseReadFloor(to micros: Int64) {
        _ = readFloor.max(micros, ordering: .relaxed)
    }

    /// True while the writer applies a group or has commits queued: a commit submitted now waits
    /// for them, so its writes need not arrive any sooner than that.
    var isBusy: Bool {
        applyingGroup.load(ordering: .relaxed) || condition.withLock { !queue.isEmpty }
    }

    /// How many submitted commits wait for the writer (tests wait for one instead of sleeping).
    var queuedCommits: Int { condition.withLock { queue.count } }

    /// Queues a commit and waits until it is durable (or failed).
    func submit(_ request: CommitRequest) async throws(FirestoreError) -> CommitResult {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                condition.lock()
                if isClosed {
                    condition.unlock()
                    continuation.resume(throwing: FirestoreError(.unavailable, "The database is closed."))
                    return
                }
                queue.append(Pending(request: request) { continuation.resume(with: $0) })
                condition.signal()
                condition.unlock()
            }
        } catch {
            throw StorageErrorMapping.firestoreError(error)
        }
    }

    /// Queues a commit and blocks the calling thread until it is durable (or failed): for the few
    /// synchronous callers (closing an engine stores its triggers' cursors).
    func submitAndWait(_ request: CommitRequest) throws(FirestoreError) -> CommitResult {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<CommitResult, any Error>?>(nil)
        condition.lock()
        guard !isClosed else {
            condition.unlock()
            throw FirestoreError(.unavailable, "The database is closed.")
        }
        queue.append(Pending(request: request) { result in
            outcome.withLock { $0 = result }
            done.signal()
        })
        condition.signal()
        condition.unlock()
        done.wait()
        guard let result = outcome.withLock({ $0 }) else {
            throw FirestoreError(.internal, "The writer answered no outcome.")
        }
        do {
            return try result.get()
        } catch {
            throw StorageErrorMapping.firestoreError(error)
        }
    }

    /// Returns once the index has caught up with every commit made before the call, and keeps
    /// index work in the commits' own transactions for a while (a reader is using the index).
    /// Blocks the calling thread: for synchronous callers only (async ones use the async overload).
    func waitForIndex() throws(FirestoreError) {
        let semaphore = DispatchSemaphore(value: 0)
        try enqueueIndexWaiter(.thread(semaphore))
        semaphore.wait()
    }

    /// Returns once the index has caught up with every commit made before the call, suspending
    /// the task (no thread is blocked while the writer works).
    func waitForIndex() async throws(FirestoreError) {
        let outcome: Result<Void, FirestoreError> = await withCheckedContinuation { continuation in
            do throws(FirestoreError) {
                try enqueueIndexWaiter(.task(continuation))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        try outcome.get()
    }

    /// Forgets the last reader's demand (see `IndexScheduling.forgetDemand`).
    func forgetIndexDemand() {
        scheduling.forgetDemand()
    }

    /// Notes the reader's demand and queues `waiter` for the next catch-up.
    private func enqueueIndexWaiter(_ waiter: IndexWaiter) throws(FirestoreError) {
        scheduling.noteDemand()
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { throw FirestoreError(.unavailable, "The database is closed.") }
        indexWaiters.append(waiter)
        condition.signal()
    }

    /// Stops accepting commits, finishes the queued ones and the index work, and waits for the
    /// thread to end.
    func close() {
        condition.lock()
        let wasClosed = isClosed
        isClosed = true
        condition.signal()
        condition.unlock()
        if !wasClosed { finished.wait() }
    }

    /// What the writer thread does next.
    private enum Work {
        /// Apply these commits.
        case commits([Pending])
        /// Bring the index up to date, then wake these readers.
        case catchUp([IndexWaiter])
        /// Closed and drained: finish the index work and stop.
        case finish
    }

    private func run() {
        while true {
            switch nextWork() {
            case .commits(let batch):
                applyingGroup.store(true, ordering: .relaxed)
                commit(batch)
                applyingGroup.store(false, ordering: .relaxed)
            case .catchUp(let waiters):
                catchUpIndex()
                for waiter in waiters { waiter.wake() }
            case .finish:
                catchUpIndex()
                finished.signal()
                return
            }
        }
    }

    /// Applies a batch of commits in one transaction (group commit), then answers each.
    private func commit(_ batch: [Pending]) {
        if scheduling.shouldCatchUp(backlog: backlog.count, bytes: backlog.heldBytes) { catchUpIndex() }
        let writes = batch.reduce(0) { $0 + $1.request.writeCount }
        // A backlog that could not be applied keeps growing: indexing its documents now would
        // start from entries the index does not hold.
        let deferring = indexesAfterLoad || !backlog.isEmpty || scheduling.shouldDefer(writes: writes, commits: batch.count)
        let outcomes: [Result<CommitResult, FirestoreError>]
        admitted.removeAll(keepingCapacity: true)
        var groupBacklog: IndexBacklog?
        // Trigger cursors ride along in the group's transaction: no commit (and no sync) of their own.
        let bookkeeping = cursors?.takeForGroup() ?? []
        do {
            let group = try environment.write { txn in
                for write in bookkeeping { try write.apply(in: txn, tables: store.tables) }
                return try apply(batch, deferring: deferring, in: txn)
            }
            store.catalog.publish(group.pending)
            groupBacklog = group.backlog
            lastVersion = group.version
            // The version is visible before the change sets are published: a listener that
            // registers after this publication reads its initial state at this version or later.
            committedVersion.store(group.version, ordering: .releasing)
            if !group.changeSets.isEmpty { publish(group.changeSets) }
            outcomes = group.outcomes
        } catch {
            cursors?.restore(bookkeeping)
            let failure = StorageErrorMapping.firestoreError(error)
            outcomes = batch.map { _ in .failure(failure) }
        }
        // Marks and transactions are let go before anyone is answered: a caller that has its
        // answer never finds its own writes still in flight.
        for request in admitted {
            transactions.clearInFlight(request.writes.map(\.key), database: request.database)
        }
        // Not kept until the next group: an idle engine would hold the last group's writes.
        admitted.removeAll(keepingCapacity: true)
        for pending in batch {
            if let transaction = pending.request.transaction { transactions.release(transaction) }
        }
        for (pending, outcome) in zip(batch, outcomes) {
            pending.complete(outcome.mapError { $0 as any Error })
        }
        if let groupBacklog { keep(groupBacklog) }
    }

    /// Takes a durable group's deferred index work into the writer's backlog. Done after its
    /// callers are answered: merging a 500-document group's items took 0.7-0.9 ms, which they
    /// no longer wait for. Only this thread reads the backlog, and only in its next step.
    private func keep(_ groupBacklog: IndexBacklog) {
        if indexesAfterLoad {
            if groupBacklog.firstVersion != nil { loadLeftIndexBehind = true }
        } else {
            backlog.merge(groupBacklog)
        }
    }

    /// Applies the whole backlog in one transaction. On failure the backlog stays (and keeps
    /// later commits deferring); readers waiting find the marker still there and retry.
    private func catchUpIndex() {
        if indexesAfterLoad { return buildIndexAfterLoad() }
        guard !backlog.isEmpty else { return }
        do {
            try environment.write { txn in try store.applyBacklog(backlog, in: txn) }
            // A large catch-up read index pages all over the file through the map; they are
            // released (the page cache keeps them), so a bulk load's resident memory stays flat.
            if backlog.heldBytes >= Writer.releaseAfterCatchUpBytes { environment.releaseMappedPages() }
            let applied = backlog
            backlog = IndexBacklog()
            BackgroundRelease.release(applied)
        } catch {
            // Nothing is lost: the documents and the log are stored, and the marker stays until
            // a later attempt (the next catch-up, or recovery on open) succeeds. Say so, though.
            let handler = backgroundErrorHandler.withLock { $0 }
            handler?(error)
        }
    }

    /// Ends a load's index-free commits: builds the whole index by sorting (when a commit left
    /// work behind), then indexes as usual. On failure the load goes on and the marker stays, so
    /// readers keep waiting for a later attempt; the error handler is told.
    private func buildIndexAfterLoad() {
        if loadIndexBuildSkipped.load(ordering: .acquiring) { return }
        do {
            if loadLeftIndexBehind { _ = try IndexBulkBuild(store: store, environment: environment).run() }
            indexesAfterLoad = false
            loadLeftIndexBehind = false
            indexBuildFailure.withLock { $0 = nil }
        } catch {
            indexBuildFailure.withLock { $0 = StorageErrorMapping.firestoreError(error) }
            let handler = backgroundErrorHandler.withLock { $0 }
            handler?(error)
        }
    }

    /// Makes the load's index build (at close) a no-op: the load is being abandoned.
    func skipLoadIndexBuild() {
        loadIndexBuildSkipped.store(true, ordering: .releasing)
    }

    /// Waits for work: readers waiting for the index first (so a stream of commits cannot starve
    /// them), then commits, then — once nothing has arrived for a while — pending index work;
    /// `.finish` once closed and drained.
    private func nextWork() -> Work {
        condition.lock()
        defer { condition.unlock() }
        // Idle time is measured on the engine's clock; the real wait is capped so that a clock
        // moved by hand (tests) is noticed within `Writer.idlePoll`.
        let idleSince = scheduling.clock.nowMicroseconds()
        while queue.isEmpty && indexWaiters.isEmpty && !isClosed {
            if backlog.isEmpty {
                condition.wait()
                continue
            }
            let remaining = idleSince + scheduling.idleDelayMicroseconds - scheduling.clock.nowMicroseconds()
            if remaining <= 0 { return .catchUp([]) }
            _ = condition.wait(until: Date(timeIntervalSinceNow: min(Double(remaining) / 1e6, Writer.idlePoll)))
        }
        if !indexWaiters.isEmpty {
            let waiters = indexWaiters
            indexWaiters.removeAll()
            return .catchUp(waiters)
        }
        if queue.isEmpty { return .finish }
        gather()
        var count = 0
        var writes = 0
        while count < queue.count && count < Writer.maxGroup
            && (count == 0 || writes + queue[count].request.writeCount <= Writer.maxGroupWrites) {
            writes += queue[count].request.writeCount
            count += 1
        }
        let batch = Array(queue.prefix(count))
        queue.removeFirst(count)
        lastGroupSize = count
        return .commits(batch)
    }

    /// With concurrent committers, the commits a group answers come back together, and the first
    /// of them to return would otherwise start the next group alone (then a sync) while the rest
    /// queue behind it: groups alternate between one commit and all the others. So when the last
    /// group had several commits and fewer are queued, wait (at most `gatherWindow`) for as many
    /// as it had. A lone committer (last group of one) never waits. Called with `condition` held.
    private func gather() {
        guard gathers, lastGroupSize > 1, queue.count < lastGroupSize else { return }
        let deadline = Date(timeIntervalSinceNow: Writer.gatherWindow)
        while queue.count < lastGroupSize, indexWaiters.isEmpty, !isClosed {
            if !condition.wait(until: deadline) { return }
        }
    }

    /// The outcome of one group: per-commit results, new catalog mappings, the last version.
    private struct Group {
        var outcomes: [Result<CommitResult, FirestoreError>] = []
        var changeSets: [ChangeSet] = []
        var pending = Catalog.Pending()
        var version: Int64
        /// The group's deferred index work (empty when it indexed as it went).
        var backlog = IndexBacklog()
    }

    /// Applies a batch inside one write transaction, leaving the index work to the backlog when
    /// `deferring`. Replayable: it reads only `lastVersion`, `backlog` and the transaction, so
    /// `Environment.write` may run it again after growing the map.
    private func apply(_ batch: [Pending], deferring: Bool, in txn: WriteTransaction) throws -> Group {
        var group = Group(version: lastVersion)
        for pending in batch {
            let time = nextCommitTime(after: group.version)
            var effects = CommitEffects(pending: group.pending, deferring: deferring, loading: indexesAfterLoad)
            do {
                let result = try txn.nested { child in
                    try CommitExecution.apply(
                        pending.request, at: time, store: store, in: child, transactions: transactions,
                        effects: &effects)
                }
                admitted += effects.admitted
                group.pending = effects.pending
                group.changeSets += effects.changeSets
                if let deferred = effects.deferred { group.backlog.merge(deferred) }
                group.version = time
                group.outcomes.append(.success(result))
            } catch let error as FirestoreError {
                admitted += effects.admitted
                group.outcomes.append(.failure(error))
            }
        }
        if backlog.isEmpty, !loadLeftIndexBehind, let first = group.backlog.firstVersion {
            try store.markBacklog(from: first, in: txn)
        }
        if group.version != lastVersion {
            try store.catalog.writeCounter(MetaKey.lastCommit, UInt64(bitPattern: group.version), in: txn)
            // History the backlog still needs (what the index holds) is kept until it is applied.
            let firstPending = backlog.firstVersion ?? group.backlog.firstVersion ?? .max
            // So is the log a trigger has not worked through (its cursor is the last version it is done with).
            let heldByTriggers = try TriggerStateKeys.lowestCursor(in: txn, table: store.tables.triggers).map { $0 + 1 } ?? .max
            try HistoryPruner.prune(
                before: min(group.version - retentionMicros, firstPending, heldByTriggers), store: store, in: txn)
        }
        return group
    }

    /// A commit time greater than every earlier one and every served read time, near the clock.
    private func nextCommitTime(after version: Int64) -> Int64 {
        max(clock.nowMicroseconds(), version + 1, readFloor.load(ordering: .relaxed) + 1)
    }
}

/// A reader waiting for the index to catch up: a blocked thread or a suspended task.
enum IndexWaiter {
    /// A synchronous caller blocked on a semaphore.
    case thread(DispatchSemaphore)
    /// An async caller suspended on a continuation.
    case task(CheckedContinuation<Result<Void, FirestoreError>, Never>)

    /// Lets the reader go on.
    func wake() {
        switch self {
        case .thread(let semaphore): semaphore.signal()
        case .task(let continuation): continuation.resume(returning: .success(()))
        }
    }
}
