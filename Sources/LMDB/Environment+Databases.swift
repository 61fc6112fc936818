internal import CLMDB

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

extension Environment {
    /// Opens (creating if needed) the named database in its own write transaction and commits.
    ///
    /// Call it at startup for every table and keep the returned `Database` for the environment's lifetime;
    /// opening the same name again returns an equal value.
    /// - Throws: `LMDBError.databasesFull` past `EnvironmentOptions.maxDatabases`; `EINVAL` for an empty name;
    ///   `reentrantTransaction` from inside a transaction body; other LMDB errors.
    public func openDatabase(_ name: String) throws(LMDBError) -> Database {
        try openDatabases([name])[0]
    }

    /// Opens (creating if needed) the named databases in one write transaction, so a fresh
    /// environment is set up with one commit (and one flush) rather than one per table.
    /// - Returns: the databases, in the order of `names`.
    /// - Throws: as `openDatabase(_:)`; nothing is created when one name fails.
    public func openDatabases(_ names: [String]) throws(LMDBError) -> [Database] {
        guard !names.contains(where: \.isEmpty) else {
            throw LMDBError(code: EINVAL, message: "a database name must not be empty")
        }
        do {
            return try write { transaction in try names.map { name throws(LMDBError) in try transaction.openDatabaseHandle(name) } }
        } catch let error as LMDBError {
            throw error
        } catch {
            // The body above only throws LMDBError; keep the type total anyway.
            throw LMDBError(code: EINVAL, message: "opening databases \(names) failed: \(error)")
        }
    }

    /// Size figures (`mdb_stat`) for `db`, read in a short read transaction.
    public func statistics(_ db: Database) throws -> DatabaseStatistics {
        try read { transaction in try transaction.statistics(for: db) }
    }
}

extension WriteTransaction {
    /// `mdb_dbi_open` with `MDB_CREATE` inside this (top-level) write transaction.
    func openDatabaseHandle(_ name: String) throws(LMDBError) -> Database {
        let txn = try writableHandle()
        var dbi: MDB_dbi = 0
        // lmdb.h: a handle opened in a write transaction is visible to others only after that transaction
        // commits (`write` commits it), and mdb_dbi_open must never run in two transactions at once (the
        // writer lock serialises; read transactions never open handles).
        let rc = name.withCString { mdb_dbi_open(txn, $0, UInt32(MDB_CREATE), &dbi) }
        if rc == MDB_DBS_FULL {
            throw recordWriteFailure(
                rc,
                "cannot open database '\(name)': maxDatabases (\(environment.options.maxDatabases)) is reached")
        }
        if rc != MDB_SUCCESS {
            throw recordWriteFailure(rc, "mdb_dbi_open('\(name)')")
        }
        return Database(name: name, handle: dbi, environmentSerial: environment.serial)
    }
}
