import LMDB
import Testing
@testable import HearthCore

/// `sum()` and `avg()` of one field answered from the field's index entries: the same results,
/// bit for bit, as the documents give (every numeric edge, limits, offsets, ranges, descending
/// orders, collection groups), without reading a document; the integer flag that keeps a sum's
/// type, kept up to date by writes and rebuilt when a schema-2 directory is opened.
@Suite("sum() and avg() from index entries")
struct SumFromIndexTests {
    /// Group-scope entries for `x`, so collection-group aggregations of `x` can read its index.
    private let overrides = """
        { "fieldOverrides": [
            { "collectionGroup": "c", "fieldPath": "x", "indexes": [ { "order": "ASCENDING", "queryScope": "COLLECTION" },
                                                                     { "order": "ASCENDING", "queryScope": "COLLECTION_GROUP" } ] } ] }
        """

    private func engine() throws -> TestEngine {
        try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, indexes: IndexConfiguration(json: overrides)))
    }

    private let all = [
        Aggregation(.sum(.p("x")), alias: "sum"), Aggregation(.average(.p("x")), alias: "avg"),
        Aggregation(.count(upTo: nil), alias: "count"),
    ]

    /// Values with every edge a sum meets: integers near 2^53 and Int64's ends, integral doubles
    /// (equal in bytes to integers), -0.0, infinities, NaN, and values that are not numbers.
    private let pool: [Value] = [
        .integer(0), .integer(1), .integer(-3), .integer(7), .integer(1 << 53 + 1), .integer(-(1 << 53) - 3),
        .integer(.max), .integer(.min), .integer(.max - 1), .double(0.5), .double(-2.25), .double(5), .double(-0.0),
        .double(.infinity), .double(-.infinity), .double(.nan), .double(1e300), .double(0x1p63), .double(0.1),
        .string("5"), .null, .boolean(true), .map(["x": .integer(1)]), .array([.integer(1), .integer(2)]),
    ]

    /// The aggregation as the documents give it: the effective query's documents, evaluated.
    private func fromDocuments(_ t: TestEngine, _ query: StructuredQuery, _ aggregations: [Aggregation]) throws -> [String: Value] {
        let request = try AggregationRequest(aggregations)
        return request.evaluate(over: try t.engine.runQuery(request.effectiveQuery(query), in: t.database))
    }

    /// The aggregation as the engine answers it, with what it read.
    private func answered(
        _ t: TestEngine, _ query: StructuredQuery, _ aggregations: [Aggregation]
    ) throws -> (results: [String: Value], stats: ExecutionStats) {
        let (results, metrics) = try t.engine.explainAggregation(
            query, aggregations: aggregations, in: t.database, options: ExplainOptions(analyze: true))
        return (try #require(results), try #require(metrics.executionStats))
    }

    /// A value's exact identity: its type and, for doubles, its bits (NaN compares equal to NaN).
    private func exact(_ results: [String: Value]) -> [String: String] {
        results.mapValues { value in
            switch value {
            case .double(let d): d.isNaN ? "double nan" : "double \(d.bitPattern)"
            case .integer(let i): "integer \(i)"
            default: "\(value)"
            }
        }
    }

    /// Writes `count` documents at `path(i)` whose `x` is drawn from the pool (some lack `x`).
    private func seed(_ t: TestEngine, count: Int, seed: UInt64, path: (Int) -> String) async throws {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var writes: [Write] = []
        for index in 0..<count {
            let pick = next() % (pool.count + 2)
            let fields: [String: Value] = pick < pool.count ? ["x": pool[pick], "i": .integer(Int64(index))] : ["i": .integer(Int64(index))]
            writes.append(.set(try t.key(path(index)), fields: fields))
        }
        try await t.commit(writes)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aCollectionsSumsMatchTheDocumentsWithoutReadingOne(seed: UInt64) async throws {
        let t = try engine()
        try await self.seed(t, count: 120, seed: seed) { "c/d\($0)" }
        let x = FieldPath.p("x")
        let queries: [StructuredQuery] = [
            StructuredQuery(collectionID: "c"),
            StructuredQuery(collectionID: "c", limit: 9),
            StructuredQuery(collectionID: "c", offset: 4, limit: 11),
            StructuredQuery(collectionID: "c", offset: 200),
            StructuredQuery(collectionID: "c", filter: .field(x, .greaterThan, .integer(0))),
            StructuredQuery(
                collectionID: "c",
                filter: .composite(.and, [.field(x, .greaterThanOrEqual, .integer(-5)), .field(x, .lessThan, .double(1e301))])),
            StructuredQuery(collectionID: "c", filter: .field(x, .equal, .integer(5))),
            StructuredQuery(collectionID: "c", filter: .unary(x, .isNaN)),
            StructuredQuery(collectionID: "c", orderBy: [QueryOrder(x, descending: true)], limit: 6),
            StructuredQuery(collectionID: "c", orderBy: [QueryOrder(x, descending: true)], offset: 2),
        ]
        for query in queries {
            let expected = try fromDocuments(t, query, all)
            let (results, stats) = try answered(t, query, all)
            #expect(exact(results) == exact(expected), "\(query)")
            #expect(stats.debugStats.documentsScanned == 0, "answered from index entries: \(query)")
        }
        // Reading one entry per document holding `x` (those the count counts), and no more.
        let single = try answered(t, StructuredQuery(collectionID: "c"), [Aggregation(.sum(x), alias: "s")])
        let holding = try fromDocuments(t, StructuredQuery(collectionID: "c"), all)["count"]
        #expect(holding.map { .integer(Int64(single.stats.debugStats.indexEntriesScanned)) == $0 } == true)
    }

    @Test func collectionGroupSumsMatchTheDocumentsUnderEveryParent() async throws {
        let t = try engine()
        try await seed(t, count: 150, seed: 9) { index in
            switch index % 3 {
            case 0: "c/d\(index)"
            case 1: "p/1/c/d\(index)"
            default: "p/\(index % 5)/q/z/c/d\(index)"
            }
        }
        for parent in ["", "p/1", "p/2", "p/2/q/z", "nowhere/1"] {
            let query = StructuredQuery(
                parent: ResourcePath(uncheckedSegments: parent.split(separator: "/").map(String.init)),
                collectionID: "c", allDescendants: true)
            for limited in [query, { var q = query; q.limit = 13; return q }()] {
                let expected = try fromDocuments(t, limited, all)
                let (results, stats) = try answered(t, limited, all)
                #expect(exact(results) == exact(expected), "under '\(parent)', limit \(limited.limit ?? -1)")
                #expect(stats.debugStats.documentsScanned == 0)
            }
        }
    }

    @Test func anIntegralDoubleKeepsTheSumADoubleAndRewritingTheTypeUpdatesIt() async throws {
        let t = try engine()
        try await t.commit([.set(try t.key("c/a"), fields: ["x": .integer(5)]), .set(try t.key("c/b"), fields: ["x": .integer(5)])])
        let sum = [Aggregation(.sum(.p("x")), alias: "s")]
        #expect(try answered(t, StructuredQuery(collectionID: "c"), sum).results["s"] == .integer(10))
        // The same number as a double: the same index key, so only the entry's flag changes.
        try await t.commit([.set(try t.key("c/b"), fields: ["x": .double(5)])])
        let asDouble = try answered(t, StructuredQuery(collectionID: "c"), sum)
        #expect(exact(asDouble.results) == ["s": "double \(Double(10).bitPattern)"])
        #expect(asDouble.stats.debugStats.documentsScanned == 0)
        try await t.commit([.set(try t.key("c/b"), fields: ["x": .integer(5)])])
        #expect(try answered(t, StructuredQuery(collectionID: "c"), sum).results["s"] == .integer(10))
    }

    @Test func aQueryFilteringAnotherFieldReadsTheDocumentsAndAgrees() async throws {
        let t = try engine()
        try await seed(t, count: 60, seed: 5) { "c/d\($0)" }
        let query = StructuredQuery(collectionID: "c", filter: .field(.p("i"), .lessThan, .integer(30)))
        let (results, stats) = try answered(t, query, all)
        #expect(exact(results) == exact(try fromDocuments(t, query, all)))
        #expect(stats.debugStats.documentsScanned > 0, "filters on another field are checked against the documents")
    }

    @Test func theExplainedPlanNamesTheFieldsIndex() async throws {
        let t = try engine()
        try await t.commit([.set(try t.key("c/a"), fields: ["x": .integer(1)])])
        let plan = try await t.engine.explainAggregation(
            StructuredQuery(collectionID: "c"), aggregations: all, in: t.database, options: ExplainOptions(analyze: true))
        #expect(plan.metrics.planSummary.indexesUsed == [IndexUsed(queryScope: "Collection", properties: "(x ASC, __name__ ASC)")])
    }

    /// Clears the integer flag of every index entry, as schema 2 wrote them.
    private func stripIntegerFlags(_ t: TestEngine) throws -> Int {
        try t.engine.environment.write { txn in
            let table = t.engine.store.tables.index
            var flagged: [(key: [UInt8], value: [UInt8])] = []
            try txn.scan(in: table, from: nil, to: nil) { key, value in
                if let flags = value.first, flags & IndexKeys.integerFlag != 0 { flagged.append((Array(key), Array(value))) }
                return true
            }
            for var entry in flagged {
                entry.value[0] &= ~IndexKeys.integerFlag
                try txn.put(entry.value, forKey: entry.key, in: table)
            }
            return flagged.count
        }
    }

    @Test func aSchemaTwoDirectoryGetsItsIntegerFlagsOnOpen() async throws {
        let t = try engine()
        try await t.commit((0..<5).map { .set(try t.key("c/d\($0)"), fields: ["x": .integer(Int64($0))]) })
        let sum = [Aggregation(.sum(.p("x")), alias: "s")]
        #expect(try stripIntegerFlags(t) == 10, "each document's x in collection and group scope")
        #expect(try answered(t, StructuredQuery(collectionID: "c"), sum).results["s"] == .double(10),
                "without its flags an entry reads as a double")
        try t.engine.environment.write { txn in
            try txn.put([0, 0, 0, 2], forKey: MetaKey.schema, in: t.engine.store.tables.meta)
        }
        try t.reopen(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, indexes: IndexConfiguration(json: overrides)))
        #expect(try answered(t, StructuredQuery(collectionID: "c"), sum).results["s"] == .integer(10))
        let stored = try t.engine.environment.read { txn in try txn.get(MetaKey.schema, in: t.engine.store.tables.meta) }
        #expect(stored == [0, 0, 0, 3])
    }

    @Test func aRebuildInShortRunsWritesEveryEntry() async throws {
        let t = try engine()
        try await seed(t, count: 40, seed: 3) { $0 % 2 == 0 ? "c/d\($0)" : "p/\($0 % 3)/c/d\($0)" }
        let entries = { () throws -> [[UInt8]] in
            try t.engine.environment.read { txn in
                var all: [[UInt8]] = []
                try txn.scan(in: t.engine.store.tables.index, from: nil, to: nil) { key, value in
                    all.append(Array(key) + [0xFF] + Array(value))
                    return true
                }
                return all
            }
        }
        let before = try entries()
        let indexed = try t.engine.environment.write { txn in try t.engine.store.rebuildIndex(in: txn, runEntries: 3) }
        #expect(indexed == 40)
        #expect(try entries() == before, "the same keys and data as the writes made")
        let query = StructuredQuery(collectionID: "c", allDescendants: true)
        #expect(exact(try answered(t, query, all).results) == exact(try fromDocuments(t, query, all)))
    }
}
