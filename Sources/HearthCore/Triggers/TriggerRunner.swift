import Synchronization

/// Works one trigger through the commit log: reads the changes after its durable cursor, delivers
/// those it fires on one at a time in commit order (retrying with backoff, dead-lettering what keeps
/// failing), then stores the cursor. A restart, even after a crash, resumes from the stored cursor,
/// so delivery is at-least-once and never out of order.
package final class TriggerRunner: Sendable {
    /// What the trigger fires on.
    package let definition: TriggerDefinition
    private let deliverer: any TriggerDeliverer
    private let engine: Engine
    private let wake: AsyncStream<Void>.Continuation
    private let state: Mutex<State>
    /// The writer's change sets since the runner last caught up with the log.
    private let feed: TriggerFeed

    private struct State {
        var task: Task<Void, Never>?
        var wakes: AsyncStream<Void>?
        var status: TriggerStatus
    }

    init(definition: TriggerDefinition, deliverer: any TriggerDeliverer, engine: Engine, cursor: Int64) {
        self.definition = definition
        self.deliverer = deliverer
        self.engine = engine
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        self.feed = TriggerFeed { wake.yield() }
        self.state = Mutex(State(wakes: wakes, status: TriggerStatus(definition: definition, cursor: cursor)))
    }

    /// What the runner has done so far.
    package var status: TriggerStatus { state.withLock { $0.status } }

    /// Starts following the log from `cursor`.
    func start() {
        engine.follow(feed)
        state.withLock { state in
            guard let wakes = state.wakes else { return }
            state.wakes = nil
            let cursor = state.status.cursor
            // Handlers of client writes (depth 0) write at depth 1: bound once for the whole run.
            state.task = Task { [self] in
                await TriggerDepth.$current.withValue(1) { await run(from: cursor, wakes: wakes) }
            }
        }
        wake.yield()
    }

    /// Stops delivering (an event being delivered is cancelled and will be delivered again).
    func stop() {
        let task = state.withLock { state in
            defer { state.task = nil }
            return state.task
        }
        engine.unfollow(feed)
        wake.finish()
        task?.cancel()
    }

    private func run(from start: Int64, wakes: AsyncStream<Void>) async {
        var cursor = start
        var iterator = wakes.makeAsyncIterator()
        // Caught up: the log held nothing after the cursor when last read, so every later commit
        // is in the feed (it was registered before that read); until then, and after the feed
        // overflows, the log is read.
        var caughtUp = false
        let wanted = { [definition] (database: DatabaseID, key: DocumentKey) in definition.mayFire(on: database, key) }
        while !Task.isCancelled {
            var events: [TriggerEvent]
            var last = cursor
            var more = false
            if caughtUp, let live = feed.take(after: cursor) {
                events = live.flatMap(definition.events(in:))
                last = live.last?.version ?? cursor
            } else {
                caughtUp = false
                feed.reset()
                do {
                    let page = try engine.loggedChanges(after: cursor, limit: 256, wanted: wanted)
                    events = page.changes.compactMap(definition.event(for:))
                    last = page.lastVersion
                    more = page.hasMore
                    caughtUp = !page.hasMore
                } catch {
                    note { $0.lastError = "Reading the commit log failed: \(error.message)" }
                    guard await iterator.next() != nil else { return }
                    continue
                }
            }
            // The last version all of whose events are handled (an event of a later commit ends the ones before).
            var done = cursor
            var delivered = (count: 0, last: cursor)
            for event in events {
                done = max(done, event.change.version - 1)
                switch await handle(event) {
                case .delivered: delivered = (delivered.count + 1, event.change.version)
                case .deadLettered: break
                case .stopped:
                    noteDelivered(delivered.count, through: delivered.last)
                    if done != cursor { save(cursor: done) }
                    return
                }
            }
            noteDelivered(delivered.count, through: delivered.last)
            if last != cursor {
                cursor = last
                save(cursor: cursor)
            }
            if !more, await iterator.next() == nil { return }
        }
    }

    /// How handling an event ended.
    private enum Outcome {
        /// The deliverer handled it.
        case delivered
        /// It is stored as a dead letter.
        case deadLettered
        /// The runner was stopped first: it will be delivered again.
        case stopped
    }

    /// Delivers `event`, retrying, dead-lettering it when every attempt failed.
    private func handle(_ event: TriggerEvent) async -> Outcome {
        let retry = definition.retry
        guard event.change.depth < retry.maxDepth else {
            return await deadLetter(event, attempts: 0, error: "Loop guard: this write is \(event.change.depth) trigger "
                + "handlers deep (limit \(retry.maxDepth)); the trigger was not run for it.")
        }
        var attempt = 0
        while true {
            attempt += 1
            do {
                try await deliver(event)
                return .delivered
            } catch {
                if Task.isCancelled { return .stopped }
                let message = Self.describe(error)
                note { $0.lastError = message }
                if attempt >= retry.maxAttempts { return await deadLetter(event, attempts: attempt, error: message) }
                note { $0.retries += 1 }
                do { try await Task.sleep(for: retry.backoff(after: attempt)) } catch { return .stopped }
            }
        }
    }

    /// One delivery attempt, with the trigger depth the handler's own writes carry (bound for the
    /// runner's task once, not per event: most events of a trigger have the same depth).
    private func deliver(_ event: TriggerEvent) async throws {
        let depth = event.change.depth &+ 1
        if TriggerDepth.current == depth { return try await deliverer.deliver(event) }
        try await TriggerDepth.$current.withValue(depth) { try await deliverer.deliver(event) }
    }

    /// Counts `count` deliveries (one lock per batch of events, not per event), the last of them at `version`.
    private func noteDelivered(_ count: Int, through version: Int64) {
        guard count > 0 else { return }
        note { status in
            status.delivered += count
            status.lastDelivery = version
        }
    }

    /// Stores `event` as a dead letter; `.stopped` when that failed (the engine is closing: it will be
    /// delivered again after the restart).
    private func deadLetter(_ event: TriggerEvent, attempts: Int, error: String) async -> Outcome {
        let letter = DeadLetter(
            trigger: definition.name, change: event.change, attempts: attempts, error: error,
            failedAt: engine.nowMicroseconds)
        do {
            try await engine.saveTriggerState([.deadLetter(letter)])
            note { $0.deadLettered += 1 }
            return .deadLettered
        } catch {
            return .stopped
        }
    }

    /// Hands the cursor to the engine's cursor flusher, which stores it within a few milliseconds
    /// (or at once when the trigger is removed or the engine closes).
    private func save(cursor: Int64) {
        engine.cursorFlusher.note(definition.name, cursor, engine: engine)
        note { $0.cursor = cursor }
        engine.triggers.progress.note()
    }

    /// Delivers a dead letter once more; removes it when that succeeds.
    /// - Throws: `NOT_FOUND` when there is no such dead letter; `UNAVAILABLE` with the delivery's
    ///   error when it failed again (the letter stays, its attempts counted).
    func replay(_ id: DeadLetter.ID) async throws(FirestoreError) {
        guard var letter = try engine.deadLetters(trigger: definition.name).first(where: { $0.id == id }) else {
            throw FirestoreError(.notFound, "No dead letter \(id.version)-\(id.index) for trigger \(definition.name).")
        }
        let change = letter.change
        let event = TriggerEvent(trigger: definition.name, kind: definition.kind, change: change, pattern: definition.pattern)
        do {
            try await deliver(event)
        } catch {
            letter.attempts += 1
            letter.error = Self.describe(error)
            letter.failedAt = engine.nowMicroseconds
            try await engine.saveTriggerState([.deadLetter(letter)])
            throw FirestoreError(.unavailable, "Replaying the event failed again: \(letter.error)")
        }
        try await engine.saveTriggerState([.removeDeadLetter(trigger: definition.name, eventID: id)])
        note { status in
            status.delivered += 1
            status.deadLettered = max(0, status.deadLettered - 1)
        }
    }

    private func note(_ change: (inout TriggerStatus) -> Void) { state.withLock { change(&$0.status) } }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? FirestoreError { return "\(error.code.name): \(error.message)" }
        return String(describing: error)
    }
}

/// What a registered trigger has done since it was registered (cursor: durable; counts: this run).
package struct TriggerStatus: Sendable, Equatable {
    /// The trigger's name.
    package var name: String
    /// Its pattern, as written.
    package var pattern: String
    /// Its event kind.
    package var kind: TriggerEventKind
    /// The last commit version it is done with.
    package var cursor: Int64
    /// Events delivered.
    package var delivered = 0
    /// Failed attempts that were retried.
    package var retries = 0
    /// Events given up on in this run.
    package var deadLettered = 0
    /// The commit version of the last event delivered.
    package var lastDelivery: Int64?
    /// The last failure.
    package var lastError: String?

    init(definition: TriggerDefinition, cursor: Int64) {
        self.name = definition.name
        self.pattern = definition.pattern.description
        self.kind = definition.kind
        self.cursor = cursor
    }
}
