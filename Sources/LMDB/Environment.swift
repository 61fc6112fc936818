internal import CLMDB
internal import Foundation
internal import Synchronization

/// One LMDB environment: a data directory holding `data.mdb` and `lock.mdb`, opened once per process.
///
/// Rules (see the `LMDB wrapper rules` in STYLE.md):
/// 1. A directory is open at most once per process; a second `init` for the same canonical path throws
///    `LMDBError.alreadyOpen` until the first is closed (LMDB's POSIX locks are per process).
/// 2. All access happens inside synchronous closures: `read { txn in … }` and `write { txn in … }`.
///    Transactions, cursors and borrowed bytes must not escape them; using them afterwards throws.
/// 3. `read` may be called from any thread, concurrently. `write` is serialised by an internal lock and
///    runs its body on the calling thread, because LMDB ties a write transaction to the OS thread that
///    began it; Hearth calls it from its one writer thread. Closures are synchronous, so no `await` can
///    happen inside a transaction.
/// 4. The map grows by itself: on `MDB_MAP_FULL` the write is aborted, the map doubled (waiting for
///    in-flight reads to finish) and the write body run again, so write bodies must be replayable.
/// 5. A read body must never wait for a write (or anything that waits for one): while a read is live,
///    map growth — and therefore the write that needs it — waits for that read to end.
/// 6. Never use an environment in a child process after `fork()`.
public final class Environment: @unchecked Sendable {
    // `@unchecked Sendable` — what protects each mutable field:
    // - `handle`: set to nil only while holding both `writerLock` and `gate` exclusively (in `close`);
    //   read only while holding `writerLock` or holding `gate` shared, so it never changes under a user.
    // - `mapSizeValue`, `liveReads`, `liveCursorCount`, `closeRequested`, `closedFlag`: atomics.
    // - `fatalError`: its own mutex.
    // Everything else is a `let`.

    /// The name of the data file LMDB keeps inside the directory.
    public static let dataFileName = "data.mdb"

    /// The name of the lock file LMDB keeps beside the data file.
    public static let lockFileName = "lock.mdb"

    /// Whether `directory` holds a data file (an environment was created there before).
    public static func hasDataFile(in directory: String) -> Bool {
        FileManager.default.fileExists(atPath: directory + "/" + dataFileName)
    }

    /// The canonical (absolute, symlink-free) directory path.
    public let path: String
    /// The options the environment was opened with (`mapSize` there is the initial request).
    public let options: EnvironmentOptions
    /// The longest key LMDB accepts (`mdb_env_get_maxkeysize`, 511 in standard builds).
    public let maxKeySize: Int
    /// How many reader slots of dead processes `mdb_reader_check` cleared right after open.
    public let staleReadersCleared: Int

    /// The OS page size; map sizes are multiples of it.
    let pageSize: Int
    /// A process-unique number, to recognise this environment's `Database` values and thread records.
    let serial: UInt64
    /// The `MDB_env*`; nil once closed. See the protection notes above.
    private(set) var handle: OpaquePointer?
    /// Serialises write transactions, map resizes and close.
    let writerLock = NSLock()
    /// Keeps map resizes and close away from live read transactions.
    let gate = ResizeGate()

    private let mapSizeValue: Atomic<Int>
    private let liveReads = Atomic<Int>(0)
    private let liveCursorCount = Atomic<Int>(0)
    private let closeRequested = Atomic<Bool>(false)
    private let closedFlag = Atomic<Bool>(false)
    private let fatalError = Mutex<LMDBError?>(nil)
    /// Records the pages reads are handed while a benchmark traces them (`tracingPages`).
    let pageTracer = PageTracer()
    /// Where the data file was last found mapped, and the map size then (`releaseMappedPages`).
    let mappedRanges = Mutex<(mapSize: Int, ranges: [Range<UInt>])?>(nil)

