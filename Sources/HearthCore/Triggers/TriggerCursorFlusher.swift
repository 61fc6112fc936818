import Dispatch
import Synchronization

/// Stores trigger cursors in batches: a runner notes each new cursor here, and a group commit of
/// the writer stores every cursor noted meanwhile inside its own transaction — at most one group
/// per `groupInterval`, so a busy engine's groups do not each write ten cursors. Only when no group
/// commits for a few milliseconds does a bookkeeping commit of its own store them (ten busy
/// triggers would otherwise add ten commits, each with its sync, per page of the log). Removing a
/// trigger and closing the engine store what is pending at once. A crash loses at most the
/// cursors noted since the last commit, whose events are then delivered again (delivery is
/// at-least-once).
final class TriggerCursorFlusher: Sendable {
    private struct State {
        /// Cursors noted and not yet handed to a commit.
        var dirty: [String: Int64] = [:]
        /// Whether a timer is waiting.
        var scheduled = false
        /// Whether a group commit took the cursors since the timer last looked.
        var groupRan = false
        /// When a group last took cursors (uptime nanoseconds).
        var lastGroupTake: UInt64 = 0
    }

    private let state = Mutex(State())
    /// How long noted cursors wait for a group commit before they get a commit of their own.
    static let interval: Duration = .milliseconds(20)
    /// The shortest time between two groups that store cursors (nanoseconds).
    static let groupIntervalNanoseconds: UInt64 = 5_000_000

    /// Notes `version` as trigger `name`'s cursor and starts the timer when none waits.
    func note(_ name: String, _ version: Int64, engine: Engine) {
        let schedule = state.withLock { state -> Bool in
            state.dirty[name] = max(state.dirty[name] ?? version, version)
            guard !state.scheduled else { return false }
            state.scheduled = true
            state.groupRan = false
            return true
        }
        guard schedule else { return }
        Task { [weak engine] in
            while true {
                try? await Task.sleep(for: Self.interval)
                guard let engine else { return }
                guard let writes = engine.cursorFlusher.timerFired() else { continue }
                try? await engine.saveTriggerState(writes)
                return
            }
        }
    }

    /// The timer's look: nil when a group commit ran meanwhile (wait once more: the next one will
    /// take what is left); otherwise what is pending, for a commit of its own (the timer stops).
    private func timerFired() -> [TriggerStateWrite]? {
        state.withLock { state in
            if state.groupRan, !state.dirty.isEmpty {
                state.groupRan = false
                return nil
            }
            defer {
                state.dirty.removeAll()
                state.scheduled = false
            }
            return Self.writes(state.dirty)
        }
    }

    /// The pending cursors as writes, for the writer's group (emptied); none when a group took
    /// them less than `groupIntervalNanoseconds` ago (a later group, or the timer, will).
    func takeForGroup() -> [TriggerStateWrite] {
        state.withLock { state in
            guard !state.dirty.isEmpty else { return [] }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now &- state.lastGroupTake >= Self.groupIntervalNanoseconds else { return [] }
            state.groupRan = true
            state.lastGroupTake = now
            defer { state.dirty.removeAll(keepingCapacity: true) }
            return Self.writes(state.dirty)
        }
    }

    /// Notes again the cursors of a group whose transaction failed.
    func restore(_ writes: [TriggerStateWrite]) {
        guard !writes.isEmpty else { return }
        state.withLock { state in
            for case .cursor(let name, let version) in writes {
                state.dirty[name] = max(state.dirty[name] ?? version, version)
            }
        }
    }

    /// The pending cursors (of trigger `name`, or all) as writes, emptied.
    func take(only name: String? = nil) -> [TriggerStateWrite] {
        state.withLock { state in
            guard let name else {
                defer { state.dirty.removeAll() }
                return Self.writes(state.dirty)
            }
            defer { state.dirty[name] = nil }
            return Self.writes(state.dirty[name].map { [name: $0] } ?? [:])
        }
    }

    private static func writes(_ cursors: [String: Int64]) -> [TriggerStateWrite] {
        cursors.map { TriggerStateWrite.cursor(trigger: $0.key, version: $0.value) }
    }
}

extension Engine {
    /// Stores the pending cursors (of trigger `name`, or all) now, blocking until they are durable;
    /// a closed engine stores nothing.
    func flushTriggerCursors(only name: String? = nil) {
        let writes = cursorFlusher.take(only: name)
        guard !writes.isEmpty else { return }
        _ = try? writer.submitAndWait(Self.bookkeepingCommit(writes))
    }
}
