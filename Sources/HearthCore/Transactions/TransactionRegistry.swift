import Foundation
import Synchronization

/// Open transactions: what each read, and when it expires (270 s lifetime, 60 s idle, as Firestore).
final class TransactionRegistry: Sendable {
    /// One open transaction.
    struct State: Sendable {
        /// The database it belongs to.
        var database: DatabaseID
        /// For read-only transactions, the version every read sees; nil for read-write.
        var readVersion: Int64?
        /// Read-write transactions: each document read and its update time then (nil = missing).
        var reads: [DocumentKey: Int64?] = [:]
        /// When it began (µs).
        var started: Int64
        /// When it was last used (µs).
        var lastUsed: Int64
        /// Whether it retries an aborted transaction and so reserves what it reads.
        var reservesReads = false
        /// When its chain of attempts began (µs): older chains take reservations from younger ones.
        var chainStarted: Int64 = 0
        /// Writes a pipeline's DML stage made inside it: they commit, before the commit's own
        /// writes, when it does.
        var bufferedWrites: [Write] = []
    }

    /// A document in one database.
    private struct DocumentRef: Hashable {
        let database: DatabaseID
        let key: DocumentKey
    }

    /// Open transactions, the documents reserved by retried ones, and the documents written by
    /// commits the writer has accepted but not yet made visible (with counts).
    private struct Table {
        var open: [TransactionID: State] = [:]
        var reservations: [DocumentRef: TransactionID] = [:]
        var inFlight: [DocumentRef: Int] = [:]
        /// Transactions whose commit was submitted but not yet applied: their reservations hold.
        var committing: Set<TransactionID> = []

        /// Removes a transaction and its reservations.
        mutating func remove(_ id: TransactionID) {
            open.removeValue(forKey: id)
            committing.remove(id)
            if !reservations.isEmpty { reservations = reservations.filter { $0.value != id } }
        }

        /// Whether `holder`'s reservations still count.
        func holds(_ holder: TransactionID, now: Int64) -> Bool {
            if committing.contains(holder) { return true }
            guard let state = open[holder] else { return false }
            return !TransactionRegistry.isExpired(state, now: now)
        }
    }

    /// Total lifetime of a transaction.
    static let maxLifetimeMicros: Int64 = 270_000_000
    /// Longest idle period before a transaction expires.
    static let maxIdleMicros: Int64 = 60_000_000

    /// Open transactions and reservations; guarded by the mutex.
    private let table = Mutex(Table())
    /// Signalled whenever in-flight marks end, for reads waiting for commits to become visible.
    /// Lock order: `visibility`, then `table`.
    private let visibility = NSCondition()
    private let clock: any CommitClock

    /// Creates an empty registry.
    init(clock: any CommitClock) { self.clock = clock }

    /// Registers a new transaction (and forgets expired ones). A retry (`retrying`) reserves what
    /// it reads and keeps the age of the chain it continues.
    func begin(database: DatabaseID, readVersion: Int64?, retrying previous: TransactionID? = nil) -> TransactionID {
        let now = clock.nowMicroseconds()
        var chainStarted = now
        if let claimed = previous?.chainStarted, claimed <= now, claimed >= now - Self.maxChainAgeMicros {
            chainStarted = claimed
        }
        let id = TransactionID.make(chainStarted: chainStarted)
        table.withLock { table in
            let expired = table.open.filter { Self.isExpired($0.value, now: now) }.map(\.key)
            for old in expired { table.remove(old) }
            var state = State(database: database, readVersion: readVersion, started: now, lastUsed: now)
            state.reservesReads = previous != nil
            state.chainStarted = chainStarted
            table.open[id] = state
        }
        return id
    }

    /// The oldest a chain of retries may claim to be (older claims count as new).
    static let maxChainAgeMicros: Int64 = 3_600_000_000

    /// The state of a live transaction of `database`, marking it used.
    func use(_ id: TransactionID, database: DatabaseID) throws(FirestoreError) -> State {
        let now = clock.nowMicroseconds()
        let state = table.withLock { table -> State? in
            guard var state = table.open[id], state.database == database, !Self.isExpired(state, now: now) else {
                table.remove(id)
                return nil
            }
            state.lastUsed = now
            table.open[id] = state
            return state
        }
        guard let state else { throw Self.invalid }
        return state
    }

    /// Records that a read-write transaction saw `key` at `version` (nil = missing).
    /// Seeing one document at two versions aborts the transaction.
    func recordRead(_ id: TransactionID, key: DocumentKey, version: Int64?) throws(FirestoreError) {
        let conflict = table.withLock { table -> Bool in
            guard var state = table.open[id] else { return false }
            if let earlier = state.reads[key], earlier != version {
                table.remove(id)
                return true
            }
            state.reads[key] = .some(version)
            table.open[id] = state
            return false
        }
        if conflict { throw FirestoreError(.aborted, "Document version changed between two reads.") }
    }

