import Testing
@testable import HearthCore

/// Groups of many commits (many committers at once) leave their index work to the backlog, as
/// bulk commits do: `IndexScheduling`'s decision, and what readers see afterwards.
@Suite("Crowded groups defer their index work")
struct CrowdedGroupDeferralTests {
    /// A schedule that defers groups of at least `crowd` commits (bulk threshold 256).
    static func schedule(crowd: Int, clock: ManualClock) -> IndexScheduling {
        IndexScheduling(
            deferThreshold: 256, deferGroupCommits: crowd, backlogLimit: 1_000, clock: clock,
            idleDelay: .seconds(3_600), demandWindow: .seconds(3_600))
    }

    @Test func aGroupOfManyCommitsDefersAndAFewCommitsDoNot() {
        let scheduling = Self.schedule(crowd: 8, clock: ManualClock())
        #expect(scheduling.shouldDefer(writes: 8, commits: 8))
        #expect(scheduling.shouldDefer(writes: 40, commits: 16))
        #expect(!scheduling.shouldDefer(writes: 7, commits: 7))
        #expect(!scheduling.shouldDefer(writes: 1, commits: 1))
        // Few commits of many writes are still a bulk group.
        #expect(scheduling.shouldDefer(writes: 500, commits: 1))
        #expect(!scheduling.shouldDefer(writes: 255, commits: 2))
    }

    @Test func zeroTurnsTheCrowdRuleOff() {
        let scheduling = Self.schedule(crowd: 0, clock: ManualClock())
        #expect(!scheduling.shouldDefer(writes: 64, commits: 64))
        #expect(scheduling.shouldDefer(writes: 256, commits: 64))
    }

    @Test func aRecentReaderKeepsCrowdedGroupsIndexingUntilItsDemandIsForgotten() {
        let clock = ManualClock()
        let scheduling = Self.schedule(crowd: 4, clock: clock)
        scheduling.noteDemand()
        #expect(!scheduling.shouldDefer(writes: 16, commits: 16))
        scheduling.forgetDemand()
        #expect(scheduling.shouldDefer(writes: 16, commits: 16))
        scheduling.noteDemand()
        clock.advance(byMicroseconds: 3_600_000_001)
        #expect(scheduling.shouldDefer(writes: 16, commits: 16))
    }

    /// Every group of one commit counts as crowded: each small commit defers, deterministically.
    static func everyCommitDefers(clock: ManualClock) -> EngineOptions {
        var options = DeferredIndexTests.deferringOptions(clock: clock)
        options.deferredIndexThreshold = 0
        options.deferredIndexGroupCommits = 1
        return options
    }

    @Test func smallCommitsOfACrowdedGroupAreIndexedBeforeAQueryReadsThem() async throws {
        let t = try TestEngine(options: Self.everyCommitDefers(clock: ManualClock()))
        for n in 0..<30 {
            try await t.commit([.set(try t.key("c/d\(n)"), fields: ["n": .integer(Int64(n)), "tags": .array([.string("x")])])])
        }
        #expect(try DeferredIndexTests.isBehind(t))
        #expect(try DeferredIndexTests.indexEntries(t) == 0)
        let found = try await t.engine.runQuery(DeferredIndexTests.byN(25), in: t.database)
        #expect(found.map(\.fields["n"]) == (25..<30).map { Value.integer(Int64($0)) })
        await #expect(try t.engine.runQuery(DeferredIndexTests.tagged("x"), in: t.database).count == 30)
        #expect(try !DeferredIndexTests.isBehind(t))
        #expect(try t.engine.verify().isHealthy)
    }

    @Test func theCrowdRuleOffIndexesEachSmallCommitAsItGoes() async throws {
        var options = Self.everyCommitDefers(clock: ManualClock())
        options.deferredIndexGroupCommits = 0
        let t = try TestEngine(options: options)
        try await t.commit([.set(try t.key("c/d1"), fields: ["n": .integer(1)])])
        #expect(try !DeferredIndexTests.isBehind(t))
        #expect(try DeferredIndexTests.indexEntries(t) > 0)
    }

    /// Sixteen committers at once, with the defaults: whether or not their groups defer, every
    /// write is found by queries and the directory verifies.
    @Test func concurrentCommittersAreAllFoundByQueries() async throws {
        let t = try TestEngine(options: EngineOptions(durability: .full, initialMapSize: 64 << 20))
        let database = t.database
        let engine = t.engine
        try await withThrowingTaskGroup(of: Void.self) { group in
            for committer in 0..<16 {
                group.addTask {
                    for i in 0..<20 {
                        let key = try DocumentKey(validating: "c/c\(committer)-\(i)")
                        _ = try await engine.commit([.set(key, fields: ["n": .integer(Int64(committer * 100 + i))])], in: database)
                    }
                }
            }
            try await group.waitForAll()
        }
        let found = try await t.engine.runQuery(DeferredIndexTests.byN(0), in: t.database)
        let expected = (0..<16).flatMap { committer in (0..<20).map { Int64(committer * 100 + $0) } }.sorted()
        #expect(found.map(\.fields["n"]) == expected.map { Value.integer($0) })
        #expect(try t.engine.verify().isHealthy)
    }
}
