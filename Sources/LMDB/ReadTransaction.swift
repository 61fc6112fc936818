internal import CLMDB

/// A transaction's read operations; the object handed to `Environment.read` (and, as `WriteTransaction`,
/// to `Environment.write`).
///
/// It is valid only inside the closure that received it: afterwards every method throws
/// `LMDBError.transactionEnded`. It is not `Sendable` and must stay on the thread running that closure.
/// Byte buffers it lends (`withValue`, `scan`, `Cursor.withKey`) point into the map and are valid only
/// inside the closure they are passed to.
public class ReadTransaction {
    /// The environment this transaction belongs to.
    let environment: Environment
    /// The `MDB_txn*`; nil once the transaction is committed or aborted.
    private var handle: OpaquePointer?
    /// True while a nested child transaction lives: lmdb.h forbids using the parent (or its cursors) then.
    var hasLiveChild = false
    /// The page trace this transaction reports to: set only when a trace was recording as it
    /// began, so an untraced read pays one nil check per entry and never touches the tracer.
    let tracer: PageTracer?

    /// Wraps `handle`; `traced` false (write transactions, whose dirty pages are outside the map)
    /// never reports to a page trace.
    init(environment: Environment, handle: OpaquePointer, traced: Bool = true) {
        self.environment = environment
        self.handle = handle
        tracer = traced ? environment.pageTracer.ifRecording : nil
    }

    /// Whether the transaction can still be used (it is inside its closure).
    public var isLive: Bool { handle != nil }

    /// The value stored under `key`, copied out, or nil when absent.
    /// - Throws: `LMDBError.badValueSize` for an empty or too long key; `transactionEnded` outside the closure.
    public func get(_ key: [UInt8], in db: Database) throws -> [UInt8]? {
        try withValue(forKey: key, in: db) { [UInt8]($0) }
    }

    /// Lends the value stored under `key` to `body` without copying; nil when absent.
    ///
    /// The buffer points into the map: read it inside `body` only. While `body` runs, the transaction
    /// refuses updates (they would invalidate the buffer).
    public func withValue<R>(
        forKey key: [UInt8], in db: Database, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R? {
        try key.withUnsafeBytes { keyBytes in try withValue(forKeyBytes: keyBytes, in: db, body) }
    }

    /// `withValue(forKey:in:_:)` for a key the caller holds as bytes (built on its stack, say),
    /// so a point lookup needs no array.
    public func withValue<R>(
        forKeyBytes key: UnsafeRawBufferPointer, in db: Database, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R? {
        guard let value = try lookUp(key, in: db) else { return nil }
        return try withBorrow { try body(value.bytes) }
    }

    /// Whether `key` is present.
    public func contains(_ key: [UInt8], in db: Database) throws -> Bool {
        try key.withUnsafeBytes { keyBytes throws(LMDBError) in try lookUp(keyBytes, in: db) } != nil
    }

    /// Opens a cursor on `db`, passes it to `body` and closes it when `body` returns or throws.
    public func withCursor<R>(in db: Database, _ body: (Cursor) throws -> R) throws -> R {
        let cursor = try openCursor(on: db)
        defer { cursor.close() }
        return try body(cursor)
    }

    /// The number of entries in `db` (`mdb_stat`).
    public func count(in db: Database) throws -> Int {
        try statistics(for: db).entries
    }

    /// Size figures (`mdb_stat`) for `db` as seen by this transaction.
    public func statistics(for db: Database) throws -> DatabaseStatistics {
        let txn = try liveHandle()
        try validate(db)
        var stat = MDB_stat()
        // mdb_stat reads the database's record as seen by this transaction's snapshot.
        try check(mdb_stat(txn, db.handle, &stat), "mdb_stat('\(db.name)')")
        return DatabaseStatistics(stat)
    }

    // MARK: - Internal machinery

    /// The handle, or an error when the transaction has ended or a nested child is live.
    func liveHandle() throws(LMDBError) -> OpaquePointer {
        guard let handle else { throw LMDBError.transactionEnded }
        guard !hasLiveChild else {
            throw LMDBError(
                code: LMDBError.transactionBusy.code,
                message: "a parent transaction (or its cursor) was used while its nested transaction is live; "
                    + "use the nested transaction inside `nested`")
        }
        return handle
    }

    /// Takes the handle away, marking the transaction ended; returns it for commit or abort.
    func invalidate() -> OpaquePointer? {
        defer { handle = nil }
        return handle
    }

    /// Throws `badDatabase` when `db` was opened by another environment.
    func validate(_ db: Database) throws(LMDBError) {
        guard db.environmentSerial == environment.serial else {
            throw LMDBError(
                code: LMDBError.badDatabase.code,
                message: "database '\(db.name)' belongs to another environment than \(environment.path)")
        }
    }

    /// Throws the error for a non-zero return code of a read operation.
    func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
        if code != MDB_SUCCESS {
            throw environment.failure(code, operation())
        }
    }

    /// Runs `body` while borrowed map bytes are in use; write transactions refuse updates meanwhile.
    func withBorrow<R>(_ body: () throws -> R) rethrows -> R {
        try body()
    }

    /// `mdb_get`: the value for `key`, or nil on `MDB_NOTFOUND`.
    private func lookUp(_ key: UnsafeRawBufferPointer, in db: Database) throws(LMDBError) -> MDB_val? {
        let txn = try liveHandle()
        try validate(db)
        try validateKeyLength(key.count)
        var value = MDB_val()
        var keyVal = MDB_val(key)
        // lmdb.h (mdb_get): the returned data points into the map and stays valid only until the next update
        // or the end of the transaction; callers lend it to a closure and never keep it.
        let rc = mdb_get(txn, db.handle, &keyVal, &value)
        if rc == MDB_NOTFOUND { return nil }
        try check(rc, "mdb_get('\(db.name)')")
        traced(key: nil, value: value.bytes)
        return value
    }

    /// `mdb_cursor_open` on `db`; the cursor must be closed before this transaction ends.
    func openCursor(on db: Database) throws(LMDBError) -> Cursor {
        let txn = try liveHandle()
        try validate(db)
        var cursor: OpaquePointer?
        // lmdb.h: a cursor belongs to one transaction and one database and must be closed before the
        // transaction ends; callers (`withCursor`, `scan`, `deleteRange`) close it on every exit path.
        let rc = mdb_cursor_open(txn, db.handle, &cursor)
        try check(rc, "mdb_cursor_open('\(db.name)')")
        guard let cursor else {
            throw LMDBError(code: LMDBError.badTransaction.code, message: "mdb_cursor_open returned no cursor")
        }
        environment.cursorOpened()
        return Cursor(transaction: self, database: db, handle: cursor)
    }
}
