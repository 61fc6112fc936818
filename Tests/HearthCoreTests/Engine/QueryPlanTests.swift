import Foundation
import Testing
@testable import HearthCore

/// The planner's choices as plan values (their printed form and the indexes Query Explain would
/// report), and the executor's own counts of what running a plan read.
@Suite("Query plans")
struct QueryPlanTests {
    /// `count` users: city cycles through four, age through 60, every fifth one open.
    private func seedUsers(_ t: TestEngine, count: Int = 200) async throws {
        var writes: [Write] = []
        for index in 0..<count {
            writes.append(.set(try t.key(String(format: "users/u%05d", index)), fields: [
                "city": .string(["Bilbao", "Madrid", "Sevilla", "Valencia"][index % 4]),
                "age": .integer(Int64(18 + index % 60)), "open": .boolean(index % 5 == 0), "n": .integer(Int64(index)),
            ]))
        }
        try await t.commit(writes)
    }

    /// An automatic single-field index of `group` read as `fields`.
    private func singleField(
        _ fields: [IndexDescriptor.Field], group: String = "users", scope: IndexDefinition.QueryScope = .collection
    ) -> IndexDescriptor {
        IndexDescriptor(kind: .singleField, scope: scope, collectionGroup: group, fields: fields)
    }

    @Test func anEqualityFilterReadsOneRunInNameOrder() async throws {
        let t = try TestEngine()
        try await seedUsers(t)
        let query = StructuredQuery(collectionID: "users", filter: .field(.p("city"), .equal, .string("Bilbao")), limit: 20)
        let plan = try t.engine.queryPlan(query, in: t.database)
        #expect(plan.description == "IndexRun(users.city ==) → limit 20")
        guard case .mergeJoin(let join) = plan.source, case .run(let run) = join.tree else {
            Issue.record("expected one index run, got \(plan)")
            return
        }
        #expect(run.key.field == .p("city") && run.key.kind == .value && !join.descending)
        #expect(plan.sortOrder == nil && plan.limit == 20)
        #expect(plan.indexesRead == [singleField([.init(.p("city"), .ascending), .init(.documentID, .ascending)])])
        #expect(plan.indexesRead.map(\.properties) == ["(city ASC, __name__ ASC)"])
        #expect(try t.engine.explain(query, in: t.database).plan == plan)
    }

    @Test func aRangeWithAnOrderWalksTheFieldsEntries() async throws {
        let t = try TestEngine()
        try await seedUsers(t)
        var query = StructuredQuery(collectionID: "users", filter: .field(.p("age"), .greaterThanOrEqual, .integer(30)))
        query.orderBy = [QueryOrder(.p("age"), descending: true)]
        query.limit = 10
        let plan = try t.engine.queryPlan(query, in: t.database)
        #expect(plan.description == "IndexScan(users.age DESC) → limit 10")
        guard case .fieldScan(let scan) = plan.source else {
            Issue.record("expected a field scan, got \(plan)")
            return
        }
        #expect(scan.field == .p("age") && scan.descending && !scan.sortsTies)
        #expect(plan.indexesRead == [singleField([.init(.p("age"), .descending), .init(.documentID, .descending)])])
        // A later order the entries do not give: equal ages are sorted in memory.
        query.orderBy = [QueryOrder(.p("age")), QueryOrder(.documentID, descending: true)]
        #expect(try t.engine.queryPlan(query, in: t.database).description == "IndexScan(users.age ASC, ties sorted) → limit 10")
        // Filters that allow no value read nothing.
        query.filter = .composite(.and, [
            .field(.p("age"), .greaterThan, .integer(50)), .field(.p("age"), .lessThan, .integer(40)),
        ])
        let empty = try t.engine.queryPlan(query, in: t.database)
        #expect(empty.source == .empty(.emptyRange(.p("age"))) && empty.indexesRead.isEmpty)
    }

