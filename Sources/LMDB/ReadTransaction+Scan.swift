internal import CLMDB

extension ReadTransaction {
    /// Visits entries of `db` in key order within the half-open range [`from`, `to`).
    ///
    /// Forward, it starts at the first key ≥ `from` (the first key when `from` is nil or empty) and goes
    /// on while keys are < `to` (no bound when nil). With `reverse: true` it starts at the last key < `to`
    /// (the last key when `to` is nil) and goes down while keys are ≥ `from`. An empty `to` admits no key.
    /// Bounds are probes, not stored keys, so any length is allowed. `visit` gets borrowed key and value
    /// bytes (valid only during that call) and returns false to stop. Updates are refused while it runs;
    /// collect keys and change them afterwards, or use `deleteRange`.
    ///
    /// A prefix scan is `from: prefix, to: successor(prefix)`.
    public func scan(
        in db: Database,
        from: [UInt8]?,
        to: [UInt8]?,
        reverse: Bool = false,
        _ visit: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        let cursor = try openCursor(on: db)
        defer { cursor.close() }
        try withBorrow {
            if reverse {
                try scanBackward(cursor, from: from, to: to, visit)
            } else {
                try scanForward(cursor, from: from, to: to, visit)
            }
        }
    }

    /// Ascending walk: seek `from` (`MDB_SET_RANGE`), then `MDB_NEXT` until a key reaches `to`.
    private func scanForward(
        _ cursor: Cursor, from: [UInt8]?, to: [UInt8]?,
        _ visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        var entry = try cursor.seekRange(from ?? [])
        while let (key, value) = entry {
            if let to, compareKeys(key, to) >= 0 { return }
            guard try visit(key, value) else { return }
            entry = try cursor.step(forward: true)
        }
    }

    /// Descending walk: position on the last key < `to`, then `MDB_PREV` while keys are ≥ `from`.
    ///
    /// STYLE rule 25: seek the upper bound and step back once, or start at `MDB_LAST` when the seek runs
    /// off the end.
    private func scanBackward(
        _ cursor: Cursor, from: [UInt8]?, to: [UInt8]?,
        _ visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        if let to {
            if to.isEmpty { return }
            _ = try cursor.seekRange(to)
            // After a hit `step` moves to the entry before it; after a miss (.afterLast) to the last entry.
        }
        var entry = try cursor.step(forward: false)
        while let (key, value) = entry {
            if let from, compareKeys(key, from) < 0 { return }
            guard try visit(key, value) else { return }
            entry = try cursor.step(forward: false)
        }
    }
}
