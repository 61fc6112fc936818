import Testing
@testable import HearthCore

@Suite("count() of a collection from its name entries: deeper same-id collections, cut keys, missing documents")
struct CollectionCountTests {
    private let countAll = [Aggregation(.count(upTo: nil), alias: "n")]

    private func path(_ string: String) -> ResourcePath {
        ResourcePath(uncheckedSegments: string.split(separator: "/").map(String.init))
    }

    /// The query of every document of the collection at `collection` (a slash-separated path).
    private func query(_ collection: String, offset: Int = 0, limit: Int? = nil) -> StructuredQuery {
        let segments = path(collection)
        return StructuredQuery(
            parent: ResourcePath(uncheckedSegments: Array(segments.segments.dropLast())),
            collectionID: segments.lastSegment, offset: offset, limit: limit)
    }

    private func count(
        _ t: TestEngine, _ collection: String, offset: Int = 0, limit: Int? = nil, consistency: ReadConsistency = .strong
    ) throws -> Value? {
        try t.engine.runAggregation(
            query(collection, offset: offset, limit: limit), aggregations: countAll, in: t.database, consistency: consistency)["n"]
    }

    /// The count with its execution statistics and the indexes the plan names.
    private func explained(_ t: TestEngine, _ collection: String) throws -> (count: Value?, stats: ExecutionStats, indexes: [IndexUsed]) {
        let (results, metrics) = try t.engine.explainAggregation(
            query(collection), aggregations: countAll, in: t.database, options: ExplainOptions(analyze: true))
        let stats = try #require(metrics.executionStats)
        return (results?["n"], stats, metrics.planSummary.indexesUsed)
    }

    private func create(_ t: TestEngine, _ paths: [String]) async throws {
        try await t.commit(try paths.map { .set(try t.key($0), fields: ["v": .string($0)]) })
    }

    @Test func aRootCollectionIsCountedFromItsNameEntriesWithoutReadingADocument() async throws {
        let t = try TestEngine()
        try await create(t, ["rooms/a", "rooms/b", "rooms/c", "users/a", "users/b"])
        let (count, stats, indexes) = try explained(t, "rooms")
        #expect(count == 3)
        #expect(stats.debugStats.documentsScanned == 0)
        #expect(stats.debugStats.indexEntriesScanned == 3)
        #expect(stats.readOperations == 1)
        #expect(indexes == [IndexUsed(queryScope: "Collection", properties: "(__name__ ASC)")])
        let planned = try await t.engine.explainAggregation(query("rooms"), aggregations: countAll, in: t.database, options: ExplainOptions())
        #expect(planned.metrics.planSummary.indexesUsed == indexes, "the plan alone names the index the run reads")
    }

    @Test func aSubCollectionCountsOnlyItsOwnDocuments() async throws {
        let t = try TestEngine()
        try await create(t, ["users/u/rooms/1", "users/u/rooms/2", "users/v/rooms/1", "rooms/1", "users/u", "users/uu/rooms/9"])
        #expect(try count(t, "users/u/rooms") == 2)
        #expect(try count(t, "users/v/rooms") == 1)
        #expect(try count(t, "users/uu/rooms") == 1)
        #expect(try count(t, "rooms") == 1)
        #expect(try count(t, "users") == 1)
        #expect(try count(t, "users/w/rooms") == 0, "a collection that never existed")
    }

    @Test func deeperCollectionsWithTheSameIdAreNotCountedAndAreSkippedWhole() async throws {
        let t = try TestEngine()
        try await create(t, [
            "rooms/a", "rooms/b", "rooms/a/rooms/x", "rooms/a/rooms/y", "rooms/a/rooms/x/rooms/deep",
            "rooms/c/rooms/z", "rooms/b/other/q",
        ])
        let top = try explained(t, "rooms")
        #expect(top.count == 2, "rooms/c exists only as the parent of a sub-collection")
        // a, then a/rooms/x (deeper: the walk seeks past a's subtree), b, then c/rooms/z (deeper: seek).
        #expect(top.stats.debugStats.indexEntriesScanned == 4)
        #expect(top.stats.debugStats.documentsScanned == 0)
        #expect(try count(t, "rooms/a/rooms") == 2)
        #expect(try count(t, "rooms/a/rooms/x/rooms") == 1)
        #expect(try count(t, "rooms/c/rooms") == 1)
        #expect(try count(t, "rooms/b/other") == 1)
    }

    @Test func documentIdsTooLongForAnUncutKeyStillCountOnce() async throws {
        let t = try TestEngine()
        let long = String(repeating: "k", count: 480)
        let longer = String(repeating: "m", count: 700)
        try await create(t, [
            "rooms/\(long)", "rooms/\(long)x", "rooms/short", "rooms/\(long)/rooms/\(longer)", "rooms/\(long)/rooms/s",
            "rooms/\(longer)y/rooms/only-deeper",
        ])
        #expect(try count(t, "rooms") == 3)
        #expect(try count(t, "rooms/\(long)/rooms") == 2)
        #expect(try count(t, "rooms/\(longer)y/rooms") == 1)
    }

