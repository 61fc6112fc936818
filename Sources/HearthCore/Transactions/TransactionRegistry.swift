import Dispatch
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

    /// A read waiting for in-flight commits to its documents to become visible. Whoever takes
    /// it out of the table (the writer clearing the last mark, or the time bound) resumes it, so
    /// it is resumed exactly once.
    private struct VisibilityWaiter {
        let refs: [DocumentRef]
        let resume: @Sendable () -> Void
        /// The async variant's time bound, cancelled when the writer resumes the read first.
        var timer: Task<Void, Never>?
    }

    /// Open transactions, the documents reserved by retried ones, and the documents written by
    /// commits the writer has accepted but not yet made visible (with counts).
    private struct Table {
        var open: [TransactionID: State] = [:]
        var reservations: [DocumentRef: TransactionID] = [:]
        var inFlight: [DocumentRef: Int] = [:]
        /// Transactions whose commit was submitted but not yet applied: their reservations hold.
        var committing: Set<TransactionID> = []
        /// Reads waiting until none of their documents is in flight, by token.
        var waiters: [UInt64: VisibilityWaiter] = [:]
        /// The next waiter's token.
        var nextWaiter: UInt64 = 0

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
    private let clock: any CommitClock

    /// Longest a retried transaction's read waits for accepted commits to become visible.
    private let maxInFlightWait: Duration

    /// Creates an empty registry; reads wait at most `maxInFlightWait` for in-flight commits (a
    /// bound that only a lost in-flight mark would reach: the writer clears every mark).
    init(clock: any CommitClock, maxInFlightWait: Duration = .milliseconds(200)) {
        self.clock = clock
        self.maxInFlightWait = maxInFlightWait
    }

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
    /// read that follows. Blocks the calling thread while it waits: async callers use the async
    /// variant, which suspends instead.
    func reserveIfRetrying(_ id: TransactionID, keys: [DocumentKey]) {
        let refs = reserve(id, keys: keys)
        guard !refs.isEmpty else { return }
        let semaphore = DispatchSemaphore(value: 0)
        guard let token = enqueueWaiter(refs, resume: { semaphore.signal() }) else { return }
        let (seconds, attoseconds) = maxInFlightWait.components
        let bound = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        if semaphore.wait(timeout: .now() + bound) == .timedOut {
            _ = takeWaiter(token)
        }
    }

    /// `reserveIfRetrying`, suspending (no thread blocked) while accepted commits to `keys`
    /// become visible: the writer resumes it as it clears their in-flight marks.
    func reserveIfRetrying(_ id: TransactionID, keys: [DocumentKey]) async {
        let refs = reserve(id, keys: keys)
        guard !refs.isEmpty else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            guard let token = enqueueWaiter(refs, resume: { continuation.resume() }) else { return continuation.resume() }
            // The bound, should a mark never clear; cancelled when the writer resumes the read.
            let bound = maxInFlightWait
            attach(Task { [self] in
                guard (try? await Task.sleep(for: bound)) != nil else { return }
                takeWaiter(token)?()
            }, to: token)
        }
    }

    /// Reserves `keys` for `id` when it is a retried transaction (see `reserveIfRetrying`);
    /// the documents to wait for (none when `id` reserves nothing).
    private func reserve(_ id: TransactionID, keys: [DocumentKey]) -> [DocumentRef] {
        let now = clock.nowMicroseconds()
        return table.withLock { table in
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
    }

    /// Registers a read waiting for `refs` to leave flight; nil (nothing to wait for) when none
    /// is in flight now.
    private func enqueueWaiter(_ refs: [DocumentRef], resume: @escaping @Sendable () -> Void) -> UInt64? {
        table.withLock { table in
            guard refs.contains(where: { table.inFlight[$0] != nil }) else { return nil }
            let token = table.nextWaiter
            table.nextWaiter += 1
            table.waiters[token] = VisibilityWaiter(refs: refs, resume: resume)
            return token
        }
    }

    /// How many reads are waiting for in-flight commits now.
    var waitingReadCount: Int { table.withLock { $0.waiters.count } }

    /// Gives waiter `token` its time bound, cancelled at once when the waiter is already resumed.
    private func attach(_ timer: Task<Void, Never>, to token: UInt64) {
        let waiting = table.withLock { table in
            guard table.waiters[token] != nil else { return false }
            table.waiters[token]?.timer = timer
            return true
        }
        if !waiting { timer.cancel() }
    }

    /// Takes the waiter `token` out of the table; nil when it was already resumed.
    private func takeWaiter(_ token: UInt64) -> (@Sendable () -> Void)? {
        table.withLock { $0.waiters.removeValue(forKey: token)?.resume }
    }

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
    /// and resumes the reads waiting for them.
    func clearInFlight(_ keys: [DocumentKey], database: DatabaseID) {
        let ready: [@Sendable () -> Void] = table.withLock { table in
            for key in keys {
                let ref = DocumentRef(database: database, key: key)
                guard let count = table.inFlight[ref] else { continue }
                table.inFlight[ref] = count > 1 ? count - 1 : nil
            }
            guard !table.waiters.isEmpty else { return [] }
            let done = table.waiters.filter { _, waiter in !waiter.refs.contains { table.inFlight[$0] != nil } }
            for token in done.keys { table.waiters.removeValue(forKey: token) }
            return done.values.map { waiter in
                { waiter.timer?.cancel(); waiter.resume() }
            }
        }
        for resume in ready { resume() }
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
