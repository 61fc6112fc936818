import LMDB

/// The LMDB tables of one data directory, opened once at startup (see `StorageKeys.swift`).
struct Tables: Sendable {
    /// Schema version and counters.
    let meta: Database
    /// Database id → number.
    let databases: Database
    /// Collection path hash → collection number and path.
    let collections: Database
    /// Collection number → path.
    let collectionPaths: Database
    /// Parent document path hash + collection id → collection number.
    let children: Database
    /// Document records.
    let documents: Database
    /// Earlier versions of documents, for reads at a past time.
    let history: Database
    /// The commit log: version → changed paths.
    let changes: Database
    /// Single-field index entries (`IndexKeys.swift`).
    let index: Database
    /// Composite index entries (`IndexKeys.swift`).
    let composite: Database
    /// Trigger cursors and dead letters (`TriggerStateKeys`).
    let triggers: Database

    /// How many named tables the environment must allow (with headroom for later schemas).
    static let maxTables = 24

    /// Opens (creating when absent) every table.
    init(environment: Environment) throws {
        meta = try environment.openDatabase("meta")
        databases = try environment.openDatabase("databases")
        collections = try environment.openDatabase("collections")
        collectionPaths = try environment.openDatabase("collpaths")
        children = try environment.openDatabase("children")
        documents = try environment.openDatabase("documents")
        history = try environment.openDatabase("history")
        changes = try environment.openDatabase("changes")
        index = try environment.openDatabase("index")
        composite = try environment.openDatabase("composite")
        triggers = try environment.openDatabase("triggers")
    }
}
