import Foundation
import LMDB
import Testing
@testable import HearthCore
import HearthTestSupport

/// Bulk commits that leave their index work to a later transaction (`IndexBacklog`): queries never
/// miss a committed write, the backlog is applied once per document, and a crash with work pending
/// is repaired from the commit log when the directory opens again.
@Suite("Deferred index work")
struct DeferredIndexTests {
    /// Every commit defers (threshold 1); the backlog is applied only when asked or full. Time is
    /// `clock`'s, moved by hand: a query's demand lasts until the test advances the clock past
    /// its window, and idle catch-up happens only when the test advances it past the idle delay
    /// (no timing assumptions on a loaded machine).
    static func deferringOptions(limit: Int = 100_000, clock: ManualClock = ManualClock()) -> EngineOptions {
        var options = EngineOptions(
            durability: .none, initialMapSize: 64 << 20, clock: clock, deferredIndexThreshold: 1,
            indexBacklogLimit: limit)
        options.indexIdleDelay = .seconds(3_600)
        options.indexDemandWindow = .seconds(3_600)
        return options
    }

    /// Moves `clock` past the demand window of `deferringOptions`: commits defer again.
    static func letDemandLapse(_ clock: ManualClock) {
        clock.advance(byMicroseconds: 3_600_000_001)
    }

    static func byN(_ n: Int64) -> StructuredQuery {
        var query = StructuredQuery(collectionID: "c")
        query.filter = .field(.p("n"), .greaterThanOrEqual, .integer(n))
        query.orderBy = [QueryOrder(.p("n"))]
        return query
    }

    static func tagged(_ tag: String) -> StructuredQuery {
        var query = StructuredQuery(collectionID: "c")
        query.filter = .field(.p("tags"), .arrayContains, .string(tag))
        return query
    }

    /// True when the latest snapshot's index is behind its documents.
    static func isBehind(_ t: TestEngine) throws -> Bool {
        try t.engine.read { txn in try t.engine.store.indexIsBehind(in: txn) }
    }

    static func indexEntries(_ t: TestEngine) throws -> Int {
        try t.engine.read { txn in try txn.count(in: t.engine.store.tables.index) }
    }

    @Test func aQueryAfterDeferredCommitsSeesEveryWrite() async throws {
        let t = try TestEngine(options: Self.deferringOptions())
        for start in stride(from: 0, to: 300, by: 100) {
            try await t.commit(try (start..<start + 100).map { .set(try t.key("c/d\($0)"), fields: ["n": .integer(Int64($0))]) })
        }
        #expect(try Self.isBehind(t))
        #expect(try Self.indexEntries(t) == 0)
        let found = try await t.engine.runQuery(Self.byN(250), in: t.database)
        #expect(found.map(\.fields["n"]) == (250..<300).map { Value.integer(Int64($0)) })
        #expect(try !Self.isBehind(t))
        #expect(try t.engine.explain(Self.byN(250), in: t.database).plan.description == "IndexScan(c.n ASC)")
        #expect(try t.engine.verify().isHealthy)
    }

    @Test func documentsChangedManyTimesWhileDeferredEndUpWithTheirLastEntriesOnly() async throws {
        let clock = ManualClock()
        let t = try TestEngine(options: Self.deferringOptions(clock: clock))
        let keys = try (0..<40).map { try t.key("c/d\($0)") }
        try await t.commit(keys.map { .set($0, fields: ["n": .integer(1), "tags": .array([.string("old")])]) })
        // The index catches up once (a query), then more changes pile up behind it.
        await #expect(try t.engine.runQuery(Self.tagged("old"), in: t.database).count == 40)
        Self.letDemandLapse(clock)  // the demand window has passed: commits defer again
        try await t.commit(keys.map { .set($0, fields: ["n": .integer(2), "tags": .array([.string("mid")])]) })
        try await t.commit(keys.prefix(20).map { .set($0, fields: ["n": .integer(3), "tags": .array([.string("new")])]) })
        try await t.commit(keys.suffix(10).map { .delete($0) })
        #expect(try Self.isBehind(t))
        await #expect(try t.engine.runQuery(Self.tagged("old"), in: t.database).isEmpty)
        await #expect(try t.engine.runQuery(Self.tagged("mid"), in: t.database).count == 10)
        await #expect(try t.engine.runQuery(Self.tagged("new"), in: t.database).count == 20)
        await #expect(try t.engine.runQuery(Self.byN(0), in: t.database).count == 30)
        #expect(try t.engine.verify().isHealthy)
    }