    /// Opens (creating if needed) the environment in the directory `path`.
    ///
    /// Creates missing directories, configures and opens LMDB with `MDB_NOTLS`, clears stale reader
    /// slots, reads the maximum key size and adopts a larger map size recorded by an earlier run.
    /// - Throws: `LMDBError.alreadyOpen` when the directory is open in this process; any LMDB or `errno`
    ///   error from opening (the message names the path).
    public init(path: String, options: EnvironmentOptions = .init()) throws(LMDBError) {
        let opened = try OpenedEnvironment.open(path: path, options: options)
        self.path = opened.path
        self.options = options
        self.maxKeySize = opened.maxKeySize
        self.staleReadersCleared = opened.staleReadersCleared
        self.pageSize = opened.pageSize
        self.serial = environmentSerials.wrappingAdd(1, ordering: .relaxed).newValue
        self.handle = opened.handle
        self.mapSizeValue = Atomic(opened.mapSize)
    }

    deinit {
        close()
    }

    /// The current map size in bytes; it only grows.
    public var mapSize: Int { mapSizeValue.load(ordering: .acquiring) }

    /// Read transactions currently live (for tests: 0 once every `read` has returned).
    public var liveReadTransactions: Int { liveReads.load(ordering: .relaxed) }

    /// Threads waiting for in-flight reads to end before they grow the map or close the
    /// environment (tests wait for one instead of sleeping).
    package var threadsWaitingForReaders: Int { gate.waitingForExclusive }

    /// Blocks until a thread waits for in-flight reads to end (to grow the map or close), or
    /// `seconds` pass; true when one does. For tests, which wait for it instead of sleeping.
    package func waitForThreadWaitingForReaders(seconds: Double) -> Bool { gate.waitForExclusiveWaiter(seconds: seconds) }

    /// Cursors currently open (for tests: 0 once every `withCursor` and `scan` has returned).
    public var liveCursors: Int { liveCursorCount.load(ordering: .relaxed) }

    /// Whether `close()` has run.
    public var isClosed: Bool { closedFlag.load(ordering: .acquiring) }

    /// Which syncs a commit skips, as LMDB reports its flags (`mdb_env_get_flags`): the data pages'
    /// (`MDB_NOSYNC`) and the meta page's (`MDB_NOMETASYNC`).
    public func skippedSyncs() throws(LMDBError) -> (dataPages: Bool, metaPage: Bool) {
        try withOpenHandle { env throws(LMDBError) in
            var flags: UInt32 = 0
            try lmdbCheck(mdb_env_get_flags(env, &flags), "mdb_env_get_flags for \(path)")
            return (flags & UInt32(MDB_NOSYNC) != 0, flags & UInt32(MDB_NOMETASYNC) != 0)
        }
    }

    /// Flushes buffers to disk (`mdb_env_sync`); `force` syncs even in the non-durable mode.
    public func sync(force: Bool) throws(LMDBError) {
        try withOpenHandle { env throws(LMDBError) in
            // lmdb.h (mdb_env_sync): force = 1 flushes even when MDB_NOSYNC/MDB_NOMETASYNC are set.
            try lmdbCheck(mdb_env_sync(env, force ? 1 : 0), "mdb_env_sync for \(path)")
        }
    }

    /// Clears reader slots left by dead processes (`mdb_reader_check`); returns how many were cleared.
    ///
    /// Run it periodically (and log the count): stale readers pin old pages and make the file grow.
    public func clearStaleReaders() throws(LMDBError) -> Int {
        try withOpenHandle { env throws(LMDBError) in
            var dead: Int32 = 0
            // lmdb.h (mdb_reader_check): removes slots whose owning process no longer exists; safe at any time.
            try lmdbCheck(mdb_reader_check(env, &dead), "mdb_reader_check for \(path)")
            return Int(dead)
        }
    }

    /// Runs `body` with the environment's handle while holding the resize gate shared (so the map
    /// cannot move or close meanwhile); throws the closed error when the environment is closed.
    private func withOpenHandle<R>(_ body: (OpaquePointer) throws(LMDBError) -> R) throws(LMDBError) -> R {
        gate.enterShared(reentrant: ThreadActivity.current.isReading(serial))
        defer { gate.leaveShared() }
        guard let env = handle else { throw closedError() }
        return try body(env)
    }

