internal import CLMDB
internal import Foundation

extension Environment {
    /// How many times one `write` call may grow the map before giving up with `LMDBError.mapFull`.
    static let maxGrowthsPerWrite = 24

    /// Runs `body` in a short read-only transaction (a consistent snapshot) and ends it when `body` returns
    /// or throws.
    ///
    /// May be called from any thread, concurrently, and inside another `read` or a `write` body. The
    /// transaction holds a reader slot and delays map growth while it lives: keep `body` short.
    /// `MDB_MAP_RESIZED` (another process grew the map) is handled by adopting the new size and retrying;
    /// `MDB_READERS_FULL` by clearing stale slots and retrying once.
    /// - Throws: `body`'s errors unchanged; `LMDBError` when the transaction cannot begin.
    public func read<R>(_ body: (ReadTransaction) throws -> R) throws -> R {
        let activity = ThreadActivity.current
        let transaction = try beginRead(activity)
        activity.enterRead(serial)
        defer {
            endRead(transaction)
            let outermost = activity.leaveRead(serial)
            if outermost, !activity.isWriting(serial) {
                closeIfRequested()
            }
        }
        return try body(transaction)
    }

    /// Runs `body` in the write transaction: commits when it returns, aborts when it throws.
    ///
    /// - Important: `body` must be replayable. On `MDB_MAP_FULL` (from any put or delete inside `body`,
    ///   even one whose error `body` caught, or from commit) everything is aborted, the map doubled and
    ///   `body` run again from scratch with a fresh transaction.
    ///
    /// Calls are serialised by an internal lock; Hearth makes them from its one writer thread. `body` runs
    /// synchronously on the calling thread, which LMDB requires (a write transaction belongs to the OS
    /// thread that began it), and cannot `await`.
    /// - Throws: `body`'s errors unchanged (after abort); `LMDBError.reentrantTransaction` when this thread
    ///   is already inside a `read` or `write` of this environment (that would deadlock); LMDB errors from
    ///   begin and commit. `MDB_PANIC` and corruption errors are never retried.
    public func write<R>(_ body: (WriteTransaction) throws -> R) throws -> R {
        let activity = ThreadActivity.current
        if activity.isInside(serial) {
            // lmdb.h: a thread holding the write transaction must not begin another (self-deadlock), and a
            // map resize would wait forever for this thread's own reader.
            throw LMDBError(
                code: LMDBError.reentrantTransaction.code,
                message: "write called on a thread already inside a read or write of the environment at \(path)")
        }
        writerLock.lock()
        activity.enterWrite(serial)
        defer {
            activity.leaveWrite(serial)
            writerLock.unlock()
            closeIfRequested()
        }
        var growths = 0
        while true {
            let transaction = try beginWrite()
            let outcome: Result<R, any Error>
            do {
                outcome = .success(try body(transaction))
            } catch {
                outcome = .failure(error)
            }
            if transaction.tree.mapFullHit {
                transaction.abort()
                try growForReplay(&growths)
                continue
            }
            switch outcome {
            case .failure(let error):
                transaction.abort()
                throw error
            case .success(let value):
                if let failure = transaction.failure {
                    // lmdb.h: after a failed update the transaction can only be aborted (commit would fail).
                    transaction.abort()
                    throw failure
                }
                do throws(LMDBError) {
                    try transaction.commit()
                } catch {
                    guard error.code == LMDBError.mapFull.code else { throw error }
                    try growForReplay(&growths)
                    continue
                }
                if growths > 0, let hook = options.mapGrowthHook { hook(.afterCommit, mapSize) }
                return value
            }
        }
    }

    /// Doubles the map for another attempt, or throws `mapFull` once the growth budget is spent.
    private func growForReplay(_ growths: inout Int) throws(LMDBError) {
        growths += 1
        guard growths <= Self.maxGrowthsPerWrite else {
            throw LMDBError(
                code: LMDBError.mapFull.code,
                message: "the write transaction still did not fit after growing the map "
                    + "\(Self.maxGrowthsPerWrite) times (now \(mapSize) bytes) at \(path)")
        }
        let current = mapSize
        let (doubled, overflow) = current.multipliedReportingOverflow(by: 2)
        guard !overflow else {
            throw LMDBError(code: LMDBError.mapFull.code, message: "the map cannot grow beyond \(current) bytes")
        }
        // STYLE rule 18: grow geometrically, in multiples of the OS page size.
        let hook = options.mapGrowthHook
        hook?(.beforeResize, current)
        try setMapSize(try OpenedEnvironment.roundUpToPage(doubled, pageSize: pageSize))
        hook?(.afterResize, mapSize)
    }

