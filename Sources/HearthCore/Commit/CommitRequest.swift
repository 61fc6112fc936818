/// A commit waiting for the writer: its writes and, for a transaction, the versions its reads saw.
struct CommitRequest: Sendable {
    /// The database written.
    var database: DatabaseID
    /// The writes, applied atomically and in order (empty when they arrive through `feed`).
    var writes: [Write]
    /// Where the writes arrive while the writer applies them, instead of `writes`: only for
    /// commits outside transactions that no access policy judges (`Engine.commit(_:in:access:)`).
    var feed: WriteFeed?
    /// For a read-write transaction: each document read and the update time seen (nil = missing).
    /// The commit aborts if any of them changed since.
    var readVersions: [DocumentKey: Int64?]
    /// The transaction this commit ends, if any (its writes yield to documents reserved by others).
    var transaction: TransactionID?
    /// Who commits.
    var access: AccessContext = .admin
    /// The policy the writes are judged by (taken when the commit was submitted); nil = unjudged.
    var policy: (any AccessPolicy)?
    /// Where the policy records its verdicts, taken from the submitting task (the writer thread
    /// has no task-local of its own); nil when nobody asked.
    var verdictLog: AccessVerdictLog?

    /// Trigger bookkeeping (cursors, dead letters) stored in the same transaction.
    var stateWrites: [TriggerStateWrite] = []
    /// How deep in a chain of trigger-made writes the commit was made (`TriggerDepth`).
    var depth: UInt8 = 0
    /// Who committed, as trigger events with auth context report it.
    var author: ChangeAuthor = .admin

    /// How many writes the commit has, arrived or not.
    var writeCount: Int { feed?.count ?? writes.count }

    /// Creates a request.
    init(database: DatabaseID, writes: [Write], readVersions: [DocumentKey: Int64?] = [:]) {
        self.database = database
        self.writes = writes
        self.readVersions = readVersions
    }
}
