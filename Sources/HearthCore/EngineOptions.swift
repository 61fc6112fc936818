/// How an `Engine` opens its data directory.
public struct EngineOptions: Sendable {
    /// Whether each group commit is flushed to disk before the commit returns.
    public var durability: Durability
    /// The initial LMDB map size in bytes (it grows on demand).
    public var initialMapSize: Int
    /// How long document history and the commit log are kept (reads at a past time reach this far).
    public var retention: Duration
    /// `retention` in whole microseconds, as the engine counts it.
    package var retentionMicroseconds: Int64 { retention.wholeMicroseconds }
    /// The clock commit times and transaction deadlines come from.
    public var clock: any CommitClock
    /// Declared composite indexes and single-field overrides (`firestore.indexes.json`).
    public var indexes: IndexConfiguration
    /// When true, a query production Firestore would reject for want of an index fails with
    /// `FAILED_PRECONDITION` and the index to add; when false (the default) every valid query runs.
    public var requireIndexes: Bool
    /// Group commits of at least this many writes store their documents and leave the index
    /// entries to one later transaction for many commits (bulk loads; 0: never). Queries wait for
    /// that transaction, so results never miss a committed write.
    public var deferredIndexThreshold: Int
    /// Group commits of at least this many commits (many committers at once) defer their index
    /// entries the same way (0: never). Queries still never miss a committed write.
    public var deferredIndexGroupCommits: Int = 8
    /// Most documents whose index entries may be pending before they are written.
    public var indexBacklogLimit: Int
    /// Most memory (estimated bytes of the document contents the backlog keeps) that pending
    /// index work may hold before it is written: large documents reach it long before
    /// `indexBacklogLimit`, so a bulk import's memory stays bounded whatever their size.
    public var indexBacklogByteLimit: Int
    /// How often the TTL sweep runs when `indexes` declares TTL policies (nil: only when asked,
    /// `Engine.sweepExpiredDocuments`). Production sweeps within a day; a local engine every second.
    public var ttlSweepInterval: Duration? = .seconds(1)
    /// How long without commits before pending index work is written.
    package var indexIdleDelay: Duration = .milliseconds(50)
    /// How long after a query needed the index commits index as they go.
    package var indexDemandWindow: Duration = .seconds(1)
    /// True for a load into a new directory (`Engine.openForLoad`): commits store documents
    /// only and the whole index is built once, by sorting, when a reader first needs it or the
    /// engine closes.
    package var indexesAfterLoad = false
    /// A crash-test hook: kill the process inside a map growth (`HEARTH_FAULT_KILL`); nil, the
    /// default, installs nothing. Package-only: fault injection is not part of the app surface.
    package var killAtMapGrowth: MapGrowthKill?

    /// Creates options; the defaults are durable, a 4 GiB initial map, one hour of history, no
    /// composite indexes, every valid query allowed, and index work of groups of 256 writes or
    /// more, or of 8 commits or more, deferred (at most 65,536 documents, or 16 MiB of their contents, behind).
    public init(
        durability: Durability = .full, initialMapSize: Int = 4 << 30,
        retention: Duration = .seconds(3_600), clock: any CommitClock = SystemClock(),
        indexes: IndexConfiguration = IndexConfiguration(), requireIndexes: Bool = false,
        deferredIndexThreshold: Int = 256, indexBacklogLimit: Int = 65_536, indexBacklogByteLimit: Int = 16 << 20
    ) {
        self.indexBacklogByteLimit = indexBacklogByteLimit
        self.deferredIndexThreshold = deferredIndexThreshold
        self.indexBacklogLimit = indexBacklogLimit
        self.indexes = indexes
        self.requireIndexes = requireIndexes
        self.durability = durability
        self.initialMapSize = initialMapSize
        self.retention = retention
        self.clock = clock
    }
}

/// Whether commits survive a crash of the machine.
public struct Durability: Sendable, Equatable {
    /// True when every group commit is synced to disk before it returns.
    public let syncsEachCommit: Bool
    /// True when a commit's data pages are synced but its meta page waits for the next commit's
    /// sync (or `Engine.sync()`, or closing): a machine crash can undo the last commit, never
    /// corrupt the file. Half the syncs of `full`.
    public let defersLastCommit: Bool

    private init(syncsEachCommit: Bool, defersLastCommit: Bool = false) {
        self.syncsEachCommit = syncsEachCommit
        self.defersLastCommit = defersLastCommit
    }

    /// Every commit is on disk when it returns (the default).
    public static let full = Durability(syncsEachCommit: true)
    /// Not synced per commit (faster; data is synced on close). For tests and scratch data only:
    /// a process crash loses nothing, a machine crash can lose recent commits (see Durability).
    public static let none = Durability(syncsEachCommit: false)
    /// For bulk loads that sync once when they are done (`hearth import`): every commit but the
    /// last is on disk when it returns, and a machine crash never corrupts the file.
    public static let batch = Durability(syncsEachCommit: true, defersLastCommit: true)
}
