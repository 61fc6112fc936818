public import HearthCore

/// One Firestore trigger event, as the Firebase Functions API hands it over: the change's data,
/// the pattern's wildcard values and an admin handle to write with.
public struct FirestoreEvent<Data: Sendable>: Sendable {
    /// The event's id: the same when it is delivered again (delivery is at-least-once).
    public let id: String
    /// The commit time of the change.
    public let time: Timestamp
    /// The changed document's path relative to the database, e.g. `"groups/g1"`.
    public let document: String
    /// The pattern's wildcard values, e.g. `["groupId": "g1"]`.
    public let params: [String: String]
    /// The project.
    public let project: String
    /// The database.
    public let database: String
    /// The document (created, deleted) or its change (updated, written).
    public let data: Data
    /// An admin handle on the event's database: the handler's writes fire triggers of their own
    /// (up to the loop guard's depth). It needs no closing.
    public let firestore: Firestore
}

/// A document before and after a change (the Functions SDK's `Change`).
public struct Change<Snapshot: Sendable>: Sendable {
    /// Before the change.
    public let before: Snapshot
    /// After the change.
    public let after: Snapshot
}

/// How a trigger retries a failing handler and when it gives up on an event.
public struct TriggerOptions: Sendable, Equatable {
    /// Attempts before the event goes to the dead-letter list.
    public var maxAttempts: Int
    /// The wait before the first retry; later waits double, up to `maxBackoff`.
    public var initialBackoff: Duration
    /// The longest wait between two attempts.
    public var maxBackoff: Duration
    /// Writes this many handlers deep fire no more triggers (their events are dead-lettered).
    public var maxDepth: Int

    /// Creates options (defaults: 5 attempts, 100 ms doubling up to 10 s, depth 16).
    public init(
        maxAttempts: Int = 5, initialBackoff: Duration = .milliseconds(100), maxBackoff: Duration = .seconds(10),
        maxDepth: Int = 16
    ) {
        self.maxAttempts = maxAttempts
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.maxDepth = maxDepth
    }

    var retryPolicy: TriggerRetryPolicy {
        TriggerRetryPolicy(
            maxAttempts: maxAttempts, initialBackoff: initialBackoff, maxBackoff: maxBackoff,
            maxDepth: UInt8(clamping: max(1, maxDepth)))
    }
}
