import Testing
@testable import HearthCore

/// A trigger's stored cursor keeps the commit log (and the history it points at) past the
/// retention window, so events survive however long the trigger was away.
@Suite("Commit log held by trigger cursors")
struct CommitLogRetentionTests {
    @Test func aStoredCursorHoldsTheLogPastRetention() async throws {
        let clock = ManualClock()
        let options = EngineOptions(durability: .none, initialMapSize: 64 << 20, retention: .seconds(1), clock: clock)
        let t = try TestEngine(options: options)
        let start = t.engine.writer.latestVersion
        try await t.engine.saveTriggerState([.cursor(trigger: "slow", version: start)])
        try await t.commit([Write(.set(try t.key("a/1"), fields: ["v": .integer(1)]))])
        try await t.commit([Write(.set(try t.key("a/1"), fields: ["v": .integer(2)]))])
        _ = clock.advance(byMicroseconds: 10_000_000)
        try await t.commit([Write(.set(try t.key("b/1"), fields: [:]))])
        let page = try t.engine.loggedChanges(after: start)
        #expect(page.changes.map(\.key.path.canonicalString) == ["a/1", "a/1", "b/1"])
        #expect(page.changes[1].before?.fields["v"] == .integer(1))
        #expect(page.changes[1].after?.fields["v"] == .integer(2))
        #expect(page.changes[0].before == nil)

        // Once the trigger moves on, the next commit prunes what is older than retention.
        try await t.engine.saveTriggerState([.cursor(trigger: "slow", version: page.lastVersion)])
        try await t.commit([Write(.set(try t.key("c/1"), fields: [:]))])
        let later = try t.engine.loggedChanges(after: start)
        #expect(later.changes.map(\.key.path.canonicalString) == ["b/1", "c/1"])
    }

    @Test func depthIsStoredWithTheCommit() async throws {
        let t = try TestEngine()
        let start = t.engine.writer.latestVersion
        try await TriggerDepth.$current.withValue(3) {
            try await t.commit([Write(.set(try t.key("a/1"), fields: [:]))])
        }
        try await t.commit([Write(.delete(try t.key("a/1")))])
        let page = try t.engine.loggedChanges(after: start)
        #expect(page.changes.map(\.depth) == [3, 0])
        #expect(page.changes[1].after == nil && page.changes[1].before != nil)
        #expect(page.hasMore == false)
        let limited = try t.engine.loggedChanges(after: start, limit: 1)
        #expect(limited.changes.count == 1 && limited.hasMore)
    }
}
