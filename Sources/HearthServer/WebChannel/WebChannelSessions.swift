import HearthCore
import Synchronization

/// The open WebChannel sessions by id, and the sweep that keeps them honest: once per
/// `sweepInterval` while any is open it sends keep-alives, renews back channels, answers long
/// polls that waited their time and closes sessions idle past the limit.
///
/// Isolation: the table and the sweeping task are guarded by the mutex.
final class WebChannelSessions: Sendable {
    private struct State {
        var sessions: [String: Entry] = [:]
        var sweeper: Task<Void, Never>?
        var closed = false
    }

    /// A session and what ends its RPC.
    private struct Entry {
        var session: WebChannelSession
        var stop: @Sendable () -> Void
    }

    private let state = Mutex(State())
    /// The limits every session gets.
    let limits: WebChannelLimits
    /// The time sessions are judged on.
    let clock: ServerClock

    /// Creates an empty table.
    init(limits: WebChannelLimits, clock: ServerClock = .suspending) {
        self.limits = limits
        self.clock = clock
    }

    /// Adds a session whose RPC `stop` ends; false when the table is full or shutting down.
    func add(_ session: WebChannelSession, stop: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed, state.sessions.count < limits.maxSessions else { return false }
            state.sessions[session.id] = Entry(session: session, stop: stop)
            if state.sweeper == nil { state.sweeper = startSweeper() }
            return true
        }
    }

    /// The open session with this id.
    func session(_ id: String) -> WebChannelSession? {
        state.withLock { $0.sessions[id]?.session }
    }

    /// Closes a session and ends its RPC (the client terminated it, or it expired).
    func close(_ id: String) {
        guard let entry = state.withLock({ $0.sessions.removeValue(forKey: id) }) else { return }
        entry.session.close()
        entry.stop()
    }

    /// The number of open sessions.
    var count: Int { state.withLock { $0.sessions.count } }

    /// Closes every session and refuses new ones (server shutdown).
    func shutdown() {
        let entries = state.withLock { state in
            state.closed = true
            state.sweeper?.cancel()
            state.sweeper = nil
            defer { state.sessions = [:] }
            return Array(state.sessions.values)
        }
        for entry in entries {
            entry.session.close()
            entry.stop()
        }
    }

    /// One pass over the sessions at `now`; returns how many are still open.
    @discardableResult
    func sweep(now: Duration) -> Int {
        let sessions = state.withLock { $0.sessions.values.map(\.session) }
        for session in sessions where session.sweep(now: now) == .expired { close(session.id) }
        return count
    }

    /// Sweeps until no session is left (then the next `add` starts a new sweeper).
    private func startSweeper() -> Task<Void, Never> {
        Task { [weak self] in
            while let self, !Task.isCancelled {
                try? await self.clock.sleep(for: self.limits.sweepInterval)
                self.sweep(now: self.clock.now())
                let done = self.state.withLock { state in
                    guard state.sessions.isEmpty else { return false }
                    state.sweeper = nil
                    return true
                }
                if done { return }
            }
        }
    }
}
