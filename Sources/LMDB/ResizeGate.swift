internal import Foundation

/// A shared/exclusive gate that keeps map resizing away from live read transactions.
///
/// lmdb.h, `mdb_env_set_mapsize`: the caller must make sure no transaction is active in this process,
/// and LMDB only checks for a write transaction. Readers therefore enter shared for the whole life of
/// their `MDB_txn`; resizing (and closing) enters exclusive and waits until every in-flight reader has
/// left. The gate prefers the exclusive side: once a resize is waiting, new readers wait too, so a steady
/// stream of reads cannot starve growth. A thread that already holds the gate shared may enter again
/// without waiting (`reentrant: true`), otherwise a nested read would deadlock behind a waiting resize.
///
/// Exclusive entry is taken only by a thread holding the environment's writer lock, so there is never
/// more than one exclusive waiter and writer-lock → gate is the only lock order.
final class ResizeGate: @unchecked Sendable {
    // `@unchecked Sendable`: every mutable field below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    /// Threads currently inside shared (counted once per entry). Guarded by `condition`.
    private var readers = 0
    /// Threads waiting to enter exclusive. Guarded by `condition`.
    private var exclusiveWaiters = 0
    /// Whether a thread holds the gate exclusively. Guarded by `condition`.
    private var exclusiveHeld = false

    /// Threads waiting to enter exclusive now (tests wait for one instead of sleeping).
    var waitingForExclusive: Int {
        condition.lock()
        defer { condition.unlock() }
        return exclusiveWaiters
    }

    /// Blocks until a thread waits to enter exclusive, or `seconds` pass; true when one does
    /// (tests hold a read open until a resize or close is seen waiting for it).
    func waitForExclusiveWaiter(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while exclusiveWaiters == 0 {
            guard condition.wait(until: deadline) else { return exclusiveWaiters > 0 }
        }
        return true
    }

    /// Enters shared, waiting while a resize holds or waits for the gate unless `reentrant`.
    func enterShared(reentrant: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if reentrant {
            // This thread already holds the gate shared, so no exclusive holder can exist.
            precondition(!exclusiveHeld, "ResizeGate: exclusive holder while a reader is inside")
        } else {
            while exclusiveHeld || exclusiveWaiters > 0 {
                condition.wait()
            }
        }
        readers += 1
    }

    /// Leaves shared; wakes a waiting resize when the last reader leaves.
    func leaveShared() {
        condition.lock()
        defer { condition.unlock() }
        precondition(readers > 0, "ResizeGate: leaveShared without enterShared")
        readers -= 1
        if readers == 0 {
            condition.broadcast()
        }
    }

    /// Enters exclusive after every reader has left; new readers wait meanwhile.
    func enterExclusive() {
        condition.lock()
        defer { condition.unlock() }
        exclusiveWaiters += 1
        condition.broadcast()  // for `waitForExclusiveWaiter` (readers waiting to enter re-check and wait on)
        while readers > 0 || exclusiveHeld {
            condition.wait()
        }
        exclusiveWaiters -= 1
        exclusiveHeld = true
    }

    /// Leaves exclusive and lets waiting readers in.
    func leaveExclusive() {
        condition.lock()
        defer { condition.unlock() }
        precondition(exclusiveHeld, "ResizeGate: leaveExclusive without enterExclusive")
        exclusiveHeld = false
        condition.broadcast()
    }

    /// Runs `body` holding the gate exclusively.
    func withExclusive<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        enterExclusive()
        defer { leaveExclusive() }
        return try body()
    }
}
