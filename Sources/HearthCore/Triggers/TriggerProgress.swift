import Synchronization

/// Wakes whoever waits for the triggers to get somewhere: each runner says when its cursor moved,
/// an event was dead-lettered or it stopped, and `waitForTriggers` suspends until one did instead
/// of polling. A generation counter makes the wake-up impossible to miss: a waiter reads it
/// before looking at the runners and sleeps only while it is unchanged.
final class TriggerProgress: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state = Mutex<(generation: UInt64, nextID: UInt64, waiters: [Waiter])>((0, 0, []))

    /// The count of progress notes so far.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Notes progress and wakes every waiter.
    func note() {
        let woken = state.withLock { state -> [Waiter] in
            state.generation &+= 1
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// Returns once progress is noted after `generation` was read (at once when it already was), or
    /// when the calling task is cancelled.
    func wait(after generation: UInt64) async {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.generation != generation || Task.isCancelled { return true }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume()
        }
    }
}
