internal import LMDB
import Synchronization

/// Hearth's engine: a Firestore document store in one LMDB data directory.
///
/// This is the core's request API that both the Swift API and the server call. Reads are short,
/// synchronous LMDB read transactions and may run on any thread; commits go through the writer
/// thread and are awaited. One data directory holds any number of databases (`DatabaseID`).
///
/// Open a directory once per process; `close()` finishes queued commits and closes the files.
package final class Engine: Sendable {
    /// The data directory.
    package let directory: String
    let environment: Environment
    let store: DocumentStore
    let writer: Writer
    let transactions: TransactionRegistry
    let options: EngineOptions
    let hub: WatchHub
    let policyHolder = PolicyHolder()
    /// The registered triggers.
    let triggers = TriggerRegistry()
    /// Stores the triggers' cursors in batches (most of them inside the writer's next group).
    let cursorFlusher: TriggerCursorFlusher
    /// Hands the writer's change sets to the triggers' feeds, off the writer thread.
    let triggerFanout = TriggerFanout()
    /// The TTL sweeper, while one runs (`startTTL`).
    let ttl = TTLSchedule()
    /// The marker of an unsynced load into a new directory, until its closing sync removed it.
    let loadMarker: Mutex<UnfinishedLoadMarker?>

    /// Opens (creating when needed) the data directory at `directory`.
    /// - Throws: `FAILED_PRECONDITION` when the directory is already open in this process, was
    ///   written by a newer schema, or holds an import that did not finish; `DATA_LOSS` when the
    ///   files are damaged.
    package convenience init(directory: String, options: EngineOptions = EngineOptions()) throws(FirestoreError) {
        try UnfinishedLoadMarker.refuseIfPresent(directory: directory)
        try self.init(directory: directory, options: options, loadMarker: nil)
    }

    /// Opens the data directory; `loadMarker` is the marker of an unsynced load that this engine
    /// removes once everything is synced (`Engine.openForLoad`).
    init(directory: String, options: EngineOptions, loadMarker: UnfinishedLoadMarker?) throws(FirestoreError) {
        self.directory = directory
        let cursorFlusher = TriggerCursorFlusher()
        self.cursorFlusher = cursorFlusher
        self.loadMarker = Mutex(loadMarker)
        self.options = options
        var environmentOptions = EnvironmentOptions(
            mapSize: options.initialMapSize, maxDatabases: Tables.maxTables, maxReaders: 126,
            durable: options.durability.syncsEachCommit)
        environmentOptions.defersMetaSync = options.durability.defersLastCommit
        environmentOptions.mapGrowthHook = options.killAtMapGrowth?.hook()
        let environment = try StorageErrorMapping.mapping {
            try Environment(path: directory, options: environmentOptions)
        }
        do {
            let tables = try StorageErrorMapping.mapping { try Tables(environment: environment) }
            let catalog = Catalog(tables: tables)
            let store = DocumentStore(tables: tables, catalog: catalog, indexes: options.indexes)
            let lastVersion = try SchemaCheck.openOrInitialize(
                environment: environment, tables: tables, catalog: catalog, store: store)
            self.environment = environment
            self.store = store
            let transactions = TransactionRegistry(clock: options.clock)
            let hub = WatchHub()
            self.transactions = transactions
            self.hub = hub
            self.writer = Writer(
                environment: environment, store: store, clock: options.clock,
                retentionMicros: options.retentionMicroseconds, lastVersion: lastVersion, transactions: transactions,
                scheduling: IndexScheduling(
                    deferThreshold: options.deferredIndexThreshold,
                    deferGroupCommits: options.deferredIndexGroupCommits, backlogLimit: options.indexBacklogLimit,
                    backlogByteLimit: options.indexBacklogByteLimit,
                    clock: options.clock, idleDelay: options.indexIdleDelay,
                    demandWindow: options.indexDemandWindow),
                gathers: options.durability.syncsEachCommit, indexesAfterLoad: options.indexesAfterLoad,
                cursors: cursorFlusher, publish: { hub.publish($0) })
            if let interval = options.ttlSweepInterval { startTTL(interval: interval) }
        } catch {
            environment.close()
            throw error
        }
    }

    /// Finishes queued commits, then closes the data directory. Later calls fail with `UNAVAILABLE`.
    /// Idempotent; an engine that is released without `close()` closes itself. An unsynced load's
    /// marker is removed when its closing sync succeeds (`finishLoad()` reports a failure).
    package func close() {
        stopTriggers()
        ttl.stop()
        writer.close()
        guard loadMarker.withLock({ $0 }) != nil else {
            environment.close()
            return
        }
        try? finishLoad()
    }

    deinit { close() }

    /// The commit time of the latest commit.
    package var latestCommitTime: Timestamp { Timestamp(microseconds: writer.latestVersion) }

    /// Runs a short read transaction, mapping storage errors.
    func read<R>(_ body: (ReadTransaction) throws -> R) throws(FirestoreError) -> R {
        try StorageErrorMapping.mapping { try environment.read(body) }
    }

    /// Runs a short read transaction whose snapshot has every index entry of its documents:
    /// when bulk commits left index work pending there, waits for the writer to catch up and
    /// reads again.
    func readIndexed<R>(_ body: (ReadTransaction) throws -> R) throws(FirestoreError) -> R {
        for _ in 0..<Self.indexedReadAttempts {
            let outcome: R? = try read { txn in try store.indexIsBehind(in: txn) ? nil : try body(txn) }
            if let outcome { return outcome }
            try writer.waitForIndex()
        }
        throw FirestoreError(.unavailable, "The index is still catching up with recent writes. Please try again.")
    }

    /// Suspends (without blocking a thread) until pending index work from bulk commits is
    /// applied, when there is any; async callers run this before an index read, so the read's own
    /// check (`readIndexed`) then finds the index current instead of blocking.
    package func catchUpIndex() async throws(FirestoreError) {
        guard try read({ txn in try store.indexIsBehind(in: txn) }) else { return }
        try await writer.waitForIndex()
    }

    /// Lets the next groups defer their index work at once, as if no reader had needed the index
    /// lately (benchmarks: their own wait for the index is not a reader of what follows).
    package func forgetIndexDemand() {
        writer.forgetIndexDemand()
    }

    /// How often `readIndexed` waits for the index before giving up (each wait applies the whole
    /// backlog, and commits then index as they go, so a second attempt normally succeeds).
    private static let indexedReadAttempts = 8

    /// Sets who is told when background index work fails (it is retried; nothing is lost, but a
    /// server should log it).
    package func setBackgroundErrorHandler(_ handler: (@Sendable (any Error) -> Void)?) {
        writer.setBackgroundErrorHandler(handler)
    }
}

