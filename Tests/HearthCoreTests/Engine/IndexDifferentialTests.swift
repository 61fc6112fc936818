import Foundation
import Testing
@testable import HearthCore

/// Thousands of random documents — written, then updated and deleted so the index is maintained,
/// not just built — across a collection and a collection group, with values long enough to be cut
/// in index keys: every random valid query must return exactly what the naive evaluator returns,
/// and the index plans (not the fallback) must be what answered.
@Suite("Queries: index plans versus a naive evaluator")
struct IndexDifferentialTests {
    /// Three long strings sharing a 400-character prefix: their index entries are cut.
    static let longStrings = ["l", "m", "n"].map { String(repeating: "q", count: 400) + $0 }

    static func randomValue(_ g: inout ModelTestRandom) -> Value? {
        switch Int.random(in: 0..<14, using: &g) {
        case 0: return .string(longStrings[Int.random(in: 0..<3, using: &g)])
        case 1: return .map(["k": .integer(Int64.random(in: 0...2, using: &g))])
        default: return QueryDifferentialTests.randomValue(&g)
        }
    }

    static func randomFields(_ g: inout ModelTestRandom) -> [String: Value] {
        var fields: [String: Value] = [:]
        for name in QueryDifferentialTests.fields { if let value = randomValue(&g) { fields[name] = value } }
        return fields
    }

    /// The documents' paths: one top-level collection `c` and two nested ones (collection group `c`).
    static func path(_ index: Int) -> String {
        let id = String(format: "d%04d", index)
        switch index % 4 {
        case 0: return "p/x/c/\(id)"
        case 1: return "p/y/c/\(id)"
        default: return "c/\(id)"
        }
    }

    /// Composite indexes over the random fields, so composite plans meet random queries too.
    static let composites = """
        { "indexes": [
            { "collectionGroup": "c", "queryScope": "COLLECTION",
              "fields": [ { "fieldPath": "a", "order": "ASCENDING" }, { "fieldPath": "b", "order": "ASCENDING" } ] },
            { "collectionGroup": "c", "queryScope": "COLLECTION",
              "fields": [ { "fieldPath": "a", "order": "ASCENDING" }, { "fieldPath": "b", "order": "DESCENDING" } ] },
            { "collectionGroup": "c", "queryScope": "COLLECTION_GROUP",
              "fields": [ { "fieldPath": "tags", "arrayConfig": "CONTAINS" }, { "fieldPath": "a", "order": "DESCENDING" } ] },
            { "collectionGroup": "c", "queryScope": "COLLECTION_GROUP",
              "fields": [ { "fieldPath": "b", "order": "ASCENDING" }, { "fieldPath": "a", "order": "ASCENDING" } ] }
          ],
          "fieldOverrides": [
            { "collectionGroup": "c", "fieldPath": "a",
              "indexes": [ { "order": "ASCENDING", "queryScope": "COLLECTION_GROUP" },
                           { "arrayConfig": "CONTAINS", "queryScope": "COLLECTION_GROUP" } ] }
          ] }
        """

