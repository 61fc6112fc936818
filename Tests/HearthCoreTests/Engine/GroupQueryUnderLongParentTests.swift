import Testing
@testable import HearthCore

/// Collection-group queries and counts under a parent document whose encoded path (alone, or after
/// an equality value) is longer than an index key keeps before its hash: every document under the
/// parent is found, in query order, and none outside it.
@Suite("Collection-group queries under a parent too long for an index key")
struct GroupQueryUnderLongParentTests {
    /// Group-scope entries for `v` and `n`, so equality filters on `v` plan as index runs and
    /// orders on `n` as field scans; `w` has none (its orders read the group by name, then sort).
    private let overrides = """
        { "fieldOverrides": [
            { "collectionGroup": "rooms", "fieldPath": "v", "indexes": [ { "order": "ASCENDING", "queryScope": "COLLECTION_GROUP" } ] },
            { "collectionGroup": "rooms", "fieldPath": "n", "indexes": [ { "order": "ASCENDING", "queryScope": "COLLECTION_GROUP" } ] } ] }
        """

    private func engine() throws -> TestEngine {
        try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, indexes: IndexConfiguration(json: overrides)))
    }

    private func path(_ string: String) -> ResourcePath {
        ResourcePath(uncheckedSegments: string.split(separator: "/").map(String.init))
    }

    /// Documents of group `rooms` under `parent` (four), beside it and elsewhere; `v` is `tag` on
    /// three of the four under the parent.
    private func seed(_ t: TestEngine, under parent: String, tag: String) async throws {
        let documents: [(String, String, Int64)] = [
            ("\(parent)/rooms/1", tag, 1), ("\(parent)/rooms/2", "other", 2), ("\(parent)/rooms/1/rooms/3", tag, 3),
            ("\(parent)/other/x/rooms/4", tag, 4), ("\(parent)/rooms/1/sub/5", tag, 5), ("\(parent)x/rooms/6", tag, 6),
            ("rooms/7", tag, 7), ("\(parent)/rooms/1/rooms/3/rooms/8", "deep", 8),
        ]
        try await t.commit(try documents.map { .set(try t.key($0.0), fields: ["v": .string($0.1), "n": .integer($0.2), "w": .integer(-$0.2)]) })
    }

    /// The `n` of each result, in result order.
    private func numbers(_ t: TestEngine, _ query: StructuredQuery) throws -> [Int64] {
        try t.engine.runQuery(query, in: t.database).map { document -> Int64 in
            guard case .integer(let n)? = document.fields["n"] else { return -1 }
            return n
        }
    }

    private func count(_ t: TestEngine, _ query: StructuredQuery) throws -> Value? {
        try t.engine.runAggregation(query, aggregations: [Aggregation(.count(upTo: nil), alias: "c")], in: t.database)["c"]
    }

    /// Every query shape the planner answers from group entries, against the expected documents
    /// and against the fallback that reads the collections whole.
    private func checkQueries(_ t: TestEngine, parent: String, tag: String) throws {
        let group = StructuredQuery(parent: path(parent), collectionID: "rooms", allDescendants: true)
        // Name order: `other` sorts before `rooms`, and a document before its sub-collections.
        #expect(try numbers(t, group) == [4, 1, 3, 8, 2])
        var backwards = group
        backwards.orderBy = [QueryOrder(.documentID, descending: true)]
        backwards.limit = 2
        #expect(try numbers(t, backwards) == [2, 8])
        var tagged = group
        tagged.filter = .field(.p("v"), .equal, .string(tag))
        #expect(try numbers(t, tagged) == [4, 1, 3])
        var either = group
        either.filter = .field(.p("v"), .in, .array([.string(tag), .string("deep")]))
        #expect(try numbers(t, either) == [4, 1, 3, 8])
        var byNumber = group
        byNumber.orderBy = [QueryOrder(.p("n"), descending: true)]
        #expect(try numbers(t, byNumber) == [8, 4, 3, 2, 1])
        var byW = group
        byW.orderBy = [QueryOrder(.p("w"))]
        byW.limit = 3
        #expect(try numbers(t, byW) == [8, 4, 3])
        var taggedByNumber = tagged
        taggedByNumber.orderBy = [QueryOrder(.p("n"))]
        taggedByNumber.limit = 2
        #expect(try numbers(t, taggedByNumber) == [1, 3])
        for query in [group, backwards, tagged, either, byNumber, byW, taggedByNumber] {
            #expect(try t.engine.runQuery(query, in: t.database) == t.engine.runQueryByFullScan(query, in: t.database))
        }
        #expect(try count(t, group) == .integer(5))
        #expect(try count(t, tagged) == .integer(3))
        #expect(try count(t, either) == .integer(4))
    }

    @Test func aParentWhosePathAloneOverrunsTheKeyIsQueriedWhole() async throws {
        let t = try engine()
        let parent = "p/" + String(repeating: "q", count: 300) + "/deep/" + String(repeating: "r", count: 200)
        try await seed(t, under: parent, tag: "a")
        try checkQueries(t, parent: parent, tag: "a")
        let plan = try t.engine.queryPlan(
            StructuredQuery(parent: path(parent), collectionID: "rooms", allDescendants: true), in: t.database)
        #expect(plan.description == "FullScan(parent path too long for an index key)")
        // The count still reads name entries only: those sharing the key's kept bytes, decided by
        // their collection (the sibling `…x` parent's entries are among them and not counted).
        let (results, metrics) = try await t.engine.explainAggregation(
            StructuredQuery(parent: path(parent), collectionID: "rooms", allDescendants: true),
            aggregations: [Aggregation(.count(upTo: nil), alias: "c")], in: t.database, options: ExplainOptions(analyze: true))
        #expect(results?["c"] == .integer(5))
        let stats = try #require(metrics.executionStats)
        #expect(stats.debugStats.documentsScanned == 0)
        #expect(stats.debugStats.indexEntriesScanned == 6)
    }

    @Test func aParentThatOverrunsTheKeyOnlyAfterAnEqualityValueDropsThatRun() async throws {
        let t = try engine()
        // The parent fits in a name entry's key, but not after a 200-byte value.
        let parent = "p/" + String(repeating: "q", count: 340)
        let tag = String(repeating: "t", count: 200)
        try await seed(t, under: parent, tag: tag)
        try checkQueries(t, parent: parent, tag: tag)
        var tagged = StructuredQuery(parent: path(parent), collectionID: "rooms", allDescendants: true)
        tagged.filter = .field(.p("v"), .equal, .string(tag))
        #expect(try t.engine.queryPlan(tagged, in: t.database).description == "NameScan(**/rooms.__name__ ASC)")
        // A short value still reads its run.
        tagged.filter = .field(.p("v"), .equal, .string("other"))
        #expect(try t.engine.queryPlan(tagged, in: t.database).description == "IndexRun(**/rooms.v ==)")
        #expect(try numbers(t, tagged) == [2])
    }

    @Test func aShortParentStillReadsItsNameEntries() async throws {
        let t = try engine()
        try await seed(t, under: "p/q", tag: "a")
        try checkQueries(t, parent: "p/q", tag: "a")
        let plan = try t.engine.queryPlan(StructuredQuery(parent: path("p/q"), collectionID: "rooms", allDescendants: true), in: t.database)
        #expect(plan.description == "NameScan(**/rooms.__name__ ASC)")
    }
}