    @Test func twoEqualitiesAreMergeJoined() async throws {
        let t = try TestEngine()
        try await seedUsers(t)
        let both: QueryFilter = .composite(.and, [
            .field(.p("city"), .equal, .string("Bilbao")), .field(.p("open"), .equal, .boolean(true)),
        ])
        let plan = try t.engine.queryPlan(StructuredQuery(collectionID: "users", filter: both), in: t.database)
        #expect(plan.description == "IndexRun(users.city ==) ⋈ IndexRun(users.open ==)")
        guard case .mergeJoin(let join) = plan.source, case .intersection(let parts) = join.tree else {
            Issue.record("expected an intersection of runs, got \(plan)")
            return
        }
        #expect(parts.count == 2 && join.tree.runs.map(\.key.field) == [.p("city"), .p("open")])
        #expect(plan.indexesRead.map(\.properties) == ["(city ASC, __name__ ASC)", "(open ASC, __name__ ASC)"])
        // An `in` is a union of runs; by name descending every run is walked backwards.
        var query = StructuredQuery(collectionID: "users", filter: .composite(.and, [
            .field(.p("city"), .in, .array([.string("Bilbao"), .string("Madrid")])), .field(.p("open"), .equal, .boolean(true)),
        ]))
        query.orderBy = [QueryOrder(.documentID, descending: true)]
        #expect(try t.engine.queryPlan(query, in: t.database).description
            == "(IndexRun(users.city ==, __name__ DESC) ∪ IndexRun(users.city ==, __name__ DESC)) ⋈ IndexRun(users.open ==, __name__ DESC)")
        // Ordered by a field, short runs are joined and then sorted.
        var ordered = StructuredQuery(collectionID: "users", filter: both, limit: 5)
        ordered.orderBy = [QueryOrder(.p("age"))]
        #expect(try t.engine.queryPlan(ordered, in: t.database).description
            == "IndexRun(users.city ==) ⋈ IndexRun(users.open ==) → sort(age ASC, __name__ ASC) → limit 5")
    }

    @Test func aCollectionGroupQueryReadsGroupScopeEntriesOnlyWhereAnOverrideKeepsThem() async throws {
        let overrides = """
            { "fieldOverrides": [ { "collectionGroup": "messages", "fieldPath": "author",
                "indexes": [ { "order": "ASCENDING", "queryScope": "COLLECTION_GROUP" } ] } ] }
            """
        let t = try TestEngine()
        try await t.commit([
            .set(try t.key("rooms/a/messages/m1"), fields: ["author": .string("ana"), "likes": .integer(3)]),
            .set(try t.key("rooms/b/messages/m2"), fields: ["author": .string("ben"), "likes": .integer(5)]),
        ])
        let byAuthor = StructuredQuery(collectionID: "messages", allDescendants: true, filter: .field(.p("author"), .equal, .string("ana")))
        let withoutOverride = try t.engine.queryPlan(byAuthor, in: t.database)
        #expect(withoutOverride.description == "NameScan(**/messages.__name__ ASC)")
        #expect(withoutOverride.indexesRead == [singleField([.init(.documentID, .ascending)], group: "messages", scope: .collectionGroup)])
        try t.reopen(options: EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: overrides)))
        let withOverride = try t.engine.queryPlan(byAuthor, in: t.database)
        #expect(withOverride.description == "IndexRun(**/messages.author ==)")
        #expect(withOverride.indexesRead
            == [singleField([.init(.p("author"), .ascending), .init(.documentID, .ascending)], group: "messages", scope: .collectionGroup)])
        await #expect(try t.engine.runQuery(byAuthor, in: t.database).map(\.key.documentID) == ["m1"])
        // Ordered by a field without group-scope entries: the group's documents, then sorted.
        var byLikes = StructuredQuery(collectionID: "messages", allDescendants: true)
        byLikes.orderBy = [QueryOrder(.p("likes"))]
        #expect(try t.engine.queryPlan(byLikes, in: t.database).description
            == "NameScan(**/messages.__name__ ASC) → sort(likes ASC, __name__ ASC)")
    }

    @Test func aCompositeIndexIsUsedWhenDeclaredAndRequiredUnderRequireIndexes() async throws {
        let declared = """
            { "indexes": [ { "collectionGroup": "users", "queryScope": "COLLECTION",
                "fields": [ { "fieldPath": "city", "order": "ASCENDING" }, { "fieldPath": "age", "order": "DESCENDING" } ] } ] }
            """
        var query = StructuredQuery(collectionID: "users", filter: .field(.p("city"), .equal, .string("Bilbao")), limit: 5)
        query.orderBy = [QueryOrder(.p("age"), descending: true)]

        let present = try TestEngine(options: EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: declared), requireIndexes: true))
        try await seedUsers(present)
        let compositePlan = try present.engine.queryPlan(query, in: present.database)
        #expect(compositePlan.description == "CompositeScan(users (city ASC, age DESC, __name__ DESC)) → limit 5")
        #expect(compositePlan.indexesRead == [IndexDescriptor(
            kind: .composite, scope: .collection, collectionGroup: "users",
            fields: [.init(.p("city"), .ascending), .init(.p("age"), .descending), .init(.documentID, .descending)])])
        let answer = try await present.engine.runQuery(query, in: present.database)

        let absent = try TestEngine()
        try await seedUsers(absent)
        let singleFieldPlan = try absent.engine.queryPlan(query, in: absent.database)
        #expect(singleFieldPlan.description == "IndexRun(users.city ==) → sort(age DESC, __name__ DESC) → limit 5")
        #expect(singleFieldPlan.indexesRead.allSatisfy { $0.kind == .singleField })
        await #expect(try absent.engine.runQuery(query, in: absent.database).map(\.key) == answer.map(\.key))

        let refusing = try TestEngine(options: EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: "{}"), requireIndexes: true))
        try await seedUsers(refusing)
        let planError = #expect(throws: FirestoreError.self) { try refusing.engine.queryPlan(query, in: refusing.database) }
        let queryError = #expect(throws: FirestoreError.self) { try refusing.engine.runQuery(query, in: refusing.database) }
        #expect(planError?.code == .failedPrecondition)
        #expect(planError?.message.contains("?create_composite=") == true)
        #expect(planError == queryError)  // planning refuses exactly as the query does
    }

    @Test func aCompositeScanMeetingACutEntryIsReplannedOnSingleFieldIndexes() async throws {
        let declared = """
            { "indexes": [ { "collectionGroup": "users", "queryScope": "COLLECTION",
                "fields": [ { "fieldPath": "city", "order": "ASCENDING" }, { "fieldPath": "age", "order": "DESCENDING" } ] } ] }
            """
        let t = try TestEngine(options: EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: declared)))
        try await seedUsers(t, count: 40)
        // Strings sort after numbers: walking ages downwards meets this cut entry first.
        try await t.commit([.set(try t.key("users/long"), fields: [
            "city": .string("Bilbao"), "age": .string(String(repeating: "x", count: 400)),
        ])])
        var query = StructuredQuery(collectionID: "users", filter: .field(.p("city"), .equal, .string("Bilbao")), limit: 3)
        query.orderBy = [QueryOrder(.p("age"), descending: true)]
        #expect(try t.engine.queryPlan(query, in: t.database).description.hasPrefix("CompositeScan("))
        let explanation = try t.engine.explain(query, in: t.database)
        #expect(explanation.plan.description == "IndexRun(users.city ==) → sort(age DESC, __name__ DESC) → limit 3")
        // The cut composite entry, then the Bilbao run (11 entries) probed and read: honest totals.
        #expect(explanation.stats == QueryExecutionStats(indexEntriesScanned: 1 + 11 + 11, documentsScanned: 11))
        await #expect(try t.engine.runQuery(query, in: t.database).map(\.key.documentID) == ["long", "u00036", "u00032"])
    }

    @Test func aLimitedIndexedQueryScansOnlyWhatItReturns() async throws {
        let t = try TestEngine()
        try await seedUsers(t, count: 2_000)
        let equality = StructuredQuery(collectionID: "users", filter: .field(.p("city"), .equal, .string("Madrid")), limit: 20)
        let run = try t.engine.explain(equality, in: t.database)
        #expect(run.plan.description == "IndexRun(users.city ==) → limit 20")
        #expect(run.stats == QueryExecutionStats(indexEntriesScanned: 20, documentsScanned: 20))

        var range = StructuredQuery(collectionID: "users", filter: .field(.p("n"), .greaterThanOrEqual, .integer(1_000)), limit: 20)
        let scan = try t.engine.explain(range, in: t.database)
        #expect(scan.plan.description == "IndexScan(users.n ASC) → limit 20")
        // One entry past the 20th shows its value differs (no tie to sort in).
        #expect((20...21).contains(scan.stats.documentsScanned))
        #expect((20...21).contains(scan.stats.indexEntriesScanned))
        range.offset = 5
        #expect(try t.engine.explain(range, in: t.database).stats.documentsScanned <= 26)

        // Without a usable index every document of the group is read: the counts are real.
        var group = StructuredQuery(collectionID: "users", allDescendants: true, limit: 20)
        group.orderBy = [QueryOrder(.p("n"))]
        let everything = try t.engine.explain(group, in: t.database)
        #expect(everything.plan.description == "NameScan(**/users.__name__ ASC) → sort(n ASC, __name__ ASC) → limit 20")
        #expect(everything.stats == QueryExecutionStats(indexEntriesScanned: 2_000, documentsScanned: 2_000))
    }

    @Test func countPlansReadEntriesOnly() async throws {
        let t = try TestEngine()
        try await seedUsers(t)
        let query = StructuredQuery(collectionID: "users", filter: .field(.p("city"), .equal, .string("Sevilla")))
        let target = try QueryTarget(query, database: t.database)
        let db = try #require(try t.engine.read { try t.engine.store.catalog.databaseNumber(t.database, in: $0) })
        let plan = try t.engine.read { try QueryPlanner(store: t.engine.store, txn: $0, db: db, target: target).countPlan() }
        #expect(plan?.description == "IndexRun(users.city ==) → count")
        #expect(plan?.output == .count)
        #expect(try t.engine.countFromIndex(target, in: t.database)?.count == 50)
    }

    @Test func kindlessQueriesAndMissingCollectionsAreNamed() async throws {
        let t = try TestEngine()
        try await seedUsers(t, count: 10)
        let kindless = StructuredQuery(collectionID: nil, allDescendants: true)
        #expect(try t.engine.queryPlan(kindless, in: t.database) == QueryPlan(source: .fullScan(.kindlessQuery)))
        let explained = try t.engine.explain(kindless, in: t.database)
        #expect(explained.plan.description == "FullScan(kindless query)")
        #expect(explained.stats.documentsScanned == 10)
        let nowhere = try t.engine.queryPlan(StructuredQuery(collectionID: "nowhere"), in: t.database)
        #expect(nowhere.description == "Empty(no collection)")
    }
}
