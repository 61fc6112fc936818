import Synchronization

/// Collects a listener's updates so a script or a test can await them one at a time, in order:
/// pass `deliver` as the listener callback, then call `next()`.
public final class LiveUpdates<Value: Sendable>: Sendable {
    /// Updates not yet taken, and the one caller waiting for the next; guarded by the mutex.
    private struct State {
        var pending: [Result<Value, RoomieFinderError>] = []
        var waiter: CheckedContinuation<Value, any Error>?
        var timer: Task<Void, Never>?
        var waits = 0
    }

    /// What `next()` does after looking at the state.
    private enum Step {
        case ready(Result<Value, RoomieFinderError>)
        case busy
        case wait(Int)
    }

    private let state = Mutex(State())

    /// An empty inbox.
    public init() {}

    /// Hands one update to the waiting caller, or keeps it for the next `next()`.
    @Sendable public func deliver(_ update: Result<Value, RoomieFinderError>) {
        let waiting = state.withLock { state -> (CheckedContinuation<Value, any Error>, Task<Void, Never>?)? in
            guard let waiter = state.waiter else {
                state.pending.append(update)
                return nil
            }
            defer {
                state.waiter = nil
                state.timer = nil
            }
            return (waiter, state.timer)
        }
        guard let (continuation, timer) = waiting else { return }
        timer?.cancel()
        continuation.resume(with: update.mapError { $0 as any Error })
    }

    /// The next update, waiting up to `timeout` for it.
    /// - Throws: the listener's `RoomieFinderError`; `LiveUpdatesTimeout` when nothing arrives in
    ///   time or another caller is already waiting.
    public func next(timeout: Duration = .seconds(10)) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let step = state.withLock { state -> Step in
                if !state.pending.isEmpty { return .ready(state.pending.removeFirst()) }
                if state.waiter != nil { return .busy }
                state.waits += 1
                state.waiter = continuation
                return .wait(state.waits)
            }
            switch step {
            case .ready(let update):
                continuation.resume(with: update.mapError { $0 as any Error })
            case .busy:
                continuation.resume(throwing: LiveUpdatesTimeout(description: "another caller is already waiting"))
            case .wait(let wait):
                let timer = Task { [self] in
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    expire(wait, after: timeout)
                }
                state.withLock { state in if state.waits == wait, state.waiter != nil { state.timer = timer } }
            }
        }
    }

    /// Ends wait number `wait` with a timeout, unless an update ended it first.
    private func expire(_ wait: Int, after timeout: Duration) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.waits == wait, let waiter = state.waiter else { return nil }
            state.waiter = nil
            state.timer = nil
            return waiter
        }
        waiter?.resume(throwing: LiveUpdatesTimeout(description: "no update within \(timeout)"))
    }

    /// How many updates arrived and were not taken yet.
    public var pendingCount: Int { state.withLock { $0.pending.count } }
}

/// `LiveUpdates.next()` gave up waiting.
public struct LiveUpdatesTimeout: Error, CustomStringConvertible {
    /// Why.
    public let description: String
}
