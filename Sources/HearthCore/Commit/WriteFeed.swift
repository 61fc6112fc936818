import Foundation

/// The writes of one commit, arriving in order and in runs while the writer may already be
/// applying the first ones: a large request's decoding overlaps its application instead of
/// coming before it (`Engine.commit(_:in:access:)`).
///
/// One producer delivers every run (or declines); any number of readers wait on it. Delivered
/// runs are kept, so the writer can read them again when it replays a transaction.
package final class WriteFeed: @unchecked Sendable {
    /// How many writes the commit has once every run is delivered.
    package let count: Int

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var runs: [[Write]] = []
    private var delivered = 0
    private var declined = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Blocks until a consumer waits for writes not delivered yet (`waitingReaders` > 0), or
    /// `seconds` pass; true when one does. Producers in tests pace their runs with it.
    func waitForWaitingReader(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while blockedReaders + waiters.count == 0 {
            guard condition.wait(until: deadline) else { return blockedReaders + waiters.count > 0 }
        }
        return true
    }

    /// Threads blocked in `run(at:)` waiting for a run.
    private var blockedReaders = 0

    /// How many consumers wait for writes not delivered yet: threads in `run(at:)` and tasks in
    /// `completion()` or `collected()` (tests wait for one instead of sleeping).
    var waitingReaders: Int {
        condition.lock()
        defer { condition.unlock() }
        return blockedReaders + waiters.count
    }

    /// What the writer answers when the producer declined a write: the commit is not applied.
    /// (The server decodes such a request another way and never shows this to its caller.)
    package static let declinedError = FirestoreError(.invalidArgument, "The request's writes could not be decoded.")

    /// A feed that will receive `count` writes.
    package init(count: Int) {
        self.count = max(0, count)
    }

    /// Adds the next run of writes. A run that would take the feed past `count` declines it.
    package func deliver(_ run: [Write]) {
        settle { () -> Bool in
            guard !declined, !isComplete else { return false }
            guard delivered + run.count <= count else {
                declined = true
                return true
            }
            runs.append(run)
            delivered += run.count
            return isComplete
        }
    }

    /// Ends the feed without its remaining writes: readers waiting for them fail. Does nothing
    /// once every write has been delivered.
    package func decline() {
        settle { () -> Bool in
            guard !declined, !isComplete else { return false }
            declined = true
            return true
        }
    }

    /// The run at `index`, waiting until it is delivered; nil past the last run.
    /// - Throws: `WriteFeed.declinedError` when the producer declined before delivering it.
    func run(at index: Int) throws(FirestoreError) -> [Write]? {
        condition.lock()
        defer { condition.unlock() }
        while index >= runs.count && !isComplete && !declined {
            blockedReaders += 1
            condition.broadcast()  // for `waitForWaitingReader`
            condition.wait()
            blockedReaders -= 1
        }
        if index < runs.count { return runs[index] }
        if declined { throw WriteFeed.declinedError }
        return nil
    }

    /// Waits until the producer is done; true when every write arrived, false when it declined.
    package func completion() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if isComplete || declined {
                condition.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                condition.broadcast()  // for `waitForWaitingReader`
                condition.unlock()
            }
        }
        return condition.withLock { isComplete }
    }

    /// Every write, once all have arrived; nil when the producer declined.
    package func collected() async -> [Write]? {
        guard await completion() else { return nil }
        return condition.withLock { Array(runs.joined()) }
    }

    /// True once `count` writes are delivered. Called with `condition` held.
    private var isComplete: Bool { delivered == count && !declined }

    /// Runs `change` under the lock; when it returns true (the feed is now done), wakes every
    /// waiting thread and task.
    private func settle(_ change: () -> Bool) {
        condition.lock()
        let done = change()
        let woken = done ? waiters : []
        if done { waiters.removeAll() }
        condition.broadcast()
        condition.unlock()
        for waiter in woken { waiter.resume() }
    }
}
