import Synchronization

/// A Swift `Clock` that moves only when a test advances it: sleepers wake when `advance(by:)`
/// reaches their deadline, so a test states how much time passes instead of sleeping.
package final class ManualClock: Clock, Sendable {
    /// A point on the manual clock: the time advanced since it was created.
    package struct Instant: InstantProtocol {
        /// The time advanced since the clock was created.
        package var offset: Duration

        /// This instant moved by `duration`.
        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        package func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Orders instants by their offset.
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// A suspended `sleep(until:)`.
    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// The time, the suspended sleepers by id, and the next id.
    private let state = Mutex<(now: Instant, sleepers: [UInt64: Sleeper], nextID: UInt64)>((Instant(offset: .zero), [:], 0))

    /// A clock at offset zero.
    package init() {}

    /// The current instant.
    package var now: Instant { state.withLock { $0.now } }

    /// Any duration can be advanced.
    package var minimumResolution: Duration { .zero }

    /// How many sleepers wait for a later time.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock is advanced to `deadline` (at once when it is there already);
    /// throws `CancellationError` when the task is cancelled first.
    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, wake, cancel }
                let outcome = state.withLock { state -> Outcome in
                    if Task.isCancelled { return .cancel }
                    if deadline <= state.now { return .wake }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .wait
                }
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline it reaches.
    package func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return Array(due.values)
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` sleepers wait on the clock (yielding to other tasks meanwhile).
    package func waitForSleepers(_ count: Int = 1) async {
        while sleeperCount < count { await Task.yield() }
    }
}