    /// For a retried transaction, reserves each of `keys` that no live transaction holds yet, or
    /// that a younger chain holds and has not submitted for commit (wound-wait: the older chain
    /// wins, so no chain keeps losing), then waits (at most `maxInFlightWait`) until no accepted
    /// commit to them is still invisible. Called before reading: every commit accepted after the
    /// reservation yields to this transaction, and every one accepted before it is visible to the
    /// read that follows.
    func reserveIfRetrying(_ id: TransactionID, keys: [DocumentKey]) {
        let now = clock.nowMicroseconds()
        let refs: [DocumentRef] = table.withLock { table in
            guard let state = table.open[id], state.reservesReads else { return [] }
            var refs: [DocumentRef] = []
            for key in keys {
                let ref = DocumentRef(database: state.database, key: key)
                refs.append(ref)
                if let holder = table.reservations[ref], holder != id, table.holds(holder, now: now) {
                    // A holder already committing keeps it; a younger open one yields.
                    guard let held = table.open[holder], state.chainStarted < held.chainStarted else { continue }
                }
                table.reservations[ref] = id
            }
            return refs
        }
        guard !refs.isEmpty else { return }
        // Waits on a condition the writer signals as it clears in-flight marks: no polling, woken
        // as soon as the last accepted commit to these documents is visible, and bounded.
        let deadline = Date(timeIntervalSinceNow: Double(Self.maxInFlightWaitMicros) / 1e6)
        visibility.lock()
        defer { visibility.unlock() }
        while table.withLock({ table in refs.contains { table.inFlight[$0] != nil } }) {
            guard visibility.wait(until: deadline) else { return }
        }
    }

    /// Longest a retried transaction waits for accepted commits to become visible.
    static let maxInFlightWaitMicros: Int64 = 200_000

    /// Called by the writer for each commit, atomically: fails (false) when a transaction's write
    /// hits a document another live transaction reserved; otherwise marks the written documents
    /// in flight until `clearInFlight` (after the group is visible).
    func admit(_ keys: [DocumentKey], database: DatabaseID, transaction: TransactionID?) -> Bool {
        let now = clock.nowMicroseconds()
        return table.withLock { table in
            let refs = keys.map { DocumentRef(database: database, key: $0) }
            if let transaction, !table.reservations.isEmpty {
                for ref in refs {
                    if let holder = table.reservations[ref], holder != transaction, table.holds(holder, now: now) {
                        return false
                    }
                }
            }
            for ref in refs { table.inFlight[ref, default: 0] += 1 }
            return true
        }
    }

    /// True while a commit's admitted write to `key` is not yet visible (or failed and not cleared).
    func isInFlight(_ key: DocumentKey, database: DatabaseID) -> Bool {
        table.withLock { $0.inFlight[DocumentRef(database: database, key: key)] != nil }
    }

    /// Ends the in-flight marks `admit` made for `keys` (their group is now visible, or failed),
    /// and wakes the reads waiting for them.
    func clearInFlight(_ keys: [DocumentKey], database: DatabaseID) {
        visibility.lock()
        defer { visibility.unlock() }
        table.withLock { table in
            for key in keys {
                let ref = DocumentRef(database: database, key: key)
                guard let count = table.inFlight[ref] else { continue }
                table.inFlight[ref] = count > 1 ? count - 1 : nil
            }
        }
        visibility.broadcast()
    }

    /// Adds writes that commit with read-write transaction `id` (ahead of its commit's own).
    /// - Throws: `INVALID_ARGUMENT` for an unknown, expired or read-only transaction.
    func buffer(_ writes: [Write], in id: TransactionID, database: DatabaseID) throws(FirestoreError) {
        let state = try use(id, database: database)
        guard state.readVersion == nil else {
            throw FirestoreError(.invalidArgument, "Cannot modify entities in a read-only transaction.")
        }
        table.withLock { table in table.open[id]?.bufferedWrites += writes }
    }

    /// Ends a transaction at rollback, returning its state.
    func finish(_ id: TransactionID, database: DatabaseID) throws(FirestoreError) -> State {
        let state = try use(id, database: database)
        table.withLock { $0.remove(id) }
        return state
    }

    /// Ends a transaction whose commit is being submitted: it can no longer be used, but its
    /// reservations hold until the writer has applied (or refused) the commit (`release`).
    func beginCommit(_ id: TransactionID, database: DatabaseID) throws(FirestoreError) -> State {
        let state = try use(id, database: database)
        table.withLock { table in
            table.open.removeValue(forKey: id)
            table.committing.insert(id)
        }
        return state
    }

    /// Drops what is left of a transaction once the writer has processed its commit.
    func release(_ id: TransactionID) {
        table.withLock { $0.remove(id) }
    }

    /// Number of open transactions (for tests and diagnostics).
    var count: Int { table.withLock { $0.open.count } }

    fileprivate static func isExpired(_ state: State, now: Int64) -> Bool {
        now - state.started > maxLifetimeMicros || now - state.lastUsed > maxIdleMicros
    }

    private static let invalid = FirestoreError(
        .invalidArgument, "The referenced transaction has expired or is no longer valid.")
}