/// Checks and initialises the schema version stored in `meta`.
enum SchemaCheck {
    /// Returns the last commit version; writes the schema version into a new directory.
    /// Older schemas this build upgrades in place (`StorageSchema.oldestUpgradable` up) are
    /// upgraded in the same write transaction: a crash leaves the old, still consistent, version.
    static func openOrInitialize(
        environment: Environment, tables: Tables, catalog: Catalog, store: DocumentStore
    ) throws(FirestoreError) -> Int64 {
        try StorageErrorMapping.mapping {
            try environment.write { txn in
                if let stored = try txn.get(MetaKey.schema, in: tables.meta) {
                    let version = stored.withUnsafeBytes { $0.bigEndianUInt32(at: 0) } ?? 0
                    if version != StorageSchema.version {
                        guard version >= StorageSchema.oldestUpgradable, version < StorageSchema.version else {
                            throw FirestoreError(
                                .failedPrecondition,
                                "The data directory uses storage schema \(version), but this Hearth reads schema "
                                    + "\(StorageSchema.version). Use a matching Hearth version.")
                        }
                        _ = try store.rebuildIndex(in: txn)
                        _ = try txn.delete(MetaKey.indexBacklog, in: tables.meta)
                        try writeSchemaVersion(in: txn, tables: tables)
                    }
                } else {
                    try writeSchemaVersion(in: txn, tables: tables)
                }
                // Index work a crash left pending: the commit log and history say what to redo.
                if let backlog = try store.recoverBacklog(in: txn) { try store.applyBacklog(backlog, in: txn) }
                _ = try store.syncCompositeIndexes(in: txn)
                _ = try store.syncGroupScope(in: txn)
                return Int64(bitPattern: try catalog.readCounter(MetaKey.lastCommit, in: txn, default: 0))
            }
        }
    }

    /// Stores the current schema version in `meta`.
    private static func writeSchemaVersion(in txn: WriteTransaction, tables: Tables) throws {
        var bytes = [UInt8]()
        bytes.appendBigEndian(StorageSchema.version)
        try txn.put(bytes, forKey: MetaKey.schema, in: tables.meta)
    }
}
