/// What a trigger listens for and how hard it tries: the part of a registration that is data.
package struct TriggerDefinition: Sendable {
    /// The trigger's name: the key of its durable cursor (unique among registered triggers).
    package var name: String
    /// Which documents.
    package var pattern: DocumentPattern
    /// Which changes.
    package var kind: TriggerEventKind
    /// The project whose documents it follows (nil: every project in the data directory).
    package var project: String?
    /// The database whose documents it follows (nil: every database).
    package var database: String?
    /// Retries, backoff and the loop guard.
    package var retry: TriggerRetryPolicy

    /// Creates a definition.
    package init(
        name: String, pattern: DocumentPattern, kind: TriggerEventKind, project: String? = nil, database: String? = nil,
        retry: TriggerRetryPolicy = TriggerRetryPolicy()
    ) {
        self.name = name
        self.pattern = pattern
        self.kind = kind
        self.project = project
        self.database = database
        self.retry = retry
    }

    /// Whether a change of `key` in `database` can fire the trigger (its kind not yet considered).
    package func mayFire(on database: DatabaseID, _ key: DocumentKey) -> Bool {
        follows(database) && pattern.matches(key.path)
    }

    /// The event for `change`, or nil when the trigger does not fire on it.
    package func event(for change: LoggedChange) -> TriggerEvent? {
        guard follows(change.database), kind.matches(before: change.before, after: change.after),
            pattern.matches(change.key.path)
        else { return nil }
        return TriggerEvent(trigger: name, kind: kind, change: change, pattern: pattern)
    }

    /// The events a commit fires, in the commit's order (each document matched once).
    func events(in commit: LoggedCommit) -> [TriggerEvent] {
        guard follows(commit.database) else { return [] }
        var events: [TriggerEvent] = []
        for change in commit.changes
        where kind.matches(before: change.before, after: change.after) && pattern.matches(change.key.path) {
            events.append(TriggerEvent(trigger: name, kind: kind, change: change, pattern: pattern))
        }
        return events
    }

    /// Whether the trigger follows documents of `database` (its project and database filters).
    private func follows(_ database: DatabaseID) -> Bool {
        if let project, project != database.project { return false }
        if let wanted = self.database, wanted != database.database { return false }
        return true
    }
}

/// How a trigger retries a failing delivery, and when it gives up.
package struct TriggerRetryPolicy: Sendable, Equatable {
    /// Deliveries tried before the event goes to the dead-letter list (at least 1).
    package var maxAttempts: Int
    /// The wait before the first retry; each later wait doubles, up to `maxBackoff`.
    package var initialBackoff: Duration
    /// The longest wait between two attempts.
    package var maxBackoff: Duration
    /// Events of writes this many trigger handlers deep go to the dead-letter list unrun.
    package var maxDepth: UInt8

    /// Creates a policy (defaults: 5 attempts, 100 ms doubling to 10 s, depth 16).
    package init(
        maxAttempts: Int = 5, initialBackoff: Duration = .milliseconds(100), maxBackoff: Duration = .seconds(10),
        maxDepth: UInt8 = 16
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.maxDepth = maxDepth
    }

    /// The wait after failed attempt number `attempt` (1-based).
    func backoff(after attempt: Int) -> Duration {
        var wait = initialBackoff
        for _ in 1..<max(1, attempt) {
            wait = wait * 2
            if wait >= maxBackoff { return maxBackoff }
        }
        return min(wait, maxBackoff)
    }
}

/// One delivery: a logged change as a trigger sees it.
package struct TriggerEvent: Sendable {
    /// The trigger delivered to.
    package let trigger: String
    /// The trigger's event kind.
    package let kind: TriggerEventKind
    /// The change.
    package let change: LoggedChange
    /// The trigger's pattern (which matches the change's document).
    let pattern: DocumentPattern

    /// The pattern's wildcard values, bound when asked for (most events of a busy trigger are
    /// handed to code that reads them once, some never).
    package var params: [String: String] { pattern.match(change.key.path) ?? [:] }

    /// An event of `change`, whose document `pattern` matches.
    init(trigger: String, kind: TriggerEventKind, change: LoggedChange, pattern: DocumentPattern) {
        self.trigger = trigger
        self.kind = kind
        self.change = change
        self.pattern = pattern
    }
}

/// Delivers a trigger's events: an in-process handler, an HTTP CloudEvents poster. A thrown error
/// is a failed attempt (retried, then dead-lettered).
package protocol TriggerDeliverer: Sendable {
    /// Delivers one event; returns once it is handled.
    func deliver(_ event: TriggerEvent) async throws
}
