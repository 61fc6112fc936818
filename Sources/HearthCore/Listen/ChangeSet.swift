/// What one commit changed, published after it is durable, in commit order.
public struct ChangeSet: Sendable {
    /// The commit's version (its commit time in microseconds).
    public let version: Int64
    /// The commit's time.
    public var commitTime: Timestamp { Timestamp(microseconds: version) }
    /// The database the commit wrote.
    public let database: DatabaseID
    /// Each changed document: its state before and after the commit (nil = missing).
    public let changes: [Change]

    /// One document's change.
    public struct Change: Sendable {
        /// The document.
        public let key: DocumentKey
        /// Before the commit (nil when it did not exist).
        public let before: Document?
        /// After the commit (nil when it was deleted).
        public let after: Document?
    }
}
