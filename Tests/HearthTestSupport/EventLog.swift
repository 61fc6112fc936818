import Synchronization

/// Collects a listener's events across threads; tests wait for a number of them without polling.
package final class EventLog<Event: Sendable>: Sendable {
    private struct Waiter {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var events: [Event] = []
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Creates an empty log.
    package init() {}

    /// Records one event and wakes the waiters it satisfies.
    package func append(_ event: Event) {
        let ready: [Waiter] = state.withLock { state in
            state.events.append(event)
            let ready = state.waiters.filter { $0.count <= state.events.count }
            state.waiters.removeAll { $0.count <= state.events.count }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Every event so far, in arrival order.
    package var all: [Event] { state.withLock { $0.events } }

    /// Returns the events once at least `count` have arrived, or what arrived when `seconds` pass
    /// first (a safety bound for a test that is about to fail, not a wait for time to pass).
    package func wait(for count: Int, seconds: Double = 10) async -> [Event] {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timeout = Task { [self] in
            guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
            expire(id)
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied = state.withLock { state in
                if state.events.count >= count { return true }
                state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
        timeout.cancel()
        return all
    }

    /// Wakes waiter `id` if it is still waiting.
    private func expire(_ id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume()
    }
}
