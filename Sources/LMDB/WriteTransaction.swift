internal import CLMDB

/// State shared by a top-level write transaction and all its nested children.
final class WriteTree {
    /// Set when any LMDB update in the tree returned `MDB_MAP_FULL`: `Environment.write` then aborts,
    /// grows the map and replays, even if the body caught the error. Writer thread only.
    var mapFullHit = false
    /// How many borrowed-byte closures are running; updates are refused while it is non-zero (lmdb.h:
    /// returned data is valid only until the next update). Writer thread only.
    var borrows = 0
}

/// The read-write transaction handed to `Environment.write`: every `ReadTransaction` operation plus
/// updates and nested transactions.
///
/// Valid only inside the closure that received it and only on the thread running it (LMDB ties write
/// transactions to their OS thread). Updates are refused while borrowed bytes are in use
/// (`withValue`, `scan`, `Cursor.withKey`/`withValue`), because an update may move the bytes.
public final class WriteTransaction: ReadTransaction {
    /// The enclosing transaction of a nested one; nil at the top level.
    let parent: WriteTransaction?
    /// State shared with every transaction of this write.
    let tree: WriteTree
    /// The first LMDB failure of an update in this transaction; LMDB then only allows abort.
    private(set) var failure: LMDBError?

    init(environment: Environment, handle: OpaquePointer, parent: WriteTransaction?, tree: WriteTree) {
        self.parent = parent
        self.tree = tree
        super.init(environment: environment, handle: handle, traced: false)
    }

    /// Stores `value` under `key`, replacing any existing value.
    /// - Throws: `LMDBError.badValueSize` for an empty or too long key; `mapFull` (which `write` handles by
    ///   growing and replaying); other LMDB errors, after which the transaction can only be aborted.
    public func put(_ value: [UInt8], forKey key: [UInt8], in db: Database) throws {
        try value.withUnsafeBytes { valueBytes in
            try key.withUnsafeBytes { keyBytes in
                _ = try store(valueBytes, forKey: keyBytes, in: db, flags: 0, operation: "mdb_put")
            }
        }
    }

    /// Stores the bytes of `value` under the bytes of `key`, replacing any existing value (LMDB copies both).
    public func put(_ value: UnsafeRawBufferPointer, forKey key: UnsafeRawBufferPointer, in db: Database) throws {
        _ = try store(value, forKey: key, in: db, flags: 0, operation: "mdb_put")
    }

    /// Inserts only if absent; returns false (and writes nothing) when the key already exists.
    public func putIfAbsent(_ value: [UInt8], forKey key: [UInt8], in db: Database) throws -> Bool {
        try value.withUnsafeBytes { valueBytes in
            try key.withUnsafeBytes { keyBytes in
                // lmdb.h: with MDB_NOOVERWRITE an existing key yields MDB_KEYEXIST, a result and not a failure.
                try store(valueBytes, forKey: keyBytes, in: db, flags: UInt32(MDB_NOOVERWRITE), operation: "mdb_put")
            }
        }
    }

    /// Appends an entry whose key is greater than every key in `db` (`MDB_APPEND`, fast bulk loading).
    /// - Throws: `LMDBError.keyExists` when `key` is not greater than the current last key.
    public func append(_ value: [UInt8], forKey key: [UInt8], in db: Database) throws {
        try value.withUnsafeBytes { valueBytes in
            try key.withUnsafeBytes { keyBytes in try append(valueBytes, forKey: keyBytes, in: db) }
        }
    }

    /// Appends like `append(_:forKey:in:)`, from borrowed bytes.
    public func append(_ value: UnsafeRawBufferPointer, forKey key: UnsafeRawBufferPointer, in db: Database) throws {
        // lmdb.h: MDB_APPEND requires keys in ascending order and returns MDB_KEYEXIST otherwise.
        let stored = try store(value, forKey: key, in: db, flags: UInt32(MDB_APPEND), operation: "mdb_put(APPEND)")
        if !stored {
            throw LMDBError(
                code: LMDBError.keyExists.code,
                message: "append to '\(db.name)' needs a key greater than the last key")
        }
    }

    /// Stores `value` under `key` like `put`, appending when `key` is greater than every key in
    /// `db`. An append leaves the page it fills full (a plain put splits a full page in half even
    /// at the end of the table), so keys arriving in ascending order take about half the pages.
    public func putAppendingWhenLast(_ value: [UInt8], forKey key: [UInt8], in db: Database) throws {
        try value.withUnsafeBytes { valueBytes in
            try key.withUnsafeBytes { keyBytes in
                // lmdb.h: MDB_APPEND returns MDB_KEYEXIST, writing nothing, unless the key is past the last one.
                let appended = try store(
                    valueBytes, forKey: keyBytes, in: db, flags: UInt32(MDB_APPEND), operation: "mdb_put(APPEND)")
                if !appended { _ = try store(valueBytes, forKey: keyBytes, in: db, flags: 0, operation: "mdb_put") }
            }
        }
    }

