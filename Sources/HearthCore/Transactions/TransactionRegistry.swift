import Synchronization

/// Open transactions: what each read, and when it expires (270 s lifetime, 60 s idle, as Firestore).
package final class TransactionRegistry: Sendable {
    /// One open transaction.
    package struct State: Sendable {
        /// The database it belongs to.
        package var database: DatabaseID
        /// For read-only transactions, the version every read sees; nil for read-write.
        package var readVersion: Int64?
        /// Read-write transactions: each document read and its update time then (nil = missing).
        package var reads: [DocumentKey: Int64?] = [:]
        /// When it began (µs).
        package var started: Int64
        /// When it was last used (µs).
        package var lastUsed: Int64
    }

    /// Total lifetime of a transaction.
    package static let maxLifetimeMicros: Int64 = 270_000_000
    /// Longest idle period before a transaction expires.
    package static let maxIdleMicros: Int64 = 60_000_000

    /// Open transactions by id; guarded by the mutex.
    private let open = Mutex<[TransactionID: State]>([:])
    private let clock: any CommitClock

    /// Creates an empty registry.
    package init(clock: any CommitClock) { self.clock = clock }

    /// Registers a new transaction (and forgets expired ones).
    package func begin(database: DatabaseID, readVersion: Int64?) -> TransactionID {
        let now = clock.nowMicroseconds()
        let id = TransactionID.random()
        open.withLock { table in
            table = table.filter { !Self.isExpired($0.value, now: now) }
            table[id] = State(database: database, readVersion: readVersion, started: now, lastUsed: now)
        }
        return id
    }

    /// The state of a live transaction of `database`, marking it used.
    package func use(_ id: TransactionID, database: DatabaseID) throws(FirestoreError) -> State {
        let now = clock.nowMicroseconds()
        let state = open.withLock { table -> State? in
            guard var state = table[id], state.database == database, !Self.isExpired(state, now: now) else {
                table[id] = nil
                return nil
            }
            state.lastUsed = now
            table[id] = state
            return state
        }
        guard let state else { throw Self.invalid }
        return state
    }

    /// Records that a read-write transaction saw `key` at `version` (nil = missing).
    /// Seeing one document at two versions aborts the transaction.
    package func recordRead(_ id: TransactionID, key: DocumentKey, version: Int64?) throws(FirestoreError) {
        let conflict = open.withLock { table -> Bool in
            guard var state = table[id] else { return false }
            if let earlier = state.reads[key], earlier != version {
                table[id] = nil
                return true
            }
            state.reads[key] = .some(version)
            table[id] = state
            return false
        }
        if conflict { throw FirestoreError(.aborted, "Document version changed between two reads.") }
    }

    /// Ends a transaction (commit or rollback), returning its state.
    package func finish(_ id: TransactionID, database: DatabaseID) throws(FirestoreError) -> State {
        let state = try use(id, database: database)
        _ = open.withLock { $0.removeValue(forKey: id) }
        return state
    }

    /// Number of open transactions (for tests and diagnostics).
    package var count: Int { open.withLock { $0.count } }

    private static func isExpired(_ state: State, now: Int64) -> Bool {
        now - state.started > maxLifetimeMicros || now - state.lastUsed > maxIdleMicros
    }

    private static let invalid = FirestoreError(
        .invalidArgument, "The referenced transaction has expired or is no longer valid.")
}