    @Test func aCollectionWhosePathIsTooLongForAKeyIsCountedFromEntryData() async throws {
        let t = try TestEngine()
        let parent = "p/" + String(repeating: "q", count: 600)
        try await create(t, [
            "\(parent)/rooms/1", "\(parent)/rooms/2", "\(parent)/rooms/1/rooms/3", "\(parent)x/rooms/4", "\(parent)/rooms/1/sub/5",
        ])
        #expect(try count(t, "\(parent)/rooms") == 2)
        #expect(try count(t, "\(parent)/rooms/1/rooms") == 1)
        #expect(try count(t, "\(parent)x/rooms") == 1)
    }

    @Test func deletedDocumentsAreNotCounted() async throws {
        let t = try TestEngine()
        try await create(t, ["rooms/a", "rooms/b", "rooms/c", "rooms/d", "rooms/a/rooms/x"])
        try await t.commit([.delete(try t.key("rooms/b")), .delete(try t.key("rooms/a"))])
        #expect(try count(t, "rooms") == 2)
        #expect(try count(t, "rooms/a/rooms") == 1, "a deleted parent keeps its sub-collection")
        try await t.commit([.delete(try t.key("rooms/c")), .delete(try t.key("rooms/d"))])
        #expect(try count(t, "rooms") == 0)
    }

    @Test func offsetLimitAndUpToApplyToTheCount() async throws {
        let t = try TestEngine()
        try await create(t, (0..<10).map { "rooms/r\($0)" } + ["rooms/r1/rooms/x", "rooms/r2/rooms/y"])
        #expect(try count(t, "rooms", limit: 3) == 3)
        #expect(try count(t, "rooms", offset: 8) == 2)
        #expect(try count(t, "rooms", offset: 4, limit: 10) == 6)
        #expect(try count(t, "rooms", offset: 12) == 0)
        let capped = try await t.engine.runAggregation(
            query("rooms"), aggregations: [Aggregation(.count(upTo: 4), alias: "n"), Aggregation(.count(upTo: nil), alias: "all")],
            in: t.database)
        #expect(capped == ["n": 4, "all": 10])
    }

    @Test func countsInTransactionsAndAtAReadTimeSeeTheirSnapshot() async throws {
        let t = try stillClockEngineAdvancing()
        try await create(t.engine, ["rooms/a", "rooms/b", "rooms/c"])
        t.clock.advance(byMicroseconds: 1_000_000)
        let before = try await t.engine.commit([.set(try t.engine.key("rooms/d"), fields: [:])]).commitTime
        t.clock.advance(byMicroseconds: 1_000_000)
        try await t.engine.commit([.delete(try t.engine.key("rooms/a")), .delete(try t.engine.key("rooms/b"))])
        t.clock.advance(byMicroseconds: 1_000_000)
        #expect(try count(t.engine, "rooms") == 2)
        #expect(try count(t.engine, "rooms", consistency: .readTime(before)) == 4)
        let readOnly = try t.engine.engine.beginTransaction(in: t.engine.database, options: .readOnly(readTime: before))
        #expect(try count(t.engine, "rooms", consistency: .transaction(readOnly)) == 4)
        let readWrite = try t.engine.engine.beginTransaction(in: t.engine.database)
        #expect(try count(t.engine, "rooms", consistency: .transaction(readWrite)) == 2)
    }

    @Test func countsAgreeWithListingOverAGeneratedTree() async throws {
        let t = try TestEngine()
        var generator = SeededGenerator(seed: 24)
        let ids = ["a", "b", "c", String(repeating: "z", count: 470), "a\u{0}b"]
        var paths: Set<String> = []
        for _ in 0..<120 {
            var path = ""
            for depth in 0..<(1 + Int(generator.next() % 3)) {
                let collection = ["rooms", "users"][Int(generator.next() % 2)]
                let id = ids[Int(generator.next() % UInt64(ids.count))] + (depth == 0 ? "" : "\(generator.next() % 3)")
                path += (path.isEmpty ? "" : "/") + collection + "/" + id
            }
            paths.insert(path)
        }
        let deleted = paths.sorted().enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
        try await create(t, paths.sorted())
        try await t.commit(try deleted.map { .delete(try t.key($0)) })
        let live = paths.subtracting(deleted)
        let collections = Set(paths.map { path -> String in
            let segments = path.split(separator: "/", omittingEmptySubsequences: false)
            return segments.dropLast().joined(separator: "/")
        })
        for collection in collections.sorted() {
            let expected = live.filter { path in
                let segments = path.split(separator: "/", omittingEmptySubsequences: false)
                return segments.dropLast().joined(separator: "/") == collection
            }.count
            #expect(try count(t, collection) == .integer(Int64(expected)), "\(collection)")
        }
    }
}

/// A test engine with a clock the test moves, so commits get distinct times.
private func stillClockEngineAdvancing() throws -> (engine: TestEngine, clock: ManualClock) {
    let clock = ManualClock()
    return (try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, clock: clock)), clock)
}
