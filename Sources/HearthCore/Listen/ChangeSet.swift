/// What one commit changed, published after it is durable, in commit order.
package struct ChangeSet: Sendable {
    /// The commit's version (its commit time in microseconds).
    package let version: Int64
    /// The commit's time.
    package var commitTime: Timestamp { Timestamp(microseconds: version) }
    /// The database the commit wrote.
    package let database: DatabaseID
    /// Each changed document: its state before and after the commit (nil = missing).
    package let changes: [Change]
    /// How many trigger handlers lie between the client and this commit (`TriggerDepth`).
    package var depth: UInt8 = 0
    /// Who committed.
    package var author: ChangeAuthor = .admin

    /// One document's change.
    package struct Change: Sendable {
        /// The document.
        package let key: DocumentKey
        /// Before the commit (nil when it did not exist).
        package let before: Document?
        /// After the commit (nil when it was deleted).
        package let after: Document?
    }
}
