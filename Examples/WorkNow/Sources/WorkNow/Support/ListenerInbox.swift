import Synchronization

/// Collects a listener's updates so a script or a test can await them one at a time, in order:
/// pass `deliver` as the listener callback, then call `next()`.
public final class ListenerInbox<Value: Sendable>: Sendable {
    /// One update as a listener delivers it.
    public typealias Update = Result<Value, WorkNowError>

    /// Updates not yet taken, the one caller waiting (with its wait number), and the last wait that
    /// timed out; guarded by the mutex.
    private struct State {
        var pending: [Update] = []
        var waiter: (wait: Int, continuation: CheckedContinuation<Update?, Never>)?
        var waits = 0
        var expired = 0
    }

    private let state = Mutex(State())

    /// An empty inbox.
    public init() {}

    /// Hands `update` to the waiting caller, or keeps it for the next `next()`.
    @Sendable public func deliver(_ update: Update) {
        let waiter = state.withLock { state -> CheckedContinuation<Update?, Never>? in
            guard let waiter = state.waiter else {
                state.pending.append(update)
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: update)
    }

    /// The next update, waiting up to `timeout` for it.
    /// - Throws: the listener's `WorkNowError`; `ListenerInboxTimeout` when nothing arrives in time
    ///   or another caller is already waiting.
    public func next(timeout: Duration = .seconds(30)) async throws -> Value {
        let wait = state.withLock { state in
            state.waits += 1
            return state.waits
        }
        let timer = Task { [self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            expire(wait)
        }
        defer { timer.cancel() }
        let update = await withCheckedContinuation { (continuation: CheckedContinuation<Update?, Never>) in
            let ready = state.withLock { state -> Update?? in
                if !state.pending.isEmpty { return .some(state.pending.removeFirst()) }
                if state.waiter != nil || state.expired == wait { return .some(nil) }
                state.waiter = (wait, continuation)
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
        guard let update else { throw ListenerInboxTimeout(description: "no update within \(timeout)") }
        return try update.get()
    }

    /// Ends wait number `wait` without an update, unless an update ended it first.
    private func expire(_ wait: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Update?, Never>? in
            state.expired = wait
            guard let waiter = state.waiter, waiter.wait == wait else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: nil)
    }

    /// How many updates arrived and were not taken yet.
    public var pendingCount: Int { state.withLock { $0.pending.count } }
}

/// `ListenerInbox.next()` gave up waiting.
public struct ListenerInboxTimeout: Error, CustomStringConvertible {
    /// Why.
    public let description: String
}
