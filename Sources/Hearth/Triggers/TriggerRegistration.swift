public import HearthCore

/// A registered trigger: remove it to stop deliveries. Its cursor stays in the data directory, so
/// registering the same name again resumes where it stopped (`Firestore.forgetTrigger` drops it).
public final class TriggerRegistration: Sendable {
    /// The trigger's name (the key of its durable cursor).
    public let name: String
    private let engine: Engine

    init(name: String, engine: Engine) {
        self.name = name
        self.engine = engine
    }

    /// Stops deliveries. An event being handled is cancelled; it is delivered again next time.
    public func remove() { engine.removeTrigger(named: name) }

    /// Events delivered since registration.
    public var deliveredCount: Int { status?.delivered ?? 0 }

    /// The last version of the commit log the trigger is done with, as a commit time.
    public var cursor: Timestamp? { status.map { Timestamp(microseconds: $0.cursor) } }

    /// The events it gave up on (stored; they survive restarts), oldest first.
    public func deadLetters() throws(FirestoreError) -> [TriggerDeadLetter] {
        try engine.deadLetters(trigger: name).map(TriggerDeadLetter.init)
    }

    /// Delivers a dead letter again; it is removed when the handler succeeds.
    /// - Throws: `NOT_FOUND` for an unknown letter; `UNAVAILABLE` when the handler failed again.
    public func replay(_ letter: TriggerDeadLetter) async throws(FirestoreError) {
        try await engine.replayDeadLetter(trigger: name, id: letter.id)
    }

    private var status: TriggerStatus? { engine.triggerStatuses().first { $0.name == name } }
}

/// An event a trigger gave up on.
public struct TriggerDeadLetter: Sendable, Equatable {
    let id: DeadLetter.ID
    /// The event's id (as `FirestoreEvent.id`).
    public let eventID: String
    /// The document's path.
    public let document: String
    /// How many deliveries failed.
    public let attempts: Int
    /// The last failure (or why the loop guard stopped it).
    public let error: String

    init(_ letter: DeadLetter) {
        id = letter.id
        eventID = letter.change.eventID
        document = letter.key.path.canonicalString
        attempts = letter.attempts
        error = letter.error
    }
}
