import Foundation
import LMDB
import Testing
@testable import HearthCore

/// The `index` table's upkeep: entries follow every write, schema-1 directories are re-indexed on
/// open, and long values and ids (cut entries) never change a result.
@Suite("Index maintenance")
struct IndexMaintenanceTests {
    private func indexEntries(_ t: TestEngine) throws -> Int {
        try t.engine.environment.read { try $0.count(in: t.engine.store.tables.index) }
    }

    private func ordered(_ field: String, limit: Int? = nil) -> StructuredQuery {
        StructuredQuery(collectionID: "c", orderBy: [QueryOrder(FieldPath(uncheckedSegments: [field]))], limit: limit)
    }

    @Test func entriesFollowWritesAndDisappearWithTheDocument() async throws {
        let t = try TestEngine()
        #expect(try indexEntries(t) == 0)
        let key = try t.key("c/a")
        try await t.commit([.set(key, fields: ["n": .integer(1), "tags": .array([.string("x"), .string("x"), .string("y")])])])
        // n and tags by value (2), two distinct tags (2), the group name entry (1); no group-scope
        // field entries without an override.
        #expect(try indexEntries(t) == 5)
        try await t.commit([.set(key, fields: ["n": .integer(2)])])
        #expect(try indexEntries(t) == 2)
        let query = StructuredQuery(
            collectionID: "c", filter: .field(FieldPath(uncheckedSegments: ["n"]), .equal, .integer(1)))
        await #expect(try t.engine.runQuery(query, in: t.database).isEmpty)
        try await t.commit([.delete(key)])
        #expect(try indexEntries(t) == 0)
    }

    @Test func aSchemaOneDirectoryIsReindexedOnOpen() async throws {
        let t = try TestEngine()
        var writes: [Write] = []
        for index in 0..<30 { writes.append(.set(try t.key("c/d\(index)"), fields: ["n": .integer(Int64(index % 7))])) }
        try await t.commit(writes)
        let query = StructuredQuery(
            collectionID: "c", filter: .field(FieldPath(uncheckedSegments: ["n"]), .equal, .integer(3)))
        let expected = try await t.engine.runQuery(query, in: t.database).map(\.key)
        #expect(expected.count == 4)
        let entries = try indexEntries(t)
        // Turn the directory into what schema 1 wrote: no index table contents, version 1.
        try t.engine.environment.write { txn in
            _ = try txn.deleteRange(in: t.engine.store.tables.index, from: [], to: nil)
            try txn.put([0, 0, 0, 1], forKey: MetaKey.schema, in: t.engine.store.tables.meta)
        }
        #expect(try indexEntries(t) == 0)
        try t.reopen()
        #expect(try indexEntries(t) == entries)
        await #expect(try t.engine.runQuery(query, in: t.database).map(\.key) == expected)
        #expect(try t.engine.explain(query, in: t.database).plan.description == "IndexRun(c.n ==)")
    }

    @Test func aNewerSchemaIsRefused() async throws {
        let t = try TestEngine()
        try t.engine.environment.write { txn in
            try txn.put([0, 0, 0, 99], forKey: MetaKey.schema, in: t.engine.store.tables.meta)
        }
        #expect(throws: FirestoreError.self) { try t.reopen() }
    }

    @Test func longValuesAreCutButOrderedAndMatchedExactly() async throws {
        let t = try TestEngine()
        let stem = String(repeating: "v", count: 600)
        // Ids chosen so that id order disagrees with value order within the shared 300-byte prefix.
        let values = ["z": stem + "a", "y": stem + "b", "x": stem + "c", "w": "short"]
        try await t.commit(try values.map { .set(try t.key("c/\($0.key)"), fields: ["s": .string($0.value)]) })
        await #expect(try t.engine.runQuery(ordered("s"), in: t.database).map(\.key.documentID) == ["w", "z", "y", "x"])
        await #expect(try t.engine.runQuery(ordered("s", limit: 2), in: t.database).map(\.key.documentID) == ["w", "z"])
        let equal = StructuredQuery(
            collectionID: "c", filter: .field(FieldPath(uncheckedSegments: ["s"]), .equal, .string(stem + "b")))
        await #expect(try t.engine.runQuery(equal, in: t.database).map(\.key.documentID) == ["y"])
        let below = StructuredQuery(
            collectionID: "c", filter: .field(FieldPath(uncheckedSegments: ["s"]), .lessThan, .string(stem + "b")))
        await #expect(try t.engine.runQuery(below, in: t.database).map(\.key.documentID) == ["w", "z"])
    }

