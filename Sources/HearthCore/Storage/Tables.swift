package import LMDB

/// The LMDB tables of one data directory, opened once at startup (see `StorageKeys.swift`).
package struct Tables: Sendable {
    /// Schema version and counters.
    package let meta: Database
    /// Database id → number.
    package let databases: Database
    /// Collection path hash → collection number and path.
    package let collections: Database
    /// Collection number → path.
    package let collectionPaths: Database
    /// Parent document path hash + collection id → collection number.
    package let children: Database
    /// Document records.
    package let documents: Database
    /// Earlier versions of documents, for reads at a past time.
    package let history: Database
    /// The commit log: version → changed paths.
    package let changes: Database
    /// Single-field index entries (`IndexKeys.swift`).
    package let index: Database
    /// Composite index entries (`IndexKeys.swift`).
    package let composite: Database

    /// How many named tables the environment must allow (with headroom for later schemas).
    package static let maxTables = 24

    /// Opens (creating when absent) every table.
    package init(environment: Environment) throws {
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
    }
}
