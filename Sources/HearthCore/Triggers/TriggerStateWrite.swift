import LMDB

/// A change to engine bookkeeping (trigger cursors and dead letters, database settings), stored by
/// the writer in a commit's own transaction.
///
/// Layout of the `triggers` table:
/// - `0x01 · UTF-8 name` → cursor (u64: the version of the last commit the trigger is done with);
/// - `0x02 · u32 name length · name · version u64 · index u32` → a dead letter (`DeadLetter`).
enum TriggerStateWrite: Sendable {
    /// Sets a trigger's cursor.
    case cursor(trigger: String, version: Int64)
    /// Forgets a trigger's cursor (it stops holding the commit log back).
    case removeCursor(trigger: String)
    /// Stores a dead letter.
    case deadLetter(DeadLetter)
    /// Removes a dead letter (replayed or dismissed).
    case removeDeadLetter(trigger: String, eventID: DeadLetter.ID)
    /// Sets a database's edition (in the `meta` table); a nil project means every project.
    case edition(project: String?, database: String, DatabaseEdition)

    /// Applies the change in `txn`.
    func apply(in txn: WriteTransaction, tables: Tables) throws {
        let table = tables.triggers
        switch self {
        case .edition(let project, let database, let edition):
            try txn.put(Array(edition.rawValue.utf8), forKey: DatabaseEdition.metaKey(project: project, database: database), in: tables.meta)
        case .cursor(let trigger, let version):
            var value = [UInt8]()
            value.appendBigEndian(UInt64(bitPattern: version))
            try txn.put(value, forKey: TriggerStateKeys.cursor(trigger), in: table)
        case .removeCursor(let trigger):
            _ = try txn.delete(TriggerStateKeys.cursor(trigger), in: table)
        case .deadLetter(let letter):
            try txn.put(letter.encoded(), forKey: TriggerStateKeys.deadLetter(letter.trigger, letter.id), in: table)
        case .removeDeadLetter(let trigger, let id):
            _ = try txn.delete(TriggerStateKeys.deadLetter(trigger, id), in: table)
        }
    }
}

/// Keys of the `triggers` table.
enum TriggerStateKeys {
    static let cursorTag: UInt8 = 1
    static let deadLetterTag: UInt8 = 2

    /// A trigger's cursor.
    static func cursor(_ trigger: String) -> [UInt8] { [cursorTag] + Array(trigger.utf8) }

    /// The prefix of a trigger's dead letters (every trigger's, for nil).
    static func deadLetterPrefix(_ trigger: String?) -> [UInt8] {
        guard let trigger else { return [deadLetterTag] }
        var key: [UInt8] = [deadLetterTag]
        key.appendBigEndian(UInt32(trigger.utf8.count))
        key += Array(trigger.utf8)
        return key
    }

    /// One dead letter.
    static func deadLetter(_ trigger: String, _ id: DeadLetter.ID) -> [UInt8] {
        var key = deadLetterPrefix(trigger)
        key.appendBigEndian(UInt64(bitPattern: id.version))
        key.appendBigEndian(UInt32(id.index))
        return key
    }

    /// The lowest cursor stored (the commit log must be kept from just after it), or nil.
    static func lowestCursor(in txn: ReadTransaction, table: Database) throws -> Int64? {
        var lowest: Int64?
        try txn.scan(in: table, from: [cursorTag], to: [cursorTag + 1]) { _, value in
            guard let raw = value.bigEndianUInt64(at: 0) else {
                throw FirestoreError(.dataLoss, "Corrupt stored trigger cursor.")
            }
            let version = Int64(bitPattern: raw)
            lowest = min(lowest ?? version, version)
            return true
        }
        return lowest
    }
}