    @Test func longIdsKeepNameOrder() async throws {
        let t = try TestEngine()
        let stem = String(repeating: "i", count: 480)
        let ids = [stem + "b", stem + "a", "short", stem + "c"]
        try await t.commit(try ids.map { .set(try t.key("c/\($0)"), fields: ["n": .integer(1)]) })
        let byName = try await t.engine.runQuery(StructuredQuery(collectionID: "c"), in: t.database).map(\.key.documentID)
        #expect(byName == [stem + "a", stem + "b", stem + "c", "short"])
        let equal = StructuredQuery(
            collectionID: "c", filter: .field(FieldPath(uncheckedSegments: ["n"]), .equal, .integer(1)))
        await #expect(try t.engine.runQuery(equal, in: t.database).map(\.key.documentID) == byName)
        var descending = StructuredQuery(collectionID: "c")
        descending.orderBy = [QueryOrder(.documentID, descending: true)]
        await #expect(try t.engine.runQuery(descending, in: t.database).map(\.key.documentID) == byName.reversed())
    }

    @Test func plansReadOnlyWhatTheyNeed() async throws {
        let t = try TestEngine()
        var writes: [Write] = []
        for index in 0..<2_000 {
            let fields: [String: Value] = [
                "n": .integer(Int64(index)), "city": .string(["a", "b", "c", "d"][index % 4]),
                "open": .boolean(index % 5 == 0),
            ]
            writes.append(.set(try t.key(String(format: "c/d%05d", index)), fields: fields))
        }
        try await t.commit(writes)
        var range = StructuredQuery(
            collectionID: "c", filter: .field(FieldPath(uncheckedSegments: ["n"]), .greaterThanOrEqual, .integer(1_500)))
        range.limit = 20
        let rangeRun = try t.engine.explain(range, in: t.database)
        #expect(rangeRun.plan.description == "IndexScan(c.n ASC) → limit 20")
        #expect(rangeRun.stats.documentsScanned <= 21)
        let join = StructuredQuery(
            collectionID: "c",
            filter: .composite(.and, [
                .field(FieldPath(uncheckedSegments: ["city"]), .equal, .string("a")),
                .field(FieldPath(uncheckedSegments: ["open"]), .equal, .boolean(true)),
            ]))
        let joinRun = try t.engine.explain(join, in: t.database)
        #expect(joinRun.plan.description == "IndexRun(c.city ==) ⋈ IndexRun(c.open ==)")
        #expect(joinRun.stats.documentsScanned == 100)  // city a and open: every 20th document
        await #expect(try t.engine.runQuery(join, in: t.database).count == 100)
    }

    @Test func verifyFindsMissingAndStrayEntries() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("c/a"), fields: ["n": .integer(1)])])
        #expect(try t.engine.verify().isHealthy)
        let first = try t.engine.environment.read { txn in
            var key: [UInt8] = []
            try txn.scan(in: t.engine.store.tables.index, from: nil, to: nil) { entry, _ in
                key = Array(entry)
                return false
            }
            return key
        }
        try t.engine.environment.write { txn in _ = try txn.delete(first, in: t.engine.store.tables.index) }
        let missing = try t.engine.verify()
        #expect(!missing.isHealthy)
        #expect(missing.problems.contains { $0.hasPrefix("index:") })
        try t.engine.environment.write { txn in
            try txn.put([0], forKey: first, in: t.engine.store.tables.index)
            try txn.put([1, 2, 3], forKey: [0xFF, 0xFF], in: t.engine.store.tables.index)
        }
        #expect(try t.engine.verify().problems.count >= 2)
    }

    @Test func collectionGroupEntriesFollowTheOverrides() async throws {
        let t = try TestEngine()
        try await t.commit([
            .set(try t.key("a/1/c/x"), fields: ["n": .integer(1), "m": .integer(5)]),
            .set(try t.key("b/2/c/y"), fields: ["n": .integer(2), "m": .integer(6)]),
        ])
        #expect(try indexEntries(t) == 6)  // n, m per document, plus two group name entries
        var query = StructuredQuery(collectionID: "c", allDescendants: true)
        query.orderBy = [QueryOrder(FieldPath(uncheckedSegments: ["n"]), descending: true)]
        #expect(try t.engine.explain(query, in: t.database).plan.description == "NameScan(**/c.__name__ ASC) → sort(n DESC, __name__ DESC)")
        await #expect(try t.engine.runQuery(query, in: t.database).map(\.key.documentID) == ["y", "x"])
        let overrides = """
            { "fieldOverrides": [ { "collectionGroup": "c", "fieldPath": "n",
                "indexes": [ { "order": "ASCENDING", "queryScope": "COLLECTION_GROUP" } ] } ] }
            """
        try t.reopen(options: EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: overrides)))
        #expect(try indexEntries(t) == 8)  // n now also in group scope
        #expect(try t.engine.explain(query, in: t.database).plan.description == "IndexScan(**/c.n DESC)")
        await #expect(try t.engine.runQuery(query, in: t.database).map(\.key.documentID) == ["y", "x"])
        #expect(try t.engine.verify().isHealthy)
        try t.reopen()
        #expect(try indexEntries(t) == 6)
        #expect(try t.engine.verify().isHealthy)
    }
}