    /// Closes the environment; idempotent, also run by `deinit`.
    ///
    /// Waits for the running write and for in-flight reads, syncs first in the non-durable mode, then
    /// calls `mdb_env_close` exactly once and releases the path for a later open. Called from inside a
    /// `read` or `write` body, the close happens when this thread's outermost transaction ends.
    public func close() {
        if ThreadActivity.current.isInside(serial) {
            closeRequested.store(true, ordering: .releasing)
            return
        }
        writerLock.lock()
        defer { writerLock.unlock() }
        gate.withExclusive {
            guard let env = handle else { return }
            if !options.durable || options.defersMetaSync {
                // Non-durable mode skipped syncs at commit (the deferred mode the meta page's);
                // flush everything before closing.
                _ = mdb_env_sync(env, 1)
            }
            // lmdb.h: mdb_env_close only after every transaction and cursor is finished, and only once.
            // The writer lock excludes writes and the exclusive gate waits out reads (cursors live inside them).
            mdb_env_close(env)
            handle = nil
            closedFlag.store(true, ordering: .releasing)
            EnvironmentRegistry.release(path)
        }
    }

    /// Runs a close that was requested from inside a transaction body, once the body has ended.
    func closeIfRequested() {
        if closeRequested.load(ordering: .acquiring) {
            close()
        }
    }

    // MARK: - Counters

    func readTransactionBegan() { liveReads.wrappingAdd(1, ordering: .relaxed) }
    func readTransactionEnded() { liveReads.wrappingSubtract(1, ordering: .relaxed) }
    func cursorOpened() { liveCursorCount.wrappingAdd(1, ordering: .relaxed) }
    func cursorClosed() { liveCursorCount.wrappingSubtract(1, ordering: .relaxed) }

    // MARK: - Errors

    /// The error for a failed LMDB call; fatal codes name the path, and `MDB_PANIC` poisons the environment.
    func failure(_ code: Int32, _ operation: String) -> LMDBError {
        var error = LMDBError(lmdbCode: code, context: operation)
        if error.isFatal {
            // STYLE rule 30: damaged or foreign files fail loudly with the path and are never retried.
            error = error.adding(context: "LMDB environment at \(path)")
            if code == MDB_PANIC {
                markUnusable(error)
            }
        }
        return error
    }

    /// Records that the environment can no longer be used; later transactions throw `LMDBError.panic`.
    func markUnusable(_ error: LMDBError) {
        fatalError.withLock { stored in
            if stored == nil { stored = error }
        }
    }

    /// Throws when an earlier fatal error made the environment unusable.
    func checkUsable() throws(LMDBError) {
        if let error = fatalError.withLock({ $0 }) {
            throw LMDBError(
                code: LMDBError.panic.code,
                message: "LMDB environment at \(path) is unusable after an earlier fatal error "
                    + "(\(error.message)); close and reopen it")
        }
    }

    /// `LMDBError.environmentClosed` naming this path.
    func closedError() -> LMDBError {
        LMDBError(code: LMDBError.environmentClosed.code, message: "LMDB environment at \(path) is closed")
    }

    /// Sets the map size: requires the writer lock held and no write transaction live; takes the gate.
    ///
    /// lmdb.h (`mdb_env_set_mapsize`): on an open environment the caller must ensure no transaction is
    /// active in this process — the writer lock rules out writers, the exclusive gate waits out readers.
    /// Size 0 adopts the size another process recorded. mdb.c unmaps before remapping, so if the remap
    /// fails the old size is restored, and if even that fails the environment is marked unusable.
    func setMapSize(_ size: Int) throws(LMDBError) {
        try gate.withExclusive { () throws(LMDBError) in
            guard let env = handle else { throw closedError() }
            try checkUsable()
            let old = mapSizeValue.load(ordering: .relaxed)
            let rc = mdb_env_set_mapsize(env, size)
            if rc != MDB_SUCCESS {
                let error = failure(rc, "mdb_env_set_mapsize(\(size)) for \(path)")
                if mdb_env_set_mapsize(env, old) != MDB_SUCCESS {
                    markUnusable(error)
                }
                throw error
            }
            mapSizeValue.store(OpenedEnvironment.currentMapSize(env), ordering: .releasing)
        }
    }
}

/// Source of `Environment.serial` values.
private let environmentSerials = Atomic<UInt64>(0)