    /// Enters the gate shared and begins a read-only transaction; the caller must call `endRead`.
    private func beginRead(_ activity: ThreadActivity) throws(LMDBError) -> ReadTransaction {
        var clearedStaleReaders = false
        var adoptedResize = false
        while true {
            gate.enterShared(reentrant: activity.isReading(serial))
            guard let env = handle else {
                gate.leaveShared()
                throw closedError()
            }
            do throws(LMDBError) {
                try checkUsable()
            } catch {
                gate.leaveShared()
                throw error
            }
            var txn: OpaquePointer?
            // lmdb.h: with MDB_NOTLS a read-only transaction's reader slot belongs to the MDB_txn, so it may be
            // begun on any thread. It never opens a database handle, so aborting it later is correct.
            let rc = mdb_txn_begin(env, nil, UInt32(MDB_RDONLY), &txn)
            if rc == MDB_SUCCESS, let txn {
                readTransactionBegan()
                return ReadTransaction(environment: self, handle: txn)
            }
            if rc == MDB_READERS_FULL, !clearedStaleReaders {
                // STYLE rule 31: on MDB_READERS_FULL clear slots of dead processes, then retry once.
                var dead: Int32 = 0
                _ = mdb_reader_check(env, &dead)
                clearedStaleReaders = true
                gate.leaveShared()
                continue
            }
            gate.leaveShared()
            if rc == MDB_MAP_RESIZED, !adoptedResize {
                adoptedResize = true
                try adoptMapGrownElsewhere(activity)
                continue
            }
            if rc == MDB_READERS_FULL {
                throw LMDBError(
                    lmdbCode: rc,
                    context: "all \(options.maxReaders) reader slots of \(path) are in use; "
                        + "fewer concurrent reads or a larger maxReaders are needed")
            }
            throw failure(rc, "mdb_txn_begin (read-only) at \(path)")
        }
    }

    /// Ends a read transaction begun by `beginRead` and leaves the gate.
    private func endRead(_ transaction: ReadTransaction) {
        if let txn = transaction.invalidate() {
            // lmdb.h: mdb_txn_abort frees the handle and its reader slot; the handle is never touched again.
            mdb_txn_abort(txn)
            readTransactionEnded()
        }
        gate.leaveShared()
    }

    /// Begins the write transaction; the caller holds `writerLock` on this thread.
    private func beginWrite() throws(LMDBError) -> WriteTransaction {
        var adoptedResize = false
        while true {
            guard let env = handle else { throw closedError() }
            try checkUsable()
            var txn: OpaquePointer?
            // lmdb.h: the write lock taken here belongs to this OS thread; begin, every update and the
            // commit or abort all happen on it, because `write` runs its body synchronously.
            let rc = mdb_txn_begin(env, nil, 0, &txn)
            if rc == MDB_SUCCESS, let txn {
                return WriteTransaction(environment: self, handle: txn, parent: nil, tree: WriteTree())
            }
            if rc == MDB_MAP_RESIZED, !adoptedResize {
                // lmdb.h: another process grew the map; with no transaction active, set_mapsize(0) adopts it.
                adoptedResize = true
                try setMapSize(0)
                continue
            }
            throw failure(rc, "mdb_txn_begin (write) at \(path)")
        }
    }

    /// Adopts a map grown by another process, from the read path.
    private func adoptMapGrownElsewhere(_ activity: ThreadActivity) throws(LMDBError) {
        guard !activity.isInside(serial) else {
            throw LMDBError(
                code: LMDBError.mapResized.code,
                message: "another process grew the map of \(path); it can be adopted only outside the "
                    + "enclosing transaction, retry there")
        }
        writerLock.lock()
        defer { writerLock.unlock() }
        try setMapSize(0)
    }
}