    /// Deletes `key`; returns false when it was absent.
    @discardableResult
    public func delete(_ key: [UInt8], in db: Database) throws -> Bool {
        let txn = try writableHandle()
        try validate(db)
        try validateKeyLength(key.count)
        let rc = key.withUnsafeBytes { keyBytes in
            var keyVal = MDB_val(keyBytes)
            // lmdb.h (mdb_del): data NULL deletes the key; MDB_NOTFOUND means it was absent, not a failure.
            return mdb_del(txn, db.handle, &keyVal, nil)
        }
        if rc == MDB_NOTFOUND { return false }
        if rc != MDB_SUCCESS { throw recordWriteFailure(rc, "mdb_del('\(db.name)')") }
        return true
    }

    /// Deletes every entry with `from` ≤ key < `to` (to the end when `to` is nil); returns how many.
    ///
    /// Bounds are probes: an empty `from` starts at the first key, and any length is allowed.
    public func deleteRange(in db: Database, from: [UInt8], to: [UInt8]?) throws -> Int {
        _ = try writableHandle()
        let cursor = try openCursor(on: db)
        defer { cursor.close() }
        var deleted = 0
        var entry = try cursor.seekRange(from)
        while let (key, _) = entry {
            if let to, compareKeys(key, to) >= 0 { break }
            // The key bytes are not used after this point: the delete may move them.
            try cursor.deleteCurrent()
            deleted += 1
            entry = try cursor.step(forward: true)
        }
        return deleted
    }

    /// Removes every entry of `db`, keeping the database itself (`mdb_drop(…, 0)`).
    public func clear(_ db: Database) throws {
        let txn = try writableHandle()
        try validate(db)
        // lmdb.h: del = 0 only empties the database; 1 would also delete it and close the handle.
        let rc = mdb_drop(txn, db.handle, 0)
        if rc != MDB_SUCCESS { throw recordWriteFailure(rc, "mdb_drop('\(db.name)', 0)") }
    }

    // MARK: - Internal machinery

    /// The handle for an update: live, no nested child, no borrowed bytes, no earlier failure.
    func writableHandle() throws(LMDBError) -> OpaquePointer {
        let txn = try liveHandle()
        try requireNoBorrow()
        if let failure {
            // lmdb.h: after a failed update the transaction is broken; only abort is valid.
            throw LMDBError(
                code: LMDBError.badTransaction.code,
                message: "the transaction failed earlier and can only be aborted (\(failure.message))")
        }
        return txn
    }

    /// Throws `transactionBusy` while borrowed map bytes are in use anywhere in this write.
    func requireNoBorrow() throws(LMDBError) {
        guard tree.borrows == 0 else {
            throw LMDBError(
                code: LMDBError.transactionBusy.code,
                message: "cannot update the database while borrowed bytes (withValue, scan, cursor withKey/"
                    + "withValue) are in use: an update may move them; copy what you need first")
        }
    }

    /// Counts a borrow on the whole tree while `body` runs.
    override func withBorrow<R>(_ body: () throws -> R) rethrows -> R {
        tree.borrows += 1
        defer { tree.borrows -= 1 }
        return try body()
    }

    /// Records a failed update (the transaction is now broken) and returns the error to throw.
    func recordWriteFailure(_ code: Int32, _ operation: String) -> LMDBError {
        let reported = FileSystem.reclassifyingFullDisk(code, directory: environment.path)
        let error = environment.failure(reported, reported == code ? operation : operation + " (a short write: the disk is full)")
        if code == MDB_MAP_FULL {
            tree.mapFullHit = true
        }
        if failure == nil {
            failure = error
        }
        return error
    }

    /// `mdb_put`; returns false on `MDB_KEYEXIST` under `MDB_NOOVERWRITE`/`MDB_APPEND`.
    private func store(
        _ value: UnsafeRawBufferPointer, forKey key: UnsafeRawBufferPointer, in db: Database,
        flags: UInt32, operation: String
    ) throws(LMDBError) -> Bool {
        let txn = try writableHandle()
        try validate(db)
        try validateKeyLength(key.count)
        var keyVal = MDB_val(key)
        var valueVal = MDB_val(value)
        // lmdb.h (mdb_put): LMDB copies key and data into the map, so the caller's buffers may go right after.
        // The key length was checked above (1 … maxkeysize) so LMDB never sees an invalid one.
        let rc = mdb_put(txn, db.handle, &keyVal, &valueVal, flags)
        if rc == MDB_KEYEXIST, flags != 0 { return false }
        if rc != MDB_SUCCESS { throw recordWriteFailure(rc, "\(operation)('\(db.name)')") }
        return true
    }

    /// Commits and ends the transaction.
    func commit() throws(LMDBError) {
        guard let txn = invalidate() else { throw LMDBError.transactionEnded }
        // lmdb.h: mdb_txn_commit frees the transaction even when it fails; it is never aborted afterwards.
        let rc = mdb_txn_commit(txn)
        if rc != MDB_SUCCESS {
            let error = recordWriteFailure(rc, "mdb_txn_commit at \(environment.path)")
            // A failed child commit may leave the parent inconsistent: the whole write must be aborted.
            parent?.noteChildCommitFailed(error)
            throw error
        }
    }

    /// Aborts and ends the transaction (no effect when it already ended).
    func abort() {
        if let txn = invalidate() {
            // lmdb.h: mdb_txn_abort frees the transaction (and, for a child, discards only its changes).
            mdb_txn_abort(txn)
        }
    }

    /// Marks this transaction broken because a nested commit failed.
    private func noteChildCommitFailed(_ error: LMDBError) {
        if failure == nil {
            failure = error
        }
    }
}