    @Test(arguments: [5, 6] as [UInt64])
    func indexPlansAgreeWithTheNaiveEvaluator(seed: UInt64) async throws {
        var g = ModelTestRandom(seed: seed)
        let t = try TestEngine(options: EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: Self.composites)))
        let count = 2_400
        var writes: [Write] = []
        for index in 0..<count { writes.append(.set(try t.key(Self.path(index)), fields: Self.randomFields(&g))) }
        try await t.commit(writes)
        // Churn: rewrite a third, delete a tenth, so entries are removed as well as added.
        var churn: [Write] = []
        for index in stride(from: 0, to: count, by: 3) { churn.append(.set(try t.key(Self.path(index)), fields: Self.randomFields(&g))) }
        for index in stride(from: 1, to: count, by: 10) { churn.append(.delete(try t.key(Self.path(index)))) }
        try await t.commit(churn)

        let everything = try await t.engine.runQuery(StructuredQuery(collectionID: "c", allDescendants: true), in: t.database)
        let topLevel = everything.filter { $0.key.collectionPath.count == 1 }
        let underX = everything.filter { $0.key.path.canonicalString.hasPrefix("p/x/") }
        #expect(everything.count > 2_000 && topLevel.count > 1_000)

        var plans: [String: Int] = [:]
        var valid = 0
        for round in 0..<300 {
            var query = QueryDifferentialTests.randomQuery(&g)
            if round % 5 == 4 { query = Self.compositeShapedQuery(&g, round: round) }
            let candidates: [Document]
            switch round % 3 {
            case 0:
                candidates = topLevel
            case 1:
                query.allDescendants = true
                candidates = everything
            default:
                query.parent = ResourcePath(uncheckedSegments: ["p", "x"])
                query.allDescendants = true
                candidates = underX
            }
            guard (try? QueryValidation.validate(query)) != nil else { continue }
            valid += 1
            let engine = try await t.engine.runQuery(query, in: t.database).map(\.key)
            let naive = NaiveEvaluator(database: t.database).run(query, over: candidates).map(\.key)
            #expect(engine == naive, "\(query)")
            if engine != naive { return }
            let counted = try await t.engine.runAggregation(query, aggregations: [Aggregation(.count(upTo: nil))], in: t.database)
            #expect(counted["field_1"] == .integer(Int64(naive.count)), "count of \(query)")
            if (try t.engine.countFromIndex(QueryTarget(query, database: t.database), in: t.database)) != nil {
                plans["index-count", default: 0] += 1
            }
            plans[Self.kind(of: try t.engine.explain(query, in: t.database).plan), default: 0] += 1
        }
        #expect(valid >= 130)
        // Every plan kind answered some queries; the fallback only where a cut value forced it.
        for kind in ["name-scan", "field-scan", "merge-join", "runs-then-sort", "composite", "index-count", "group-scan-then-sort"] {
            #expect(plans[kind, default: 0] > 0, "plan \(kind) never used: \(plans)")
        }
        #expect(plans["fallback", default: 0] < valid / 4, "\(plans)")
    }

    /// The kind of plan, by its source and whether it sorts in memory.
    static func kind(of plan: QueryPlan) -> String {
        switch plan.source {
        case .empty: return "empty"
        case .nameScan: return plan.sortOrder == nil ? "name-scan" : "group-scan-then-sort"
        case .fieldScan: return "field-scan"
        case .mergeJoin: return plan.sortOrder == nil ? "merge-join" : "runs-then-sort"
        case .compositeScan: return "composite"
        case .fullScan: return "fallback"
        }
    }

    /// A query shaped like one of `composites` (equality or array-contains, then an order), with
    /// random values, limit and range, so composite plans are exercised.
    static func compositeShapedQuery(_ g: inout ModelTestRandom, round: Int) -> StructuredQuery {
        func field(_ name: String) -> FieldPath { FieldPath(uncheckedSegments: [name]) }
        var query = StructuredQuery(collectionID: "c")
        let value = QueryDifferentialTests.randomOperand(&g, for: .equal)
        switch (round / 5) % 3 {
        case 0:
            let descending = Bool.random(using: &g)
            query.filter = .field(field("a"), .equal, value)
            query.orderBy = [QueryOrder(field("b"), descending: descending)]
            if Bool.random(using: &g) {
                query.filter = .composite(.and, [
                    .field(field("a"), .equal, value),
                    .field(field("b"), .greaterThan, QueryDifferentialTests.randomOperand(&g, for: .greaterThan)),
                ])
            }
        case 1:
            query.filter = .field(field("tags"), .arrayContains, .integer(Int64.random(in: 0...3, using: &g)))
            query.orderBy = [QueryOrder(field("a"), descending: true)]
        default:
            query.filter = .field(field("b"), .equal, value)
            query.orderBy = [QueryOrder(field("a"))]
        }
        if Bool.random(using: &g) { query.limit = Int.random(in: 1...6, using: &g) }
        return query
    }

    @Test func readsAtAnEarlierVersionMergeTheIndexWithTheCommitLog() async throws {
        let t = try TestEngine()
        var writes: [Write] = []
        for index in 0..<50 { writes.append(.set(try t.key("c/d\(index + 10)"), fields: ["n": .integer(Int64(index))])) }
        let first = try await t.commit(writes)
        try await t.commit([
            .set(try t.key("c/d10"), fields: ["n": .integer(1_000)]),
            .delete(try t.key("c/d11")),
            .set(try t.key("c/new"), fields: ["n": .integer(-1)]),
        ])
        var query = StructuredQuery(collectionID: "c")
        query.orderBy = [QueryOrder(FieldPath(uncheckedSegments: ["n"]))]
        query.limit = 3
        let now = try await t.engine.runQuery(query, in: t.database).map(\.key.documentID)
        #expect(now == ["new", "d12", "d13"])
        let then = try await t.engine.runQuery(query, in: t.database, consistency: .readTime(first.commitTime))
        #expect(then.map(\.key.documentID) == ["d10", "d11", "d12"])
    }
}
