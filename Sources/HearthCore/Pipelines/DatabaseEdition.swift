import LMDB

/// A database's edition: Standard (classic queries only) or Enterprise (pipelines too). Stored
/// per database in the data directory, so a restart keeps it; a database never set is Standard.
package enum DatabaseEdition: String, Sendable, Equatable, CaseIterable {
    /// Classic queries, listeners, transactions.
    case standard
    /// Also pipelines (`ExecutePipeline`).
    case enterprise

    /// The `meta` key holding the edition of database `database` of `project` (nil: of every
    /// project, as `hearth serve --enterprise` sets it).
    static func metaKey(project: String?, database: String) -> [UInt8] {
        Array("edition/\(project ?? "*")/\(database)".utf8)
    }

    /// The edition of `database` as `txn` sees it (set for its project, else for every project;
    /// Standard unless set). A writer's transaction sees the settings of its own commit group.
    static func stored(of database: DatabaseID, in txn: ReadTransaction, meta: LMDB.Database) throws -> DatabaseEdition {
        let stored = try txn.get(metaKey(project: database.project, database: database.database), in: meta)
            ?? txn.get(metaKey(project: nil, database: database.database), in: meta)
        guard let stored else { return .standard }
        guard let edition = DatabaseEdition(rawValue: String(decoding: stored, as: UTF8.self)) else {
            throw FirestoreError(.dataLoss, "Corrupt stored edition of database \(database.database).")
        }
        return edition
    }
}

extension Engine {
    /// The edition of `database` (set for its project, else for every project; Standard unless set).
    package func edition(of database: DatabaseID) throws(FirestoreError) -> DatabaseEdition {
        try read { txn in try DatabaseEdition.stored(of: database, in: txn, meta: store.tables.meta) }
    }

    /// Sets the edition of database `database` of `project` (nil: of every project), durably.
    package func setEdition(_ edition: DatabaseEdition, project: String?, database: String) async throws(FirestoreError) {
        try await saveTriggerState([.edition(project: project, database: database, edition)])
    }

    /// `setEdition` for a synchronous caller (start-up), blocking until the setting is stored.
    package func setEditionNow(_ edition: DatabaseEdition, project: String?, database: String) throws(FirestoreError) {
        _ = try writer.submitAndWait(Self.bookkeepingCommit([.edition(project: project, database: database, edition)]))
    }
}