    @Test func anAsyncCatchUpSuspendsUntilTheBacklogIsApplied() async throws {
        let t = try TestEngine(options: Self.deferringOptions())
        try await t.commit(try (0..<30).map { .set(try t.key("c/d\($0)"), fields: ["n": .integer(Int64($0))]) })
        #expect(try Self.isBehind(t))
        try await t.engine.catchUpIndex()
        #expect(try !Self.isBehind(t))
        #expect(try Self.indexEntries(t) == 60)
        try await t.engine.catchUpIndex()  // nothing pending: returns at once
        t.engine.close()
        await expectError(.unavailable) { try await t.engine.catchUpIndex() }
    }

    @Test func aReaderMakesLaterBulkCommitsIndexAsTheyGo() async throws {
        let t = try TestEngine(options: Self.deferringOptions())
        try await t.commit([.set(try t.key("c/a"), fields: ["n": .integer(1)])])
        #expect(try Self.isBehind(t))
        _ = try await t.engine.runQuery(Self.byN(0), in: t.database)
        try await t.commit([.set(try t.key("c/b"), fields: ["n": .integer(2)])])
        #expect(try !Self.isBehind(t))
        await #expect(try t.engine.runQuery(Self.byN(2), in: t.database).map(\.key) == [try t.key("c/b")])
    }

    @Test func aFullBacklogIsAppliedBeforeItGrowsFurther() async throws {
        let t = try TestEngine(options: Self.deferringOptions(limit: 10))
        for index in 0..<25 { try await t.commit([.set(try t.key("c/d\(index)"), fields: ["n": .integer(Int64(index))])]) }
        // Each document has two entries (its field and its collection-group name); at most ten
        // documents may still be pending.
        #expect(try Self.indexEntries(t) >= 2 * 15)
        #expect(try Self.isBehind(t))
        await #expect(try t.engine.runQuery(Self.byN(0), in: t.database).count == 25)
    }

    @Test func aBacklogOfLargeDocumentsIsAppliedAtItsByteLimit() async throws {
        // Documents of ~20 KB against a 100 KB budget: at most five may be pending, although the
        // document limit (100,000) is far away.
        var options = Self.deferringOptions()
        options.indexBacklogByteLimit = 100_000
        let t = try TestEngine(options: options)
        let blob = String(repeating: "x", count: 20_000)
        for index in 0..<25 {
            try await t.commit([.set(try t.key("c/d\(index)"), fields: ["n": .integer(Int64(index)), "blob": .string(blob)])])
        }
        // Three entries per document: its two fields and its collection-group name.
        #expect(try Self.indexEntries(t) >= 3 * 20)
        #expect(try Self.isBehind(t))
        await #expect(try t.engine.runQuery(Self.byN(0), in: t.database).count == 25)
    }

    @Test func theIndexCatchesUpOnItsOwnOnceCommitsStop() async throws {
        let clock = ManualClock()
        var options = Self.deferringOptions(clock: clock)
        options.indexIdleDelay = .milliseconds(10)  // 10 ms of the clock; real time passing does not count
        let t = try TestEngine(options: options)
        try await t.commit(try (0..<50).map { .set(try t.key("c/d\($0)"), fields: ["n": .integer(Int64($0))]) })
        // Nothing happens while the clock stands still: the idle writer reads the time on every
        // poll (`Writer.idlePoll` of real time) and, however often it looks, does not catch up…
        await clock.waitUntilRead(clock.reads + 5)
        #expect(try Self.isBehind(t))
        // …and it catches up once the idle delay has passed on its clock: the first reading after
        // the advance starts the catch-up (which reads no time), the second is the writer idle again.
        let before = clock.advance(byMicroseconds: 10_001)
        await clock.waitUntilRead(before + 2)
        #expect(try !Self.isBehind(t))
        #expect(try Self.indexEntries(t) == 100)
    }

