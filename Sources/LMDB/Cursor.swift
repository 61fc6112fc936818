internal import CLMDB

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A position in one database of one transaction, valid only inside the `withCursor` closure that
/// received it (afterwards every method throws `LMDBError.cursorClosed`). Not `Sendable`.
///
/// Positioning methods return `false` instead of throwing when there is no such entry. After `next()`
/// returns `false`, `previous()` moves to the last entry; after `previous()` returns `false`, `next()`
/// moves to the first; an unpositioned cursor's `next()`/`previous()` start at the first/last entry.
public final class Cursor {
    /// Where the cursor stands, tracked here so the semantics above hold whatever LMDB keeps internally.
    enum Position {
        case unpositioned
        case entry
        /// The current entry was deleted: `next()` gives the entry after it, `previous()` the one before.
        case deleted
        case beforeFirst
        case afterLast
    }

    /// The transaction this cursor belongs to (lmdb.h: a cursor belongs to one transaction and one table).
    let transaction: ReadTransaction
    /// The database it walks.
    let database: Database
    /// The `MDB_cursor*`; nil once closed.
    private var handle: OpaquePointer?
    /// The current position.
    private(set) var position = Position.unpositioned

    init(transaction: ReadTransaction, database: Database, handle: OpaquePointer) {
        self.transaction = transaction
        self.database = database
        self.handle = handle
    }

    /// Moves to the first entry; false when the database is empty.
    public func first() throws -> Bool { try move(MDB_FIRST, miss: .unpositioned) != nil }

    /// Moves to the last entry; false when the database is empty.
    public func last() throws -> Bool { try move(MDB_LAST, miss: .unpositioned) != nil }

    /// Moves to the first entry whose key is ≥ `key` (`MDB_SET_RANGE`); false when there is none.
    ///
    /// `key` is a probe, not a stored key: an empty probe means the first entry, and probes longer than
    /// `maxKeySize` are allowed.
    public func seek(atOrAfter key: [UInt8]) throws -> Bool { try seekRange(key) != nil }

    /// Moves to the entry whose key equals `key` (`MDB_SET_KEY`); false (and unpositioned) when absent.
    /// - Throws: `LMDBError.badValueSize` for an empty or too long key.
    public func seek(exactly key: [UInt8]) throws -> Bool {
        try transaction.validateKeyLength(key.count)
        return try key.withUnsafeBytes { probe in
            try move(MDB_SET_KEY, key: probe, miss: .unpositioned) != nil
        }
    }

    /// Moves to the next entry; false past the last one.
    public func next() throws -> Bool { try step(forward: true) != nil }

    /// Moves to the previous entry; false before the first one.
    public func previous() throws -> Bool { try step(forward: false) != nil }

