@testable import HearthCore
import Testing

/// A retried transaction reserves what it reads, then waits until commits already accepted to
/// those documents are visible. The async variant suspends rather than blocking a thread, and
/// the writer clearing the in-flight marks is what resumes it (no polling, no timer).
@Suite("Transaction reads waiting for in-flight commits", .timeLimit(.minutes(1)))
struct TransactionVisibilityWaitTests {
    let database = DatabaseID(uncheckedProject: "p", database: "(default)")

    func key(_ path: String) throws -> DocumentKey { try DocumentKey(validating: path) }

    /// A read-write transaction retrying an aborted one (so it reserves what it reads).
    func retriedTransaction(in registry: TransactionRegistry) -> TransactionID {
        let first = registry.begin(database: database, readVersion: nil)
        return registry.begin(database: database, readVersion: nil, retrying: first)
    }

    /// The blocking variant (a synchronous caller's).
    func blockingReserve(_ registry: TransactionRegistry, _ id: TransactionID, _ keys: [DocumentKey]) {
        registry.reserveIfRetrying(id, keys: keys)
    }

    /// Yields until `registry` has `count` waiting reads (at most `limit` yields). The reads'
    /// bound is two minutes, past the suite's time limit, so only a clear ends their wait.
    func waitForWaiters(_ registry: TransactionRegistry, count: Int, limit: Int = 10_000_000) async -> Bool {
        for _ in 0..<limit {
            if registry.waitingReadCount == count { return true }
            await Task.yield()
        }
        return false
    }

    @Test func aRetriedReadWithNothingInFlightDoesNotWait() async throws {
        let registry = TransactionRegistry(clock: SystemClock(), maxInFlightWait: .seconds(120))
        let retry = retriedTransaction(in: registry)
        await registry.reserveIfRetrying(retry, keys: [try key("rooms/a")])
        #expect(registry.waitingReadCount == 0)
        // The reservation holds: another transaction's commit to the document yields to it.
        let other = registry.begin(database: database, readVersion: nil)
        #expect(!registry.admit([try key("rooms/a")], database: database, transaction: other))
        #expect(registry.admit([try key("rooms/b")], database: database, transaction: other))
    }

    @Test("a retried read waits until the in-flight commit is visible, suspending or blocking", arguments: [false, true])
    func aRetriedReadWaitsUntilTheInFlightCommitIsVisible(blocking: Bool) async throws {
        let registry = TransactionRegistry(clock: SystemClock(), maxInFlightWait: .seconds(120))
        let document = try key("rooms/a")
        #expect(registry.admit([document], database: database, transaction: nil))  // a plain write, accepted
        let retry = retriedTransaction(in: registry)
        let read = blocking
            ? Task.detached { [self] in blockingReserve(registry, retry, [document]) }
            : Task { await registry.reserveIfRetrying(retry, keys: [document]) }
        #expect(await waitForWaiters(registry, count: 1))
        // Clearing another document's mark resumes nothing.
        registry.clearInFlight([try key("rooms/b")], database: database)
        #expect(registry.waitingReadCount == 1)
        registry.clearInFlight([document], database: database)
        await read.value
        #expect(registry.waitingReadCount == 0)
        #expect(!registry.isInFlight(document, database: database))
    }

    @Test func aWaitEndsOnlyWhenEveryMarkOfItsDocumentsIsCleared() async throws {
        let registry = TransactionRegistry(clock: SystemClock(), maxInFlightWait: .seconds(120))
        let (a, b) = (try key("rooms/a"), try key("rooms/b"))
        #expect(registry.admit([a, b], database: database, transaction: nil))
        #expect(registry.admit([a], database: database, transaction: nil))  // two commits to `a`
        let retry = retriedTransaction(in: registry)
        let read = Task { await registry.reserveIfRetrying(retry, keys: [a, b]) }
        #expect(await waitForWaiters(registry, count: 1))
        registry.clearInFlight([a, b], database: database)
        #expect(registry.waitingReadCount == 1)  // `a` still has one accepted commit in flight
        registry.clearInFlight([a], database: database)
        await read.value
        #expect(registry.waitingReadCount == 0)
    }

    @Test func aFirstAttemptReservesNothingAndNeverWaits() async throws {
        let registry = TransactionRegistry(clock: SystemClock(), maxInFlightWait: .seconds(120))
        let document = try key("rooms/a")
        #expect(registry.admit([document], database: database, transaction: nil))
        let first = registry.begin(database: database, readVersion: nil)
        await registry.reserveIfRetrying(first, keys: [document])
        #expect(registry.waitingReadCount == 0)
        let other = registry.begin(database: database, readVersion: nil)
        #expect(registry.admit([document], database: database, transaction: other))
    }

    @Test func aMarkThatNeverClearsEndsTheWaitAtTheBound() async throws {
        let registry = TransactionRegistry(clock: SystemClock(), maxInFlightWait: .milliseconds(1))
        let document = try key("rooms/a")
        #expect(registry.admit([document], database: database, transaction: nil))
        let retry = retriedTransaction(in: registry)
        await registry.reserveIfRetrying(retry, keys: [document])
        blockingReserve(registry, retry, [document])
        #expect(registry.waitingReadCount == 0)
        #expect(registry.isInFlight(document, database: database))
    }
}
