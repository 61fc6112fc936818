import Synchronization

/// Stores trigger cursors in batches: a runner notes each new cursor here, and one bookkeeping
/// commit a few milliseconds later stores every cursor noted meanwhile (ten busy triggers would
/// otherwise add ten commits per page of the log to the writer's queue). Removing a trigger and
/// closing the engine store what is pending at once. A crash loses at most the last interval's
/// cursors, whose events are then delivered again (delivery is at-least-once).
final class TriggerCursorFlusher: Sendable {
    private let state = Mutex<(dirty: [String: Int64], scheduled: Bool)>(([:], false))
    /// How long noted cursors wait to be stored together.
    static let interval: Duration = .milliseconds(20)

    /// Notes `version` as trigger `name`'s cursor and schedules a store when none is.
    func note(_ name: String, _ version: Int64, engine: Engine) {
        let schedule = state.withLock { state -> Bool in
            state.dirty[name] = max(state.dirty[name] ?? version, version)
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        guard schedule else { return }
        Task { [weak engine] in
            try? await Task.sleep(for: Self.interval)
            guard let engine else { return }
            let writes = engine.cursorFlusher.take()
            try? await engine.saveTriggerState(writes)
        }
    }

    /// The pending cursors as writes (emptied).
    func take(only name: String? = nil) -> [TriggerStateWrite] {
        state.withLock { state in
            defer {
                if let name { state.dirty[name] = nil } else {
                    state.dirty.removeAll()
                    state.scheduled = false
                }
            }
            let taken = name.map { name in state.dirty[name].map { [name: $0] } ?? [:] } ?? state.dirty
            return taken.map { TriggerStateWrite.cursor(trigger: $0.key, version: $0.value) }
        }
    }
}

extension Engine {
    /// Stores the pending cursors (of trigger `name`, or all) now, blocking until they are durable;
    /// a closed engine stores nothing.
    func flushTriggerCursors(only name: String? = nil) {
        let writes = cursorFlusher.take(only: name)
        guard !writes.isEmpty else { return }
        var request = CommitRequest(database: DatabaseID(uncheckedProject: "hearth-bookkeeping", database: "(default)"), writes: [])
        request.stateWrites = writes
        _ = try? writer.submitAndWait(request)
    }
}