    /// Lends the current entry's key to `body` (valid only inside it).
    /// - Throws: `LMDBError.notFound` when the cursor is not on an entry.
    public func withKey<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let (key, _) = try current()
        return try transaction.withBorrow { try body(key) }
    }

    /// Lends the current entry's value to `body` (valid only inside it).
    /// - Throws: `LMDBError.notFound` when the cursor is not on an entry.
    public func withValue<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let (_, value) = try current()
        return try transaction.withBorrow { try body(value) }
    }

    /// A copy of the current entry's key.
    public var key: [UInt8] {
        get throws { try withKey { [UInt8]($0) } }
    }

    /// A copy of the current entry's value.
    public var value: [UInt8] {
        get throws { try withValue { [UInt8]($0) } }
    }

    /// Deletes the current entry (`mdb_cursor_del`); `next()` then moves to the entry that followed it.
    /// - Throws: `EACCES` in a read transaction; `LMDBError.notFound` when not on an entry.
    public func deleteCurrent() throws {
        guard let write = transaction as? WriteTransaction else {
            throw LMDBError(lmdbCode: EACCES, context: "deleteCurrent needs a write transaction")
        }
        _ = try current()
        let cursor = try liveHandle()
        // Refused while borrowed bytes are in use or after an earlier failed update.
        _ = try write.writableHandle()
        // lmdb.h / STYLE rule 26: the cursor stays usable; the next MDB_NEXT returns the following record.
        let rc = mdb_cursor_del(cursor, 0)
        if rc != MDB_SUCCESS {
            throw write.recordWriteFailure(rc, "mdb_cursor_del('\(database.name)')")
        }
        position = .deleted
    }

    /// Appends `value` under `key`, which must be greater than every key in the table
    /// (`mdb_cursor_put` with `MDB_APPEND`), and stays on the new entry. A bulk load appending
    /// through one cursor finds the table's end from where the cursor stands; `append(_:forKey:in:)`
    /// (a fresh cursor per call) walks down from the root for every entry.
    /// - Throws: `EACCES` in a read transaction; `MDB_KEYEXIST` when `key` is not past the last key.
    public func append(_ value: UnsafeRawBufferPointer, forKey key: UnsafeRawBufferPointer) throws {
        guard let write = transaction as? WriteTransaction else {
            throw LMDBError(lmdbCode: EACCES, context: "append needs a write transaction")
        }
        let cursor = try liveHandle()
        _ = try write.writableHandle()
        try write.validateKeyLength(key.count)
        var keyVal = MDB_val(key)
        var valueVal = MDB_val(value)
        // lmdb.h (mdb_cursor_put): LMDB copies key and data into the map; MDB_APPEND returns
        // MDB_KEYEXIST, writing nothing, when the key is not greater than the last one.
        let rc = mdb_cursor_put(cursor, &keyVal, &valueVal, UInt32(MDB_APPEND))
        if rc == MDB_KEYEXIST {
            throw LMDBError(
                code: LMDBError.keyExists.code,
                message: "append to '\(database.name)' needs a key greater than the last key")
        }
        if rc != MDB_SUCCESS { throw write.recordWriteFailure(rc, "mdb_cursor_put(APPEND)('\(database.name)')") }
        position = .entry
    }

    // MARK: - Internal machinery

    /// Closes the cursor; called by `withCursor` and `scan` before their transaction can end.
    func close() {
        guard let cursor = handle else { return }
        handle = nil
        // lmdb.h: close a cursor before its transaction ends (in a write transaction it would be freed at
        // commit/abort and must never be touched after); a read transaction's cursor must be closed explicitly.
        mdb_cursor_close(cursor)
        transaction.environment.cursorClosed()
    }

    /// The cursor handle, checking that the cursor and its transaction are both usable.
    private func liveHandle() throws(LMDBError) -> OpaquePointer {
        guard let handle else { throw LMDBError.cursorClosed }
        // Throws when the transaction ended or a nested child is live (the parent's cursors are off limits).
        _ = try transaction.liveHandle()
        return handle
    }

    /// The current entry (`MDB_GET_CURRENT`); throws `notFound` when there is none.
    func current() throws(LMDBError) -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        guard position == .entry else {
            _ = try liveHandle()
            throw LMDBError(
                code: LMDBError.notFound.code,
                message: "the cursor is not on an entry (position: \(position)); move it first")
        }
        guard let entry = try get(MDB_GET_CURRENT) else {
            throw LMDBError(code: LMDBError.notFound.code, message: "the cursor's entry no longer exists")
        }
        return entry
    }

    /// One step forward or backward, honouring the documented end-of-range semantics.
    func step(forward: Bool) throws(LMDBError) -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        switch (position, forward) {
        case (.afterLast, true), (.beforeFirst, false):
            _ = try liveHandle()
            return nil
        case (.unpositioned, true), (.beforeFirst, true):
            return try move(MDB_FIRST, miss: .afterLast)
        case (.unpositioned, false), (.afterLast, false):
            return try move(MDB_LAST, miss: .beforeFirst)
        case (.entry, true), (.deleted, true):
            return try move(MDB_NEXT, miss: .afterLast)
        case (.entry, false), (.deleted, false):
            return try move(MDB_PREV, miss: .beforeFirst)
        }
    }

    /// `MDB_SET_RANGE` for any probe: empty means the first entry, and a probe longer than the maximum key
    /// size (which LMDB would reject) seeks its maximal-length prefix and steps past keys below the probe.
    func seekRange(_ probe: [UInt8]) throws -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        if probe.isEmpty {
            return try move(MDB_FIRST, miss: .afterLast)
        }
        let limit = transaction.environment.maxKeySize
        return try probe.withUnsafeBytes { bytes in
            let seekable = UnsafeRawBufferPointer(rebasing: bytes.prefix(limit))
            var entry = try move(MDB_SET_RANGE, key: seekable, miss: .afterLast)
            while let found = entry, compareKeys(found.key, bytes) < 0 {
                entry = try move(MDB_NEXT, miss: .afterLast)
            }
            return entry
        }
    }

    /// Runs one `mdb_cursor_get`, updating `position`: `.entry` on success, `miss` on `MDB_NOTFOUND`.
    private func move(
        _ op: MDB_cursor_op, key probe: UnsafeRawBufferPointer? = nil, miss: Position
    ) throws(LMDBError) -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        let entry = try get(op, key: probe)
        position = entry == nil ? miss : .entry
        return entry
    }

    /// `mdb_cursor_get`; nil on `MDB_NOTFOUND` (the end of a scan is not an error, lmdb.h).
    private func get(
        _ op: MDB_cursor_op, key probe: UnsafeRawBufferPointer? = nil
    ) throws(LMDBError) -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        let cursor = try liveHandle()
        var key = probe.map { MDB_val($0) } ?? MDB_val()
        var value = MDB_val()
        // lmdb.h (mdb_cursor_get): probes must be 1 … maxkeysize bytes (callers ensure it); the returned key
        // and data point into the map.
        let rc = mdb_cursor_get(cursor, &key, &value, op)
        if rc == MDB_NOTFOUND { return nil }
        try transaction.check(rc, "mdb_cursor_get('\(database.name)')")
        transaction.traced(key: key.bytes, value: value.bytes)
        // lmdb.h: returned key and data point into the map; they are only lent to closures.
        return (key.bytes, value.bytes)
    }
}