    @Test func readsAtAnEarlierTimeMergeTheLogWithTheCaughtUpIndex() async throws {
        let t = try TestEngine(options: Self.deferringOptions())
        let first = try await t.commit(try (0..<20).map { .set(try t.key("c/d\($0)"), fields: ["n": .integer(Int64($0))]) })
        try await t.commit(try (0..<20).map { .set(try t.key("c/d\($0)"), fields: ["n": .integer(Int64(100 + $0))]) })
        let then = try await t.engine.runQuery(Self.byN(10), in: t.database, consistency: .readTime(first.commitTime))
        #expect(then.map(\.fields["n"]) == (10..<20).map { Value.integer(Int64($0)) })
        let now = try await t.engine.runQuery(Self.byN(110), in: t.database)
        #expect(now.count == 10)
    }

    /// A process killed (SIGKILL) with index work pending leaves a directory whose index is
    /// repaired when it opens; with 3,000 documents the repair works its entries out in parallel
    /// parts (`applyBacklog`). The driver, `hearth-write-loop --backlog`, is built beside the tests.
    @Test(.enabled(if: CrashDurabilityTests.writeLoopBinary != nil, "build the tests (make test does)"), arguments: [60, 3_000])
    func aCrashWithIndexWorkPendingIsRepairedWhenTheDirectoryOpens(documents: Int) async throws {
        let binary = try #require(CrashDurabilityTests.writeLoopBinary)
        let directory = NSTemporaryDirectory() + "hearth-backlog-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--data", directory, "--backlog", String(documents)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var printed = ""
        while !printed.contains("pending") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the driver ended without reaching the kill point
            printed += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(printed.contains("pending"), "the driver must reach the kill point: \(printed)")

        let engine = try Engine(directory: directory)
        defer { engine.close() }
        #expect(try !engine.read { txn in try engine.store.indexIsBehind(in: txn) })
        #expect(try engine.verify().isHealthy)
        let db = try DatabaseID(project: "crash-test")
        let updated = documents / 2
        let deleted = documents / 4
        await #expect(try engine.runQuery(Self.tagged("old"), in: db).count == documents - updated - deleted)
        await #expect(try engine.runQuery(Self.tagged("new"), in: db).count == updated + 1)
        await #expect(try engine.runQuery(Self.byN(2), in: db).count == updated + 1)
    }

    @Test func aQueryListenerFollowsBulkCommits() async throws {
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, deferredIndexThreshold: 1))
        var query = Self.byN(0)
        query.limit = 3
        let log = EventLog<Result<QuerySnapshotEvent, FirestoreError>>()
        let handle = try t.engine.listen(query, in: t.database) { log.append($0) }
        defer { handle.cancel() }
        _ = await log.wait(for: 1)
        try await t.commit(try (0..<300).map { .set(try t.key("c/d\($0)"), fields: ["n": .integer(Int64(300 - $0))]) })
        try await t.commit(try (0..<2).map { .delete(try t.key("c/d\(299 - $0)")) })
        await handle.settled()
        var last: [Value?] = []
        var failure: FirestoreError?
        switch log.all.last {
        case .success(let event)?: last = event.documents.map(\.fields["n"])
        case .failure(let error)?: failure = error
        case nil: break
        }
        #expect(failure == nil, "the listener failed: \(String(describing: failure))")
        #expect(last == [.integer(3), .integer(4), .integer(5)], "events: \(log.all.count)")
    }
}
