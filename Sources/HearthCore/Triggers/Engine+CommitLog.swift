import LMDB

extension Engine {
    /// The changes committed after version `cursor`, oldest first, with each document's state
    /// before and after its commit: at most about `limit` changes (whole commits only, at least one).
    /// Only changes `wanted` accepts are read whole and returned (the others are only counted
    /// towards `limit`). What the log no longer holds (older than the retention window and no
    /// trigger cursor) is gone.
    package func loggedChanges(
        after cursor: Int64, limit: Int = 256, wanted: (DatabaseID, DocumentKey) -> Bool = { _, _ in true }
    ) throws(FirestoreError) -> CommitLogPage {
        try read { txn in
            var page = CommitLogPage(changes: [], lastVersion: cursor, hasMore: false)
            var looked = 0
            var databases: [UInt32: DatabaseID]?
            try txn.scan(in: store.tables.changes, from: StorageKeys.change(version: cursor + 1), to: nil) { key, value in
                guard let raw = key.bigEndianUInt64(at: 0) else { throw FirestoreError(.dataLoss, "Corrupt commit log key.") }
                if looked >= limit {
                    page.hasMore = true
                    return false
                }
                let version = Int64(bitPattern: raw)
                let record = try ChangeRecord.decode(value)
                if databases?[record.db] == nil { databases = try store.catalog.databaseIDs(in: txn) }
                guard let database = databases?[record.db] else {
                    throw FirestoreError(.dataLoss, "The commit log names database number \(record.db), which is not stored.")
                }
                looked += record.keys.count
                for (index, key) in record.keys.enumerated() where wanted(database, key) {
                    page.changes.append(LoggedChange(
                        version: version, index: index, database: database, key: key,
                        before: try store.version(database, key: key, at: version - 1, in: txn),
                        after: try store.version(database, key: key, at: version, in: txn), depth: record.depth,
                        author: record.author))
                }
                page.lastVersion = version
                return true
            }
            return page
        }
    }

    /// The stored cursor of trigger `name` (the last version it is done with), or nil.
    package func triggerCursor(_ name: String) throws(FirestoreError) -> Int64? {
        try read { txn in
            try txn.withValue(forKey: TriggerStateKeys.cursor(name), in: store.tables.triggers) { raw throws(FirestoreError) in
                guard let version = raw.bigEndianUInt64(at: 0) else {
                    throw FirestoreError(.dataLoss, "Corrupt stored trigger cursor.")
                }
                return Int64(bitPattern: version)
            }
        }
    }

    /// Every stored trigger cursor, by trigger name.
    package func triggerCursors() throws(FirestoreError) -> [String: Int64] {
        try read { txn in
            var cursors: [String: Int64] = [:]
            let tag = TriggerStateKeys.cursorTag
            try txn.scan(in: store.tables.triggers, from: [tag], to: [tag + 1]) { key, value in
                guard let version = value.bigEndianUInt64(at: 0) else {
                    throw FirestoreError(.dataLoss, "Corrupt stored trigger cursor.")
                }
                cursors[String(decoding: UnsafeRawBufferPointer(rebasing: key[1...]), as: UTF8.self)] = Int64(bitPattern: version)
                return true
            }
            return cursors
        }
    }

    /// The dead letters of trigger `name` (every trigger's for nil), oldest first per trigger.
    package func deadLetters(trigger name: String? = nil) throws(FirestoreError) -> [DeadLetter] {
        try read { txn in
            var letters: [DeadLetter] = []
            let prefix = TriggerStateKeys.deadLetterPrefix(name)
            try txn.scan(in: store.tables.triggers, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { key, value in
                guard let nameLength = key.bigEndianUInt32(at: 1).map(Int.init), key.count == 5 + nameLength + 12,
                      let version = key.bigEndianUInt64(at: 5 + nameLength), let index = key.bigEndianUInt32(at: 13 + nameLength)
                else { throw FirestoreError(.dataLoss, "Corrupt dead letter key.") }
                let trigger = String(decoding: UnsafeRawBufferPointer(rebasing: key[5..<5 + nameLength]), as: UTF8.self)
                letters.append(try DeadLetter.decode(
                    value, trigger: trigger, id: DeadLetter.ID(version: Int64(bitPattern: version), index: Int(index))))
                return true
            }
            return letters
        }
    }

    /// Stores trigger bookkeeping durably, through the writer (so one thread writes, as always).
    func saveTriggerState(_ writes: [TriggerStateWrite]) async throws(FirestoreError) {
        guard !writes.isEmpty else { return }
        _ = try await writer.submit(Self.bookkeepingCommit(writes))
    }

    /// Forgets trigger `name`'s cursor and dead letters, so it no longer holds back the commit log.
    /// - Throws: `FAILED_PRECONDITION` while a trigger of that name is registered.
    package func forgetTrigger(_ name: String) async throws(FirestoreError) {
        guard triggers.runner(named: name) == nil else {
            throw FirestoreError(.failedPrecondition, "Trigger \(name) is registered; remove it first.")
        }
        let letters = try deadLetters(trigger: name)
        try await saveTriggerState(
            [.removeCursor(trigger: name)] + letters.map { .removeDeadLetter(trigger: name, eventID: $0.id) })
    }

    /// A commit of trigger bookkeeping only. The database id it names is a placeholder: it writes
    /// no document, so none is touched.
    static func bookkeepingCommit(_ writes: [TriggerStateWrite]) -> CommitRequest {
        var request = CommitRequest(database: DatabaseID(uncheckedProject: "hearth-bookkeeping", database: "(default)"), writes: [])
        request.stateWrites = writes
        return request
    }
}
