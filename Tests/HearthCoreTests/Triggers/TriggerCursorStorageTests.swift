import Synchronization
import Testing
@testable import HearthCore

/// Trigger cursors ride along in the writer's next group commit instead of commits of their own.
@Suite("Trigger cursors stored with the next commit")
struct TriggerCursorStorageTests {
    /// Counts deliveries.
    final class Counter: TriggerDeliverer {
        let count = Atomic<Int>(0)
        func deliver(_ event: TriggerEvent) async throws { count.add(1, ordering: .relaxed) }
    }

    @Test(.timeLimit(.minutes(1))) func theNextCommitStoresACursorTheTriggerNoted() async throws {
        let t = try TestEngine()
        let counter = Counter()
        let definition = TriggerDefinition(name: "count", pattern: try DocumentPattern("a/{id}"), kind: .written)
        let runner = try await t.engine.registerTrigger(definition, deliverer: counter)
        let registered = try #require(try t.engine.triggerCursor("count"))

        try await t.commit([Write(.set(try t.key("a/1"), fields: ["v": .integer(1)]))])
        let delivered = t.engine.writer.latestVersion
        while runner.status.cursor < delivered { await Task.yield() }
        #expect(counter.count.load(ordering: .relaxed) == 1)

        // The trigger has noted its cursor; an unrelated commit stores it in its own transaction,
        // so it is durable when that commit returns (no 20 ms bookkeeping commit waited for).
        try await t.commit([Write(.set(try t.key("b/1"), fields: [:]))])
        let stored = try #require(try t.engine.triggerCursor("count"))
        #expect(stored >= delivered && stored > registered)
        // And the log it no longer needs is not held: the stored cursor is what the runner reached.
        #expect(stored <= runner.status.cursor)
    }
}
