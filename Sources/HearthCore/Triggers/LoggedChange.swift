/// One document's change as the commit log holds it: what a trigger's event is made of. A class:
/// one instance is shared by the events of every trigger it fires (ten triggers on a commit copy
/// one reference each, not ten documents' worth of fields).
package final class LoggedChange: Sendable {
    /// The commit's version (commit time in microseconds).
    package let version: Int64
    /// The change's place among its commit's changes (with `version`, a stable event id).
    package let index: Int
    /// The database written.
    package let database: DatabaseID
    /// The document.
    package let key: DocumentKey
    /// Before the commit (nil = missing).
    package let before: Document?
    /// After the commit (nil = deleted).
    package let after: Document?
    /// How many trigger handlers lie between the client and this write (`TriggerDepth`).
    package let depth: UInt8
    /// Who committed.
    package let author: ChangeAuthor

    /// The commit time.
    package var commitTime: Timestamp { Timestamp(microseconds: version) }

    /// A stable id (the same on redelivery): the commit version and the change's index, in hex.
    package var eventID: String {
        let hex = String(UInt64(bitPattern: version), radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex + "-" + String(index)
    }

    /// Creates a change record.
    package init(
        version: Int64, index: Int, database: DatabaseID, key: DocumentKey, before: Document?, after: Document?,
        depth: UInt8, author: ChangeAuthor = .admin
    ) {
        self.version = version
        self.index = index
        self.database = database
        self.key = key
        self.before = before
        self.after = after
        self.depth = depth
        self.author = author
    }
}

/// One commit's changes as triggers see them, built once for all the triggers that follow it.
struct LoggedCommit: Sendable {
    /// The commit's version.
    let version: Int64
    /// The database written.
    let database: DatabaseID
    /// Its changes, in the commit's order.
    let changes: [LoggedChange]

    /// The commit `changeSet` published.
    init(_ changeSet: ChangeSet) {
        version = changeSet.version
        database = changeSet.database
        changes = changeSet.changes.enumerated().map { index, change in
            LoggedChange(
                version: changeSet.version, index: index, database: changeSet.database, key: change.key,
                before: change.before, after: change.after, depth: changeSet.depth, author: changeSet.author)
        }
    }
}

/// A page of the commit log: the changes read and how far the read got.
package struct CommitLogPage: Sendable {
    /// The changes, in commit order (and in each commit's order).
    package var changes: [LoggedChange]
    /// The version of the last commit looked at (the cursor to continue after); the cursor given
    /// when nothing newer was there.
    package var lastVersion: Int64
    /// True when the log goes on past `lastVersion`.
    package var hasMore: Bool
}
