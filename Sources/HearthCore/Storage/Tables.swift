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
        let opened = try environment.openDatabases([
            "meta", "databases", "collections", "collpaths", "children", "documents", "history", "changes", "index",
            "composite", "triggers",
        ])
        (meta, databases, collections, collectionPaths, children, documents) =
            (opened[0], opened[1], opened[2], opened[3], opened[4], opened[5])
        (history, changes, index, composite, triggers) = (opened[6], opened[7], opened[8], opened[9], opened[10])
    }
}
