import Foundation
import Synchronization
package import LMDB

/// The one thread that owns every LMDB write transaction (LMDB ties a write transaction to the OS
/// thread that began it). Callers `submit` a commit and await its outcome; the thread drains the
/// queue and applies many commits per LMDB transaction (group commit, one fsync), each in a nested
/// transaction so one failed precondition fails only its own commit.
///
/// Isolation: `queue` and `isClosed` are guarded by `condition`; `lastVersion` is touched only by
/// the writer thread after start (and read through `committedVersion`, an atomic); `readFloor`
/// is atomic.
package final class Writer: @unchecked Sendable {
    /// A submitted commit and the continuation waiting for it.
    private struct Pending {
        let request: CommitRequest
        let continuation: CheckedContinuation<CommitResult, any Error>
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

    /// Most commits one LMDB transaction takes.
    private static let maxGroup = 1_000
    /// Most writes one LMDB transaction takes (keeps dirty pages bounded).
    private static let maxGroupWrites = 50_000

    /// Starts the writer thread.
    package init(
        environment: Environment, store: DocumentStore, clock: any CommitClock, retentionMicros: Int64,
        lastVersion: Int64, transactions: TransactionRegistry, publish: @escaping @Sendable ([ChangeSet]) -> Void
    ) {
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
    package var latestVersion: Int64 { committedVersion.load(ordering: .acquiring) }

    /// Makes every later commit time greater than `micros` (a read at that time has been served).
    package func raiseReadFloor(to micros: Int64) {
        _ = readFloor.max(micros, ordering: .relaxed)
    }

    /// Queues a commit and waits until it is durable (or failed).
    package func submit(_ request: CommitRequest) async throws(FirestoreError) -> CommitResult {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                condition.lock()
                if isClosed {
                    condition.unlock()
                    continuation.resume(throwing: FirestoreError(.unavailable, "The database is closed."))
                    return
                }
                queue.append(Pending(request: request, continuation: continuation))
                condition.signal()
                condition.unlock()
            }
        } catch {
            throw StorageErrorMapping.firestoreError(error)
        }
    }

    /// Stops accepting commits, finishes the queued ones, and waits for the thread to end.
    package func close() {
        condition.lock()
        let wasClosed = isClosed
        isClosed = true
        condition.signal()
        condition.unlock()
        if !wasClosed { finished.wait() }
    }

    private func run() {
        while let batch = nextBatch() {
            let outcomes: [Result<CommitResult, FirestoreError>]
            admitted.removeAll(keepingCapacity: true)
            defer {
                for request in admitted {
                    transactions.clearInFlight(request.writes.map(\.key), database: request.database)
                }
                for pending in batch {
                    if let transaction = pending.request.transaction { transactions.release(transaction) }
                }
            }
            do {
                let group = try environment.write { txn in try apply(batch, in: txn) }
                store.catalog.publish(group.pending)
                lastVersion = group.version
                // The version is visible before the change sets are published: a listener that
                // registers after this publication reads its initial state at this version or later.
                committedVersion.store(group.version, ordering: .releasing)
                if !group.changeSets.isEmpty { publish(group.changeSets) }
                outcomes = group.outcomes
            } catch {
                let failure = StorageErrorMapping.firestoreError(error)
                outcomes = batch.map { _ in .failure(failure) }
            }
            for (pending, outcome) in zip(batch, outcomes) {
                pending.continuation.resume(with: outcome.mapError { $0 as any Error })
            }
        }
        finished.signal()
    }

    /// Waits for work; returns nil once closed and drained.
    private func nextBatch() -> [Pending]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !isClosed { condition.wait() }
        if queue.isEmpty { return nil }
        var count = 0
        var writes = 0
        while count < queue.count && count < Writer.maxGroup
            && (count == 0 || writes + queue[count].request.writes.count <= Writer.maxGroupWrites) {
            writes += queue[count].request.writes.count
            count += 1
        }
        let batch = Array(queue.prefix(count))
        queue.removeFirst(count)
        return batch
    }

    /// The outcome of one group: per-commit results, new catalog mappings, the last version.
    private struct Group {
        var outcomes: [Result<CommitResult, FirestoreError>] = []
        var changeSets: [ChangeSet] = []
        var pending = Catalog.Pending()
        var version: Int64
    }

    /// Applies a batch inside one write transaction. Replayable: it reads only `lastVersion` and
    /// the transaction, so `Environment.write` may run it again after growing the map.
    private func apply(_ batch: [Pending], in txn: WriteTransaction) throws -> Group {
        var group = Group(version: lastVersion)
        for pending in batch {
            let time = nextCommitTime(after: group.version)
            do {
                let (result, mappings, changeSets) = try txn.nested { child in
                    var local = group.pending
                    var changeSets: [ChangeSet] = []
                    let result = try CommitExecution.apply(
                        pending.request, at: time, store: store, in: child, pending: &local, transactions: transactions,
                        admitted: &admitted, published: &changeSets)
                    return (result, local, changeSets)
                }
                group.pending = mappings
                group.changeSets += changeSets
                group.version = time
                group.outcomes.append(.success(result))
            } catch let error as FirestoreError {
                group.outcomes.append(.failure(error))
            }
        }
        if group.version != lastVersion {
            try store.catalog.writeCounter(MetaKey.lastCommit, UInt64(bitPattern: group.version), in: txn)
            try HistoryPruner.prune(before: group.version - retentionMicros, store: store, in: txn)
        }
        return group
    }

    /// A commit time greater than every earlier one and every served read time, near the clock.
    private func nextCommitTime(after version: Int64) -> Int64 {
        max(clock.nowMicroseconds(), version + 1, readFloor.load(ordering: .relaxed) + 1)
    }
}
